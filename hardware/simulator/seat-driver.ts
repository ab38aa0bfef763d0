// The interface bots implement to play a seat at the simulated table, and the views they are given.
import type { Tile } from '../../rules/tiles.js';
import type { Dice, LidState, Seat, Sticks, TableMode, TablePhase } from '../../table/table-events.js';
import type { PhysicalAction } from './actions.js';
import type { LampState, TableWireEvent } from './table-model.js';

/** What anyone standing at the table can see. Per-seat arrays are indexed by Seat (length 4). */
export interface PublicTableView {
  readonly mode: TableMode | null;
  readonly phase: TablePhase;
  readonly dice: Dice | null;
  /** The flipped dora indicator, or null before it is flipped. */
  readonly dora: Tile | null;
  /** The ura indicator once revealed, else null. */
  readonly ura: Tile | null;
  readonly lid: LidState;
  readonly discards: readonly (readonly Tile[])[];
  readonly melds: readonly (readonly (readonly Tile[])[])[];
  /** Tiles each seat has set up as its hand (Minefield: the count only; the tiles are secret). */
  readonly handsPlaced: readonly number[];
  /** The lamps the host lit: whose turn it is, who deals, who declared riichi. */
  readonly lamps: readonly Readonly<LampState>[];
  readonly displays: readonly number[];
  readonly sticks: readonly Sticks[];
  /** The last event the table reported, and how many it has reported since boot. */
  readonly lastEvent: TableWireEvent | null;
  readonly eventCount: number;
}

/** What only the player in `seat` can see. */
export interface SeatView {
  readonly seat: Seat;
  /** Tiles in hand (dealt and drawn; Minefield: the stock left of the player's own wall, hand excluded). */
  readonly hand: readonly Tile[];
  /** Minefield: the 13 tiles the player set up as its hand (empty before placeHand). */
  readonly placed: readonly Tile[];
  /** The seat's wall as built (Minefield: its private 34 tiles). */
  readonly wall: readonly Tile[];
}

/**
 * Plays one seat. The simulator asks every driver after each change at the table (an event reported, a lamp
 * lit, a command run); a driver answers with the physical action its player takes now, or null to wait for
 * the next change. Drivers must be deterministic given their views (and their own seed), so seeded runs
 * replay exactly; they must not keep references to the views (they are rebuilt for each call).
 * An action the table cannot perform (a tile not in hand) is refused and the seat is asked again only after
 * the next change.
 */
export interface SeatDriver {
  next(table: PublicTableView, self: SeatView): PhysicalAction | null;
}
