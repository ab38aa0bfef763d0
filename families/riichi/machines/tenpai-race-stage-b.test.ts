// Tenpai Race Stage B on the machines (issue 7): the sourced entry and roles, the operator's settlement, the unsourced prototype, hidden information.
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { startGame, type GameProgress } from '../../../rules/game-flow.js';
import { makeRules, type RuleOptions } from '../../../rules/options.js';
import { tileKind, tileOfText as t, type TileKind } from '../../../rules/tiles.js';
import { TENPAI_RACE } from '../../../rules/variants/tenpai-race.js';
import { createRng } from '../../../table/rng.js';
import { guessKinds } from '../bots/tenpai-race-bot.js';
import { publicRiichiEvent, type RiichiEvent, type RiichiInput, type RiichiOutcome } from './events.js';
import { riichiGameMachine } from './game.js';
import { handInvariantProblem, seatView } from './model.js';
import { scriptedTable } from './scripted-table.js';
import { drawInputFor } from './table-inputs.js';
import { applyStageBGuess, isLastStageADiscard, mayStartStageBNow, stageBView } from './tenpai-race.js';
import { playVariantGame, summarizeVariant } from './variant-simulation.js';
import { layWall } from './wall.js';

const of = <T extends RiichiOutcome['type']>(out: readonly RiichiOutcome[], type: T) =>
  out.find((o): o is Extract<RiichiOutcome, { type: T }> => o.type === type);
const refusal = (out: readonly RiichiOutcome[]) => of(out, 'seat.actionRejected')?.code;
const operatorRefusal = (out: readonly RiichiOutcome[]) => of(out, 'override.rejected');
const kind = (text: string): TileKind => tileKind(t(text));

/** Seat 0 deals a hand far from tenpai; seat 1 waits on 2p / 8s (234m 22p 456p 567s 88s). */
const DEALER = '147m369p147s1234z';
const WAITER = '234m22456p567s88s';
const PROTOTYPE = makeRules(TENPAI_RACE, { tenpaiRaceStageB: true });

const race = (options: RuleOptions, draws: string, dealer14 = '1z') =>
  scriptedTable({ options, hands: [DEALER + dealer14, WAITER], draws, indicators: '7z' });

/** Dealer discards his 14th tile; seat 1 draws `draws[0]` and discards `discard1`; seat 0 is to draw. */
function afterSeat1Discard(options: RuleOptions, draws: string, discard1: string, riichi = false) {
  const hand = race(options, draws);
  hand.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
  hand.draw();
  const out = hand.send({ type: 'seat.discarded', seat: 1, tile: t(discard1), riichi });
  return { hand, out };
}

describe('Stage B entry (variants.md V2.1 items 5-6)', () => {
  it('a tenpai, non-furiten player starts it right after his own discard; the roles are public', () => {
    const { hand } = afterSeat1Discard(TENPAI_RACE, '5z', '5z');
    expect(hand.state).toBe('drawing');
    const out = hand.send({ type: 'seat.stageBStarted', seat: 1 });
    expect(of(out, 'hand.stageBRoles')).toEqual({
      type: 'hand.stageBRoles',
      attacker: 1,
      defender: 0,
      byRiichi: false,
      resolution: 'operator',
    });
    expect(hand.state).toBe('stageBSettling');
    expect(hand.hand.stageB).toMatchObject({ attacker: 1, defender: 0, waits: [kind('2p'), kind('8s')] });
  });

  it('refuses a hand that is not tenpai (the dealer, right after his discard)', () => {
    const hand = race(TENPAI_RACE, '5z');
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    expect(refusal(hand.send({ type: 'seat.stageBStarted', seat: 0 }))).toBe('stage_b_not_tenpai');
    expect(hand.state).toBe('drawing');
    expect(hand.hand.stageB).toBeNull();
  });

  it('refuses a furiten player: seat 1 discarded his own winning tile 2p (Stage A allows no tsumo)', () => {
    const { hand } = afterSeat1Discard(TENPAI_RACE, '2p', '2p');
    const out = hand.send({ type: 'seat.stageBStarted', seat: 1 });
    expect(of(out, 'seat.actionRejected')).toMatchObject({
      code: 'stage_b_furiten',
      message: expect.stringContaining('furiten'),
    });
    // The hand goes on: seat 0 draws.
    hand.draw();
    expect(hand.hand.phase).toMatchObject({ kind: 'turn', seat: 0 });
  });

  it('refuses it anywhere but right after one’s own discard', () => {
    const hand = race(TENPAI_RACE, '5z', '1m');
    // The dealer's 1m may be chied by seat 1 (23m): while the claim is open, no Stage B for the dealer.
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('1m'), riichi: false });
    expect(hand.state).toBe('claiming');
    expect(refusal(hand.send({ type: 'seat.stageBStarted', seat: 0 }))).toBe('stage_b_not_after_own_discard');
    hand.send({ type: 'seat.passed', seat: 1 });
    // Seat 1 is tenpai, but it is the dealer's discard that just passed.
    expect(refusal(hand.send({ type: 'seat.stageBStarted', seat: 1 }))).toBe('stage_b_not_after_own_discard');
    hand.draw();
    // On his own turn, before his discard.
    expect(refusal(hand.send({ type: 'seat.stageBStarted', seat: 1 }))).toBe('stage_b_not_after_own_discard');
    expect(hand.hand.phase).toMatchObject({ kind: 'turn', seat: 1 });
  });

  it('is not a thing outside Tenpai Race', () => {
    const hand = scriptedTable({
      options: makeRules('club'),
      hands: [DEALER + '1z', WAITER, '258m258p369s5567z', '369m17p258s66677z'],
      indicators: '7z',
    });
    expect(refusal(hand.send({ type: 'seat.stageBStarted', seat: 0 }))).toBe('stage_b_not_in_variant');
  });

  it('riichi starts Stage B at once: no claim window, no stick (its value is unknown, V7)', () => {
    const { hand, out } = afterSeat1Discard(TENPAI_RACE, '5z', '5z', true);
    expect(out.map((o) => o.type)).toEqual([
      'seat.riichiDeclared',
      'seat.riichiAccepted',
      'hand.stageBRoles',
    ]);
    expect(of(out, 'hand.stageBRoles')).toMatchObject({ attacker: 1, defender: 0, byRiichi: true });
    expect(hand.state).toBe('stageBSettling');
    expect(hand.hand.points).toEqual([10000, 10000]);
    expect(hand.hand.deposits).toBe(0);
    expect(refusal(hand.send({ type: 'seat.stageBStarted', seat: 1 }))).toBe('stage_b_already_started');
  });

  it('a furiten player may not declare riichi; the refusal does not end the hand', () => {
    const hand = race(TENPAI_RACE, '2p');
    hand.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    hand.draw();
    const out = hand.send({ type: 'seat.discarded', seat: 1, tile: t('2p'), riichi: true });
    expect(refusal(out)).toBe('riichi_furiten');
    expect(hand.hand.phase).toMatchObject({ kind: 'turn', seat: 1 });
    hand.send({ type: 'seat.discarded', seat: 1, tile: t('2p'), riichi: false });
    expect(hand.state).toBe('drawing');
  });

  it('the 36th discard draws the hand before any Stage B (item 4 before item 5)', () => {
    const hand = race(TENPAI_RACE, '5z').hand;
    expect(isLastStageADiscard({ ...hand, discardCount: [18, 17] }, 1)).toBe(true);
    expect(isLastStageADiscard({ ...hand, discardCount: [17, 17] }, 0)).toBe(false);
  });
});

describe('operator settlement with tenpaiRaceStageB off (the default)', () => {
  const settling = () => {
    const { hand } = afterSeat1Discard(TENPAI_RACE, '5z', '5z');
    hand.send({ type: 'seat.stageBStarted', seat: 1 });
    return hand;
  };
  const settle = (winner: 0 | 1 | null, deltas: number[]): RiichiInput => ({
    type: 'operator.stageBSettled',
    winner,
    deltas,
    operator: 'Ann',
  });

  it('refuses each bad entry with its own code and a specific message; the hand keeps waiting', () => {
    const hand = settling();
    const cases: [RiichiInput, string, string][] = [
      [settle(1, [1000]), 'settlement_wrong_seats', 'give 2 deltas'],
      [settle(1, [-3000, 2000]), 'settlement_not_conserved', 'sum to -1000'],
      [settle(1, [-12000, 12000]), 'settlement_overdrawn', 'seat 0 has 10000'],
      [settle(1, [3000, -3000]), 'settlement_winner_pays', 'seat 1'],
    ];
    for (const [input, code, text] of cases) {
      const r = operatorRefusal(hand.send(input));
      expect(r).toMatchObject({ action: 'operator.stageBSettled', operator: 'Ann', code });
      expect(r!.message).toContain(text);
      expect(hand.state).toBe('stageBSettling');
    }
    // The prototype's guess is not an input here.
    expect(refusal(hand.send({ type: 'seat.stageBGuessed', seat: 0, kinds: [0, 1] }))).toBe('wrong_phase');
  });

  it('refuses a settlement when no Stage B waits for one', () => {
    const hand = race(TENPAI_RACE, '5z');
    expect(operatorRefusal(hand.send(settle(1, [-1000, 1000])))).toMatchObject({
      code: 'stage_b_not_awaiting_settlement',
    });
  });

  it('records the result as entered, audited; points are conserved', () => {
    const hand = settling();
    const out = hand.send(settle(1, [-3000, 3000]));
    expect(of(out, 'hand.stageBEnded')).toEqual({
      type: 'hand.stageBEnded',
      attacker: 1,
      defender: 0,
      winner: 1,
      resolution: 'operatorSettled',
      scored: true,
      operator: 'Ann',
      deltas: [-3000, 3000],
      points: [7000, 13000],
      deposits: 0,
    });
    expect(hand.state).toBe('stageBEnded');
    expect(hand.hand.end).toMatchObject({ kind: 'win', winners: [1] });
    expect(handInvariantProblem(hand.hand)).toBeNull();
  });

  /** A game machine from `progress`, the hands above dealt. */
  function game(options: RuleOptions, progress: Partial<GameProgress> = {}) {
    const actor = createActor(riichiGameMachine, {
      input: { options, progress: { ...startGame(options, 0), ...progress } },
      clock: new SimulatedClock(),
    });
    const out: RiichiOutcome[] = [];
    actor.on('*', (e) => out.push(e as RiichiOutcome));
    actor.start();
    const wall = layWall({
      options,
      dealer: 0,
      hands: [DEALER + '1z', WAITER],
      draws: '5z8s',
      indicators: '7z',
    });
    const send = (input: RiichiInput) => actor.send(input);
    send({ type: 'hand.wallBuilt', ...wall });
    send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    send(drawInputFor(actor.getSnapshot().context.hand)!);
    send({ type: 'seat.discarded', seat: 1, tile: t('5z'), riichi: false });
    send({ type: 'seat.stageBStarted', seat: 1 });
    return { actor, out, send };
  }

  it('the game goes on: a non-dealer winner takes the deal (riichi.md 16 as the base), no winner adds a honba', () => {
    const won = game(TENPAI_RACE, { honba: 2 });
    won.send(settle(1, [-2000, 2000]));
    expect(won.out.filter((o) => o.type === 'hand.started').at(-1)).toMatchObject({
      dealer: 1,
      honba: 0,
      points: [8000, 12000],
    });
    const drawn = game(TENPAI_RACE, { honba: 2 });
    drawn.send(settle(null, [0, 0]));
    expect(drawn.out.filter((o) => o.type === 'hand.started').at(-1)).toMatchObject({
      dealer: 0,
      honba: 3,
      points: [10000, 10000],
    });
  });

  it('a player at 0 ends the game (R6 unsourced: the presumption of variants.md V2.2, preset bustBelow 1)', () => {
    const g = game(TENPAI_RACE);
    g.send(settle(1, [-10000, 10000]));
    expect(g.actor.getSnapshot().value).toBe('over');
    expect(of(g.out, 'game.ended')).toMatchObject({ reason: 'bust', points: [0, 20000], ranking: [1, 0] });
  });
});

describe('the V2.2 prototype with tenpaiRaceStageB on (unsourced, defines no points)', () => {
  const guessing = (draws: string) => {
    const { hand } = afterSeat1Discard(PROTOTYPE, draws, '5z');
    const out = hand.send({ type: 'seat.stageBStarted', seat: 1 });
    expect(of(out, 'hand.stageBRoles')).toMatchObject({ resolution: 'prototype' });
    expect(hand.state).toBe('stageBGuessing');
    return hand;
  };
  const guess = (seat: 0 | 1, a: string, b: string): RiichiInput => ({
    type: 'seat.stageBGuessed',
    seat,
    kinds: [kind(a), kind(b)],
  });

  it('only the defender guesses, two distinct kinds', () => {
    const hand = guessing('5z');
    expect(refusal(hand.send(guess(1, '1m', '2m')))).toBe('stage_b_not_defender');
    expect(refusal(hand.send(guess(0, '3m', '3m')))).toBe('stage_b_bad_guess');
    expect(
      operatorRefusal(
        hand.send({ type: 'operator.stageBSettled', winner: 1, deltas: [0, 0], operator: 'Ann' }),
      ),
    ).toMatchObject({
      code: 'stage_b_not_awaiting_settlement',
      message: expect.stringContaining('prototype'),
    });
    expect(hand.state).toBe('stageBGuessing');
  });

  it('a guess naming a winning kind ends the hand for the defender, nothing scored', () => {
    const hand = guessing('5z');
    const out = hand.send(guess(0, '9m', '8s'));
    expect(of(out, 'hand.stageBGuess')).toMatchObject({ seat: 0, found: true });
    expect(of(out, 'hand.stageBEnded')).toMatchObject({
      winner: 0,
      resolution: 'defenderFound',
      scored: false,
      operator: null,
      deltas: [0, 0],
      points: [10000, 10000],
    });
    expect(hand.hand.end).toMatchObject({ kind: 'win', winners: [0] });
  });

  it('a miss: the attacker draws and shows; a worthless draw goes to his pond, a winning one ends the hand', () => {
    const hand = guessing('5z9p8s');
    expect(of(hand.send(guess(0, '1m', '1z')), 'hand.stageBGuess')).toMatchObject({ found: false });
    expect(hand.state).toBe('stageBDrawing');
    // Only the attacker draws, only the wall's next tile.
    expect(refusal(hand.send({ type: 'seat.drew', seat: 0, tile: t('9p') }))).toBe('not_your_turn');
    expect(refusal(hand.send({ type: 'seat.drew', seat: 1, tile: t('8s') }))).toBe('wrong_tile');
    const shown = hand.draw();
    expect(of(shown, 'hand.stageBDrawShown')).toEqual({
      type: 'hand.stageBDrawShown',
      seat: 1,
      tile: t('9p'),
      completes: false,
    });
    expect(hand.hand.ponds[1]!.at(-1)).toMatchObject({ tile: t('9p'), drawnAndDiscarded: true });
    expect(hand.state).toBe('stageBGuessing');
    hand.send(guess(0, '2m', '2z'));
    const won = hand.draw();
    expect(of(won, 'hand.stageBDrawShown')).toMatchObject({ tile: t('8s'), completes: true });
    expect(of(won, 'hand.stageBEnded')).toMatchObject({
      winner: 1,
      resolution: 'attackerTsumo',
      scored: false,
    });
    expect(hand.state).toBe('stageBEnded');
    expect(stageBView(hand.hand)).toMatchObject({
      guesses: [
        [0, 27],
        [1, 28],
      ],
      shown: [t('9p'), t('8s')],
    });
  });

  it('the wall running out ends Stage B with no winner (R5, our reading)', () => {
    const hand = guessing('5z');
    const step = applyStageBGuess({ ...hand.hand, live: [] }, 0, [kind('1m'), kind('1z')]);
    expect(step.emitted.at(-1)).toMatchObject({
      type: 'hand.stageBEnded',
      winner: null,
      resolution: 'wallExhausted',
    });
    expect(step.model.end).toMatchObject({ kind: 'exhaustiveDraw', settlement: { dealerStays: true } });
  });
});

describe('hidden information: the attacker’s hand and waits never reach the screens', () => {
  it('no public event of a whole Stage B names his waits or shows his hand', () => {
    const { hand } = afterSeat1Discard(PROTOTYPE, '5z9p8s', '5z');
    hand.send({ type: 'seat.stageBStarted', seat: 1 });
    hand.send({ type: 'seat.stageBGuessed', seat: 0, kinds: [kind('1m'), kind('1z')] });
    hand.draw();
    const attackerHand = [...hand.hand.concealed[1]!].sort((a, b) => a - b);
    const log = hand.outcomes as readonly RiichiEvent[];
    const publicLog = log.map(publicRiichiEvent).filter((e) => e !== null);
    const text = JSON.stringify(publicLog);
    expect(text).not.toContain('waits');
    for (const e of publicLog) {
      for (const value of Object.values(e)) {
        if (!Array.isArray(value) || value.length < attackerHand.length) continue;
        expect([...(value as number[])].sort((a, b) => a - b)).not.toEqual(attackerHand);
      }
    }
    expect(publicLog.find((e) => e.type === 'hand.stageBRoles')).toEqual({
      type: 'hand.stageBRoles',
      attacker: 1,
      defender: 0,
      byRiichi: false,
      resolution: 'prototype',
    });
    // A refused entry's reason (furiten, not tenpai) is secret too.
    expect(
      publicRiichiEvent({
        type: 'seat.actionRejected',
        seat: 1,
        action: 'seat.stageBStarted',
        code: 'stage_b_furiten',
        message: 'x',
      }),
    ).toEqual({ type: 'seat.actionRejected', seat: 1, action: 'seat.stageBStarted' });
  });
});

describe('the Tenpai Race bot', () => {
  it('is asked only for a legal entry, and guesses two unsafe kinds, deterministically', () => {
    const { hand } = afterSeat1Discard(PROTOTYPE, '5z', '5z');
    expect(mayStartStageBNow(hand.hand, 1).ok).toBe(true);
    expect(mayStartStageBNow(hand.hand, 0).ok).toBe(false);
    hand.send({ type: 'seat.stageBStarted', seat: 1 });
    const view = seatView(hand.hand, 0);
    const stageB = { ...stageBView(hand.hand)!, guesses: [[kind('5m'), kind('5p')] as const] };
    const a = guessKinds(view, stageB, createRng(3));
    expect(a).toEqual(guessKinds(view, stageB, createRng(3)));
    expect(a[0]).not.toBe(a[1]);
    const safe = [...hand.hand.ponds[1]!.map((p) => tileKind(p.tile)), kind('5m'), kind('5p')];
    for (const k of a) expect(safe).not.toContain(k);
    // Middle numbers first: no honor while middle numbers are unsafe.
    for (const k of a) expect(k).toBeLessThan(27);
  });
});

describe('simulated Tenpai Race games', () => {
  it('option off: bots never start Stage B (no operator sits at a headless game)', () => {
    const records = [1, 2, 3].map((seed) => playVariantGame({ seed, variant: 'tenpai-race' }));
    expect(summarizeVariant('tenpai-race', records).stageB).toMatchObject({ started: 0, guesses: 0 });
  });

  it('option on: bots race into Stage B and play the prototype, with the invariants after every step', () => {
    const started = performance.now();
    const records = Array.from({ length: 30 }, (_, i) =>
      playVariantGame({
        seed: i + 1,
        variant: 'tenpai-race',
        stageBPrototype: true,
        maxHands: 6,
        onStep: (step) => {
          const hand = step.snapshot.context.hand;
          const problem = handInvariantProblem(hand);
          if (problem !== null)
            throw new Error(`seed ${i + 1} after ${JSON.stringify(step.input)}: ${problem}`);
          // The prototype scores nothing: the points never move.
          expect(hand.points).toEqual([10000, 10000]);
          for (const o of step.outcomes) {
            const p = publicRiichiEvent(o);
            if (p !== null) expect(JSON.stringify(p)).not.toContain('waits');
          }
        },
      }),
    );
    const summary = summarizeVariant('tenpai-race', records).stageB!;
    const ended = Object.values(summary.ended).reduce((a, b) => a + b, 0);
    expect(summary.started).toBeGreaterThan(30);
    expect(ended).toBe(summary.started);
    expect(summary.ended.defenderFound).toBeGreaterThan(0);
    expect(summary.ended.attackerTsumo).toBeGreaterThan(0);
    expect(summary.ended.operatorSettled).toBe(0);
    expect(playVariantGame({ seed: 5, variant: 'tenpai-race', stageBPrototype: true })).toEqual(
      playVariantGame({ seed: 5, variant: 'tenpai-race', stageBPrototype: true }),
    );
    console.log(
      `tenpai race prototype: ${records.length} games, ${summary.started} Stage Bs (${JSON.stringify(summary.ended)}), ${summary.guesses} guesses in ${(performance.now() - started).toFixed(0)} ms`,
    );
  });
});
