// Hong Kong Old Style through scoreWin: hong-kong.md's worked examples as {in, out} fixtures, its options, coded failures and properties on generated wins.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomMcrWin } from '../../../test/arbitraries/mcr-wins.js';
import {
  checkBestReading,
  checkWorkedExamples,
  codeOf,
  itemIds as ids,
  loadWorkedExamples,
  scored as value,
  scoreRecord as score,
} from '../../../test/chinese-worked-examples.js';
import { mulberry32 } from '../../../test/differential/generate.js';
import { scoreHongKong, type HongKongOutput } from './score.js';

const fixtures = loadWorkedExamples(new URL('./fixtures/worked-examples.json', import.meta.url));

/** Example 1's hand (concealed all chows, plain pair, no bonus tiles): West wins on South's discard. */
const allChows = {
  preset: 'hong-kong',
  id: 'h',
  closedTiles: '123m456m789p23s55p',
  melds: [],
  winTile: '4s',
  tsumo: false,
  discarder: 2,
  seatWind: 3,
  roundWind: 1,
};

describe('Hong Kong Old Style worked examples (hong-kong.md §4.1)', () => {
  it('has every example of §4.1 (example 2 twice: refused, and self-drawn)', () => {
    expect(fixtures.length).toBe(5);
  });

  // The sentences give the faan paid: counting and bonus-tile faan together.
  checkWorkedExamples(fixtures, (out) => out.fan + out.flowerFan);
});

describe('Hong Kong Old Style options and failures', () => {
  it('pays the pung reading of 111222333 when it is worth more (all pungs 3 > all chows 1)', () => {
    const out = value({ ...allChows, closedTiles: '111222333m777p5s', winTile: '5s' });
    expect(ids(out)).toEqual(['concealed', 'all-pungs', 'no-bonus-tiles']);
    // Self-drawn, the same tiles are four concealed pungs: the limit.
    expect(
      ids(
        value({
          ...allChows,
          closedTiles: '111222333m777p5s',
          winTile: '5s',
          tsumo: true,
          discarder: undefined,
        }),
      ),
    ).toEqual(['hidden-treasure']);
  });

  it('counts "no bonus tiles" toward the minimum when rules.no_bonus_is_bonus_faan is false (Ambiguity 6)', () => {
    const out = value({ ...allChows, rules: { no_bonus_is_bonus_faan: false } });
    expect([out.fan, out.flowerFan]).toEqual([3, 0]);
  });

  it('takes the minimum from rules.minimum_faan; limit hands always qualify', () => {
    expect(score({ ...allChows, rules: { minimum_faan: 1 } }).ok).toBe(true);
    const orphans = {
      ...allChows,
      closedTiles: '19m19p19s1234567z',
      winTile: '1m',
      rules: { minimum_faan: 13, limit_faan: 13 },
    };
    expect(value(orphans).fan).toBe(13);
  });

  it('converts faan with the tiered table and caps at the limit', () => {
    // Mixed one suit 3 + dragon pung 1 + self-drawn 1 = 5: tiered b = 16 (4-6 faan).
    const five = {
      preset: 'hong-kong',
      id: 't',
      closedTiles: '123m456m789m2m',
      melds: [{ type: 'pon', tiles: '777z', calledTile: '7z', from: 1 }],
      winTile: '2m',
      tsumo: true,
      seatWind: 2,
      roundWind: 1,
      flowers: ['3f'],
    };
    expect(value({ ...five, rules: { point_table: 'tiered' } }).payments).toEqual({
      '1': 32,
      '3': 32,
      '4': 32,
    });
    // Capped at a 4-faan limit: b = 16 doubling.
    expect(value({ ...five, rules: { limit_faan: 4, minimum_faan: 1 } }).total).toBe(96);
  });

  it('lets East pay and receive double (dealer_double) and the discarder pay alone (discarder_only)', () => {
    const fromEast = { ...allChows, discarder: 1, rules: { minimum_faan: 0, dealer_double: true } };
    expect(value(fromEast).payments).toEqual({ '1': 32, '2': 8, '4': 8 });
    const only = { ...allChows, rules: { minimum_faan: 0, payment: 'discarder_only' } };
    expect(value(only).payments).toEqual({ '1': 0, '2': 32, '4': 0 });
  });

  it('makes the discarder pay for all when three exposed sets of one suit win a one-suit hand on that suit', () => {
    const record = {
      preset: 'hong-kong',
      id: 'd',
      closedTiles: '789m2m',
      melds: [
        { type: 'pon', tiles: '111m', calledTile: '1m', from: 1 },
        { type: 'chi', tiles: '345m', calledTile: '3m', from: 3 },
        { type: 'pon', tiles: '777z', calledTile: '7z', from: 2 },
      ],
      winTile: '2m',
      tsumo: false,
      discarder: 4,
      seatWind: 1,
      roundWind: 1,
      flowers: ['2f'],
    };
    // Two sets of characters shown: the standard split (mixed one suit 3 + dragon 1 = 4 faan, b = 16).
    expect(value({ ...record, rules: { discarder_pays_all: true } }).payments).toEqual({
      '2': 16,
      '3': 16,
      '4': 32,
    });
    const fourMelds = {
      ...record,
      closedTiles: '2m',
      melds: [
        ...record.melds.slice(0, 2),
        { type: 'chi', tiles: '789m', calledTile: '7m', from: 3 },
        record.melds[2],
      ],
    };
    expect(value({ ...fourMelds, rules: { discarder_pays_all: true } }).payments).toEqual({
      '2': 0,
      '3': 0,
      '4': 64,
    });
    expect(value(fourMelds).payments).toEqual({ '2': 16, '3': 16, '4': 32 });
  });

  it('refuses seven pairs when rules.seven_pairs is "off", scores it 4 faan otherwise', () => {
    const pairs = {
      ...allChows,
      closedTiles: '1133m5577p99s224z',
      winTile: '4z',
      rules: { minimum_faan: 0 },
    };
    expect(ids(value(pairs))).toContain('seven-pairs');
    const off = score({ ...pairs, rules: { seven_pairs: 'off' } });
    expect(off.ok ? 'ok' : off.code).toBe('not_a_win');
  });

  it('answers coded errors: unknown option, bad option value, no winning shape, a Xiamen win kind, bonusReplacement on a discard', () => {
    expect(codeOf({ ...allChows, rules: { minimumFan: 3 } })).toBe('bad_input');
    expect(codeOf({ ...allChows, rules: { limit_faan: 'ten' } })).toBe('bad_input');
    expect(codeOf({ ...allChows, winTile: '9s' })).toBe('not_a_win');
    expect(codeOf({ ...allChows, winKind: 'goldFloat' })).toBe('not_a_win');
    expect(codeOf({ ...allChows, winKind: 'fishing' })).toBe('bad_win_kind');
    expect(codeOf({ ...allChows, bonusReplacement: true })).toBe('bad_input');
  });

  it('scores a win on a bonus tile replacement (+1) and own flowers, four flowers +1 or two flat', () => {
    const tsumo = {
      ...allChows,
      tsumo: true,
      discarder: undefined,
      bonusReplacement: true,
      flowers: ['3f', '7f'],
    };
    const out = value(tsumo);
    expect(ids(out)).toEqual([
      'self-drawn',
      'concealed',
      'bonus-replacement',
      'all-chows',
      'own-flower',
      'own-season',
    ]);
    expect(out.flowerFan).toBe(2);
    const four = { ...tsumo, bonusReplacement: false, flowers: ['1f', '2f', '3f', '4f'] };
    expect(value(four).flowerFan).toBe(2);
    expect(value({ ...four, rules: { bonus_set: 'two_flat' } }).flowerFan).toBe(2);
    expect(ids(value({ ...four, rules: { bonus_set: 'two_flat' } }))).not.toContain('own-flower');
  });
});

describe('Hong Kong Old Style properties', () => {
  it('scores every hand of four random sets and a pair (minimum 0); payments add up to the total', () => {
    let scored = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const record = randomMcrWin(mulberry32(seed));
        if (record === null) return;
        const result = score({ ...record, preset: 'hong-kong', rules: { minimum_faan: 0 } });
        if (!result.ok) {
          expect(result.code).not.toBe('not_a_win');
          return;
        }
        scored++;
        const out = result.value as HongKongOutput;
        const paid = Object.values(out.payments);
        expect(paid.reduce((a, b) => a + b, 0)).toBe(out.total);
        const b = 2 ** Math.min(out.fan + out.flowerFan, 10);
        expect(paid.sort((x, y) => x - y)).toEqual(record.tsumo ? [2 * b, 2 * b, 2 * b] : [b, b, 2 * b]);
        if (out.fan < 10)
          expect(out.items.reduce((t, i) => t + i.fan * i.count, 0)).toBe(out.fan + out.flowerFan);
      }),
      { numRuns: 2000 },
    );
    expect(scored).toBeGreaterThan(1500);
  });

  checkBestReading('hong-kong', { minimum_faan: 0 }, scoreHongKong);
});
