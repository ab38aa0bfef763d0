// Tests for the Chinese special shapes: seven pairs (with four of a kind), thirteen orphans, knitted straight, honors and knitted tiles.
import { describe, expect, it } from 'vitest';
import { READINGS } from './readings.js';
import {
  honorsAndKnittedOf,
  KNITTED_SEQUENCES,
  knittedSequencesHeld,
  readKnittedStraight,
  sevenPairsOf,
  thirteenOrphansPair,
} from './special-shapes.js';
import { countKinds, formatKind, tilesOf } from './tiles.js';

const counts = (text: string): Uint8Array => countKinds(tilesOf(text));

describe('special shapes', () => {
  it('lists the six knitted sequences, each 147/258/369 over three different suits', () => {
    expect(KNITTED_SEQUENCES).toHaveLength(6);
    expect(KNITTED_SEQUENCES[0]!.map(formatKind).join('')).toBe('1m4m7m2p5p8p3s6s9s');
    const seen = new Set<string>();
    for (const kinds of KNITTED_SEQUENCES) {
      const suits = [0, 3, 6].map((i) => Math.floor(kinds[i]! / 9));
      expect(new Set(suits).size).toBe(3);
      seen.add(kinds.join(','));
    }
    expect(seen.size).toBe(6);
  });

  it('reads seven pairs, four of a kind as two pairs only when the game allows it (seed 003)', () => {
    expect(sevenPairsOf(counts('1133557799m1133p'), false)).toEqual([0, 2, 4, 6, 8, 9, 11]);
    expect(sevenPairsOf(counts('1111m22p33p44s55s66z'), false)).toBeNull();
    expect(sevenPairsOf(counts('1111m22p33p44s55s66z'), true)).toEqual([0, 0, 10, 11, 21, 22, 32]);
    expect(sevenPairsOf(counts('111m22p33p44s55s66z7z'), true)).toBeNull();
  });

  it('reads thirteen orphans', () => {
    expect(thirteenOrphansPair(counts('19m19p19s12345677z'))).toBe(33);
    expect(thirteenOrphansPair(counts('19m19p19s1234567z'))).toBe(-1); // 13 tiles
    expect(thirteenOrphansPair(counts('119m9p19s1234567z'))).toBe(-1); // 1p missing
  });

  it('reads honors and knitted tiles, lesser and greater (mcr.md §7.1, example 11.5)', () => {
    expect(honorsAndKnittedOf(counts('147m258s369p1234z7z'))).toEqual({
      sequence: KNITTED_SEQUENCES.findIndex((k) => k.join() === '0,3,6,19,22,25,11,14,17'),
      greater: false,
      knittedStraight: true,
    });
    const greater = honorsAndKnittedOf(counts('14m258s39p1234567z'));
    expect(greater?.greater).toBe(true);
    expect(greater?.knittedStraight).toBe(false);
    expect(honorsAndKnittedOf(counts('14m258s35p1234567z'))).toBeNull(); // beside 14m and 258s the dots are 369p: 5p is not
    expect(honorsAndKnittedOf(counts('147m258s369p1234z4z'))).toBeNull(); // a pair
  });

  it('reads the knitted straight standard form: nine knitted tiles, one set and a pair', () => {
    const c = counts('147m258p369s234m55z');
    expect(knittedSequencesHeld(c)).toEqual([0]);
    const n = readKnittedStraight(c, 0, 0);
    expect(n).toBe(1);
    expect(READINGS.pair[0]).toBe(31);
    expect(READINGS.first[0]).toBe(1); // 234m
    // With the set declared: the pair only.
    expect(readKnittedStraight(counts('147m258p369s55z'), 1, 0)).toBe(1);
    expect(readKnittedStraight(counts('147m258p369s234m56z'), 0, 0)).toBe(0);
  });
});
