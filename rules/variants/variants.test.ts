// Sanma, Mangan Mahjong, Clear Mahjong, Tenpai Race and the club tournament: presets and {in, out} fixtures from variants.md.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Meld } from '../hand.js';
import { makeRules, presetOf } from '../options.js';
import { deltaSum, type Seat } from '../payments.js';
import { unwrap } from '../result.js';
import type { ScoredYaku } from '../score.js';
import { countKinds, parseTile, tileKind, tilesOf, type Tile } from '../tiles.js';
import {
  CLEAR_CONDITIONS,
  clearedConditions,
  clearGameResult,
  clearTeamOf,
  type ClearCondition,
} from './clear.js';
import {
  isManganOrMore,
  manganMahjongGameOver,
  manganMahjongWinner,
  settleManganMahjongWin,
} from './mangan.js';
import {
  isSanmaKind,
  northDoraHan,
  sanmaDoraFromIndicator,
  sanmaTileSet,
  scoreSanmaWin,
  settleSanmaDraw,
  settleSanmaWin,
  type SanmaSeat,
} from './sanma.js';
import { canStartStageB, isStageADraw, resolveStageBRound, stageBRoles, TENPAI_RACE } from './tenpai-race.js';
import {
  chomboApplies,
  deadHandMay,
  leftoverDepositsToFirst,
  rankSeats,
  tenpaiAtDraw,
  tournamentChombo,
  tournamentGameResult,
} from './tournament.js';
import { NOT_FURITEN } from '../furiten.js';

const load = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
const tile = (text: string): Tile => unwrap(parseTile(text));
const code = (r: { ok: boolean; code?: string }) => (r.ok ? 'ok' : r.code);

describe('variant presets are registered (variants.md V7)', () => {
  it.each([
    ['minefield', { players: 2, startingPoints: 50000 }],
    ['tenpai-race', { players: 2, startingPoints: 10000, tenpaiRaceStageB: false }],
    [
      'sanma',
      {
        players: 3,
        startingPoints: 35000,
        redFives: 'none',
        calls: 'noChii',
        northDora: true,
        kiriage: false,
      },
    ],
    [
      'mangan',
      {
        players: 4,
        startingPoints: 25000,
        honbaValue: 0,
        riichiDeposit: 0,
        kiriage: false,
        nagashiMangan: 'off',
        renhou: 'off',
        payout: 'manganBurn',
      },
    ],
    ['clear', { players: 4, startingPoints: 25000, kiriage: false }],
    [
      'tournament',
      {
        players: 4,
        redFives: 'none',
        multipleRon: 'headBump',
        renhou: 'off',
        paarenchan: false,
        daisharin: false,
        chomboPayments: true,
      },
    ],
  ])('%s', async (name, expected) => {
    await import('./index.js');
    expect(unwrap(presetOf(name))).toMatchObject(expected);
    expect(makeRules(name as Parameters<typeof makeRules>[0]).players).toBe(expected.players);
  });
});

describe('Sanma (V3)', () => {
  interface F {
    payments: {
      name: string;
      in: {
        dealer: SanmaSeat;
        winner: SanmaSeat;
        loser: SanmaSeat | null;
        basePoints: number;
        honba: number;
        riichiSticks: number;
      };
      out: { deltas: number[] };
    }[];
    draws: {
      name: string;
      in: { dealer: SanmaSeat; tenpai: [boolean, boolean, boolean] };
      out: { deltas: number[] };
    }[];
    wins: { name: string; in: Record<string, unknown>; out: Record<string, unknown> }[];
  }
  const f = load<F>('sanma.json');

  it.each(f.payments.map((p) => [p.name, p] as const))('%s', (_n, p) => {
    const s = unwrap(settleSanmaWin(p.in));
    expect(s.deltas).toEqual(p.out.deltas);
    expect(deltaSum(s.deltas)).toBe(1000 * p.in.riichiSticks);
  });

  it.each(f.draws.map((d) => [d.name, d] as const))('%s', (_n, d) => {
    const s = unwrap(settleSanmaDraw({ ...d.in, nagashi: [], honba: 0, riichiSticks: 0 }));
    expect(s.deltas).toEqual(d.out.deltas);
    expect(deltaSum(s.deltas)).toBe(0);
  });

  it.each(f.wins.map((w) => [w.name, w] as const))('%s', (_n, w) => {
    const i = w.in as {
      closedTiles: string;
      melds?: { type: Meld['type']; tiles: string; calledTile?: string; from?: 1 | 2 | 3 }[];
      winTile: string;
      tsumo: boolean;
      seatWind: 1 | 2 | 3 | 4;
      roundWind: 1 | 2 | 3 | 4;
      riichi?: boolean;
      northCount: number;
      doraIndicators: string[];
      uraIndicators?: string[];
    };
    const melds: Meld[] = (i.melds ?? []).map((m) => ({
      type: m.type,
      tiles: tilesOf(m.tiles),
      ...(m.calledTile && { calledTile: tile(m.calledTile) }),
      ...(m.from && { from: m.from }),
    }));
    const r = scoreSanmaWin({
      closedTiles: tilesOf(i.closedTiles),
      melds,
      winTile: tile(i.winTile),
      tsumo: i.tsumo,
      seatWind: i.seatWind,
      roundWind: i.roundWind,
      riichi: i.riichi ?? false,
      northCount: i.northCount,
      doraIndicators: i.doraIndicators.map(tile),
      uraIndicators: (i.uraIndicators ?? []).map(tile),
    });
    if (w.out.code) {
      expect(code(r)).toBe(w.out.code);
      return;
    }
    const s = unwrap(r);
    expect({ han: s.han, fu: s.fu, limit: s.limit, points: s.points, total: s.total }).toEqual({
      han: w.out.han,
      fu: w.out.fu,
      limit: w.out.limit,
      points: w.out.points,
      total: w.out.total,
    });
    const north = s.yaku.find((y) => y.name === 'north dora');
    expect(north && 'han' in north ? north.han : 0).toBe(w.out.northHan);
  });

  it('tiles, dora order and north value', () => {
    expect(sanmaTileSet()).toHaveLength(108);
    expect(isSanmaKind(0) && isSanmaKind(8) && !isSanmaKind(4)).toBe(true);
    expect(sanmaDoraFromIndicator(0)).toBe(8);
    expect(sanmaDoraFromIndicator(8)).toBe(0);
    expect(sanmaDoraFromIndicator(29)).toBe(30);
    expect(northDoraHan(3, [tile('1z')], [tile('3z')], true)).toBe(6);
    expect(northDoraHan(3, [tile('1z')], [tile('3z')], false)).toBe(3);
  });
});

describe('Mangan Mahjong (V4)', () => {
  const f = load<{
    wins: {
      name: string;
      in: { dealer: Seat; winner: Seat; loser: Seat | null; basePoints: number };
      out: { deltas: number[]; burned: number };
    }[];
  }>('mangan.json');
  it.each(f.wins.map((w) => [w.name, w] as const))('%s', (_n, w) => {
    const s = unwrap(settleManganMahjongWin(w.in));
    expect(s.deltas).toEqual(w.out.deltas);
    expect(s.burned).toBe(w.out.burned);
    // Points only ever leave the game (V4.1 item 3).
    expect(deltaSum(s.deltas) + w.out.burned).toBe(0);
  });
  it('threshold, game end and winner', () => {
    expect(isManganOrMore(1920)).toBe(false);
    expect(isManganOrMore(2000)).toBe(true);
    expect(manganMahjongGameOver([25000, 0, 30000, 20000])).toBe(true);
    expect(manganMahjongGameOver([25000, 100, 30000, 20000])).toBe(false);
    expect(manganMahjongWinner([30000, 30000, 0, 12000])).toBe(0);
  });
});

describe('Clear Mahjong (V5)', () => {
  interface F {
    conditions: { name: string; in: ScoredYaku[]; out: string[] }[];
    results: {
      name: string;
      in: { A: ClearCondition[]; B: ClearCondition[]; points: number[] };
      out: Record<string, string>;
    }[];
  }
  const f = load<F>('clear.json');
  it.each(f.conditions.map((c) => [c.name, c] as const))('%s', (_n, c) => {
    expect(clearedConditions(c.in)).toEqual(c.out);
  });
  it.each(f.results.map((r) => [r.name, r] as const))('%s', (_n, r) => {
    expect(clearGameResult({ A: new Set(r.in.A), B: new Set(r.in.B) }, r.in.points)).toEqual(r.out);
  });
  it('teams: East + North vs South + West', () => {
    expect([0, 1, 2, 3].map((s) => clearTeamOf(s as Seat))).toEqual(['A', 'B', 'B', 'A']);
    expect(CLEAR_CONDITIONS).toHaveLength(5);
  });
});

describe('Tenpai Race (V2)', () => {
  const hand = (text: string) => {
    const counts = countKinds(tilesOf(text));
    return { counts, meldCount: 0, held: counts };
  };
  it('Stage B entry: tenpai and not furiten (V2.1 item 5)', () => {
    expect(unwrap(canStartStageB({ ...hand('123456789m1122p'), pond: [], furiten: NOT_FURITEN }))).toEqual([
      9, 10,
    ]);
    expect(
      code(
        canStartStageB({ ...hand('123456789m1122p'), pond: [tileKind(tile('2p'))], furiten: NOT_FURITEN }),
      ),
    ).toBe('furiten');
    expect(code(canStartStageB({ ...hand('1357m2468p1357s1z'), pond: [], furiten: NOT_FURITEN }))).toBe(
      'not_tenpai',
    );
  });
  it('Stage A draw after 18 discards each; roles', () => {
    expect(isStageADraw([18, 18])).toBe(true);
    expect(isStageADraw([18, 17])).toBe(false);
    expect(stageBRoles(1)).toEqual({ attacker: 1, defender: 0 });
  });
  it('Stage B resolution is off unless the unsourced option is on', () => {
    const round = { guess: [3, 9] as [number, number], waits: [9, 10], drawn: null };
    expect(code(resolveStageBRound(round, TENPAI_RACE))).toBe('rule_disabled');
    const on = makeRules(TENPAI_RACE, { tenpaiRaceStageB: true });
    expect(unwrap(resolveStageBRound(round, on))).toBe('defenderFound');
    expect(unwrap(resolveStageBRound({ guess: [3, 4], waits: [9, 10], drawn: 10 }, on))).toBe(
      'attackerTsumo',
    );
    expect(unwrap(resolveStageBRound({ guess: [3, 4], waits: [9, 10], drawn: 11 }, on))).toBe('continue');
  });
});

describe('Club tournament (V6)', () => {
  interface F {
    finalScoring: {
      name: string;
      in: { points: [number, number, number, number] };
      out: { results: number[]; ranks: number[] };
    }[];
    chombo: {
      name: string;
      in: { dealer: Seat; offender: Seat; riichiThisHand: Seat[]; riichiSticks: number };
      out: { deltas: number[]; depositsAfter: number };
    }[];
  }
  const f = load<F>('tournament.json');
  it.each(f.finalScoring.map((x) => [x.name, x] as const))('%s', (_n, x) => {
    const r = tournamentGameResult(x.in.points);
    expect(r).toEqual(x.out);
    expect(r.results.reduce((a, b) => a + b, 0)).toBe(0);
  });
  it.each(f.chombo.map((x) => [x.name, x] as const))('%s', (_n, x) => {
    const s = unwrap(tournamentChombo(x.in));
    expect(s).toEqual(x.out);
    expect(deltaSum(s.deltas)).toBe(1000 * (x.in.riichiSticks - s.depositsAfter));
  });
  it('ranking ties, leftover sticks, chombo priority, dead hand', () => {
    expect(rankSeats([30000, 22000, 30000, 18000])).toEqual([0, 2, 1, 3]);
    expect(leftoverDepositsToFirst([30000, 22000, 30000, 16000], 2)).toEqual([32000, 22000, 30000, 16000]);
    expect(chomboApplies('falseWinShown', 'inProgress')).toBe(true);
    expect(chomboApplies('falseWinShown', 'nagashi')).toBe(false);
    expect(chomboApplies('riichiNotTenpai', 'inProgress')).toBe(false);
    expect(chomboApplies('riichiNotTenpai', 'draw')).toBe(true);
    expect(deadHandMay('ron')).toBe(false);
    expect(deadHandMay('discard')).toBe(true);
    expect(tenpaiAtDraw(true, true)).toBe(false);
  });
});
