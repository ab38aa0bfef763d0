// Declared melds (chi, pon, kans) and the validation of a winning hand's tiles.
import { fail, ok, type Result, type RuleError } from './result.js';
import { formatKind, formatTiles, KIND_COUNT, KIND_MASK, RED_FLAG, suitOf, tileKind, type Tile, type TileKind } from './tiles.js';

/** chi = sequence from the previous player's discard; minkan = open kan from a discard (daiminkan);
 *  ankan = closed kan (keeps the hand closed); kakan = pon upgraded with the fourth tile (shouminkan). */
export type MeldType = 'chi' | 'pon' | 'minkan' | 'ankan' | 'kakan';

/** Whom a tile was called from, relative to the caller: 1 next player, 2 opposite, 3 previous player. */
export type Relative = 1 | 2 | 3;

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

export const isKan = (meld: Meld): boolean => meld.type === 'minkan' || meld.type === 'ankan' || meld.type === 'kakan';
/** Every meld except a closed kan opens the hand (riichi.md 0.3). */
export const isOpenMeld = (meld: Meld): boolean => meld.type !== 'ankan';
/** The lowest kind of the set (the kind itself for pon and kans). */
export function meldKind(meld: Meld): TileKind {
  let low = KIND_COUNT;
  for (const tile of meld.tiles) low = Math.min(low, tileKind(tile));
  return low;
}

const MELD_SIZE: Record<MeldType, number> = { chi: 3, pon: 3, minkan: 4, ankan: 4, kakan: 4 };

/**
 * Checks one meld's shape. Errors (`bad_meld`): wrong tile count, a chi that is not a run of one suit,
 * a pon or kan of different kinds, a called or added tile that is not among the tiles or not allowed for
 * the type, a chi called from anyone but the previous player.
 */
export function validateMeld(meld: Meld): Result<Meld> {
  const { type, tiles } = meld;
  // Built only on failure: validation runs on every scored hand.
  const where = (): string => `${type} ${formatTiles(tiles)}`;
  if (!Object.hasOwn(MELD_SIZE, type)) return fail('bad_meld', `unknown meld type ${JSON.stringify(type)} (chi, pon, minkan, ankan, kakan)`);
  if (tiles.length !== MELD_SIZE[type]) return fail('bad_meld', `${where()}: a ${type} has ${MELD_SIZE[type]} tiles, not ${tiles.length}`);
  let low = KIND_COUNT;
  let high = -1;
  for (const tile of tiles) {
    const kind = tileKind(tile);
    if (kind < low) low = kind;
    if (kind > high) high = kind;
  }
  if (type === 'chi') {
    const mid = tileKind(tiles[0]!) + tileKind(tiles[1]!) + tileKind(tiles[2]!) - low - high;
    if (high >= 27 || high !== low + 2 || mid !== low + 1 || suitOf(low) !== suitOf(high)) {
      return fail('bad_meld', `${where()}: a chi is three consecutive tiles of one suit`);
    }
    if (meld.from !== undefined && meld.from !== 3) return fail('bad_meld', `${where()}: a chi is called only from the previous player (from 3), not from ${meld.from}`);
  } else if (low !== high) {
    return fail('bad_meld', `${where()}: a ${type} is ${tiles.length} tiles of one kind`);
  }
  if (meld.calledTile !== undefined) {
    if (type === 'ankan') return fail('bad_meld', `${where()}: a closed kan has no called tile`);
    if (!tiles.includes(meld.calledTile)) return fail('bad_meld', `${where()}: called tile ${formatTiles([meld.calledTile])} is not in the set`);
  }
  if (meld.addedTile !== undefined) {
    if (type !== 'kakan') return fail('bad_meld', `${where()}: only an added kan (kakan) has an added tile`);
    if (!tiles.includes(meld.addedTile)) return fail('bad_meld', `${where()}: added tile ${formatTiles([meld.addedTile])} is not in the set`);
  }
  if (meld.from !== undefined) {
    if (type === 'ankan') return fail('bad_meld', `${where()}: a closed kan is not called from anyone`);
    if (meld.from !== 1 && meld.from !== 2 && meld.from !== 3) return fail('bad_meld', `${where()}: from is 1, 2 or 3, not ${String(meld.from)}`);
  }
  return ok(meld);
}

/** The tiles of a win: concealed tiles without the winning tile (and without closed-kan tiles), melds, winning tile. */
export interface HandTiles {
  readonly closedTiles: readonly Tile[];
  readonly melds: readonly Meld[];
  readonly winTile: Tile;
}

/** Red fives per suit in a physical set: 0m, one or two 0p, 0s (riichi.md A13). */
const MAX_RED_PER_SUIT = [1, 2, 1];

/**
 * Checks a winning hand: every meld (`bad_meld`), 13 - 3·melds concealed tiles (`bad_hand_size`), at most
 * four copies of a kind over concealed tiles, melds and the winning tile (`too_many_copies`), and no more
 * red fives than a set holds (`bad_red_five`).
 */
export function validateHand(hand: HandTiles): Result<HandTiles> {
  return handError(hand) ?? ok(hand);
}

// Scratch counts (kinds 0..63 cover flowers and stray values): validation runs on every scored hand.
const counts = new Uint8Array(64);
const reds = new Uint8Array(3);

/** The first problem of `validateHand`, or null; allocates nothing when the hand is valid. */
export function handError(hand: HandTiles): RuleError | null {
  const melds = hand.melds;
  if (melds.length > 4) return fail('bad_hand_size', `${melds.length} melds: a hand has at most 4`);
  for (let m = 0; m < melds.length; m++) {
    const checked = validateMeld(melds[m]!);
    if (!checked.ok) return checked;
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
    if (kind >= KIND_COUNT) return fail('bad_tile', `kind ${kind} (${formatKind(kind)}) is not a riichi tile (flowers and seasons are not played)`);
    if (n > 4) return fail('too_many_copies', `the hand holds ${n} copies of ${formatKind(kind)} (concealed, melds and winning tile); a set has 4`);
  }
  for (let suit = 0; suit < 3; suit++) {
    if (reds[suit]! > MAX_RED_PER_SUIT[suit]!) return fail('bad_red_five', `the hand holds ${reds[suit]} red ${formatKind(suit * 9 + 4)}; a set has at most ${MAX_RED_PER_SUIT[suit]}`);
  }
  return null;
}
