// fast-check arbitraries for riichi hands as count arrays (complete, tenpai, random), always within 4 copies per kind.
import fc from 'fast-check';
import { KIND_COUNT, TERMINALS_AND_HONORS } from '../../rules/tiles.js';

/** A hand: concealed counts (length 34) and the number of declared melds; `all` adds the meld tiles. */
export interface CountedHand {
  readonly counts: Uint8Array;
  readonly meldCount: number;
  /** Concealed tiles plus the tiles of the melds (a kan counted as three here: only its kind matters). */
  readonly all: Uint8Array;
}

/** 34 triplets then 21 sequences (7 per suit), as indexes. */
const GROUP_CHOICES = KIND_COUNT + 21;

function groupKinds(choice: number): number[] {
  if (choice < KIND_COUNT) return [choice, choice, choice];
  const s = choice - KIND_COUNT;
  const first = Math.floor(s / 7) * 9 + (s % 7);
  return [first, first + 1, first + 2];
}

/** Places the group `choice` (or the next one that fits, cyclically) into `all`; returns its kinds. */
function placeGroup(all: Uint8Array, choice: number): number[] {
  for (let step = 0; step < GROUP_CHOICES; step++) {
    const kinds = groupKinds((choice + step) % GROUP_CHOICES);
    const need = new Map<number, number>();
    for (const k of kinds) need.set(k, (need.get(k) ?? 0) + 1);
    if ([...need].every(([k, n]) => all[k]! + n <= 4)) {
      for (const k of kinds) all[k]!++;
      return kinds;
    }
  }
  throw new Error('no group fits: cannot happen with at most 17 tiles');
}

function placePair(all: Uint8Array, choice: number): number {
  for (let step = 0; step < KIND_COUNT; step++) {
    const k = (choice + step) % KIND_COUNT;
    if (all[k]! <= 2) {
      all[k]! += 2;
      return k;
    }
  }
  throw new Error('no pair fits: cannot happen with at most 17 tiles');
}

/** A complete standard hand: 4 - meldCount concealed sets and a pair, plus meldCount melds (random sets). */
export const completeStandardHand = (): fc.Arbitrary<CountedHand> => completeHandWithWilds({ sets: 4 });

/**
 * A complete hand of `sets` sets and a pair (4: 13-tile hands, 5: 16-tile hands) with up to `sets` of them
 * declared, and `wilds` of its concealed tiles (0 to maxWilds, any of them) taken out as wild tiles:
 * `counts` holds the ordinary concealed tiles, `wildCount` how many wilds the hand holds besides them and
 * `wildKinds` the kinds they replaced (one assignment that completes the hand).
 */
export const completeHandWithWilds = (
  options: { readonly sets?: 4 | 5; readonly maxWilds?: number } = {},
): fc.Arbitrary<CountedHand & { readonly wildCount: number; readonly wildKinds: readonly number[] }> => {
  const sets = options.sets ?? 4;
  return fc
    .record({
      meldCount: fc.integer({ min: 0, max: sets }),
      groups: fc.array(fc.integer({ min: 0, max: GROUP_CHOICES - 1 }), { minLength: sets, maxLength: sets }),
      pair: fc.integer({ min: 0, max: KIND_COUNT - 1 }),
      wilds: fc.array(fc.nat(), { maxLength: options.maxWilds ?? 0 }),
    })
    .map(({ meldCount, groups, pair, wilds }) => {
      const all = new Uint8Array(KIND_COUNT);
      const counts = new Uint8Array(KIND_COUNT);
      groups.forEach((choice, index) => {
        const kinds = placeGroup(all, choice);
        if (index >= meldCount) for (const k of kinds) counts[k]!++;
      });
      counts[placePair(all, pair)]! += 2;
      const wildKinds: number[] = [];
      for (const pick of wilds) {
        const held: number[] = [];
        for (let k = 0; k < KIND_COUNT; k++) for (let n = 0; n < counts[k]!; n++) held.push(k);
        if (held.length === 0) break;
        const kind = held[pick % held.length]!;
        counts[kind]!--;
        wildKinds.push(kind);
      }
      return { counts, meldCount, all, wildCount: wildKinds.length, wildKinds };
    });
};

/**
 * A complete hand in one suit (man), four copies at most: many readings (111222333, 1112345678999 shapes).
 * Groups are 1-9 triplets (0-8) or 123..789 sequences (9-15); a group that does not fit is skipped for the next.
 */
export const completeOneSuitHand = (): fc.Arbitrary<CountedHand> =>
  fc
    .record({
      meldCount: fc.integer({ min: 0, max: 2 }),
      groups: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 4, maxLength: 4 }),
      pair: fc.integer({ min: 0, max: 8 }),
    })
    .map(({ meldCount, groups, pair }) => {
      const counts = new Uint8Array(KIND_COUNT);
      const fits = (kinds: number[]): boolean =>
        kinds.every((k) => counts[k]! + kinds.filter((x) => x === k).length <= 4);
      groups.forEach((choice, index) => {
        if (index < meldCount) return; // melds are other suits' business here
        for (let step = 0; step < 16; step++) {
          const c = (choice + step) % 16;
          const kinds = c < 9 ? [c, c, c] : [c - 9, c - 8, c - 7];
          if (fits(kinds)) {
            for (const k of kinds) counts[k]!++;
            return;
          }
        }
        throw new Error('no group fits: cannot happen with at most 14 tiles');
      });
      for (let step = 0; step < 9; step++) {
        const k = (pair + step) % 9;
        if (counts[k]! <= 2) {
          counts[k]! += 2;
          break;
        }
      }
      return { counts, meldCount, all: counts.slice() };
    });

/** Seven distinct pairs. */
export const completeChiitoitsuHand = (): fc.Arbitrary<CountedHand> =>
  fc.uniqueArray(fc.integer({ min: 0, max: KIND_COUNT - 1 }), { minLength: 7, maxLength: 7 }).map((kinds) => {
    const counts = new Uint8Array(KIND_COUNT);
    for (const k of kinds) counts[k] = 2;
    return { counts, meldCount: 0, all: counts.slice() };
  });

/** Thirteen orphans with a random pair. */
export const completeKokushiHand = (): fc.Arbitrary<CountedHand> =>
  fc.constantFrom(...TERMINALS_AND_HONORS).map((pair) => {
    const counts = new Uint8Array(KIND_COUNT);
    for (const k of TERMINALS_AND_HONORS) counts[k] = 1;
    counts[pair] = 2;
    return { counts, meldCount: 0, all: counts.slice() };
  });

/** Any complete hand, mostly standard. */
export const completeHand = (): fc.Arbitrary<CountedHand> =>
  fc.oneof(
    { arbitrary: completeStandardHand(), weight: 6 },
    { arbitrary: completeOneSuitHand(), weight: 2 },
    { arbitrary: completeChiitoitsuHand(), weight: 1 },
    { arbitrary: completeKokushiHand(), weight: 1 },
  );

/** A complete hand minus one concealed tile: always tenpai (3n+1 tiles). */
export const tenpaiHand = (): fc.Arbitrary<CountedHand & { readonly removed: number }> =>
  fc.tuple(completeHand(), fc.nat()).map(([hand, pick]) => {
    const held: number[] = [];
    for (let k = 0; k < KIND_COUNT; k++) for (let n = 0; n < hand.counts[k]!; n++) held.push(k);
    const removed = held[pick % held.length]!;
    const counts = hand.counts.slice();
    const all = hand.all.slice();
    counts[removed]!--;
    all[removed]!--;
    return { counts, meldCount: hand.meldCount, all, removed };
  });

/**
 * A random concealed hand of 14 - 3*meldCount (or one fewer) tiles drawn from a full set minus the melds'
 * tiles: mostly far from complete. `kinds` narrows the kinds drawn from (e.g. one suit) to reach near-wins.
 */
export const randomHand = (
  options: { readonly size?: 'any' | 'draw' | 'wait'; readonly kinds?: readonly number[] } = {},
): fc.Arbitrary<CountedHand> =>
  fc
    .record({
      meldCount: fc.integer({ min: 0, max: 4 }),
      melds: fc.array(fc.integer({ min: 0, max: GROUP_CHOICES - 1 }), { minLength: 4, maxLength: 4 }),
      draws: fc.array(fc.nat(), { minLength: 14, maxLength: 14 }),
      wait: fc.boolean(),
    })
    .map(({ meldCount, melds, draws, wait }) => {
      const all = new Uint8Array(KIND_COUNT);
      for (let m = 0; m < meldCount; m++) placeGroup(all, melds[m]!);
      const size =
        14 -
        3 * meldCount -
        ((options.size ?? 'any') === 'wait' || ((options.size ?? 'any') === 'any' && wait) ? 1 : 0);
      const pool = options.kinds ?? Array.from({ length: KIND_COUNT }, (_, k) => k);
      const counts = new Uint8Array(KIND_COUNT);
      for (let i = 0; i < size; i++) {
        const start = draws[i]! % pool.length;
        for (let step = 0; step < pool.length; step++) {
          const k = pool[(start + step) % pool.length]!;
          if (all[k]! < 4) {
            all[k]!++;
            counts[k]!++;
            break;
          }
        }
      }
      return { counts, meldCount, all };
    });
