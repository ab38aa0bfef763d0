// The riichi family's reconcile notice on the table status: a mismatch after a link loss (core.ts derives
// `reconcile.mismatch` from a snapshot it cannot replay) waits there for the operator; a new hand clears it.
import { isRiichiView, type VariantView } from '../../contract/ipc-contract.js';
import type { ReconcileNotice } from '../../host/families/family.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { RECONCILE_CHECK } from './reconcile.js';

/** The notice after `record` (`view`: the public view before it). The event names a riichi seat: the view's seats give its table seat. */
export function riichiReconcileNotice(
  notice: ReconcileNotice,
  record: LoggedEvent,
  view: VariantView | null,
): ReconcileNotice {
  if (record.event.type === 'hand.started') return notice ? null : notice;
  const event = record.event;
  if (event.type !== 'reconcile.mismatch') return notice;
  const seat = (isRiichiView(view) ? view.seats[event.seat]?.seat : undefined) ?? event.seat;
  return { code: event.code, seat, message: event.message, check: RECONCILE_CHECK[event.code] };
}
