// How the screens write points and name seats: shared by every family's board and the generic panels.
import type { PublicState } from '../../../contract/ipc-contract.js';
import type { Seat } from '../../../table/table-events.js';

export const fmt = (points: number): string => points.toLocaleString('en-US');
export const signed = (points: number): string =>
  points > 0 ? `+${fmt(points)}` : points < 0 ? `−${fmt(-points)}` : '±0';

export function seatName(state: PublicState, seat: Seat): string {
  return state.seats.find((info) => info.seat === seat)?.name || `Seat ${seat + 1}`;
}
