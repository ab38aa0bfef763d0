// Scenario tests of the riichi hand machine from scripted table inputs: deal, turn flow, calls and their priority, wins, multiple ron, pao, honba and sticks.
import { describe, expect, it } from 'vitest';
import { makeRules } from '../../../rules/options.js';
import { tileOfText as t, tilesOf } from '../../../rules/tiles.js';
import type { HandWon, RiichiOutcome } from './events.js';
import { scriptedTable } from './scripted-table.js';
import { layWall } from './wall.js';

const TENHOU = makeRules('tenhou');
const CLUB = makeRules('club');
const won = (outcomes: readonly RiichiOutcome[]): HandWon =>
  outcomes.find((o): o is HandWon => o.type === 'hand.won')!;
const rejection = (outcomes: readonly RiichiOutcome[]) =>
  outcomes.find((o) => o.type === 'seat.actionRejected');
const yakuIds = (w: HandWon, i = 0) => w.wins[i]!.yaku.map((y) => y.id);

/**
 * Seat 0 deals. Seat 1 waits on 2p / 8s (tanyao, shanpon); seats 2 and 3 are far from tenpai.
 * Indicator 7z names 5z (no dora in the waiting hands); the first live draws follow `draws`.
 */
const BASE = {
  hands: ['147m369p147s1234z', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'],
  indicators: '7z',
};
const base = (dealer14: string, draws = '', options = TENHOU) =>
  scriptedTable({ options, ...BASE, hands: [BASE.hands[0] + dealer14, ...BASE.hands.slice(1)], draws });

describe('deal and wall (riichi.md 3.2, 3.3)', () => {
  it('deals 14 to the dealer and 13 to the others, turns the first indicator and leaves 69 live tiles', () => {
    const table = base('8s');
    expect(table.hand.concealed.map((h) => h.length)).toEqual([14, 13, 13, 13]);
    expect(table.hand.live.length).toBe(69);
    expect(
      table.outcomes
        .filter((o) => o.type === 'hand.doraRevealed')
        .map((o) => (o as { indicator: number }).indicator),
    ).toEqual([t('7z')]);
    expect(table.hand.drawn[0]).toBe(t('8s'));
    expect(table.state).toBe('turn');
  });
  it('refuses a wall that is not the whole set or has the wrong size, and a second wall', () => {
    const table = scriptedTable({ options: TENHOU, ...BASE });
    const wall = layWall({ options: TENHOU, dealer: 0, ...BASE });
    expect(table.send({ type: 'hand.wallBuilt', live: wall.live, dead: wall.dead })).toMatchObject([
      { type: 'hand.setupRejected', code: 'already_built' },
    ]);
    const fresh = scriptedTable({ options: TENHOU, ...BASE });
    expect(fresh.hand.phase.kind).toBe('turn');
  });
  it('refuses a wall of the wrong size or with a tile too many', async () => {
    const { createActor } = await import('xstate');
    const { riichiHandMachine } = await import('./hand.js');
    const { startGame } = await import('../../../rules/game-flow.js');
    const actor = createActor(riichiHandMachine, {
      input: { options: TENHOU, progress: startGame(TENHOU, 0) },
    });
    const seen: RiichiOutcome[] = [];
    actor.on('*', (e) => seen.push(e as RiichiOutcome));
    actor.start();
    const wall = layWall({ options: TENHOU, dealer: 0, ...BASE });
    actor.send({ type: 'hand.wallBuilt', live: wall.live.slice(1), dead: wall.dead });
    actor.send({
      type: 'hand.wallBuilt',
      live: [wall.live[0] === t('1m') ? t('2m') : t('1m'), ...wall.live.slice(1)],
      dead: wall.dead,
    });
    expect(
      seen.filter((o) => o.type === 'hand.setupRejected').map((o) => (o as { code: string }).code),
    ).toEqual(['wrong_wall_size', 'not_the_whole_set']);
    actor.send({ type: 'hand.wallBuilt', live: wall.live, dead: wall.dead });
    expect(actor.getSnapshot().value).toBe('turn');
  });
  it('takes draws only from the seat on turn and only the wall’s next tile', () => {
    const table = base('1z', '9m');
    table.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    expect(table.state).toBe('drawing');
    expect(rejection(table.send({ type: 'seat.drew', seat: 2, tile: t('9m') }))).toMatchObject({
      code: 'not_your_turn',
    });
    expect(rejection(table.send({ type: 'seat.drew', seat: 1, tile: t('1m') }))).toMatchObject({
      code: 'wrong_tile',
    });
    table.draw();
    expect(table.hand.concealed[1]).toContain(t('9m'));
    expect(table.state).toBe('turn');
  });
  it('refuses out-of-phase and foreign actions with stable codes', () => {
    const table = base('1z');
    expect(
      rejection(table.send({ type: 'seat.discarded', seat: 1, tile: t('2m'), riichi: false })),
    ).toMatchObject({ code: 'not_your_turn' });
    expect(
      rejection(table.send({ type: 'seat.discarded', seat: 0, tile: t('9m'), riichi: false })),
    ).toMatchObject({ code: 'not_in_hand' });
    expect(rejection(table.send({ type: 'seat.ronDeclared', seat: 1 }))).toMatchObject({
      code: 'wrong_phase',
    });
    expect(rejection(table.send({ type: 'seat.tsumoDeclared', seat: 0 }))).toMatchObject({
      code: 'not_a_win',
    });
  });
});

describe('wins (riichi.md 9, 14)', () => {
  it('ron: the discarder pays (tanyao 1 han 40 fu = 1300)', () => {
    const table = base('8s');
    table.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    expect(table.state).toBe('claiming');
    const out = table.send({ type: 'seat.ronDeclared', seat: 1 });
    const w = won(out);
    expect(w.wins).toHaveLength(1);
    expect(w.wins[0]).toMatchObject({ seat: 1, from: 0, tile: t('8s'), han: 1, fu: 40 });
    expect(yakuIds(w)).toEqual(['Y06']);
    expect(w.deltas).toEqual([-1300, 1300, 0, 0]);
    expect(w.points).toEqual([23700, 26300, 25000, 25000]);
    expect(table.state).toBe('won');
    expect(table.hand.end).toMatchObject({ kind: 'win', winners: [1] });
  });
  it('club renhou: a ron before one’s first draw is a mangan (riichi.md 11.4)', () => {
    const table = base('8s', '', CLUB);
    table.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    const w = won(table.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(yakuIds(w)).toContain('Y29');
    expect(w.deltas).toEqual([-8000, 8000, 0, 0]);
  });
  it('chiihou: a non-dealer tsumo on his first draw, no call made (K12)', () => {
    const table = base('1z', '2p');
    table.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    table.draw();
    const w = won(table.send({ type: 'seat.tsumoDeclared', seat: 1 }));
    expect(yakuIds(w)).toEqual(['K12']);
    expect(w.deltas).toEqual([-16000, 32000, -8000, -8000]);
  });
  it('tsumo: menzen tsumo + tanyao 2 han 30 fu, 500/1000', () => {
    const table = base('1z', '8m8m8m7p2p');
    table.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: false });
    for (let i = 0; i < 4; i++) {
      table.draw();
      const seat = table.hand.turn;
      table.send({ type: 'seat.discarded', seat, tile: table.hand.drawn[seat]!, riichi: false });
      const w = table.hand.phase.kind === 'claiming' ? table.hand.phase.window : null;
      for (const s of w?.eligible ?? [])
        if (table.state === 'claiming') table.send({ type: 'seat.passed', seat: s });
    }
    table.draw();
    const w = won(table.send({ type: 'seat.tsumoDeclared', seat: 1 }));
    expect(w.wins[0]).toMatchObject({ seat: 1, from: null, tile: t('2p'), han: 2, fu: 30 });
    expect(yakuIds(w).sort()).toEqual(['Y04', 'Y06']);
    expect(w.deltas).toEqual([-1000, 2000, -500, -500]);
  });
  it('no yaku: a complete hand without a yaku cannot ron (riichi.md 9.2)', () => {
    // Seat 2 waits on 1z/5z; 1z is neither its seat wind (West) nor the round wind? East is the round wind: pick North.
    const table = scriptedTable({
      options: TENHOU,
      hands: ['147m369p147s1235z' + '4z', '234m22456p567s88s', '123m456p789s4z4z9m9m', '369m17p258s66677z'],
      indicators: '7z',
    });
    table.send({ type: 'seat.discarded', seat: 0, tile: t('4z'), riichi: false });
    // Seat 2 (West) holds 44z: a North pair completes the shape but North is no value wind for West in East round.
    expect(rejection(table.send({ type: 'seat.ronDeclared', seat: 2 }))).toMatchObject({ code: 'no_yaku' });
    expect(rejection(table.send({ type: 'seat.ronDeclared', seat: 1 }))).toMatchObject({ code: 'not_a_win' });
    expect(rejection(table.send({ type: 'seat.ronDeclared', seat: 0 }))).toMatchObject({ code: 'not_a_win' });
  });
  it('honba and sticks: a ron adds 300 per honba and takes every stick on the table (riichi.md 14.4-14.6)', () => {
    const table = scriptedTable(
      { options: TENHOU, ...BASE, hands: [BASE.hands[0] + '8s', ...BASE.hands.slice(1)] },
      { honba: 2, deposits: 1, points: [25000, 25000, 24000, 25000] },
    );
    table.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    const w = won(table.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(w.deltas).toEqual([-1900, 2900, 0, 0]);
    expect(w.deposits).toBe(0);
    expect(w.points).toEqual([23100, 27900, 24000, 25000]);
  });
});

describe('calls and their priority (riichi.md 4.3, 5)', () => {
  // Seat 1 (next after the dealer) can chi 3m with 24m; seat 3 holds 33m... and 3m? The dealer discards 3m.
  const callHands = ['147m369p147s1234z3m', '24m567p234s56788s', '258m258p369s5567z', '33m17p258s666z777z'];
  const calls = (options = TENHOU) =>
    scriptedTable({ options, hands: callHands, indicators: '1z', draws: '9m9m9m' });

  it('offers chi to the next seat only and pon to anyone; pon beats chi whatever the seats', () => {
    const table = calls();
    table.send({ type: 'seat.discarded', seat: 0, tile: t('3m'), riichi: false });
    const w = table.hand.phase.kind === 'claiming' ? table.hand.phase.window : null;
    expect(w?.eligible).toEqual([1, 3]);
    table.send({ type: 'seat.chiDeclared', seat: 1, tiles: tilesOf('24m') });
    expect(table.state).toBe('claiming');
    const out = table.send({ type: 'seat.ponDeclared', seat: 3, tiles: tilesOf('33m') });
    expect(out.find((o) => o.type === 'seat.callMade')).toMatchObject({
      seat: 3,
      meld: { type: 'pon', fromSeat: 0, from: 1 },
    });
    expect(table.state).toBe('turn');
    expect(table.hand.turn).toBe(3);
    expect(table.hand.drawn[3]).toBeNull();
    // riichi.md 5.5: no 3m right after the pon (seat 3 has none left, but kuikae forbids the kind)
    expect(table.hand.kuikae).toEqual([2]);
    expect(rejection(table.send({ type: 'seat.tsumoDeclared', seat: 3 }))).toMatchObject({
      code: 'wrong_phase',
    });
    table.send({ type: 'seat.discarded', seat: 3, tile: t('1p'), riichi: false });
    expect(table.hand.ponds[0]![0]).toMatchObject({ called: true });
    expect(table.hand.uninterrupted).toBe(false);
  });
  it('chi when nobody pons; kuikae forbids the claimed kind and the other end (riichi.md 5.5)', () => {
    const hands = ['147m369p147s1234z6s', '24m567p234s56788s', '258m258p369s5567z', '33m17p258s666z777z'];
    const table = scriptedTable({ options: TENHOU, hands, indicators: '1z' });
    table.send({ type: 'seat.discarded', seat: 0, tile: t('6s'), riichi: false });
    // 78s + 6s: may not discard 6s or 9s; 57s... seat 1 chooses 78s.
    table.send({ type: 'seat.chiDeclared', seat: 1, tiles: tilesOf('78s') });
    expect(table.hand.turn).toBe(1);
    expect(
      rejection(table.send({ type: 'seat.discarded', seat: 1, tile: t('6s'), riichi: false })),
    ).toMatchObject({ code: 'kuikae' });
    expect(
      table
        .send({ type: 'seat.discarded', seat: 1, tile: t('2m'), riichi: false })
        .find((o) => o.type === 'seat.actionRejected'),
    ).toBeUndefined();
  });
  it('refuses a chi from the wrong seat and a claim with tiles the seat does not hold', () => {
    const table = calls();
    table.send({ type: 'seat.discarded', seat: 0, tile: t('3m'), riichi: false });
    expect(rejection(table.send({ type: 'seat.chiDeclared', seat: 3, tiles: tilesOf('24m') }))).toMatchObject(
      { code: 'call_not_allowed' },
    );
    expect(rejection(table.send({ type: 'seat.ponDeclared', seat: 1, tiles: tilesOf('33m') }))).toMatchObject(
      { code: 'call_not_allowed' },
    );
    table.send({ type: 'seat.passed', seat: 1 });
    expect(rejection(table.send({ type: 'seat.passed', seat: 1 }))).toMatchObject({
      code: 'already_responded',
    });
    table.send({ type: 'seat.passed', seat: 3 });
    expect(table.state).toBe('drawing');
    expect(table.hand.turn).toBe(1);
  });
  it('open kan: the caller draws a replacement; the kan indicator turns after his discard passes (riichi.md 3.5, 5.3)', () => {
    const hands = ['147m369p147s1234z6z', '24m567p234s56788s', '258m258p369s5567z', '33m17p258s666z777z'];
    const table = scriptedTable({
      options: TENHOU,
      hands: [hands[0]!, hands[1]!, '258m258p369s5511z', hands[3]!],
      indicators: '1z2z',
      replacements: '9p',
    });
    table.send({ type: 'seat.discarded', seat: 0, tile: t('6z'), riichi: false });
    table.send({ type: 'seat.openKanDeclared', seat: 3, tiles: tilesOf('666z') });
    expect(table.state).toBe('drawing');
    expect(table.hand.pendingKanDora).toBe(1);
    table.draw();
    expect(table.hand.drawn[3]).toBe(t('9p'));
    expect(table.hand.live.length).toBe(68);
    expect(table.hand.rinshan).toBe(true);
    expect(table.outcomes.filter((o) => o.type === 'hand.doraRevealed')).toHaveLength(1);
    // Nobody can claim 1p: the discard passes at once and the kan's indicator is turned.
    table.send({ type: 'seat.discarded', seat: 3, tile: t('1p'), riichi: false });
    const after = table.outcomes.filter((o) => o.type === 'hand.doraRevealed');
    expect(after.map((o) => (o as { indicator: number }).indicator)).toEqual([t('1z'), t('2z')]);
  });
  it('no call on the last discard, only ron (riichi.md 4.3)', () => {
    const table = calls();
    table.send({ type: 'seat.discarded', seat: 0, tile: t('3m'), riichi: false });
    const hand = table.hand;
    const last = { ...hand, live: [] };
    const { legalClaims } = {
      legalClaims: (h: typeof hand) =>
        import('./model.js').then((m) =>
          m.legalClaims(h, 3, { tile: t('3m'), from: 0, addedKan: false, kind: 'discard' }),
        ),
    };
    return legalClaims(last).then((l) => expect(l).toEqual({ ron: false, pon: [], openKan: [], chi: [] }));
  });
});

describe('multiple ron (riichi.md 9.4)', () => {
  // The dealer discards 5s. Seat 1: pinfu + tanyao on 2s-5s (2000); seat 2: kanchan 46s (1300); seat 3: shanpon 44p/55s (1300).
  const hands = ['147m369p147s1234z5s', '234m22p456p34s678s', '345m678m33p567p46s', '234p456m678m44p55s'];
  const discard5s = (options = TENHOU, progress = {}) => {
    const table = scriptedTable({ options, hands, indicators: '7z' }, progress);
    table.send({ type: 'seat.discarded', seat: 0, tile: t('5s'), riichi: false });
    return table;
  };
  it('tenhou: double ron, each winner paid in full; sticks and honba to the nearest only (doubleRonHonba nearest)', () => {
    const table = discard5s(TENHOU, { honba: 1, deposits: 1, points: [25000, 25000, 25000, 24000] });
    expect(table.hand.phase.kind === 'claiming' && table.hand.phase.window.eligible).toEqual([1, 2, 3]);
    table.send({ type: 'seat.ronDeclared', seat: 2 });
    table.send({ type: 'seat.passed', seat: 3 });
    const w = won(table.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(w.wins.map((x) => x.seat)).toEqual([1, 2]);
    expect(yakuIds(w, 0).sort()).toEqual(['Y05', 'Y06']);
    expect(w.wins[0]!.payments).toEqual([-2300, 3300, 0, 0]);
    expect(w.wins[1]!.payments).toEqual([-1300, 0, 1300, 0]);
    expect(w.deltas).toEqual([-3600, 3300, 1300, 0]);
    expect(w.deposits).toBe(0);
    expect(table.hand.end).toMatchObject({ kind: 'win', winners: [1, 2] });
  });
  it('doubleRonHonba each: both winners get the honba', () => {
    const table = discard5s(makeRules('tenhou', { doubleRonHonba: 'each' }), { honba: 1 });
    table.send({ type: 'seat.ronDeclared', seat: 2 });
    table.send({ type: 'seat.passed', seat: 3 });
    const w = won(table.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(w.deltas).toEqual([-3900, 2300, 1600, 0]);
  });
  it('head bump option: only the nearest winner', () => {
    const table = discard5s(makeRules('tenhou', { multipleRon: 'headBump' }));
    table.send({ type: 'seat.ronDeclared', seat: 2 });
    table.send({ type: 'seat.passed', seat: 3 });
    const w = won(table.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(w.wins.map((x) => x.seat)).toEqual([1]);
    expect(w.deltas).toEqual([-2000, 2000, 0, 0]);
  });
  it('tenhou: three rons abort the hand (abortIfAllDeclare); sticks stay', () => {
    const table = discard5s(TENHOU, { deposits: 2, points: [25000, 24000, 25000, 24000] });
    table.send({ type: 'seat.ronDeclared', seat: 1 });
    table.send({ type: 'seat.ronDeclared', seat: 2 });
    const out = table.send({ type: 'seat.ronDeclared', seat: 3 });
    expect(out.find((o) => o.type === 'hand.abortiveDraw')).toMatchObject({
      reason: 'tripleRon',
      deposits: 2,
    });
    expect(table.state).toBe('abortiveDraw');
  });
  it('club: two rons abort when the third could also win (abortIfThirdCanWin), even if he passed', () => {
    const table = discard5s(CLUB);
    table.send({ type: 'seat.ronDeclared', seat: 1 });
    table.send({ type: 'seat.ronDeclared', seat: 2 });
    const out = table.send({ type: 'seat.passed', seat: 3 });
    expect(out.find((o) => o.type === 'hand.abortiveDraw')).toMatchObject({ reason: 'tripleRon' });
  });
});

describe('pao (riichi.md 14.8)', () => {
  /** Seat 1 pons 5z (from the dealer), 6z (seat 2) and 7z (seat 3: liable), then waits on 9p (tanki). */
  function daisangen(draws: string) {
    const table = scriptedTable({
      options: TENHOU,
      hands: [
        '147m369p147s1234z5z',
        '55z66z77z234m9p1p1s9s',
        '258m258p369s6z2z3z4z',
        '369m17p258s7z1z2z3z4z',
      ],
      indicators: '1m',
      draws,
    });
    const passAll = () => {
      const w = table.hand.phase.kind === 'claiming' ? table.hand.phase.window : null;
      for (const s of w?.eligible ?? [])
        if (table.state === 'claiming') table.send({ type: 'seat.passed', seat: s });
    };
    const tsumogiri = () => {
      table.draw();
      const seat = table.hand.turn;
      table.send({ type: 'seat.discarded', seat, tile: table.hand.drawn[seat]!, riichi: false });
      passAll();
    };
    table.send({ type: 'seat.discarded', seat: 0, tile: t('5z'), riichi: false });
    table.send({ type: 'seat.ponDeclared', seat: 1, tiles: tilesOf('55z') });
    table.send({ type: 'seat.discarded', seat: 1, tile: t('1p'), riichi: false });
    passAll();
    table.draw();
    table.send({ type: 'seat.discarded', seat: 2, tile: t('6z'), riichi: false });
    table.send({ type: 'seat.ponDeclared', seat: 1, tiles: tilesOf('66z') });
    expect(table.hand.liability[1]).toBeNull();
    table.send({ type: 'seat.discarded', seat: 1, tile: t('1s'), riichi: false });
    passAll();
    tsumogiri();
    table.draw();
    table.send({ type: 'seat.discarded', seat: 3, tile: t('7z'), riichi: false });
    table.send({ type: 'seat.ponDeclared', seat: 1, tiles: tilesOf('77z') });
    expect(table.hand.liability[1]).toEqual({ seat: 3, yakuman: 'K03' });
    table.send({ type: 'seat.discarded', seat: 1, tile: t('9s'), riichi: false });
    passAll();
    tsumogiri();
    tsumogiri();
    return table;
  }
  it('tsumo: the liable seat pays the whole daisangen', () => {
    const table = daisangen('9m9m9m8p8p8p9p');
    table.draw();
    table.send({ type: 'seat.discarded', seat: 0, tile: t('8p'), riichi: false });
    table.draw();
    const w = won(table.send({ type: 'seat.tsumoDeclared', seat: 1 }));
    expect(w.wins[0]).toMatchObject({ seat: 1, yakuman: 1, liable: { seat: 3, yakuman: 'K03' } });
    expect(w.deltas).toEqual([0, 32000, 0, -32000]);
  });
  it('ron from another seat: the liable seat and the discarder pay half each', () => {
    const table = daisangen('9m9m9m8p8p9p');
    table.draw();
    table.send({ type: 'seat.discarded', seat: 0, tile: t('9p'), riichi: false });
    const w = won(table.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(w.deltas).toEqual([-16000, 32000, 0, -16000]);
  });
});

describe('deadlines (after delays on a simulated clock)', () => {
  it('buzzes a late drawer and a late discarder; a claim window closes as passes when its time is up', () => {
    const table = base('8s', '9m');
    table.clock.increment(60_000);
    expect(table.outcomes.at(-1)).toMatchObject({ type: 'seat.overdue', seat: 0, stage: 'discarding' });
    table.send({ type: 'seat.discarded', seat: 0, tile: t('8s'), riichi: false });
    expect(table.state).toBe('claiming');
    table.clock.increment(10_000);
    expect(table.state).toBe('drawing');
    expect(table.hand.furiten[1]!.temporary).toBe(true);
    table.clock.increment(30_000);
    expect(table.outcomes.at(-1)).toMatchObject({ type: 'seat.overdue', seat: 1, stage: 'drawing' });
  });
});
