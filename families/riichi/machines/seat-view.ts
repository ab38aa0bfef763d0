// What one riichi-family seat knows and may do: the contract between the hand machine and the seat brains (bots, UI).
import type { Meld, Wind } from '../../../rules/hand.js';
import type { RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import type { Tile, TileKind } from '../../../rules/tiles.js';

/** A discard in a pond, as everyone saw it. */
export interface PondTile {
  readonly tile: Tile;
  /** Turned sideways: the seat's riichi declaration discard. */
  readonly riichi: boolean;
  /** Taken by a call (it now sits in the caller's meld); still counts for the discarder's furiten. */
  readonly called: boolean;
  /** Discarded straight after drawing it (tsumogiri); public at a real table. */
  readonly drawnAndDiscarded: boolean;
}

/**
 * One seat's view: its own concealed tiles plus everything public. Never another seat's concealed tiles, the
 * wall order or the ura indicators: a bot sees exactly what a player at the table sees.
 * Per-seat arrays are indexed by seat and have `players` entries.
 */
export interface RiichiSeatView {
  readonly seat: Seat;
  readonly players: 2 | 3 | 4;
  readonly options: RuleOptions;
  readonly roundWind: Wind;
  readonly seatWinds: readonly Wind[];
  readonly dealer: Seat;
  readonly honba: number;
  /** Riichi sticks on the table (deposits), in sticks of 1,000. */
  readonly deposits: number;
  readonly points: readonly number[];
  /** This seat's concealed tiles, the drawn tile included while it is this seat's turn. */
  readonly concealed: readonly Tile[];
  /** The tile this seat just drew (live or replacement), null after a call or outside its turn. */
  readonly drawn: Tile | null;
  readonly melds: readonly (readonly Meld[])[];
  readonly ponds: readonly (readonly PondTile[])[];
  /** Sanma: norths each seat has set aside. */
  readonly norths: readonly number[];
  /** Seats in riichi, and whether theirs was a double riichi. */
  readonly riichi: readonly ('none' | 'riichi' | 'double')[];
  readonly doraIndicators: readonly Tile[];
  /** Tiles left to draw from the live wall. */
  readonly liveTilesLeft: number;
  /** The seat's own furiten (it knows its own waits and discards). */
  readonly furiten: boolean;
}

/** What the seat may do on its own turn (after a draw or a call). The machine computes it from rules/. */
export interface LegalTurnActions {
  readonly tsumo: boolean;
  /** Tiles it may discard (kuikae removed after a call). */
  readonly discards: readonly Tile[];
  /** Discards that may carry a riichi declaration (empty when riichi is not allowed). */
  readonly riichiDiscards: readonly Tile[];
  /** Closed kans (a tile of the kind) and added kans (the added tile) it may declare now. */
  readonly closedKans: readonly Tile[];
  readonly addedKans: readonly Tile[];
  /** Sanma: may set a North aside now. */
  readonly north: boolean;
  /** Nine terminals may be declared (abortive draw). */
  readonly nineTerminals: boolean;
}

export type TurnDecision =
  | { readonly type: 'tsumo' }
  | { readonly type: 'discard'; readonly tile: Tile; readonly riichi: boolean }
  | { readonly type: 'closedKan'; readonly tile: Tile }
  | { readonly type: 'addedKan'; readonly tile: Tile }
  | { readonly type: 'north' }
  | { readonly type: 'nineTerminals' };

/** What the seat may do about another seat's discard (or an added kan's tile, where only ron is offered). */
export interface LegalClaims {
  readonly ron: boolean;
  /** Each option lists the tiles from the caller's hand (2 for chi and pon, 3 for an open kan). */
  readonly pon: readonly (readonly Tile[])[];
  readonly openKan: readonly (readonly Tile[])[];
  readonly chi: readonly (readonly Tile[])[];
}

export type ClaimDecision =
  | { readonly type: 'pass' }
  | { readonly type: 'ron' }
  | { readonly type: 'pon'; readonly tiles: readonly Tile[] }
  | { readonly type: 'openKan'; readonly tiles: readonly Tile[] }
  | { readonly type: 'chi'; readonly tiles: readonly Tile[] };

/** The claim being offered: the tile, who let it go, and whether it is a robbed added kan (chankan). */
export interface ClaimOffer {
  readonly tile: Tile;
  readonly from: Seat;
  readonly addedKan: boolean;
}

/** Tenpai Race Stage B, the public part (roles, the defender's guesses, the attacker's shown draws); never his waits. */
export interface StageBView {
  readonly attacker: Seat;
  readonly defender: Seat;
  readonly byRiichi: boolean;
  readonly guesses: readonly (readonly [TileKind, TileKind])[];
  readonly shown: readonly Tile[];
}

/**
 * A pluggable seat brain: pure decisions from its view and the legal actions. It must return one of the
 * legal actions (the machine refuses anything else, as it refuses a player at the table).
 */
export interface RiichiBot {
  readonly name: string;
  onTurn(view: RiichiSeatView, legal: LegalTurnActions): TurnDecision;
  onClaim(view: RiichiSeatView, offer: ClaimOffer, legal: LegalClaims): ClaimDecision;
  /**
   * Tenpai Race (V2.1 item 5): asked right after its own discard, only when the entry is legal (tenpai, not
   * furiten), whether to start Stage B. Absent: never.
   */
  startsStageB?(view: RiichiSeatView): boolean;
  /** Tenpai Race Stage B prototype (V2.2): the defender's two distinct kinds. */
  onStageBGuess?(view: RiichiSeatView, stageB: StageBView): readonly [TileKind, TileKind];
}
