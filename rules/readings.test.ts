// The table-driven readings (readings.ts) against a plain whole-hand search: same readings, same order, same placements.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompose, winPlacements, type Decomposition, type Group } from './decompose.js';
import { PLACED, placeWin, readHand, WAIT_SHAPES } from './readings.js';
import { countKinds, KIND_COUNT, TERMINALS_AND_HONORS, tilesOf } from './tiles.js';
import { completeHand, randomHand, tenpaiHand } from '../test/arbitraries/hands.js';

/**
 * Reference: for each pair kind in ascending order, the lowest held kind read as t triplets + s sequences
 * (3t + s = its count, t = 1 first), then seven pairs, then thirteen orphans.
 */
function referenceDecompose(counts: Uint8Array, meldCount: number): Decomposition[] {
  let total = 0;
  for (let k = 0; k < KIND_COUNT; k++) total += counts[k]!;
  const out: Decomposition[] = [];
  if (total !== 14 - 3 * meldCount) return out;
  const work = counts.slice(0, KIND_COUNT);
  const walk = (from: number, groups: Group[], pair: number): void => {
    let i = from;
    while (i < KIND_COUNT && work[i] === 0) i++;
    if (i === KIND_COUNT) {
      out.push({ shape: 'standard', pair, groups: [...groups] });
      return;
    }
    const n = work[i]!;
    for (let t = n >= 3 ? 1 : 0; t >= 0; t--) {
      const s = n - 3 * t;
      if (s > 0 && (i >= 27 || i % 9 > 6 || work[i + 1]! < s || work[i + 2]! < s)) continue;
      work[i] = 0;
      if (s > 0) {
        work[i + 1]! -= s;
        work[i + 2]! -= s;
      }
      const next = [...groups];
      if (t) next.push({ kind: 'triplet', first: i });
      for (let j = 0; j < s; j++) next.push({ kind: 'sequence', first: i });
      walk(i + 1, next, pair);
      work[i] = n;
      if (s > 0) {
        work[i + 1]! += s;
        work[i + 2]! += s;
      }
    }
  };
  for (let pair = 0; pair < KIND_COUNT; pair++) {
    if (work[pair]! < 2) continue;
    work[pair]! -= 2;
    walk(0, [], pair);
    work[pair]! += 2;
  }
  if (meldCount === 0) {
    const pairs: number[] = [];
    let other = false;
    for (let k = 0; k < KIND_COUNT; k++) {
      if (counts[k] === 2) pairs.push(k);
      else if (counts[k] !== 0) other = true;
    }
    if (!other && pairs.length === 7) out.push({ shape: 'chiitoitsu', pairs });
    const orphans = TERMINALS_AND_HONORS.map((k) => counts[k]!);
    const held = orphans.reduce((a, b) => a + b, 0);
    const doubled = TERMINALS_AND_HONORS.filter((k) => counts[k] === 2);
    if (held === 14 && orphans.every((n) => n === 1 || n === 2) && doubled.length === 1)
      out.push({ shape: 'kokushi', pair: doubled[0]! });
  }
  return out;
}

function expectSameReadings(counts: Uint8Array, meldCount: number): void {
  const expected = referenceDecompose(counts, meldCount);
  const found = decompose(counts, meldCount);
  expect(found).toEqual(expected);
  // The buffer placements agree with winPlacements on every reading and every held kind.
  expect(readHand(counts, meldCount)).toBe(found.length);
  for (let i = 0; i < found.length; i++) {
    for (let k = 0; k < KIND_COUNT; k++) {
      if (counts[k] === 0) continue;
      const n = placeWin(counts, i, k);
      const placed = Array.from({ length: n }, (_, j) => ({
        shape: WAIT_SHAPES[PLACED.shape[j]!],
        groupIndex: PLACED.group[j],
      }));
      expect(placed).toEqual(winPlacements(found[i]!, k));
    }
  }
}

const counts = (text: string): Uint8Array => countKinds(tilesOf(text));

describe('readHand / decompose (table-driven)', () => {
  it('reads hand-picked hands with several readings in the reference order', () => {
    for (const [text, melds] of [
      ['11122233344455m', 0],
      ['11112222333344m', 0],
      ['22334455667788p', 0],
      ['111222333m11122z', 0],
      ['11123456789999s', 0],
      ['123m123m123p123s55z', 0],
      ['19m19p19s12345677z', 0],
      ['1122m3344p5566s77z', 0],
      ['11m', 4],
      ['11122m', 3],
    ] as const) {
      expectSameReadings(counts(text), melds);
      expect(decompose(counts(text), melds).length).toBeGreaterThan(0);
    }
  });

  it('agrees with the reference on random complete hands', () => {
    fc.assert(
      fc.property(completeHand(), ({ counts: c, meldCount }) => expectSameReadings(c, meldCount)),
      { numRuns: 3000 },
    );
  });

  it('agrees with the reference when a fifth copy is added to a tenpai hand (as waits.ts asks)', () => {
    fc.assert(
      fc.property(tenpaiHand(), fc.nat(KIND_COUNT - 1), ({ counts: c, meldCount }, kind) => {
        const completed = c.slice();
        completed[kind]!++;
        expectSameReadings(completed, meldCount);
        const fifth = c.slice();
        if (fifth[kind]! >= 3) {
          fifth[kind] = 5;
          let total = 0;
          for (const n of fifth) total += n;
          if (total === 14 - 3 * meldCount) expectSameReadings(fifth, meldCount);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with the reference on random (mostly incomplete) hands, one suit and all kinds', () => {
    const manAndHonors = [0, 1, 2, 3, 4, 5, 6, 7, 8, 27, 31];
    fc.assert(
      fc.property(randomHand({ kinds: manAndHonors, size: 'draw' }), ({ counts: c, meldCount }) =>
        expectSameReadings(c, meldCount),
      ),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(randomHand(), ({ counts: c, meldCount }) => expectSameReadings(c, meldCount)),
      { numRuns: 2000 },
    );
  });

  it('reads honours held five times as the pair and a triplet', () => {
    const c = counts('123m456p789s1112z');
    c[27] = 5;
    c[28] = 0;
    expectSameReadings(c, 0);
    expect(decompose(c, 0)).toHaveLength(1);
  });
});
