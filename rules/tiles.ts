// Tiles: kinds, red fives, flowers, and the compact notation (`123m406p11z`) as a round-trip pair.
import { fail, ok, unwrap, type Result } from './result.js';

/**
 * A tile kind is an integer:
 *   0-8 man 1-9, 9-17 pin 1-9, 18-26 sou 1-9,
 *   27-30 winds E S W N, 31-33 dragons white green red,
 *   34-37 flowers 1-4, 38-41 seasons 1-4 (144-tile sets only; riichi never uses them).
 * Hot paths index count arrays by kind (length 34 for the riichi family).
 */
export type TileKind = number;

/**
 * A physical tile: its kind, plus RED_FLAG for a red five. Branded so that a Tile can only come from
 * the parser or from `tileOf`, which check it.
 */
export type Tile = number & { readonly __tile: unique symbol };

export const RED_FLAG = 0x40;
export const KIND_MASK = 0x3f;

/** Number of kinds in the riichi family (no flowers). */
export const KIND_COUNT = 34;
/** Number of kinds including flowers and seasons (Chinese 144-tile sets). */
export const KIND_COUNT_WITH_FLOWERS = 42;

export type Suit = 'm' | 'p' | 's' | 'z' | 'f';
export const SUITS: readonly Suit[] = ['m', 'p', 's', 'z', 'f'];

export const EAST = 27;
export const SOUTH = 28;
export const WEST = 29;
export const NORTH = 30;
export const WHITE = 31;
export const GREEN = 32;
export const RED = 33;

export const tileKind = (tile: Tile): TileKind => tile & KIND_MASK;
export const isRedFive = (tile: Tile): boolean => (tile & RED_FLAG) !== 0;

export const suitOf = (kind: TileKind): Suit => (kind < 27 ? SUITS[Math.floor(kind / 9)]! : kind < 34 ? 'z' : 'f');
/** Number 1-9 for suited kinds, 1-7 for honours (E S W N Wh G R), 1-8 for flowers then seasons. */
export const numberOf = (kind: TileKind): number => (kind < 27 ? (kind % 9) + 1 : kind < 34 ? kind - 26 : kind - 33);

export const isSuited = (kind: TileKind): boolean => kind < 27;
export const isHonor = (kind: TileKind): boolean => kind >= 27 && kind < 34;
export const isWind = (kind: TileKind): boolean => kind >= 27 && kind <= 30;
export const isDragon = (kind: TileKind): boolean => kind >= 31 && kind <= 33;
export const isFlower = (kind: TileKind): boolean => kind >= 34 && kind < 42;
export const isTerminal = (kind: TileKind): boolean => kind < 27 && (kind % 9 === 0 || kind % 9 === 8);
/** Terminal or honour (yaochuu). */
export const isTerminalOrHonor = (kind: TileKind): boolean => kind >= 27 ? kind < 34 : kind % 9 === 0 || kind % 9 === 8;
export const isSimple = (kind: TileKind): boolean => kind < 27 && kind % 9 !== 0 && kind % 9 !== 8;
/** The kind that a five of this suit is (4, 13, 22), or -1. */
export const isFiveKind = (kind: TileKind): boolean => kind < 27 && kind % 9 === 4;

/** The 13 terminal and honour kinds, in kind order (thirteen orphans). */
export const TERMINALS_AND_HONORS: readonly TileKind[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/** Wind kind for a seat or round wind numbered 1-4 (E S W N). */
export const windKind = (wind: 1 | 2 | 3 | 4): TileKind => EAST + wind - 1;

/**
 * The dora that an indicator points to: the next kind in its cycle (9→1, N→E, red→white).
 * Example: indicator 9m → dora 1m; indicator 4z (North) → 1z (East); 7z (red) → 5z (white).
 */
export function doraFromIndicator(indicator: TileKind): TileKind {
  if (indicator < 27) return indicator % 9 === 8 ? indicator - 8 : indicator + 1;
  if (indicator <= 30) return indicator === 30 ? 27 : indicator + 1;
  if (indicator <= 33) return indicator === 33 ? 31 : indicator + 1;
  return indicator;
}

/** Makes a tile from a kind, checking it: the only constructor besides the parser. */
export function tileOf(kind: TileKind, red = false): Result<Tile> {
  if (!Number.isInteger(kind) || kind < 0 || kind >= KIND_COUNT_WITH_FLOWERS) {
    return fail('bad_tile', `no tile kind ${kind} (kinds are 0-41)`);
  }
  if (red && !isFiveKind(kind)) return fail('bad_red_five', `only a suited five can be red, not ${formatKind(kind)}`);
  return ok((kind | (red ? RED_FLAG : 0)) as Tile);
}

/** Plain (non-red) tile of a kind, for kinds known valid (loops over 0..33). Throws on a bad kind. */
export const plainTile = (kind: TileKind): Tile => unwrap(tileOf(kind));

/** Formats one kind as `<digit><suit>` (`5m`, `7z`). */
export function formatKind(kind: TileKind): string {
  return `${numberOf(kind)}${suitOf(kind)}`;
}

/** Formats one tile as `<digit><suit>`, `0` for a red five. */
export function formatTile(tile: Tile): string {
  const kind = tileKind(tile);
  return `${isRedFive(tile) ? 0 : numberOf(kind)}${suitOf(kind)}`;
}

const SUIT_BASE: Record<Suit, number> = { m: 0, p: 9, s: 18, z: 27, f: 34 };
const SUIT_MAX: Record<Suit, number> = { m: 9, p: 9, s: 9, z: 7, f: 8 };
/** The suit of a letter by its char code (-1: not a suit letter), and each suit's base and largest number, by its index in SUITS: array reads, not lookups by name. */
const SUIT_OF_CODE = new Int8Array(128).fill(-1);
SUITS.forEach((suit, index) => (SUIT_OF_CODE[suit.charCodeAt(0)] = index));
const BASE_OF_SUIT = Int8Array.from(SUITS, (suit) => SUIT_BASE[suit]);
const MAX_OF_SUIT = Int8Array.from(SUITS, (suit) => SUIT_MAX[suit]);

/** Largest number of red fives per suit in any allowed set (riichi.md 1.2: 0m, one or two 0p, 0s). */
const MAX_RED: Record<string, number> = { m: 1, p: 2, s: 1 };

export interface ParseOptions {
  /** Allow more than four copies of a kind (e.g. concatenating several players' tiles). Default false. */
  readonly allowExtraCopies?: boolean;
  /** The game has red fives (`0m`); false refuses them with `bad_red_five` (the Chinese games). Default true. */
  readonly redFives?: boolean;
  /** The game has bonus tiles (`1f`-`8f`); false refuses them with `bad_tile`. Default true. */
  readonly bonusTiles?: boolean;
}

/**
 * Parses compact notation: digits followed by their suit letter (`123m406p11z`, `0` = red five,
 * `f` = flowers 1-4 and seasons 5-8). Whitespace between groups is allowed. Keeps the given order.
 * Errors: `bad_tile` (unknown letter, digit out of range, digits with no suit), `bad_red_five` (`0z`, or
 * more red fives of a suit than any set holds), `too_many_copies` (a fifth copy of a kind).
 */
export function parseTiles(text: string, options: ParseOptions = {}): Result<Tile[]> {
  if (typeof text !== 'string') return fail('bad_tile', `tiles must be a string, got ${typeof text}`);
  const tiles: Tile[] = [];
  // The digits waiting for their suit letter are text[pendingStart, i) (-1: none); no array per group.
  let pendingStart = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      if (pendingStart < 0) pendingStart = i;
      continue;
    }
    if (code === 32 || code === 9 || code === 44 /* space, tab, comma */) {
      if (pendingStart >= 0) return fail('bad_tile', `digits "${text.slice(pendingStart, i)}" at ${pendingStart} have no suit letter in "${text}"`);
      continue;
    }
    const suitIndex = code < 128 ? SUIT_OF_CODE[code]! : -1;
    if (suitIndex < 0) return fail('bad_tile', `unknown suit letter "${text[i]}" at ${i} in "${text}" (use m, p, s, z, f)`);
    const suit = SUITS[suitIndex]!;
    if (pendingStart < 0) return fail('bad_tile', `suit letter "${suit}" at ${i} has no digits before it in "${text}"`);
    const base = BASE_OF_SUIT[suitIndex]!;
    const max = MAX_OF_SUIT[suitIndex]!;
    for (let at = pendingStart; at < i; at++) {
      const digit = text.charCodeAt(at) - 48;
      if (suit === 'f' && options.bonusTiles === false)
        return fail('bad_tile', `"${digit}f" in "${text}": this game has no bonus tiles (flowers and seasons)`);
      if (digit === 0) {
        if (suit === 'z' || suit === 'f') return fail('bad_red_five', `"0${suit}" in "${text}": only m, p and s have red fives`);
        if (options.redFives === false) return fail('bad_red_five', `"0${suit}" in "${text}": this game has no red fives`);
        tiles.push(((base + 4) | RED_FLAG) as Tile);
      } else {
        if (digit > max) return fail('bad_tile', `"${digit}${suit}" in "${text}" is not a tile (${suit} runs 1-${SUIT_MAX[suit]})`);
        tiles.push((base + digit - 1) as Tile);
      }
    }
    pendingStart = -1;
  }
  if (pendingStart >= 0) return fail('bad_tile', `digits "${text.slice(pendingStart)}" at ${pendingStart} have no suit letter in "${text}"`);
  return checkCopies(tiles, text, options);
}

/** Scratch of checkCopies (parsing is synchronous): copies by kind, red fives by suit m p s. */
const copies = new Uint8Array(KIND_COUNT_WITH_FLOWERS);
const reds = new Uint8Array(3);

function checkCopies(tiles: Tile[], text: string, options: ParseOptions): Result<Tile[]> {
  if (options.allowExtraCopies) return ok(tiles);
  // Only the kinds this list holds are counted: zero those (cheaper than filling the whole scratch).
  for (const tile of tiles) copies[tileKind(tile)] = 0;
  reds[0] = reds[1] = reds[2] = 0;
  for (const tile of tiles) {
    const kind = tileKind(tile);
    const limit = isFlower(kind) ? 1 : 4;
    if (++copies[kind]! > limit) {
      return fail('too_many_copies', `"${text}" holds ${copies[kind]} copies of ${formatKind(kind)}; a set has ${limit}`);
    }
    if (isRedFive(tile)) {
      const suit = suitOf(kind);
      const s = (kind / 9) | 0;
      if (++reds[s]! > MAX_RED[suit]!) {
        return fail('bad_red_five', `"${text}" holds ${reds[s]} red fives of ${suit}; a set has at most ${MAX_RED[suit]}`);
      }
    }
  }
  return ok(tiles);
}

/** Parses one tile (`5m`, `0p`, `7z`). */
export function parseTile(text: string): Result<Tile> {
  if (typeof text !== 'string' || text.length !== 2) return fail('bad_tile', `a tile is one digit and a suit letter, not ${JSON.stringify(text)}`);
  const digit = text.charCodeAt(0) - 48;
  const letter = text.charCodeAt(1);
  const known = digit >= 0 && digit <= 9 && letter < 128 ? TILE_BY_CODES[(letter << 4) | digit] : undefined;
  if (known !== undefined) return known;
  // Anything else is an error: parseTiles says which.
  const parsed = parseTiles(text);
  return parsed.ok ? ok(parsed.value[0]!) : parsed;
}

/**
 * Every tile's shared frozen parse result by its text's char codes, `(letter << 4) | digit` (`5m`, `0p`, `3f`;
 * undefined for any other text): one array read per tile field, no string hashed.
 */
const TILE_BY_CODES: readonly (Result<Tile> | undefined)[] = (() => {
  const table = new Array<Result<Tile> | undefined>(128 << 4).fill(undefined);
  for (const suit of SUITS)
    for (let digit = 0; digit <= SUIT_MAX[suit]; digit++) {
      const parsed = parseTiles(`${digit}${suit}`);
      if (parsed.ok) table[(suit.charCodeAt(0) << 4) | digit] = Object.freeze(ok(parsed.value[0]!));
    }
  return table;
})();

/**
 * Formats tiles in the given order, grouping consecutive tiles of one suit: [1m,2m,3m,5z] → `123m5z`.
 * `parseTiles(formatTiles(x))` gives x back; `formatTiles(parseTiles(s))` gives s back when s is grouped.
 */
export function formatTiles(tiles: readonly Tile[]): string {
  let out = '';
  let suit: Suit | undefined;
  for (const tile of tiles) {
    const kind = tileKind(tile);
    const s = suitOf(kind);
    if (suit !== undefined && s !== suit) out += suit;
    out += isRedFive(tile) ? '0' : String(numberOf(kind));
    suit = s;
  }
  return suit === undefined ? out : out + suit;
}

/** Sort order of the data files: by kind, a red five just before the plain fives of its suit. */
export const compareTiles = (a: Tile, b: Tile): number => tileKind(a) - tileKind(b) || (isRedFive(b) ? 1 : 0) - (isRedFive(a) ? 1 : 0);

export const sortTiles = (tiles: readonly Tile[]): Tile[] => [...tiles].sort(compareTiles);

/**
 * Tile counts by kind (length 34; KIND_COUNT_WITH_FLOWERS = 42 to count bonus tiles too): the representation
 * every hot path works on. A red five counts as its kind.
 */
export function countKinds(tiles: readonly Tile[], size = KIND_COUNT): Uint8Array {
  const counts = new Uint8Array(size);
  for (const tile of tiles) counts[tileKind(tile)]!++;
  return counts;
}

/** Parses or throws: for fixtures, tests and constants only. User input goes through `parseTiles`. */
export const tilesOf = (text: string): Tile[] => unwrap(parseTiles(text));
export const tileOfText = (text: string): Tile => unwrap(parseTile(text));
