// Graph coverage of the Minefield game machine (hand states included) with @xstate/graph.
import { describe, expect, it } from 'vitest';
import { tileKind, tileOfText, tilesOf, type Tile } from '../../rules/tiles.js';
import type { MinefieldInput, MinefieldSeat } from '../../families/minefield/machines/events.js';
import { minefieldGameMachine } from '../../families/minefield/machines/game.js';
import type { MinefieldSnapshot } from '../../families/minefield/machines/simulation.js';
import { machineCoverage } from './graph-coverage.js';
import { layOut } from './minefield-script.js';

// Dealer (seat 0): four concealed triplets waiting on East. Non-dealer: 234m 567p 88p 23456s waits 1s 4s 7s —
// with dora 2m, 4s and 7s are mangan and 1s is below it (no All Simples) except as a one-shot.
const deal = layOut({ hands: ['111p444p111s999s1z', '234m56788p23456s'], stocks: ['1s4s7s', '4s1z'], indicator: '1m', underIndicator: '2z' });
const walls: MinefieldInput = { type: 'hand.wallsBuilt', walls: deal.walls, unused: deal.unused };
const AFTER = (delay: string, id: string) => ({ type: `xstate.after.${delay}.minefield.hand.${id}` }) as unknown as MinefieldInput;

function eventsFor(snapshot: MinefieldSnapshot): MinefieldInput[] {
  const value = snapshot.value;
  const hand = snapshot.context.hand;
  if (typeof value === 'string' || value.hand === 'walling') {
    return [walls, { type: 'hand.wallsBuilt', walls: [deal.walls[1], deal.walls[1]], unused: deal.unused }];
  }
  if (value.hand === 'flippingDora') {
    return [
      { type: 'hand.doraFlipped', indicator: deal.indicator, underIndicator: deal.underIndicator },
      { type: 'hand.doraFlipped', indicator: tileOfText('1p'), underIndicator: deal.underIndicator },
    ];
  }
  if (value.hand === 'settingHands') {
    return [
      { type: 'seat.handSet', seat: 0, tiles: deal.hands[0], source: 'sensor' },
      { type: 'seat.handSet', seat: 1, tiles: deal.hands[1], source: 'sensor' },
      { type: 'seat.handSet', seat: 0, tiles: tilesOf('1356m1144p1199s1z'), source: 'sensor' },
      { type: 'seat.handSet', seat: 0, tiles: deal.hands[1], source: 'sensor' },
      { type: 'seat.handSet', seat: 0, tiles: deal.hands[0].slice(0, 12), source: 'console' },
      AFTER('handSettingLimit', 'settingHands'),
    ];
  }
  const turn = hand.turn;
  const other: MinefieldSeat = turn === 0 ? 1 : 0;
  const harmless = (seat: MinefieldSeat) => hand.stocks[seat].find((t) => !hand.waits[0].includes(tileKind(t)) && !hand.waits[1].includes(tileKind(t)));
  const discard = (seat: MinefieldSeat, tile: Tile | undefined): MinefieldInput[] => (tile === undefined ? [] : [{ type: 'seat.discarded', seat, tile }]);
  const events: MinefieldInput[] = [
    ...discard(turn, harmless(turn)),
    { type: 'seat.ronDeclared', seat: 0 },
    { type: 'seat.ronDeclared', seat: 1 },
    { type: 'seat.passed', seat: turn },
    AFTER('discardLimit', 'discarding.awaitingDiscard'),
    AFTER('lastClaimLimit', 'discarding.lastClaim'),
  ];
  // The interesting discards early in a hand only: the graph stays small, every branch is still met.
  if (hand.discards[0].length + hand.discards[1].length < 4) {
    for (const tile of hand.stocks[turn]) if (hand.waits[0].includes(tileKind(tile)) || hand.waits[1].includes(tileKind(tile))) events.push(...discard(turn, tile));
    events.push(...discard(other, harmless(other)), ...discard(turn, hand.hands[turn]![0]));
  }
  return events;
}

describe('Minefield machine graph', () => {
  it('reaches every state and takes every transition (refusals, furiten, deadlines, draws, both game ends)', () => {
    const started = performance.now();
    const coverage = machineCoverage(minefieldGameMachine, {
      // 2000 points: a mangan leaves the game going, a double yakuman or two draws end it.
      input: { firstDealer: 0, startingPoints: 2000 },
      events: eventsFor,
      serializeState: (s) => {
        const c = s.context;
        const h = c.hand;
        return JSON.stringify([s.value, c.handNumber, c.points, c.ante, c.dealer, h.hands[0] !== null, h.hands[1] !== null, h.discards[0].length, h.discards[1].length, h.furiten, h.offers.map((o) => (o === null ? null : o.ok || o.code))]);
      },
      stopWhen: (s) => s.context.handNumber > 3,
    });
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.transitions).toBeGreaterThan(20);
    expect(performance.now() - started).toBeLessThan(60_000);
  });
});
