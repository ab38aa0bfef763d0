// Scoring an MCR win: every reading of every shape, each scored fan by fan with the exclusions, the best one paid (mcr.md §9-§11).
import type { StandardDecomposition } from '../../decompose.js';
import { meldKind, type Meld } from '../../hand.js';
import { GROUP_STRIDE, READ_STANDARD, READ_TRIPLET, READINGS, readHand } from '../../readings.js';
import { fail, ok, type Result } from '../../result.js';
import {
  honorsAndKnittedOf,
  KNITTED_SEQUENCES,
  knittedRest,
  knittedSequencesHeld,
  readKnittedStraight,
  sevenPairsOf,
  thirteenOrphansPair,
} from '../../special-shapes.js';
import { KIND_MASK } from '../../tiles.js';
import { waitKinds } from '../../waits.js';
import type { ChineseWin } from '../input.js';
import { countCombos, countFamilies } from './combos.js';
import {
  CHOW,
  FAN_SLOTS,
  HONORS_AND_KNITTED,
  KNITTED_STRAIGHT,
  KONG,
  newMcrContext,
  PUNG,
  readTileFacts,
  SEVEN_PAIRS,
  summarizeReading,
  STANDARD,
  SUIT,
  THIRTEEN_ORPHANS,
} from './context.js';
import { FANS } from './fans.js';

/** MCR's options (the record's `rules`). */
export interface McrRules {
  /** Fewest points (flowers not counted) a win needs; mcr.md §8.1: 8. */
  readonly minimumFan: number;
  /** One melded + one concealed kong: 5 (fan 82, common practice) or 3 (Melded Kong + Concealed Kong). */
  readonly mixedKongPairPoints: 5 | 3;
}

export const MCR_DEFAULTS: McrRules = { minimumFan: 8, mixedKongPairPoints: 5 };

/** One scored fan: its number (mcr.md §10), name, points per instance and how many times it scores. */
export interface McrItem {
  readonly id: number;
  readonly name: string;
  readonly fan: number;
  readonly count: number;
}

/** The result of `score` for MCR (FORMAT-chinese.md). */
export interface McrOutput {
  readonly id: unknown;
  /** The hand's points without flowers. */
  readonly fan: number;
  readonly flowerFan: number;
  readonly items: readonly McrItem[];
  /** The winner's gain. */
  readonly total: number;
  /** What each loser pays, by seat wind "1"-"4". */
  readonly payments: Readonly<Record<string, number>>;
}

const DEFAULT_RULES = ok(MCR_DEFAULTS);

function rulesOf(raw: Readonly<Record<string, unknown>>): Result<McrRules> {
  if (raw.minimumFan === undefined && raw.mixed_kong_pair_points === undefined) return DEFAULT_RULES;
  const minimumFan = raw.minimumFan ?? MCR_DEFAULTS.minimumFan;
  if (typeof minimumFan !== 'number' || !Number.isInteger(minimumFan) || minimumFan < 0)
    return fail(
      'bad_input',
      `rules.minimumFan must be a whole number ≥ 0, got ${JSON.stringify(raw.minimumFan)}`,
    );
  const mixed = raw.mixed_kong_pair_points ?? MCR_DEFAULTS.mixedKongPairPoints;
  if (mixed !== 5 && mixed !== 3)
    return fail('bad_input', `rules.mixed_kong_pair_points must be 5 or 3, got ${JSON.stringify(mixed)}`);
  return ok({ minimumFan, mixedKongPairPoints: mixed });
}

// Scoring is synchronous: one context and the score tables serve every call.
const ctx = newMcrContext();
const counts = new Uint8Array(FAN_SLOTS);
const excluded = new Uint8Array(FAN_SLOTS);
const scoredIds = new Uint8Array(FAN_SLOTS);
const best = new Uint8Array(FAN_SLOTS);
const concealed13 = new Uint8Array(34);

/** Scores the reading in ctx into `counts`/`excluded`; returns its points (Chicken Hand when nothing else). */
function evaluate(): number {
  summarizeReading(ctx);
  if (ctx.setCount > 0) countCombos(ctx);
  else ctx.combos.fill(0);
  countFamilies(ctx);
  // Count every fan; list those that score (in registry order: an excluder comes before what it excludes).
  let scored = 0;
  for (let i = 0; i < FANS.length; i++) {
    const n = FANS[i]!.count(ctx);
    counts[i + 1] = n;
    if (n > 0) scoredIds[scored++] = i + 1;
  }
  excluded.fill(0);
  let total = 0;
  for (let j = 0; j < scored; j++) {
    const id = scoredIds[j]!;
    if (excluded[id]) continue;
    const excludes = FANS[id - 1]!.excludes;
    for (let e = 0; e < excludes.length; e++) excluded[excludes[e]!] = 1;
  }
  for (let j = 0; j < scored; j++) {
    const id = scoredIds[j]!;
    if (!excluded[id]) total += counts[id]! * FANS[id - 1]!.points;
  }
  if (total === 0) {
    counts[43] = 1;
    return 8;
  }
  return total;
}

/** The best points of the readings considered so far in this hand (-1: none). */
let bestPoints = -1;

/** Scores the reading in ctx and keeps it when it is the best so far (freedom of choice: the highest total). */
function consider(): void {
  const points = evaluate();
  if (points > bestPoints) {
    bestPoints = points;
    keep();
  }
}

/** Copies the scored fans (after the exclusions) of the reading just evaluated into `best`. */
function keep(): void {
  for (let id = 0; id < FAN_SLOTS; id++) best[id] = excluded[id] ? 0 : counts[id]!;
}

/** Whether the 13 concealed tiles before the win could win on the winning kind only (mcr.md note on wait fans). */
function isUniqueWait(): boolean {
  if (ctx.uniqueWait < 0) {
    // Standard shapes (a fifth copy counts: mcr.md's 4444-666 example), then seven pairs where four of a
    // kind is two pairs (seed 003): six pairs and one odd kind wait on that kind.
    const kinds = waitKinds(concealed13, ctx.meldCount);
    let other = kinds.some((k) => k !== ctx.winKind);
    let onWin = kinds.includes(ctx.winKind);
    if (ctx.meldCount === 0) {
      let pairs = 0;
      let odd = -1;
      for (let k = 0; k < 34; k++) {
        const n = concealed13[k]!;
        pairs += n === 4 ? 2 : n >= 2 ? 1 : 0;
        if (n === 1 || n === 3) odd = k;
      }
      if (pairs === 6 && odd >= 0) {
        if (odd === ctx.winKind) onWin = true;
        else other = true;
      }
    }
    ctx.uniqueWait = onWin && !other ? 1 : 0;
  }
  return ctx.uniqueWait === 1;
}

/**
 * The wait fan of a standard reading: with a unique wait, the winning kind at the end of a concealed chow
 * (Edge Wait), in its middle (Closed Wait) or as the pair (Single Wait); one of them, in that order.
 */
function waitFanOf(from: number): number {
  const win = ctx.winKind;
  let edge = false;
  let closed = false;
  for (let s = from; s < ctx.setCount; s++) {
    if (ctx.setType[s] !== CHOW) continue;
    const first = ctx.setFirst[s]!;
    if (win === first + 1) closed = true;
    else if (win === first || win === first + 2) edge = true;
  }
  if (edge) return 77;
  if (closed) return 78;
  return ctx.pair === win ? 79 : 0;
}

/** A concealed pung of the winning kind completed by a discard counts as melded, unless a concealed chow can take the tile. */
function markDiscardPung(from: number): void {
  if (ctx.tsumo) return;
  const win = ctx.winKind;
  for (let s = from; s < ctx.setCount; s++)
    if (ctx.setType[s] === CHOW && win >= ctx.setFirst[s]! && win <= ctx.setFirst[s]! + 2) return;
  for (let s = from; s < ctx.setCount; s++)
    if (ctx.setType[s] === PUNG && ctx.setFirst[s] === win) ctx.setConcealed[s] = 0;
}

function resetReading(shape: number): void {
  ctx.shape = shape;
  ctx.setCount = 0;
  ctx.pair = -1;
  ctx.sevenShifted = false;
  ctx.greater = false;
  ctx.knittedStraight = false;
  ctx.knittedSequence = -1;
  ctx.waitFan = 0;
}

function setMelds(melds: readonly Meld[]): void {
  for (let m = 0; m < melds.length; m++) {
    const meld = melds[m]!;
    ctx.setType[m] = meld.type === 'chi' ? CHOW : meld.type === 'pon' ? PUNG : KONG;
    ctx.setFirst[m] = meldKind(meld);
    ctx.setConcealed[m] = meld.type === 'ankan' ? 1 : 0;
  }
  ctx.setCount = melds.length;
}

/** Adds reading i of READINGS (its groups) after the melds. */
function addGroups(i: number): void {
  const r = READINGS;
  for (let g = 0; g < r.sets; g++) {
    const at = GROUP_STRIDE * i + g;
    const s = ctx.setCount++;
    const triplet = r.type[at] === READ_TRIPLET;
    ctx.setType[s] = triplet ? PUNG : CHOW;
    ctx.setFirst[s] = r.first[at]!;
    ctx.setConcealed[s] = triplet ? 1 : 0;
  }
  ctx.pair = r.pair[i]!;
}

/** The 13 concealed tiles were 1112345678999 of the winning tile's suit (mcr.md Ambiguity 9). */
function isNineGates(): boolean {
  if (ctx.meldCount !== 0 || ctx.winKind >= 27) return false;
  const base = SUIT[ctx.winKind]! * 9;
  for (let k = 0; k < 34; k++) {
    const want = k < base || k >= base + 9 ? 0 : k === base || k === base + 8 ? 3 : 1;
    if (concealed13[k] !== want) return false;
  }
  return true;
}

/** Sets the hand's facts in ctx. */
function readHandFacts(win: ChineseWin, rules: McrRules): void {
  const all = ctx.all;
  const concealed = ctx.concealed;
  all.fill(0);
  concealed.fill(0);
  for (const tile of win.closedTiles) concealed[tile & KIND_MASK]!++;
  concealed13.set(concealed);
  const winKind = win.winTile! & KIND_MASK;
  concealed[winKind]!++;
  all.set(concealed);
  let melded = 0;
  let visibleOfWin = 0;
  for (const meld of win.melds) {
    for (const tile of meld.tiles) all[tile & KIND_MASK]!++;
    if (meld.type !== 'ankan') {
      melded++;
      for (const tile of meld.tiles) if ((tile & KIND_MASK) === winKind) visibleOfWin++;
    }
  }
  ctx.winKind = winKind;
  ctx.tsumo = win.tsumo;
  ctx.haitei = win.haitei;
  ctx.houtei = win.houtei;
  ctx.rinshan = win.rinshan;
  ctx.chankan = win.chankan;
  // Last Tile: the other three copies visible; the winner's own exposed sets count among them.
  ctx.lastTile = win.lastOfKind || visibleOfWin === 3;
  ctx.seatWind = 26 + win.seatWind;
  ctx.roundWind = 26 + win.roundWind;
  ctx.meldCount = win.melds.length;
  ctx.meldedCount = melded;
  ctx.uniqueWait = -1;
  ctx.mixedKongPair = rules.mixedKongPairPoints;
  ctx.nineGates = false;
  readTileFacts(ctx);
  ctx.nineGates = isNineGates();
}

/** Quick test before sevenPairsOf (which allocates): every kind held an even number of times. */
function mayBeSevenPairs(concealed: Uint8Array): boolean {
  for (let k = 0; k < 34; k++) if (concealed[k]! & 1) return false;
  return true;
}

/**
 * Quick test before the knitted shapes: at least 7 different suited kinds held (honors and knitted tiles
 * needs 7 of a knitted sequence, the knitted straight 9), and for honors-and-knitted no kind twice.
 */
function mayBeKnitted(concealed: Uint8Array, singlesOnly: boolean): boolean {
  let kinds = 0;
  for (let k = 0; k < 27; k++) {
    const n = concealed[k]!;
    if (n > 0) kinds++;
    if (singlesOnly && n > 1) return false;
  }
  return kinds >= 7;
}

/** Scores every reading of the hand in ctx; returns the best points (-1: no winning shape). Leaves its fans in `best`. */
function scoreReadings(win: ChineseWin): number {
  bestPoints = -1;
  const meldCount = ctx.meldCount;
  const concealed = ctx.concealed;
  // Standard readings (readHand's own seven pairs and thirteen orphans are riichi's: MCR's come below).
  // (isUniqueWait and the fans read no hands: READINGS stays as readHand left it during this loop.)
  const n = readHand(concealed, meldCount, 4);
  for (let i = 0; i < n; i++) {
    if (READINGS.shape[i] !== READ_STANDARD) continue;
    resetReading(STANDARD);
    setMelds(win.melds);
    addGroups(i);
    markDiscardPung(meldCount);
    const waitFan = waitFanOf(meldCount);
    if (waitFan !== 0 && isUniqueWait()) ctx.waitFan = waitFan;
    consider();
  }
  if (meldCount === 0) {
    const pairs = mayBeSevenPairs(concealed) ? sevenPairsOf(concealed, true) : null;
    if (pairs) {
      resetReading(SEVEN_PAIRS);
      ctx.sevenShifted =
        pairs[0]! < 27 && SUIT[pairs[0]!] === SUIT[pairs[6]!] && pairs.every((k, i) => k === pairs[0]! + i);
      consider();
    }
    if (thirteenOrphansPair(concealed) >= 0) {
      resetReading(THIRTEEN_ORPHANS);
      consider();
    }
    const knitted = mayBeKnitted(concealed, true) ? honorsAndKnittedOf(concealed) : null;
    if (knitted) {
      resetReading(HONORS_AND_KNITTED);
      ctx.greater = knitted.greater;
      ctx.knittedStraight = knitted.knittedStraight;
      ctx.knittedSequence = knitted.sequence;
      consider();
    }
  }
  if (meldCount <= 1 && mayBeKnitted(concealed, false))
    for (const q of knittedSequencesHeld(concealed)) scoreKnittedStraight(win, q);
  return bestPoints;
}

/**
 * The knitted straight standard form (mcr.md §7.1, Ambiguity 8): nine knitted tiles, a set (declared or not)
 * and a pair. Wait fans only when the winning tile is not one of the knitted tiles: with the set concealed,
 * by the set and pair's own unique wait; with it declared, the winning tile made the pair (Single Wait).
 */
function scoreKnittedStraight(win: ChineseWin, q: number): void {
  const meldCount = ctx.meldCount;
  const n = readKnittedStraight(ctx.concealed, meldCount, q);
  if (n === 0) return;
  // Copy the readings out: the wait check below reads hands again.
  const readings: { type: number; first: number; pair: number }[] = [];
  for (let i = 0; i < n; i++)
    readings.push({
      type: READINGS.type[GROUP_STRIDE * i]!,
      first: READINGS.first[GROUP_STRIDE * i]!,
      pair: READINGS.pair[i]!,
    });
  const inKnitted = KNITTED_SEQUENCES[q]!.includes(ctx.winKind);
  let uniqueRest = false;
  if (!inKnitted && meldCount === 0) {
    // The set and the pair less the winning tile, and every kind that would complete them.
    const rest = knittedRest().slice();
    rest[ctx.winKind]!--;
    let waits = 0;
    let onWin = false;
    for (let k = 0; k < 34; k++) {
      rest[k]!++;
      if (readHand(rest, 0, 1) > 0) {
        waits++;
        if (k === ctx.winKind) onWin = true;
      }
      rest[k]!--;
    }
    uniqueRest = waits === 1 && onWin;
  }
  for (const reading of readings) {
    resetReading(KNITTED_STRAIGHT);
    ctx.knittedSequence = q;
    setMelds(win.melds);
    if (meldCount === 0) {
      const triplet = reading.type === READ_TRIPLET;
      ctx.setType[0] = triplet ? PUNG : CHOW;
      ctx.setFirst[0] = reading.first;
      ctx.setConcealed[0] = triplet ? 1 : 0;
      ctx.setCount = 1;
    }
    ctx.pair = reading.pair;
    markDiscardPung(meldCount);
    if (!inKnitted) ctx.waitFan = meldCount === 1 ? 79 : uniqueRest ? waitFanOf(0) : 0;
    consider();
  }
}

/**
 * The points of one given standard reading of the win (the concealed groups of a `decompose` reading): what
 * scoreMcr weighs for that reading. For tests that enumerate the readings on their own (brute force).
 */
export function standardReadingPoints(win: ChineseWin, reading: StandardDecomposition): number {
  const rules = rulesOf(win.rules);
  if (!rules.ok || win.winTile === null) return -1;
  readHandFacts(win, rules.value);
  resetReading(STANDARD);
  setMelds(win.melds);
  for (const group of reading.groups) {
    const s = ctx.setCount++;
    const triplet = group.kind === 'triplet';
    ctx.setType[s] = triplet ? PUNG : CHOW;
    ctx.setFirst[s] = group.first;
    ctx.setConcealed[s] = triplet ? 1 : 0;
  }
  ctx.pair = reading.pair;
  markDiscardPung(ctx.meldCount);
  const waitFan = waitFanOf(ctx.meldCount);
  if (waitFan !== 0 && isUniqueWait()) ctx.waitFan = waitFan;
  return evaluate();
}

const ITEMS: McrItem[][] = FANS.map(() => []);

/** The shared frozen item of a fan scored `count` times. */
function itemOf(id: number, count: number): McrItem {
  const fan = FANS[id - 1]!;
  return (ITEMS[id - 1]![count] ??= Object.freeze({ id, name: fan.name, fan: fan.points, count }));
}

/** Payments of mcr.md §8.2 by loser seat wind: 8 + H from the discarder (each loser on a self-draw), 8 from the others. */
function paymentsOf(win: ChineseWin, hand: number): Record<string, number> {
  const payments: Record<string, number> = {};
  for (let wind = 1; wind <= 4; wind++) {
    if (wind === win.seatWind) continue;
    payments[String(wind)] = win.tsumo || wind === win.discarder ? 8 + hand : 8;
  }
  return payments;
}

/**
 * Scores a checked MCR win (13-tile hands). Errors: `bad_input` (options), `not_a_win` (no winning shape),
 * `below_minimum` (fewer points than rules.minimumFan, flowers not counted).
 */
export function scoreMcr(win: ChineseWin): Result<McrOutput> {
  const rules = rulesOf(win.rules);
  if (!rules.ok) return rules;
  if (win.winTile === null) return fail('bad_input', 'winTile is required in MCR');
  readHandFacts(win, rules.value);
  const points = scoreReadings(win);
  if (points < 0)
    return fail(
      'not_a_win',
      'the tiles make no winning shape: four sets and a pair, seven pairs, thirteen orphans, honors and knitted tiles, or a knitted straight with a set and a pair',
    );
  if (points < rules.value.minimumFan)
    return fail(
      'below_minimum',
      `the hand scores ${points} points without flowers; a win needs ${rules.value.minimumFan}`,
    );
  const flowerFan = win.flowers.length;
  best[81] = flowerFan;
  let size = 0;
  for (let id = 1; id < FAN_SLOTS; id++) if (best[id]! > 0) size++;
  // In id order (82 last); an item depends on its id and count only: shared frozen objects.
  const items = new Array<McrItem>(size);
  let at = 0;
  for (let id = 1; id < FAN_SLOTS; id++) if (best[id]! > 0) items[at++] = itemOf(id, best[id]!);
  const payments = paymentsOf(win, points + flowerFan);
  let total = 0;
  for (const key in payments) total += payments[key]!;
  return ok({ id: win.id, fan: points, flowerFan, items, total, payments });
}
