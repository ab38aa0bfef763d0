// Plays whole riichi-family games (4-player riichi, Sanma) of bots through the real game machine, in process, from a seed.
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { createRiichiBot } from '../bots/riichi-bot.js';
import { createRng, deriveSeed, type Rng } from '../../../table/rng.js';
import {
  ABORTIVE_DRAW_REASONS,
  RIICHI_LIMITS,
  type AbortiveDrawReason,
  type RiichiEvent,
  type RiichiInput,
  type RiichiOutcome,
} from './events.js';
import { riichiGameMachine } from './game.js';
import { seatView } from './model.js';
import type { RiichiBot } from './seat-view.js';
import { awaiting, drawInputFor, tableInputsFor } from './table-inputs.js';
import { mayStartStageBNow, stageBView } from './tenpai-race.js';
import { shuffledWall } from './wall.js';

export type RiichiSnapshot = SnapshotFrom<typeof riichiGameMachine>;

/** One step of a game: the input sent (null for the start) and what the machine emitted in answer. */
export interface RiichiStep {
  readonly input: RiichiInput | null;
  readonly outcomes: readonly RiichiOutcome[];
  readonly snapshot: RiichiSnapshot;
}

export interface PlayRiichiOptions {
  readonly seed: number;
  /** The preset (rules/options.ts `TENHOU`, `CLUB`, rules/variants/sanma.ts `SANMA`, …); 3 or 4 players. */
  readonly options: RuleOptions;
  /** Seat brains, one per seat; default: `createRiichiBot`s seeded from `seed`. */
  readonly bots?: readonly RiichiBot[];
  /** Called after every step, in order (logs, invariant checks). */
  readonly onStep?: (step: RiichiStep) => void;
  /** Stop a game that has not ended after this many hands (reported as unfinished). */
  readonly maxHands?: number;
}

/** Wins by limit; `none` = below mangan. */
export const WIN_TIERS = ['none', ...RIICHI_LIMITS] as const;
export type WinTier = (typeof WIN_TIERS)[number];
export const DRAW_KINDS = ['exhaustive', ...ABORTIVE_DRAW_REASONS] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];
export const CALL_KINDS = ['chi', 'pon', 'minkan', 'ankan', 'kakan', 'north'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export interface RiichiGameRecord {
  readonly seed: number;
  readonly players: 2 | 3 | 4;
  readonly firstDealer: Seat;
  /** Hands started (the last one finished unless the game was cut at `maxHands`). */
  readonly hands: number;
  /** Each paid winner once (a double ron counts two). */
  readonly wins: Readonly<Record<WinTier, number>>;
  readonly tsumo: number;
  readonly ron: number;
  readonly draws: Readonly<Record<DrawKind, number>>;
  readonly riichi: number;
  readonly calls: Readonly<Record<CallKind, number>>;
  readonly points: readonly number[];
  readonly ranking: readonly Seat[] | null;
  /** null when the game was cut at `maxHands`. */
  readonly ended: boolean;
}

/**
 * What the table and the seats do next, or null when the game is over. The table side is seeded (the wall);
 * the wall model knows each next draw; the seats ask their bots, which see only their own seat view. Claims
 * are asked one seat at a time, in the order the machine lists the seats still to answer.
 */
export function nextInput(
  snapshot: RiichiSnapshot,
  rng: Rng,
  bots: readonly RiichiBot[],
): RiichiInput | null {
  if (snapshot.status === 'done') return null;
  const hand = snapshot.context.hand;
  const wait = awaiting(hand);
  switch (wait.kind) {
    case 'wall': {
      const wall = shuffledWall(hand.options, rng);
      return { type: 'hand.wallBuilt', live: wall.live, dead: wall.dead };
    }
    case 'draw': {
      // Tenpai Race (V2.1 item 5): right after its own discard, the seat whose entry is legal may start Stage B.
      if (hand.players === 2 && hand.phase.kind === 'drawing') {
        const discarder = ((wait.seat + 1) % 2) as Seat;
        if (
          mayStartStageBNow(hand, discarder).ok &&
          bots[discarder]!.startsStageB?.(seatView(hand, discarder))
        )
          return { type: 'seat.stageBStarted', seat: discarder };
      }
      const input = drawInputFor(hand);
      if (input === null)
        throw new Error(`nextInput: seat ${wait.seat} is to draw but the wall model has no next tile`);
      return input;
    }
    case 'turn':
      return tableInputsFor(wait.seat, bots[wait.seat]!.onTurn(seatView(hand, wait.seat), wait.legal));
    case 'claim': {
      const first = wait.seats[0];
      if (first === undefined) throw new Error('nextInput: a claim window waits for nobody');
      return tableInputsFor(
        first.seat,
        bots[first.seat]!.onClaim(seatView(hand, first.seat), wait.offer, first.legal),
      );
    }
    case 'stageBGuess': {
      const bot = bots[wait.seat]!;
      if (bot.onStageBGuess === undefined)
        throw new Error(
          `nextInput: Stage B waits for seat ${wait.seat}'s guess but bot ${bot.name} cannot guess`,
        );
      const kinds = bot.onStageBGuess(seatView(hand, wait.seat), stageBView(hand)!);
      return { type: 'seat.stageBGuessed', seat: wait.seat, kinds: [kinds[0], kinds[1]] };
    }
    case 'stageBSettlement':
      // Bots start Stage B only with the prototype on (tenpai-race-bot.ts): no operator sits at a headless game.
      throw new Error(
        'nextInput: Stage B waits for the operator’s result, and a headless game has no operator',
      );
    case 'none':
      throw new Error(
        `nextInput: the hand is over but the game machine is in ${JSON.stringify(snapshot.value)}`,
      );
  }
}

const zeroes = <K extends string>(keys: readonly K[]): Record<K, number> =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** Counts one game's outcomes into a record, event by event (in process, or from a table run's log). */
export class RiichiGameTally {
  hands = 0;
  tsumo = 0;
  ron = 0;
  riichi = 0;
  readonly wins = zeroes(WIN_TIERS);
  readonly draws = zeroes(DRAW_KINDS);
  readonly calls = zeroes(CALL_KINDS);
  /** The first refusal of a seat's input, if any. */
  rejected: RiichiOutcome | null = null;
  ranking: readonly Seat[] | null = null;
  points: readonly number[] | null = null;

  constructor(
    readonly players: 2 | 3 | 4,
    public firstDealer: Seat,
  ) {}

  add(event: RiichiEvent): void {
    switch (event.type) {
      case 'game.started':
        this.firstDealer = event.firstDealer;
        break;
      case 'hand.started':
        this.hands++;
        break;
      case 'hand.won':
        for (const win of event.wins) {
          this.wins[win.limit ?? 'none']++;
          if (win.from === null) this.tsumo++;
          else this.ron++;
        }
        this.points = event.points;
        break;
      case 'hand.exhaustiveDraw':
        this.draws.exhaustive++;
        this.points = event.points;
        break;
      case 'hand.abortiveDraw':
        this.draws[event.reason as AbortiveDrawReason]++;
        this.points = event.points;
        break;
      case 'seat.riichiDeclared':
        this.riichi++;
        break;
      case 'seat.callMade':
        this.calls[event.meld.type]++;
        break;
      case 'seat.northSetAside':
        this.calls.north++;
        break;
      case 'seat.actionRejected':
        this.rejected ??= event;
        break;
      case 'game.ended':
        // A game the host cut (hands per game, the session's end) did not end by its rules: a simulation counts it
        // unfinished, with the points of its last finished hand.
        if (event.reason === 'handLimit' || event.reason === 'sessionEnded') break;
        this.ranking = event.ranking;
        this.points = event.points;
        break;
    }
  }

  /** The record so far; `points` = the final points, else those after the last finished hand (or `startPoints`). */
  record(seed: number, startPoints: readonly number[]): RiichiGameRecord {
    return {
      seed,
      players: this.players,
      firstDealer: this.firstDealer,
      hands: this.hands,
      wins: { ...this.wins },
      tsumo: this.tsumo,
      ron: this.ron,
      draws: { ...this.draws },
      riichi: this.riichi,
      calls: { ...this.calls },
      points: this.points ?? startPoints,
      ranking: this.ranking,
      ended: this.ranking !== null,
    };
  }
}

/**
 * Game records from a stream of events holding whole games one after another (a table run's log): each
 * `game.started` opens a record. Every record carries the run's seed.
 */
export function recordsFromEvents(
  events: Iterable<RiichiEvent>,
  seed: number,
  options: RuleOptions,
): RiichiGameRecord[] {
  const players = options.players as 3 | 4;
  const start = Array.from({ length: players }, () => options.startingPoints);
  const records: RiichiGameRecord[] = [];
  let tally: RiichiGameTally | null = null;
  for (const event of events) {
    if (event.type === 'game.started') {
      if (tally !== null) records.push(tally.record(seed, start));
      tally = new RiichiGameTally(players, event.firstDealer);
    }
    tally?.add(event);
  }
  if (tally !== null) records.push(tally.record(seed, start));
  return records;
}

/** Plays one game to its end (or `maxHands`); deterministic for a seed and preset. */
export function playRiichiGame(options: PlayRiichiOptions): RiichiGameRecord {
  const rules = options.options;
  const players = rules.players;
  if (players !== 3 && players !== 4)
    throw new Error(`playRiichiGame: the riichi machine plays 3 or 4 players, not ${players}`);
  const rng = createRng(options.seed);
  const bots =
    options.bots ??
    Array.from({ length: players }, (_, s) => createRiichiBot({ seed: deriveSeed(options.seed, s + 1) }));
  if (bots.length !== players) throw new Error(`playRiichiGame: ${bots.length} bots for ${players} seats`);
  const firstDealer = rng.int(players) as Seat;
  const maxHands = options.maxHands ?? 1000;
  // A simulated clock: the `after` deadlines are registered but never fire in a headless game.
  const actor = createActor(riichiGameMachine, {
    input: { options: rules, firstDealer },
    clock: new SimulatedClock(),
  });
  let outcomes: RiichiOutcome[] = [];
  const tally = new RiichiGameTally(players, firstDealer);
  actor.on('*', (event: RiichiOutcome) => {
    outcomes.push(event);
    tally.add(event);
  });
  actor.start();
  options.onStep?.({ input: null, outcomes, snapshot: actor.getSnapshot() });
  for (;;) {
    const snapshot = actor.getSnapshot();
    if (tally.hands > maxHands) break;
    const input = nextInput(snapshot, rng, bots);
    if (input === null) break;
    outcomes = [];
    actor.send(input);
    options.onStep?.({ input, outcomes, snapshot: actor.getSnapshot() });
    // A bot answers only from the legal actions the machine listed, so a refusal is a broken contract.
    if (tally.rejected !== null) {
      actor.stop();
      throw new Error(
        `playRiichiGame (seed ${options.seed}): the machine refused ${JSON.stringify(input)}: ${JSON.stringify(tally.rejected)}`,
      );
    }
  }
  const last = actor.getSnapshot();
  actor.stop();
  return tally.record(options.seed, last.context.hand.points);
}

/** The log records of one step, in order: the input, then what the machine emitted. */
export const stepEvents = (step: RiichiStep): RiichiEvent[] =>
  step.input ? [step.input, ...step.outcomes] : [...step.outcomes];

/** Totals over the games of a run. */
export interface RiichiRunSummary {
  readonly games: number;
  readonly hands: number;
  readonly wins: Readonly<Record<WinTier, number>>;
  readonly tsumo: number;
  readonly ron: number;
  readonly draws: Readonly<Record<DrawKind, number>>;
  readonly riichi: number;
  readonly calls: Readonly<Record<CallKind, number>>;
  readonly unfinished: number;
  /** Final points of each game, in order. */
  readonly points: readonly (readonly number[])[];
  /** How often each seat (from the first dealer) finished first. */
  readonly firstPlaces: readonly number[];
}

export function summarizeRiichi(records: readonly RiichiGameRecord[]): RiichiRunSummary {
  const sum = <K extends string>(
    keys: readonly K[],
    pick: (r: RiichiGameRecord) => Readonly<Record<K, number>>,
  ): Record<K, number> =>
    Object.fromEntries(keys.map((k) => [k, records.reduce((n, r) => n + pick(r)[k], 0)])) as Record<
      K,
      number
    >;
  const players = records[0]?.players ?? 4;
  const firstPlaces = Array.from({ length: players }, () => 0);
  for (const r of records) if (r.ranking) firstPlaces[(r.ranking[0]! - r.firstDealer + players) % players]!++;
  return {
    games: records.length,
    hands: records.reduce((n, r) => n + r.hands, 0),
    wins: sum(WIN_TIERS, (r) => r.wins),
    tsumo: records.reduce((n, r) => n + r.tsumo, 0),
    ron: records.reduce((n, r) => n + r.ron, 0),
    draws: sum(DRAW_KINDS, (r) => r.draws),
    riichi: records.reduce((n, r) => n + r.riichi, 0),
    calls: sum(CALL_KINDS, (r) => r.calls),
    unfinished: records.filter((r) => !r.ended).length,
    points: records.map((r) => r.points),
    firstPlaces,
  };
}
