// Zung Jung through scoreWin: zung-jung.md's worked examples as {in, out} fixtures, the payoff at the par, the options, coded failures and properties on generated wins.
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
import { limitedValue, scoreZungJung, zungJungPayoff, type ZungJungOutput } from './score.js';

const fixtures = loadWorkedExamples(new URL('./fixtures/worked-examples.json', import.meta.url));
const fixture = (id: string): Record<string, unknown> => fixtures.find((f) => f.in.id === id)!.in;

describe('Zung Jung worked examples (zung-jung.md §7)', () => {
  it('has examples 1-7 (2 twice: on a discard and self-drawn); 8 is the payoff test below', () => {
    expect(fixtures.length).toBe(8);
  });

  checkWorkedExamples(fixtures);

  it('§7.6 scores Two Kong and Three Concealed Triplets, not One Kong nor Two Concealed Triplets', () => {
    const out = value(fixture('zj-7.6'));
    expect(ids(out)).toEqual(expect.arrayContaining(['4.3.2', '4.2.2']));
    expect(ids(out)).not.toContain('4.3.1');
    expect(ids(out)).not.toContain('4.2.1');
  });

  it('§7.8 **Payment at the par boundary.** `V` = 25 on a discard: 25/25/25. `V` = 26: discarder 28, others 25.', () => {
    const win = { seatWind: 1 as const, tsumo: false, discarder: 3 as const };
    expect(zungJungPayoff(win, 25, 'formal').payments).toEqual({ '2': 25, '3': 25, '4': 25 });
    expect(zungJungPayoff(win, 26, 'formal').payments).toEqual({ '2': 25, '3': 28, '4': 25 });
    expect(zungJungPayoff(win, 26, 'uniform').payments).toEqual({ '2': 26, '3': 26, '4': 26 });
  });

  it('§5 limit rule: over-limit single pattern, capped sum, chicken hand', () => {
    expect(limitedValue(720, 400)).toBe(400);
    expect(limitedValue(360, 130)).toBe(320);
    expect(limitedValue(0, 0)).toBe(1);
    expect(limitedValue(85, 40)).toBe(85);
  });
});

describe('Zung Jung options and failures', () => {
  const chicken = fixture('zj-7.7');

  it('WSOM profile: a chicken hand may not win (minimum 5 points, seed 003: at least one pattern)', () => {
    expect(codeOf({ ...chicken, rules: { profile: 'wsom' } })).toBe('below_minimum');
    expect(codeOf({ ...chicken, rules: { minimum_points: 5 } })).toBe('below_minimum');
    expect(value({ ...fixture('zj-7.1'), rules: { profile: 'wsom' } }).fan).toBe(15);
  });

  it('WSOM values (wsom_values): Pure One-Suit 100 in the seven-pairs example (§9)', () => {
    expect(value({ ...fixture('zj-7.3'), rules: { wsom_values: true } }).fan).toBe(130);
  });

  it('uniform payoff: every loser pays the value', () => {
    expect(value({ ...fixture('zj-7.2'), rules: { payoff_scheme: 'uniform' } }).payments).toEqual({
      '1': 85,
      '3': 85,
      '4': 85,
    });
  });

  it('pays the best arrangement: 111222333 as three pungs (Three Consecutive Triplets 100) over three chows', () => {
    const out = value({
      preset: 'zung-jung',
      id: 'c',
      closedTiles: '111222333m456p5s',
      melds: [],
      winTile: '5s',
      tsumo: true,
      seatWind: 2,
      roundWind: 1,
    });
    expect(ids(out)).toContain('7.2.1');
    expect(ids(out)).not.toContain('1.1');
  });

  it('answers coded errors: bonus tiles, unknown option, bad option value, no winning shape, a Xiamen win kind', () => {
    expect(codeOf({ ...chicken, flowers: ['1f'] })).toBe('rule_disabled');
    expect(codeOf({ ...chicken, rules: { limit: 400 } })).toBe('bad_input');
    expect(codeOf({ ...chicken, rules: { payoff_scheme: 'double' } })).toBe('bad_input');
    expect(codeOf({ ...chicken, winTile: '9s' })).toBe('not_a_win');
    expect(codeOf({ ...chicken, winKind: 'threeGoldPlay' })).toBe('not_a_win');
    expect(codeOf({ ...chicken, winKind: 'heavenly' })).toBe('not_a_win');
  });

  it('Blessing of Heaven for East on the deal, refused with a declared meld', () => {
    const deal = {
      ...fixture('zj-7.1'),
      seatWind: 1,
      tsumo: true,
      discarder: undefined,
      winKind: 'heavenly',
    };
    expect(ids(value(deal))).toContain('9.4.1');
  });
});

describe('Zung Jung properties', () => {
  it('scores every hand of four random sets and a pair; items add up to the value below the limit; payments to the total', () => {
    let scored = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const record = randomMcrWin(mulberry32(seed));
        if (record === null) return;
        const result = score({ ...record, preset: 'zung-jung', flowers: [], rules: {} });
        expect(result.ok ? 'ok' : result.code).toBe('ok');
        if (!result.ok) return;
        scored++;
        const out = result.value as ZungJungOutput;
        const sum = out.items.reduce((t, i) => t + i.fan * i.count, 0);
        if (sum <= 320) expect(sum).toBe(out.fan);
        else expect(out.fan === 320 || (out.items.length === 1 && out.fan > 320)).toBe(true);
        expect(Object.values(out.payments).reduce((a, b) => a + b, 0)).toBe(out.total);
        expect(out.total).toBe(3 * out.fan);
      }),
      { numRuns: 2000 },
    );
    expect(scored).toBeGreaterThan(1500);
  });

  checkBestReading('zung-jung', {}, scoreZungJung);
});
