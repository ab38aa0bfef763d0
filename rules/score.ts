// Scoring a win: every reading and win placement is scored, the highest payment wins (riichi.md 12).
import type { Decomposition, WinPlacement } from './decompose.js';
import { fuOf } from './fu.js';
import {
  isKan,
  isOpenMeld,
  MAX_RED_PER_SUIT,
  MAX_RED_PER_SUIT_3,
  meldKind,
  meldProblem,
  validateMeld,
  type Meld,
  type Wind,
} from './hand.js';
import type { RuleOptions } from './options.js';
import {
  handPoints,
  limitOf,
  MANGAN_BASE,
  ordinaryBasePoints,
  winnerGain,
  winPayments,
  YAKUMAN_BASE,
  type HandPoints,
  type Limit,
  type WinPayments,
} from './points.js';
import { fail, ok, type Result, type RuleError } from './result.js';
import {
  decompositionAt,
  GROUP_STRIDE,
  PLACED,
  placeWin,
  placementOf,
  READ_CHIITOITSU,
  READ_STANDARD,
  READINGS,
  readHand,
  SHANPON,
  WAIT_SHAPES,
} from './readings.js';
import { doraFromIndicator, formatKind, KIND_COUNT, KIND_MASK, RED_FLAG, type Tile } from './tiles.js';
import {
  handFeaturesOf,
  HONOR_BIT,
  KAN,
  newContext,
  SEQUENCE,
  summarizeReading,
  TRIPLET,
  type YakuContext,
} from './yaku/context.js';
import { ORDINARY_YAKU } from './yaku/ordinary.js';
import { candidates, lowestUnit, UNIT_TABLES } from './yaku/tables.js';
import { YAKUMAN } from './yaku/yakuman.js';

/** Everything about a win that scoring needs (riichi.md 11.6). Situational flags default to false. */
export interface WinContext {
  /** Concealed tiles without the winning tile and without closed-kan tiles (13 - 3·melds). */
  readonly closedTiles: readonly Tile[];
  readonly melds: readonly Meld[];
  /** Drawn tile on a tsumo; the discard or robbed kan tile on a ron. */
  readonly winTile: Tile;
  readonly tsumo: boolean;
  readonly seatWind: Wind;
  readonly roundWind: Wind;
  /** Defaults to seatWind === 1 (East). */
  readonly dealer?: boolean;
  /** True for a double riichi too. */
  readonly riichi?: boolean;
  readonly doubleRiichi?: boolean;
  readonly ippatsu?: boolean;
  readonly haitei?: boolean;
  readonly houtei?: boolean;
  readonly rinshan?: boolean;
  readonly chankan?: boolean;
  readonly tenhou?: boolean;
  readonly chiihou?: boolean;
  /** Non-dealer ron before his own first draw, first go-around uninterrupted (Y29, option `renhou`). */
  readonly renhou?: boolean;
  /** Consecutive dealer wins including this one (K14, option `paarenchan`). */
  readonly dealerStreak?: number;
  readonly doraIndicators?: readonly Tile[];
  /** Counted only for a riichi winner. */
  readonly uraIndicators?: readonly Tile[];
  /** Sanma north tiles set aside (D4), 1 han each. */
  readonly northDora?: number;
  readonly honba?: number;
  readonly riichiSticks?: number;
}

export type ScoredYaku =
  | { readonly id: string; readonly name: string; readonly han: number }
  | { readonly id: string; readonly name: string; readonly yakuman: number };

/** What a win is worth and pays (`ScoredHand` without the reading): what `scoreWin` prints. */
export interface HandValue {
  /** Han including dora; null for a yakuman hand. */
  readonly han: number | null;
  /** Fu as rounded (Seven Pairs 25); null for a yakuman hand. */
  readonly fu: number | null;
  readonly yaku: readonly ScoredYaku[];
  /** Number of yakuman (0 for ordinary and counted-yakuman hands). */
  readonly yakuman: number;
  readonly limit: Limit | null;
  readonly basePoints: number;
  /** What the loser(s) pay, excluding honba. */
  readonly points: HandPoints;
  /** Winner's gain excluding honba and deposits. */
  readonly total: number;
  /** Payments including honba and deposits. */
  readonly payments: WinPayments;
}

export interface ScoredHand extends HandValue {
  /** The reading that was paid, and where the winning tile sits in it. */
  readonly decomposition: Decomposition;
  readonly placement: WinPlacement;
}

// Yaku hits are bit sets over registry indices: ordinary units 0-30 in `lo`, 31-61 in `hi`; yakuman in one int.
if (ORDINARY_YAKU.length > 62 || YAKUMAN.length > 31)
  throw new Error('yaku registry too large for the hit masks');
/** Number of set bits of a 32-bit mask. */
function bitCount(mask: number): number {
  let n = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) n++;
  return n;
}

/** Index of the lowest set bit of a non-zero 32-bit mask. */
const lowestBit = (mask: number): number => 31 - Math.clz32(mask & -mask);

/** One scored reading. */
interface Candidate {
  gain: number;
  han: number;
  fu: number;
  base: number;
  yakuman: number;
  renhouMangan: boolean;
  lo: number;
  hi: number;
  yakumanHits: number;
  /** Index of the reading in READINGS, and where the winning tile sits in it. */
  reading: number;
  /** Wait shape code (readings.ts WAIT_SHAPES). */
  wait: number;
  groupIndex: number;
}

const newCandidate = (): Candidate => ({
  gain: -1,
  han: 0,
  fu: 0,
  base: 0,
  yakuman: 0,
  renhouMangan: false,
  lo: 0,
  hi: 0,
  yakumanHits: 0,
  reading: -1,
  wait: 0,
  groupIndex: -1,
});

/** Situational flags that contradict each other or the hand (`bad_input`); reads the flags readFlags put in ctx. */
function checkSituation(ctx: YakuContext, closed: boolean, kans: number): string | null {
  const flags = scratch.flags;
  const { tsumo, dealer } = ctx;
  const seatWind = flags.seatWind;
  const roundWind = flags.roundWind;
  if (seatWind < 1 || seatWind > 4 || !Number.isInteger(seatWind)) return `seatWind is 1-4, not ${seatWind}`;
  if (roundWind < 1 || roundWind > 4 || !Number.isInteger(roundWind))
    return `roundWind is 1-4, not ${roundWind}`;
  if (dealer !== (seatWind === 1))
    return `dealer is ${dealer} but seatWind is ${seatWind} (the dealer sits East)`;
  if (ctx.doubleRiichi && !ctx.riichi)
    return 'doubleRiichi needs riichi (riichi is true for a double riichi too)';
  if (ctx.riichi && !closed) return 'riichi with an open hand';
  if (ctx.ippatsu && !ctx.riichi) return 'ippatsu without riichi';
  if (ctx.haitei && !tsumo) return 'haitei is a tsumo on the last tile';
  if (ctx.houtei && tsumo) return 'houtei is a ron on the last discard';
  if (ctx.rinshan && !tsumo) return 'rinshan is a tsumo on a replacement tile';
  // Sanma: a north extraction also draws a replacement tile (riichi.md Y13).
  if (ctx.rinshan && kans === 0 && !flags.northDora) return 'rinshan without a kan (or a north set aside)';
  if (ctx.rinshan && ctx.haitei) return 'a replacement tile is never the last tile (rinshan with haitei)';
  if (ctx.chankan && tsumo) return 'chankan is a ron';
  const melds = ctx.meldCount;
  if (ctx.tenhou && !(dealer && tsumo && melds === 0)) return "tenhou is the dealer's tsumo with no call";
  if (ctx.chiihou && !(!dealer && tsumo && melds === 0))
    return "chiihou is a non-dealer's tsumo with no call";
  if (ctx.renhou && !(!dealer && !tsumo && melds === 0)) return "renhou is a non-dealer's ron with no call";
  return (
    countProblem('honba', flags.honba) ??
    countProblem('riichiSticks', flags.riichiSticks) ??
    countProblem('northDora', flags.northDora) ??
    countProblem('dealerStreak', flags.dealerStreak)
  );
}

const countProblem = (name: string, value: number | undefined): string | null =>
  value !== undefined && (!Number.isInteger(value) || value < 0)
    ? `${name} is a whole number ≥ 0, not ${value}`
    : null;

// Tile classes by kind, OR-ed over the hand's tiles: which suits, and which of simples/terminals/honours/non-green.
const SIMPLE_CLASS = 16;
const TERMINAL_CLASS = 32;
const HONOR_CLASS = 64;
const NOT_GREEN_CLASS = 128;
const GREEN_KINDS = [19, 20, 21, 23, 25, 32]; // 2s 3s 4s 6s 8s 6z (0.2)
const TILE_CLASS = Uint8Array.from({ length: KIND_COUNT }, (_, k) => {
  const suit = k < 27 ? 1 << Math.floor(k / 9) : HONOR_BIT;
  const kind = k >= 27 ? HONOR_CLASS : k % 9 === 0 || k % 9 === 8 ? TERMINAL_CLASS : SIMPLE_CLASS;
  return suit | kind | (GREEN_KINDS.includes(k) ? 0 : NOT_GREEN_CLASS);
});

const redsBySuit = new Uint8Array(3);

/**
 * Counts the hand into ctx.concealed / ctx.all and the tile classes, and records the melds as groups 0..n-1
 * (ctx.groupType/groupFirst/groupOpen, ctx.meldCount, ctx.kanCount, ctx.closed), checking what
 * `validateHand` checks in the same pass (fused: this is the hot path). Returns the first problem or null.
 */
function countHand(win: WinContext, ctx: YakuContext): RuleError | null {
  const melds = win.melds;
  const meldCount = melds.length;
  if (meldCount > 4) return fail('bad_hand_size', `${meldCount} melds: a hand has at most 4`);
  let closed = true;
  let kans = 0;
  for (let m = 0; m < meldCount; m++) {
    const meld = melds[m]!;
    if (meldProblem(meld) !== null) return validateMeld(meld) as RuleError;
    const type = meld.type;
    const open = isOpenMeld(meld);
    if (open) closed = false;
    if (isKan(meld)) kans++;
    ctx.groupType[m] = type === 'chi' ? SEQUENCE : type === 'pon' ? TRIPLET : KAN;
    ctx.groupFirst[m] = meldKind(meld);
    ctx.groupOpen[m] = open ? 1 : 0;
  }
  ctx.meldCount = meldCount;
  ctx.kanCount = kans;
  ctx.closed = closed;
  const closedTiles = win.closedTiles;
  const expected = 13 - 3 * meldCount;
  if (closedTiles.length !== expected) {
    return fail(
      'bad_hand_size',
      `${closedTiles.length} concealed tiles with ${meldCount} meld(s): expected ${expected} (without the winning tile and closed-kan tiles)`,
    );
  }
  const concealed = ctx.concealed;
  const all = ctx.all;
  // ctx.countWords: all at words 0-4 (bytes 0-33, then zero padding), concealed at words 5-9 (zero stores are exact).
  const words = ctx.countWords;
  words[5] = words[6] = words[7] = words[8] = words[9] = 0;
  redsBySuit[0] = redsBySuit[1] = redsBySuit[2] = 0;
  let classes = 0;
  let reds = 0;
  // Index 13 - 3·melds is the winning tile; then the meld tiles. Until the melds, all equals concealed.
  for (let i = 0; i <= expected; i++) {
    const tile = i < expected ? closedTiles[i]! : win.winTile;
    const kind = tile & KIND_MASK;
    if (kind >= KIND_COUNT)
      return fail('bad_tile', `kind ${kind} (${formatKind(kind)}) is not a riichi tile`);
    if (++concealed[kind]! > 4) return tooMany(kind);
    classes |= TILE_CLASS[kind]!;
    if (tile & RED_FLAG) {
      reds++;
      redsBySuit[(kind / 9) | 0]!++;
    }
  }
  const ints = ctx.countInts; // all = concealed, bytes 0-35 from 40-75 (the padding is zero)
  for (let w = 0; w < 9; w++) ints[w] = ints[10 + w]!;
  for (let m = 0; m < meldCount; m++) {
    const tiles = melds[m]!.tiles;
    for (let i = 0; i < tiles.length; i++) {
      const tile = tiles[i]!;
      const kind = tile & KIND_MASK;
      if (kind >= KIND_COUNT)
        return fail('bad_tile', `kind ${kind} (${formatKind(kind)}) is not a riichi tile`);
      if (++all[kind]! > 4) return tooMany(kind);
      classes |= TILE_CLASS[kind]!;
      if (tile & RED_FLAG) {
        reds++;
        redsBySuit[(kind / 9) | 0]!++;
      }
    }
  }
  if (reds > 0) {
    const max = ctx.options.redFives === '3' ? MAX_RED_PER_SUIT_3 : MAX_RED_PER_SUIT;
    for (let suit = 0; suit < 3; suit++) {
      if (redsBySuit[suit]! > max[suit]!)
        return fail(
          'bad_red_five',
          `the hand holds ${redsBySuit[suit]} red ${formatKind(suit * 9 + 4)}; the set (redFives ${ctx.options.redFives}) has ${max[suit]}`,
        );
    }
  }
  ctx.suitMask = classes & 15;
  ctx.allSimples = (classes & (TERMINAL_CLASS | HONOR_CLASS)) === 0;
  ctx.allTerminalsOrHonors = (classes & SIMPLE_CLASS) === 0;
  ctx.allTerminals = (classes & (SIMPLE_CLASS | HONOR_CLASS)) === 0;
  ctx.allHonors = (classes & (SIMPLE_CLASS | TERMINAL_CLASS)) === 0;
  ctx.allGreen = (classes & NOT_GREEN_CLASS) === 0;
  scratch.reds = reds;
  return null;
}

const tooMany = (kind: number): RuleError =>
  fail(
    'too_many_copies',
    `the hand holds more than 4 copies of ${formatKind(kind)} (concealed, melds and winning tile); a set has 4`,
  );

/**
 * Reads from each part of the win (tile lists, melds) up front. The parts are separate objects,
 * usually not in cache when a hand comes in; read here together, their cache misses overlap instead of
 * coming one after another as the checks reach each part. The sum is kept only so the reads stay.
 */
function touchParts(win: WinContext): void {
  const closedTiles = win.closedTiles;
  const melds = win.melds;
  const dora = win.doraIndicators;
  const ura = win.uraIndicators;
  const last = closedTiles.length - 1;
  // First, middle and last element: 13 tiles span up to three cache lines.
  let sum = last < 0 ? 0 : closedTiles[0]! + closedTiles[last >> 1]! + closedTiles[last]!;
  for (let m = 0; m < melds.length; m++) {
    const tiles = melds[m]!.tiles;
    sum += tiles[0]! + tiles[tiles.length - 1]!;
  }
  if (dora !== undefined && dora.length > 0) sum += dora[0]!;
  if (ura !== undefined && ura.length > 0) sum += ura[0]!;
  scratch.touched = sum;
}

/**
 * Copies the win's flags and counts into ctx and scratch.flags. Called right after touchParts: these reads
 * need only the win object, so they run while the tile lists are still on their way from memory.
 */
function readFlags(win: WinContext, ctx: YakuContext, options: RuleOptions): void {
  const flags = scratch.flags;
  const seatWind = win.seatWind;
  const roundWind = win.roundWind;
  flags.seatWind = seatWind;
  flags.roundWind = roundWind;
  ctx.tsumo = win.tsumo;
  ctx.riichi = win.riichi ?? false;
  // A preset without double riichi scores a first-turn riichi as a single one (Minefield V1.4: "only 1 fan").
  ctx.doubleRiichi = (win.doubleRiichi ?? false) && options.doubleRiichiAllowed !== false;
  ctx.ippatsu = win.ippatsu ?? false;
  ctx.haitei = win.haitei ?? false;
  ctx.houtei = win.houtei ?? false;
  ctx.rinshan = win.rinshan ?? false;
  ctx.chankan = win.chankan ?? false;
  ctx.tenhou = win.tenhou ?? false;
  ctx.chiihou = win.chiihou ?? false;
  ctx.renhou = win.renhou ?? false;
  ctx.dealer = win.dealer ?? seatWind === 1;
  const dealerStreak = win.dealerStreak;
  flags.dealerStreak = dealerStreak;
  ctx.dealerStreak = dealerStreak ?? 0;
  ctx.seatWind = 26 + seatWind;
  ctx.roundWind = 26 + roundWind;
  ctx.winKind = win.winTile & KIND_MASK;
  flags.honba = win.honba;
  flags.riichiSticks = win.riichiSticks;
  flags.northDora = win.northDora;
}

/** Module scratch: scoring is synchronous, so one context and two candidates serve every call. */
const scratch = {
  ctx: null as YakuContext | null,
  current: newCandidate(),
  best: newCandidate(),
  reds: 0,
  touched: 0,
  /** The win's fields that have no place in ctx, as given (undefined when absent). */
  flags: {
    seatWind: 1 as number,
    roundWind: 1 as number,
    honba: undefined as number | undefined,
    riichiSticks: undefined as number | undefined,
    northDora: undefined as number | undefined,
    dealerStreak: undefined as number | undefined,
  },
};

const DOUBLE_YAKUMAN_MASK = YAKUMAN.reduce((mask, unit, i) => (unit.double ? mask | (1 << i) : mask), 0);

/** Hand-scope results, computed once per hand and shared by every reading. */
const handScope = { han: 0, lo: 0, hi: 0, yakumanHits: 0 };

/** Runs the hand-scope tests; the reading fields of ctx are not read. */
function evaluateHandScope(ctx: YakuContext): void {
  const features = ctx.handFeatures;
  const table = UNIT_TABLES.handOrdinary;
  const hanOf = ctx.closed ? table.hanClosed : table.hanOpen;
  let han = 0;
  let lo = 0;
  let hi = 0;
  // Units with han for this hand whose needs it meets, in registry order (lowest bit first).
  let rest = candidates(table, features) & (ctx.closed ? table.hasHanClosed : table.hasHanOpen);
  for (; rest !== 0; rest &= rest - 1) {
    const j = lowestUnit(rest);
    if (table.test[j]!(ctx)) {
      const i = table.index[j]!;
      if (i < 31) lo |= 1 << i;
      else hi |= 1 << (i - 31);
      han += hanOf[j]!;
    }
  }
  let hits = 0;
  const yakuman = UNIT_TABLES.handYakuman;
  for (rest = candidates(yakuman, features); rest !== 0; rest &= rest - 1) {
    const j = lowestUnit(rest);
    if (yakuman.test[j]!(ctx)) hits |= 1 << yakuman.index[j]!;
  }
  handScope.han = han;
  handScope.lo = lo;
  handScope.hi = hi;
  handScope.yakumanHits = hits;
}

/** Yakuman value of a hit set: summed with stacking, else the largest (a double counts 2 under doubleYakuman). */
function countYakuman(hits: number, doubleYakuman: boolean, stacking: boolean): number {
  let total = 0;
  for (let rest = hits; rest !== 0; rest &= rest - 1) {
    const value = doubleYakuman && (rest & -rest & DOUBLE_YAKUMAN_MASK) !== 0 ? 2 : 1;
    total = stacking ? total + value : Math.max(total, value);
  }
  return total;
}

/**
 * Scores a win: validates it, reads the hand every way (readings.ts: what `decompose` and `winPlacements`
 * find, without building objects), scores each reading and pays the highest (ties: higher han, then higher fu; riichi.md 12).
 * Errors: `bad_meld`, `bad_hand_size`, `too_many_copies`, `bad_red_five`, `bad_tile` (hand), `bad_input`
 * (contradictory flags), `not_a_win` (no complete shape), `no_yaku` (complete, but no reading has a yaku).
 */
export function scoreHand(win: WinContext, options: RuleOptions): Result<ScoredHand> {
  return scoreWinningHand(win, options, true) as Result<ScoredHand>;
}

/** `scoreHand` without the paid reading (`decomposition`, `placement`), which it then need not build. */
export function scoreHandValue(win: WinContext, options: RuleOptions): Result<HandValue> {
  return scoreWinningHand(win, options, false);
}

function scoreWinningHand(win: WinContext, options: RuleOptions, withReading: boolean): Result<HandValue> {
  touchParts(win);
  const ctx = (scratch.ctx ??= newContext(options));
  ctx.options = options;
  readFlags(win, ctx, options);
  const invalid = countHand(win, ctx);
  if (invalid) return invalid;
  const problem = checkSituation(ctx, ctx.closed, ctx.kanCount);
  if (problem) return fail('bad_input', problem);
  const meldCount = ctx.meldCount;
  const dealer = ctx.dealer;
  const winKind = ctx.winKind;
  const all = ctx.all;

  // Dora (3.6): han, never yaku; counted once per hand.
  let dora = 0;
  const doraIndicators = win.doraIndicators;
  if (doraIndicators)
    for (let i = 0; i < doraIndicators.length; i++)
      dora += all[doraFromIndicator(doraIndicators[i]! & KIND_MASK)]!;
  let ura = 0;
  const uraIndicators = win.uraIndicators;
  if (ctx.riichi && uraIndicators)
    for (let i = 0; i < uraIndicators.length; i++)
      ura += all[doraFromIndicator(uraIndicators[i]! & KIND_MASK)]!;
  const aka = options.redFives !== 'none' ? scratch.reds : 0;
  const north = scratch.flags.northDora ?? 0;
  const doraHan = dora + ura + aka + north;

  ctx.handFeatures = handFeaturesOf(ctx);
  evaluateHandScope(ctx);
  const concealed = ctx.concealed;
  const readingCount = readHand(concealed, meldCount);
  if (readingCount === 0)
    return fail(
      'not_a_win',
      'the tiles do not make a complete hand (four sets and a pair, seven pairs or thirteen orphans)',
    );

  // Two candidates: the reading being scored and the best so far; a better one swaps roles (no copying).
  let current = scratch.current;
  let best = scratch.best;
  best.gain = -1;
  const renhouMangan = options.renhou === 'mangan' && ctx.renhou && !dealer && !win.tsumo;
  const players = options.players;
  const readings = READINGS;
  const groupType = ctx.groupType;
  const groupFirst = ctx.groupFirst;
  const groupOpen = ctx.groupOpen;
  const sets = 4 - meldCount;
  for (let d = 0; d < readingCount; d++) {
    const shape = readings.shape[d];
    ctx.shape = shape === READ_STANDARD ? 'standard' : shape === READ_CHIITOITSU ? 'chiitoitsu' : 'kokushi';
    ctx.pair = readings.pair[d]!;
    if (shape === READ_STANDARD) {
      for (let g = 0, at = GROUP_STRIDE * d; g < sets; g++, at++) {
        groupType[meldCount + g] = readings.type[at]!; // READ_SEQUENCE/READ_TRIPLET = SEQUENCE/TRIPLET
        groupFirst[meldCount + g] = readings.first[at]!;
      }
    }
    const placements = placeWin(concealed, d, winKind);
    for (let p = 0; p < placements; p++) {
      const wait = PLACED.shape[p]!;
      ctx.wait = WAIT_SHAPES[wait]!;
      for (let g = meldCount; g < 4; g++) groupOpen[g] = 0;
      // A triplet completed by ron counts as open (0.3).
      if (!win.tsumo && wait === SHANPON) groupOpen[meldCount + PLACED.group[p]!] = 1;
      summarizeReading(ctx);
      evaluate(ctx, current, doraHan, renhouMangan, players);
      if (current.gain < 0) continue;
      // (R3, differential test) On equal payment a real yakuman beats a counted one (riichi.md 11.1: a hand that
      // qualifies for a yakuman scores only yakuman): 111555666777m88m reads as suuankou tanki, not as 16-han kazoe.
      const yakumanTie = current.gain === best.gain && current.yakuman > 0 !== best.yakuman > 0;
      if (
        current.gain > best.gain ||
        (yakumanTie
          ? current.yakuman > 0
          : current.gain === best.gain &&
            (current.han > best.han || (current.han === best.han && current.fu > best.fu)))
      ) {
        current.reading = d;
        current.wait = wait;
        current.groupIndex = PLACED.group[p]!;
        const previous = best;
        best = current;
        current = previous;
      }
    }
  }
  if (best.gain < 0) return fail('no_yaku', 'the hand is complete but has no yaku (dora do not count)');
  return ok(finish(best, win, dealer, options, dora, aka, ura, north, withReading));
}

/** Scores the reading in ctx into `out` (gain -1 when it has no yaku). */
function evaluate(
  ctx: YakuContext,
  out: Candidate,
  doraHan: number,
  renhouMangan: boolean,
  players: number,
): void {
  const features = ctx.features;
  const table = UNIT_TABLES.readingOrdinary;
  const hanOf = ctx.closed ? table.hanClosed : table.hanOpen;
  let han = handScope.han;
  let lo = handScope.lo;
  let hi = handScope.hi;
  let hits = handScope.yakumanHits;
  // A hand-scope yakuman pays whatever the ordinary yaku are (and satisfies paarenchan's need of a yaku).
  let rest =
    hits !== 0 ? 0 : candidates(table, features) & (ctx.closed ? table.hasHanClosed : table.hasHanOpen);
  for (; rest !== 0; rest &= rest - 1) {
    const j = lowestUnit(rest);
    if (table.test[j]!(ctx)) {
      const i = table.index[j]!;
      if (i < 31) lo |= 1 << i;
      else hi |= 1 << (i - 31);
      han += hanOf[j]!;
    }
  }
  out.lo = lo;
  out.hi = hi;
  ctx.ordinaryHan = han;
  const options = ctx.options;
  const doubleYakuman = options.doubleYakuman;
  const stacking = options.yakumanStacking;
  let yakuman = hits === 0 ? 0 : countYakuman(hits, doubleYakuman, stacking);
  // In registry order: paarenchan, last, reads the yakuman found before it.
  const yakumanTable = UNIT_TABLES.readingYakuman;
  for (rest = candidates(yakumanTable, features); rest !== 0; rest &= rest - 1) {
    const j = lowestUnit(rest);
    ctx.yakumanSoFar = yakuman;
    if (yakumanTable.test[j]!(ctx)) {
      hits |= 1 << yakumanTable.index[j]!;
      yakuman = countYakuman(hits, doubleYakuman, stacking);
    }
  }
  out.yakumanHits = hits;
  out.renhouMangan = false;
  const dealer = ctx.dealer;
  const tsumo = ctx.tsumo;
  if (yakuman > 0) {
    out.yakuman = Math.min(yakuman, options.yakumanCap);
    out.base = YAKUMAN_BASE * out.yakuman;
    out.han = 13 * out.yakuman;
    out.fu = 0;
    out.gain = winnerGain(out.base, dealer, tsumo, players);
    return;
  }
  out.yakuman = 0;
  // A reading without a yaku is never paid (unless renhou pays it as a mangan): its fu is not needed.
  out.fu = han === 0 && !renhouMangan ? 0 : fuOf(ctx);
  if (han === 0) {
    out.han = 0;
    out.base = 0;
    out.gain = -1;
  } else {
    out.han = han + doraHan;
    out.base = ordinaryBasePoints(out.han, out.fu, options);
    out.gain = winnerGain(out.base, dealer, tsumo, players);
  }
  // Renhou as a flat mangan replaces a lower ordinary value (11.4, A9).
  if (renhouMangan && out.base < MANGAN_BASE) {
    out.renhouMangan = true;
    out.han = 5;
    out.base = MANGAN_BASE;
    out.gain = winnerGain(MANGAN_BASE, dealer, tsumo, players);
  }
}

// Output entries are shared frozen objects: an ordinary yaku's entry depends only on open/closed.
const CLOSED_ENTRIES: readonly ScoredYaku[] = ORDINARY_YAKU.map((unit) =>
  Object.freeze({ id: unit.id, name: unit.name, han: unit.hanClosed }),
);
const OPEN_ENTRIES: readonly ScoredYaku[] = ORDINARY_YAKU.map((unit) =>
  Object.freeze({ id: unit.id, name: unit.name, han: unit.hanOpen }),
);
const YAKUMAN_ENTRIES: readonly ScoredYaku[][] = YAKUMAN.map((unit) =>
  [1, 2].map((n) => Object.freeze({ id: unit.id, name: unit.name, yakuman: n })),
);
const doraEntries = (id: string, name: string): ScoredYaku[] =>
  Array.from({ length: 40 }, (_, n) => Object.freeze({ id, name, han: n }));
const DORA_ENTRIES = doraEntries('D1', 'dora');
const AKA_ENTRIES = doraEntries('D2', 'aka dora');
const URA_ENTRIES = doraEntries('D3', 'ura dora');
const NORTH_ENTRIES = doraEntries('D4', 'north dora');
const RENHOU_MANGAN: ScoredYaku = Object.freeze({ id: 'Y29', name: 'renhou', han: 5 });
const doraEntry = (entries: ScoredYaku[], id: string, name: string, n: number): ScoredYaku =>
  entries[n] ?? { id, name, han: n };

/**
 * What a base points value pays (frozen, shared): the loser(s)' points, and the payments without honba and
 * deposits by player count. A small domain (the fu/han table's values and the limits), so scoring a hand
 * usually allocates neither object; cleared if it ever grows past its bound.
 */
interface PaidEntry {
  readonly points: HandPoints;
  readonly bare: (WinPayments | undefined)[];
}
const PAID = new Map<number, PaidEntry>();
const PAID_BOUND = 4096;

function paidEntry(base: number, dealer: boolean, tsumo: boolean): PaidEntry {
  const key = base * 4 + (dealer ? 2 : 0) + (tsumo ? 1 : 0);
  let entry = PAID.get(key);
  if (entry === undefined) {
    if (PAID.size >= PAID_BOUND) PAID.clear();
    entry = { points: Object.freeze(handPoints(base, dealer, tsumo)), bare: [] };
    PAID.set(key, entry);
  }
  return entry;
}

function finish(
  best: Candidate,
  win: WinContext,
  dealer: boolean,
  options: RuleOptions,
  dora: number,
  aka: number,
  ura: number,
  north: number,
  withReading: boolean,
): HandValue | ScoredHand {
  // Lists are made exactly sized: one is built per scored hand.
  let yaku: ScoredYaku[];
  let limit: Limit | null;
  if (best.yakuman > 0) {
    // Without stacking every yakuman of the hand is listed, but only the largest is paid (best.yakuman).
    const doubleYakuman = options.doubleYakuman;
    yaku = new Array<ScoredYaku>(bitCount(best.yakumanHits));
    let n = 0;
    for (let rest = best.yakumanHits; rest !== 0; rest &= rest - 1) {
      const i = lowestBit(rest);
      yaku[n++] = YAKUMAN_ENTRIES[i]![YAKUMAN[i]!.double && doubleYakuman ? 1 : 0]!;
    }
    limit = 'yakuman';
  } else if (best.renhouMangan) {
    yaku = [RENHOU_MANGAN];
    limit = 'mangan';
  } else {
    const entries = scratch.ctx!.closed ? CLOSED_ENTRIES : OPEN_ENTRIES;
    const size =
      bitCount(best.lo) +
      bitCount(best.hi) +
      (dora > 0 ? 1 : 0) +
      (aka > 0 ? 1 : 0) +
      (ura > 0 ? 1 : 0) +
      (north > 0 ? 1 : 0);
    yaku = new Array<ScoredYaku>(size);
    let n = 0;
    // Set bits from the lowest: registry order.
    for (let rest = best.lo; rest !== 0; rest &= rest - 1) yaku[n++] = entries[lowestBit(rest)]!;
    for (let rest = best.hi; rest !== 0; rest &= rest - 1) yaku[n++] = entries[31 + lowestBit(rest)]!;
    if (dora > 0) yaku[n++] = doraEntry(DORA_ENTRIES, 'D1', 'dora', dora);
    if (aka > 0) yaku[n++] = doraEntry(AKA_ENTRIES, 'D2', 'aka dora', aka);
    if (ura > 0) yaku[n++] = doraEntry(URA_ENTRIES, 'D3', 'ura dora', ura);
    if (north > 0) yaku[n] = doraEntry(NORTH_ENTRIES, 'D4', 'north dora', north); // the last slot
    limit = limitOf(best.han, best.base);
  }
  const tsumo = win.tsumo;
  const honba = win.honba ?? 0;
  const riichiSticks = win.riichiSticks ?? 0;
  const paid = paidEntry(best.base, dealer, tsumo);
  const points = paid.points;
  let payments: WinPayments;
  // With no honba and no deposits the payments follow from the points and the player count alone
  // (0 × a finite honba value is exactly 0).
  const honbaValue = options.honbaValue;
  if (honba === 0 && riichiSticks === 0 && Number.isFinite(honbaValue) && honbaValue >= 0) {
    const players = options.players;
    payments = paid.bare[players] ??= Object.freeze(winPayments(points, dealer, tsumo, 0, 0, options));
  } else payments = winPayments(points, dealer, tsumo, honba, riichiSticks, options);
  const han = best.yakuman > 0 ? null : best.han;
  const fu = best.yakuman > 0 ? null : best.fu;
  const total = best.gain; // winnerGain of the paid reading
  if (!withReading)
    return { han, fu, yaku, yakuman: best.yakuman, limit, basePoints: best.base, points, total, payments };
  return {
    han,
    fu,
    yaku,
    yakuman: best.yakuman,
    limit,
    basePoints: best.base,
    points,
    total,
    payments,
    decomposition: decompositionAt(scratch.ctx!.concealed, best.reading),
    placement: placementOf(best.wait, best.groupIndex),
  };
}
