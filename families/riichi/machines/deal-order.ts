// The deal as the players take it from the table: the machine dealt the tiles at hand.wallBuilt, the seats take
// them in order (riichi.md 3.3), and a snapshot's standing walls tell how many tiles the table has given out.
import type { Seat } from '../../../rules/payments.js';
import type { TableSnapshot } from '../../../table/table-events.js';
import type { HandModel } from './hand-state.js';

/** Tiles taken from the wall for the deal: 13 per seat and the dealer's 14th (his first draw). */
export const dealSize = (players: number): number => 13 * players + 1;

/**
 * Who takes deal tile `taken` (0 the first): from the dealer round the table, 4 tiles three times, then 1 each,
 * then the dealer's 14th.
 */
export function dealSeat(dealer: Seat, players: number, taken: number): Seat {
  const offset = taken < 12 * players ? Math.floor(taken / 4) % players : taken < 13 * players ? taken - 12 * players : 0;
  return ((dealer + offset) % players) as Seat;
}

/** The deal tiles seat `seat` has taken of the first `taken`. */
export function dealtTo(dealer: Seat, players: number, taken: number, seat: Seat): number {
  let dealt = 0;
  for (let i = 0; i < taken; i++) if (dealSeat(dealer, players, i) === seat) dealt++;
  return dealt;
}

/**
 * Tiles taken from the walls that the host never heard of (a rebooted table lost their events), from the
 * snapshot's standing walls: taken on the table = the set − the indicators turned − the tiles standing; known to the
 * host = what the machine took from its wall (its deal, draws and replacements: the set − 14 − the live wall) less
 * the deal tiles the players have not taken yet (`dealLeft`). Example (standard4, deal done, 10 draws):
 * 136 − 1 − 72 = 63 on the table, 136 − 14 − 59 = 63 known: none missed. Null before the hand's indicator is up.
 */
export function missedTiles(hand: HandModel, snapshot: TableSnapshot, tileSet: number, dealLeft: number): number | null {
  if (hand.phase.kind === 'dealing' || hand.phase.kind === 'over' || snapshot.dora === null) return null;
  const standing = snapshot.wallRemaining.reduce((a, b) => a + b, 0);
  const onTable = tileSet - 1 - (snapshot.kanDora?.length ?? 0) - standing;
  const known = tileSet - 14 - hand.live.length - dealLeft;
  return onTable - known;
}
