// The one MCR win context every fan reads: hand facts set once per hand, the reading (sets, pair, shape) set per reading.

/** Set types in `setType`. A kong is a declared kong (four of a kind held is never one). */
export const CHOW = 0;
export const PUNG = 1;
export const KONG = 2;

/** Reading shapes (mcr.md §7). */
export const STANDARD = 0;
export const SEVEN_PAIRS = 1;
export const THIRTEEN_ORPHANS = 2;
export const HONORS_AND_KNITTED = 3;
/** The knitted straight standard form: nine knitted tiles, one set and a pair. */
export const KNITTED_STRAIGHT = 4;

/** Most sets a reading has (four sets and a pair). */
export const MAX_SETS = 4;
/** Fan ids run 1-81 plus 82 (Concealed Kong and Melded Kong); arrays by id have this length. */
export const FAN_SLOTS = 83;

/** Suit of a kind: 0 m, 1 p, 2 s, 3 honours. */
export const SUIT: Uint8Array = Uint8Array.from({ length: 34 }, (_, k) => (k < 27 ? Math.floor(k / 9) : 3));
/** Rank 1-9 of a suited kind (0 for honours). */
export const RANK: Uint8Array = Uint8Array.from({ length: 34 }, (_, k) => (k < 27 ? (k % 9) + 1 : 0));

export interface McrContext {
  // --- the hand (set once per hand) ---
  /** Every tile of the hand by kind: concealed, winning tile and melds (a kong counts four). */
  readonly all: Uint8Array;
  /** The concealed tiles with the winning tile (declared kongs excluded). */
  readonly concealed: Uint8Array;
  winKind: number;
  tsumo: boolean;
  /** Last Tile Draw / Last Tile Claim / Out with Replacement Tile / Robbing the Kong / Last Tile. */
  haitei: boolean;
  houtei: boolean;
  rinshan: boolean;
  chankan: boolean;
  lastTile: boolean;
  /** Kinds of the seat and the prevalent wind (27-30). */
  seatWind: number;
  roundWind: number;
  /** Declared melds, and those of them that are not concealed kongs. */
  meldCount: number;
  meldedCount: number;
  /** Suits held: bit 0 m, 1 p, 2 s. */
  suitMask: number;
  hasWind: boolean;
  hasDragon: boolean;
  hasTerminal: boolean;
  hasSimple: boolean;
  /** Ranks 1-9 of the suited tiles held, as bits 1-9. */
  rankMask: number;
  /** Every tile is one of All Green's (23468s, Green Dragon) / Reversible Tiles' (mcr.md #40). */
  allGreen: boolean;
  reversible: boolean;
  /** The hand before the winning tile could win on the winning tile's kind only (-1: not worked out yet). */
  uniqueWait: number;
  /** Option (mcr.md Ambiguity 3): one melded and one concealed kong score 5 (fan 82), or 1 + 2. */
  mixedKongPair: 5 | 3;

  // --- the reading (set per reading) ---
  shape: number;
  /** Declared melds first (indexes below meldCount), then the concealed sets; `setCount` of them. */
  setCount: number;
  readonly setType: Uint8Array;
  readonly setFirst: Uint8Array;
  /** 1 for a set that counts as concealed (a concealed kong, or a concealed pung not completed by a discard). */
  readonly setConcealed: Uint8Array;
  /** The pair's kind (-1 for thirteen orphans and honors-and-knitted). */
  pair: number;
  /** Seven Pairs whose pairs are seven consecutive ranks of one suit. */
  sevenShifted: boolean;
  /** Honors and Knitted Tiles with all seven honours (Greater); with all nine knitted tiles (adds Knitted Straight). */
  greater: boolean;
  knittedStraight: boolean;
  /** KNITTED_STRAIGHT: index of the knitted sequence (special-shapes.ts). */
  knittedSequence: number;
  /** The concealed 13 tiles were 1112345678999 of the winning tile's suit. */
  nineGates: boolean;
  /** The wait fan of this reading (77, 78, 79) or 0. */
  waitFan: number;
  /** Reading summary (summarizeReading): wind and dragon pungs, chows, and the honour kinds held as pungs (bit k - 27). */
  windPungs: number;
  dragonPungs: number;
  chows: number;
  honorPungMask: number;
  /** Counts of the fans that several sets form together, by id (the account-once search's result). */
  readonly combos: Uint8Array;
  /** Counts of the kong family and the concealed-pung family, by id (at most one fan of each family). */
  readonly families: Uint8Array;
}

export function newMcrContext(): McrContext {
  return {
    all: new Uint8Array(34),
    concealed: new Uint8Array(34),
    winKind: 0,
    tsumo: false,
    haitei: false,
    houtei: false,
    rinshan: false,
    chankan: false,
    lastTile: false,
    seatWind: 27,
    roundWind: 27,
    meldCount: 0,
    meldedCount: 0,
    suitMask: 0,
    hasWind: false,
    hasDragon: false,
    hasTerminal: false,
    hasSimple: false,
    rankMask: 0,
    allGreen: false,
    reversible: false,
    uniqueWait: -1,
    mixedKongPair: 5,
    shape: STANDARD,
    setCount: 0,
    setType: new Uint8Array(MAX_SETS),
    setFirst: new Uint8Array(MAX_SETS),
    setConcealed: new Uint8Array(MAX_SETS),
    pair: -1,
    sevenShifted: false,
    greater: false,
    knittedStraight: false,
    knittedSequence: -1,
    nineGates: false,
    waitFan: 0,
    windPungs: 0,
    dragonPungs: 0,
    chows: 0,
    honorPungMask: 0,
    combos: new Uint8Array(FAN_SLOTS),
    families: new Uint8Array(FAN_SLOTS),
  };
}

/** 1 for the kinds of All Green (23468s, Green Dragon) and of Reversible Tiles (mcr.md #3, #40). */
const GREEN = Uint8Array.from({ length: 34 }, (_, k) => ([19, 20, 21, 23, 25, 32].includes(k) ? 1 : 0));
const REVERSIBLE = Uint8Array.from({ length: 34 }, (_, k) =>
  [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31].includes(k) ? 1 : 0,
);

/** Sets the tile facts of the hand from ctx.all. */
export function readTileFacts(ctx: McrContext): void {
  let suitMask = 0;
  let hasWind = false;
  let hasDragon = false;
  let hasTerminal = false;
  let hasSimple = false;
  let rankMask = 0;
  let allGreen = true;
  let reversible = true;
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
    if (!GREEN[k]) allGreen = false;
    if (!REVERSIBLE[k]) reversible = false;
  }
  ctx.suitMask = suitMask;
  ctx.hasWind = hasWind;
  ctx.hasDragon = hasDragon;
  ctx.hasTerminal = hasTerminal;
  ctx.hasSimple = hasSimple;
  ctx.rankMask = rankMask;
  ctx.allGreen = allGreen;
  ctx.reversible = reversible;
}

/** Sets the reading summary of ctx from its sets (once per reading, before the fans read it). */
export function summarizeReading(ctx: McrContext): void {
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
