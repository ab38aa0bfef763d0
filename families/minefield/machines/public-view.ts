// What screens may see of a Minefield game (publicView), and what one seat may see of its own hand (seatView).
import type { StateValue } from 'xstate';
import type { Tile, TileKind } from '../../../rules/tiles.js';
import { opponentOf, type MinefieldSeat } from './events.js';
import { STOCK_TILES, type FuritenCause, type Pair, type WinJudgement } from './model.js';
import type { HandResult, MinefieldContext } from './setup.js';

export type MinefieldPhase = 'walling' | 'flippingDora' | 'settingHands' | 'awaitingDiscard' | 'lastClaim' | 'won' | 'drawn' | 'over';

/** The machine snapshot fields the views read (an xstate snapshot of minefieldGameMachine fits). */
export interface MinefieldSnapshotLike {
  readonly value: StateValue;
  readonly context: MinefieldContext;
}

/**
 * The public state of a game: everything a scoreboard may show. Never the walls, the hands, the waits,
 * the furiten state, the under-dora (until a win reveals it in `lastResult`) or what a refusal was about.
 */
export interface MinefieldPublicView {
  readonly phase: MinefieldPhase;
  readonly handNumber: number;
  readonly dealer: MinefieldSeat;
  readonly ante: number;
  readonly antePeak: number;
  readonly points: Pair<number>;
  readonly doraIndicator: Tile | null;
  readonly handsSet: Pair<boolean>;
  readonly discards: Pair<readonly Tile[]>;
  /** Tiles still in each stock (21 minus discards) once the hands are set. */
  readonly stockLeft: Pair<number>;
  readonly riichi: Pair<boolean>;
  /** Whose discard or claim it is while discarding. */
  readonly turn: MinefieldSeat | null;
  /** The last finished hand: a win shows the winner's hand and the under-dora; a draw shows nothing. */
  readonly lastResult: HandResult | null;
  readonly ended: MinefieldContext['ended'];
}

export function phaseOf(value: StateValue): MinefieldPhase {
  if (typeof value === 'string') return value === 'over' ? 'over' : 'walling';
  const hand = (value as { hand?: StateValue }).hand;
  if (typeof hand === 'string') return hand as MinefieldPhase;
  const discarding = (hand as { discarding?: string } | undefined)?.discarding;
  return discarding === 'lastClaim' ? 'lastClaim' : 'awaitingDiscard';
}

/** Pure projection; a test proves it does not change when any secret field changes (test/machines). */
export function publicView(snapshot: MinefieldSnapshotLike): MinefieldPublicView {
  const { context } = snapshot;
  const hand = context.hand;
  const phase = phaseOf(snapshot.value);
  const handsSet: Pair<boolean> = [hand.hands[0] !== null, hand.hands[1] !== null];
  return {
    phase,
    handNumber: context.handNumber,
    dealer: context.dealer,
    ante: context.ante,
    antePeak: context.antePeak,
    points: [context.points[0], context.points[1]],
    doraIndicator: hand.doraIndicator,
    handsSet,
    discards: [[...hand.discards[0]], [...hand.discards[1]]],
    stockLeft: [handsSet[0] ? STOCK_TILES - hand.discards[0].length : 0, handsSet[1] ? STOCK_TILES - hand.discards[1].length : 0],
    riichi: [hand.discards[0].length > 0, hand.discards[1].length > 0],
    turn: phase === 'awaitingDiscard' || phase === 'lastClaim' ? hand.turn : null,
    lastResult: context.lastResult,
    ended: context.ended,
  };
}

/** What one seat knows privately: its wall, its hand, waits, furiten, and whether it may win now. */
export interface MinefieldSeatView {
  readonly seat: MinefieldSeat;
  readonly isDealer: boolean;
  readonly wall: readonly Tile[] | null;
  readonly hand: readonly Tile[] | null;
  readonly stock: readonly Tile[];
  readonly waits: readonly TileKind[];
  readonly furiten: FuritenCause | null;
  /** Whether this seat may win on the opponent's last discard, when it completes the hand (see `claimOf`). */
  readonly claim: SeatClaim | null;
  readonly ownDiscards: readonly Tile[];
  readonly opponentDiscards: readonly Tile[];
  readonly doraIndicator: Tile | null;
}

/**
 * What a player may know about a completing tile: legal or not, and why not. Never the value: the rules'
 * judgement counts the under-dora, which stays secret until a win turns it over.
 */
export type SeatClaim = { readonly legal: true } | { readonly legal: false; readonly code: string };

export const claimOf = (judgement: WinJudgement | null): SeatClaim | null =>
  judgement === null ? null : judgement.ok ? { legal: true } : { legal: false, code: judgement.code };

export function seatView(snapshot: MinefieldSnapshotLike, seat: MinefieldSeat): MinefieldSeatView {
  const { context } = snapshot;
  const hand = context.hand;
  return {
    seat,
    isDealer: context.dealer === seat,
    wall: hand.walls?.[seat] ?? null,
    hand: hand.hands[seat],
    stock: hand.stocks[seat],
    waits: hand.waits[seat],
    furiten: hand.furiten[seat],
    claim: hand.lastDiscard?.seat === opponentOf(seat) ? claimOf(hand.offers[seat]) : null,
    ownDiscards: hand.discards[seat],
    opponentDiscards: hand.discards[opponentOf(seat)],
    doraIndicator: hand.doraIndicator,
  };
}
