// Scenario tests: kans (closed, added, chankan, rinshan, kan dora, four kans, fifth kan) and draws (nine terminals, four winds, exhaustive draw, haitei, houtei, nagashi).
import { describe, expect, it } from 'vitest';
import { makeRules } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { tileOfText as t, tilesOf } from '../../../rules/tiles.js';
import type { HandWon, RiichiOutcome } from './events.js';
import { fifthKanAborts, legalTurnActions, settleExhaustive } from './model.js';
import { scriptedTable, type ScriptedTable } from './scripted-table.js';

const TENHOU = makeRules('tenhou');
const CLUB = makeRules('club');
const won = (outcomes: readonly RiichiOutcome[]): HandWon =>
  outcomes.find((o): o is HandWon => o.type === 'hand.won')!;
const rejection = (outcomes: readonly RiichiOutcome[]) =>
  outcomes.find((o) => o.type === 'seat.actionRejected');
const yakuIds = (w: HandWon) => w.wins[0]!.yaku.map((y) => y.id).sort();
const indicatorsShown = (tb: ScriptedTable) =>
  tb.outcomes
    .filter((o) => o.type === 'hand.doraRevealed')
    .map((o) => (o as { indicator: number }).indicator);

function passAll(tb: ScriptedTable): void {
  const w = tb.hand.phase.kind === 'claiming' ? tb.hand.phase.window : null;
  for (const s of w?.eligible ?? []) if (tb.state === 'claiming') tb.send({ type: 'seat.passed', seat: s });
}
function tsumogiri(tb: ScriptedTable): void {
  tb.draw();
  const seat = tb.hand.turn;
  tb.send({ type: 'seat.discarded', seat, tile: tb.hand.drawn[seat]!, riichi: false });
  passAll(tb);
}
const discard = (tb: ScriptedTable, seat: Seat, tile: string, riichi = false) =>
  tb.send({ type: 'seat.discarded', seat, tile: t(tile), riichi });

describe('kans (riichi.md 3.5, 4.4, 5.3, 5.4)', () => {
  it('closed kan: its indicator turns at once; the replacement tile wins by rinshan, not tenhou', () => {
    const tb = scriptedTable({
      options: TENHOU,
      hands: [
        '1111m234p567s99p66s',
        '234m22456p345s88s',
        '1z1z2z2z3z3z4z4z5z5z6z7z9m',
        '5m6m6m7m7m8p8p9p9p3s3s4s9s',
      ],
      indicators: '7z1z',
      replacements: '6s',
    });
    const out = tb.send({ type: 'seat.closedKanDeclared', seat: 0, tile: t('1m') });
    expect(out.find((o) => o.type === 'seat.callMade')).toMatchObject({ seat: 0, meld: { type: 'ankan' } });
    expect(indicatorsShown(tb)).toEqual([t('7z'), t('1z')]);
    expect(tb.state).toBe('drawing');
    tb.draw();
    expect(tb.hand.live.length).toBe(68);
    const w = won(tb.send({ type: 'seat.tsumoDeclared', seat: 0 }));
    expect(yakuIds(w)).toEqual(['Y04', 'Y13']);
    expect(w.doraIndicators).toEqual([t('7z'), t('1z')]);
  });
  // Seat 1 waits on 5s/8s (pinfu, tanyao); seat 3 holds 88s and pons the dealer's 8s.
  const chankanHands = [
    '147m369p147s1234z8s',
    '234m22p456p345s67s',
    '1z1z2z2z3z3z4z5z5z6z7z9m9m',
    '88s5m6m6m7m7m8p8p9p9p3s9s',
  ];
  function chankanTable() {
    const tb = scriptedTable({
      options: TENHOU,
      hands: chankanHands,
      indicators: '7z2z',
      replacements: '9p',
      draws: '1p1p1p8s',
    });
    discard(tb, 0, '8s');
    tb.send({ type: 'seat.passed', seat: 1 });
    tb.send({ type: 'seat.ponDeclared', seat: 3, tiles: tilesOf('88s') });
    discard(tb, 3, '3s');
    passAll(tb);
    for (let i = 0; i < 3; i++) tsumogiri(tb); // seats 0, 1, 2 (seat 1's discard ends its temporary furiten)
    tb.draw(); // seat 3 draws the fourth 8s
    expect(tb.hand.drawn[3]).toBe(t('8s'));
    return tb;
  }
  it('chankan: a ron on the added tile; the kan never forms and no indicator turns (riichi.md 4.4)', () => {
    const tb = chankanTable();
    const out = tb.send({ type: 'seat.addedKanDeclared', seat: 3, tile: t('8s') });
    expect(out.find((o) => o.type === 'seat.callMade')).toBeUndefined();
    expect(tb.state).toBe('claiming');
    const w = won(tb.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(w.wins[0]).toMatchObject({ seat: 1, from: 3, tile: t('8s') });
    expect(yakuIds(w)).toContain('Y14');
    expect(indicatorsShown(tb)).toEqual([t('7z')]);
  });
  it('added kan not robbed: the kakan forms, a replacement is drawn, its indicator turns after the discard', () => {
    const tb = chankanTable();
    tb.send({ type: 'seat.addedKanDeclared', seat: 3, tile: t('8s') });
    const out = tb.send({ type: 'seat.passed', seat: 1 });
    expect(out.find((o) => o.type === 'seat.callMade')).toMatchObject({
      seat: 3,
      meld: { type: 'kakan', addedTile: t('8s') },
    });
    expect(tb.hand.furiten[1]!.temporary).toBe(true);
    tb.draw();
    expect(tb.hand.drawn[3]).toBe(t('9p'));
    expect(indicatorsShown(tb)).toEqual([t('7z')]);
    discard(tb, 3, '9p');
    passAll(tb);
    expect(indicatorsShown(tb)).toEqual([t('7z'), t('2z')]);
  });
  it('four kans by two players abort after the fourth kanner’s discard (riichi.md 10.2.3)', () => {
    const tb = scriptedTable({
      options: TENHOU,
      hands: ['1111m9999m2345s7z7z', '1111p9999p678s1z2z'],
      indicators: '7z',
      draws: '3z',
      replacements: '5z5z6z6z',
    });
    tb.send({ type: 'seat.closedKanDeclared', seat: 0, tile: t('1m') });
    tb.draw();
    tb.send({ type: 'seat.closedKanDeclared', seat: 0, tile: t('9m') });
    tb.draw();
    discard(tb, 0, '5z');
    passAll(tb);
    tb.draw();
    tb.send({ type: 'seat.closedKanDeclared', seat: 1, tile: t('1p') });
    tb.draw();
    tb.send({ type: 'seat.closedKanDeclared', seat: 1, tile: t('9p') });
    tb.draw();
    expect(tb.hand.kanOwners).toEqual([0, 0, 1, 1]);
    expect(rejection(tb.send({ type: 'seat.closedKanDeclared', seat: 1, tile: t('6z') }))).toMatchObject({
      code: 'kan_not_allowed',
    });
    const out = discard(tb, 1, '6z');
    passAll(tb);
    expect([...out, ...tb.outcomes].find((o) => o.type === 'hand.abortiveDraw')).toMatchObject({
      reason: 'fourKans',
    });
    expect(tb.state).toBe('abortiveDraw');
    expect(indicatorsShown(tb)).toHaveLength(5);
  });
  it('openKanDoraOnRon: a ron on the kanner’s discard counts the new indicator only with the option (riichi.md 3.5, A1)', () => {
    const hands = ['147m369p147s1234z6z', '24m567p234s56788s', '258m258p369s5511z', '33m17p258s666z777z'];
    const ronOnKanDiscard = (openKanDoraOnRon: boolean) => {
      const tb = scriptedTable({
        options: makeRules('tenhou', { openKanDoraOnRon }),
        hands,
        indicators: '1z2z',
        replacements: '9p',
      });
      discard(tb, 0, '6z');
      tb.send({ type: 'seat.openKanDeclared', seat: 3, tiles: tilesOf('666z') });
      tb.draw();
      discard(tb, 3, '3m');
      return won(tb.send({ type: 'seat.ronDeclared', seat: 1 }));
    };
    expect(ronOnKanDiscard(false).doraIndicators).toEqual([t('1z')]);
    expect(ronOnKanDiscard(true).doraIndicators).toEqual([t('1z'), t('2z')]);
  });
  it('a closed kan in riichi only with the drawn tile, the waits unchanged (riichi.md 6.3)', () => {
    const play = (s1: string) => {
      const tb = scriptedTable({
        options: TENHOU,
        hands: ['258m369p147s1234z1z', s1, '258m258p369s5567z', '369m17p258s66677z'],
        indicators: '7z',
        draws: '9m2z2z2z1m',
      });
      discard(tb, 0, '1z');
      tb.draw();
      discard(tb, 1, '9m', true);
      passAll(tb);
      for (let i = 0; i < 3; i++) tsumogiri(tb);
      tb.draw();
      return tb;
    };
    const keeps = play('111m234p567s88s99p');
    expect(legalTurnActions(keeps.hand, 1).closedKans).toEqual([t('1m')]);
    expect(
      keeps
        .send({ type: 'seat.closedKanDeclared', seat: 1, tile: t('1m') })
        .find((o) => o.type === 'seat.callMade'),
    ).toBeDefined();
    // 11123m: the 1m triplet is also read as 11m + 123m; the kan would change the waits (1m 4m 8s → 4m).
    const changes = play('11123m234p567s88s');
    expect(legalTurnActions(changes.hand, 1).closedKans).toEqual([]);
    expect(rejection(changes.send({ type: 'seat.closedKanDeclared', seat: 1, tile: t('1m') }))).toMatchObject(
      { code: 'kan_not_allowed' },
    );
  });
  it('Thirteen Orphans robs a closed kan only with kokushiRobsClosedKan (riichi.md 4.4)', () => {
    const hands = ['1111m234p567s99p66s', '9m19p19s1234567z1p'];
    const off = scriptedTable({ options: TENHOU, hands, indicators: '8m' });
    off.send({ type: 'seat.closedKanDeclared', seat: 0, tile: t('1m') });
    expect(off.state).toBe('drawing');
    const on = scriptedTable({
      options: makeRules('tenhou', { kokushiRobsClosedKan: true }),
      hands,
      indicators: '8m',
    });
    on.send({ type: 'seat.closedKanDeclared', seat: 0, tile: t('1m') });
    expect(on.state).toBe('claiming');
    const w = won(on.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(w.wins[0]).toMatchObject({ seat: 1, from: 0, tile: t('1m'), yakuman: 1 });
  });
  it('fifth kan: club aborts when another player kans after one made four; tenhou forbids it (riichi.md 5.4)', () => {
    const tb = scriptedTable({ options: CLUB, hands: ['1111m9999m2345s7z7z'], indicators: '7z' });
    const four = { ...tb.hand, kanOwners: [0, 0, 0, 0] as const };
    expect(fifthKanAborts(four, 1)).toBe(true);
    expect(fifthKanAborts(four, 0)).toBe(false);
    expect(fifthKanAborts({ ...four, options: TENHOU }, 1)).toBe(false);
  });
});

describe('abortive draws (riichi.md 10.2)', () => {
  it('nine terminals: the dealer shows 9+ distinct terminals and honors on his first draw', () => {
    const tb = scriptedTable({ options: TENHOU, hands: ['19m19p19s1234z5m6m7m8m'], indicators: '7z' });
    const out = tb.send({ type: 'seat.nineTerminalsDeclared', seat: 0 });
    expect(out.find((o) => o.type === 'hand.abortiveDraw')).toMatchObject({
      reason: 'nineTerminals',
      seat: 0,
    });
    expect(tb.hand.end).toMatchObject({ kind: 'abortiveDraw', reason: 'nineTerminals' });
  });
  it('nine terminals is refused with fewer than nine kinds or after the first go-around', () => {
    const tb = scriptedTable({ options: TENHOU, hands: ['147m369p147s1234z1z'], indicators: '7z' });
    expect(rejection(tb.send({ type: 'seat.nineTerminalsDeclared', seat: 0 }))).toMatchObject({
      code: 'nine_terminals_not_allowed',
    });
  });
  it('four winds: four first discards of East abort once the fourth passes (riichi.md 10.2.2)', () => {
    const tb = scriptedTable({
      options: TENHOU,
      hands: ['147m369p147s2345z1z', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'],
      indicators: '7z',
      draws: '1z1z1z',
    });
    discard(tb, 0, '1z');
    tsumogiri(tb);
    tsumogiri(tb);
    tsumogiri(tb);
    expect(tb.outcomes.find((o) => o.type === 'hand.abortiveDraw')).toMatchObject({ reason: 'fourWinds' });
    expect(tb.state).toBe('abortiveDraw');
  });
});

describe('the end of the wall (riichi.md 4.5, 10.1)', () => {
  const HANDS = ['147m369p147s1234z1z', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'];
  function playToLastDraw(tb: ScriptedTable): void {
    discard(tb, 0, '1z');
    passAll(tb);
    while (tb.hand.live.length > 1) tsumogiri(tb);
  }
  it('exhaustive draw: the tenpai seat is paid 3000 by the three others; honba goes up', () => {
    const tb = scriptedTable({ options: TENHOU, hands: HANDS, indicators: '7z' });
    playToLastDraw(tb);
    tsumogiri(tb);
    const draw = tb.outcomes.find((o) => o.type === 'hand.exhaustiveDraw');
    expect(draw).toMatchObject({
      tenpai: [{ seat: 1, hand: tilesOf('234m22456p567s88s') }],
      nagashi: [],
      deltas: [-1000, 3000, -1000, -1000],
    });
    expect(tb.hand.end).toMatchObject({ kind: 'exhaustiveDraw', tenpai: [false, true, false, false] });
  });
  it('haitei: a tsumo on the last live tile (Y11)', () => {
    const tb = scriptedTable({ options: TENHOU, hands: HANDS, indicators: '7z', tail: '2p' });
    playToLastDraw(tb);
    tb.draw();
    expect(tb.hand.turn).toBe(1);
    const w = won(tb.send({ type: 'seat.tsumoDeclared', seat: 1 }));
    expect(yakuIds(w)).toContain('Y11');
  });
  it('houtei: a ron on the last discard (Y12); no call is offered on it', () => {
    const hands = [HANDS[0]!, HANDS[1]!, '123456789p9m5z5z5z', HANDS[3]!];
    const tb = scriptedTable({ options: TENHOU, hands, indicators: '7z', ura: '9m', tail: '9m' });
    playToLastDraw(tb);
    tb.draw();
    discard(tb, 1, '9m');
    const w = won(tb.send({ type: 'seat.ronDeclared', seat: 2 }));
    expect(yakuIds(w)).toContain('Y12');
  });
  it('nagashi mangan replaces the tenpai payments: drawType (tenhou) keeps the sticks, winType (club) takes them', () => {
    const tb = scriptedTable(
      { options: TENHOU, hands: HANDS, indicators: '7z' },
      { deposits: 1, points: [25000, 24000, 25000, 25000] },
    );
    playToLastDraw(tb);
    const terminals = tilesOf('19m19p19s1z2z').map((tile) => ({
      tile,
      riichi: false,
      called: false,
      drawnAndDiscarded: false,
    }));
    const end = { ...tb.hand, live: [], ponds: [terminals, ...tb.hand.ponds.slice(1)] };
    const draw = settleExhaustive(end).emitted[0]!;
    expect(draw).toMatchObject({
      type: 'hand.exhaustiveDraw',
      nagashi: [0],
      deltas: [12000, -4000, -4000, -4000],
      deposits: 1,
    });
    const club = settleExhaustive({ ...end, options: CLUB }).emitted[0]!;
    expect(club).toMatchObject({ nagashi: [0], deltas: [13000, -4000, -4000, -4000], deposits: 0 });
  });
});
