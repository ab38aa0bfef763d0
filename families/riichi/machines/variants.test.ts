// Scenario tests of the Japanese-family variants on the riichi machines: Mangan's burned payout, Clear's conditions, tournament chombo and dead hand, agari-yame by bots.
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { startGame, type GameProgress } from '../../../rules/game-flow.js';
import { makeRules, type RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { tileOfText as t } from '../../../rules/tiles.js';
import { CLEAR_MAHJONG } from '../../../rules/variants/clear.js';
import { MANGAN_MAHJONG } from '../../../rules/variants/mangan.js';
import { TENPAI_RACE } from '../../../rules/variants/tenpai-race.js';
import { TOURNAMENT } from '../../../rules/variants/tournament.js';
import type { RiichiInput, RiichiOutcome } from './events.js';
import { riichiGameMachine } from './game.js';
import { scriptedTable } from './scripted-table.js';
import { drawInputFor } from './table-inputs.js';
import { botTakesAgariYame } from './variant-simulation.js';
import { layWall } from './wall.js';

const of = <T extends RiichiOutcome['type']>(out: readonly RiichiOutcome[], type: T) =>
  out.find((o): o is Extract<RiichiOutcome, { type: T }> => o.type === type);

/**
 * Seat 0 deals. Seat 1 waits on 2p / 8s (tanyao, shanpon); seats 2 and 3 are far from tenpai.
 * Indicator 7z names 5z (no dora in the waiting hands).
 */
const HANDS = ['147m369p147s1234z', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'];
const table = (options: RuleOptions, dealer14: string, draws = '') =>
  scriptedTable({ options, hands: [HANDS[0] + dealer14, ...HANDS.slice(1)], draws, indicators: '7z' });

/** A game machine from `progress`, with the hands above; returns the outcomes and a sender. */
function game(
  options: RuleOptions,
  progress: Partial<GameProgress>,
  extra: { clearMahjong?: boolean; tagTeam?: boolean } = {},
) {
  const start = { ...startGame(options, 0), ...progress };
  const actor = createActor(riichiGameMachine, {
    input: { options, progress: start, ...extra },
    clock: new SimulatedClock(),
  });
  const out: RiichiOutcome[] = [];
  actor.on('*', (e) => out.push(e as RiichiOutcome));
  actor.start();
  return {
    out,
    actor,
    send: (input: RiichiInput) => {
      const before = out.length;
      actor.send(input);
      return out.slice(before);
    },
  };
}

describe('Mangan Mahjong payout (variants.md V4.1 items 2-3)', () => {
  it('belowManganPaysNothing: a 1-han ron moves no points', () => {
    const hand = table(MANGAN_MAHJONG, '8s');
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    const out = hand.send({ type: 'seat.ronDeclared', seat: 1 });
    expect(of(out, 'hand.won')).toMatchObject({ deltas: [0, 0, 0, 0], points: [25000, 25000, 25000, 25000] });
    expect(of(out, 'hand.pointsBurned')).toEqual({
      type: 'hand.pointsBurned',
      wins: [{ seat: 1, basePoints: 320, manganOrMore: false, burned: 0 }],
      total: 0,
    });
    expect(hand.hand.end).toMatchObject({ kind: 'win', settlement: { deltas: [0, 0, 0, 0] } });
  });
  it('from mangan the losers pay and the winner receives nothing: the points are burned', () => {
    // Chiihou (K12): a non-dealer tsumo on his first draw; standard 16000 / 8000 / 8000 to the winner.
    const hand = table(MANGAN_MAHJONG, '1z', '2p');
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    hand.draw();
    const out = hand.send({ type: 'seat.tsumoDeclared', seat: 1 });
    const won = of(out, 'hand.won')!;
    expect(won.deltas).toEqual([-16000, 0, -8000, -8000]);
    expect(won.points).toEqual([9000, 25000, 17000, 17000]);
    expect(won.wins[0]!.payments).toEqual([-16000, 0, -8000, -8000]);
    expect(of(out, 'hand.pointsBurned')).toMatchObject({ total: 32000, wins: [{ seat: 1, burned: 32000 }] });
    // The burn accounting: the points left plus the burned points are the start.
    expect(won.points.reduce((a, b) => a + b, 0) + 32000).toBe(100000);
  });
  it('the game ends at 0 or below and cycles South 4 back to East 1', () => {
    // South 4, the dealer (seat 0) has 16000 and pays 16000 for seat 1's chiihou: at 0, the game is over.
    const g = game(MANGAN_MAHJONG, {
      roundWind: 2,
      handNumber: 4,
      dealer: 0,
      points: [16000, 25000, 25000, 25000],
    });
    const wall = layWall({
      options: MANGAN_MAHJONG,
      dealer: 0,
      hands: [HANDS[0] + '1z', ...HANDS.slice(1)],
      draws: '2p',
      indicators: '7z',
    });
    g.send({ type: 'hand.wallBuilt', ...wall });
    g.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    g.send({ type: 'seat.drew', seat: 1, tile: t('2p') });
    const out = g.send({ type: 'seat.tsumoDeclared', seat: 1 });
    expect(of(out, 'game.ended')).toMatchObject({ reason: 'bust', points: [0, 25000, 17000, 17000] });
  });
});

describe('Mangan tag-team on the game machine (variants.md V4.3)', () => {
  it('the seated player swaps with his partner at his tenth discard, mid-hand (seat.substituted)', () => {
    const g = game(MANGAN_MAHJONG, {}, { tagTeam: true });
    const wall = layWall({
      options: MANGAN_MAHJONG,
      dealer: 0,
      hands: [HANDS[0] + '1z', ...HANDS.slice(1)],
      indicators: '7z',
    });
    g.send({ type: 'hand.wallBuilt', ...wall });
    const hand = () => g.actor.getSnapshot().context.hand;
    let discards = 0;
    while (!of(g.out, 'seat.substituted') && discards < 60) {
      const h = hand();
      if (h.phase.kind === 'drawing') g.send(drawInputFor(h)!);
      else if (h.phase.kind === 'turn' && ++discards)
        g.send({ type: 'seat.discarded', seat: h.turn, tile: h.drawn[h.turn]!, riichi: false });
      else if (h.phase.kind === 'claiming')
        for (const s of h.phase.window.eligible)
          if (hand().phase.kind === 'claiming') g.send({ type: 'seat.passed', seat: s });
    }
    // The dealer's tenth discard is the 37th of the hand (seats 0, 1, 2, 3 in turn).
    expect(discards).toBe(37);
    expect(of(g.out, 'seat.substituted')).toEqual({
      type: 'seat.substituted',
      seat: 0,
      left: 0,
      joined: 1,
      why: 'tenDiscards',
    });
    expect(g.actor.getSnapshot().context.tagTeam).toMatchObject({
      seated: [1, 2, 4, 6],
      discards: [0, 9, 9, 9],
    });
  });
});

describe('Clear Mahjong on the game machine (variants.md V5.2, V5.3)', () => {
  // Seat 1 holds seven pairs waiting on 2z; renhou off so that the first-discard ron scores its own yaku.
  const options = { ...CLEAR_MAHJONG, renhou: 'off' as const };
  const wall = layWall({
    options,
    dealer: 0,
    hands: ['147m369p147s1234z2z', '1133m5577p1199s2z', '258m258p369s5567z', '369m17p258s66677z'],
    indicators: '7z',
  });
  it('a win clears its team’s conditions (team.conditionCleared) and the game plays on', () => {
    const g = game(options, {}, { clearMahjong: true });
    g.send({ type: 'hand.wallBuilt', ...wall });
    g.send({ type: 'seat.discarded', seat: 0, tile: t('2z'), riichi: false });
    const out = g.send({ type: 'seat.ronDeclared', seat: 1 });
    expect(of(out, 'hand.won')!.wins[0]!.yaku.map((y) => y.id)).toContain('Y23');
    // Seat 1 starts South: team B (South and West).
    expect(of(out, 'team.conditionCleared')).toEqual({
      type: 'team.conditionCleared',
      team: 'B',
      condition: 'Y23',
      cleared: ['Y23'],
    });
    expect(g.actor.getSnapshot().context.clear).toEqual({ cleared: { A: [], B: ['Y23'] } });
    expect(of(out, 'hand.started')).toMatchObject({ dealer: 1 });
  });
  it('a player below 0 makes the other team win (clear.gameDecided, then game.ended)', () => {
    const g = game(options, { points: [1000, 25000, 25000, 49000] }, { clearMahjong: true });
    g.send({ type: 'hand.wallBuilt', ...wall });
    g.send({ type: 'seat.discarded', seat: 0, tile: t('2z'), riichi: false });
    const out = g.send({ type: 'seat.ronDeclared', seat: 1 });
    expect(of(out, 'clear.gameDecided')).toEqual({
      type: 'clear.gameDecided',
      result: 'teamWins',
      team: 'B',
      reason: 'opponentBust',
      cleared: { A: [], B: ['Y23'] },
    });
    expect(out.at(-1)).toMatchObject({ type: 'game.ended', ranking: [3, 1, 2, 0] });
    expect(g.actor.getSnapshot().context.over).toMatchObject({ reason: 'opponentBust' });
  });
  it('without the Clear option the same preset tracks nothing', () => {
    const g = game(options, {});
    g.send({ type: 'hand.wallBuilt', ...wall });
    g.send({ type: 'seat.discarded', seat: 0, tile: t('2z'), riichi: false });
    const out = g.send({ type: 'seat.ronDeclared', seat: 1 });
    expect(of(out, 'team.conditionCleared')).toBeUndefined();
  });
});

describe('tournament chombo and dead hand, operator inputs (variants.md V6.2, V6.3)', () => {
  const chombo = (seat: Seat, reason: 'handRevealed' | 'riichiNotTenpai' = 'handRevealed'): RiichiInput => ({
    type: 'operator.chomboDeclared',
    seat,
    reason,
    operator: 'console-1',
  });
  it('a non-dealer’s chombo: 4000 to the dealer, 2000 to the others; the hand ends', () => {
    const hand = table(TOURNAMENT, '8s');
    const out = hand.send(chombo(2));
    expect(of(out, 'hand.chombo')).toEqual({
      type: 'hand.chombo',
      seat: 2,
      reason: 'handRevealed',
      operator: 'console-1',
      deltas: [4000, 2000, -8000, 2000],
      points: [29000, 27000, 17000, 27000],
      deposits: 0,
    });
    expect(hand.state).toBe('chombo');
    expect(hand.hand.end).toMatchObject({ kind: 'chombo', offender: 2 });
  });
  it('the dealer’s chombo pays 4000 to each; riichi sticks of the hand go back; the hand is replayed', () => {
    const g = game(TOURNAMENT, { honba: 2, deposits: 1, points: [25000, 25000, 25000, 24000] });
    const wall = layWall({
      options: TOURNAMENT,
      dealer: 0,
      hands: [HANDS[0] + '8s', ...HANDS.slice(1)],
      indicators: '7z',
    });
    g.send({ type: 'hand.wallBuilt', ...wall });
    const out = g.send(chombo(0));
    expect(of(out, 'hand.chombo')).toMatchObject({ deltas: [-12000, 4000, 4000, 4000], deposits: 1 });
    expect(of(out, 'hand.started')).toMatchObject({ dealer: 0, honba: 2, handNumber: 1, deposits: 1 });
  });
  it('refused outside the tournament preset; a riichi trigger needs the seat’s riichi (chombo-at-draw.test.ts)', () => {
    expect(of(table(makeRules('club'), '8s').send(chombo(2)), 'seat.actionRejected')).toMatchObject({
      code: 'chombo_not_in_preset',
    });
    const hand = table(TOURNAMENT, '8s');
    expect(of(hand.send(chombo(2, 'riichiNotTenpai')), 'seat.actionRejected')).toMatchObject({
      code: 'chombo_without_riichi',
    });
    expect(hand.state).toBe('turn');
  });
  it('a dead hand may not ron, and the operator’s declaration is audited (seat.handDeclaredDead)', () => {
    const hand = table(TOURNAMENT, '8s');
    expect(
      hand.send({
        type: 'operator.deadHandDeclared',
        seat: 1,
        reason: 'wrong tile count',
        operator: 'console-1',
      }),
    ).toEqual([
      { type: 'seat.handDeclaredDead', seat: 1, reason: 'wrong tile count', operator: 'console-1' },
    ]);
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    expect(of(hand.send({ type: 'seat.ronDeclared', seat: 1 }), 'seat.actionRejected')).toMatchObject({
      code: 'dead_hand',
    });
    expect(
      of(hand.send({ type: 'seat.ponDeclared', seat: 1, tiles: [t('8s'), t('8s')] }), 'seat.actionRejected'),
    ).toMatchObject({ code: 'dead_hand' });
    hand.send({ type: 'seat.passed', seat: 1 });
    expect(hand.state).toBe('drawing');
  });
});

describe('a dead hand at the exhaustive draw (variants.md V6.3)', () => {
  function playOut(dead: boolean) {
    const hand = table(TOURNAMENT, '1z');
    if (dead)
      hand.send({
        type: 'operator.deadHandDeclared',
        seat: 1,
        reason: 'called with a wrong tile',
        operator: 'c1',
      });
    const passAll = () => {
      const w = hand.hand.phase.kind === 'claiming' ? hand.hand.phase.window : null;
      for (const s of w?.eligible ?? [])
        if (hand.state === 'claiming') hand.send({ type: 'seat.passed', seat: s });
    };
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    passAll();
    while (hand.state === 'drawing') {
      hand.draw();
      const seat = hand.hand.turn;
      hand.send({ type: 'seat.discarded', seat, tile: hand.hand.drawn[seat]!, riichi: false });
      passAll();
    }
    return of(hand.outcomes, 'hand.exhaustiveDraw')!;
  }
  it('is never tenpai: seat 1’s tenpai earns nothing once its hand is dead', () => {
    const live = playOut(false);
    expect(live.tenpai.map((x) => x.seat)).toEqual([1]);
    expect(live.deltas).toEqual([-1000, 3000, -1000, -1000]);
    const dead = playOut(true);
    expect(dead.tenpai).toEqual([]);
    expect(dead.deltas).toEqual([0, 0, 0, 0]);
  });
});

describe('Tenpai Race Stage A on the machine (variants.md V2.1)', () => {
  // Seat 0 deals; seat 1 waits on 2p / 8s (the hand of the 4-player scenarios above).
  const race = (draws = '') =>
    scriptedTable({
      options: TENPAI_RACE,
      hands: [HANDS[0] + '8s', HANDS[1]],
      draws,
      indicators: '7z',
    });
  it('stageAForbidsWins: no ron and no tsumo, even on a winning tile; chi on the opponent’s discard is open', () => {
    const hand = race('2p');
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    expect(of(hand.send({ type: 'seat.ronDeclared', seat: 1 }), 'seat.actionRejected')).toMatchObject({
      code: 'stage_a_no_win',
    });
    hand.send({ type: 'seat.passed', seat: 1 });
    hand.draw();
    expect(of(hand.send({ type: 'seat.tsumoDeclared', seat: 1 }), 'seat.actionRejected')).toMatchObject({
      code: 'stage_a_no_win',
    });
    expect(hand.hand.phase).toMatchObject({ kind: 'turn', seat: 1 });
  });
  it('riichi starts Stage B at once (V2.1 item 5; more in tenpai-race-stage-b.test.ts)', () => {
    const hand = race('1z');
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    hand.send({ type: 'seat.passed', seat: 1 });
    hand.draw();
    expect(
      of(hand.send({ type: 'seat.discarded', seat: 1, tile: t('1z'), riichi: true }), 'hand.stageBRoles'),
    ).toMatchObject({ attacker: 1, defender: 0, byRiichi: true });
  });
  it('18 discards each: a Stage A draw, no payments, the dealer stays with one more honba', () => {
    const g = game(TENPAI_RACE, {});
    const wall = layWall({
      options: TENPAI_RACE,
      dealer: 0,
      hands: [HANDS[0] + '1z', HANDS[2]],
      indicators: '7z',
    });
    g.send({ type: 'hand.wallBuilt', ...wall });
    const hand = () => g.actor.getSnapshot().context.hand;
    let guard = 0;
    let discards = 0;
    while (hand().phase.kind !== 'over' && g.actor.getSnapshot().value !== 'over' && guard++ < 200) {
      const h = hand();
      if (h.phase.kind === 'drawing') g.send(drawInputFor(h)!);
      else if (h.phase.kind === 'turn' && ++discards)
        g.send({
          type: 'seat.discarded',
          seat: h.turn,
          tile: h.drawn[h.turn] ?? h.concealed[h.turn]!.at(-1)!,
          riichi: false,
        });
      else if (h.phase.kind === 'claiming')
        for (const s of h.phase.window.eligible)
          if (hand().phase.kind === 'claiming') g.send({ type: 'seat.passed', seat: s });
      if (of(g.out, 'hand.abortiveDraw')) break;
    }
    expect(of(g.out, 'hand.abortiveDraw')).toMatchObject({
      reason: 'tenpaiRaceStageA',
      points: [10000, 10000],
    });
    expect(discards).toBe(36);
    const started = g.out.filter((o) => o.type === 'hand.started');
    expect(started.at(-1)).toMatchObject({ dealer: 0, honba: 1, points: [10000, 10000] });
  });
});

describe('agari-yame by bots (riichi.md 17.2 item 3)', () => {
  it('the dealer stops with a lead of a mangan or more, plays on with less', () => {
    expect(botTakesAgariYame([26000, 20000, 30000, 24000], 2)).toBe(true);
    expect(botTakesAgariYame([28000, 20000, 30000, 22000], 2)).toBe(false);
  });
  it('the club tournament offers it after the dealer’s win in South 4; the bot rule answers', () => {
    const options = TOURNAMENT;
    const start = {
      ...startGame(options, 0),
      roundWind: 2 as const,
      handNumber: 4,
      points: [40000, 20000, 20000, 20000],
    };
    const actor = createActor(riichiGameMachine, {
      input: { options, progress: start, askAgariYame: true },
      clock: new SimulatedClock(),
    });
    const out: RiichiOutcome[] = [];
    actor.on('*', (e) => out.push(e as RiichiOutcome));
    actor.start();
    const wall = layWall({
      options,
      dealer: 0,
      hands: [HANDS[1] + '2p', HANDS[0], ...HANDS.slice(2)],
      indicators: '7z',
    });
    actor.send({ type: 'hand.wallBuilt', ...wall });
    actor.send({ type: 'seat.tsumoDeclared', seat: 0 });
    expect(out.at(-1)).toEqual({ type: 'game.agariYameOffered', seat: 0 });
    const { points } = actor.getSnapshot().context.hand;
    const stop = botTakesAgariYame(points, 0);
    expect(stop).toBe(true);
    actor.send({ type: 'seat.agariYameDecided', seat: 0, stop });
    expect(out.at(-1)).toMatchObject({ type: 'game.ended', reason: 'agariYame', ranking: [0, 1, 2, 3] });
  });
});
