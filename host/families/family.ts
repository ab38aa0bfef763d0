// The seam a game family plugs into: what generic host code calls on a family, typed without naming one.
import type { SeatInfo, VariantView, WinBreakdown } from '../../contract/ipc-contract.js';
import type { LoggedEvent } from '../session/log-events.js';

/** A family's public-view fold: one logged record into its part of the screens' state, and the win it shows. */
export type ViewReducer = (
  view: VariantView | null,
  record: LoggedEvent,
  seats: readonly SeatInfo[],
) => { readonly view: VariantView | null; readonly win: WinBreakdown | null };
