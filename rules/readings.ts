// Table-driven readings of a complete hand into reusable buffers: each suit's readings are memoised by its nine counts.
import type { Decomposition, Group, WaitShape, WinPlacement } from './reading-types.js';
import { KIND_COUNT, TERMINALS_AND_HONORS, type TileKind } from './tiles.js';

/** Group types in the buffer: the codes of yaku/context.ts (SEQUENCE 0, TRIPLET 1). */
export const READ_SEQUENCE = 0;
export const READ_TRIPLET = 1;
/** Reading shapes in the buffer. */
export const READ_STANDARD = 0;
export const READ_CHIITOITSU = 1;
export const READ_KOKUSHI = 2;

/** Group slots per reading in READINGS: room for five sets (16-tile hands). */
export const GROUP_STRIDE = 5;

/**
 * The readings found by the last `readHand` call, reused by every call (scoring is synchronous and never
 * re-enters it). Reading i: `shape[i]`, `pair[i]` (standard and kokushi; -1 for chiitoitsu) and, for a
 * standard reading, its `sets` groups at `type[GROUP_STRIDE·i + g]` / `first[GROUP_STRIDE·i + g]`, ascending
 * as in `decompose`. The arrays are replaced when they grow: read them after the call.
 */
export const READINGS = {
  count: 0,
  sets: 0,
  shape: new Uint8Array(8),
  pair: new Int8Array(8),
  type: new Uint8Array(8 * GROUP_STRIDE),
  first: new Uint8Array(8 * GROUP_STRIDE),
};

/**
 * The suit tables live in one byte pool (few cache lines per hand instead of a graph of small objects).
 * An entry: the number of pair groups, then per group its pair offset (NO_PAIR for a suit without the pair)
 * and its reading count, then the readings; a reading: its set count, then one code per set,
 * type << 4 | offset, ascending (a triplet before a sequence of the same offset).
 */
let POOL = new Uint8Array(1 << 14);
/** Bytes in use; offset 0 holds the empty reading (0 sets) shared by suits without tiles. */
let poolSize = 1;
const NO_PAIR = 15;
const EMPTY_READING_AT = 0;

/**
 * Pool offset of each suit's entry (-1: the suit cannot be read) by its counts packed three bits a count
 * (offset i at bits 3i..3i+2, a small integer key). A count above 7 (possible only in hand-made counts)
 * gets the key 2^27 + its base-15 number instead. Filled on first sight; cleared with the pool (between two
 * readHand calls, never during one) if it ever grows past its bound, so a long-running process cannot leak
 * through it.
 */
const SUIT_TABLE = new Map<number, number>();
const SUIT_TABLE_BOUND = 100_000;
const WIDE_KEY = 1 << 27;

/**
 * A two-way set-associative cache in front of SUIT_TABLE (packed keys only, below WIDE_KEY): one typed
 * array read with one multiply-shift hash, where a Map lookup costs a hash and a walk through a larger
 * table per suit. Slot i holds its key at 2i and its entry at 2i + 1; slots 2j and 2j + 1 form a set (16
 * bytes, one cache line), the most recently filled first. Two ways keep two keys of one hash (a few
 * thousand suit shapes in 16K slots collide often enough to matter when every collision is a Map lookup).
 */
const RECENT_BITS = 14;
const RECENT = new Int32Array(2 << RECENT_BITS).fill(-1);

function suitEntry(key: number, counts: Uint8Array, base: number): number {
  const narrow = key < WIDE_KEY;
  const at = (Math.imul(key, 0x9e3779b1) >>> (32 - RECENT_BITS)) << 1;
  const first = at & ~3; // the set's first slot
  if (narrow) {
    if (RECENT[first] === key) return RECENT[first + 1]!;
    if (RECENT[first + 2] === key) return RECENT[first + 3]!;
  }
  let entry = SUIT_TABLE.get(key);
  if (entry === undefined) {
    entry = readSuit(counts, base);
    SUIT_TABLE.set(key, entry);
  }
  if (narrow) {
    RECENT[first + 2] = RECENT[first]!;
    RECENT[first + 3] = RECENT[first + 1]!;
    RECENT[first] = key;
    RECENT[first + 1] = entry;
  }
  return entry;
}

/** The key of a suit's nine counts when one of them exceeds 7. */
function wideKey(counts: Uint8Array, base: number): number {
  let key = 0;
  for (let k = base + 8; k >= base; k--) key = key * 15 + counts[k]!;
  return WIDE_KEY + key;
}

const suitCounts = new Uint8Array(9);
/** A suit entry being built, as bytes (see POOL). */
const building: number[] = [];

/** Every reading of one suit as sets, plus a pair when its tile count is 2 mod 3 (pairs ascending). */
function readSuit(counts: Uint8Array, base: number): number {
  const c = suitCounts;
  let total = 0;
  for (let i = 0; i < 9; i++) {
    c[i] = counts[base + i]!;
    total += c[i]!;
  }
  const residue = total % 3;
  if (residue === 1) return -1;
  const out = building;
  out.length = 0;
  out.push(0);
  const codes: number[] = [];
  for (let pair = residue === 0 ? -1 : 0; pair < (residue === 0 ? 0 : 9); pair++) {
    if (pair >= 0 && c[pair]! < 2) continue;
    if (pair >= 0) c[pair]! -= 2;
    const head = out.length;
    out.push(pair < 0 ? NO_PAIR : pair, 0);
    const readings = readSuitSets(c, 0, codes, out);
    if (pair >= 0) c[pair]! += 2;
    if (readings === 0) out.length = head;
    else {
      if (readings > 255) throw new Error(`${readings} readings of one suit: more than the pool encodes`);
      out[head + 1] = readings;
      out[0]!++;
    }
  }
  if (out[0] === 0) return -1;
  while (poolSize + out.length > POOL.length) {
    const grown = new Uint8Array(POOL.length * 2);
    grown.set(POOL);
    POOL = grown;
  }
  const at = poolSize;
  for (let i = 0; i < out.length; i++) POOL[at + i] = out[i]!;
  poolSize += out.length;
  return at;
}

/**
 * Reads a suit's counts (from offset `from` on) as sets, appending each reading to `out`; returns how many.
 * The lowest held offset i is covered only by groups starting at i: its n copies split as t triplets +
 * s sequences with 3t + s = n, t = 1 first, then t = 0 (the order and the rule of the whole-hand search this
 * replaces; each split is a distinct multiset).
 */
function readSuitSets(c: Uint8Array, from: number, codes: number[], out: number[]): number {
  let i = from;
  while (i < 9 && c[i] === 0) i++;
  if (i === 9) {
    out.push(codes.length, ...codes);
    return 1;
  }
  const n = c[i]!;
  let found = 0;
  for (let triplets = n >= 3 ? 1 : 0; triplets >= 0; triplets--) {
    const sequences = n - 3 * triplets;
    if (sequences > 0 && (i > 6 || c[i + 1]! < sequences || c[i + 2]! < sequences)) continue;
    c[i] = 0;
    if (sequences > 0) {
      c[i + 1]! -= sequences;
      c[i + 2]! -= sequences;
    }
    const depth = codes.length;
    if (triplets) codes.push((READ_TRIPLET << 4) | i);
    for (let s = 0; s < sequences; s++) codes.push((READ_SEQUENCE << 4) | i);
    found += readSuitSets(c, i + 1, codes, out);
    codes.length = depth;
    c[i] = n;
    if (sequences > 0) {
      c[i + 1]! += sequences;
      c[i + 2]! += sequences;
    }
  }
  return found;
}

/** 1 for the 13 terminal and honour kinds. */
export const IS_YAOCHU = new Uint8Array(KIND_COUNT);
for (const k of TERMINALS_AND_HONORS) IS_YAOCHU[k] = 1;

/** By count: 1 for a kind held twice, 256 for a kind held 1 or 3+ times (seven pairs needs exactly 7). */
const TALLY = Uint16Array.from({ length: 256 }, (_, n) => (n === 2 ? 1 : n === 0 ? 0 : 256));
/** By count: 1 for a terminal or honour held once or twice (thirteen orphans). */
const ORPHAN = Uint8Array.from({ length: 256 }, (_, n) => (n === 1 || n === 2 ? 1 : 0));

const honorTriplets = new Uint8Array(7);
const suitKeys = new Int32Array(3);
const suitTotals = new Int32Array(3);
/** Per suit: pool offset of its first reading and the number of readings to combine. */
const listStart = new Int32Array(3);
const listCount = new Int32Array(3);
/** Per suit: 1 when a count does not fit three bits (see SUIT_TABLE). */
const suitWide = new Uint8Array(3);
/** The counts of the readHand call in progress. */
let handCounts: Uint8Array = new Uint8Array(KIND_COUNT);

function grow(): void {
  const r = READINGS;
  const cap = r.shape.length * 2;
  const shape = new Uint8Array(cap);
  shape.set(r.shape);
  const pair = new Int8Array(cap);
  pair.set(r.pair);
  const type = new Uint8Array(cap * GROUP_STRIDE);
  type.set(r.type);
  const first = new Uint8Array(cap * GROUP_STRIDE);
  first.set(r.first);
  r.shape = shape;
  r.pair = pair;
  r.type = type;
  r.first = first;
}

/** Appends a reading of the given shape and pair; returns its index. */
function addReading(shape: number, pair: number): number {
  const r = READINGS;
  if (r.count === r.shape.length) grow();
  const i = r.count++;
  r.shape[i] = shape;
  r.pair[i] = pair;
  return i;
}

/**
 * Reads `counts` (the concealed tiles with the winning tile, melds excluded: 3·(handSets - meldCount) + 2
 * tiles, 14 - 3·meldCount for the default 13-tile hand) every way into READINGS and returns how many readings
 * there are: standard ones in the order of `decompose` (by pair kind, then each suit's choices man first),
 * then seven pairs, then thirteen orphans (those two only when meldCount is 0 and handSets is 4). The caller
 * checks meldCount (an integer 0-handSets). `handSets` 1-3 read part of a hand (rules/special-shapes.ts reads
 * the set and pair beside a knitted straight with 1).
 */
export function readHand(counts: Uint8Array, meldCount: number, handSets = 4): number {
  if (SUIT_TABLE.size >= SUIT_TABLE_BOUND) {
    SUIT_TABLE.clear();
    RECENT.fill(-1);
    poolSize = 1;
  }
  handCounts = counts;
  const r = READINGS;
  r.count = 0;
  r.sets = handSets - meldCount;
  let total = 0;
  // Tallies for seven pairs (TALLY: kinds held twice, plus 256 per kind held otherwise) and thirteen orphans
  // (terminal and honour kinds held once or twice, simples held).
  let tally = 0;
  let orphans = 0;
  let simples = 0;
  for (let s = 0, base = 0; s < 3; s++, base += 9) {
    // Written out: this runs for every scored hand, and the unrolled form is branch-free.
    const one = counts[base]!;
    const c2 = counts[base + 1]!;
    const c3 = counts[base + 2]!;
    const c4 = counts[base + 3]!;
    const c5 = counts[base + 4]!;
    const c6 = counts[base + 5]!;
    const c7 = counts[base + 6]!;
    const c8 = counts[base + 7]!;
    const nine = counts[base + 8]!;
    const middle = c2 + c3 + c4 + c5 + c6 + c7 + c8;
    const suitTotal = one + middle + nine;
    tally +=
      TALLY[one]! +
      TALLY[c2]! +
      TALLY[c3]! +
      TALLY[c4]! +
      TALLY[c5]! +
      TALLY[c6]! +
      TALLY[c7]! +
      TALLY[c8]! +
      TALLY[nine]!;
    orphans += ORPHAN[one]! + ORPHAN[nine]!;
    simples += middle;
    suitKeys[s] =
      one |
      (c2 << 3) |
      (c3 << 6) |
      (c4 << 9) |
      (c5 << 12) |
      (c6 << 15) |
      (c7 << 18) |
      (c8 << 21) |
      (nine << 24);
    suitWide[s] = (one | c2 | c3 | c4 | c5 | c6 | c7 | c8 | nine) > 7 ? 1 : 0;
    suitTotals[s] = suitTotal;
    total += suitTotal;
  }
  let honorPair = -1;
  let honorSets = 0;
  let honorsReadable = true;
  for (let k = 27; k < KIND_COUNT; k++) {
    const n = counts[k]!;
    total += n;
    if (n === 0) continue;
    orphans += ORPHAN[n]!;
    tally += TALLY[n]!;
    if (n === 3) honorTriplets[honorSets++] = k;
    else if ((n === 2 || n === 5) && honorPair < 0) {
      // 5 copies (waits.ts asks about a fifth tile) read as the pair and a triplet.
      honorPair = k;
      if (n === 5) honorTriplets[honorSets++] = k;
    } else honorsReadable = false;
  }
  if (total !== 3 * (handSets - meldCount) + 2) return 0;
  if (honorsReadable) readStandard(honorPair, honorSets);
  if (meldCount === 0 && handSets === 4) {
    // Seven pairs of seven distinct kinds (four of a kind is not two pairs, riichi.md §8).
    if (tally === 7) addReading(READ_CHIITOITSU, -1);
    // All 13 terminal and honour kinds once or twice in 14 tiles: one of them is the pair.
    if (orphans === 13 && simples === 0) addReading(READ_KOKUSHI, kokushiPairOf(counts));
  }
  return r.count;
}

/** The standard readings, given the honours (read above) and the suit keys and totals. */
function readStandard(honorPair: number, honorSets: number): void {
  // Exactly one of the four suits holds the pair (2 mod 3 tiles), the others 0 mod 3.
  let pairSuit = honorPair >= 0 ? 3 : -1;
  for (let s = 0; s < 3; s++) {
    const residue = suitTotals[s]! % 3;
    if (residue === 1) return;
    if (residue === 2) {
      if (pairSuit >= 0) return;
      pairSuit = s;
    }
  }
  if (pairSuit < 0) return;
  let pairEntry = -1;
  for (let s = 0; s < 3; s++) {
    if (suitTotals[s] === 0) {
      listStart[s] = EMPTY_READING_AT;
      listCount[s] = 1;
      continue;
    }
    const key = suitWide[s] ? wideKey(handCounts, 9 * s) : suitKeys[s]!;
    const entry = suitEntry(key, handCounts, 9 * s);
    if (entry < 0) return;
    if (s === pairSuit) pairEntry = entry;
    else {
      // One group without a pair: [1, NO_PAIR, count, readings...].
      listCount[s] = POOL[entry + 2]!;
      listStart[s] = entry + 3;
    }
  }
  if (pairEntry < 0) {
    writeProduct(honorPair, honorSets);
    return;
  }
  // Read after the lookups: a new entry may have grown the pool.
  const groups = POOL[pairEntry]!;
  let at = pairEntry + 1;
  for (let g = 0; g < groups; g++) {
    const pair = POOL[at]!;
    const count = POOL[at + 1]!;
    at += 2;
    listStart[pairSuit] = at;
    listCount[pairSuit] = count;
    writeProduct(pairSuit * 9 + pair, honorSets);
    for (let i = 0; i < count; i++) at += 1 + POOL[at]!;
  }
}

/** Adds every combination of the three suits' readings in listStart/listCount (man slowest), with the honour triplets. */
function writeProduct(pair: number, honorSets: number): void {
  const pool = POOL;
  let a = listStart[0]!;
  for (let ai = listCount[0]!; ai > 0; ai--, a += 1 + pool[a]!) {
    let b = listStart[1]!;
    for (let bi = listCount[1]!; bi > 0; bi--, b += 1 + pool[b]!) {
      let c = listStart[2]!;
      for (let ci = listCount[2]!; ci > 0; ci--, c += 1 + pool[c]!) {
        const i = addReading(READ_STANDARD, pair);
        let g = GROUP_STRIDE * i;
        g = writeSuit(pool, a, 0, g);
        g = writeSuit(pool, b, 9, g);
        g = writeSuit(pool, c, 18, g);
        const r = READINGS;
        for (let h = 0; h < honorSets; h++, g++) {
          r.type[g] = READ_TRIPLET;
          r.first[g] = honorTriplets[h]!;
        }
      }
    }
  }
}

/** Copies the suit reading at pool offset `at` into READINGS from group slot `slot`; returns the next slot. */
function writeSuit(pool: Uint8Array, at: number, base: number, slot: number): number {
  const r = READINGS;
  const type = r.type;
  const first = r.first;
  const size = pool[at]!;
  let g = slot;
  for (let j = 1; j <= size; j++, g++) {
    const code = pool[at + j]!;
    type[g] = code >> 4;
    first[g] = base + (code & 15);
  }
  return g;
}

/**
 * One of each terminal and honour plus a second copy of one of them: that kind, or -1. Looks at the 13
 * terminal and honour kinds only (the caller knows whether other tiles are held).
 */
export function kokushiPairOf(counts: Uint8Array): number {
  let pair = -1;
  let held = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    if (!IS_YAOCHU[k]) continue;
    const n = counts[k]!;
    if (n === 0 || n > 2) return -1;
    if (n === 2) {
      if (pair >= 0) return -1;
      pair = k;
    }
    held += n;
  }
  return pair >= 0 && held === 14 ? pair : -1;
}

/** Wait shapes by code, as placeWin reports them. */
export const WAIT_SHAPES: readonly WaitShape[] = [
  'ryanmen',
  'kanchan',
  'penchan',
  'shanpon',
  'tanki',
  'kokushi',
  'kokushi13',
  'chiitoitsu',
];
const RYANMEN = 0;
const KANCHAN = 1;
const PENCHAN = 2;
export const SHANPON = 3;
const TANKI = 4;
const KOKUSHI = 5;
const KOKUSHI13 = 6;
const CHIITOITSU = 7;

/**
 * Where the winning kind sits in reading i, as in `winPlacements`: the wait shape's code (WAIT_SHAPES) and
 * the group index (-1 = the pair) of placement j at PLACED.shape[j] / PLACED.group[j], for j below the
 * returned count (at most six: the pair and five groups). `counts` are those given to readHand.
 */
export const PLACED = {
  shape: new Uint8Array(GROUP_STRIDE + 1),
  group: new Int8Array(GROUP_STRIDE + 1),
};

export function placeWin(counts: Uint8Array, i: number, winKind: TileKind): number {
  const r = READINGS;
  const placed = PLACED;
  const shapeOf = r.shape[i];
  if (shapeOf === READ_CHIITOITSU) {
    if (counts[winKind] !== 2) return 0;
    placed.shape[0] = CHIITOITSU;
    placed.group[0] = -1;
    return 1;
  }
  if (shapeOf === READ_KOKUSHI) {
    // The winning tile made the pair: the hand held all thirteen and waited on any of them.
    if (r.pair[i] === winKind) placed.shape[0] = KOKUSHI13;
    else if (IS_YAOCHU[winKind]) placed.shape[0] = KOKUSHI;
    else return 0;
    placed.group[0] = -1;
    return 1;
  }
  let n = 0;
  if (r.pair[i] === winKind) {
    placed.shape[0] = TANKI;
    placed.group[0] = -1;
    n = 1;
  }
  const base = GROUP_STRIDE * i;
  const sets = r.sets;
  const types = r.type;
  const firsts = r.first;
  for (let index = 0; index < sets; index++) {
    const type = types[base + index]!;
    const first = firsts[base + index]!;
    let shape: number;
    if (type === READ_TRIPLET) {
      if (first !== winKind) continue;
      shape = SHANPON;
    } else {
      const offset = winKind - first;
      if (offset < 0 || offset > 2) continue;
      const position = first % 9; // 0 = the sequence 123
      if (offset === 1) shape = KANCHAN;
      else if (offset === 0)
        shape = position === 6 ? PENCHAN : RYANMEN; // 7 waiting with 89
      else shape = position === 0 ? PENCHAN : RYANMEN; // 3 waiting with 12
    }
    // Identical groups (two 123m) give one placement, at the first of them: they score the same.
    let repeated = false;
    for (let before = 0; before < index; before++) {
      if (types[base + before] === type && firsts[base + before] === first) repeated = true;
    }
    if (repeated) continue;
    placed.shape[n] = shape;
    placed.group[n] = index;
    n++;
  }
  return n;
}

// Shared frozen groups and placements: the objects handed out are built from these, never per group.
const TRIPLETS: readonly Group[] = Array.from({ length: KIND_COUNT }, (_, first) =>
  Object.freeze({ kind: 'triplet' as const, first }),
);
const SEQUENCES: readonly Group[] = Array.from({ length: KIND_COUNT }, (_, first) =>
  Object.freeze({ kind: 'sequence' as const, first }),
);
/** By shape code, the placements at group index -1 (the pair) to 4. */
const PLACEMENT_OBJECTS: readonly (readonly WinPlacement[])[] = WAIT_SHAPES.map((shape) =>
  [-1, 0, 1, 2, 3, 4].map((groupIndex): WinPlacement => Object.freeze({ shape, groupIndex })),
);

/** The shared frozen placement object of a shape code and group index (-1 = the pair, 0-4 a group). */
export const placementOf = (shape: number, groupIndex: number): WinPlacement =>
  PLACEMENT_OBJECTS[shape]![groupIndex + 1]!;

/** Reading i of the buffer as a Decomposition object (fresh arrays; the groups are shared frozen objects). */
export function decompositionAt(counts: Uint8Array, i: number): Decomposition {
  const r = READINGS;
  const shape = r.shape[i];
  if (shape === READ_KOKUSHI) return { shape: 'kokushi', pair: r.pair[i]! };
  if (shape === READ_CHIITOITSU) {
    const pairs: TileKind[] = [];
    for (let k = 0; k < KIND_COUNT; k++) if (counts[k] === 2) pairs.push(k);
    return { shape: 'chiitoitsu', pairs };
  }
  // An exactly sized list (one is built per scored hand).
  const groups: Group[] = new Array<Group>(r.sets);
  for (let g = 0; g < r.sets; g++) groups[g] = groupAt(GROUP_STRIDE * i + g);
  return { shape: 'standard', pair: r.pair[i]!, groups };
}

const groupAt = (at: number): Group =>
  (READINGS.type[at] === READ_TRIPLET ? TRIPLETS : SEQUENCES)[READINGS.first[at]!]!;
