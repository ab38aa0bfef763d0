// Tests for wild tiles: completions against brute force, shanten with wilds, waits, and hands built with wilds placed anywhere.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeHandWithWilds } from '../test/arbitraries/hands.js';
import { GROUP_STRIDE, READINGS, readHand } from './readings.js';
import { shanten } from './shanten.js';
import { countKinds, KIND_COUNT, tilesOf } from './tiles.js';
import { isComplete } from './waits.js';
import {
  forEachCompletion,
  isCompleteWithWilds,
  shantenWithWilds,
  waitKindsWithWilds,
  WILD_RANGES,
  wildRange,
  type WildGroup,
} from './wilds.js';

const counts = (text: string): Uint8Array => countKinds(tilesOf(text));
const golds = (count: number): WildGroup[] => [{ range: WILD_RANGES.anyButBonus, count }];

/** Every completion as a sorted list of `assigned` keys. */
function completions(c: Uint8Array, meldCount: number, wilds: readonly WildGroup[], handSets = 4): string[] {
  const out: string[] = [];
  forEachCompletion(c, meldCount, wilds, (_, assigned) => void out.push(assigned.join(',')), handSets);
  return out.sort();
}

/** One list of playable kinds (0-33) per wild tile. */
function rangesOf(wilds: readonly WildGroup[]): number[][] {
  const ranges: number[][] = [];
  for (const group of wilds)
    for (let i = 0; i < group.count; i++) {
      const kinds: number[] = [];
      for (let k = 0; k < KIND_COUNT; k++) if (group.range[k]) kinds.push(k);
      ranges.push(kinds);
    }
  return ranges;
}

/** Brute force: every assignment of every wild to every kind of its range, kept when complete (a set of keys). */
function bruteCompletions(
  c: Uint8Array,
  meldCount: number,
  wilds: readonly WildGroup[],
  handSets = 4,
  complete: (work: Uint8Array) => boolean = (work) => isComplete(work, meldCount, handSets),
): string[] {
  const ranges = rangesOf(wilds);
  const found = new Set<string>();
  const work = c.slice();
  const assigned = new Uint8Array(KIND_COUNT);
  const walk = (i: number): void => {
    if (i === ranges.length) {
      if (complete(work)) found.add(assigned.join(','));
      return;
    }
    for (const k of ranges[i]!) {
      if (work[k]! >= 4) continue;
      work[k]!++;
      assigned[k]!++;
      walk(i + 1);
      work[k]!--;
      assigned[k]!--;
    }
  };
  walk(0);
  return [...found].sort();
}

/** Brute-force shanten with wilds: the best over every assignment (no kind beyond four copies). */
function bruteShanten(c: Uint8Array, meldCount: number, wilds: readonly WildGroup[], handSets = 4): number {
  const ranges = rangesOf(wilds);
  const work = c.slice();
  let best = Infinity;
  const walk = (i: number): void => {
    if (i === ranges.length) {
      best = Math.min(best, shanten(work, meldCount, handSets));
      return;
    }
    let placed = false;
    for (const k of ranges[i]!) {
      if (work[k]! >= 4) continue;
      placed = true;
      work[k]!++;
      walk(i + 1);
      work[k]!--;
    }
    if (!placed) walk(i + 1);
  };
  walk(0);
  return best;
}

const MENU = [
  WILD_RANGES.anyButBonus,
  WILD_RANGES.anyTile,
  WILD_RANGES.dots,
  WILD_RANGES.suited,
  WILD_RANGES.wind,
  WILD_RANGES.dragon,
  WILD_RANGES.characters,
];

/** Some wild ranges, mixed: golds, and the Vietnamese jokers that join sets. */
const someWilds = (count: number, picks: readonly number[]): WildGroup[] => {
  const groups: WildGroup[] = [];
  for (let i = 0; i < count; i++) groups.push({ range: MENU[picks[i]! % MENU.length]!, count: 1 });
  return groups;
};

/** One wild per replaced kind, each of a range (picked from the menu) that holds its kind. */
const wildsFor = (kinds: readonly number[], picks: readonly number[]): WildGroup[] =>
  kinds.map((kind, i) => {
    const fitting = MENU.filter((range) => range[kind] === 1);
    return { range: fitting[picks[i]! % fitting.length]!, count: 1 };
  });

describe('wild tiles', () => {
  it('a hand built from random sets and a pair, golds placed anywhere, is always complete (13 and 16 tiles)', () => {
    for (const sets of [4, 5] as const) {
      fc.assert(
        fc.property(completeHandWithWilds({ sets, maxWilds: 3 }), (hand) => {
          const wilds = golds(hand.wildCount);
          expect(isCompleteWithWilds(hand.counts, hand.meldCount, wilds, sets)).toBe(true);
          expect(shantenWithWilds(hand.counts, hand.meldCount, wilds, sets)).toBe(-1);
          // The kinds the golds replaced are one of the completions, and every completion reads as a hand.
          const replaced = new Uint8Array(KIND_COUNT);
          for (const k of hand.wildKinds) replaced[k]!++;
          const keys: string[] = [];
          forEachCompletion(
            hand.counts,
            hand.meldCount,
            wilds,
            (completed, assigned) => {
              keys.push(assigned.join(','));
              expect(readHand(completed, hand.meldCount, sets)).toBeGreaterThan(0);
            },
            sets,
          );
          expect(keys).toContain(replaced.join(','));
          expect(new Set(keys).size).toBe(keys.length); // no assignment twice
        }),
        { numRuns: sets === 4 ? 300 : 150 },
      );
    }
  });

  it('finds exactly the completions brute force finds, mixed joker ranges included', () => {
    fc.assert(
      fc.property(
        completeHandWithWilds({ sets: 4, maxWilds: 2 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
        (hand, picks) => {
          const wilds = someWilds(hand.wildCount, picks);
          expect(completions(hand.counts, hand.meldCount, wilds)).toEqual(
            bruteCompletions(hand.counts, hand.meldCount, wilds),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('walks every completion once with up to four wilds of mixed ranges (brute force), seven pairs with four of a kind when asked', () => {
    // Issue 15 (Vietnamese jokers): the kind-by-kind walk must find what trying every wild on every kind finds.
    const sevenPairsWithFours = (c: Uint8Array): boolean => {
      let pairs = 0;
      for (let k = 0; k < KIND_COUNT; k++) {
        if (c[k] === 2) pairs++;
        else if (c[k] === 4) pairs += 2;
        else if (c[k] !== 0) return false;
      }
      return pairs === 7;
    };
    fc.assert(
      fc.property(
        fc.oneof(
          completeHandWithWilds({ sets: 4, maxWilds: 4 }),
          completeHandWithWilds({ sets: 5, maxWilds: 3 }),
        ),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (hand, picks, fours) => {
          const sets = hand.all.reduce((a, b) => a + b, 0) >= 17 ? 5 : 4;
          const wilds = someWilds(hand.wildCount, picks);
          const found: string[] = [];
          forEachCompletion(
            hand.counts,
            hand.meldCount,
            wilds,
            (_, assigned) => void found.push(assigned.join(',')),
            sets,
            { fourAsTwoPairs: fours },
          );
          expect(new Set(found).size).toBe(found.length);
          const expected = bruteCompletions(
            hand.counts,
            hand.meldCount,
            wilds,
            sets,
            (work) =>
              isComplete(work, hand.meldCount, sets) ||
              (fours && sets === 4 && hand.meldCount === 0 && sevenPairsWithFours(work)),
          );
          expect(found.sort()).toEqual(expected);
        },
      ),
      { numRuns: 120 },
    );
    // 1111m 2233p 44556s and a joker: seven pairs (the joker as 6s) only when four of a kind may be two pairs.
    const pairs = counts('1111m2233p44556s');
    const seen: string[] = [];
    forEachCompletion(
      pairs,
      0,
      [{ range: WILD_RANGES.anyTile, count: 1 }],
      (c) => void seen.push(c.join('')),
      4,
    );
    expect(seen).toEqual([]);
    forEachCompletion(
      pairs,
      0,
      [{ range: WILD_RANGES.anyTile, count: 1 }],
      (c) => void seen.push(c.join('')),
      4,
      {
        fourAsTwoPairs: true,
      },
    );
    expect(seen).toHaveLength(1);
  });

  it('shanten with wilds equals the best over every assignment (brute force), near and far from complete', () => {
    fc.assert(
      fc.property(
        completeHandWithWilds({ sets: 4, maxWilds: 4 }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        fc.nat(),
        (hand, picks, drop) => {
          // Turn up to two of the wilds back into nothing (a hand short of tiles, far from complete) or keep them.
          const keep = Math.max(0, hand.wildCount - (drop % 3));
          const wilds = someWilds(keep, picks);
          const c = hand.counts;
          fc.pre(c.every((n) => n < 4)); // a fifth copy is shape-only in shanten (see wilds.ts)
          const meldCount = hand.meldCount;
          expect(shantenWithWilds(c, meldCount, wilds)).toBe(bruteShanten(c, meldCount, wilds));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('shanten 0 and -1 agree with the waits', () => {
    fc.assert(
      fc.property(
        completeHandWithWilds({ sets: 4, maxWilds: 3 }),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        fc.nat(),
        (hand, picks, pick) => {
          // One ordinary tile fewer: a 3n+1 hand.
          const held: number[] = [];
          for (let k = 0; k < KIND_COUNT; k++) for (let n = 0; n < hand.counts[k]!; n++) held.push(k);
          fc.pre(held.length > 0);
          const c = hand.counts.slice();
          const removed = held[pick % held.length]!;
          c[removed]!--;
          const wilds = wildsFor(hand.wildKinds, picks);
          fc.pre(c.every((n) => n < 4));
          const waits = waitKindsWithWilds(c, hand.meldCount, wilds);
          const s = shantenWithWilds(c, hand.meldCount, wilds);
          expect(waits).toContain(removed);
          expect(s).toBe(0);
          for (const kind of waits) {
            const after = c.slice();
            after[kind]!++;
            expect(shantenWithWilds(after, hand.meldCount, wilds)).toBe(-1);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('replacing a wild by the tile it stands for never raises the score: its completions are a subset', () => {
    // Any scorer maximises over completions × readings; fewer completions can only lower that maximum. Here
    // a sample score (triplets, then sequences of the best reading) shows it on top of the subset check.
    const scoreOf = (completed: Uint8Array, meldCount: number, sets: number): number => {
      const n = readHand(completed, meldCount, sets);
      let best = -1;
      for (let i = 0; i < n; i++) {
        let value = 0;
        for (let g = 0; g < READINGS.sets; g++) value += READINGS.type[GROUP_STRIDE * i + g] === 1 ? 3 : 1;
        best = Math.max(best, value);
      }
      return best;
    };
    fc.assert(
      fc.property(
        completeHandWithWilds({ sets: 5, maxWilds: 3 }),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        fc.nat(),
        (hand, picks, which) => {
          fc.pre(hand.wildCount > 0);
          const wilds = wildsFor(hand.wildKinds, picks);
          // Replace wild i by a kind of its range (the one it replaced, or another one in range).
          const i = which % wilds.length;
          const kinds: number[] = [];
          for (let k = 0; k < KIND_COUNT; k++) if (wilds[i]!.range[k] && hand.counts[k]! < 4) kinds.push(k);
          const kind = which % 2 === 0 ? hand.wildKinds[i]! : kinds[(which >> 1) % kinds.length]!;
          const replaced = hand.counts.slice();
          replaced[kind]!++;
          const rest = wilds.filter((_, j) => j !== i);
          const before = new Map<string, number>();
          forEachCompletion(
            hand.counts,
            hand.meldCount,
            wilds,
            (completed) => void before.set(completed.join(','), scoreOf(completed, hand.meldCount, 5)),
            5,
          );
          let bestBefore = -1;
          for (const value of before.values()) bestBefore = Math.max(bestBefore, value);
          let bestAfter = -1;
          forEachCompletion(
            replaced,
            hand.meldCount,
            rest,
            (completed) => {
              expect(before.has(completed.join(','))).toBe(true);
              bestAfter = Math.max(bestAfter, scoreOf(completed, hand.meldCount, 5));
            },
            5,
          );
          expect(bestAfter).toBeLessThanOrEqual(bestBefore);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('one range, sets and a pair only (the search by groups): exactly the completions brute force finds', () => {
    // 16-tile hands with up to three golds, and 13-tile hands with melds and wilds of one joker range.
    fc.assert(
      fc.property(completeHandWithWilds({ sets: 5, maxWilds: 3 }), (hand) => {
        const wilds = golds(hand.wildCount);
        expect(completions(hand.counts, hand.meldCount, wilds, 5)).toEqual(
          bruteCompletions(hand.counts, hand.meldCount, wilds, 5),
        );
      }),
      { numRuns: 40 },
    );
    fc.assert(
      fc.property(
        completeHandWithWilds({ sets: 4, maxWilds: 2 }).filter((hand) => hand.meldCount > 0),
        fc.nat(),
        (hand, pick) => {
          const wilds = [{ range: MENU[pick % MENU.length]!, count: hand.wildCount }];
          expect(completions(hand.counts, hand.meldCount, wilds)).toEqual(
            bruteCompletions(hand.counts, hand.meldCount, wilds),
          );
        },
      ),
      { numRuns: 150 },
    );
    // A hand of the wrong size completes nothing, whatever its groups make.
    expect(completions(counts('123m456m789m123p456p11s'), 0, golds(1), 5)).toEqual([]);
  });

  it('knows hand-written cases', () => {
    // Three golds beside 123m 456m 789m 11p: they make the fourth set.
    expect(isCompleteWithWilds(counts('123m456m789m11p'), 0, golds(3))).toBe(true);
    expect(shantenWithWilds(counts('123m456m789m1p'), 0, golds(3))).toBe(0);
    expect(shantenWithWilds(counts('123m456m789m1p'), 0, golds(2))).toBe(1);
    // A dots joker cannot finish a characters wait.
    expect(waitKindsWithWilds(counts('123m456m789m123p1z'), 0, [])).toEqual([27]);
    expect(waitKindsWithWilds(counts('123m456m123p78m11z'), 0, [])).toEqual([2, 5, 8]);
    const short = counts('123m456m123p78m11z');
    expect(isCompleteWithWilds(short, 0, [{ range: WILD_RANGES.dots, count: 1 }])).toBe(false);
    expect(isCompleteWithWilds(short, 0, [{ range: WILD_RANGES.characters, count: 1 }])).toBe(true);
    expect(
      waitKindsWithWilds(counts('123m456m123p7m11z'), 0, [{ range: WILD_RANGES.dots, count: 1 }]),
    ).toEqual([]);
    // With a suited joker: the kinds k for which some suited kind j makes hand + j + k complete.
    const seven = counts('123m456m123p7m11z');
    const expected: number[] = [];
    for (let k = 0; k < KIND_COUNT; k++) {
      let done = false;
      for (let j = 0; j < 27 && !done; j++) {
        const c = seven.slice();
        c[k]!++;
        c[j]!++;
        done = c.every((n) => n <= 4) && isComplete(c, 0);
      }
      if (done) expected.push(k);
    }
    expect(expected.length).toBeGreaterThan(3);
    expect(waitKindsWithWilds(seven, 0, [{ range: WILD_RANGES.suited, count: 1 }])).toEqual(expected);
    // A Flower Joker never sits in a set.
    expect(isCompleteWithWilds(counts('123m456m123p11z'), 0, [{ range: WILD_RANGES.bonus, count: 3 }])).toBe(
      false,
    );
    // Three golds beside four sets and a pair of a 16-tile hand: at least every whole set they can be (34
    // pungs, 21 chows, fewer the pungs of kinds held four times), and exactly what brute force finds.
    const sixteen = counts('123m456m789m123p11z');
    const found = completions(sixteen, 0, golds(3), 5);
    expect(found.length).toBeGreaterThanOrEqual(55 - 0);
    expect(found).toEqual(bruteCompletions(sixteen, 0, golds(3), 5));
    expect(wildRange([0, 41])[41]).toBe(1);
    expect(() => wildRange([42])).toThrow(/0-41/);
  });
});
