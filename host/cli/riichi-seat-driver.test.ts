// The riichi seat driver takes a tile only when its player has not drawn yet (a table reboot can ask twice).
import { describe, expect, it } from 'vitest';
import type { PublicTableView, SeatView } from '../../hardware/simulator/seat-driver.js';
import type { RiichiBot } from '../../machines/riichi/seat-view.js';
import type { Seat } from '../../machines/table-events.js';
import type { Tile } from '../../rules/tiles.js';
import type { RiichiPanel } from '../riichi-core.js';
import { riichiSeatDriver } from './riichi-seat-driver.js';

const bot: RiichiBot = {
  name: 'never asked',
  onTurn: () => {
    throw new Error('a draw panel does not ask the bot');
  },
  onClaim: () => {
    throw new Error('a draw panel does not ask the bot');
  },
};
const tiles = (n: number): Tile[] => Array.from({ length: n }, (_, i) => (i % 34) as Tile);
const self = (hand: number): SeatView => ({ seat: 1, hand: tiles(hand), placed: [], wall: [] });
const table = (melds: readonly (readonly Tile[])[]): PublicTableView =>
  ({ melds: [[], melds, [], []] }) as unknown as PublicTableView;

/** A driver for seat 1 whose panel asks for a draw, under a new key at each call (as after a reboot). */
function drawingDriver(replacement = false) {
  let key = 0;
  const panel = (): RiichiPanel => ({ kind: 'draw', key: `k${key++}`, replacement });
  return riichiSeatDriver(bot, 1 as Seat, panel);
}

describe('riichi seat driver: draws', () => {
  it('draws while dealing and at its turn, but not a second tile when it holds its draw', () => {
    const driver = drawingDriver();
    expect(driver.next(table([]), self(2))).toEqual({ do: 'draw', seat: 1, from: 'live' }); // dealing
    expect(driver.next(table([]), self(13))).toEqual({ do: 'draw', seat: 1, from: 'live' }); // its turn (or the dealer's 14th)
    expect(driver.next(table([]), self(14))).toBeNull(); // asked again after a reboot: it has drawn
  });

  it('counts a meld as three tiles (a kan too) and a North set aside as none', () => {
    const pon: Tile[] = [5, 5, 5] as Tile[];
    const kan: Tile[] = [9, 9, 9, 9] as Tile[];
    const north: Tile[] = [30] as Tile[];
    const driver = drawingDriver(true);
    expect(driver.next(table([pon]), self(10))).toEqual({ do: 'draw', seat: 1, from: 'dead' });
    expect(driver.next(table([pon]), self(11))).toBeNull();
    expect(driver.next(table([kan]), self(10))).toEqual({ do: 'draw', seat: 1, from: 'dead' });
    expect(driver.next(table([kan]), self(11))).toBeNull();
    expect(driver.next(table([north]), self(13))).toEqual({ do: 'draw', seat: 1, from: 'dead' });
    expect(driver.next(table([north]), self(14))).toBeNull();
  });
});
