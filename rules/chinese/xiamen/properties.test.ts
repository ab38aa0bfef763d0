// Property tests of Xiamen/Quanzhou scoring on generated wins with golds anywhere: every one scores, a gold put back as its tile never scores more, the chosen gold assignment and reading is the best (brute force).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompose } from '../../decompose.js';
import { scoreWin } from '../../score-win.js';
import { formatTiles, KIND_COUNT, KIND_MASK, plainTile, tilesOf, WHITE } from '../../tiles.js';
import {
  randomXiamenWin,
  type GeneratedXiamenWin,
  type XiamenWinOptions,
} from '../../../test/arbitraries/xiamen-wins.js';
import { mulberry32 } from '../../../test/differential/generate.js';
import { parseChineseInput } from '../input.js';
import { goldIndicatorOf, xiamenPlayedKinds, type XiamenOutput } from './score.js';

const generated = (options: XiamenWinOptions = {}): fc.Arbitrary<GeneratedXiamenWin> =>
  fc
    .integer()
    .map((seed) => randomXiamenWin(mulberry32(seed), options))
    .filter((win): win is GeneratedXiamenWin => win !== null);

const scoreOf = (record: Record<string, unknown>): XiamenOutput => {
  const result = scoreWin(record);
  if (!result.ok) throw new Error(`${result.code}: ${result.message} — ${JSON.stringify(record)}`);
  return result.value as unknown as XiamenOutput;
};

/** The golds among closedTiles. */
const closedGolds = (win: GeneratedXiamenWin): number =>
  tilesOf(win.record.closedTiles as string).filter((t) => (t & KIND_MASK) === win.gold).length;

/** The record with one gold of closedTiles written as the tile it replaced (a White where that was the face). */
function withGoldPutBack(win: GeneratedXiamenWin, i: number): Record<string, unknown> {
  const tiles = tilesOf(win.record.closedTiles as string);
  const replaced = win.replaced[i]!;
  tiles[tiles.findIndex((t) => (t & KIND_MASK) === win.gold)] = plainTile(
    replaced === win.gold ? WHITE : replaced,
  );
  return { ...win.record, closedTiles: formatTiles(tiles) };
}

describe('Xiamen/Quanzhou properties', () => {
  it('a hand of random sets and a pair, golds anywhere, always scores; flowers, items, payments and total add up', () => {
    fc.assert(
      fc.property(generated(), fc.constantFrom('xiamen', 'quanzhou'), (win, preset) => {
        const out = scoreOf({ ...win.record, preset });
        expect(out.items.reduce((t, item) => t + item.flowers, 0)).toBe(out.flowers);
        expect(out.items.find((item) => item.name === 'Gold tiles')?.flowers ?? 0).toBe(win.replaced.length);
        const paid = Object.values(out.payments);
        expect(paid).toHaveLength(3);
        expect(paid.reduce((a, b) => a + b, 0)).toBe(out.total);
        expect(out.multiplier).toBe(win.record.tsumo ? 2 : 1);
      }),
      { numRuns: 300 },
    );
  });

  it('putting a gold back as the tile it stands for never raises the score (it loses the gold’s flower)', () => {
    fc.assert(
      fc.property(generated(), fc.nat(2), (win, pick) => {
        // The golds of closedTiles are the first ones replaced (the winning tile, when a gold, came after).
        fc.pre(closedGolds(win) > 0);
        const withGold = scoreOf(win.record);
        const back = scoreOf(withGoldPutBack(win, pick % closedGolds(win)));
        expect(back.flowers).toBeLessThanOrEqual(withGold.flowers - 1);
        expect(back.total).toBeLessThan(withGold.total);
      }),
      { numRuns: 200 },
    );
  });

  it('the paid flowers are the best over every gold assignment and every reading (brute force)', () => {
    fc.assert(
      fc.property(
        generated({ maxMelds: 5 }).filter(
          (w) => w.replaced.length > 0 && (w.record.melds as unknown[]).length >= 2,
        ),
        (win) => {
          const out = scoreOf(win.record);
          expect(out.flowers).toBe(bruteForceFlowers(win.record));
        },
      ),
      { numRuns: 60 },
    );
  });
});

/**
 * The flowers of a generated selfDrawn/common win by brute force, restating xiamen.md §12.3 in the plainest way:
 * every multiset of kinds for the golds, every decompose() reading, the set points of each, the best kept.
 */
function bruteForceFlowers(record: Record<string, unknown>): number {
  const played = xiamenPlayedKinds(record);
  const win = parseChineseInput(record, { handSets: 5, playedKinds: xiamenPlayedKinds });
  if (!played.ok || !win.ok) throw new Error('generated record does not parse');
  const indicator = goldIndicatorOf(record);
  if (!indicator.ok) throw new Error(indicator.message);
  const gold = indicator.value;
  const as = played.value ?? Uint8Array.from({ length: KIND_COUNT }, (_, k) => k);
  const counts = new Uint8Array(KIND_COUNT);
  let golds = 0;
  for (const tile of [...win.value.closedTiles, win.value.winTile!]) {
    const kind = tile & KIND_MASK;
    if (kind === gold) golds++;
    else counts[as[kind]!]!++;
  }
  const winKind = as[win.value.winTile! & KIND_MASK]!;
  const tsumo = win.value.tsumo;
  const meldCount = win.value.melds.length;
  let best = -1;
  const assign = (left: number, from: number): void => {
    if (left === 0) {
      if (counts.some((n) => n > 4)) return;
      for (const reading of decompose(counts, meldCount, 5)) {
        if (reading.shape !== 'standard') continue;
        // The winning discard sits in a run or the pair when it can; otherwise its pung is open.
        const elsewhere =
          tsumo ||
          reading.pair === winKind ||
          reading.groups.some((g) => g.kind === 'sequence' && winKind >= g.first && winKind <= g.first + 2);
        let points = 0;
        for (const group of reading.groups) {
          if (group.kind !== 'triplet') continue;
          const honor = group.first >= 27;
          points += !elsewhere && group.first === winKind ? (honor ? 1 : 0) : honor ? 2 : 1;
        }
        best = Math.max(best, points);
      }
      return;
    }
    for (let k = from; k < KIND_COUNT; k++) {
      counts[k]!++;
      assign(left - 1, k);
      counts[k]!--;
    }
  };
  assign(golds, 0);
  let melds = 0;
  for (const meld of win.value.melds) {
    const honor = as[meld.tiles[0]! & KIND_MASK]! >= 27;
    melds +=
      meld.type === 'chi'
        ? 0
        : meld.type === 'pon'
          ? honor
            ? 1
            : 0
          : meld.type === 'ankan'
            ? honor
              ? 4
              : 3
            : honor
              ? 3
              : 2;
  }
  const bonus = win.value.flowers.map((t) => t & KIND_MASK);
  const flowers = bonus.filter((k) => k < 38).length;
  const seasons = bonus.length - flowers;
  const bonusPoints = (flowers === 4 ? 8 : flowers) + (seasons === 4 ? 8 : seasons);
  return bonusPoints + Math.min(golds, 3) + melds + best;
}
