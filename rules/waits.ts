// Waits of a 3n+1 hand (kinds that complete it, with their wait shapes), tenpai, and completeness checks.
import { decompose, winPlacements, type WaitShape } from './decompose.js';
import { coverRowIndex, groupCompleteness, honorCoverTable, suitCoverTable } from './cover-tables.js';
import { checkMeldCount } from './hand.js';
import { KIND_COUNT, TERMINALS_AND_HONORS, type TileKind } from './tiles.js';

/*
 * A wait on a kind the player already holds four of.
 * `waitKinds`, `waits` and `isTenpai` speak of SHAPE: every kind whose addition makes a complete hand, even
 * when that would be a fifth copy (1111m 234p 567p 789s "waits" on 1m), like @kobalab/majiang-core's
 * shanten and like `shanten` here (shanten 0 ⇔ isTenpai for a 3n+1 hand).
 * riichi.md §7 defines the waits that count for furiten and for tenpai at an exhaustive draw (§10.1) as
 * those kinds MINUS any kind of which the player holds all four copies in hand or melds; a hand whose only
 * waits are such kinds is not tenpai at a draw. Those take `held` (concealed + meld tiles by kind):
 * `tenpaiWaitKinds`, `isTenpaiAtDraw`, and the `heldAllFour` flag of each `Wait`.
 */

/** One kind that completes the hand, with every wait shape it can be read as. */
export interface Wait {
  readonly kind: TileKind;
  /** Distinct shapes over every reading of the completed hand, in the order of WAIT_SHAPES. */
  readonly shapes: readonly WaitShape[];
  /** The player holds all four copies (hand + melds): not a wait for riichi.md §7 and §10. */
  readonly heldAllFour: boolean;
}

export const WAIT_SHAPES: readonly WaitShape[] = [
  'ryanmen',
  'kanchan',
  'penchan',
  'shanpon',
  'tanki',
  'chiitoitsu',
  'kokushi',
  'kokushi13',
];

/** The 13 terminal and honour kinds as a typed array (hot loops read it faster than the shared list). */
const YAOCHU = Uint8Array.from(TERMINALS_AND_HONORS);
const SHAPE_BIT = Object.fromEntries(WAIT_SHAPES.map((shape, i) => [shape, 1 << i])) as Record<
  WaitShape,
  number
>;
/** Every set of shapes as a frozen list in WAIT_SHAPES order, shared by all waits (256 entries). */
const SHAPES_OF_MASK: readonly (readonly WaitShape[])[] = Array.from(
  { length: 1 << WAIT_SHAPES.length },
  (_, mask) => Object.freeze(WAIT_SHAPES.filter((_, i) => mask & (1 << i))),
);
const BASES = [0, 9, 18, 27];
const LENGTHS = [9, 9, 9, 7];
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

// Per-group scratch (m, p, s, honours): the hot path allocates only its result.
const groupIdx = new Int32Array(4);
const groupSum = new Int32Array(4);
const groupState = new Uint8Array(4); // 0 incomplete, 1 sets only, 2 sets and a pair
const found = new Uint8Array(KIND_COUNT);

function tileTotal(counts: Uint8Array): number {
  let total = 0;
  for (let k = 0; k < KIND_COUNT; k++) total += counts[k]!;
  return total;
}

/** Fills the per-group scratch; returns the number of incomplete groups. */
function readGroups(counts: Uint8Array): number {
  const suits = suitCoverTable();
  const honors = honorCoverTable();
  let incomplete = 0;
  for (let g = 0; g < 4; g++) {
    const base = BASES[g]!;
    const length = LENGTHS[g]!;
    let sum = 0;
    for (let k = base; k < base + length; k++) sum += counts[k]!;
    const idx = coverRowIndex(counts, base, length);
    groupIdx[g] = idx;
    groupSum[g] = sum;
    const state = groupCompleteness(g === 3 ? honors : suits, idx, sum);
    groupState[g] = state;
    if (state === 0) incomplete++;
  }
  return incomplete;
}

/** Marks in `found` the kinds that complete a standard hand. */
function markStandardWaits(counts: Uint8Array): void {
  const incomplete = readGroups(counts);
  if (incomplete > 1) return; // one added tile changes one group only
  let pairs = 0;
  for (let g = 0; g < 4; g++) if (groupState[g] === 2) pairs++;
  const suits = suitCoverTable();
  const honors = honorCoverTable();
  for (let g = 0; g < 4; g++) {
    const state = groupState[g]!;
    if (incomplete === 1 && state !== 0) continue; // the incomplete group must be the one that changes
    const pairsElsewhere = pairs - (state === 2 ? 1 : 0);
    if (pairsElsewhere > 1) continue;
    const table = g === 3 ? honors : suits;
    const base = BASES[g]!;
    const idx = groupIdx[g]!;
    const sum = groupSum[g]!;
    for (let pos = 0; pos < LENGTHS[g]!; pos++) {
      const n = counts[base + pos]!;
      let complete: boolean;
      if (n < 4) {
        const after = groupCompleteness(table, idx + POW5[pos]!, sum + 1);
        complete = after !== 0 && pairsElsewhere + (after === 2 ? 1 : 0) === 1;
      } else {
        // A fifth copy: its five tiles hold a triplet (the rest keeps two of them) or the pair (the rest keeps three).
        const withoutTriplet = groupCompleteness(table, idx - 2 * POW5[pos]!, sum - 2);
        const withoutPair = groupCompleteness(table, idx - POW5[pos]!, sum - 1);
        complete =
          (withoutTriplet !== 0 && pairsElsewhere + (withoutTriplet === 2 ? 1 : 0) === 1) ||
          (withoutPair === 1 && pairsElsewhere === 0);
      }
      if (complete) found[base + pos] = 1;
    }
  }
}

/** Marks the seven-pairs wait (six distinct pairs and a single) and the thirteen-orphans waits. */
function markSpecialWaits(counts: Uint8Array): void {
  let pairs = 0;
  let single = -1;
  let other = false;
  for (let k = 0; k < KIND_COUNT; k++) {
    const n = counts[k]!;
    if (n === 2) pairs++;
    else if (n === 1) single = single === -1 ? k : -2;
    else if (n > 2) other = true;
  }
  if (pairs === 6 && single >= 0 && !other) found[single] = 1;

  let kinds = 0;
  let pair = false;
  let missing = -1;
  let held = 0;
  for (let i = 0; i < 13; i++) {
    const k = YAOCHU[i]!;
    const n = counts[k]!;
    held += n;
    if (n === 0) missing = k;
    else kinds++;
    if (n === 2) pair = true;
  }
  if (held !== 13) return; // some tile is not a terminal or honour, or one is held three times
  if (kinds === 13) for (let i = 0; i < 13; i++) found[YAOCHU[i]!] = 1;
  else if (kinds === 12 && pair) found[missing] = 1;
}

/**
 * The kinds that complete a 3n+1 hand (`counts` = concealed tiles, 3·(handSets - meldCount) + 1 of them:
 * 13 - 3·meldCount for the default 13-tile hand, 16 - 3·meldCount for `handSets` 5), ascending.
 * Shape only: a kind held four times is listed if a fifth copy would complete it (see the note above).
 * [] when the hand has another size or is not tenpai. Seven pairs and thirteen orphans: 13-tile hands only.
 */
export function waitKinds(counts: Uint8Array, meldCount: number, handSets = 4): TileKind[] {
  checkMeldCount(meldCount, handSets);
  const out: TileKind[] = [];
  if (tileTotal(counts) !== 3 * (handSets - meldCount) + 1) return out;
  found.fill(0);
  markStandardWaits(counts);
  if (meldCount === 0 && handSets === 4) markSpecialWaits(counts);
  for (let k = 0; k < KIND_COUNT; k++) if (found[k]) out.push(k);
  return out;
}

/** Whether the player holds all four copies of a kind; `held` counts the concealed and the meld tiles. */
export const holdsAllFour = (held: Uint8Array, kind: TileKind): boolean => held[kind]! >= 4;

/**
 * The waits of riichi.md §7 (furiten, and tenpai at an exhaustive draw): `waitKinds` minus kinds of which
 * the player holds all four copies. `held` = concealed + meld tiles by kind (defaults to the concealed counts).
 */
export function tenpaiWaitKinds(
  counts: Uint8Array,
  meldCount: number,
  held: Uint8Array = counts,
  handSets = 4,
): TileKind[] {
  return waitKinds(counts, meldCount, handSets).filter((kind) => !holdsAllFour(held, kind));
}

/** Tenpai in shape: some kind completes the hand (shanten 0). */
export const isTenpai = (counts: Uint8Array, meldCount: number, handSets = 4): boolean =>
  waitKinds(counts, meldCount, handSets).length > 0;

/** Tenpai for the draw payments of riichi.md §10.1: some wait is not a kind the player holds all four of. */
export const isTenpaiAtDraw = (counts: Uint8Array, meldCount: number, held: Uint8Array = counts): boolean =>
  tenpaiWaitKinds(counts, meldCount, held).length > 0;

/**
 * The waits of a 3n+1 hand with their shapes, read from every decomposition of the completed hand.
 * Example: 23456m 456p 789s 11z → 1m [ryanmen], 4m [ryanmen], 7m [ryanmen].
 */
export function waits(
  counts: Uint8Array,
  meldCount: number,
  held: Uint8Array = counts,
  handSets = 4,
): Wait[] {
  const kinds = waitKinds(counts, meldCount, handSets);
  const out: Wait[] = [];
  if (kinds.length === 0) return out;
  const completed = Uint8Array.from(counts.subarray(0, KIND_COUNT));
  for (const kind of kinds) {
    completed[kind]!++;
    let seen = 0; // bit i = WAIT_SHAPES[i]
    for (const decomposition of decompose(completed, meldCount, handSets)) {
      for (const placement of winPlacements(decomposition, kind)) seen |= SHAPE_BIT[placement.shape];
    }
    completed[kind]!--;
    out.push({ kind, shapes: SHAPES_OF_MASK[seen]!, heldAllFour: holdsAllFour(held, kind) });
  }
  return out;
}

/**
 * Whether 3·(handSets - meldCount) + 2 concealed tiles (14 - 3·meldCount by default) form a complete hand:
 * sets and a pair, or (13-tile hands) seven pairs or thirteen orphans.
 */
export function isComplete(counts: Uint8Array, meldCount: number, handSets = 4): boolean {
  checkMeldCount(meldCount, handSets);
  if (tileTotal(counts) !== 3 * (handSets - meldCount) + 2) return false;
  if (readGroups(counts) === 0) {
    let pairs = 0;
    for (let g = 0; g < 4; g++) if (groupState[g] === 2) pairs++;
    if (pairs === 1) return true;
  }
  if (meldCount > 0 || handSets !== 4) return false;
  let pairs = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    if (counts[k] === 2) pairs++;
    else if (counts[k] !== 0) break;
  }
  if (pairs === 7) return true;
  let kinds = 0;
  let held = 0;
  for (let i = 0; i < 13; i++) {
    const n = counts[YAOCHU[i]!]!;
    if (n > 0) kinds++;
    held += n;
  }
  return kinds === 13 && held === 14;
}
