// Property tests of MCR scoring on generated wins: no fan scores beside a fan it implies, the paid reading is the best of every reading (brute force), the sums hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompose, type StandardDecomposition } from '../../decompose.js';
import { scoreWin } from '../../score-win.js';
import { randomMcrWin, randomSpecialMcrWin } from '../../../test/arbitraries/mcr-wins.js';
import { mulberry32 } from '../../../test/differential/generate.js';
import { countKinds, tilesOf, type Tile } from '../../tiles.js';
import { parseChineseInput } from '../input.js';
import { FANS } from './fans.js';
import { standardReadingPoints, type McrOutput } from './score.js';

/** A generated win (randomMcrWin, randomSpecialMcrWin) from a seed fast-check picks. */
const fromSeed = (
  make: (next: () => number) => Record<string, unknown> | null,
): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .integer()
    .map((seed) => make(mulberry32(seed)))
    .filter((record): record is Record<string, unknown> => record !== null);

const standardWin = (oneSuit = false): fc.Arbitrary<Record<string, unknown>> =>
  fromSeed((next) => randomMcrWin(next, { oneSuit }));
const anyWin = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.oneof({ arbitrary: standardWin(), weight: 4 }, { arbitrary: fromSeed(randomSpecialMcrWin), weight: 1 });

const EXCLUDES = new Map(FANS.map((fan) => [fan.id, fan.excludes]));

describe('MCR properties', () => {
  it('scores every complete hand; never a fan beside a fan it implies; the items, payments and total add up', () => {
    let scored = 0;
    fc.assert(
      fc.property(anyWin(), (record) => {
        const result = scoreWin(record as never);
        if (!result.ok) {
          // A generated hand is always a winning shape; only its own contradictions may refuse it.
          expect(result.code).not.toBe('not_a_win');
          return;
        }
        scored++;
        const out = result.value as McrOutput;
        const ids = new Set(out.items.map((i) => i.id));
        for (const item of out.items)
          for (const implied of EXCLUDES.get(item.id)!) expect(ids.has(implied)).toBe(false);
        expect(out.items.filter((i) => i.id !== 81).reduce((t, i) => t + i.fan * i.count, 0)).toBe(out.fan);
        expect(out.flowerFan).toBe((record.flowers as string[] | undefined)?.length ?? 0);
        const paid = Object.values(out.payments);
        expect(paid.reduce((a, b) => a + b, 0)).toBe(out.total);
        const hand = out.fan + out.flowerFan;
        expect(paid.sort((a, b) => a - b)).toEqual(
          record.tsumo ? [8 + hand, 8 + hand, 8 + hand] : [8, 8, 8 + hand],
        );
      }),
      { numRuns: 3000 },
    );
    expect(scored).toBeGreaterThan(2000);
  });

  it('pays the best reading: brute force over every decomposition of the hand', () => {
    let several = 0;
    fc.assert(
      fc.property(fc.oneof(standardWin(), standardWin(true)), (record) => {
        const result = scoreWin(record as never);
        if (!result.ok) return;
        const win = parseChineseInput(record, { handSets: 4 });
        if (!win.ok) throw new Error(win.message);
        const counts = countKinds([...win.value.closedTiles, win.value.winTile as Tile]);
        const readings = decompose(counts, win.value.melds.length).filter(
          (d): d is StandardDecomposition => d.shape === 'standard',
        );
        expect(readings.length).toBeGreaterThan(0);
        if (readings.length > 1) several++;
        const best = Math.max(...readings.map((d) => standardReadingPoints(win.value, d)));
        const fan = (result.value as McrOutput).fan;
        // Seven pairs and the knitted shapes may pay more than any standard reading, never less.
        if (win.value.melds.length >= 2) expect(fan).toBe(best);
        else expect(fan).toBeGreaterThanOrEqual(best);
      }),
      { numRuns: 2000 },
    );
    expect(several).toBeGreaterThan(50); // hands with several readings were among them
  });

  it('pays the best of the pung and the chow readings of 111222333 (mcr.md §9.2 freedom of choice)', () => {
    const record = {
      id: 'c',
      preset: 'mcr',
      closedTiles: '111222333m456m5p',
      melds: [],
      winTile: '5p',
      tsumo: true,
      seatWind: 2,
      roundWind: 1,
    };
    const win = parseChineseInput(record, { handSets: 4 });
    if (!win.ok) throw new Error(win.message);
    const readings = decompose(countKinds([...tilesOf('111222333456m55p')]), 0).filter(
      (d): d is StandardDecomposition => d.shape === 'standard',
    );
    expect(readings.map((d) => standardReadingPoints(win.value, d)).sort((a, b) => a - b)).toEqual([33, 48]);
  });
});
