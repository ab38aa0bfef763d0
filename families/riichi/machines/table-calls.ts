// Calls announced with the table's buttons: a seat presses chi, pon or kan in a claim window and the table grants
// the tile once every seat still to answer has announced (riichi.md 4.3).
import type { Seat } from '../../../rules/payments.js';
import type { ClaimWindow, HandModel } from './hand-state.js';
import type { LegalClaims } from './seat-view.js';

/** A call a seat announced with its button; the meld itself is laid once the table grants it the tile. */
export type CallIntent = 'chi' | 'pon' | 'kan';

/** The claim window the call intents belong to (its offer and the hand's move count when it opened). */
export interface Calls {
  readonly window: string;
  readonly intents: Map<Seat, CallIntent>;
  granted: Seat | null;
  /** The table decided between the announced calls (granted one, or a ron beat them all). */
  decided: boolean;
}

/** Pon and kan beat chi (riichi.md 4.3). */
const RANK: Record<CallIntent, number> = { kan: 2, pon: 2, chi: 1 };

/**
 * Names the hand's claim window `window` (hand number `hand` of the game): a window is new when another discard,
 * kan or offer opened it, so the intents announced in the last one do not carry over.
 */
export function callWindowId(hand: number, model: HandModel, window: ClaimWindow): string {
  return `${hand}:${window.offer.from}:${window.offer.kind}:${model.discardCount.join(',')}:${model.kanOwners.length}`;
}

/** Whether the seat's legal claims allow the call its button announced. */
export function callPossible(legal: LegalClaims, call: CallIntent): boolean {
  if (call === 'chi') return legal.chi.length > 0;
  if (call === 'pon') return legal.pon.length > 0;
  return legal.openKan.length > 0;
}

/**
 * The table's grant once every seat still to answer has announced a call (null before): a ron already declared
 * beats them all (`granted` null), else pon or kan beats chi, the first announced of a rank first; the others
 * (`losers`) pass (a call given up leaves no furiten).
 */
export function grantCall(
  window: ClaimWindow,
  intents: ReadonlyMap<Seat, CallIntent>,
): { readonly granted: Seat | null; readonly losers: readonly Seat[] } | null {
  if (intents.size === 0) return null;
  const open = window.eligible.filter((s) => window.responses[s] === null);
  if (!open.every((s) => intents.has(s))) return null;
  const ron = window.responses.some((r) => r?.type === 'ron');
  let best: Seat | null = null;
  if (!ron)
    for (const [seat, call] of intents) if (best === null || RANK[call] > RANK[intents.get(best)!]) best = seat;
  return { granted: best, losers: [...intents.keys()].filter((s) => s !== best) };
}
