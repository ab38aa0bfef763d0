// The Chinese games' special hand shapes as readings: seven pairs, thirteen orphans, knitted straight, honors and knitted tiles.
import { kokushiPairOf, readHand } from './readings.js';
import type { TileKind } from './tiles.js';

/*
 * Every function takes `counts`: the concealed tiles INCLUDING the winning tile (34 kinds), as readHand does.
 * These shapes exist only in 13-tile hands (MCR, Hong Kong, Zung Jung, Vietnamese); mcr.md §7 defines them.
 *
 * Knitted sequence (mcr.md §7.1): ranks 1-4-7 of one suit, 2-5-8 of another, 3-6-9 of the third. Six exist,
 * one per order of the suits; KNITTED_SEQUENCES[q] lists its nine kinds, the 147 suit first.
 * Example: q = 0 is 147m 258p 369s.
 */
export const KNITTED_SEQUENCES: readonly (readonly TileKind[])[] = (() => {
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  return orders.map((suits) =>
    Object.freeze(suits.flatMap((suit, offset) => [0, 3, 6].map((rank) => suit * 9 + offset + rank))),
  );
})();

/** 1 at each kind of knitted sequence q, by q (for fast membership tests). */
const IN_SEQUENCE: readonly Uint8Array[] = KNITTED_SEQUENCES.map((kinds) => {
  const mask = new Uint8Array(34);
  for (const k of kinds) mask[k] = 1;
  return mask;
});

/**
 * The seven pairs of a 14-tile concealed hand, ascending, or null. `fourAsTwoPairs`: four of a kind held (not
 * declared as a kong) counts as two pairs (MCR, seed 003); riichi forbids it (readings.ts).
 * Example: 1111m 22p 33p 44p 55p 66p with fourAsTwoPairs → [0, 0, 10, 11, 12, 13, 14].
 */
export function sevenPairsOf(counts: Uint8Array, fourAsTwoPairs: boolean): TileKind[] | null {
  const pairs: TileKind[] = [];
  for (let k = 0; k < 34; k++) {
    const n = counts[k]!;
    if (n === 0) continue;
    if (n === 2) pairs.push(k);
    else if (n === 4 && fourAsTwoPairs) pairs.push(k, k);
    else return null;
  }
  return pairs.length === 7 ? pairs : null;
}

/** The kind held twice in a thirteen-orphans hand (one of each terminal and honour plus one more), or -1. */
export function thirteenOrphansPair(counts: Uint8Array): TileKind {
  let total = 0;
  for (let k = 0; k < 34; k++) total += counts[k]!;
  return total === 14 ? kokushiPairOf(counts) : -1;
}

export interface HonorsAndKnitted {
  /** Index into KNITTED_SEQUENCES. */
  readonly sequence: number;
  /** All seven honours present (Greater Honors and Knitted Tiles); else Lesser. */
  readonly greater: boolean;
  /** All nine tiles of the knitted sequence present (the hand adds Knitted Straight). */
  readonly knittedStraight: boolean;
}

/**
 * Honors and Knitted Tiles (mcr.md §7.1): 14 different tiles, each a tile of one knitted sequence or an
 * honour. Returns the sequence, or null. Example: 147m 258s 369p ESWN + 7z → sequence of 147m 258s 369p,
 * lesser, with a knitted straight.
 */
export function honorsAndKnittedOf(counts: Uint8Array): HonorsAndKnitted | null {
  let honors = 0;
  let suited = 0;
  for (let k = 0; k < 34; k++) {
    const n = counts[k]!;
    if (n === 0) continue;
    if (n > 1) return null;
    if (k >= 27) honors++;
    else suited++;
  }
  if (honors + suited !== 14 || suited < 7) return null;
  for (let q = 0; q < 6; q++) {
    const mask = IN_SEQUENCE[q]!;
    let inside = 0;
    for (let k = 0; k < 27; k++) if (counts[k] && mask[k]) inside++;
    if (inside === suited) return { sequence: q, greater: honors === 7, knittedStraight: suited === 9 };
  }
  return null;
}

/** Each knitted sequence's nine kinds as a bit mask over the 27 suited kinds. */
const KNITTED_MASKS = Int32Array.from(KNITTED_SEQUENCES, (kinds) =>
  kinds.reduce((mask, k) => mask | (1 << k), 0),
);
const NONE: readonly number[] = Object.freeze([]);

/** The knitted sequences whose nine tiles the concealed hand holds (each at least once), as indexes. */
export function knittedSequencesHeld(counts: Uint8Array): readonly number[] {
  let held = 0;
  for (let k = 0; k < 27; k++) if (counts[k]! > 0) held |= 1 << k;
  let out: number[] | undefined;
  for (let q = 0; q < 6; q++) if ((held & KNITTED_MASKS[q]!) === KNITTED_MASKS[q]) (out ??= []).push(q);
  return out ?? NONE;
}

const rest = new Uint8Array(34);

/**
 * The Knitted Straight standard form (mcr.md §7): the nine tiles of knitted sequence `q` plus one set and a
 * pair, the set possibly declared (meldCount 0 or 1). Reads the concealed tiles beside the nine knitted ones
 * into READINGS (readings.ts) and returns how many readings there are (0: not this shape); read them at once.
 * The knitted tiles are not in the readings: the caller knows them from q.
 */
export function readKnittedStraight(counts: Uint8Array, meldCount: number, q: number): number {
  if (meldCount > 1) return 0;
  const kinds = KNITTED_SEQUENCES[q]!;
  for (let k = 0; k < 34; k++) rest[k] = counts[k]!;
  for (const k of kinds) {
    if (rest[k] === 0) return 0;
    rest[k]!--;
  }
  return readHand(rest, meldCount, 1);
}

/** The counts readKnittedStraight read last (the concealed tiles beside the knitted ones). */
export const knittedRest = (): Uint8Array => rest;
