// Mangan Mahjong game flow (V4.1 items 1, 4, 5) and the 8-player tag-team option (V4.3): substitutions, seated-only losses, end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterHand, startGame, type GameProgress, type GameStep, type HandEnd } from '../game-flow.js';
import { settleExhaustiveDraw, type Seat } from '../payments.js';
import { unwrap } from '../result.js';
import {
  afterTagTeamHand,
  MANGAN_MAHJONG,
  recordTagTeamDiscard,
  seatedPoints,
  settleManganMahjongWin,
  settleTagTeamHand,
  startTagTeam,
  tagTeamRanking,
  TAG_TEAM_DISCARDS_PER_TURN,
  type TagTeamPlayer,
  type TagTeamState,
} from './mangan.js';

const M = MANGAN_MAHJONG;

/** A Mangan Mahjong win settled by `settleManganMahjongWin`. */
function win(p: GameProgress, winner: Seat, loser: Seat | null, basePoints: number): HandEnd {
  const { deltas } = unwrap(settleManganMahjongWin({ dealer: p.dealer, winner, loser, basePoints }));
  return { kind: 'win', winners: [winner], settlement: { deltas, depositsAfter: 0 } };
}

function draw(p: GameProgress, tenpai: boolean[]): HandEnd {
  const settlement = unwrap(
    settleExhaustiveDraw({
      players: 4,
      dealer: p.dealer,
      tenpai,
      nagashi: [],
      nagashiMangan: M.nagashiMangan,
      notenPaymentTotal: M.notenPaymentTotal,
      honba: p.honba,
      riichiSticks: 0,
    }),
  );
  return { kind: 'exhaustiveDraw', tenpai, settlement };
}

const next = (s: GameStep): GameProgress => {
  if (s.kind !== 'next') throw new Error(`the game ended: ${s.reason}`);
  return s.progress;
};

describe('Mangan Mahjong game flow (V4.1)', () => {
  it('a win below mangan moves nothing but rotates the deal; no honba is ever added', () => {
    let p = startGame(M, 0);
    p = next(unwrap(afterHand(p, win(p, 2, 1, 1920), M)));
    expect(p).toMatchObject({ dealer: 1, honba: 0, points: [25000, 25000, 25000, 25000] });
    p = next(unwrap(afterHand(p, win(p, 1, 3, 1000), M)));
    expect(p).toMatchObject({ dealer: 1, honba: 0, dealerWinStreak: 1 });
    p = next(unwrap(afterHand(p, draw(p, [false, true, false, false]), M)));
    // No tenpai payments ([AMBIGUOUS G1]), the tenpai dealer repeats, still no honba.
    expect(p).toMatchObject({ dealer: 1, honba: 0, points: [25000, 25000, 25000, 25000] });
  });

  it('mangan or more: the losers pay, the winner gains nothing (the points leave the game)', () => {
    const p = startGame(M, 0);
    const q = next(unwrap(afterHand(p, win(p, 1, null, 2000), M)));
    expect(q.points).toEqual([21000, 25000, 23000, 23000]);
    expect(q.points.reduce((a, b) => a + b, 0)).toBe(92000);
  });

  it('riichi is free: a stick on the table is refused', () => {
    const p = startGame(M, 0);
    const end = { ...win(p, 1, 2, 1000), riichiSticks: [1 as Seat] };
    const r = afterHand(p, end, M);
    expect(r.ok ? 'ok' : r.code).toBe('bad_input');
  });

  it('after South 4 the game goes back to East 1 (no West, no 30,000 check)', () => {
    const p = { ...startGame(M, 0), roundWind: 2 as const, handNumber: 4, dealer: 3 as Seat };
    const q = next(unwrap(afterHand({ ...p, points: [40000, 20000, 10000, 5000] }, win(p, 0, 1, 1000), M)));
    expect(q).toMatchObject({ roundWind: 1, handNumber: 1, dealer: 0, cycle: 1 });
  });

  it('ends as soon as a player is at 0; the most points wins, ties to the earlier original seat', () => {
    const p = { ...startGame(M, 1), points: [30000, 16000, 8000, 30000] };
    const s = unwrap(afterHand(p, win(p, 3, 2, 2000), M)); // the dealer (1) is not involved: 8000 from seat 2
    expect(s.kind).toBe('over');
    if (s.kind !== 'over') return;
    expect(s.reason).toBe('bust');
    expect(s.progress.points).toEqual([30000, 16000, 0, 30000]);
    // Seats 0 and 3 tie at 30,000; seat 1 dealt East 1, so seat 3 (original West) is ahead of seat 0 (North).
    expect(s.finalStandings.ranking.map((r) => r.seat)).toEqual([3, 0, 1, 2]);
  });
});

describe('Mangan Mahjong random games (V4.1)', () => {
  it('points only ever leave the game, no honba, and only a player at 0 ends it', () => {
    const hand = fc.record({ winner: fc.nat(3), loser: fc.nat(3), base: fc.integer({ min: 4, max: 40 }) });
    fc.assert(
      fc.property(fc.array(hand, { minLength: 20, maxLength: 150 }), (hands) => {
        let p = startGame(M, 0);
        for (const h of hands) {
          const loser = h.loser === h.winner ? null : (h.loser as Seat);
          const s = unwrap(afterHand(p, win(p, h.winner as Seat, loser, h.base * 100), M));
          const before = p.points.reduce((a, b) => a + b, 0);
          expect(s.progress.points.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(before);
          expect(s.progress.honba).toBe(0);
          if (s.kind === 'over') {
            expect(s.reason).toBe('bust');
            expect(s.progress.points.some((x) => x <= 0)).toBe(true);
            return;
          }
          expect(s.progress.points.every((x) => x > 0)).toBe(true);
          p = s.progress;
        }
      }),
      { numRuns: 100, seed: 11 },
    );
  });
});

describe('tag-team option (V4.3)', () => {
  const discards = (state: TagTeamState, seat: Seat, n: number) => {
    let s = state;
    const subs = [];
    for (let i = 0; i < n; i++) {
      const r = recordTagTeamDiscard(s, seat);
      s = r.state;
      if (r.substitution) subs.push(r.substitution);
    }
    return { state: s, subs };
  };

  it('the seated player swaps with his partner after his tenth discard; the count carries over hands', () => {
    let t = startTagTeam(M, [0, 1, 0, 0]);
    expect(t.seated).toEqual([0, 3, 4, 6]);
    const nine = discards(t, 1, 9);
    expect(nine.subs).toEqual([]);
    expect(nine.state.discards[1]).toBe(9);
    // A hand ends here (a draw: nothing moves); the count stays at 9.
    t = unwrap(settleTagTeamHand(nine.state, [0, 0, 0, 0])).state;
    const tenth = recordTagTeamDiscard(t, 1);
    expect(tenth.substitution).toEqual({ seat: 1, left: 3, joined: 2 });
    expect(tenth.state.seated[1]).toBe(2);
    expect(tenth.state.discards[1]).toBe(0);
    // The partner plays his own ten, then the first player comes back.
    const back = discards(tenth.state, 1, TAG_TEAM_DISCARDS_PER_TURN);
    expect(back.subs).toEqual([{ seat: 1, left: 2, joined: 3 }]);
  });

  it('only the players seated at the win lose points', () => {
    let t = startTagTeam(M);
    t = discards(t, 0, 10).state; // seat 0: player 1 is now seated
    const { deltas } = unwrap(
      settleManganMahjongWin({ dealer: 0, winner: 2, loser: null, basePoints: 2000 }),
    );
    const r = unwrap(settleTagTeamHand(t, deltas));
    expect(r.state.points).toEqual([25000, 21000, 23000, 25000, 25000, 25000, 23000, 25000]);
    expect(seatedPoints(r.state)).toEqual([21000, 23000, 25000, 23000]);
    expect(r.end).toBeNull();
  });

  it('G6 (issue 12): a player at 0 or fewer stays in the rotation, keeps losing when seated, and still swaps', () => {
    const t: TagTeamState = {
      ...startTagTeam(M),
      points: [8000, 25000, 25000, 25000, 25000, 25000, 25000, 25000],
    };
    const r = unwrap(settleTagTeamHand(t, [-8000, 0, 0, 0]));
    expect(r.state.reachedZero[0]).toBe(true);
    expect(r.state.seated).toEqual([0, 2, 4, 6]); // nobody leaves
    expect(r.end).toBeNull();
    // He plays on: his tenth discard hands the seat to his partner, whose tenth brings him back.
    const ten = discards(r.state, 0, TAG_TEAM_DISCARDS_PER_TURN);
    expect(ten.subs).toEqual([{ seat: 0, left: 0, joined: 1 }]);
    const back = discards(ten.state, 0, TAG_TEAM_DISCARDS_PER_TURN);
    expect(back.subs).toEqual([{ seat: 0, left: 1, joined: 0 }]);
    // Seated again at 0, he pays again: his total sinks below 0.
    expect(unwrap(settleTagTeamHand(back.state, [-12000, 0, 0, 0])).state.points[0]).toBe(-12000);
  });

  it('G6 (issue 12): the game ends at the fifth player at 0 or fewer, not when both partners of a seat are', () => {
    const base = startTagTeam(M);
    // Both partners of seat 0 at 0: two players, the game goes on.
    const pair: TagTeamState = {
      ...base,
      seated: [1, 2, 4, 6],
      reachedZero: [true, false, false, false, false, false, false, false],
      points: [0, 4000, 25000, 25000, 25000, 25000, 25000, 25000],
    };
    const both = unwrap(settleTagTeamHand(pair, [-8000, 0, 0, 0]));
    expect(both.state.reachedZero.filter(Boolean)).toHaveLength(2);
    expect(both.end).toBeNull();
    // Four at 0; the fifth player to get there ends it.
    const four: TagTeamState = {
      ...base,
      seated: [1, 3, 5, 7],
      reachedZero: [true, false, true, false, true, false, true, false],
      points: [0, 30000, -100, 20000, 0, 12000, -2000, 5000],
    };
    expect(unwrap(settleTagTeamHand(four, [0, -8000, 0, 0])).end).toBeNull(); // player 3: 12000 left
    const r = unwrap(settleTagTeamHand(four, [0, 0, 0, -8000]));
    expect(r.end).toBe('fivePlayersOut');
    expect(r.state.reachedZero.filter(Boolean)).toHaveLength(5);
    expect(tagTeamRanking(r.state).map((s) => s.player)).toEqual([1, 3, 5, 0, 4, 2, 6, 7]);
    // One tsumo can bring two there at once: from three to five.
    const three: TagTeamState = {
      ...base,
      reachedZero: [false, true, false, true, false, true, false, false],
      points: [4000, -1000, 2000, 0, 25000, -500, 25000, 25000],
    };
    const tsumo = unwrap(settleTagTeamHand(three, [-4000, -2000, 0, -2000]));
    expect(tsumo.end).toBe('fivePlayersOut');
    expect(tsumo.state.reachedZero).toEqual([true, true, true, true, false, true, false, false]);
  });

  it('ranking ties: seat order from the original East, then who sat first', () => {
    const t: TagTeamState = { ...startTagTeam(M, [1, 0, 0, 0]), points: new Array<number>(8).fill(20000) };
    expect(tagTeamRanking(t).map((s) => s.player)).toEqual([1, 0, 2, 3, 4, 5, 6, 7]);
    expect(tagTeamRanking(t, 2).map((s) => s.player)).toEqual([4, 5, 6, 7, 1, 0, 2, 3]);
  });

  it('afterTagTeamHand: a seat at 0 does not end the game; its player stays seated and plays on (G6)', () => {
    const tag: TagTeamState = {
      ...startTagTeam(M),
      points: [25000, 25000, 8000, 25000, 25000, 25000, 25000, 25000],
    };
    const progress = { ...startGame(M, 0), points: seatedPoints(tag) };
    const s = unwrap(afterTagTeamHand(progress, tag, win(progress, 0, 1, 2000), M)); // dealer mangan ron 12000
    expect(s.kind).toBe('next');
    if (s.kind !== 'next') return;
    expect(s.tagTeam.seated).toEqual([0, 2, 4, 6]);
    expect(s.tagTeam.points[2]).toBe(-4000);
    expect(s.progress).toMatchObject({ dealer: 0, honba: 0, points: [25000, -4000, 25000, 25000] });
    const refused = afterTagTeamHand(progress, tag, win(progress, 0, 1, 2000), { ...M, cycleRounds: false });
    expect(refused.ok).toBe(false);
  });

  it('afterTagTeamHand: the fifth player at 0 ends it, with all eight players ranked', () => {
    const tag: TagTeamState = {
      ...startTagTeam(M),
      seated: [0, 2, 4, 7],
      reachedZero: [false, true, false, true, false, true, true, false],
      points: [25000, 0, 25000, -300, 25000, -100, 0, 6000],
    };
    const progress = { ...startGame(M, 0), points: seatedPoints(tag) };
    const s = unwrap(afterTagTeamHand(progress, tag, win(progress, 1, 3, 2000), M));
    expect(s.kind).toBe('over');
    if (s.kind !== 'over') return;
    expect(s.reason).toBe('fivePlayersOut');
    expect(s.progress).toMatchObject({ dealer: 0, handNumber: 1, handsPlayed: 1 });
    expect(s.ranking).toHaveLength(8);
    expect(s.ranking[7]).toEqual({ player: 7 as TagTeamPlayer, rank: 8, points: -2000 });
  });
});
