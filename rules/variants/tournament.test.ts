// Club tournament final scoring (V6.5) from finished games: leftover sticks, placement bonus, ties by original seat, totals.
import { describe, expect, it } from 'vitest';
import { afterHand, finalStandings, startGame, type GameProgress } from '../game-flow.js';
import { settleChombo, settleExhaustiveDraw, type Seat } from '../payments.js';
import { unwrap } from '../result.js';
import {
  rankSeats,
  TOURNAMENT,
  tournamentGameResult,
  tournamentResultOf,
  tournamentTotal,
} from './tournament.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('tournament final scoring (V6.5)', () => {
  it('the three worked examples of V6.5, through the standings of a finished game', () => {
    const cases: [number[], number[]][] = [
      [
        [42300, 31700, 18900, 7100],
        [52, 11, -21, -42],
      ],
      [
        [45500, 25500, 15500, 13500],
        [54, 6, -24, -36],
      ],
      // East 30,000 and West 30,000 tie: the original East is first.
      [
        [30000, 22000, 30000, 18000],
        [40, -18, 10, -32],
      ],
    ];
    for (const [points, results] of cases) {
      const r = unwrap(tournamentResultOf(finalStandings(points, 0, 0, 'first')));
      expect(r.results).toEqual(results);
      expect(sum(r.results)).toBe(0);
    }
  });

  it('ties are broken by original seat counted from the first dealer, not by seat number', () => {
    // Seat 2 dealt East 1: seat 2 is the original East, seat 0 the original West.
    expect(rankSeats([30000, 22000, 30000, 18000], 2)).toEqual([2, 0, 1, 3]);
    const r = tournamentGameResult([30000, 22000, 30000, 18000], 2);
    expect(r.results).toEqual([10, -18, 40, -32]);
    expect(r.ranks).toEqual([2, 3, 1, 4]);
    // All four level: the first extra and the bonuses alone decide, by original seat (North, East, South, West).
    expect(tournamentGameResult([25000, 25000, 25000, 25000], 1)).toEqual({
      results: [-25, 35, 5, -15],
      ranks: [4, 1, 2, 3],
    });
  });

  it('a tournament game from East 1 to its end: leftover sticks go to first place before scoring', () => {
    // South 4, nobody repeats, one stick on the table, the dealer (seat 3) noten: the game ends (17.2 item 1).
    const p: GameProgress = {
      ...startGame(TOURNAMENT, 0),
      roundWind: 2,
      handNumber: 4,
      dealer: 3,
      deposits: 1,
      points: [31000, 29000, 21000, 18000],
    };
    const settlement = unwrap(
      settleExhaustiveDraw({
        players: 4,
        dealer: 3,
        tenpai: [false, true, false, false],
        nagashi: [],
        nagashiMangan: TOURNAMENT.nagashiMangan,
        notenPaymentTotal: TOURNAMENT.notenPaymentTotal,
        honba: 0,
        riichiSticks: 1,
      }),
    );
    const s = unwrap(
      afterHand(p, { kind: 'exhaustiveDraw', tenpai: [false, true, false, false], settlement }, TOURNAMENT),
    );
    expect(s.kind).toBe('over');
    if (s.kind !== 'over') return;
    // Seat 1 (32,000 after the tenpai payment) is first and takes the stick: 33,000.
    expect(s.finalStandings.ranking.map((r) => [r.seat, r.points])).toEqual([
      [1, 33000],
      [0, 30000],
      [2, 20000],
      [3, 17000],
    ]);
    expect(unwrap(tournamentResultOf(s.finalStandings)).results).toEqual([10, 43, -20, -33]);
  });

  it("a chombo keeps the dealer and the honba, and returns this hand's sticks (V6.2)", () => {
    const p: GameProgress = { ...startGame(TOURNAMENT, 0), dealer: 1, handNumber: 2, honba: 2 };
    const settlement = unwrap(
      settleChombo({ players: 4, dealer: 1, offender: 1, riichiThisHand: [0], riichiSticks: 1 }),
    );
    const s = unwrap(
      afterHand(p, { kind: 'chombo', offender: 1, settlement, riichiSticks: [0] }, TOURNAMENT),
    );
    expect(s.kind === 'next' && s.progress).toMatchObject({
      dealer: 1,
      honba: 2,
      deposits: 0,
      points: [29000, 13000, 29000, 29000],
    });
  });

  it('refuses standings with sticks still on the table or not four players', () => {
    const stay = tournamentResultOf(finalStandings([30000, 25000, 24000, 20000], 1, 0, 'stay'));
    expect(stay.ok ? 'ok' : stay.code).toBe('bad_input');
    const three = tournamentResultOf(finalStandings([40000, 35000, 30000], 0, 0, 'first'));
    expect(three.ok ? 'ok' : three.code).toBe('bad_input');
  });

  it('totals add game results and subtract score penalties (V6.5 item 7, V6.4)', () => {
    expect(tournamentTotal([52, -21], [2])).toBe(29);
    expect(tournamentTotal([])).toBe(0);
  });

  it('the preset keeps the scoring to the tournament: its first place, head bump, leftover sticks to first', () => {
    expect(TOURNAMENT).toMatchObject({
      leftoverDeposits: 'first',
      multipleRon: 'headBump',
      chomboPayments: true,
    });
    // Ranking a seat list is the riichi ranking (17.5); the tournament only adds the return and the bonus.
    const seats: Seat[] = rankSeats([20000, 30000, 20000, 30000], 3);
    expect(seats).toEqual([3, 1, 0, 2]);
  });
});
