// Plays whole Minefield games of bots through the real machine, in process, from a seed (no I/O, no timers).
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { KIND_COUNT, type Tile } from '../../../rules/tiles.js';
import { createMinefieldBot, type MinefieldBot } from '../bots/minefield-bot.js';
import type { MinefieldEvent, MinefieldInput, MinefieldLimit, MinefieldOutcome, MinefieldSeat } from './events.js';
import { createRng, deriveSeed, type Rng } from '../../../table/rng.js';
import { minefieldGameMachine } from './game.js';
import { UNUSED_TILES, WALL_TILES, type Pair } from './model.js';
import { seatView } from './public-view.js';

export type MinefieldSnapshot = SnapshotFrom<typeof minefieldGameMachine>;

/** One step of a game: the input sent (null for the start) and what the machine emitted in answer. */
export interface MinefieldStep {
  readonly input: MinefieldInput | null;
  readonly outcomes: readonly MinefieldOutcome[];
  readonly snapshot: MinefieldSnapshot;
}

export interface PlayGameOptions {
  readonly seed: number;
  /** Seat brains; default: two `createMinefieldBot`s seeded from `seed`. */
  readonly bots?: Pair<MinefieldBot>;
  /** Called after every step, in order (logs, invariant checks, hidden-information checks). */
  readonly onStep?: (step: MinefieldStep) => void;
  /** Stop a game that has not ended after this many hands (reported as unfinished). */
  readonly maxHands?: number;
  readonly startingPoints?: number;
}

export interface GameRecord {
  readonly seed: number;
  readonly firstDealer: MinefieldSeat;
  readonly hands: number;
  readonly wins: Readonly<Record<MinefieldLimit, number>>;
  readonly draws: number;
  readonly refusals: number;
  readonly antePeak: number;
  readonly points: Pair<number>;
  readonly loser: MinefieldSeat | null;
  readonly reason: string | null;
}

/** A shuffled 136-tile set dealt as Minefield lays it out: two walls of 34, 68 unused (V1.1). */
export function dealWalls(rng: Rng): { walls: [Tile[], Tile[]]; unused: Tile[] } {
  const set: Tile[] = [];
  for (let kind = 0; kind < KIND_COUNT; kind++) for (let copy = 0; copy < 4; copy++) set.push(kind as Tile);
  rng.shuffle(set);
  return { walls: [set.slice(0, WALL_TILES), set.slice(WALL_TILES, 2 * WALL_TILES)], unused: set.slice(2 * WALL_TILES, 2 * WALL_TILES + UNUSED_TILES) };
}

/**
 * What the table and the seats do next in this state, or null when the game is over. The table side is
 * seeded (shuffle, indicators); the seats ask their bots, which see only their own seat view.
 */
export function nextInput(snapshot: MinefieldSnapshot, rng: Rng, bots: Pair<MinefieldBot>): MinefieldInput | null {
  if (snapshot.status === 'done') return null;
  const value = snapshot.value;
  const hand = typeof value === 'object' ? value.hand : undefined;
  const context = snapshot.context;
  if (hand === 'walling') return { type: 'hand.wallsBuilt', ...dealWalls(rng) };
  if (hand === 'flippingDora') {
    const unused = context.hand.unused!;
    const first = rng.int(unused.length);
    let second = rng.int(unused.length - 1);
    if (second >= first) second++;
    return { type: 'hand.doraFlipped', indicator: unused[first]!, underIndicator: unused[second]! };
  }
  if (hand === 'settingHands') {
    const seat: MinefieldSeat = context.hand.hands[context.dealer] === null ? context.dealer : context.dealer === 0 ? 1 : 0;
    return { type: 'seat.handSet', seat, tiles: bots[seat].chooseHand(seatView(snapshot, seat)), source: 'bot' };
  }
  if (hand !== undefined) {
    const seat = context.hand.turn;
    const action = bots[seat].chooseAction(seatView(snapshot, seat));
    if (action.type === 'ron') return { type: 'seat.ronDeclared', seat };
    if (action.type === 'pass') return { type: 'seat.passed', seat };
    return { type: 'seat.discarded', seat, tile: action.tile };
  }
  throw new Error(`nextInput: no input for state ${JSON.stringify(value)}`);
}

const LIMIT_NAMES: readonly MinefieldLimit[] = ['mangan', 'haneman', 'baiman', 'sanbaiman', 'kazoe yakuman', 'yakuman'];

/** Plays one game to its end (or `maxHands`); deterministic for a seed. */
export function playMinefieldGame(options: PlayGameOptions): GameRecord {
  const rng = createRng(options.seed);
  const bots = options.bots ?? [createMinefieldBot({ seed: deriveSeed(options.seed, 1) }), createMinefieldBot({ seed: deriveSeed(options.seed, 2) })];
  const firstDealer: MinefieldSeat = rng.int(2) === 0 ? 0 : 1;
  const maxHands = options.maxHands ?? 10_000;
  // A simulated clock: `after` deadlines are registered but never fire in a headless game.
  const actor = createActor(minefieldGameMachine, { input: { firstDealer, startingPoints: options.startingPoints }, clock: new SimulatedClock() });
  const onStep = options.onStep;
  // Each step's outcomes are collected only for `onStep` (a headless run without one keeps just the counts).
  let outcomes: MinefieldOutcome[] = [];
  const wins = Object.fromEntries(LIMIT_NAMES.map((l) => [l, 0])) as Record<MinefieldLimit, number>;
  let draws = 0;
  let refusals = 0;
  actor.on('*', (event) => {
    if (onStep) outcomes.push(event);
    if (event.type === 'hand.won') wins[event.limit]++;
    else if (event.type === 'hand.drawn') draws++;
    else if (event.type === 'win.refused') refusals++;
  });
  actor.start();
  onStep?.({ input: null, outcomes, snapshot: actor.getSnapshot() });
  for (;;) {
    const snapshot = actor.getSnapshot();
    if (snapshot.context.handNumber > maxHands && snapshot.value !== 'over') break;
    const input = nextInput(snapshot, rng, bots);
    if (input === null) break;
    if (onStep) outcomes = [];
    actor.send(input);
    onStep?.({ input, outcomes, snapshot: actor.getSnapshot() });
  }
  const last = actor.getSnapshot();
  actor.stop();
  const ended = last.context.ended;
  return {
    seed: options.seed,
    firstDealer,
    hands: last.context.handNumber,
    wins,
    draws,
    refusals,
    antePeak: last.context.antePeak,
    points: last.context.points,
    loser: ended?.loser ?? null,
    reason: ended?.reason ?? null,
  };
}

/** The log records of one step, in order: the input, then what the machine emitted. */
export const stepEvents = (step: MinefieldStep): MinefieldEvent[] => (step.input ? [step.input, ...step.outcomes] : [...step.outcomes]);
