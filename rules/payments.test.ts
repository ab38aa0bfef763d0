// Payments: hand values, honba, deposits, liability, multiple ron, draws and chombo, with the sum rules of riichi.md §15.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unwrap } from './result.js';
import {
  afterWin,
  deltaSum,
  handPayments,
  settleChombo,
  settleExhaustiveDraw,
  settleRons,
  settleWin,
  type PlayerCount,
  type Seat,
} from './payments.js';

describe('hand payments (riichi.md 14.3, 14.7)', () => {
  it.each([
    // b, dealer, ron, tsumoDealer, tsumoNonDealer
    [240, false, 1000, 500, 300],
    [1920, false, 7700, 3900, 2000],
    [1920, true, 11600, 3900, 3900],
    [400, false, 1600, 800, 400],
    [2000, false, 8000, 4000, 2000],
    [8000, true, 48000, 16000, 16000],
  ])('b %i dealer %s', (b, dealer, ron, tsumoDealer, tsumoNonDealer) => {
    expect(handPayments(b, dealer)).toEqual({ ron, tsumoDealer, tsumoNonDealer });
  });
});

describe('settleWin', () => {
  it('ron with honba and deposits: discarder pays 300 per counter, winner takes the sticks', () => {
    const s = unwrap(
      settleWin({ players: 4, dealer: 0, winner: 2, loser: 1, basePoints: 1920, honba: 2, riichiSticks: 1 }),
    );
    expect(s.deltas).toEqual([0, -8300, 9300, 0]);
    expect(deltaSum(s.deltas)).toBe(1000);
  });

  it('non-dealer tsumo: dealer 2b, others b, plus 100 per counter each', () => {
    const s = unwrap(
      settleWin({
        players: 4,
        dealer: 0,
        winner: 1,
        loser: null,
        basePoints: 2000,
        honba: 1,
        riichiSticks: 2,
      }),
    );
    expect(s.deltas).toEqual([-4100, 8300 + 2000, -2100, -2100]);
    expect(deltaSum(s.deltas)).toBe(2000);
  });

  it('sanma tsumo is paid by the two others only (variants.md V3.5)', () => {
    const s = unwrap(
      settleWin({
        players: 3,
        dealer: 0,
        winner: 2,
        loser: null,
        basePoints: 2000,
        honba: 0,
        riichiSticks: 0,
      }),
    );
    expect(s.deltas).toEqual([-4000, -2000, 6000]);
  });

  it('liability, tsumo: the liable seat pays the whole ron value and the honba (riichi.md 14.8)', () => {
    const s = unwrap(
      settleWin({
        players: 4,
        dealer: 0,
        winner: 1,
        loser: null,
        basePoints: 8000,
        honba: 1,
        riichiSticks: 0,
        liability: { seat: 3, basePoints: 8000 },
      }),
    );
    expect(s.deltas).toEqual([0, 32300, 0, -32300]);
  });

  it('liability, ron on someone else: half each, the discarder pays the honba', () => {
    const s = unwrap(
      settleWin({
        players: 4,
        dealer: 0,
        winner: 0,
        loser: 2,
        basePoints: 8000,
        honba: 2,
        riichiSticks: 0,
        liability: { seat: 1, basePoints: 8000 },
      }),
    );
    expect(s.deltas).toEqual([48600, -24000, -24600, 0]);
  });

  it('liability with a second yakuman: the rest is a normal tsumo', () => {
    // Big Three Dragons (liable) + All Honors, non-dealer tsumo: 32000 from the liable seat, 8000-16000 for the rest.
    const s = unwrap(
      settleWin({
        players: 4,
        dealer: 0,
        winner: 2,
        loser: null,
        basePoints: 16000,
        honba: 0,
        riichiSticks: 0,
        liability: { seat: 1, basePoints: 8000 },
      }),
    );
    expect(s.deltas).toEqual([-16000, -32000 - 8000, 64000, -8000]);
  });

  it('ron of the liable seat is a normal ron', () => {
    const s = unwrap(
      settleWin({
        players: 4,
        dealer: 0,
        winner: 2,
        loser: 1,
        basePoints: 8000,
        honba: 0,
        riichiSticks: 0,
        liability: { seat: 1, basePoints: 8000 },
      }),
    );
    expect(s.deltas).toEqual([0, -32000, 32000, 0]);
  });

  it('rejects inconsistent input with bad_input', () => {
    const r = settleWin({
      players: 4,
      dealer: 0,
      winner: 1,
      loser: 1,
      basePoints: 2000,
      honba: 0,
      riichiSticks: 0,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('bad_input');
    const r2 = settleWin({
      players: 3,
      dealer: 0,
      winner: 3 as Seat,
      loser: null,
      basePoints: 2000,
      honba: 0,
      riichiSticks: 0,
    });
    expect(r2.ok).toBe(false);
  });

  it('property: zero-sum apart from the deposits; the winner gains, nobody else does', () => {
    const seat = fc.integer({ min: 0, max: 3 });
    fc.assert(
      fc.property(
        fc.constantFrom<PlayerCount>(3, 4),
        seat,
        seat,
        fc.option(seat),
        fc.integer({ min: 1, max: 48000 }),
        fc.nat(8),
        fc.nat(6),
        (players, d, w, l, b, honba, sticks) => {
          const dealer = (d % players) as Seat;
          const winner = (w % players) as Seat;
          const loser = l === null ? null : ((l % players) as Seat);
          const r = settleWin({ players, dealer, winner, loser, basePoints: b, honba, riichiSticks: sticks });
          if (loser === winner) return !r.ok;
          const s = unwrap(r);
          expect(deltaSum(s.deltas)).toBe(1000 * sticks);
          s.deltas.forEach((x, i) =>
            i === winner ? expect(x).toBeGreaterThan(0) : expect(x).toBeLessThanOrEqual(0),
          );
          return true;
        },
      ),
    );
  });
});

describe('settleRons (riichi.md 9.4)', () => {
  const base = {
    players: 4 as const,
    dealer: 0 as Seat,
    discarder: 0 as Seat,
    honba: 1,
    riichiSticks: 2,
    tripleRon: 'abortIfAllDeclare' as const,
  };
  const winners = [
    { seat: 3 as Seat, basePoints: 2000 },
    { seat: 1 as Seat, basePoints: 1920 },
  ];

  it('double ron, honba each: both paid, deposits to the nearest (the next player)', () => {
    const s = unwrap(settleRons({ ...base, winners, multipleRon: 'double', doubleRonHonba: 'each' }));
    expect(s.paidWinners).toEqual([1, 3]);
    expect(s.deltas).toEqual([-(7700 + 300) - (8000 + 300), 7700 + 300 + 2000, 0, 8300]);
    expect(deltaSum(s.deltas)).toBe(2000);
  });

  it('double ron, honba nearest', () => {
    const s = unwrap(settleRons({ ...base, winners, multipleRon: 'double', doubleRonHonba: 'nearest' }));
    expect(s.deltas).toEqual([-8000 - 8000, 10000, 0, 8000]);
  });

  it('head bump: only the nearest winner', () => {
    const s = unwrap(
      settleRons({ ...base, discarder: 2, winners, multipleRon: 'headBump', doubleRonHonba: 'each' }),
    );
    expect(s.paidWinners).toEqual([3]);
    expect(s.deltas).toEqual([0, 0, -8300, 10300]);
  });

  it('triple ron aborts (deposits stay) unless triple ron is head bump', () => {
    const three = [...winners, { seat: 2 as Seat, basePoints: 240 }];
    const a = unwrap(settleRons({ ...base, winners: three, multipleRon: 'double', doubleRonHonba: 'each' }));
    expect(a.aborted).toBe(true);
    expect(a.deltas).toEqual([0, 0, 0, 0]);
    expect(a.depositsAfter).toBe(2);
    const h = unwrap(
      settleRons({
        ...base,
        winners: three,
        multipleRon: 'double',
        doubleRonHonba: 'each',
        tripleRon: 'headBump',
      }),
    );
    expect(h.paidWinners).toEqual([1]);
  });
});

describe('settleExhaustiveDraw (riichi.md 10.1)', () => {
  const base = {
    players: 4 as const,
    dealer: 1 as Seat,
    nagashi: [] as Seat[],
    nagashiMangan: 'drawType' as const,
    notenPaymentTotal: 3000,
    honba: 2,
    riichiSticks: 3,
  };
  it.each([
    [
      [false, false, false, false],
      [0, 0, 0, 0],
    ],
    [
      [true, false, false, false],
      [3000, -1000, -1000, -1000],
    ],
    [
      [true, true, false, false],
      [1500, 1500, -1500, -1500],
    ],
    [
      [true, true, true, false],
      [1000, 1000, 1000, -3000],
    ],
    [
      [true, true, true, true],
      [0, 0, 0, 0],
    ],
  ])('tenpai %j → %j', (tenpai, deltas) => {
    const s = unwrap(settleExhaustiveDraw({ ...base, tenpai }));
    expect(s.deltas).toEqual(deltas);
    expect(deltaSum(s.deltas)).toBe(0);
    expect(s.depositsAfter).toBe(3);
    expect(s.nextHonba).toBe(3);
    expect(s.dealerStays).toBe(tenpai[1]);
  });

  it('sanma: 3000 split between the noten players (variants.md S6)', () => {
    const s = unwrap(settleExhaustiveDraw({ ...base, players: 3, tenpai: [true, false, false] }));
    expect(s.deltas).toEqual([3000, -1500, -1500]);
  });

  it('nagashi mangan drawType: mangan tsumo, no honba, deposits stay, replaces tenpai payments', () => {
    const s = unwrap(settleExhaustiveDraw({ ...base, tenpai: [true, false, false, false], nagashi: [2] }));
    expect(s.deltas).toEqual([-2000, -4000, 8000, -2000]);
    expect(s.depositsAfter).toBe(3);
    expect(s.dealerStays).toBe(false);
    expect(s.nextHonba).toBe(3);
  });

  it('nagashi mangan winType: honba bonus, deposits to the qualifier, dealer keeps only if he qualifies', () => {
    const s = unwrap(
      settleExhaustiveDraw({
        ...base,
        nagashiMangan: 'winType',
        tenpai: [true, true, false, false],
        nagashi: [2],
      }),
    );
    expect(s.deltas).toEqual([-2200, -4200, 8600 + 3000, -2200]);
    expect(deltaSum(s.deltas)).toBe(3000);
    expect(s.dealerStays).toBe(false);
    expect(s.nextHonba).toBe(0);
  });

  it('two nagashi qualifiers pay each other', () => {
    const s = unwrap(
      settleExhaustiveDraw({
        ...base,
        honba: 0,
        riichiSticks: 0,
        tenpai: [false, false, false, false],
        nagashi: [1, 3],
      }),
    );
    // dealer 1 gets 4000 from each; non-dealer 3 gets 4000 from the dealer, 2000 from the others.
    expect(s.deltas).toEqual([-4000 - 2000, 12000 - 4000, -4000 - 2000, -4000 + 8000]);
    expect(deltaSum(s.deltas)).toBe(0);
  });

  it('nagashi off: tenpai payments as usual', () => {
    const s = unwrap(
      settleExhaustiveDraw({
        ...base,
        nagashiMangan: 'off',
        tenpai: [true, false, false, false],
        nagashi: [2],
      }),
    );
    expect(s.nagashiPaid).toBe(false);
    expect(s.deltas).toEqual([3000, -1000, -1000, -1000]);
  });
});

describe('settleChombo (variants.md V6.2)', () => {
  it('dealer at fault pays 4000 to each', () => {
    const s = unwrap(
      settleChombo({ players: 4, dealer: 2, offender: 2, riichiThisHand: [], riichiSticks: 1 }),
    );
    expect(s.deltas).toEqual([4000, 4000, -12000, 4000]);
    expect(s.depositsAfter).toBe(1);
  });
  it("non-dealer pays 4000 to the dealer and 2000 to the others; this hand's sticks go back", () => {
    const s = unwrap(
      settleChombo({ players: 4, dealer: 0, offender: 3, riichiThisHand: [1], riichiSticks: 2 }),
    );
    expect(s.deltas).toEqual([4000, 2000 + 1000, 2000, -8000]);
    expect(deltaSum(s.deltas)).toBe(1000);
    expect(s.depositsAfter).toBe(1);
  });
});

describe('afterWin (riichi.md 16)', () => {
  it('dealer among the winners stays with honba +1; otherwise passes with honba 0', () => {
    expect(afterWin(0, [2, 0], 3)).toEqual({ dealerStays: true, nextHonba: 4 });
    expect(afterWin(0, [2], 3)).toEqual({ dealerStays: false, nextHonba: 0 });
  });
});
