// Minefield (variants.md V1): the V1.7 worked examples and the seed's rules as {in, out} fixtures, plus the arithmetic.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { presetOf } from '../options.js';
import { unwrap } from '../result.js';
import { parseTile, tileKind, tilesOf, type Tile } from '../tiles.js';
import { decompose } from '../decompose.js';
import { checkMinefieldFloor, checkMinefieldWin, isMinefieldDiscardFuriten, MINEFIELD, minefieldWaits, validateMinefieldHand } from './minefield.js';
import {
  MINEFIELD_FIRST_ANTE,
  minefieldAnteAfterDraws,
  minefieldGameEnd,
  minefieldLimit,
  minefieldPayout,
  nextMinefieldAnte,
  nextMinefieldDealer,
  reachesMinefieldFloor,
  settleMinefieldWin,
  type MinefieldLimit,
} from './minefield-points.js';
import type { Seat } from '../payments.js';

interface WinFixture {
  name: string;
  in: {
    hand: string;
    winTile: string;
    dealer: boolean;
    discardNumber: number;
    ownDiscards: string[];
    passedWin: boolean;
    doraIndicator: string;
    uraIndicator: string;
    ante: number;
  };
  out: {
    code?: string;
    han?: number;
    hanWithoutUra?: number;
    fu?: number;
    limit?: string;
    payout?: number;
    yaku?: string[];
    yakuman?: number;
  };
}
interface Fixtures {
  wins: WinFixture[];
  payouts: { in: { limit: MinefieldLimit; ante: number; yakuman?: number }; out: number }[];
  sequences: {
    name: string;
    in: {
      dealer: Seat;
      points: [number, number];
      results: ({ type: 'draw' } | { type: 'win'; winner: Seat; limit: MinefieldLimit })[];
    };
    out: { antes: number[]; points: [number, number]; dealer: Seat };
  }[];
}

const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/minefield.json', import.meta.url), 'utf8'),
) as Fixtures;
const tile = (text: string) => unwrap(parseTile(text));

describe('Minefield preset', () => {
  it('is registered and carries the V7 values', () => {
    const preset = unwrap(presetOf('minefield'));
    expect(preset).toBe(MINEFIELD);
    expect(preset).toMatchObject({
      players: 2,
      startingPoints: 50000,
      redFives: 'none',
      kiriage: true,
      calls: 'none',
      doubleRiichiAllowed: false,
      riichiDeposit: 0,
      honbaValue: 0,
      renhou: 'off',
      nagashiMangan: 'off',
      paarenchan: false,
    });
  });
});

describe('checkMinefieldWin: fixtures', () => {
  it.each(fixtures.wins.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const r = checkMinefieldWin({
      hand: tilesOf(f.in.hand),
      winTile: tile(f.in.winTile),
      dealer: f.in.dealer,
      discardNumber: f.in.discardNumber,
      ownDiscards: f.in.ownDiscards.map((t) => tileKind(tile(t))),
      passedWin: f.in.passedWin,
      doraIndicator: tile(f.in.doraIndicator),
      uraIndicator: tile(f.in.uraIndicator),
      ante: f.in.ante,
    });
    if (f.out.code) {
      expect(r.ok ? 'ok' : r.code).toBe(f.out.code);
      return;
    }
    const win = unwrap(r);
    if (f.out.han !== undefined) expect(win.scored.han).toBe(f.out.han);
    if (f.out.hanWithoutUra !== undefined) expect(win.hanWithoutUra).toBe(f.out.hanWithoutUra);
    if (f.out.fu !== undefined) expect(win.scored.fu).toBe(f.out.fu);
    if (f.out.yakuman !== undefined) expect(win.scored.yakuman).toBe(f.out.yakuman);
    if (f.out.yaku) expect(win.scored.yaku.map((y) => y.name).sort()).toEqual([...f.out.yaku].sort());
    expect(win.limit).toBe(f.out.limit);
    expect(win.payout).toBe(f.out.payout);
  });

  it('checkMinefieldFloor refuses exactly what checkMinefieldWin refuses, and scores without under-dora', () => {
    for (const f of fixtures.wins) {
      const claim = {
        hand: tilesOf(f.in.hand),
        winTile: tile(f.in.winTile),
        dealer: f.in.dealer,
        discardNumber: f.in.discardNumber,
        ownDiscards: f.in.ownDiscards.map((t) => tileKind(tile(t))),
        passedWin: f.in.passedWin,
        doraIndicator: tile(f.in.doraIndicator),
        uraIndicator: tile(f.in.uraIndicator),
        ante: f.in.ante,
      };
      const win = checkMinefieldWin(claim);
      const floor = checkMinefieldFloor(claim);
      expect(floor.ok ? 'ok' : floor.code, f.name).toBe(win.ok ? 'ok' : win.code);
      if (win.ok && floor.ok) expect(floor.value.han, f.name).toBe(win.value.hanWithoutUra);
    }
  });

  it('refuses a discard number outside 1-17', () => {
    const r = checkMinefieldWin({ ...baseClaim(), discardNumber: 18 });
    expect(r.ok ? 'ok' : r.code).toBe('bad_input');
  });
});

function baseClaim() {
  return {
    hand: tilesOf('345m999p11s11177z'),
    winTile: tile('1s'),
    dealer: true,
    discardNumber: 3,
    ownDiscards: [],
    passedWin: false,
    doraIndicator: tile('2z'),
    uraIndicator: tile('2z'),
    ante: 1000,
  };
}

describe('Minefield hands', () => {
  it('waits and tenpai validation (V1.1 item 4)', () => {
    expect(minefieldWaits(tilesOf('345m999p11s11177z'))).toEqual([18, 33]);
    expect(unwrap(validateMinefieldHand(tilesOf('345m999p11s11177z')))).toEqual([18, 33]);
    const noTenpai = validateMinefieldHand(tilesOf('1357m2468p1357s1z'));
    expect(noTenpai.ok ? 'ok' : noTenpai.code).toBe('not_tenpai');
    // Waiting only on a kind it holds four of (1111m + ...): not tenpai.
    const pureWait = validateMinefieldHand(tilesOf('1111m234p567s789s'));
    expect(pureWait.ok ? 'ok' : pureWait.code).toBe('not_tenpai');
    const short = validateMinefieldHand(tilesOf('123m'));
    expect(short.ok ? 'ok' : short.code).toBe('bad_hand_size');
  });

  it('waits and discard furiten agree with reading every completion by decompose (seeded hands)', () => {
    // A small seeded generator: one-suit-heavy hands, so that many of them are tenpai.
    let state = 12345;
    const next = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 8) % n;
    };
    let tenpai = 0;
    for (let i = 0; i < 3000; i++) {
      const counts = new Array<number>(34).fill(0);
      const span = i % 3 === 0 ? 34 : 9 + next(9);
      const base = next(34 - span + 1);
      const hand: number[] = [];
      while (hand.length < 13) {
        const kind = base + next(span);
        if (counts[kind]! < 4) {
          counts[kind]!++;
          hand.push(kind);
        }
      }
      const expected: number[] = [];
      const completed = Uint8Array.from(counts);
      for (let kind = 0; kind < 34; kind++) {
        completed[kind]!++;
        if (decompose(completed, 0).length > 0) expected.push(kind);
        completed[kind]!--;
      }
      const tiles = hand.map((kind) => kind as Tile); // no red fives: a tile is its kind
      expect(minefieldWaits(tiles)).toEqual(expected);
      if (expected.length > 0) tenpai++;
      const discards = [next(34), next(34)];
      expect(isMinefieldDiscardFuriten(tiles, discards)).toBe(discards.some((k) => expected.includes(k)));
      expect(isMinefieldDiscardFuriten(tiles, [])).toBe(false);
    }
    expect(tenpai).toBeGreaterThan(100);
  });
});

describe('Minefield arithmetic (V1.3-V1.6)', () => {
  it.each(fixtures.payouts.map((p) => [p.in.limit, p.in.ante, p.in.yakuman ?? 1, p.out] as const))(
    '%s at ante %i (x%i yakuman) pays %i',
    (limit, ante, yakuman, out) => {
      expect(minefieldPayout(limit, ante, yakuman)).toBe(out);
    },
  );

  it('the floor: 5 han, 4/30, 3/60 or a yakuman; not 4/25 or 3/50', () => {
    expect(reachesMinefieldFloor({ han: 5, fu: 25, yakuman: 0 })).toBe(true);
    expect(reachesMinefieldFloor({ han: 4, fu: 30, yakuman: 0 })).toBe(true);
    expect(reachesMinefieldFloor({ han: 3, fu: 60, yakuman: 0 })).toBe(true);
    expect(reachesMinefieldFloor({ han: 4, fu: 25, yakuman: 0 })).toBe(false);
    expect(reachesMinefieldFloor({ han: 3, fu: 50, yakuman: 0 })).toBe(false);
    expect(reachesMinefieldFloor({ han: 2, fu: 110, yakuman: 0 })).toBe(false);
    expect(reachesMinefieldFloor({ han: 0, fu: 0, yakuman: 1 })).toBe(true);
  });

  it('limit tiers with kiriage', () => {
    expect(minefieldLimit({ han: 3, fu: 60, yakuman: 0 })).toBe('mangan');
    expect(minefieldLimit({ han: 7, fu: 30, yakuman: 0 })).toBe('haneman');
    expect(minefieldLimit({ han: 10, fu: 30, yakuman: 0 })).toBe('baiman');
    expect(minefieldLimit({ han: 12, fu: 30, yakuman: 0 })).toBe('sanbaiman');
    expect(minefieldLimit({ han: 13, fu: 30, yakuman: 0 })).toBe('kazoe yakuman');
    expect(minefieldLimit({ han: 3, fu: 50, yakuman: 0 })).toBe(null);
  });

  it.each(fixtures.sequences.map((s) => [s.name, s] as const))('%s', (_name, s) => {
    let ante = MINEFIELD_FIRST_ANTE;
    let dealer = s.in.dealer;
    const points: [number, number] = [...s.in.points];
    const antes = [ante];
    for (const result of s.in.results) {
      if (result.type === 'draw') {
        dealer = nextMinefieldDealer(dealer, null);
        ante = nextMinefieldAnte(ante, 'draw');
      } else {
        const [d0, d1] = settleMinefieldWin(result.winner, minefieldPayout(result.limit, ante));
        points[0] += d0;
        points[1] += d1;
        dealer = nextMinefieldDealer(dealer, result.winner);
        ante = nextMinefieldAnte(ante, 'win');
      }
      antes.push(ante);
      expect(points[0] + points[1]).toBe(s.in.points[0] + s.in.points[1]);
    }
    expect(antes).toEqual(s.out.antes);
    expect(points).toEqual(s.out.points);
    expect(dealer).toBe(s.out.dealer);
  });

  it('ante after draws and the game end (V1.6, M3)', () => {
    expect(minefieldAnteAfterDraws(3)).toBe(8000);
    expect(minefieldGameEnd([50000, 0], 1000, 'afterSettlement')).toEqual({
      loser: 1,
      reason: 'out_of_points',
    });
    expect(minefieldGameEnd([50000, 1], 1000, 'afterSettlement')).toBe(null);
    expect(minefieldGameEnd([1500, 98500], 2000, 'handStart')).toEqual({
      loser: 0,
      reason: 'cannot_afford_ante',
    });
    expect(minefieldGameEnd([2000, 98000], 2000, 'handStart')).toBe(null);
  });
});
