// Shanten (tiles away from tenpai) of standard, seven-pairs and thirteen-orphans shapes, from per-suit tables.
import { coverRowIndex, honorCoverTable, ROW, suitCoverTable } from './cover-tables.js';
import { checkMeldCount } from './hand.js';
import { KIND_COUNT, TERMINALS_AND_HONORS } from './tiles.js';

/*
 * Definition. A hand's shanten is (the fewest tiles of a complete target hand that it lacks) - 1, over every
 * complete target with the same melds: -1 = complete, 0 = tenpai. A target may hold a fifth copy of a kind
 * (shape only; riichi.md §7 and §10 deal with a wait on a kind the player holds four of, see waits.ts), which
 * is also how @kobalab/majiang-core counts. Works for 3n+1 and 3n+2 concealed tiles alike, and for fewer tiles
 * than the hand size (a hand whose wild tiles were taken out: rules/wilds.ts).
 * `handSets` is the hand size: 4 sets and a pair (13-tile hands, the default) or 5 (16-tile hands). Seven pairs
 * and thirteen orphans are 13-tile shapes only.
 * The method (per-suit tables, after tomohxx's Shanten Number Calculator) is described in cover-tables.ts.
 */

/** The 13 terminal and honour kinds, as a typed array: the hot loop reads it faster than the shared list. */
const YAOCHU = Uint8Array.from(TERMINALS_AND_HONORS);

// Scratch for the convolution: module-level so the hot path allocates nothing.
const acc = new Uint8Array(ROW);
const tmp = new Uint8Array(ROW);
const rowAt = new Int32Array(4);
const rowIsHonor = new Uint8Array(4);

/** acc := max-plus convolution of acc with table row `at` (for m up to `sets`). */
function convolve(table: Uint8Array, at: number, sets: number): void {
  for (let m = 0; m <= sets; m++) {
    let best0 = 0;
    let best1 = 0;
    for (let a = 0; a <= m; a++) {
      const b = at + (m - a) * 2;
      const x0 = acc[a * 2]!;
      const x1 = acc[a * 2 + 1]!;
      const y0 = table[b]!;
      const y1 = table[b + 1]!;
      if (x0 + y0 > best0) best0 = x0 + y0;
      if (x0 + y1 > best1) best1 = x0 + y1;
      if (x1 + y0 > best1) best1 = x1 + y0;
    }
    tmp[m * 2] = best0;
    tmp[m * 2 + 1] = best1;
  }
  for (let j = 0; j <= sets * 2 + 1; j++) acc[j] = tmp[j]!;
}


/** The most tiles `sets` set blocks and one pair block cover in the whole hand (rows of the held groups combined). */
function standardCover(counts: Uint8Array, sets: number): number {
  return coverOfRows(
    coverRowIndex(counts, 0, 9),
    coverRowIndex(counts, 9, 9),
    coverRowIndex(counts, 18, 9),
    coverRowIndex(counts, 27, 7),
    sets,
  );
}

/** The same from the table indexes of the three suits and the honours. */
function coverOfRows(man: number, pin: number, sou: number, honor: number, sets: number): number {
  const suits = suitCoverTable();
  const honors = honorCoverTable();
  let rows = 0;
  if (man !== 0) {
    rowAt[rows] = man * ROW;
    rowIsHonor[rows++] = 0;
  }
  if (pin !== 0) {
    rowAt[rows] = pin * ROW;
    rowIsHonor[rows++] = 0;
  }
  if (sou !== 0) {
    rowAt[rows] = sou * ROW;
    rowIsHonor[rows++] = 0;
  }
  if (honor !== 0) {
    rowAt[rows] = honor * ROW;
    rowIsHonor[rows++] = 1;
  }
  if (rows === 0) return 0;
  const top = sets * 2 + 1;
  const first = rowIsHonor[0] ? honors : suits;
  if (rows === 1) return first[rowAt[0]! + top]!;
  for (let j = 0, at = rowAt[0]!; j <= top; j++) acc[j] = first[at + j]!;
  for (let r = 1; r < rows - 1; r++) convolve(rowIsHonor[r] ? honors : suits, rowAt[r]!, sets);
  // The last row: only the entry for all sets and the pair is needed.
  const last = rowIsHonor[rows - 1] ? honors : suits;
  const at = rowAt[rows - 1]!;
  let best = 0;
  for (let a = 0; a <= sets; a++) {
    const b = at + (sets - a) * 2;
    const x0 = acc[a * 2]! + last[b + 1]!;
    const x1 = acc[a * 2 + 1]! + last[b]!;
    if (x0 > best) best = x0;
    if (x1 > best) best = x1;
  }
  return best;
}

/** Shanten of the sets-and-a-pair shape. `counts` are the concealed tiles (length 34). */
export function shantenStandard(counts: Uint8Array, meldCount: number, handSets = 4): number {
  checkMeldCount(meldCount, handSets);
  const sets = handSets - meldCount;
  return 3 * sets + 1 - standardCover(counts, sets);
}

/**
 * Shanten of seven pairs (seven distinct kinds): 13 - 2 × pairs - singles, pairs capped at 7 and pairs +
 * singles at 7; four of a kind is one pair. Infinity when melds are declared.
 */
export function shantenChiitoitsu(counts: Uint8Array, meldCount: number): number {
  checkMeldCount(meldCount);
  if (meldCount > 0) return Infinity;
  let pairs = 0;
  let singles = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    const n = counts[k]!;
    if (n >= 2) pairs++;
    else if (n === 1) singles++;
  }
  if (pairs > 7) pairs = 7;
  if (pairs + singles > 7) singles = 7 - pairs;
  return 13 - 2 * pairs - singles;
}

/** Shanten of thirteen orphans: 13 - terminal/honour kinds held - (1 if one of them is held twice). Infinity with melds. */
export function shantenKokushi(counts: Uint8Array, meldCount: number): number {
  checkMeldCount(meldCount);
  if (meldCount > 0) return Infinity;
  let kinds = 0;
  let pair = 0;
  for (let i = 0; i < 13; i++) {
    const n = counts[YAOCHU[i]!]!;
    if (n > 0) kinds++;
    if (n >= 2) pair = 1;
  }
  return 13 - kinds - pair;
}

// Per count 0-4: whether the kind makes a pair, or a single, for seven pairs (four of a kind is one pair).
const PAIR_OF = Uint8Array.of(0, 0, 1, 1, 1);
const SINGLE_OF = Uint8Array.of(0, 1, 0, 0, 0);

/**
 * Shanten of the hand: the least of the three shapes. -1 = complete, 0 = tenpai.
 * One pass over the counts gathers the table indexes and the seven-pairs counts (same formulas as the
 * functions above; the tests hold them equal).
 */
export function shanten(counts: Uint8Array, meldCount: number, handSets = 4): number {
  checkMeldCount(meldCount, handSets);
  const sets = handSets - meldCount;
  let pairs = 0;
  let singles = 0;
  let man = 0;
  let pin = 0;
  let sou = 0;
  let honor = 0;
  for (let k = 8; k >= 0; k--) {
    const a = counts[k]!;
    const b = counts[k + 9]!;
    const c = counts[k + 18]!;
    if (a > 4 || b > 4 || c > 4)
      throw new Error(
        `counts at ${k}, ${k + 9}, ${k + 18} = ${a}, ${b}, ${c}: at most four copies of a kind`,
      );
    man = man * 5 + a;
    pin = pin * 5 + b;
    sou = sou * 5 + c;
    pairs += PAIR_OF[a]! + PAIR_OF[b]! + PAIR_OF[c]!;
    singles += SINGLE_OF[a]! + SINGLE_OF[b]! + SINGLE_OF[c]!;
  }
  for (let k = 33; k >= 27; k--) {
    const n = counts[k]!;
    if (n > 4) throw new Error(`counts[${k}] = ${n}: at most four copies of a kind`);
    honor = honor * 5 + n;
    pairs += PAIR_OF[n]!;
    singles += SINGLE_OF[n]!;
  }
  const standard = 3 * sets + 1 - coverOfRows(man, pin, sou, honor, sets);
  if (meldCount > 0 || handSets !== 4 || standard === -1) return standard;
  if (pairs > 7) pairs = 7;
  if (pairs + singles > 7) singles = 7 - pairs;
  const chiitoitsu = 13 - 2 * pairs - singles;
  let kinds = 0;
  let pair = 0;
  for (let i = 0; i < 13; i++) {
    const n = counts[YAOCHU[i]!]!;
    if (n > 0) kinds++;
    if (n >= 2) pair = 1;
  }
  const kokushi = 13 - kinds - pair;
  let best = standard;
  if (chiitoitsu < best) best = chiitoitsu;
  if (kokushi < best) best = kokushi;
  return best;
}
