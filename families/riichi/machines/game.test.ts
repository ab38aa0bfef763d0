// The riichi game machine: hands in turn, concluded by rules/game-flow.ts (dealer repeats, rotation, honba, sticks).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { makeRules } from '../../../rules/options.js';
import { tileOfText as t } from '../../../rules/tiles.js';
import type { RiichiOutcome } from './events.js';
import { riichiGameMachine } from './game.js';
import { drawInputFor } from './table-inputs.js';
import { layWall } from './wall.js';

const TENHOU = makeRules('tenhou');

describe('riichi game machine', () => {
  it('an abortive draw keeps the dealer with honba +1; a non-dealer ron passes the deal and clears the honba', () => {
    const actor = createActor(riichiGameMachine, {
      input: { options: TENHOU, firstDealer: 0 },
      clock: new SimulatedClock(),
    });
    const out: RiichiOutcome[] = [];
    actor.on('*', (e) => out.push(e as RiichiOutcome));
    actor.start();
    expect(out[0]).toMatchObject({
      type: 'game.started',
      players: 4,
      firstDealer: 0,
      points: [25000, 25000, 25000, 25000],
    });
    expect(out[1]).toMatchObject({ type: 'hand.started', roundWind: 1, handNumber: 1, dealer: 0, honba: 0 });
    // Hand 1: the dealer declares nine terminals.
    const nine = layWall({ options: TENHOU, dealer: 0, hands: ['19m19p19s1234z5m6m7m8m'], indicators: '7z' });
    actor.send({ type: 'hand.wallBuilt', ...nine });
    actor.send({ type: 'seat.nineTerminalsDeclared', seat: 0 });
    expect(out.at(-1)).toMatchObject({
      type: 'hand.started',
      roundWind: 1,
      handNumber: 1,
      dealer: 0,
      honba: 1,
    });
    // Hand 2: seat 1 rons the dealer's first discard (tanyao 1300 + 300 honba).
    const ron = layWall({
      options: TENHOU,
      dealer: 0,
      hands: ['147m369p147s1234z8s', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'],
      indicators: '7z',
    });
    actor.send({ type: 'hand.wallBuilt', ...ron });
    actor.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    actor.send({ type: 'seat.ronDeclared', seat: 1 });
    expect(out.find((o) => o.type === 'hand.won')).toMatchObject({ deltas: [-1600, 1600, 0, 0] });
    expect(out.at(-1)).toMatchObject({
      type: 'hand.started',
      roundWind: 1,
      handNumber: 2,
      dealer: 1,
      honba: 0,
      points: [23400, 26600, 25000, 25000],
    });
    expect(actor.getSnapshot().context.lastEnd).toMatchObject({ kind: 'win', winners: [1] });
    expect(drawInputFor(actor.getSnapshot().context.hand)).toBeNull();
  });
});

describe('agari-yame (riichi.md 17.2, club: optional)', () => {
  const CLUB = makeRules('club');
  // South 4, seat 3 deals and leads; his first draw completes the hand (Gift of Heaven).
  const progress = {
    players: 4 as const,
    firstDealer: 0 as const,
    roundWind: 2 as const,
    handNumber: 4,
    dealer: 3 as const,
    honba: 0,
    deposits: 0,
    points: [25000, 25000, 20000, 30000],
    handsPlayed: 7,
    dealerWinStreak: 0,
    extension: false,
    cycle: 0,
  };
  const wall = layWall({
    options: CLUB,
    dealer: 3,
    hands: ['147m369p147s1234z', '258m258p369s5567z', '369m17p258s66677z', '234m22456p567s888s'],
    indicators: '7z',
  });
  function play(stop: boolean) {
    const actor = createActor(riichiGameMachine, {
      input: { options: CLUB, progress, askAgariYame: true },
      clock: new SimulatedClock(),
    });
    const out: RiichiOutcome[] = [];
    actor.on('*', (e) => out.push(e as RiichiOutcome));
    actor.start();
    actor.send({ type: 'hand.wallBuilt', ...wall });
    actor.send({ type: 'seat.tsumoDeclared', seat: 3 });
    expect(out.at(-1)).toEqual({ type: 'game.agariYameOffered', seat: 3 });
    expect(actor.getSnapshot().value).toBe('askingAgariYame');
    actor.send({ type: 'seat.agariYameDecided', seat: 0, stop: true });
    expect(out.at(-1)).toMatchObject({ type: 'seat.actionRejected', code: 'not_your_turn' });
    actor.send({ type: 'seat.drew', seat: 0, tile: wall.live[0]! });
    expect(out.at(-1)).toMatchObject({ type: 'seat.actionRejected', code: 'wrong_phase' });
    actor.send({ type: 'seat.agariYameDecided', seat: 3, stop });
    return { out, actor };
  }
  it('the dealer may end the game after his win in the last hand', () => {
    const { out, actor } = play(true);
    expect(out.at(-1)).toMatchObject({ type: 'game.ended', reason: 'agariYame', ranking: [3, 0, 1, 2] });
    expect(actor.getSnapshot().status).toBe('done');
  });
  it('no answer before the deadline: the game goes on', () => {
    const clock = new SimulatedClock();
    const actor = createActor(riichiGameMachine, {
      input: { options: CLUB, progress, askAgariYame: true },
      clock,
    });
    const out: RiichiOutcome[] = [];
    actor.on('*', (e) => out.push(e as RiichiOutcome));
    actor.start();
    actor.send({ type: 'hand.wallBuilt', ...wall });
    actor.send({ type: 'seat.tsumoDeclared', seat: 3 });
    clock.increment(30_000);
    expect(out.at(-1)).toMatchObject({ type: 'hand.started', handNumber: 4, dealer: 3, honba: 1 });
  });
  it('or play on: the hand repeats with one more honba', () => {
    const { out } = play(false);
    expect(out.at(-1)).toMatchObject({
      type: 'hand.started',
      roundWind: 2,
      handNumber: 4,
      dealer: 3,
      honba: 1,
    });
  });
});
