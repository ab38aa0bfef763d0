// Every reading of a complete hand (four sets and a pair, seven pairs, thirteen orphans) and where the winning tile sits in it.
import { KIND_COUNT, TERMINALS_AND_HONORS, type TileKind } from './tiles.js';

/** A concealed group found in the hand. A sequence covers first, first+1, first+2. */
export interface Group {
  readonly kind: 'sequence' | 'triplet';
  readonly first: TileKind;
}
export interface StandardDecomposition {
  readonly shape: 'standard';
  readonly pair: TileKind;
  /** Concealed groups in ascending order of `first` (a triplet before a sequence of the same first). */
  readonly groups: readonly Group[];
}
export interface ChiitoitsuDecomposition {
  readonly shape: 'chiitoitsu';
  /** Seven distinct kinds, ascending. */
  readonly pairs: readonly TileKind[];
}
export interface KokushiDecomposition {
  readonly shape: 'kokushi';
  /** The terminal or honour held twice. */
  readonly pair: TileKind;
}
export type Decomposition = StandardDecomposition | ChiitoitsuDecomposition | KokushiDecomposition;

export type WaitShape =
  'ryanmen' | 'kanchan' | 'penchan' | 'shanpon' | 'tanki' | 'kokushi' | 'kokushi13' | 'chiitoitsu';
/** One way the winning tile sits in a decomposition: which group it completed (index into groups, or -1 = the pair). */
export interface WinPlacement {
  readonly shape: WaitShape;
  readonly groupIndex: number;
}

// Shared frozen groups: decompositions reuse them instead of allocating one object per group.
const TRIPLETS: readonly Group[] = Array.from({ length: KIND_COUNT }, (_, first) =>
  Object.freeze({ kind: 'triplet' as const, first }),
);
const SEQUENCES: readonly Group[] = Array.from({ length: KIND_COUNT }, (_, first) =>
  Object.freeze({ kind: 'sequence' as const, first }),
);

/** 1 for the 13 terminal and honour kinds (a typed array: hot loops read it faster than the shared list). */
const IS_YAOCHU = new Uint8Array(KIND_COUNT);
for (const k of TERMINALS_AND_HONORS) IS_YAOCHU[k] = 1;

/** Scratch counts for decompose (never re-entered: it calls no outside code while it reads). */
const WORK = new Uint8Array(KIND_COUNT);

/** Whether a sequence may start at this kind (1-7 of a suit; 8-9-1 does not wrap, honours never run). */
const startsSequence = (kind: TileKind): boolean => kind < 27 && kind % 9 <= 6;

function checkMeldCount(meldCount: number): void {
  if (!Number.isInteger(meldCount) || meldCount < 0 || meldCount > 4) {
    throw new Error(`meldCount must be an integer 0-4, got ${meldCount}`);
  }
}

/**
 * Every way to read concealed tiles as a complete hand. `counts` (length 34) holds the concealed tiles
 * INCLUDING the winning tile and EXCLUDING declared melds (kans included): 14 - 3*meldCount tiles.
 * Chiitoitsu and kokushi only when meldCount === 0. Returns [] when it is not complete.
 * Duplicates are never returned (e.g. 111222333m as three triplets and as three sequences are two entries).
 * A count may exceed 4 (waits.ts asks about a fifth copy of a kind held four times); the shape rules still apply.
 */
export function decompose(counts: Uint8Array, meldCount: number): Decomposition[] {
  checkMeldCount(meldCount);
  let total = 0;
  for (let k = 0; k < KIND_COUNT; k++) total += counts[k]!;
  const out: Decomposition[] = [];
  if (total !== 14 - 3 * meldCount) return out;
  const work = WORK;
  work.set(counts.subarray(0, KIND_COUNT));
  const groups: Group[] = [];
  const setsNeeded = 4 - meldCount;
  for (let pair = 0; pair < KIND_COUNT; pair++) {
    if (work[pair]! < 2) continue;
    work[pair]! -= 2;
    readSets(work, 0, setsNeeded, groups, pair, out);
    work[pair]! += 2;
  }
  if (meldCount === 0) {
    const chiitoitsu = readChiitoitsu(counts);
    if (chiitoitsu) out.push(chiitoitsu);
    const kokushi = readKokushi(counts);
    if (kokushi) out.push(kokushi);
  }
  return out;
}

/**
 * Reads `work` (from kind `from` on) as exactly `left` sets, adding to `out` one standard decomposition (with
 * `pair`) per distinct multiset of groups.
 * Why no duplicates: the lowest held kind i can only be covered by groups that start at i, so its n copies
 * split as t triplets + s sequences starting at i with 3t + s = n (t = 0 or 1); each split is a distinct multiset.
 * (A naive "triplet or sequence first" search finds 111123 twice, as 111+123 and as 123+111.)
 */
function readSets(
  work: Uint8Array,
  from: number,
  left: number,
  groups: Group[],
  pair: TileKind,
  out: Decomposition[],
): void {
  let i = from;
  while (i < KIND_COUNT && work[i] === 0) i++;
  if (i === KIND_COUNT) {
    if (left === 0) out.push({ shape: 'standard', pair, groups: groups.slice() });
    return;
  }
  const n = work[i]!;
  for (let triplets = n >= 3 ? 1 : 0; triplets >= 0; triplets--) {
    const sequences = n - 3 * triplets;
    if (triplets + sequences > left) continue;
    if (sequences > 0 && (!startsSequence(i) || work[i + 1]! < sequences || work[i + 2]! < sequences))
      continue;
    work[i] = 0;
    if (sequences > 0) {
      work[i + 1]! -= sequences;
      work[i + 2]! -= sequences;
    }
    const depth = groups.length;
    if (triplets) groups.push(TRIPLETS[i]!);
    for (let s = 0; s < sequences; s++) groups.push(SEQUENCES[i]!);
    readSets(work, i + 1, left - triplets - sequences, groups, pair, out);
    groups.length = depth;
    work[i] = n;
    if (sequences > 0) {
      work[i + 1]! += sequences;
      work[i + 2]! += sequences;
    }
  }
}

/** Seven pairs of seven distinct kinds (four of a kind is not two pairs, riichi.md §8). */
function readChiitoitsu(counts: Uint8Array): ChiitoitsuDecomposition | undefined {
  const pairs: TileKind[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    const n = counts[k]!;
    if (n === 0) continue;
    if (n !== 2) return undefined;
    pairs.push(k);
  }
  return pairs.length === 7 ? { shape: 'chiitoitsu', pairs } : undefined;
}

/** One of each terminal and honour plus a second copy of one of them, nothing else. */
function readKokushi(counts: Uint8Array): KokushiDecomposition | undefined {
  let pair = -1;
  let held = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    if (!IS_YAOCHU[k]) continue;
    const n = counts[k]!;
    if (n === 0 || n > 2) return undefined;
    if (n === 2) {
      if (pair >= 0) return undefined;
      pair = k;
    }
    held += n;
  }
  return pair >= 0 && held === 14 ? { shape: 'kokushi', pair } : undefined;
}

/**
 * All placements of the winning kind in a decomposition: the pair (tanki), a triplet (shanpon), or a
 * sequence (ryanmen, kanchan, penchan), or the special shapes. Identical groups (two 123m in one hand) give
 * one placement, at the first of them, since they score the same. Example: pair 5p, groups 345m 345m 567s 789s,
 * win 5m → [{ryanmen, 0}]; win 5s → [{ryanmen, 2}]; win 7s → [{ryanmen, 2}, {penchan, 3}].
 * Returns [] when the winning kind is not in the decomposition.
 */
export function winPlacements(decomposition: Decomposition, winKind: TileKind): WinPlacement[] {
  const out: WinPlacement[] = [];
  switch (decomposition.shape) {
    case 'chiitoitsu':
      if (decomposition.pairs.includes(winKind)) out.push({ shape: 'chiitoitsu', groupIndex: -1 });
      return out;
    case 'kokushi':
      // The winning tile made the pair: the hand held all thirteen and waited on any of them.
      if (decomposition.pair === winKind) out.push({ shape: 'kokushi13', groupIndex: -1 });
      else if (IS_YAOCHU[winKind]) out.push({ shape: 'kokushi', groupIndex: -1 });
      return out;
    case 'standard':
      break;
  }
  if (decomposition.pair === winKind) out.push({ shape: 'tanki', groupIndex: -1 });
  const groups = decomposition.groups;
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index]!;
    let shape: WaitShape;
    if (group.kind === 'triplet') {
      if (group.first !== winKind) continue;
      shape = 'shanpon';
    } else {
      const offset = winKind - group.first;
      if (offset < 0 || offset > 2) continue;
      const position = group.first % 9; // 0 = the sequence 123
      if (offset === 1) shape = 'kanchan';
      else if (offset === 0)
        shape = position === 6 ? 'penchan' : 'ryanmen'; // 7 waiting with 89
      else shape = position === 0 ? 'penchan' : 'ryanmen'; // 3 waiting with 12
    }
    let repeated = false;
    for (let before = 0; before < index; before++) {
      const other = groups[before]!;
      if (other.kind === group.kind && other.first === group.first) repeated = true;
    }
    if (!repeated) out.push({ shape, groupIndex: index });
  }
  return out;
}
