// Drives one riichi hand from scripted inputs (tests, replays of single hands), checking riichi.md 15's invariants after every input.
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { startGame, type GameProgress } from '../../../rules/game-flow.js';
import type { RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import type { RiichiInput, RiichiOutcome } from './events.js';
import { riichiHandMachine } from './hand.js';
import { handInvariantProblem, type HandModel } from './model.js';
import { drawInputFor } from './table-inputs.js';
import { layWall, type Layout } from './wall.js';

export type RiichiHandSnapshot = SnapshotFrom<typeof riichiHandMachine>;

export interface ScriptedTable {
  /** Sends one input; returns what the machine emitted in answer. Throws when an invariant breaks. */
  send(input: RiichiInput): RiichiOutcome[];
  /** The seat on turn takes the wall's next tile (what the table's sensors would report). */
  draw(): RiichiOutcome[];
  readonly hand: HandModel;
  readonly state: string;
  readonly snapshot: RiichiHandSnapshot;
  readonly outcomes: readonly RiichiOutcome[];
  readonly clock: SimulatedClock;
}

/** A hand dealt from `layout` (wall.ts `layWall`), with `progress` overriding the start of the game. */
export function scriptedTable(
  layout: Omit<Layout, 'dealer'> & { readonly dealer?: Seat },
  progress: Partial<GameProgress> = {},
): ScriptedTable {
  const options: RuleOptions = layout.options;
  const start = { ...startGame(options, 0), ...progress };
  const dealer = start.dealer;
  const wall = layWall({ ...layout, dealer });
  const clock = new SimulatedClock();
  const actor = createActor(riichiHandMachine, { input: { options, progress: start }, clock });
  const outcomes: RiichiOutcome[] = [];
  actor.on('*', (e) => outcomes.push(e as RiichiOutcome));
  actor.start();
  const send = (input: RiichiInput): RiichiOutcome[] => {
    const before = outcomes.length;
    actor.send(input);
    const problem = handInvariantProblem(actor.getSnapshot().context.hand);
    if (problem) throw new Error(`after ${input.type}: ${problem}`);
    return outcomes.slice(before);
  };
  send({ type: 'hand.wallBuilt', live: wall.live, dead: wall.dead });
  return {
    send,
    draw: () => {
      const input = drawInputFor(actor.getSnapshot().context.hand);
      if (input === null)
        throw new Error(`no draw expected in state ${JSON.stringify(actor.getSnapshot().value)}`);
      return send(input);
    },
    get hand() {
      return actor.getSnapshot().context.hand;
    },
    get state() {
      return String(actor.getSnapshot().value);
    },
    get snapshot() {
      return actor.getSnapshot();
    },
    outcomes,
    clock,
  };
}
