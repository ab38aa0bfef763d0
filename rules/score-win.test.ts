// scoreWin under the variant presets (issue 12, "`score` and the variant presets"): each preset's rules on top of the riichi scoring.
import { describe, expect, it } from 'vitest';
import { PINFU_DORA_RECORD, PINFU_RECORD } from './fixtures/score-records.js';
import { unwrap } from './result.js';
import { scoreWin, type ScoreOutput } from './score-win.js';

const PINFU = PINFU_RECORD;
const PINFU_DORA = PINFU_DORA_RECORD;

const scored = (input: Record<string, unknown>): ScoreOutput => unwrap(scoreWin(input));
const codeOf = (input: Record<string, unknown>): string => {
  const result = scoreWin(input);
  return result.ok ? 'ok' : result.code;
};
const yakuNames = (out: ScoreOutput): string[] => out.yaku.map((y) => y.name);

describe('preset minefield (variants.md V1)', () => {
  const minefield = (input: Record<string, unknown>) => ({ ...input, preset: 'minefield' });

  it('refuses 3 han 50 fu below the floor (below_mangan), which the riichi table scores 6400', () => {
    const win = {
      id: 'm',
      closedTiles: '234m56p99s111333z',
      melds: [],
      winTile: '4p',
      tsumo: false,
      seatWind: 3,
      roundWind: 1,
      riichi: true,
      doraIndicators: ['1p'],
    };
    expect(scored(win)).toMatchObject({ han: 3, fu: 50, total: 6400 });
    const result = scoreWin(minefield(win));
    expect(result.ok ? 'ok' : result.code).toBe('below_mangan');
    expect(result.ok ? '' : result.message).toContain('3 han 50 fu');
  });

  it('pays the ante times its multiplier: 4 han 30 fu is a mangan, ante × 1, not 8000', () => {
    const out = scored(minefield(PINFU_DORA));
    expect(out).toMatchObject({
      han: 4,
      fu: 30,
      limit: 'mangan',
      points: { ron: 1000 },
      total: 1000,
      payments: { ron: 1000, honba: 0, deposits: 0, total: 1000 },
      variant: {
        preset: 'minefield',
        reachesFloor: true,
        hanWithoutUra: 4,
        ante: 1000,
        multiplier: 1,
        payment: 1000,
      },
    });
    // After three draws the ante is 8000; 5 han + 1 under-dora is a haneman: 1.5 × 8000.
    const haneman = scored(
      minefield({ ...PINFU, doraIndicators: ['7p'], uraIndicators: ['1m'], ante: 8000 }),
    );
    expect(haneman).toMatchObject({ han: 6, limit: 'haneman', total: 12000 });
    expect(haneman.variant).toMatchObject({ hanWithoutUra: 5, ante: 8000, multiplier: 1.5, payment: 12000 });
  });

  it('scores a first-turn riichi as plain riichi: doubleRiichi is never scored (V1.4)', () => {
    const out = scored(minefield({ ...PINFU_DORA, doubleRiichi: true }));
    expect(yakuNames(out)).toContain('riichi');
    expect(yakuNames(out)).not.toContain('double riichi');
    expect(out.han).toBe(4);
  });

  it('refuses a tsumo, an open pon and seat or round wind South (no draws, no calls, fixed winds)', () => {
    expect(codeOf(minefield({ ...PINFU_DORA, tsumo: true }))).toBe('bad_input');
    expect(
      codeOf(
        minefield({
          ...PINFU_DORA,
          riichi: false,
          closedTiles: '234m56788p34567s'.replace('234m', ''),
          melds: [{ type: 'pon', tiles: '222m' }],
        }),
      ),
    ).toBe('bad_meld');
    expect(codeOf(minefield({ ...PINFU_DORA, seatWind: 2 }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, roundWind: 2 }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, seatWind: 1, dealer: false }))).toBe('bad_input');
  });

  it("refuses houtei for the non-dealer; the dealer scores it on the non-dealer's 17th discard", () => {
    expect(codeOf(minefield({ ...PINFU_DORA, houtei: true }))).toBe('bad_input');
    const dealer = scored(minefield({ ...PINFU_DORA, seatWind: 1, houtei: true }));
    expect(yakuNames(dealer)).toContain('houtei raoyui');
    expect(dealer.limit).toBe('mangan');
  });

  it('refuses what no Minefield hand has: honba, sticks, kan dora, red fives, an ante off the doubling', () => {
    expect(codeOf(minefield({ ...PINFU_DORA, honba: 1 }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, riichiSticks: 1 }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, doraIndicators: ['1m', '1z'] }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, redFivesEnabled: true }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, chankan: true }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, ante: 3000 }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, ante: 500 }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, ante: 0 }))).toBe('bad_input');
    expect(codeOf(minefield({ ...PINFU_DORA, ante: 4000 }))).toBe('ok');
  });

  it('scores One-Shot when the record says so (the regular window, M1), riichi even when the record omits it', () => {
    const out = scored(minefield({ ...PINFU, riichi: false, ippatsu: true }));
    expect(yakuNames(out)).toEqual(expect.arrayContaining(['riichi', 'ippatsu', 'pinfu', 'tanyao']));
    expect(out).toMatchObject({ han: 4, fu: 30, limit: 'mangan', total: 1000 });
  });
});

describe('preset mangan (variants.md V4.1)', () => {
  it('4 han 30 fu is below mangan there: the win stands and nothing moves (the riichi table says 7700)', () => {
    expect(scored(PINFU_DORA)).toMatchObject({ han: 4, fu: 30, total: 7700 });
    const out = scored({ ...PINFU_DORA, preset: 'mangan' });
    expect(out).toMatchObject({
      han: 4,
      fu: 30,
      points: { ron: 0 },
      total: 0,
      payments: { ron: 0, honba: 0, deposits: 0, total: 0 },
      variant: { preset: 'mangan', manganOrMore: false, burned: 0 },
    });
  });

  it('4 han 40 fu: the discarder pays 8000 and the winner gains nothing (the points burn)', () => {
    // Riichi + White + two dora 9p; 20 + 10 closed ron + 8 concealed honour triplet = 38 → 40 fu.
    const win = {
      id: 'g',
      closedTiles: '234m567p67s99p555z',
      melds: [],
      winTile: '8s',
      tsumo: false,
      seatWind: 3,
      roundWind: 1,
      riichi: true,
      doraIndicators: ['8p'],
    };
    expect(scored(win)).toMatchObject({ han: 4, fu: 40, total: 8000 });
    expect(scored({ ...win, preset: 'mangan' })).toMatchObject({
      points: { ron: 8000 },
      total: 0,
      payments: { ron: 8000, total: 0 },
      variant: { preset: 'mangan', manganOrMore: true, burned: 8000 },
    });
    // A tsumo: all three pay, nobody receives it.
    const tsumo = scored({ ...win, tsumo: true, preset: 'mangan' });
    expect(tsumo).toMatchObject({ points: { tsumoDealer: 4000, tsumoNonDealer: 2000 }, total: 0 });
    expect(tsumo.variant).toEqual({ preset: 'mangan', manganOrMore: true, burned: 8000 });
  });

  it('refuses honba and riichi sticks: there are none (V4.1 item 1)', () => {
    expect(codeOf({ ...PINFU_DORA, preset: 'mangan', honba: 1 })).toBe('bad_input');
    expect(codeOf({ ...PINFU_DORA, preset: 'mangan', riichiSticks: 2 })).toBe('bad_input');
  });
});

describe('preset sanma (variants.md V3)', () => {
  /** Riichi, 888p completed by ron: no tile of 2m-8m. */
  const SANMA = {
    id: 's',
    preset: 'sanma',
    closedTiles: '99m567p88p345s789s',
    melds: [],
    winTile: '8p',
    tsumo: false,
    seatWind: 2,
    roundWind: 1,
    riichi: true,
  };

  it('refuses a hand with 2m-7m (they are removed), a chi meld and the North seat', () => {
    expect(codeOf({ ...PINFU_DORA, preset: 'sanma' })).toBe('bad_tile');
    expect(
      codeOf({
        ...SANMA,
        riichi: false,
        closedTiles: '99m88p345s789s',
        melds: [{ type: 'chi', tiles: '567p' }],
      }),
    ).toBe('bad_meld');
    expect(codeOf({ ...SANMA, seatWind: 4 })).toBe('bad_input');
    expect(codeOf({ ...SANMA, roundWind: 3 })).toBe('bad_input');
  });

  it('counts north dora from northCount (each North set aside 1 han, 2 when an indicator names North)', () => {
    expect(scored(SANMA).yaku).toEqual([{ name: 'riichi', han: 1 }]);
    const two = scored({ ...SANMA, northCount: 2 });
    expect(two.yaku).toContainEqual({ name: 'north dora', han: 2 });
    expect(two.han).toBe(3);
    expect(scored({ ...SANMA, northCount: 2, doraIndicators: ['3z'] }).yaku).toContainEqual({
      name: 'north dora',
      han: 4,
    });
    expect(codeOf({ ...SANMA, northCount: 5 })).toBe('bad_input');
    expect(codeOf({ ...SANMA, northCount: -1 })).toBe('bad_input');
  });

  it('a tsumo is paid by the two others only', () => {
    // Riichi + Fully Concealed, 30 fu: dealer 1000, the other 500 (four players would add another 500).
    expect(scored({ ...SANMA, tsumo: true })).toMatchObject({
      han: 2,
      fu: 30,
      points: { tsumoDealer: 1000, tsumoNonDealer: 500 },
      total: 1500,
    });
  });
});

describe('the other presets', () => {
  it('tenpai-race scores nothing: Stage A has no win and Stage B is unsourced (rule_disabled)', () => {
    expect(codeOf({ ...PINFU_DORA, preset: 'tenpai-race' })).toBe('rule_disabled');
  });

  it('clear names the conditions the win clears for the team', () => {
    const pairs = { ...PINFU, riichi: false, closedTiles: '1133m5577p99s112z', winTile: '2z' };
    expect(scored({ ...pairs, preset: 'clear' }).variant).toEqual({
      preset: 'clear',
      cleared: ['chiitoitsu'],
    });
    expect(scored({ ...PINFU, preset: 'clear' }).variant).toEqual({ preset: 'clear', cleared: [] });
  });

  it('tournament plays without red fives; tenhou, club and tournament are the riichi table with no variant part', () => {
    expect(codeOf({ ...PINFU_DORA, preset: 'tournament', redFivesEnabled: true })).toBe('bad_input');
    for (const preset of ['tenhou', 'club', 'seed', 'tournament']) {
      const out = scored({ ...PINFU_DORA, preset });
      expect(out).toMatchObject({ han: 4, fu: 30, total: 7700 });
      expect(out.variant).toBeUndefined();
    }
  });

  it("refuses a preset's own field given to another preset (ante, northCount)", () => {
    expect(codeOf({ ...PINFU_DORA, ante: 1000 })).toBe('bad_input');
    expect(codeOf({ ...PINFU_DORA, preset: 'mangan', ante: 1000 })).toBe('bad_input');
    expect(codeOf({ ...PINFU_DORA, northCount: 1 })).toBe('bad_input');
    expect(codeOf({ ...PINFU_DORA, northCount: 0 })).toBe('ok');
    expect(codeOf({ ...PINFU_DORA, ante: 'lots', preset: 'minefield' })).toBe('bad_input');
  });
});
