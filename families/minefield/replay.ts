// Minefield's part of the replay viewer (issue 12): each seat's 13-tile hand and the stock it discards from, and the named step lines.
import { minefieldEvent, type MinefieldLogEvent } from './log.js';
import type { Seat } from '../../table/table-events.js';
import { sortTiles, type Tile } from '../../rules/tiles.js';
import {
  discardLine,
  handStartLine,
  fmtPoints,
  indicatorLine,
  withHand,
  stepLine,
  withoutTiles,
  type HandsModel,
  type HandsReducer,
  type SeatNames,
  type StepDescriber,
} from '../../host/replay/replay-hands.js';

/**
 * Minefield's hands reducer: each seat's wall is its stock until the seat sets its 13-tile hand from it (V1.1);
 * discards leave the stock. A hand is taken once accepted (`seat.handAccepted` after its `seat.handSet`); a discard
 * the machine refuses (`seat.discardRejected` right after it) is taken back.
 */
export const minefieldHandsReducer: HandsReducer = (hands, record, tableSeats) => {
  const event = minefieldEvent(record.event);
  if (event.type === 'hand.started')
    return {
      seats: tableSeats.slice(0, 2).map((seat) => ({ seat, concealed: [], drawn: null, stock: [] })),
      pending: null,
    };
  if (hands === null) return null;
  const pending = hands.pending;
  const settled: HandsModel = pending === null ? hands : { ...hands, pending: null };
  switch (event.type) {
    case 'hand.wallsBuilt':
      return {
        seats: settled.seats.map((h, i) => ({
          ...h,
          concealed: [],
          stock: sortTiles(event.walls[i] as Tile[]),
        })),
        pending: null,
      };
    case 'seat.handSet':
      return {
        ...settled,
        pending: { type: event.type, seat: event.seat, before: settled.seats, tiles: event.tiles as Tile[] },
      };
    case 'seat.handAccepted': {
      if (pending?.type !== 'seat.handSet' || pending.seat !== event.seat) return settled;
      const tiles = pending.tiles ?? [];
      return {
        seats: withHand(settled, event.seat, (h) => ({
          ...h,
          concealed: sortTiles(tiles),
          stock: withoutTiles(h.stock ?? [], tiles),
        })),
        pending: null,
      };
    }
    case 'seat.discarded':
      return {
        seats: withHand(settled, event.seat, (h) => ({
          ...h,
          stock: withoutTiles(h.stock ?? [], [event.tile as Tile]),
        })),
        pending: { type: event.type, seat: event.seat, before: settled.seats },
      };
    case 'seat.discardRejected':
      return {
        seats:
          pending?.type === 'seat.discarded' && pending.seat === event.seat ? pending.before : hands.seats,
        pending: null,
      };
    default:
      return settled;
  }
};

/** The one-line result of a Minefield hand (the picker and the timeline alike), or null for another event. */
export function minefieldResultText(event: MinefieldLogEvent, names: SeatNames): string | null {
  const name = (s: number): string => names.name(names.tableSeat(s));
  switch (event.type) {
    case 'hand.won': {
      const value =
        event.han === null
          ? event.limit
          : `${event.limit}, ${event.han} han${event.fu === null ? '' : ` ${event.fu} fu`}`;
      // V1.5: the loser pays the hand's ante times the limit's multiplier.
      return `${name(event.seat)} wins off ${name(event.from)}: ${value}; pays ${fmtPoints(event.payment)} (ante × ${event.multiplier})`;
    }
    case 'hand.drawn':
      return `Drawn: nobody won; the ante doubles to ${fmtPoints(event.nextAnte)}`;
    default:
      return null;
  }
}

/** The name of a Minefield hand: `Hand 3 · ante 2,000`. */
export const minefieldHandLabel = (hand: number, ante: number): string =>
  `Hand ${hand} · ante ${fmtPoints(ante)}`;

/** Minefield's step lines (see StepDescriber). Riichi is declared with every seat's first discard (V1.1), so it is no key event. */
export const minefieldStepLine: StepDescriber = (shown, names, next) => {
  const event = shown as MinefieldLogEvent;
  const seatOf = (s: number): Seat => names.tableSeat(s);
  const name = (s: number): string => names.name(seatOf(s));
  const result = minefieldResultText(event, names);
  switch (event.type) {
    case 'hand.started':
      return handStartLine(minefieldHandLabel(event.hand, event.ante), names, event.dealer);
    case 'hand.wallsBuilt':
      return stepLine('other', false, 'Walls built', null);
    case 'hand.doraFlipped':
      return indicatorLine(event.indicator as Tile);
    case 'seat.handAccepted':
      return stepLine('other', false, `${name(event.seat)} sets a hand`, seatOf(event.seat));
    case 'hand.playStarted':
      return stepLine('other', false, 'Play starts', null);
    case 'seat.discarded': {
      const n = next as { type?: string; seat?: number } | undefined;
      if (n?.type === 'seat.discardRejected' && n.seat === event.seat) return null;
      return discardLine(names, event.seat, event.tile as Tile);
    }
    case 'win.refused':
      return stepLine('call', true, `${name(event.seat)}'s ron is refused`, seatOf(event.seat));
    case 'hand.won':
      return stepLine('win', true, result!, seatOf(event.seat), [event.tile as Tile]);
    case 'hand.drawn':
      return stepLine('draw', true, result!, null);
    case 'game.ended':
      return stepLine(
        'hand',
        true,
        `Game over: ${name(event.loser)} ${event.reason === 'out_of_points' ? 'is out of points' : 'cannot pay the ante'}; ${name(0)} ${fmtPoints(event.points[0])}, ${name(1)} ${fmtPoints(event.points[1])}`,
        null,
      );
    default:
      return null;
  }
};
