// The replay viewer's per-variant seam (issue 12): the concealed hands a variant folds from the whole log, and its named step lines.
import type { ReplayHand, ReplayStep, SeatInfo } from '../../contract/ipc-contract.js';
import type { Seat } from '../../table/table-events.js';
import { compareTiles, formatTile, KIND_MASK, type Tile } from '../../rules/tiles.js';
import type { LogEvent, LoggedEvent } from '../session/log-events.js';

/** Every seat's concealed tiles during a hand, as a variant's hands reducer folds them (internal bookkeeping in `pending`). */
export interface HandsModel {
  /** Seats in play, in the variant's seat order (riichi seat / Minefield seat i at index i). */
  readonly seats: readonly ReplayHand[];
  /**
   * An input whose verdict follows in the next event (a draw or discard the machine may refuse, a Minefield hand
   * set before it is accepted): the seats as they were before it, to restore on a refusal.
   */
  readonly pending: {
    readonly type: string;
    readonly seat: number;
    readonly before: readonly ReplayHand[];
    readonly tiles?: readonly Tile[];
  } | null;
}

/** A variant's full-information fold: applies one whole (unredacted) logged event to the concealed hands. */
export type HandsReducer = (
  hands: HandsModel | null,
  record: LoggedEvent,
  tableSeats: readonly Seat[],
) => HandsModel | null;

/** The players' names by table seat, and the table seat of a variant's own seat numbers. */
export interface SeatNames {
  readonly tableSeat: (variantSeat: number) => Seat;
  readonly name: (tableSeat: Seat) => string;
}

/** What a step line says: its kind, whether it is a key event, who acts and the tiles it names. */
export type StepLine = Omit<ReplayStep, 'seq'>;

/**
 * A variant's step lines: the line of one event as shown (whole once its hand is over, the public form while it
 * is played, so a line never names a hidden tile), or null for an event that is not a step (a pass, an input the
 * machine turns into an outcome, a refused action, the table's own device events).
 */
export type StepDescriber = (
  event: LogEvent | Record<string, unknown>,
  names: SeatNames,
  /** The event after it (as shown), whose verdict may refuse it: a refused draw or discard is no step. */
  next?: LogEvent | Record<string, unknown>,
) => StepLine | null;

/** A seat's name as every screen writes it: the seated player's, else `Seat N` (1-based, as the scoreboard). */
export function seatNameOf(seating: readonly SeatInfo[], seat: Seat): string {
  return seating.find((s) => s.seat === seat)?.name || `Seat ${seat + 1}`;
}

export function seatNames(seating: readonly SeatInfo[], tableSeats: readonly Seat[]): SeatNames {
  return {
    tableSeat: (i) => tableSeats[i] ?? (i as Seat),
    name: (seat) => seatNameOf(seating, seat),
  };
}

/** A step's line; `tiles` only when it names some. */
export const stepLine = (
  kind: StepLine['kind'],
  key: boolean,
  text: string,
  seat: Seat | null,
  tiles?: readonly Tile[],
): StepLine => ({ kind, key, seat, text, ...(tiles === undefined ? {} : { tiles: [...tiles] }) });

/** A hand's first step: its name and who deals (both families). */
export const handStartLine = (label: string, names: SeatNames, dealer: number): StepLine =>
  stepLine('hand', true, `${label}: ${names.name(names.tableSeat(dealer))} deals`, names.tableSeat(dealer));

/** A dora indicator turned up (both families): a step, not a key event. */
export const indicatorLine = (indicator: Tile): StepLine =>
  stepLine('other', false, `Dora indicator ${formatTile(indicator)}`, null, [indicator]);

/** A discard (both families): a step, not a key event. */
export const discardLine = (names: SeatNames, seat: number, tile: Tile): StepLine =>
  stepLine(
    'discard',
    false,
    `${names.name(names.tableSeat(seat))} discards ${formatTile(tile)}`,
    names.tableSeat(seat),
    [tile],
  );

/** The seats with seat `seat` (the variant's own number) changed. */
export const withHand = (
  hands: HandsModel,
  seat: number,
  change: (hand: ReplayHand) => ReplayHand,
): ReplayHand[] => hands.seats.map((h, i) => (i === seat ? change(h) : h));

/** The concealed tiles sorted (red five with its kind), the drawn tile kept apart. */
export const sortedHand = (seat: Seat, tiles: readonly Tile[], drawn: Tile | null = null): ReplayHand => ({
  seat,
  concealed: [...tiles].sort(compareTiles),
  drawn,
});

/** `tiles` without one copy of each of `remove` (the exact tile, else one of its kind when the log's red flag differs). */
export function withoutTiles(tiles: readonly Tile[], remove: readonly Tile[]): Tile[] {
  const out = [...tiles];
  for (const tile of remove) {
    let i = out.indexOf(tile);
    if (i < 0) i = out.findIndex((t) => (t & KIND_MASK) === (tile & KIND_MASK));
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

/**
 * What a variant brings to the replay viewer (host/families/registry.ts `replay`): its hands fold, its step lines, the
 * one-line result of a hand's ending and the name of a hand from its `hand.started`.
 */
export interface VariantReplay {
  readonly hands: HandsReducer;
  readonly line: StepDescriber;
  readonly result: (event: LogEvent, names: SeatNames) => string | null;
  readonly label: (event: LogEvent) => string | null;
}

/** Points as the replay's step lines write them: grouped thousands. */
export const fmtPoints = (points: number): string => points.toLocaleString('en-US');
