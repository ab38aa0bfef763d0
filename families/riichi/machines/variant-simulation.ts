// Plays whole seeded bot games of the Japanese-family variants (Mangan, Clear, tournament) through the real game machine, with each variant's own results.
import { createActor, SimulatedClock } from 'xstate';
import type { RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { CLEAR_MAHJONG, type ClearCondition } from '../../../rules/variants/clear.js';
import { MANGAN_MAHJONG } from '../../../rules/variants/mangan.js';
import { TENPAI_RACE } from '../../../rules/variants/tenpai-race.js';
import { TOURNAMENT, tournamentGameResult } from '../../../rules/variants/tournament.js';
import { createRiichiBot } from '../bots/riichi-bot.js';
import { createTenpaiRaceBot } from '../bots/tenpai-race-bot.js';
import { createRng, deriveSeed } from '../../../table/rng.js';
import { STAGE_B_RESOLUTIONS, type RiichiInput, type RiichiOutcome } from './events.js';
import { riichiGameMachine } from './game.js';
import type { RiichiBot } from './seat-view.js';
import type { RiichiMachineInput } from './setup.js';
import {
  DRAW_KINDS,
  nextInput,
  RiichiGameTally,
  type DrawKind,
  type RiichiGameRecord,
  type RiichiStep,
} from './simulation.js';

export const RIICHI_VARIANTS = ['mangan', 'clear', 'tournament', 'tenpai-race'] as const;
export type RiichiVariant = (typeof RIICHI_VARIANTS)[number];

/** Hands a Tenpai Race game plays by default: Stage A alone has no end (every hand is drawn, V2.1 item 4). */
export const TENPAI_RACE_HANDS = 4;

/** Each variant's preset and the machine options it needs. */
export const VARIANT_SETUP: Record<
  RiichiVariant,
  { readonly options: RuleOptions; readonly machine: Partial<RiichiMachineInput> }
> = {
  mangan: { options: MANGAN_MAHJONG, machine: {} },
  clear: { options: CLEAR_MAHJONG, machine: { clearMahjong: true } },
  // The club's agari-yame `optional` is asked (and answered by the bot rule below).
  tournament: { options: TOURNAMENT, machine: { askAgariYame: true } },
  // Stage A, and Stage B only with `stageBPrototype` (no operator sits at a headless game, so with the option
  // off the bots never start Stage B). No payment is ever made, so a game never ends; `maxHands` cuts it.
  'tenpai-race': { options: TENPAI_RACE, machine: {} },
};

/**
 * Tenpai Race Stage A for a bot (V2.1 items 3, 5): the machine's legal lists are riichi's, so the bot is shown
 * no tsumo, no ron and no riichi (riichi would start Stage B, whose result needs an operator unless the
 * prototype is on), and it never starts Stage B. In-process games use families/riichi/bots/tenpai-race-bot.ts.
 */
export const stageABot = (bot: RiichiBot): RiichiBot => ({
  name: `${bot.name} (Stage A)`,
  onTurn: (view, legal) => bot.onTurn(view, { ...legal, tsumo: false, riichiDiscards: [] }),
  onClaim: (view, offer, legal) => bot.onClaim(view, offer, { ...legal, ron: false }),
});

/**
 * The bots' agari-yame rule (riichi.md 17.2 item 3): the dealer, offered to stop while first, stops when his lead
 * over second place is at least 4000 points (a mangan's worth); a narrower lead plays on for more.
 */
export function botTakesAgariYame(points: readonly number[], dealer: Seat): boolean {
  const others = points.filter((_, s) => s !== dealer);
  return points[dealer]! - Math.max(...others) >= 4000;
}

export interface VariantGameRecord extends RiichiGameRecord {
  readonly variant: RiichiVariant;
  /** Mangan Mahjong: points that left the game (V4.1), in total. */
  readonly burned: number;
  /** Clear Mahjong: conditions per team at the end, and how the game was decided. */
  readonly clear: {
    readonly cleared: Readonly<Record<'A' | 'B', readonly ClearCondition[]>>;
    readonly decided: string | null;
  } | null;
  /** Agari-yame offers and acceptances. */
  readonly agariYame: { readonly offered: number; readonly taken: number };
  /** Tournament: the game's result in tournament units (V6.5), when it ended. */
  readonly tournament: readonly number[] | null;
  /** Tenpai Race: Stage B entries (by riichi among them) and how each Stage B ended (`StageBCounter`). */
  readonly stageB?: StageBTally | null;
}

export type StageBResolution = (typeof STAGE_B_RESOLUTIONS)[number];
export interface StageBTally {
  readonly started: number;
  readonly byRiichi: number;
  readonly ended: Readonly<Record<StageBResolution, number>>;
  /** Defender guesses made (prototype). */
  readonly guesses: number;
}

/** Counts Tenpai Race Stage B from the event stream (in process, or from a table run's log). */
export class StageBCounter {
  started = 0;
  byRiichi = 0;
  guesses = 0;
  readonly ended = Object.fromEntries(STAGE_B_RESOLUTIONS.map((r) => [r, 0])) as Record<
    StageBResolution,
    number
  >;

  add(event: RiichiOutcome): void {
    if (event.type === 'hand.stageBRoles') {
      this.started++;
      if (event.byRiichi) this.byRiichi++;
    }
    if (event.type === 'hand.stageBGuess') this.guesses++;
    if (event.type === 'hand.stageBEnded') this.ended[event.resolution]++;
  }

  tally(): StageBTally {
    return {
      started: this.started,
      byRiichi: this.byRiichi,
      guesses: this.guesses,
      ended: { ...this.ended },
    };
  }
}

export interface PlayVariantOptions {
  readonly seed: number;
  readonly variant: RiichiVariant;
  readonly onStep?: (step: RiichiStep) => void;
  readonly maxHands?: number;
  /**
   * Tenpai Race: play Stage B by the unsourced V2.2 prototype (`tenpaiRaceStageB` on); the bots start it when
   * tenpai. Off (default): Stage A only.
   */
  readonly stageBPrototype?: boolean;
  /** Mangan's 8-player tag-team option (V4.3): partners swap at the seats; each seat's bot plays for both. */
  readonly tagTeam?: boolean;
}

/** One variant game to its end (or `maxHands`), deterministic for a seed. */
export function playVariantGame(play: PlayVariantOptions): VariantGameRecord {
  const setup = VARIANT_SETUP[play.variant];
  const prototype = play.variant === 'tenpai-race' && play.stageBPrototype === true;
  const options: RuleOptions = prototype ? { ...setup.options, tenpaiRaceStageB: true } : setup.options;
  const { machine } = setup;
  const rng = createRng(play.seed);
  const players = options.players;
  const bots = Array.from({ length: players }, (_, s) => {
    const seed = deriveSeed(play.seed, s + 1);
    return players === 2 ? createTenpaiRaceBot({ seed, startsStageB: prototype }) : createRiichiBot({ seed });
  });
  const firstDealer = rng.int(players) as Seat;
  const maxHands = play.maxHands ?? (players === 2 ? TENPAI_RACE_HANDS : 1000);
  const actor = createActor(riichiGameMachine, {
    input: { ...machine, options, firstDealer, tagTeam: play.tagTeam === true },
    clock: new SimulatedClock(),
  });
  let outcomes: RiichiOutcome[] = [];
  const tally = new RiichiGameTally(players, firstDealer);
  let burned = 0;
  let offered = 0;
  let taken = 0;
  let decided: string | null = null;
  let rejected: RiichiOutcome | null = null;
  const stageB = new StageBCounter();
  actor.on('*', (event: RiichiOutcome) => {
    stageB.add(event);
    if (event.type === 'override.rejected') rejected ??= event;
    outcomes.push(event);
    tally.add(event);
    if (event.type === 'hand.pointsBurned') burned += event.total;
    if (event.type === 'game.agariYameOffered') offered++;
    if (event.type === 'clear.gameDecided')
      decided = event.result === 'teamWins' ? `team ${event.team} (${event.reason})` : 'tie: Tenpai Race';
    if (event.type === 'seat.actionRejected') rejected ??= event;
  });
  actor.start();
  play.onStep?.({ input: null, outcomes, snapshot: actor.getSnapshot() });
  for (;;) {
    const snapshot = actor.getSnapshot();
    if (tally.hands > maxHands || snapshot.status === 'done') break;
    let input: RiichiInput | null;
    if (snapshot.value === 'askingAgariYame') {
      const { dealer } = snapshot.context.progress;
      const stop = botTakesAgariYame(snapshot.context.hand.points, dealer);
      if (stop) taken++;
      input = { type: 'seat.agariYameDecided', seat: dealer, stop };
    } else {
      input = nextInput(snapshot, rng, bots);
    }
    if (input === null) break;
    outcomes = [];
    actor.send(input);
    play.onStep?.({ input, outcomes, snapshot: actor.getSnapshot() });
    if (rejected !== null) {
      actor.stop();
      throw new Error(
        `playVariantGame (${play.variant}, seed ${play.seed}): the machine refused ${JSON.stringify(input)}: ${JSON.stringify(rejected)}`,
      );
    }
  }
  const last = actor.getSnapshot();
  actor.stop();
  const record = tally.record(play.seed, last.context.hand.points);
  const clear = last.context.clear;
  return {
    ...record,
    variant: play.variant,
    burned,
    clear: clear === null ? null : { cleared: clear.cleared, decided },
    agariYame: { offered, taken },
    stageB: play.variant === 'tenpai-race' ? stageB.tally() : null,
    tournament:
      play.variant === 'tournament' && record.ended
        ? tournamentGameResult(record.points as [number, number, number, number], record.firstDealer).results
        : null,
  };
}

/** Totals of a variant run, for `mahjong-table simulate`. */
export interface VariantRunSummary {
  readonly variant: RiichiVariant;
  readonly games: number;
  readonly hands: number;
  readonly unfinished: number;
  readonly burned: number;
  readonly agariYame: { readonly offered: number; readonly taken: number };
  /** Clear Mahjong: how the games were decided, by outcome. */
  readonly decided: Readonly<Record<string, number>>;
  /** Clear Mahjong: how often each condition was cleared by some team. */
  readonly conditionsCleared: Readonly<Record<string, number>>;
  readonly points: readonly (readonly number[])[];
  readonly tournament: readonly (readonly number[])[];
  /** Hand ends that were draws, by kind (Tenpai Race: the Stage A draw). */
  readonly draws: Readonly<Record<DrawKind, number>>;
  /** Calls made (Tenpai Race Stage A: chi, pon and open kan on the opponent's discards). */
  readonly calls: number;
  /** Tenpai Race: Stage B totals (all zero unless the prototype played). */
  readonly stageB: StageBTally | null;
}

export function summarizeVariant(
  variant: RiichiVariant,
  records: readonly VariantGameRecord[],
): VariantRunSummary {
  const decided: Record<string, number> = {};
  const conditionsCleared: Record<string, number> = {};
  for (const r of records) {
    if (r.clear === null) continue;
    const key = r.clear.decided ?? 'unfinished';
    decided[key] = (decided[key] ?? 0) + 1;
    for (const c of [...r.clear.cleared.A, ...r.clear.cleared.B])
      conditionsCleared[c] = (conditionsCleared[c] ?? 0) + 1;
  }
  return {
    variant,
    games: records.length,
    hands: records.reduce((n, r) => n + r.hands, 0),
    unfinished: records.filter((r) => !r.ended).length,
    burned: records.reduce((n, r) => n + r.burned, 0),
    agariYame: {
      offered: records.reduce((n, r) => n + r.agariYame.offered, 0),
      taken: records.reduce((n, r) => n + r.agariYame.taken, 0),
    },
    decided,
    conditionsCleared,
    points: records.map((r) => r.points),
    tournament: records.flatMap((r) => (r.tournament ? [r.tournament] : [])),
    draws: Object.fromEntries(
      DRAW_KINDS.map((k) => [k, records.reduce((n, r) => n + r.draws[k], 0)]),
    ) as Record<DrawKind, number>,
    calls: records.reduce((n, r) => n + Object.values(r.calls).reduce((a, b) => a + b, 0), 0),
    stageB:
      variant === 'tenpai-race' ? sumStageB(records.flatMap((r) => (r.stageB ? [r.stageB] : []))) : null,
  };
}

const sumStageB = (tallies: readonly StageBTally[]): StageBTally => ({
  started: tallies.reduce((n, t) => n + t.started, 0),
  byRiichi: tallies.reduce((n, t) => n + t.byRiichi, 0),
  guesses: tallies.reduce((n, t) => n + t.guesses, 0),
  ended: Object.fromEntries(
    STAGE_B_RESOLUTIONS.map((r) => [r, tallies.reduce((n, t) => n + t.ended[r], 0)]),
  ) as Record<StageBResolution, number>,
});
