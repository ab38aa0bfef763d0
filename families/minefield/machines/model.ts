// Minefield hand and game state as plain data, with the pure updates the machine's actions apply.
import { KIND_COUNT, tileKind, type Tile, type TileKind } from '../../../rules/tiles.js';
import type { Result } from '../../../rules/result.js';
import { MINEFIELD_DISCARDS_PER_PLAYER } from '../../../rules/variants/minefield-points.js';
import type { MinefieldWin } from '../../../rules/variants/minefield.js';
import { opponentOf, type MinefieldSeat } from './events.js';

/** Tiles in each player's wall, tiles in a hand, discards allowed per player (V1.1, V1.2). */
export const WALL_TILES = 34;
export const HAND_TILES = 13;
export const STOCK_TILES = WALL_TILES - HAND_TILES; // 21
export const MAX_DISCARDS = MINEFIELD_DISCARDS_PER_PLAYER;
export const UNUSED_TILES = 136 - 2 * WALL_TILES; // 68

export type Pair<T> = readonly [T, T];
export const pairOf = <T>(make: () => T): Pair<T> => [make(), make()];
export const withSeat = <T>(pair: Pair<T>, seat: MinefieldSeat, value: T): Pair<T> => (seat === 0 ? [value, pair[1]] : [pair[0], value]);

/**
 * What the rules (rules/variants/minefield.ts `checkMinefieldWin`) said about the opponent's last discard
 * for a seat whose wait it is: a legal win with its value, or `furiten` / `below_mangan`.
 */
export type WinJudgement = Result<MinefieldWin>;

export type FuritenCause = 'ownDiscard' | 'declinedWin' | 'belowMangan';

/**
 * One hand. Secret fields (walls, unused, underIndicator, hands, waits, furiten, offers) never reach the
 * public view (public-view.ts). Stocks are what is left of each wall once the hand is taken out.
 */
export interface HandModel {
  readonly walls: Pair<readonly Tile[]> | null;
  readonly unused: readonly Tile[] | null;
  readonly doraIndicator: Tile | null;
  readonly underIndicator: Tile | null;
  readonly hands: Pair<readonly Tile[] | null>;
  /** Kinds that complete each hand, whatever their value (M4: furiten counts every wait). */
  readonly waits: Pair<readonly TileKind[]>;
  readonly stocks: Pair<readonly Tile[]>;
  readonly discards: Pair<readonly Tile[]>;
  /** Why each seat is furiten (the first cause), or null (V1.3 item 2; M6: it lasts the hand). */
  readonly furiten: Pair<FuritenCause | null>;
  /** The seat let a completing tile pass (declined win or below the floor): `passedWin` of checkMinefieldWin. */
  readonly passedWin: Pair<boolean>;
  /** The judgement of the opponent's last discard for the seat that may claim it, when it completes the hand. */
  readonly offers: Pair<WinJudgement | null>;
  /** Whose discard (or claim) it is. */
  readonly turn: MinefieldSeat;
  readonly lastDiscard: { readonly seat: MinefieldSeat; readonly tile: Tile } | null;
}

export function emptyHand(dealer: MinefieldSeat): HandModel {
  return {
    walls: null,
    unused: null,
    doraIndicator: null,
    underIndicator: null,
    hands: [null, null],
    waits: [[], []],
    stocks: [[], []],
    discards: [[], []],
    furiten: [null, null],
    passedWin: [false, false],
    offers: [null, null],
    turn: dealer,
    lastDiscard: null,
  };
}

/** Removes `take` from `from` by tile value (each occurrence once); null when some tile is missing. */
export function removeTiles(from: readonly Tile[], take: readonly Tile[]): Tile[] | null {
  const rest = from.slice();
  for (const tile of take) {
    const at = rest.indexOf(tile);
    if (at < 0) return null;
    rest.splice(at, 1);
  }
  return rest;
}

/** The 136-tile set by kind: 4 of each of the 34 kinds, no red fives (V1.1 item 1). */
export function isFullSet(tiles: readonly Tile[]): boolean {
  const kinds = KIND_COUNT; // read once: under a CommonJS transform every read of an import is a getter call
  if (tiles.length !== 4 * kinds) return false;
  const counts = new Uint8Array(kinds);
  for (const tile of tiles) {
    if (tile >= kinds) return false;
    if (++counts[tile]! > 4) return false;
  }
  return true;
}

export function withWalls(hand: HandModel, walls: Pair<readonly Tile[]>, unused: readonly Tile[]): HandModel {
  return { ...hand, walls, unused };
}

/** Takes the two indicators out of the unused tiles (they stay accounted for as indicators). */
export function withDora(hand: HandModel, indicator: Tile, underIndicator: Tile): HandModel {
  const unused = removeTiles(hand.unused ?? [], [indicator, underIndicator]);
  if (!unused) throw new Error('withDora: indicators not among the unused tiles (guard indicatorsFromUnusedTiles must run first)');
  return { ...hand, unused, doraIndicator: indicator, underIndicator };
}

export function withHandSet(hand: HandModel, seat: MinefieldSeat, tiles: readonly Tile[], waits: readonly TileKind[]): HandModel {
  const wall = hand.walls?.[seat];
  const stock = wall && removeTiles(wall, tiles);
  if (!stock) throw new Error(`withHandSet: seat ${seat}'s hand is not from its wall (guard handComesFromWall must run first)`);
  return { ...hand, hands: withSeat(hand.hands, seat, tiles), waits: withSeat(hand.waits, seat, waits), stocks: withSeat(hand.stocks, seat, stock) };
}

/** Changes from one discard: the new hand and which seats became furiten, in order. */
export interface DiscardOutcome {
  readonly hand: HandModel;
  readonly furiten: readonly { readonly seat: MinefieldSeat; readonly cause: FuritenCause; readonly tile: Tile }[];
  readonly riichi: boolean;
}

/**
 * Applies `seat` discarding `tile` (legal: guards ran). `judgeOpponent` is asked only when the tile is
 * one of the opponent's waits. Furiten rules (V1.3, M4, M6 — all last the rest of the hand):
 * - the discarder had a legal win on the opponent's previous discard and discarded instead → declined win;
 * - the discarder threw one of his own waits → own discard, whatever that wait is worth (M4);
 * - the tile completes the opponent's hand below the mangan floor → the opponent is furiten at once.
 * A legal win leaves the opponent an offer; he becomes furiten only if he lets it pass.
 */
export function applyDiscard(hand: HandModel, seat: MinefieldSeat, tile: Tile, judgeOpponent: (tile: Tile) => WinJudgement): DiscardOutcome {
  const opponent = opponentOf(seat);
  // Written without closures or spreads, and allocating only what changes (most discards cause no furiten
  // and offer no win): one discard is the machine's commonest update (bench/minefield.bench.ts).
  let furitenEvents: { seat: MinefieldSeat; cause: FuritenCause; tile: Tile }[] | null = null;
  let furiten = hand.furiten;
  let passedWin = hand.passedWin;
  const own = hand.offers[seat];
  if (own?.ok && hand.lastDiscard && furiten[seat] === null) {
    furiten = withSeat(furiten, seat, 'declinedWin');
    (furitenEvents ??= []).push({ seat, cause: 'declinedWin', tile: hand.lastDiscard.tile });
  }
  if (own?.ok && hand.lastDiscard) passedWin = withSeat(passedWin, seat, true);
  const stock = withoutTile(hand.stocks[seat], tile);
  if (!stock) throw new Error(`applyDiscard: ${tile} is not in seat ${seat}'s stock (guard tileInStock must run first)`);
  const kind = tileKind(tile);
  if (furiten[seat] === null && hand.waits[seat].includes(kind)) {
    furiten = withSeat(furiten, seat, 'ownDiscard');
    (furitenEvents ??= []).push({ seat, cause: 'ownDiscard', tile });
  }
  let offer: WinJudgement | null = null;
  if (hand.waits[opponent].includes(kind)) {
    offer = judgeOpponent(tile);
    if (!offer.ok && offer.code === 'below_mangan') {
      passedWin = withSeat(passedWin, opponent, true);
      if (furiten[opponent] === null) {
        furiten = withSeat(furiten, opponent, 'belowMangan');
        (furitenEvents ??= []).push({ seat: opponent, cause: 'belowMangan', tile });
      }
    }
  }
  const discards = withSeat(hand.discards, seat, withTile(hand.discards[seat], tile));
  return {
    hand: {
      walls: hand.walls,
      unused: hand.unused,
      doraIndicator: hand.doraIndicator,
      underIndicator: hand.underIndicator,
      hands: hand.hands,
      waits: hand.waits,
      stocks: withSeat(hand.stocks, seat, stock),
      discards,
      furiten,
      passedWin,
      offers: offer === null ? NO_OFFERS : seat === 0 ? [null, offer] : [offer, null],
      turn: opponent,
      lastDiscard: { seat, tile },
    },
    furiten: furitenEvents ?? NO_FURITEN,
    riichi: hand.discards[seat].length === 0,
  };
}

const NO_OFFERS: Pair<WinJudgement | null> = Object.freeze([null, null] as const);
const NO_FURITEN: DiscardOutcome['furiten'] = Object.freeze([]);

/** `from` with `tile` added at the end. */
function withTile(from: readonly Tile[], tile: Tile): Tile[] {
  const next = new Array<Tile>(from.length + 1);
  for (let i = 0; i < from.length; i++) next[i] = from[i]!;
  next[from.length] = tile;
  return next;
}

/** `from` without one copy of `tile` (by value), or null when it holds none. */
function withoutTile(from: readonly Tile[], tile: Tile): Tile[] | null {
  const at = from.indexOf(tile);
  if (at < 0) return null;
  const rest = new Array<Tile>(from.length - 1);
  for (let i = 0, j = 0; i < from.length; i++) if (i !== at) rest[j++] = from[i]!;
  return rest;
}

/** Every tile of the hand in one list: walls (hand + stock + discards) + unused + indicators = 136. */
export function accountedTiles(hand: HandModel): Tile[] {
  const tiles: Tile[] = [];
  for (const seat of [0, 1] as const) {
    if (hand.hands[seat]) tiles.push(...hand.hands[seat]!, ...hand.stocks[seat], ...hand.discards[seat]);
    else if (hand.walls) tiles.push(...hand.walls[seat]);
  }
  if (hand.unused) tiles.push(...hand.unused);
  if (hand.doraIndicator !== null) tiles.push(hand.doraIndicator);
  if (hand.underIndicator !== null) tiles.push(hand.underIndicator);
  return tiles;
}
