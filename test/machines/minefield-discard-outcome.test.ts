// A discard is judged once per transition (setup.ts discardOutcome) yet always against the game it is sent to (issue 4, speed work).
import { describe, expect, it } from 'vitest';
import { tileOfText } from '../../rules/tiles.js';
import type { MinefieldInput } from '../../families/minefield/machines/events.js';
import { seatView } from '../../families/minefield/machines/public-view.js';
import { scriptedGame } from './minefield-script.js';

const DEALER_BG = '111p444p111s999s1z';
// Waits 2s 5s 8s: a 5s from the dealer is a legal win (riichi, pinfu, all simples, one-shot).
const PINFU = '234m56788p34567s';
// Waits 1m 4m: a 5s completes nothing.
const OTHER = '23m456p789p345s11z';

describe('Minefield discard outcome (issue 4)', () => {
  it('one event object sent to two games is judged against each game, not remembered from the other', () => {
    const discard: MinefieldInput = { type: 'seat.discarded', seat: 0, tile: tileOfText('5s') };
    const offered = scriptedGame();
    offered.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '1m', underIndicator: '1z' });
    const plain = scriptedGame();
    plain.deal({ hands: [DEALER_BG, OTHER], stocks: ['5s', ''], indicator: '1m', underIndicator: '1z' });

    expect(offered.send(discard)).toEqual([{ type: 'seat.riichiDeclared', seat: 0, tile: tileOfText('5s') }]);
    expect(plain.send(discard)).toEqual([{ type: 'seat.riichiDeclared', seat: 0, tile: tileOfText('5s') }]);
    expect(seatView(offered.actor.getSnapshot(), 1).claim).toEqual({ legal: true });
    expect(seatView(plain.actor.getSnapshot(), 1).claim).toBeNull();
    for (const game of [offered, plain]) {
      const hand = game.actor.getSnapshot().context.hand;
      expect(hand.discards[0]).toEqual([tileOfText('5s')]);
      expect(hand.stocks[0]).toHaveLength(20);
    }
    expect(offered.ron(1).some((e) => e.type === 'hand.won')).toBe(true);
    expect(plain.ron(1)).toEqual([expect.objectContaining({ type: 'win.refused', seat: 1, code: 'not_a_win' })]);
  });

  it('the same event object sent again after the game moved on is judged afresh (a later discard, a new turn)', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    const first = game.actor.getSnapshot().context.hand.stocks[0][0]!;
    const again: MinefieldInput = { type: 'seat.discarded', seat: 0, tile: first };
    game.send(again);
    // Seat 1's turn: the same object is now a discard out of turn, refused without touching the hand.
    expect(game.send(again)).toEqual([{ type: 'seat.discardRejected', seat: 0, tile: first, code: 'not_your_turn' }]);
    game.discardSafe(1);
    // Seat 0 again: no riichi this time (its second discard), one more tile in its pond.
    // layOut fills a stock with up to four of a kind, so seat 0 holds another copy of its first tile.
    expect(game.actor.getSnapshot().context.hand.stocks[0]).toContain(first);
    expect(game.send(again).some((e) => e.type === 'seat.riichiDeclared')).toBe(false);
    expect(game.actor.getSnapshot().context.hand.discards[0]).toEqual([first, first]);
  });
});
