// Plays a seeded riichi-family game with bots through the real game machine and returns its full log (inputs and outcomes, secrets included).
//
// A stand-in for families/riichi/machines/simulation.ts (issue 7) where the view tests need whole logs; it drives the
// machine exactly as the table would: the wall, each draw, each seat's decision, every claim answer.
import { createActor } from 'xstate';
import type { RuleOptions } from '../rules/options.js';
import { createRiichiBot } from '../families/riichi/bots/riichi-bot.js';
import type { RiichiEvent, RiichiInput } from '../families/riichi/machines/events.js';
import { riichiGameMachine } from '../families/riichi/machines/game.js';
import { seatView, type HandModel } from '../families/riichi/machines/model.js';
import { awaiting, drawInputFor, tableInputsFor } from '../families/riichi/machines/table-inputs.js';
import { shuffledWall } from '../families/riichi/machines/wall.js';
import { createRng, deriveSeed } from '../table/rng.js';
import type { Seat } from '../table/table-events.js';

export interface BotGameLog {
  readonly events: RiichiEvent[];
  /** Whether the game reached `game.ended` within the step budget. */
  readonly finished: boolean;
}

export interface BotGameOptions {
  /** Called after each input is handled, with the machine's hand and the log so far (tests compare a fold with it). */
  readonly onStep?: (hand: HandModel, events: readonly RiichiEvent[]) => void;
  /** Before each turn, also send a discard from a seat not on turn (the machine must refuse it). */
  readonly outOfTurnDiscards?: boolean;
  readonly maxSteps?: number;
}

/** One game: every input the driver sends and every outcome the machine emits, in the order they happened. */
export function playBotGame(options: RuleOptions, seed: number, drive: BotGameOptions = {}): BotGameLog {
  const maxSteps = drive.maxSteps ?? 20_000;
  const rng = createRng(seed);
  const firstDealer = rng.int(options.players) as Seat;
  const bots = Array.from({ length: options.players }, (_, i) =>
    createRiichiBot({ seed: deriveSeed(seed, i + 1) }),
  );
  const events: RiichiEvent[] = [];
  const actor = createActor(riichiGameMachine, { input: { options, firstDealer } });
  actor.on('*', (outcome) => events.push(outcome as RiichiEvent));
  actor.start();
  const send = (input: RiichiInput): void => {
    events.push(input);
    actor.send(input);
    drive.onStep?.(actor.getSnapshot().context.hand, events);
  };
  for (let step = 0; step < maxSteps; step++) {
    const snapshot = actor.getSnapshot();
    if (snapshot.status !== 'active') break;
    const hand = snapshot.context.hand;
    const next = awaiting(hand);
    switch (next.kind) {
      case 'wall': {
        const wall = shuffledWall(options, rng);
        send({ type: 'hand.wallBuilt', live: wall.live, dead: wall.dead });
        break;
      }
      case 'draw':
        send(drawInputFor(hand)!);
        break;
      case 'turn': {
        if (drive.outOfTurnDiscards) {
          const other = ((next.seat + 1) % options.players) as Seat;
          const tile = hand.concealed[other]![0];
          if (tile !== undefined) send({ type: 'seat.discarded', seat: other, tile, riichi: false });
        }
        const decision = bots[next.seat]!.onTurn(seatView(hand, next.seat), next.legal);
        send(tableInputsFor(next.seat, decision));
        break;
      }
      case 'claim': {
        // Each seat answers from the state it saw when the tile was offered.
        for (const { seat, legal } of next.seats) {
          const decision = bots[seat]!.onClaim(
            seatView(actor.getSnapshot().context.hand, seat),
            next.offer,
            legal,
          );
          send(tableInputsFor(seat, decision));
        }
        break;
      }
      case 'none':
        throw new Error(`the machine waits for nothing in state ${JSON.stringify(snapshot.value)}`);
    }
  }
  actor.stop();
  return { events, finished: events.some((e) => e.type === 'game.ended') };
}
