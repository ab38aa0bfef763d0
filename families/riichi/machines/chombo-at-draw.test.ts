// Scenario tests of the tournament's riichi chombos (variants.md V6.2 item 1, T3): remembered, settled at a draw instead of its payments, lapsing on a win.
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { startGame } from '../../../rules/game-flow.js';
import { makeRules } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { tileOfText as t } from '../../../rules/tiles.js';
import { TOURNAMENT } from '../../../rules/variants/tournament.js';
import type { RiichiInput, RiichiOutcome } from './events.js';
import { riichiGameMachine } from './game.js';
import { scriptedTable, type ScriptedTable } from './scripted-table.js';
import { drawInputFor } from './table-inputs.js';
import { layWall } from './wall.js';

const of = <T extends RiichiOutcome['type']>(out: readonly RiichiOutcome[], type: T) =>
  out.find((o): o is Extract<RiichiOutcome, { type: T }> => o.type === type);

const chombo = (seat: Seat, reason: 'riichiNotTenpai' | 'illegalKanAfterRiichi'): RiichiInput => ({
  type: 'operator.chomboDeclared',
  seat,
  reason,
  operator: 'console-1',
});

/**
 * Seat 0 deals (1z is his 14th tile). Seat 1 waits on 2p / 8s (tanyao, shanpon); seats 2 and 3 are far from
 * tenpai. Seat 1's first draw is 9m (riichi on it keeps the wait); then 1m to seats 2, 3 and 0, then 2p to seat 1.
 */
const HANDS = ['147m369p147s1234z1z', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'];
const DRAWS = '9m1m1m1m2p';
const layout = (options = TOURNAMENT) => ({ options, hands: HANDS, draws: DRAWS, indicators: '7z' });

/** Everyone still to answer the tile on offer passes. */
function passAll(hand: ScriptedTable): void {
  const w = hand.hand.phase.kind === 'claiming' ? hand.hand.phase.window : null;
  for (const s of w?.eligible ?? [])
    if (hand.state === 'claiming') hand.send({ type: 'seat.passed', seat: s });
}

/** The dealer discards 1z, seat 1 draws 9m and declares riichi on it. */
function seatOneRiichi(options = TOURNAMENT): ScriptedTable {
  const hand = scriptedTable(layout(options));
  hand.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
  passAll(hand);
  hand.draw();
  hand.send({ type: 'seat.discarded', seat: 1, tile: t('9m'), riichi: true });
  passAll(hand);
  return hand;
}

/** Every seat discards what it draws (riichi or not) until the hand ends. */
function playOut(hand: ScriptedTable): void {
  while (hand.state === 'drawing') {
    hand.draw();
    const seat = hand.hand.turn;
    hand.send({ type: 'seat.discarded', seat, tile: hand.hand.drawn[seat]!, riichi: false });
    passAll(hand);
  }
}

describe('a riichi chombo is remembered for the hand (V6.2 item 1)', () => {
  it('entered for a seat in riichi: hand.chomboPending, play goes on', () => {
    const hand = seatOneRiichi();
    expect(hand.send(chombo(1, 'riichiNotTenpai'))).toEqual([
      { type: 'hand.chomboPending', seat: 1, reason: 'riichiNotTenpai', operator: 'console-1' },
    ]);
    expect(hand.state).toBe('drawing');
    expect(hand.snapshot.context.pendingChombos).toEqual([
      { seat: 1, reason: 'riichiNotTenpai', operator: 'console-1' },
    ]);
  });
  it('refused for a seat not in riichi, twice for one seat, and where the preset pays no chombo', () => {
    const hand = seatOneRiichi();
    expect(of(hand.send(chombo(2, 'illegalKanAfterRiichi')), 'seat.actionRejected')).toMatchObject({
      seat: 2,
      code: 'chombo_without_riichi',
      message: expect.stringMatching(/has not declared riichi in this hand/),
    });
    hand.send(chombo(1, 'riichiNotTenpai'));
    expect(of(hand.send(chombo(1, 'illegalKanAfterRiichi')), 'seat.actionRejected')).toMatchObject({
      seat: 1,
      code: 'chombo_already_pending',
    });
    expect(hand.snapshot.context.pendingChombos).toHaveLength(1);
    const club = seatOneRiichi(makeRules('club'));
    expect(of(club.send(chombo(1, 'riichiNotTenpai')), 'seat.actionRejected')).toMatchObject({
      code: 'chombo_not_in_preset',
    });
  });
});

describe('settled at an exhaustive draw instead of the tenpai payments (V6.2 items 2-3, T3)', () => {
  it('without a chombo seat 1 is the only tenpai seat and takes 3000', () => {
    const hand = seatOneRiichi();
    playOut(hand);
    expect(hand.state).toBe('exhaustiveDraw');
    expect(of(hand.outcomes, 'hand.exhaustiveDraw')).toMatchObject({
      deltas: [-1000, 3000, -1000, -1000],
      deposits: 1,
    });
  });
  it('riichi while not tenpai by a non-dealer: 4000 to the dealer, 2000 to the others, his stick back', () => {
    const hand = seatOneRiichi();
    hand.send(chombo(1, 'riichiNotTenpai'));
    playOut(hand);
    expect(of(hand.outcomes, 'hand.exhaustiveDraw')).toBeUndefined();
    expect(of(hand.outcomes, 'hand.chombo')).toEqual({
      type: 'hand.chombo',
      seat: 1,
      reason: 'riichiNotTenpai',
      operator: 'console-1',
      // -8000 paid, +1000 for the stick put down in this hand (item 3).
      deltas: [4000, -7000, 2000, 2000],
      points: [29000, 17000, 27000, 27000],
      deposits: 0,
      atDraw: 'exhaustiveDraw',
    });
    expect(hand.hand.end).toMatchObject({ kind: 'chombo', offender: 1, riichiSticks: [1] });
  });
  it('an illegal kan after riichi, in the game: the hand is replayed, same dealer and honba; older sticks stay', () => {
    const options = TOURNAMENT;
    const start = { ...startGame(options, 0), honba: 1, deposits: 2, points: [26000, 26000, 24000, 22000] };
    const actor = createActor(riichiGameMachine, {
      input: { options, progress: start },
      clock: new SimulatedClock(),
    });
    const out: RiichiOutcome[] = [];
    actor.on('*', (e) => out.push(e as RiichiOutcome));
    actor.start();
    const wall = layWall({ ...layout(), dealer: 0 });
    actor.send({ type: 'hand.wallBuilt', ...wall });
    const hand = () => actor.getSnapshot().context.hand;
    const passAllInGame = () => {
      const h = hand();
      if (h.phase.kind === 'claiming')
        for (const s of h.phase.window.eligible)
          if (hand().phase.kind === 'claiming') actor.send({ type: 'seat.passed', seat: s });
    };
    actor.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    passAllInGame();
    actor.send(drawInputFor(hand())!);
    actor.send({ type: 'seat.discarded', seat: 1, tile: t('9m'), riichi: true });
    passAllInGame();
    actor.send(chombo(1, 'illegalKanAfterRiichi'));
    let guard = 0;
    while (!of(out, 'hand.chombo') && guard++ < 300) {
      const h = hand();
      if (h.phase.kind === 'drawing') actor.send(drawInputFor(h)!);
      else if (h.phase.kind === 'turn')
        actor.send({ type: 'seat.discarded', seat: h.turn, tile: h.drawn[h.turn]!, riichi: false });
      passAllInGame();
    }
    expect(of(out, 'hand.chombo')).toMatchObject({
      seat: 1,
      reason: 'illegalKanAfterRiichi',
      deltas: [4000, -7000, 2000, 2000],
      // Seat 1: 26000 − 1000 (stick) − 7000; the two older sticks stay on the table.
      points: [30000, 18000, 26000, 24000],
      deposits: 2,
      atDraw: 'exhaustiveDraw',
    });
    const [first, replayed] = out.filter((o) => o.type === 'hand.started');
    expect(replayed).toMatchObject({
      dealer: 0,
      roundWind: first!.roundWind,
      handNumber: 1,
      honba: 1,
      deposits: 2,
      points: [30000, 18000, 26000, 24000],
    });
    expect(out.filter((o) => o.type === 'hand.started')).toHaveLength(2);
  });
});

describe('two riichi chombos at one exhaustive draw (V6.2 items 2-3 for each offender)', () => {
  it('both pay, both sticks go back; one hand.chombo lists the second offender', () => {
    // The dealer declares double riichi on 1z (2p / 8s), seat 1 riichi on its first draw 1z (3p / 9s).
    const hand = scriptedTable({
      options: TOURNAMENT,
      hands: ['234m22456p567s88s1z', '345m33567p678s99s', '258m258p369s5567z', '369m17p258s66677z'],
      draws: '1z',
      indicators: '7z',
    });
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: true });
    passAll(hand);
    hand.draw();
    hand.send({ type: 'seat.discarded', seat: 1, tile: t('1z'), riichi: true });
    passAll(hand);
    hand.send(chombo(1, 'riichiNotTenpai'));
    hand.send(chombo(0, 'illegalKanAfterRiichi'));
    playOut(hand);
    expect(of(hand.outcomes, 'hand.chombo')).toEqual({
      type: 'hand.chombo',
      seat: 1,
      reason: 'riichiNotTenpai',
      operator: 'console-1',
      // Seat 1: [4000, −8000, 2000, 2000]; the dealer: [−12000, 4000, 4000, 4000]; +1000 each for the sticks.
      deltas: [-7000, -3000, 6000, 6000],
      points: [17000, 21000, 31000, 31000],
      deposits: 0,
      atDraw: 'exhaustiveDraw',
      alsoAtFault: [{ seat: 0, reason: 'illegalKanAfterRiichi', operator: 'console-1' }],
    });
  });
});

describe('settled at an abortive draw (T3, `riichiChomboAt: anyDraw`), lapsing there under `exhaustiveDraw`', () => {
  // The dealer declares double riichi on 1z (waiting on 2p / 8s); seat 1 then declares nine terminals.
  const abortLayout = (options = TOURNAMENT) => ({
    options,
    hands: ['234m22456p567s88s1z', '19m19p19s1234z5m5m', '258m258p369s5567z', '369m17p258s1122z3z'],
    draws: '5s',
    indicators: '7z',
  });
  function nineTerminalsAfterDealerRiichi(options = TOURNAMENT): RiichiOutcome[] {
    const hand = scriptedTable(abortLayout(options));
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: true });
    passAll(hand);
    expect(hand.send(chombo(0, 'riichiNotTenpai'))).toHaveLength(1);
    hand.draw();
    return hand.send({ type: 'seat.nineTerminalsDeclared', seat: 1 });
  }
  it('the dealer at fault pays 4000 to each and gets his stick back; no abortive draw is recorded', () => {
    const out = nineTerminalsAfterDealerRiichi();
    expect(of(out, 'hand.abortiveDraw')).toBeUndefined();
    expect(of(out, 'hand.chombo')).toMatchObject({
      seat: 0,
      deltas: [-11000, 4000, 4000, 4000],
      points: [13000, 29000, 29000, 29000],
      deposits: 0,
      atDraw: 'abortiveDraw',
    });
  });
  it('under riichiChomboAt: exhaustiveDraw the abortive draw stands and the chombo lapses (hand.chomboLapsed)', () => {
    const out = nineTerminalsAfterDealerRiichi(makeRules(TOURNAMENT, { riichiChomboAt: 'exhaustiveDraw' }));
    expect(of(out, 'hand.chombo')).toBeUndefined();
    expect(out.map((o) => o.type).slice(-2)).toEqual(['hand.abortiveDraw', 'hand.chomboLapsed']);
    expect(of(out, 'hand.chomboLapsed')).toEqual({
      type: 'hand.chomboLapsed',
      seat: 0,
      reason: 'riichiNotTenpai',
      operator: 'console-1',
      why: 'abortiveDraw',
    });
    expect(of(out, 'hand.abortiveDraw')).toMatchObject({ reason: 'nineTerminals', deposits: 1 });
  });
});

describe('a win takes priority: the chombo lapses (V6.2 item 4)', () => {
  it('seat 1 wins by tsumo after its chombo was entered: paid as a win, hand.chomboLapsed after it', () => {
    const hand = seatOneRiichi();
    hand.send(chombo(1, 'illegalKanAfterRiichi'));
    for (let i = 0; i < 3; i++) {
      hand.draw();
      const seat = hand.hand.turn;
      hand.send({ type: 'seat.discarded', seat, tile: t('1m'), riichi: false });
      passAll(hand);
    }
    hand.draw();
    const out = hand.send({ type: 'seat.tsumoDeclared', seat: 1 });
    expect(hand.state).toBe('won');
    expect(of(out, 'hand.chombo')).toBeUndefined();
    expect(out.map((o) => o.type).slice(-2)).toEqual(['hand.won', 'hand.chomboLapsed']);
    expect(of(out, 'hand.won')!.wins[0]).toMatchObject({ seat: 1, from: null });
    expect(of(out, 'hand.chomboLapsed')).toMatchObject({
      seat: 1,
      reason: 'illegalKanAfterRiichi',
      why: 'win',
    });
    expect(hand.hand.end?.kind).toBe('win');
  });
});
