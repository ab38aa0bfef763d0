// The sets of one reading of a Chinese win (declared melds, concealed groups, the pair) and the tile facts every pattern table reads (MCR, Hong Kong, Zung Jung, Vietnamese).
import { meldKind, type Meld } from '../hand.js';
import { GROUP_STRIDE, READ_TRIPLET, READINGS } from '../readings.js';

/** Set types in `setType`. A kong is a declared kong (four of a kind held is never one). */
export const CHOW = 0;
export const PUNG = 1;
export const KONG = 2;

/** Reading shapes every 13-tile Chinese game knows (MCR adds its knitted shapes after these). */
export const STANDARD = 0;
export const SEVEN_PAIRS = 1;
export const THIRTEEN_ORPHANS = 2;

/** Most sets a reading has (four sets and a pair). */
export const MAX_SETS = 4;

/** Suit of a kind: 0 m, 1 p, 2 s, 3 honours. */
export const SUIT: Uint8Array = Uint8Array.from({ length: 34 }, (_, k) => (k < 27 ? Math.floor(k / 9) : 3));
/** Rank 1-9 of a suited kind (0 for honours). */
export const RANK: Uint8Array = Uint8Array.from({ length: 34 }, (_, k) => (k < 27 ? (k % 9) + 1 : 0));

/** What the tiles of the whole hand show, whatever the reading (set by readTileFacts). */
export interface TileFacts {
  /** Every tile of the hand by kind: concealed, winning tile and melds (a kong counts four). */
  readonly all: Uint8Array;
  /** Suits held: bit 0 m, 1 p, 2 s. */
  suitMask: number;
  hasWind: boolean;
  hasDragon: boolean;
  hasTerminal: boolean;
  hasSimple: boolean;
  /** Ranks 1-9 of the suited tiles held, as bits 1-9. */
  rankMask: number;
}

/** One reading: its shape, its sets (declared melds first, then the concealed groups) and its pair. */
export interface ReadingSets {
  shape: number;
  setCount: number;
  readonly setType: Uint8Array;
  readonly setFirst: Uint8Array;
  /** 1 for a set that counts as concealed (a concealed kong, or a concealed pung not completed by a discard). */
  readonly setConcealed: Uint8Array;
  /** The pair's kind (-1 for the shapes without one pair). */
  pair: number;
  /** Summary (summarizeReading): wind and dragon pungs/kongs, chows, the honour kinds held as pungs (bit k - 27). */
  windPungs: number;
  dragonPungs: number;
  chows: number;
  honorPungMask: number;
}

/** Sets the tile facts of the hand from ctx.all. */
export function readTileFacts(ctx: TileFacts): void {
  let suitMask = 0;
  let hasWind = false;
  let hasDragon = false;
  let hasTerminal = false;
  let hasSimple = false;
  let rankMask = 0;
  for (let k = 0; k < 34; k++) {
    if (ctx.all[k] === 0) continue;
    if (k < 27) {
      suitMask |= 1 << SUIT[k]!;
      const rank = RANK[k]!;
      rankMask |= 1 << rank;
      if (rank === 1 || rank === 9) hasTerminal = true;
      else hasSimple = true;
    } else if (k < 31) hasWind = true;
    else hasDragon = true;
  }
  ctx.suitMask = suitMask;
  ctx.hasWind = hasWind;
  ctx.hasDragon = hasDragon;
  ctx.hasTerminal = hasTerminal;
  ctx.hasSimple = hasSimple;
  ctx.rankMask = rankMask;
}

/** How many suits the hand holds (0-3). */
export const suitsHeld = (ctx: TileFacts): number =>
  (ctx.suitMask & 1) + ((ctx.suitMask >> 1) & 1) + ((ctx.suitMask >> 2) & 1);

/** Sets the reading summary of ctx from its sets (once per reading, before the patterns read it). */
export function summarizeReading(ctx: ReadingSets): void {
  let windPungs = 0;
  let dragonPungs = 0;
  let chows = 0;
  let honorPungMask = 0;
  for (let s = 0; s < ctx.setCount; s++) {
    if (ctx.setType[s] === CHOW) {
      chows++;
      continue;
    }
    const k = ctx.setFirst[s]!;
    if (k < 27) continue;
    honorPungMask |= 1 << (k - 27);
    if (k < 31) windPungs++;
    else dragonPungs++;
  }
  ctx.windPungs = windPungs;
  ctx.dragonPungs = dragonPungs;
  ctx.chows = chows;
  ctx.honorPungMask = honorPungMask;
}

/** Starts a reading of `shape` with the declared melds as its first sets (a concealed kong counts as concealed). */
export function setMelds(ctx: ReadingSets, shape: number, melds: readonly Meld[]): void {
  ctx.shape = shape;
  ctx.pair = -1;
  for (let m = 0; m < melds.length; m++) {
    const meld = melds[m]!;
    ctx.setType[m] = meld.type === 'chi' ? CHOW : meld.type === 'pon' ? PUNG : KONG;
    ctx.setFirst[m] = meldKind(meld);
    ctx.setConcealed[m] = meld.type === 'ankan' ? 1 : 0;
  }
  ctx.setCount = melds.length;
}

/** Adds the groups and the pair of standard reading i of READINGS (readings.ts) after the melds. */
export function addGroups(ctx: ReadingSets, i: number): void {
  const r = READINGS;
  for (let g = 0; g < r.sets; g++) {
    const at = GROUP_STRIDE * i + g;
    const s = ctx.setCount++;
    const triplet = r.type[at] === READ_TRIPLET;
    ctx.setType[s] = triplet ? PUNG : CHOW;
    ctx.setFirst[s] = r.first[at]!;
    ctx.setConcealed[s] = triplet ? 1 : 0;
  }
  ctx.pair = r.pair[i]!;
}

/**
 * A concealed pung of the winning kind completed by a discard counts as melded, unless a concealed chow of the
 * reading (sets from `from` on) can take the winning tile instead (the reading most favourable to the winner).
 * Example: 555p 345p on a 5p discard: the chow took the 5p, the pung stays concealed.
 */
export function markDiscardPung(ctx: ReadingSets, from: number, winKind: number, tsumo: boolean): void {
  if (tsumo) return;
  for (let s = from; s < ctx.setCount; s++)
    if (ctx.setType[s] === CHOW && winKind >= ctx.setFirst[s]! && winKind <= ctx.setFirst[s]! + 2) return;
  for (let s = from; s < ctx.setCount; s++)
    if (ctx.setType[s] === PUNG && ctx.setFirst[s] === winKind) ctx.setConcealed[s] = 0;
}

/**
 * Nine Gates: no declared meld, and the concealed tiles (`concealed`, the winning tile included) less the winning
 * tile are 1112345678999 of the winning tile's suit. Example: 1112345678999m + 5m.
 */
export function isNineGatesWin(concealed: Uint8Array, winKind: number, meldCount: number): boolean {
  if (meldCount !== 0 || winKind >= 27) return false;
  const base = SUIT[winKind]! * 9;
  for (let k = 0; k < 34; k++) {
    const want = k < base || k >= base + 9 ? 0 : k === base || k === base + 8 ? 3 : 1;
    if (concealed[k]! - (k === winKind ? 1 : 0) !== want) return false;
  }
  return true;
}
