// Declared melds (chi, pon, kans) and the validation of a winning hand's tiles.
import { fail, ok, type Result, type RuleError } from './result.js';
import {
  formatKind,
  formatTiles,
  KIND_COUNT,
  KIND_MASK,
  RED_FLAG,
  suitOf,
  type Tile,
  type TileKind,
} from './tiles.js';

/** chi = sequence from the previous player's discard; minkan = open kan from a discard (daiminkan);
 *  ankan = closed kan (keeps the hand closed); kakan = pon upgraded with the fourth tile (shouminkan). */
export type MeldType = 'chi' | 'pon' | 'minkan' | 'ankan' | 'kakan';

/** Whom a tile was called from, relative to the caller: 1 next player, 2 opposite, 3 previous player. */
export type Relative = 1 | 2 | 3;

/**
 * A hand's size in sets: 4 sets and a pair (13 tiles before the winning tile: riichi, MCR, Hong Kong) or 5
 * (16 tiles: Xiamen, Quanzhou). Declared kongs add a tile each; melds count among the sets.
 */
export type HandSets = 4 | 5;

/** Throws on a meld count or hand size outside the rules (a caller's bug, never user input). */
export function checkMeldCount(meldCount: number, handSets: number = 4): void {
  if (handSets !== 4 && handSets !== 5) throw new Error(`handSets must be 4 or 5, got ${handSets}`);
  if (!Number.isInteger(meldCount) || meldCount < 0 || meldCount > handSets) {
    throw new Error(`meldCount must be an integer 0-${handSets}, got ${meldCount}`);
  }
}

/** Seat or round wind: 1 East, 2 South, 3 West, 4 North. */
export type Wind = 1 | 2 | 3 | 4;

export interface Meld {
  readonly type: MeldType;
  /** All tiles of the set: 3 for chi and pon, 4 for kans. */
  readonly tiles: readonly Tile[];
  /** The claimed discard (chi, pon, minkan); for a kakan the tile of the original pon call. */
  readonly calledTile?: Tile;
  /** kakan only: the tile added from the hand. */
  readonly addedTile?: Tile;
  /** Whom the tile was called from; absent for ankan and when unknown. */
  readonly from?: Relative;
}

export const isKan = (meld: Meld): boolean =>
  meld.type === 'minkan' || meld.type === 'ankan' || meld.type === 'kakan';
/** Every meld except a closed kan opens the hand (riichi.md 0.3). */
export const isOpenMeld = (meld: Meld): boolean => meld.type !== 'ankan';
/** The lowest kind of the set (the kind itself for pon and kans). */
export function meldKind(meld: Meld): TileKind {
  const tiles = meld.tiles;
  const first = tiles[0]! & KIND_MASK;
  if (meld.type !== 'chi') return first;
  return Math.min(first, tiles[1]! & KIND_MASK, tiles[2]! & KIND_MASK);
}

/**
 * Checks one meld's shape. Errors (`bad_meld`): wrong tile count, a chi that is not a run of one suit,
 * a pon or kan of different kinds, a called or added tile that is not among the tiles or not allowed for
 * the type, a chi called from anyone but the previous player.
 */
export function validateMeld(meld: Meld): Result<Meld> {
  const problem = meldProblem(meld);
  return problem === null
    ? ok(meld)
    : fail('bad_meld', `${meld.type} ${formatTiles(meld.tiles)}: ${problem}`);
}

/** Whether the list holds the tile (a plain loop: cheaper than the `includes` builtin on 3-4 tiles). */
function holds(tiles: readonly Tile[], tile: Tile): boolean {
  for (let i = 0; i < tiles.length; i++) if (tiles[i] === tile) return true;
  return false;
}

/** What is wrong with a meld's shape, or null. Allocates nothing for a good meld (hot path). */
export function meldProblem(meld: Meld): string | null {
  const { type, tiles } = meld;
  const size =
    type === 'chi' || type === 'pon' ? 3 : type === 'minkan' || type === 'ankan' || type === 'kakan' ? 4 : 0;
  if (size === 0) return `unknown meld type ${JSON.stringify(type)} (chi, pon, minkan, ankan, kakan)`;
  if (tiles.length !== size) return `a ${type} has ${size} tiles, not ${tiles.length}`;
  let low = KIND_COUNT;
  let high = -1;
  let sum = 0;
  for (let i = 0; i < size; i++) {
    const kind = tiles[i]! & KIND_MASK;
    if (kind < low) low = kind;
    if (kind > high) high = kind;
    sum += kind;
  }
  if (type === 'chi') {
    if (high >= 27 || high !== low + 2 || sum !== 3 * low + 3 || suitOf(low) !== suitOf(high))
      return 'a chi is three consecutive tiles of one suit';
    if (meld.from !== undefined && meld.from !== 3)
      return `a chi is called only from the previous player (from 3), not from ${meld.from}`;
  } else if (low !== high) {
    return `a ${type} is ${size} tiles of one kind`;
  }
  if (meld.calledTile !== undefined) {
    if (type === 'ankan') return 'a closed kan has no called tile';
    if (!holds(tiles, meld.calledTile))
      return `called tile ${formatTiles([meld.calledTile])} is not in the set`;
  }
  if (meld.addedTile !== undefined) {
    if (type !== 'kakan') return 'only an added kan (kakan) has an added tile';
    if (!holds(tiles, meld.addedTile)) return `added tile ${formatTiles([meld.addedTile])} is not in the set`;
  }
  if (meld.from !== undefined) {
    if (type === 'ankan') return 'a closed kan is not called from anyone';
    if (meld.from !== 1 && meld.from !== 2 && meld.from !== 3)
      return `from is 1, 2 or 3, not ${String(meld.from)}`;
  }
  return null;
}

/** The tiles of a win: concealed tiles without the winning tile (and without closed-kan tiles), melds, winning tile. */
export interface HandTiles {
  readonly closedTiles: readonly Tile[];
  readonly melds: readonly Meld[];
  readonly winTile: Tile;
}

/**
 * Red fives per suit (m, p, s): 0m, 0p, 0s in a `3` set; a `4` set has two 0p (riichi.md 19, A13). With red
 * fives off the tiles may still be written red, up to the largest set.
 */
export const MAX_RED_PER_SUIT: readonly number[] = [1, 2, 1];
export const MAX_RED_PER_SUIT_3: readonly number[] = [1, 1, 1];

/**
 * Checks a winning hand: every meld (`bad_meld`), 13 - 3·melds concealed tiles (`bad_hand_size`), at most
 * four copies of a kind over concealed tiles, melds and the winning tile (`too_many_copies`), and no more
 * red fives than a set holds (`bad_red_five`).
 */
export function validateHand(hand: HandTiles, redFives: 'none' | '3' | '4' = '4'): Result<HandTiles> {
  return handError(hand, redFives) ?? ok(hand);
}

// Scratch counts (kinds 0..63 cover flowers and stray values): validation runs on every scored hand.
const counts = new Uint8Array(64);
const reds = new Uint8Array(3);

/**
 * The first problem of `validateHand`, or null; allocates nothing when the hand is valid. scoreHand runs
 * the same checks fused into its own counting pass (hand.test.ts keeps the two in step).
 */
export function handError(hand: HandTiles, redFives: 'none' | '3' | '4' = '4'): RuleError | null {
  const melds = hand.melds;
  if (melds.length > 4) return fail('bad_hand_size', `${melds.length} melds: a hand has at most 4`);
  for (let m = 0; m < melds.length; m++) {
    if (meldProblem(melds[m]!) !== null) return validateMeld(melds[m]!) as RuleError;
  }
  const expected = 13 - 3 * melds.length;
  if (hand.closedTiles.length !== expected) {
    return fail(
      'bad_hand_size',
      `${hand.closedTiles.length} concealed tiles with ${melds.length} meld(s): expected ${expected} (without the winning tile and closed-kan tiles)`,
    );
  }
  for (let k = 0; k < 64; k++) counts[k] = 0;
  reds[0] = reds[1] = reds[2] = 0;
  const closed = hand.closedTiles;
  for (let i = 0; i < closed.length; i++) {
    const tile = closed[i]!;
    counts[tile & KIND_MASK]!++;
    if (tile & RED_FLAG) reds[((tile & KIND_MASK) / 9) | 0]!++;
  }
  for (let m = 0; m < melds.length; m++) {
    const tiles = melds[m]!.tiles;
    for (let i = 0; i < tiles.length; i++) {
      const tile = tiles[i]!;
      counts[tile & KIND_MASK]!++;
      if (tile & RED_FLAG) reds[((tile & KIND_MASK) / 9) | 0]!++;
    }
  }
  counts[hand.winTile & KIND_MASK]!++;
  if (hand.winTile & RED_FLAG) reds[((hand.winTile & KIND_MASK) / 9) | 0]!++;
  for (let kind = 0; kind < 64; kind++) {
    const n = counts[kind]!;
    if (n === 0) continue;
    if (kind >= KIND_COUNT)
      return fail(
        'bad_tile',
        `kind ${kind} (${formatKind(kind)}) is not a riichi tile (flowers and seasons are not played)`,
      );
    if (n > 4)
      return fail(
        'too_many_copies',
        `the hand holds ${n} copies of ${formatKind(kind)} (concealed, melds and winning tile); a set has 4`,
      );
  }
  const max = redFives === '3' ? MAX_RED_PER_SUIT_3 : MAX_RED_PER_SUIT;
  for (let suit = 0; suit < 3; suit++) {
    if (reds[suit]! > max[suit]!)
      return fail(
        'bad_red_five',
        `the hand holds ${reds[suit]} red ${formatKind(suit * 9 + 4)}; the set (redFives ${redFives}) has ${max[suit]}`,
      );
  }
  return null;
}
