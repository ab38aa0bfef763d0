// The one MCR win context every fan reads: hand facts set once per hand, the reading (sets, pair, shape) set per reading.

import { readTileFacts as readSharedTileFacts, type ReadingSets, type TileFacts } from '../sets.js';

export {
  CHOW,
  KONG,
  MAX_SETS,
  PUNG,
  RANK,
  SEVEN_PAIRS,
  STANDARD,
  SUIT,
  summarizeReading,
  THIRTEEN_ORPHANS,
} from '../sets.js';
import { MAX_SETS, STANDARD } from '../sets.js';

/** MCR's shapes beyond the shared ones (sets.ts: STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS). */
export const HONORS_AND_KNITTED = 3;
/** The knitted straight standard form: nine knitted tiles, one set and a pair. */
export const KNITTED_STRAIGHT = 4;

/** Fan ids run 1-81 plus 82 (Concealed Kong and Melded Kong); arrays by id have this length. */
export const FAN_SLOTS = 83;

/** The hand facts and the reading: the shared ones (sets.ts) and MCR's own. */
export interface McrContext extends TileFacts, ReadingSets {
  // --- the hand (set once per hand) ---
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
  /** Every tile is one of All Green's (23468s, Green Dragon) / Reversible Tiles' (mcr.md #40). */
  allGreen: boolean;
  reversible: boolean;
  /** The hand before the winning tile could win on the winning tile's kind only (-1: not worked out yet). */
  uniqueWait: number;
  /** Option (mcr.md Ambiguity 3): one melded and one concealed kong score 5 (fan 82), or 1 + 2. */
  mixedKongPair: 5 | 3;

  // --- the reading (set per reading; the sets and the pair are ReadingSets') ---
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

/** Sets the tile facts of the hand from ctx.all: the shared ones and All Green's / Reversible Tiles'. */
export function readTileFacts(ctx: McrContext): void {
  readSharedTileFacts(ctx);
  let allGreen = true;
  let reversible = true;
  for (let k = 0; k < 34; k++) {
    if (ctx.all[k] === 0) continue;
    if (!GREEN[k]) allGreen = false;
    if (!REVERSIBLE[k]) reversible = false;
  }
  ctx.allGreen = allGreen;
  ctx.reversible = reversible;
}
