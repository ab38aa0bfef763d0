// Property tests of MCR scoring on generated wins: no fan scores beside a fan it implies, the paid reading is the best of every reading (brute force), the sums hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompose, type StandardDecomposition } from '../../decompose.js';
import { scoreWin } from '../../score.js';
import { countKinds, formatTiles, plainTile, tilesOf, type Tile } from '../../tiles.js';
import { parseChineseInput } from '../input.js';
import { FANS } from './fans.js';
import { standardReadingPoints, type McrOutput } from './score.js';

const text = (kinds: readonly number[]): string =>
  formatTiles([...kinds].sort((a, b) => a - b).map(plainTile));

/**
 * A complete MCR win as a FORMAT-chinese.md record: four random sets (some declared) and a pair; `oneSuit`
 * keeps them in characters with at most one meld (many readings: 111222333m, 1112345678999m...).
 */
const standardWin = (oneSuit = false): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      sets: fc.array(
        fc.oneof(
          fc.record({
            chow: fc.constant(true),
            suit: fc.integer({ min: 0, max: oneSuit ? 0 : 2 }),
            start: fc.integer({ min: 0, max: 6 }),
          }),
          fc.record({ chow: fc.constant(false), kind: fc.integer({ min: 0, max: oneSuit ? 8 : 33 }) }),
        ),
        { minLength: 4, maxLength: 4 },
      ),
      pair: fc.integer({ min: 0, max: oneSuit ? 8 : 33 }),
      meldCount: fc.integer({ min: 0, max: oneSuit ? 1 : 4 }),
      kongs: fc.array(fc.constantFrom('pon', 'minkan', 'ankan', 'kakan'), { minLength: 4, maxLength: 4 }),
      winPick: fc.nat(),
      tsumo: fc.boolean(),
      seatWind: fc.integer({ min: 1, max: 4 }),
      roundWind: fc.integer({ min: 1, max: 4 }),
      flowers: fc.subarray(['1f', '2f', '3f', '4f', '5f', '6f', '7f', '8f'], { maxLength: 3 }),
      flags: fc.record({ haitei: fc.boolean(), rinshan: fc.boolean(), lastOfKind: fc.boolean() }),
    })
    .map((g) => {
      const all = new Uint8Array(34);
      const melds: Record<string, unknown>[] = [];
      const concealed: number[] = [];
      g.sets.forEach((set, i) => {
        const kinds = set.chow
          ? [0, 1, 2].map((d) => set.suit * 9 + set.start + d)
          : [set.kind, set.kind, set.kind];
        for (const k of kinds) all[k]!++;
        if (i < g.meldCount) {
          if (set.chow) melds.push({ type: 'chi', tiles: text(kinds), from: 3 });
          else {
            const type = g.kongs[i]!;
            const four = type === 'pon' ? kinds : [...kinds, set.kind];
            if (type !== 'pon') all[set.kind]!++;
            melds.push({ type, tiles: text(four), ...(type === 'ankan' ? {} : { from: 2 }) });
          }
        } else concealed.push(...kinds);
      });
      concealed.push(g.pair, g.pair);
      all[g.pair]! += 2;
      const winKind = concealed.splice(g.winPick % concealed.length, 1)[0]!;
      const hasKong = melds.some((m) => m.type !== 'chi' && m.type !== 'pon');
      const tsumo = g.tsumo;
      return {
        valid: all.every((n) => n <= 4),
        record: {
          id: 'generated',
          preset: 'mcr',
          closedTiles: text(concealed),
          melds,
          winTile: text([winKind]),
          tsumo,
          ...(tsumo ? {} : { discarder: (g.seatWind % 4) + 1 }),
          seatWind: g.seatWind,
          roundWind: g.roundWind,
          flowers: g.flowers,
          haitei: tsumo && g.flags.haitei,
          rinshan: tsumo && hasKong && g.flags.rinshan,
          lastOfKind: g.flags.lastOfKind && !concealed.includes(winKind),
          rules: { minimumFan: 0 },
        },
      };
    })
    .filter((g) => g.valid)
    .map((g) => g.record);

/** Seven pairs (four of a kind allowed) and knitted hands, concealed. */
const specialWin = (): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      shape: fc.constantFrom('pairs', 'knitted', 'honors'),
      kinds: fc.array(fc.integer({ min: 0, max: 33 }), { minLength: 7, maxLength: 7 }),
      order: fc.integer({ min: 0, max: 5 }),
      extra: fc.integer({ min: 0, max: 33 }),
      winPick: fc.nat(),
      tsumo: fc.boolean(),
    })
    .map((g) => {
      let tiles: number[];
      if (g.shape === 'pairs') tiles = g.kinds.flatMap((k) => [k, k]);
      else {
        const suits = [
          [0, 1, 2],
          [0, 2, 1],
          [1, 0, 2],
          [1, 2, 0],
          [2, 0, 1],
          [2, 1, 0],
        ][g.order]!;
        const knitted = suits.flatMap((suit, offset) => [0, 3, 6].map((r) => suit * 9 + offset + r));
        tiles =
          g.shape === 'knitted'
            ? [...knitted, g.extra, g.extra, g.extra, (g.extra + 9) % 34, (g.extra + 9) % 34] // a pung and a pair
            : [...knitted.slice(0, 7 + (g.order % 3)), 27, 28, 29, 30, 31, 32, 33].slice(0, 14);
      }
      const counts = new Uint8Array(34);
      for (const k of tiles) counts[k]!++;
      const winKind = tiles.splice(g.winPick % tiles.length, 1)[0]!;
      return {
        valid: counts.every((n) => n <= 4) && tiles.length === 13,
        record: {
          id: 'special',
          preset: 'mcr',
          closedTiles: text(tiles),
          melds: [],
          winTile: text([winKind]),
          tsumo: g.tsumo,
          ...(g.tsumo ? {} : { discarder: 1 }),
          seatWind: 2,
          roundWind: 1,
          rules: { minimumFan: 0 },
        },
      };
    })
    .filter((g) => g.valid)
    .map((g) => g.record);

const anyWin = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.oneof({ arbitrary: standardWin(), weight: 4 }, { arbitrary: specialWin(), weight: 1 });

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
