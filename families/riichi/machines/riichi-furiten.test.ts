// Scenario tests: riichi (conditions, stick, double riichi, one-shot and what breaks it, the lock) and every kind of furiten (riichi.md 6, 7).
import { describe, expect, it } from 'vitest';
import { NOT_FURITEN } from '../../../rules/furiten.js';
import { makeRules } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { tileOfText as t, tilesOf } from '../../../rules/tiles.js';
import type { HandWon, RiichiOutcome } from './events.js';
import { meetsRiichiConditions, ronRefusal } from './model.js';
import { scriptedTable, type ScriptedTable } from './scripted-table.js';

const TENHOU = makeRules('tenhou');
const CLUB = makeRules('club');
const won = (outcomes: readonly RiichiOutcome[]): HandWon =>
  outcomes.find((o): o is HandWon => o.type === 'hand.won')!;
const rejection = (outcomes: readonly RiichiOutcome[]) =>
  outcomes.find((o) => o.type === 'seat.actionRejected');
const yakuIds = (w: HandWon) => w.wins[0]!.yaku.map((y) => y.id).sort();

/** Seat 1 waits on 2p / 8s (tanyao); the others are far from tenpai; the dealer's 14th tile is 1z. */
const HANDS = ['147m369p147s1234z1z', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'];
const table = (draws: string, options = TENHOU, hands = HANDS) =>
  scriptedTable({ options, hands, indicators: '7z', ura: '9m', draws });

function passAll(tb: ScriptedTable): void {
  const w = tb.hand.phase.kind === 'claiming' ? tb.hand.phase.window : null;
  for (const s of w?.eligible ?? []) if (tb.state === 'claiming') tb.send({ type: 'seat.passed', seat: s });
}
/** The seat on turn draws and discards what it drew; everyone passes. */
function tsumogiri(tb: ScriptedTable): void {
  tb.draw();
  const seat = tb.hand.turn;
  tb.send({ type: 'seat.discarded', seat, tile: tb.hand.drawn[seat]!, riichi: false });
  passAll(tb);
}
const discard = (tb: ScriptedTable, seat: Seat, tile: string, riichi = false) =>
  tb.send({ type: 'seat.discarded', seat, tile: t(tile), riichi });

describe('riichi (riichi.md 6)', () => {
  it('double riichi on the first discard; the stick is paid once the discard passes', () => {
    const tb = table('9m');
    discard(tb, 0, '1z');
    tb.draw();
    const out = discard(tb, 1, '9m', true);
    expect(out.find((o) => o.type === 'seat.riichiDeclared')).toMatchObject({ seat: 1, double: true });
    expect(out.find((o) => o.type === 'seat.riichiAccepted')).toMatchObject({
      seat: 1,
      deposits: 1,
      points: [25000, 24000, 25000, 25000],
    });
    expect(tb.hand.riichi[1]).toBe('double');
    expect(tb.hand.ponds[1]![0]!.riichi).toBe(true);
  });
  it('riichi after the first go-around is single; one-shot on the next discard (Y01 + Y03)', () => {
    const tb = table('9m1m9m1m1m8s');
    discard(tb, 0, '1z');
    tsumogiri(tb); // seat 1: 9m
    tsumogiri(tb); // seat 2: 1m
    tsumogiri(tb); // seat 3: 9m
    tsumogiri(tb); // seat 0: 1m
    tb.draw(); // seat 1: 1m
    expect(discard(tb, 1, '1m', true).find((o) => o.type === 'seat.riichiDeclared')).toMatchObject({
      double: false,
    });
    tb.draw(); // seat 2: 8s
    discard(tb, 2, '8s');
    const w = won(tb.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(yakuIds(w)).toEqual(['Y01', 'Y03', 'Y06']);
    expect(w.uraIndicators).toEqual([t('9m')]);
    expect(w.deltas[1]).toBe(w.wins[0]!.payments[1]);
    expect(w.deposits).toBe(0);
  });
  it('a call after the declaration breaks one-shot for everybody (riichi.md 6.5)', () => {
    const hands = [HANDS[0]!, HANDS[1]!, '258m258p369s5567z', '369m17p258s66z77z1m'];
    const tb = table('9m6z8s', TENHOU, hands);
    discard(tb, 0, '1z');
    tb.draw();
    discard(tb, 1, '9m', true);
    tb.draw(); // seat 2 draws 6z
    discard(tb, 2, '6z');
    tb.send({ type: 'seat.ponDeclared', seat: 3, tiles: tilesOf('66z') });
    expect(tb.hand.ippatsu).toEqual([false, false, false, false]);
    passAll(tb);
    discard(tb, 3, '1m');
    passAll(tb);
    tb.draw(); // seat 0 draws 8s
    discard(tb, 0, '8s');
    const w = won(tb.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(yakuIds(w)).toEqual(['Y02', 'Y06']);
  });
  it('a ron on the declaration discard voids the riichi: no stick is paid (riichi.md 6.2)', () => {
    // Seat 2: 123456789p + 555z waits on 9m (tanki): ittsu 2 + haku 1 + three dora (indicator 7z) = haneman.
    const hands = [HANDS[0]!, HANDS[1]!, '123456789p9m5z5z5z', HANDS[3]!];
    const tb = table('9m', TENHOU, hands);
    discard(tb, 0, '1z');
    tb.draw();
    const out = discard(tb, 1, '9m', true);
    expect(out.find((o) => o.type === 'seat.riichiDeclared')).toBeDefined();
    const w = won(tb.send({ type: 'seat.ronDeclared', seat: 2 }));
    expect(w.wins[0]).toMatchObject({ seat: 2, from: 1, han: 6, limit: 'haneman' });
    expect(w.deltas).toEqual([0, -12000, 12000, 0]);
    expect(w.points).toEqual([25000, 13000, 37000, 25000]);
    expect(tb.outcomes.find((o) => o.type === 'seat.riichiAccepted')).toBeUndefined();
    expect(tb.hand.end).toMatchObject({ riichiSticks: [] });
  });
  it('locks the hand after riichi: only the drawn tile may go (riichi.md 6.3)', () => {
    const tb = table('9m1m');
    discard(tb, 0, '1z');
    tb.draw();
    discard(tb, 1, '9m', true);
    tsumogiri(tb);
    tsumogiri(tb);
    tsumogiri(tb);
    tb.draw();
    expect(rejection(discard(tb, 1, '2m'))).toMatchObject({ code: 'riichi_locked' });
  });
  it('refuses riichi without tenpai, without the points, or with fewer than 4 live tiles (riichi.md 6.1)', () => {
    const tb = table('9m');
    discard(tb, 0, '1z');
    tb.draw();
    expect(rejection(discard(tb, 1, '2m', true))).toMatchObject({ code: 'riichi_not_allowed' });
    expect(meetsRiichiConditions(tb.hand, 1, t('9m'))).toBe(true);
    expect(meetsRiichiConditions({ ...tb.hand, live: tb.hand.live.slice(0, 3) }, 1, t('9m'))).toBe(false);
    expect(meetsRiichiConditions({ ...tb.hand, points: [25000, 900, 25000, 25000] }, 1, t('9m'))).toBe(false);
    expect(meetsRiichiConditions({ ...tb.hand, points: [25000, 1000, 25000, 25000] }, 1, t('9m'))).toBe(true);
  });
  it('four riichi abort once the fourth declaration discard passes; the four sticks stay (riichi.md 10.2.4)', () => {
    const hands = ['234m22456p567s88s1z', '345m33567p678s99s', '678m44789p234s11s', '123m55123p345s66s'];
    const tb = scriptedTable({ options: CLUB, hands, indicators: '7z', draws: '1z2z3z' });
    tb.send({ type: 'seat.discarded', seat: 0, tile: t('1z'), riichi: true });
    for (const seat of [1, 2, 3] as const) {
      tb.draw();
      const out = discard(tb, seat, ['1z', '2z', '3z'][seat - 1]!, true);
      passAll(tb);
      if (seat === 3)
        expect(out.find((o) => o.type === 'hand.abortiveDraw')).toMatchObject({
          reason: 'fourRiichi',
          deposits: 4,
        });
    }
    expect(tb.state).toBe('abortiveDraw');
    expect(tb.hand.end).toMatchObject({
      kind: 'abortiveDraw',
      reason: 'fourRiichi',
      riichiSticks: [0, 1, 2, 3],
    });
  });
});

describe('furiten (riichi.md 7)', () => {
  it('discard furiten: a wait among one’s own discards forbids ron, not tsumo (7.1)', () => {
    const tb = table('8s9m');
    discard(tb, 0, '1z');
    tb.draw(); // 8s: seat 1 could tsumo; it discards 2p and now waits on 2p (tanki) among its own discards
    const out = discard(tb, 1, '2p');
    expect(out.find((o) => o.type === 'seat.furiten')).toMatchObject({ seat: 1, kind: 'discard' });
    expect(ronRefusal(tb.hand, 1, { tile: t('2p'), from: 2, addedKan: false, kind: 'discard' })).toBe(
      'furiten',
    );
    tb.draw(); // seat 2: 9m
    discard(tb, 2, '2p');
    // Seat 1 cannot win on it, so the window did not wait for it: the ron comes too late.
    expect(tb.state).toBe('drawing');
    expect(rejection(tb.send({ type: 'seat.ronDeclared', seat: 1 }))).toMatchObject({ code: 'wrong_phase' });
    tb.draw();
    expect(
      tb.send({ type: 'seat.tsumoDeclared', seat: 3 }).find((o) => o.type === 'seat.actionRejected'),
    ).toMatchObject({ code: 'not_a_win' });
  });
  it('temporary furiten after passing a wait ends at one’s own discard under tenhou (7.2, ownDiscard)', () => {
    const hands = ['147m369p147s1234z8s', HANDS[1]!, HANDS[2]!, HANDS[3]!];
    const tb = table('9m1m', TENHOU, hands);
    discard(tb, 0, '8s');
    const passed = tb.send({ type: 'seat.passed', seat: 1 });
    expect(passed.find((o) => o.type === 'seat.furiten')).toMatchObject({
      seat: 1,
      kind: 'temporary',
      tile: t('8s'),
    });
    expect(ronRefusal(tb.hand, 1, { tile: t('2p'), from: 2, addedKan: false, kind: 'discard' })).toBe(
      'furiten',
    );
    tb.draw();
    expect(tb.hand.furiten[1]).toEqual({ temporary: true, riichi: false });
    discard(tb, 1, '9m');
    expect(tb.hand.furiten[1]).toEqual(NOT_FURITEN);
  });
  it('club: temporary furiten ends at one’s own draw (7.2, ownDraw)', () => {
    const hands = ['147m369p147s1234z8s', HANDS[1]!, HANDS[2]!, HANDS[3]!];
    const tb = table('9m1m', CLUB, hands);
    discard(tb, 0, '8s');
    tb.send({ type: 'seat.passed', seat: 1 });
    expect(tb.hand.furiten[1]!.temporary).toBe(true);
    tb.draw();
    expect(tb.hand.furiten[1]).toEqual(NOT_FURITEN);
  });
  it('riichi furiten: a riichi player who passes a wait stays furiten for the hand (7.4)', () => {
    const tb = table('9m8s');
    discard(tb, 0, '1z');
    tb.draw();
    discard(tb, 1, '9m', true);
    tb.draw(); // seat 2: 8s
    discard(tb, 2, '8s');
    const out = tb.send({ type: 'seat.passed', seat: 1 });
    expect(out.find((o) => o.type === 'seat.furiten')).toMatchObject({ seat: 1, kind: 'riichi' });
    expect(tb.hand.furiten[1]).toEqual({ temporary: true, riichi: true });
  });
});
