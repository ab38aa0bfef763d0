// What the hand is waiting for, and how a seat brain's decision or the table's next draw becomes a machine input.
import type { Seat } from '../../../rules/payments.js';
import { NORTH, tileKind, type Tile } from '../../../rules/tiles.js';
import type { RiichiInput } from './events.js';
import {
  claimWindow,
  expectedDraw,
  legalClaims,
  legalTurnActions,
  type HandModel,
  type Offer,
} from './model.js';
import type { ClaimDecision, LegalClaims, LegalTurnActions, TurnDecision } from './seat-view.js';

/** Who the hand waits for now. `claim` lists the seats still to answer (each with its legal claims). */
export type Awaiting =
  | { readonly kind: 'wall' }
  | { readonly kind: 'draw'; readonly seat: Seat }
  | { readonly kind: 'turn'; readonly seat: Seat; readonly legal: LegalTurnActions }
  | {
      readonly kind: 'claim';
      readonly offer: Offer;
      readonly seats: readonly { readonly seat: Seat; readonly legal: LegalClaims }[];
    }
  /** Tenpai Race Stage B prototype: the defender names two kinds (`seat.stageBGuessed`). */
  | { readonly kind: 'stageBGuess'; readonly seat: Seat }
  /** Tenpai Race Stage B, option off: the operator records the result (`operator.stageBSettled`). */
  | { readonly kind: 'stageBSettlement' }
  | { readonly kind: 'none' };

export function awaiting(hand: HandModel): Awaiting {
  const phase = hand.phase;
  switch (phase.kind) {
    case 'dealing':
      return { kind: 'wall' };
    case 'drawing':
      return { kind: 'draw', seat: phase.seat };
    case 'turn':
      return { kind: 'turn', seat: phase.seat, legal: legalTurnActions(hand, phase.seat) };
    case 'claiming': {
      const w = claimWindow(hand)!;
      const seats = w.eligible
        .filter((s) => w.responses[s] === null)
        .map((seat) => ({ seat, legal: legalClaims(hand, seat, w.offer) }));
      return { kind: 'claim', offer: w.offer, seats };
    }
    case 'stageB':
      if (phase.step === 'settling') return { kind: 'stageBSettlement' };
      return phase.step === 'guessing'
        ? { kind: 'stageBGuess', seat: hand.stageB!.defender }
        : { kind: 'draw', seat: hand.stageB!.attacker };
    case 'over':
      return { kind: 'none' };
  }
}

/** The `seat.drew` the table reports for the next tile (the wall model knows which it is), or null. */
export function drawInputFor(hand: HandModel): RiichiInput | null {
  const tile = expectedDraw(hand);
  if (tile === null) return null;
  if (hand.phase.kind === 'drawing') return { type: 'seat.drew', seat: hand.phase.seat, tile };
  // Tenpai Race Stage B prototype: the attacker's draw.
  return hand.phase.kind === 'stageB' && hand.stageB !== null
    ? { type: 'seat.drew', seat: hand.stageB.attacker, tile }
    : null;
}

/** The input a seat sends for a bot's (or a player's) turn or claim decision (families/riichi/machines/seat-view.ts). */
export function tableInputsFor(seat: Seat, decision: TurnDecision | ClaimDecision): RiichiInput {
  switch (decision.type) {
    case 'tsumo':
      return { type: 'seat.tsumoDeclared', seat };
    case 'discard':
      return { type: 'seat.discarded', seat, tile: decision.tile, riichi: decision.riichi };
    case 'closedKan':
      return { type: 'seat.closedKanDeclared', seat, tile: decision.tile };
    case 'addedKan':
      return { type: 'seat.addedKanDeclared', seat, tile: decision.tile };
    case 'north':
      return { type: 'seat.northDeclared', seat };
    case 'nineTerminals':
      return { type: 'seat.nineTerminalsDeclared', seat };
    case 'pass':
      return { type: 'seat.passed', seat };
    case 'ron':
      return { type: 'seat.ronDeclared', seat };
    case 'pon':
      return { type: 'seat.ponDeclared', seat, tiles: [...decision.tiles] };
    case 'chi':
      return { type: 'seat.chiDeclared', seat, tiles: [...decision.tiles] };
    case 'openKan':
      return { type: 'seat.openKanDeclared', seat, tiles: [...decision.tiles] };
  }
}

/**
 * The input a meld the seat laid on the table stands for: in a claim window, its granted call with the claimed
 * discard (three of its own: an open kan; two alike with the discard: a pon; else a chi); on its turn, a kan or a
 * North from its hand (four alike: a closed kan; one tile: an added kan, or in Sanma (`northSetAside`) a North set
 * aside). Null when the meld fits none of them.
 */
export function meldInput(hand: HandModel, seat: Seat, tiles: readonly Tile[], northSetAside: boolean): RiichiInput | null {
  const window = claimWindow(hand);
  if (window !== null) {
    const at = tiles.indexOf(window.offer.tile);
    if (at < 0) return null;
    const own = tiles.filter((_, i) => i !== at);
    if (own.length === 3) return { type: 'seat.openKanDeclared', seat, tiles: own };
    if (own.length !== 2) return null;
    const same = tileKind(own[0]!) === tileKind(own[1]!) && tileKind(own[0]!) === tileKind(window.offer.tile);
    return same ? { type: 'seat.ponDeclared', seat, tiles: own } : { type: 'seat.chiDeclared', seat, tiles: own };
  }
  if (hand.phase.kind !== 'turn' || hand.phase.seat !== seat) return null;
  if (tiles.length === 4 && tiles.every((t) => tileKind(t) === tileKind(tiles[0]!)))
    return { type: 'seat.closedKanDeclared', seat, tile: tiles[0]! };
  if (tiles.length !== 1) return null;
  if (northSetAside && tileKind(tiles[0]!) === NORTH) return { type: 'seat.northDeclared', seat };
  return { type: 'seat.addedKanDeclared', seat, tile: tiles[0]! };
}
