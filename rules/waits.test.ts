// Tests for waits: brute force over the 34 kinds, @kobalab/majiang-core's tingpai, and hand-written shapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeHand,
  completeHandWithWilds,
  randomHand,
  tenpaiHand,
  type CountedHand,
} from '../test/arbitraries/hands.js';
import { fromMajiangTile, Majiang, toMajiang } from '../test/arbitraries/majiang.js';
import { decompose } from './decompose.js';
import { shanten } from './shanten.js';
import { countKinds, KIND_COUNT, tilesOf, tileKind } from './tiles.js';
import { isComplete, isTenpai, isTenpaiAtDraw, tenpaiWaitKinds, waitKinds, waits } from './waits.js';

const counts = (text: string): Uint8Array => countKinds(tilesOf(text));
const kinds = (text: string): number[] => tilesOf(text).map(tileKind);

/** Brute force: the kinds whose addition (a fifth copy included) decomposes as a complete hand. */
function completingKinds(c: Uint8Array, meldCount: number, handSets = 4): number[] {
  const out: number[] = [];
  const work = c.slice();
  for (let k = 0; k < KIND_COUNT; k++) {
    work[k]!++;
    if (decompose(work, meldCount, handSets).length > 0) out.push(k);
    work[k]!--;
  }
  return out;
}

/** Tenpai hands, random hands, and hands crowded into few kinds (many kinds held four times, fifth-copy waits). */
const waitingHand = (): fc.Arbitrary<CountedHand> =>
  fc.oneof(
    tenpaiHand(),
    randomHand({ size: 'wait' }),
    randomHand({ size: 'wait', kinds: [0, 1, 2, 3, 4, 5, 6, 7, 8] }),
    randomHand({ size: 'wait', kinds: [0, 1, 2, 3, 4, 5, 6, 7, 8, 27] }),
    randomHand({ size: 'wait', kinds: [0, 1, 2, 3, 4] }),
    randomHand({ size: 'wait', kinds: [6, 7, 8, 27, 28] }),
    randomHand({ size: 'wait', kinds: [27, 28, 29, 30] }),
  );

describe('waits', () => {
  it('lists exactly the kinds that complete the hand (brute force over 34 kinds)', () => {
    let fifthCopyWaits = 0;
    fc.assert(
      fc.property(waitingHand(), ({ counts: c, meldCount }) => {
        const expected = completingKinds(c, meldCount);
        if (expected.some((k) => c[k] === 4)) fifthCopyWaits++;
        expect(waitKinds(c, meldCount)).toEqual(expected);
        expect(isTenpai(c, meldCount)).toBe(expected.length > 0);
        expect(shanten(c, meldCount) === 0).toBe(expected.length > 0);
      }),
      { numRuns: 4000 },
    );
    expect(fifthCopyWaits).toBeGreaterThan(20); // the fifth-copy path was exercised
  });

  it("agrees with majiang-core's tingpai on tenpai hands (kinds held four times aside)", () => {
    fc.assert(
      fc.property(waitingHand(), ({ counts: c, meldCount }) => {
        fc.pre(shanten(c, meldCount) === 0);
        const theirs = (Majiang.Util.tingpai(toMajiang(c, meldCount)) ?? [])
          .map(fromMajiangTile)
          .sort((a, b) => a - b);
        expect(waitKinds(c, meldCount).filter((k) => c[k]! < 4)).toEqual(theirs);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives every wait at least one shape, and flags kinds held four times', () => {
    fc.assert(
      fc.property(tenpaiHand(), ({ counts: c, meldCount, all }) => {
        const found = waits(c, meldCount, all);
        expect(found.map((w) => w.kind)).toEqual(waitKinds(c, meldCount));
        for (const w of found) {
          expect(w.shapes.length).toBeGreaterThan(0);
          expect(w.heldAllFour).toBe(all[w.kind] === 4);
        }
        expect(tenpaiWaitKinds(c, meldCount, all)).toEqual(
          found.filter((w) => !w.heldAllFour).map((w) => w.kind),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('isComplete matches decompose', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          completeHand(),
          randomHand({ size: 'draw' }),
          randomHand({ size: 'draw', kinds: [0, 1, 2, 3, 4, 5, 6, 7, 8] }),
        ),
        ({ counts: c, meldCount }) => {
          expect(isComplete(c, meldCount)).toBe(decompose(c, meldCount).length > 0);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads the shapes of hand-written waits', () => {
    const shapes = (text: string, meldCount = 0) =>
      waits(counts(text), meldCount).map((w) => [w.kind, w.shapes]);
    expect(shapes('23456m456p789s11z')).toEqual([
      [0, ['ryanmen']],
      [3, ['ryanmen']],
      [6, ['ryanmen']],
    ]);
    expect(waitKinds(counts('1112345678999m'), 0)).toEqual(kinds('123456789m'));
    expect(shapes('1112345678999m')[0]).toEqual([0, ['ryanmen', 'shanpon']]); // 1m: 11-123 or 111-11
    expect(shapes('12m456p789s11777z')).toEqual([[2, ['penchan']]]);
    expect(shapes('89m456p789s11777z')).toEqual([[6, ['penchan']]]);
    expect(shapes('13m456p789s11777z')).toEqual([[1, ['kanchan']]]);
    expect(shapes('3445m456p789s777z')).toEqual([[3, ['kanchan', 'tanki']]]); // 4m: 3-5 with 44, or 345 and 4-4
    expect(shapes('113355m779p1122z')).toEqual([[17, ['chiitoitsu']]]); // 9p
    expect(shapes('19m19p19s1234566z')).toEqual([[33, ['kokushi']]]);
    const thirteen = waits(counts('19m19p19s1234567z'), 0);
    expect(thirteen.map((w) => w.kind)).toEqual(kinds('19m19p19s1234567z'));
    expect(new Set(thirteen.map((w) => w.shapes.join()))).toEqual(new Set(['kokushi13']));
  });

  it('lists a wait on a kind held four times, but it does not make the hand tenpai at a draw', () => {
    const hand = counts('1111m234p567p789s');
    expect(waits(hand, 0)).toEqual([{ kind: 0, shapes: ['shanpon', 'tanki'], heldAllFour: true }]);
    expect(isTenpai(hand, 0)).toBe(true);
    expect(tenpaiWaitKinds(hand, 0)).toEqual([]);
    expect(isTenpaiAtDraw(hand, 0)).toBe(false);
    // Pon of 5m and a 5m tanki: the fourth copy is in the meld.
    const tanki = counts('5m234p567p789s');
    const held = tanki.slice();
    held[4]! += 3;
    expect(waitKinds(tanki, 1)).toEqual([4]);
    expect(isTenpaiAtDraw(tanki, 1, held)).toBe(false);
    expect(isTenpaiAtDraw(tanki, 1)).toBe(true);
    // 1111234m waits on 1m (a fifth copy: 111 11 234) and 4m (111 123 44); only 4m counts at a draw.
    const mixed = counts('1111234m567p789s');
    expect(waitKinds(mixed, 0)).toEqual([0, 3]);
    expect(tenpaiWaitKinds(mixed, 0)).toEqual([3]);
  });

  it('lists the waits of 16-tile hands (brute force over 34 kinds), shanten 0 exactly when there are some', () => {
    fc.assert(
      fc.property(completeHandWithWilds({ sets: 5, maxWilds: 1 }), fc.nat(), (hand, pick) => {
        // A complete 16-tile hand less one tile (the arbitrary's one "wild" is a tile taken out, else take one
        // out here), and for one pick in two another tile moved to a neighbouring kind: mostly not tenpai.
        let c = hand.counts.slice();
        const held = (): number[] => {
          const out: number[] = [];
          for (let k = 0; k < KIND_COUNT; k++) for (let n = 0; n < c[k]!; n++) out.push(k);
          return out;
        };
        if (hand.wildCount === 0) {
          const tiles = held();
          fc.pre(tiles.length > 0);
          c[tiles[pick % tiles.length]!]!--;
        }
        if (pick % 2 === 1) {
          const tiles = held();
          fc.pre(tiles.length > 0);
          const from = tiles[(pick >> 1) % tiles.length]!;
          c = c.slice();
          c[from]!--;
          c[(from + 1 + (pick % 5)) % KIND_COUNT]!++;
          fc.pre(c.every((n) => n <= 4));
        }
        const found = waitKinds(c, hand.meldCount, 5);
        expect(found).toEqual(completingKinds(c, hand.meldCount, 5));
        expect(shanten(c, hand.meldCount, 5) === 0).toBe(found.length > 0);
        const completed = c.slice();
        if (found.length > 0) {
          completed[found[0]!]!++;
          expect(completed[found[0]!]! > 4 || isComplete(completed, hand.meldCount, 5)).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
    expect(waitKinds(counts('123m456m789m123p456p7s'), 0, 5)).toEqual([24]);
    expect(waitKinds(counts('1133557799m113p'), 0, 5)).toEqual([]);
  });

  it('returns no waits for other sizes', () => {
    expect(waitKinds(counts('123m456p789s1122z'), 1)).toEqual([]);
    expect(waitKinds(counts('123m456p789s11222z'), 0)).toEqual([]);
    expect(isComplete(counts('123m456p789s11222z'), 0)).toBe(true);
    expect(isComplete(counts('123m456p789s1122z'), 0)).toBe(false);
  });
});
