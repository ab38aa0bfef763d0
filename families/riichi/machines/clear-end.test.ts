// Clear Mahjong's end through the game machine (variants.md V5.2-V5.3): a team clearing all five conditions, and the Tenpai Race tie.
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { startGame, type GameProgress } from '../../../rules/game-flow.js';
import type { Seat } from '../../../rules/payments.js';
import { tileOfText as t } from '../../../rules/tiles.js';
import { CLEAR_MAHJONG } from '../../../rules/variants/clear.js';
import type { RiichiOutcome } from './events.js';
import { riichiGameMachine } from './game.js';
import { layWall } from './wall.js';

// Renhou off: a ron on the dealer's first discard scores its own yaku (the hands below are won that way).
const OPTIONS = { ...CLEAR_MAHJONG, renhou: 'off' as const };

const of = <T extends RiichiOutcome['type']>(out: readonly RiichiOutcome[], type: T) =>
  out.filter((o): o is Extract<RiichiOutcome, { type: T }> => o.type === type);

/**
 * One scripted hand: `hands` per seat (the dealer's has a 14th tile, which he discards at once), the winner
 * rons that discard. Indicator 7z names 5z as dora.
 */
interface ScriptedHand {
  readonly dealer: Seat;
  readonly hands: readonly [string, string, string, string];
  readonly discard: string;
  readonly winner: Seat;
}

/**
 * Team A is East and North of the first hand (seats 0 and 3), team B South and West (V5.1).
 * Hand 1: seat 3 clears Three Colors (Y15) and All With Orphans (Y17) at once (C2): 123m123p123s789s 11z.
 * Hand 2: seat 0, Large Straight (Y16). Hand 3: seat 0, Three Concealed Pons (Y21).
 * Hand 4: seat 0, Seven Pairs (Y23) with half flush and two dora (haneman, 12,000 from the dealer, seat 3).
 * Every win is a non-dealer's, so the deal passes 0 → 1 → 2 → 3.
 */
const HANDS: readonly ScriptedHand[] = [
  {
    dealer: 0,
    hands: ['147m369p147s2345z9s', '258m258p369s6677z', '369m147p258s4567z', '123m123p123s78s11z'],
    discard: '9s',
    winner: 3,
  },
  {
    dealer: 1,
    hands: ['123456789p23s66z', '147m258m369s1237z4s', '369m147p789s4457z', '147m258p147s1235z'],
    discard: '4s',
    winner: 0,
  },
  {
    dealer: 2,
    hands: ['111m999p777s23s44z', '258m369p258s1256z', '258m147p369s1235z4s', '369m258p147s6677z'],
    discard: '4s',
    winner: 0,
  },
  {
    dealer: 3,
    hands: ['1133557799m55z2z', '46m4689p3467s134z', '28m2468p246s1567z', '258m258p258s3467z2z'],
    discard: '2z',
    winner: 0,
  },
];

function clearGame(points?: readonly number[]) {
  const progress: GameProgress = { ...startGame(OPTIONS, 0), ...(points ? { points } : {}) };
  const actor = createActor(riichiGameMachine, {
    input: { options: OPTIONS, progress, clearMahjong: true },
    clock: new SimulatedClock(),
  });
  const out: RiichiOutcome[] = [];
  actor.on('*', (e) => out.push(e as RiichiOutcome));
  actor.start();
  /** Plays one scripted hand; returns what the machine emitted from its wall to the next hand (or the end). */
  const play = (h: ScriptedHand): RiichiOutcome[] => {
    const before = out.length;
    const { context } = actor.getSnapshot();
    expect(context.progress.dealer).toBe(h.dealer);
    actor.send({
      type: 'hand.wallBuilt',
      ...layWall({ options: OPTIONS, dealer: h.dealer, hands: h.hands, indicators: '7z' }),
    });
    actor.send({ type: 'seat.discarded', seat: h.dealer, tile: t(h.discard), riichi: false });
    // Everybody else who could claim the tile passes first, so the ron settles the window.
    const phase = actor.getSnapshot().context.hand.phase;
    if (phase.kind !== 'claiming') throw new Error(`no claim window after the discard: ${phase.kind}`);
    for (const seat of phase.window.eligible)
      if (seat !== h.winner) actor.send({ type: 'seat.passed', seat });
    actor.send({ type: 'seat.ronDeclared', seat: h.winner });
    const emitted = out.slice(before);
    const won = of(emitted, 'hand.won')[0];
    if (won === undefined)
      throw new Error(`hand of dealer ${h.dealer}: no win (${JSON.stringify(emitted.at(-1))})`);
    // Clear Mahjong is regular riichi for the points (V5.1 item 2): no stick, no honba here, so they are conserved.
    expect(won.points.reduce((a, b) => a + b, 0)).toBe(
      actor.getSnapshot().context.progress.points.reduce((a, b) => a + b, 0),
    );
    return emitted;
  };
  return { actor, out, play };
}

describe('Clear Mahjong ends when a team has cleared all five conditions (variants.md V5.3 item 5)', () => {
  it('four wins of team A clear Y15+Y17, Y16, Y21, Y23: clear.gameDecided (allConditions), then game.ended', () => {
    const g = clearGame();
    const first = g.play(HANDS[0]!);
    expect(of(first, 'hand.won')[0]!.wins[0]!.yaku.map((y) => y.id)).toEqual(
      expect.arrayContaining(['Y15', 'Y17']),
    );
    // One win clears two conditions (C2): one team.conditionCleared each, both listing the team's list after the hand.
    expect(of(first, 'team.conditionCleared')).toEqual([
      { type: 'team.conditionCleared', team: 'A', condition: 'Y15', cleared: ['Y15', 'Y17'] },
      { type: 'team.conditionCleared', team: 'A', condition: 'Y17', cleared: ['Y15', 'Y17'] },
    ]);
    expect(of(first, 'clear.gameDecided')).toEqual([]);
    expect(of(first, 'hand.started')[0]).toMatchObject({ dealer: 1 });

    const second = g.play(HANDS[1]!);
    expect(of(second, 'team.conditionCleared').map((c) => c.condition)).toEqual(['Y16']);
    const third = g.play(HANDS[2]!);
    expect(of(third, 'team.conditionCleared').map((c) => c.condition)).toEqual(['Y21']);
    expect(g.actor.getSnapshot().context.clear).toEqual({
      cleared: { A: ['Y16', 'Y15', 'Y17', 'Y21'], B: [] },
    });
    expect(g.actor.getSnapshot().status).toBe('active');

    const last = g.play(HANDS[3]!);
    const won = of(last, 'hand.won')[0]!;
    expect(won.wins[0]!.yaku.map((y) => y.id)).toContain('Y23');
    expect(won.deltas).toEqual([12000, 0, 0, -12000]);
    const all = ['Y16', 'Y15', 'Y17', 'Y21', 'Y23'];
    expect(of(last, 'team.conditionCleared')).toEqual([
      { type: 'team.conditionCleared', team: 'A', condition: 'Y23', cleared: all },
    ]);
    // What clear.gameDecided carries: the winning team, why, and both teams' cleared conditions (V5.2 order).
    expect(of(last, 'clear.gameDecided')).toEqual([
      {
        type: 'clear.gameDecided',
        result: 'teamWins',
        team: 'A',
        reason: 'allConditions',
        cleared: { A: all, B: [] },
      },
    ]);
    // Then the game ends at once (no next hand), with the individual points and places (V5.1 item 2).
    expect(last.at(-1)?.type).toBe('game.ended');
    expect(of(last, 'hand.started')).toEqual([]);
    const ended = of(last, 'game.ended')[0]!;
    expect(ended.points).toEqual(won.points);
    expect(ended.handsPlayed).toBe(4);
    // 17000 + 2600 + 3200 + 12000 for seat 0; seat 3 won 8000 and paid 12000.
    expect(ended.points).toEqual([34800, 22400, 21800, 21000]);
    expect(ended.ranking).toEqual([0, 1, 2, 3]);
    const snapshot = g.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.over).toMatchObject({ reason: 'clearConditions', points: ended.points });
  });

  it('a condition cleared again clears nothing new; the other team’s list is untouched', () => {
    const g = clearGame();
    g.play(HANDS[0]!);
    // Hand 2 again with seat 3's Three Colors: team A already has Y15 (C2: cleared for the whole game).
    const again = g.play({
      dealer: 1,
      hands: ['147m258p147s1235z', '147m258m369s1237z9s', '369m147p258s4467z', '123m123p123s78s11z'],
      discard: '9s',
      winner: 3,
    });
    expect(of(again, 'hand.won')[0]!.wins[0]!.yaku.map((y) => y.id)).toContain('Y15');
    expect(of(again, 'team.conditionCleared')).toEqual([]);
    expect(g.actor.getSnapshot().context.clear).toEqual({ cleared: { A: ['Y15', 'Y17'], B: [] } });
  });

  it('All With Terminals (Y18) replaces Y17 and clears only Three Colors (V5.2: the scored yaku decide)', () => {
    const g = clearGame();
    const out = g.play({
      dealer: 0,
      hands: ['147m369p147s2345z9s', '258m258p369s6677z', '369m147p258s4567z', '123m123p123s78s99m'],
      discard: '9s',
      winner: 3,
    });
    const ids = of(out, 'hand.won')[0]!.wins[0]!.yaku.map((y) => y.id);
    expect(ids).toContain('Y18');
    expect(ids).not.toContain('Y17');
    expect(of(out, 'team.conditionCleared').map((c) => c.condition)).toEqual(['Y15']);
  });

  it('the fifth condition won from a team-mate who drops below 0: a tie, decided by Tenpai Race (V5.3 item 7, C3)', () => {
    // Seat 3 starts at 1,000: +8,000 in hand 1, then pays seat 0's haneman (12,000) in hand 4 and is at -3,000.
    const g = clearGame([25000, 25000, 25000, 1000]);
    for (const h of HANDS.slice(0, 3)) g.play(h);
    const last = g.play(HANDS[3]!);
    expect(of(last, 'hand.won')[0]!.points[3]).toBe(-3000);
    expect(of(last, 'clear.gameDecided')).toEqual([
      {
        type: 'clear.gameDecided',
        result: 'tieByTenpaiRace',
        team: null,
        reason: null,
        cleared: { A: ['Y16', 'Y15', 'Y17', 'Y21', 'Y23'], B: [] },
      },
    ]);
    expect(last.at(-1)).toMatchObject({ type: 'game.ended', points: [34800, 22400, 21800, -3000] });
    expect(g.actor.getSnapshot().context.over).toMatchObject({ reason: 'clearTie' });
  });

  it('a player at exactly 0 plays on (C1: below 0 ends the game)', () => {
    // Seat 0 deals hand 1 with 8,000 and pays seat 3's mangan: exactly 0, and the next hand starts.
    const g = clearGame([8000, 25000, 25000, 25000]);
    const out = g.play(HANDS[0]!);
    expect(of(out, 'hand.won')[0]!.points[0]).toBe(0);
    expect(of(out, 'clear.gameDecided')).toEqual([]);
    expect(of(out, 'hand.started')[0]).toMatchObject({ dealer: 1, points: [0, 25000, 25000, 33000] });
  });
});
