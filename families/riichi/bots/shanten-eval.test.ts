// The bot's incremental shanten gives the same numbers as rules/shanten.ts for every question it answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shanten } from '../../../rules/shanten.js';
import { countKinds, KIND_COUNT, tilesOf } from '../../../rules/tiles.js';
import { ShantenEval } from './shanten-eval.js';

/** A random hand: `size` distinct tiles of a 136-tile set (at most four of a kind). */
const handArb = (size: number) =>
  fc
    .shuffledSubarray(
      Array.from({ length: 136 }, (_, i) => i >> 2),
      { minLength: size, maxLength: size },
    )
    .map((kinds) => {
      const counts = new Uint8Array(KIND_COUNT);
      for (const k of kinds) counts[k]!++;
      return counts;
    });

describe('ShantenEval', () => {
  it('matches rules shanten on known hands', () => {
    const ev = new ShantenEval();
    for (const [text, melds, expected] of [
      ['123m456p789s1122z', 0, 0],
      ['123m456p789s11222z', 0, -1],
      ['19m19p19s1234567z', 0, 0],
      ['1133557799m113p', 0, 0],
      ['147m258p369s1234z', 0, 6],
      ['2345m', 3, 0],
    ] as const) {
      ev.load(countKinds(tilesOf(text)), melds);
      expect(ev.current(), text).toBe(expected);
      expect(ev.current(), text).toBe(shanten(countKinds(tilesOf(text)), melds));
    }
  });

  it('agrees with rules shanten after adding or removing any tile (random hands, every meld count)', () => {
    const ev = new ShantenEval();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (melds, drawn, pick) => {
          const size = 13 - 3 * melds + (drawn ? 1 : 0);
          const counts = fc.sample(handArb(size), { seed: pick, numRuns: 1 })[0]!;
          ev.load(counts, melds);
          expect(ev.current()).toBe(shanten(counts, melds));
          for (let k = 0; k < KIND_COUNT; k++) {
            if (counts[k]! < 4) {
              counts[k]!++;
              expect(ev.withTile(k)).toBe(shanten(counts, melds));
              counts[k]!--;
            }
            if (counts[k]! > 0) {
              counts[k]!--;
              expect(ev.withoutTile(k)).toBe(shanten(counts, melds));
              counts[k]!++;
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a fifth copy and a tile it does not hold', () => {
    const ev = new ShantenEval();
    ev.load(countKinds(tilesOf('1111m23456789p11z')), 0);
    expect(() => ev.withTile(0)).toThrow(/four/);
    expect(() => ev.withoutTile(5)).toThrow(/holds none/);
  });
});
