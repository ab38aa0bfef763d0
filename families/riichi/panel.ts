// What each seat's panel shows its player: the riichi hand as it stands, and what it waits for from that seat.
import type { Seat as RiichiSeat } from '../../rules/payments.js';
import type { Seat } from '../../table/table-events.js';
import type { HandModel } from './machines/hand-state.js';
import { claimWindow, legalClaims, legalTurnActions, seatView } from './machines/model.js';
import type { ClaimOffer, LegalClaims, LegalTurnActions, RiichiSeatView } from './machines/seat-view.js';
import { callWindowId, type CallIntent, type Calls } from './machines/table-calls.js';
import { dealSeat, dealSize, dealtTo } from './machines/deal-order.js';

/**
 * What a seat's panel shows its player (an automatic table lights the buttons that apply): the seat's own view
 * and what the hand waits for from it. `key` changes whenever the hand moves on, so a player (a seat driver)
 * acts once per key, never twice on the same moment.
 * A question answered with a button (a claim, agari-yame) also names the `decision`, which stays the same while
 * other seats move (their calls change the key), and `asked`, how many times the host has asked again since a
 * table reboot may have lost the answers in flight (riichi-seat-driver.ts presses once per decision and asks).
 */
export type RiichiPanel =
  | { readonly kind: 'wait'; readonly key: string }
  /**
   * `replacement`: the tile comes from the dead wall (after the seat's kan or North), not the live wall. `holding`:
   * the tiles the seat holds before this draw (a meld counts 3): 13 in play, fewer during the deal. A player holding
   * more has taken this tile already: after a table reboot the panel can ask again before the host hears the draw.
   */
  | { readonly kind: 'draw'; readonly key: string; readonly replacement: boolean; readonly holding: number }
  | {
      readonly kind: 'turn';
      readonly key: string;
      readonly view: RiichiSeatView;
      readonly legal: LegalTurnActions;
    }
  | {
      readonly kind: 'claim';
      readonly key: string;
      readonly view: RiichiSeatView;
      readonly offer: ClaimOffer;
      readonly legal: LegalClaims;
      readonly decision: string;
      readonly asked: number;
    }
  /**
   * The seat's announced call won the tile: it lays the meld now (with the claimed discard). `claimFrom` is the
   * table seat the tile is claimed from (`offer.from` is the machine's seat: they differ in Tenpai Race).
   */
  | {
      readonly kind: 'granted';
      readonly key: string;
      readonly call: CallIntent;
      readonly offer: ClaimOffer;
      readonly claimFrom: Seat;
    }
  /**
   * Agari-yame (`askAgariYame`): the dealer may end the game now. `points` after the hand, by machine seat;
   * `dealer` is the machine's seat (this seat). Answered with `confirm` (stop) or `pass` (play on).
   */
  | {
      readonly kind: 'agariYame';
      readonly key: string;
      readonly points: readonly number[];
      readonly dealer: RiichiSeat;
      readonly decision: string;
      readonly asked: number;
    };

/** Where a game's hand in play stands for the panels: the game machine's hand and what the core keeps beside it. */
export interface PanelMoment {
  readonly hand: HandModel;
  /** The game machine asks the dealer whether to end the game (agari-yame). */
  readonly askingAgariYame: boolean;
  /** The table seats in play, by machine seat. */
  readonly seats: readonly Seat[];
  /** The game's number and the hands dealt in it: a decision's name. */
  readonly game: number;
  readonly handsDealt: number;
  /** The panel's key (see RiichiPanel). */
  readonly key: string;
  /** Deal tiles the players have taken from the table so far. */
  readonly dealTaken: number;
  /** The call intents announced (those of an earlier claim window count for nothing). */
  readonly calls: Calls | null;
  /** Times the host asked the open questions again (RiichiPanel `asked`). */
  readonly asked: number;
}

/** What machine seat `s`'s panel shows at moment `m` (see RiichiPanel). */
export function seatPanel(m: PanelMoment, s: RiichiSeat): RiichiPanel {
  const { hand, key } = m;
  if (m.askingAgariYame)
    return s === hand.progress.dealer
      ? {
          kind: 'agariYame',
          key: `${key}:agariYame`,
          points: hand.points,
          dealer: s,
          decision: `${m.game}:${m.handsDealt}:agariYame`,
          asked: m.asked,
        }
      : { kind: 'wait', key };
  const phase = hand.phase;
  const players = m.seats.length;
  // The players take the deal the machine already made from the logical wall (riichi.md 3.3).
  if (phase.kind !== 'dealing' && m.dealTaken < dealSize(players))
    return dealSeat(hand.progress.dealer, players, m.dealTaken) === s
      ? { kind: 'draw', key, replacement: false, holding: dealtTo(hand.progress.dealer, players, m.dealTaken, s) }
      : { kind: 'wait', key };
  if (phase.kind === 'drawing' && phase.seat === s)
    return { kind: 'draw', key, replacement: phase.replacement, holding: 13 };
  if (phase.kind === 'turn' && phase.seat === s)
    return { kind: 'turn', key, view: seatView(hand, s), legal: legalTurnActions(hand, s) };
  if (phase.kind !== 'claiming') return { kind: 'wait', key };
  const window = claimWindow(hand)!;
  const offer = { tile: window.offer.tile, from: window.offer.from, addedKan: window.offer.addedKan };
  const id = callWindowId(m.handsDealt, hand, window);
  const calls = m.calls !== null && m.calls.window === id ? m.calls : null;
  if (calls !== null && calls.granted === s)
    return { kind: 'granted', key, call: calls.intents.get(s)!, offer, claimFrom: m.seats[window.offer.from]! };
  if (window.eligible.includes(s) && window.responses[s] === null && calls?.intents.has(s) !== true)
    return {
      kind: 'claim',
      key,
      view: seatView(hand, s),
      offer,
      legal: legalClaims(hand, s, window.offer),
      decision: `${m.game}:${id}`,
      asked: m.asked,
    };
  return { kind: 'wait', key };
}
