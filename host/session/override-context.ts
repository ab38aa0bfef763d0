// What an operator override is checked against (issue 7), and the checks every variant's overrides share: the seat
// is in play, a hand is being played. The host's generic dispatch (operator-overrides.ts) and a family's own
// overrides (VariantOverrides, host/families/family.ts) both build on it.
import type { ChomboTriggerId } from '../../contract/ipc-contract.js';
import type { Seat, SeatButton } from '../../table/table-events.js';
import { ok } from '../../rules/result.js';
import { hostFail, type HostResult } from '../errors.js';
import type { HostEvent } from './log-events.js';

export type ButtonEntered = Extract<HostEvent, { type: 'operator.buttonEntered' }>;
export type ChomboDeclared = Extract<HostEvent, { type: 'operator.chomboDeclared' }>;
export type DeadHandDeclared = Extract<HostEvent, { type: 'operator.deadHandDeclared' }>;
export type StageBSettled = Extract<HostEvent, { type: 'operator.stageBSettled' }>;
export type OperatorOverride = ButtonEntered | ChomboDeclared | DeadHandDeclared | StageBSettled;

/** What the checks need to know of the running session (the Host gathers it). */
export interface OverrideContext {
  readonly sessionId: number;
  readonly variant: string;
  readonly preset: string;
  /** The variant's table seats in machine order (machine seat i sits at tableSeats[i]). */
  readonly tableSeats: readonly Seat[];
  /** Table seats with a player (host.sessionOpened). */
  readonly seated: readonly Seat[];
  /** A hand is being played (dealt and not over). */
  readonly handInPlay: boolean;
  /** Table seats whose hand is already dead in this hand (the variant reads them from its public view). */
  readonly deadSeats: readonly Seat[];
  /** A Stage B started and waits for the operator's result (the variant reads it from its public view). */
  readonly stageBWaiting?: boolean;
}

/** A chombo as the console asks for it (variants.md V6.2). */
export interface ChomboRequest {
  readonly seat: Seat;
  readonly trigger: ChomboTriggerId;
  readonly operator: string;
}

/** A dead hand as the console asks for it (variants.md V6.3). */
export interface DeadHandRequest {
  readonly seat: Seat;
  readonly operator: string;
  readonly reason: string;
}

/** The operator's Stage B result as the console sends it: table seats, each seat's points moved. */
export interface StageBSettlementRequest {
  readonly winner: Seat | null;
  readonly deltas: readonly { readonly seat: Seat; readonly points: number }[];
  readonly operator: string;
  readonly reason: string;
}

/** A missed press as the console enters it. */
export interface ButtonRequest {
  readonly seat: Seat;
  readonly button: SeatButton;
  readonly operator: string;
  readonly reason: string;
}

const WIND = ['East', 'South', 'West', 'North'] as const;
export const seatText = (seat: Seat): string => `seat ${seat} (${WIND[seat]})`;

/** The machine seat of a table seat that is seated in the session, or why it is not in play. */
export function seatInPlay(context: OverrideContext, seat: Seat): HostResult<number> {
  const index = context.tableSeats.indexOf(seat);
  if (index < 0 || !context.seated.includes(seat))
    return hostFail(
      'seat_not_in_play',
      `${seatText(seat)} is not seated in session ${context.sessionId} (${context.variant} plays seats ${context.tableSeats.join(', ')})`,
    );
  return ok(index);
}

/** Refuses `what` unless a hand is being played. */
export function handInPlay(context: OverrideContext, what: string): HostResult<void> {
  return context.handInPlay
    ? ok(undefined)
    : hostFail(
        'no_hand_in_play',
        `no hand is being played in session ${context.sessionId}: ${what} applies to a hand in play`,
      );
}
