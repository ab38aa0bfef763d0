// Tests for shanten: a slow target-enumeration reference, @kobalab/majiang-core, and hand-written cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeHand,
  completeHandWithWilds,
  randomHand,
  tenpaiHand,
  type CountedHand,
} from '../test/arbitraries/hands.js';
import { Majiang, toMajiang } from '../test/arbitraries/majiang.js';
import { decompose } from './decompose.js';
import { shanten, shantenChiitoitsu, shantenKokushi, shantenStandard } from './shanten.js';
import { countKinds, KIND_COUNT, tilesOf } from './tiles.js';

const counts = (text: string): Uint8Array => countKinds(tilesOf(text));

/** 34 triplets and 21 sequences, as kind lists. */
const GROUPS: number[][] = [
  ...Array.from({ length: KIND_COUNT }, (_, k) => [k, k, k]),
  ...Array.from({ length: 21 }, (_, s) => {
    const first = Math.floor(s / 7) * 9 + (s % 7);
    return [first, first + 1, first + 2];
  }),
];

/**
 * Slow reference straight from the definition: shanten = (tiles of the best complete target that the
 * hand lacks) - 1, over every target of 4 - meldCount groups and a pair (a fifth copy allowed). It walks
 * every multiset of groups that share a tile with the hand (other groups are free fillers) and then the
 * best pair for what is left.
 */
function referenceStandard(c: Uint8Array, meldCount: number, handSets = 4): number {
  const sets = handSets - meldCount;
  const rest = c.slice();
  let best = 0;
  const walk = (from: number, left: number, covered: number): void => {
    let pair = 0;
    for (let k = 0; k < KIND_COUNT; k++) pair = Math.max(pair, Math.min(rest[k]!, 2));
    best = Math.max(best, covered + pair);
    if (left === 0) return;
    for (let g = from; g < GROUPS.length; g++) {
      const taken: number[] = [];
      for (const k of GROUPS[g]!) {
        if (rest[k]! > 0) {
          rest[k]!--;
          taken.push(k);
        }
      }
      if (taken.length > 0) walk(g, left - 1, covered + taken.length);
      for (const k of taken) rest[k]!++;
    }
  };
  walk(0, sets, 0);
  return 3 * sets + 1 - best;
}

const total = (c: Uint8Array): number => c.reduce((a, b) => a + b, 0);

/** Hands near and far from complete, in one suit or across the table. */
const anyHand = (): fc.Arbitrary<CountedHand> =>
  fc.oneof(
    randomHand(),
    randomHand({ kinds: [0, 1, 2, 3, 4, 5, 6, 7, 8] }),
    randomHand({ kinds: [0, 1, 2, 3, 4, 5, 6, 7, 8, 27, 28] }),
    randomHand({ kinds: [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33] }),
    tenpaiHand(),
    completeHand(),
  );

describe('shanten', () => {
  it('agrees with the slow target-enumeration reference', () => {
    fc.assert(
      fc.property(anyHand(), ({ counts: c, meldCount }) => {
        expect(shantenStandard(c, meldCount)).toBe(referenceStandard(c, meldCount));
      }),
      { numRuns: 800 },
    );
  });

  it('agrees with @kobalab/majiang-core on every shape', () => {
    fc.assert(
      fc.property(anyHand(), ({ counts: c, meldCount }) => {
        const hand = toMajiang(c, meldCount);
        expect(shantenStandard(c, meldCount)).toBe(Majiang.Util.xiangting_yiban(hand));
        expect(shantenChiitoitsu(c, meldCount)).toBe(Majiang.Util.xiangting_qidui(hand));
        expect(shantenKokushi(c, meldCount)).toBe(Majiang.Util.xiangting_guoshi(hand));
        expect(shanten(c, meldCount)).toBe(Majiang.Util.xiangting(hand));
      }),
      { numRuns: 20_000 },
    );
  });

  it('is -1 exactly for complete hands', () => {
    fc.assert(
      fc.property(completeHand(), ({ counts: c, meldCount }) => {
        expect(shanten(c, meldCount)).toBe(-1);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(anyHand(), ({ counts: c, meldCount }) => {
        fc.pre(total(c) === 14 - 3 * meldCount);
        expect(shanten(c, meldCount) === -1).toBe(decompose(c, meldCount).length > 0);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads 16-tile hands (five sets and a pair): the reference agrees, complete is -1', () => {
    // A complete 16-tile hand, less up to three random tiles (few concealed tiles keep the reference fast).
    fc.assert(
      fc.property(completeHandWithWilds({ sets: 5, maxWilds: 3 }), (hand) => {
        fc.pre(hand.meldCount >= 2);
        const c = hand.counts;
        expect(shantenStandard(c, hand.meldCount, 5)).toBe(referenceStandard(c, hand.meldCount, 5));
        expect(shanten(c, hand.meldCount, 5)).toBe(shantenStandard(c, hand.meldCount, 5));
        if (hand.wildCount === 0) expect(shanten(c, hand.meldCount, 5)).toBe(-1);
      }),
      { numRuns: 400 },
    );
    expect(shanten(counts('123m456m789m123p456p7s'), 0, 5)).toBe(0);
    expect(shanten(counts('123m456m789m123p456p77s'), 0, 5)).toBe(-1);
    expect(shanten(counts('1133557799m1133p'), 0, 5)).toBe(4); // no seven pairs in a 16-tile game
  });

  it('knows hand-written cases', () => {
    expect(shanten(counts('123m456p789s1122z'), 0)).toBe(0);
    expect(shanten(counts('19m19p19s1234567z'), 0)).toBe(0); // 13-sided thirteen orphans
    expect(shanten(counts('19m19p19s1234566z'), 0)).toBe(0);
    expect(shanten(counts('1133557799m1133p'), 0)).toBe(-1); // seven pairs and not a standard win
    expect(shantenStandard(counts('1133557799m1133p'), 0)).toBe(3); // four two-tile blocks and a pair: 4 tiles short
    expect(shantenChiitoitsu(counts('1111m22p33p44s55s6z'), 0)).toBe(2); // four of a kind is one pair
    expect(shanten(counts('1111m234p567p789s'), 0)).toBe(0); // shape tenpai on a fifth 1m (see waits.ts)
    expect(shanten(counts('1112345678999m'), 0)).toBe(0);
    expect(shantenStandard(counts('147m258p369s1234z'), 0)).toBe(8);
    expect(shanten(counts('147m258p369s1234z'), 0)).toBe(6); // seven singles toward seven pairs
    expect(shanten(counts('5m'), 4)).toBe(0);
    expect(shanten(counts('55m'), 4)).toBe(-1);
    expect(shanten(counts('23m'), 4)).toBe(0); // one swap makes the pair
    expect(shanten(counts('2358m'), 3)).toBe(1);
    expect(shantenChiitoitsu(counts('55m'), 4)).toBe(Infinity);
  });
});
