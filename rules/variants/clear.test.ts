// Clear Mahjong across hands (V5.1-V5.3): conditions tracked per team from really scored hands, the ends, cycling rounds.
import { describe, expect, it } from 'vitest';
import { startGame, type GameProgress, type HandEnd } from '../game-flow.js';
import { settleWin, type Seat } from '../payments.js';
import { unwrap } from '../result.js';
import { scoreHand, type ScoredYaku } from '../score.js';
import { parseScoreInput } from '../score-input.js';
import {
  afterClearHand,
  CLEAR_CONDITIONS,
  CLEAR_MAHJONG,
  clearTeamOf,
  recordClearWins,
  startClear,
  type ClearProgress,
  type ClearStep,
} from './clear.js';

const C = CLEAR_MAHJONG;

/** The yaku of a non-dealer ron in the East round, scored by the engine. */
function yakuOf(closedTiles: string, winTile: string): readonly ScoredYaku[] {
  const input = unwrap(
    parseScoreInput({ id: 'c', closedTiles, winTile, melds: [], tsumo: false, seatWind: 2, roundWind: 1 }),
  );
  return unwrap(scoreHand(input.win, C)).yaku;
}
const SEVEN_PAIRS = yakuOf('1133m5577p99s112z', '2z');
const LARGE_STRAIGHT = yakuOf('123456789m234p5s', '5s');
const ALL_TERMINALS = yakuOf('123m789m123p789s9p', '9p'); // junchan: clears nothing (seed)
const CHANTA = yakuOf('123m789m123p99s11z', '1z');

/** A ron of `basePoints` by `winner` with its yaku; the settlement by rules/payments. */
function ron(p: GameProgress, winner: Seat, loser: Seat, basePoints: number) {
  const settlement = unwrap(
    settleWin({
      players: 4,
      dealer: p.dealer,
      winner,
      loser,
      basePoints,
      honba: p.honba,
      riichiSticks: p.deposits,
    }),
  );
  const end: HandEnd = { kind: 'win', winners: [winner], settlement };
  return end;
}

function play(
  p: GameProgress,
  clear: ClearProgress,
  winner: Seat,
  loser: Seat,
  base: number,
  yaku: readonly ScoredYaku[],
): ClearStep {
  return unwrap(afterClearHand(p, clear, ron(p, winner, loser, base), [{ winner, yaku }], C));
}

describe('Clear Mahjong conditions across hands (V5.2)', () => {
  it('the engine scores the sample hands with the yaku the conditions need', () => {
    expect(SEVEN_PAIRS.map((y) => y.id)).toContain('Y23');
    expect(LARGE_STRAIGHT.map((y) => y.id)).toContain('Y16');
    expect(CHANTA.map((y) => y.id)).toContain('Y17');
    expect(ALL_TERMINALS.map((y) => y.id)).toContain('Y18');
  });

  it("a win clears its team's conditions; they stay cleared; a junchan clears nothing", () => {
    let p = startGame(C, 0);
    let clear = startClear();
    let s = play(p, clear, 3, 1, 400, SEVEN_PAIRS); // North (team A)
    expect(s.kind).toBe('next');
    expect(s.newlyCleared).toEqual([{ team: 'A', condition: 'Y23' }]);
    ({ progress: p, clear } = s);
    s = play(p, clear, 2, 0, 500, LARGE_STRAIGHT); // West (team B)
    expect(s.newlyCleared).toEqual([{ team: 'B', condition: 'Y16' }]);
    ({ progress: p, clear } = s);
    s = play(p, clear, 0, 2, 800, SEVEN_PAIRS); // East (team A) again: nothing new
    expect(s.newlyCleared).toEqual([]);
    ({ progress: p, clear } = s);
    s = play(p, clear, 1, 3, 1000, ALL_TERMINALS);
    expect(s.newlyCleared).toEqual([]);
    expect(s.clear.cleared).toEqual({ A: ['Y23'], B: ['Y16'] });
    // Draws and other hand ends clear nothing and refuse yaku that belong to no winner.
    const r = afterClearHand(s.progress, s.clear, { kind: 'abortiveDraw', reason: 'nineTerminals' }, [
      { winner: 1, yaku: CHANTA },
    ]);
    expect(r.ok ? 'ok' : r.code).toBe('bad_input');
  });

  it('teams follow the starting winds from the first dealer (V5.1 item 1)', () => {
    expect([0, 1, 2, 3].map((s) => clearTeamOf(s as Seat, 1))).toEqual(['A', 'A', 'B', 'B']);
    const { clear } = recordClearWins(startClear(), [{ winner: 0, yaku: CHANTA }], 1);
    expect(clear.cleared).toEqual({ A: ['Y17'], B: [] }); // seat 0 started North when seat 1 dealt East 1
  });

  it('after South 4 play cycles back to East 1 (V5.1 item 3)', () => {
    const p = { ...startGame(C, 0), roundWind: 2 as const, handNumber: 4, dealer: 3 as Seat };
    const s = play(p, startClear(), 1, 2, 1000, ALL_TERMINALS);
    expect(s.progress).toMatchObject({ roundWind: 1, handNumber: 1, dealer: 0, cycle: 1 });
  });
});

describe('Clear Mahjong end (V5.3)', () => {
  const fourOf = (team: 'A' | 'B'): ClearProgress => ({
    cleared: {
      A: team === 'A' ? ['Y16', 'Y15', 'Y17', 'Y21'] : [],
      B: team === 'B' ? ['Y16', 'Y15', 'Y17', 'Y21'] : [],
    },
  });

  it('the fifth condition wins for the team', () => {
    const p = startGame(C, 0);
    const s = play(p, fourOf('B'), 1, 0, 400, SEVEN_PAIRS);
    expect(s.kind).toBe('over');
    if (s.kind !== 'over') return;
    expect(s.result).toEqual({ kind: 'teamWins', team: 'B', reason: 'allConditions' });
    expect(s.clear.cleared.B).toEqual([...CLEAR_CONDITIONS]);
    expect(s.finalStandings.ranking[0]!.seat).toBe(1);
    // The end keeps the last hand's seating: East 1, dealer 0, one hand played.
    expect(s.progress).toMatchObject({ dealer: 0, handNumber: 1, handsPlayed: 1 });
  });

  it('a player below 0 makes the other team win; exactly 0 plays on ([AMBIGUOUS C1])', () => {
    const p = { ...startGame(C, 0), points: [25000, 25000, 42000, 8000] };
    const bust = play(p, startClear(), 1, 3, 2000, ALL_TERMINALS); // North pays a mangan ron, 8000 → 0
    expect(bust.kind).toBe('next');
    expect(bust.progress.points[3]).toBe(0);
    const q = bust.progress;
    const s = play(q, bust.clear, 2, 3, 400, ALL_TERMINALS); // 1600 more: North (team A) at −1600
    expect(s.kind).toBe('over');
    if (s.kind === 'over') expect(s.result).toEqual({ kind: 'teamWins', team: 'B', reason: 'opponentBust' });
  });

  it('the fifth condition won from the own team-mate who drops below 0: a tie for Tenpai Race (V5.3 item 7)', () => {
    const p = { ...startGame(C, 0), points: [25000, 25000, 45000, 5000] };
    // The dealer (East) rons his partner (North) for 2400: North stays at 2600, team A wins by its conditions.
    const s = play(p, fourOf('A'), 0, 3, 400, SEVEN_PAIRS);
    expect(s.kind === 'over' && s.result).toEqual({ kind: 'teamWins', team: 'A', reason: 'allConditions' });
    const big = play(p, fourOf('A'), 0, 3, 2000, SEVEN_PAIRS); // dealer mangan 12000: North at −7000
    expect(big.kind === 'over' && big.result).toEqual({ kind: 'tieByTenpaiRace' });
  });
});
