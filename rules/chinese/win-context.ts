// The win context the Hong Kong, Zung Jung and Vietnamese pattern tables read, and every reading of a win (every wild assignment × every reading) set into it one after the other.
import type { Meld } from '../hand.js';
import { fail, ok, type Result } from '../result.js';
import { READ_STANDARD, READINGS, readHand } from '../readings.js';
import { sevenPairsOf, thirteenOrphansPair } from '../special-shapes.js';
import { KIND_COUNT, KIND_MASK } from '../tiles.js';
import { forEachCompletion, type WildGroup, type WildRange } from '../wilds.js';
import type { ChineseWin } from './input.js';
import type { StandardDecomposition } from '../decompose.js';
import {
  addGroups,
  CHOW,
  isNineGatesWin,
  KONG,
  markDiscardPung,
  MAX_SETS,
  PUNG,
  readTileFacts,
  SEVEN_PAIRS,
  setMelds,
  STANDARD,
  summarizeReading,
  THIRTEEN_ORPHANS,
  type ReadingSets,
  type TileFacts,
} from './sets.js';

/** The win as the pattern units see it: hand facts, then the reading being weighed. */
export interface WinContext extends TileFacts, ReadingSets {
  // --- the win (set once per win) ---
  /** The concealed tiles with the winning tile, wilds as the kinds they stand for (declared kongs excluded). */
  readonly concealed: Uint8Array;
  /** The kind the winning tile plays as (a wild's: the kind it stands for in this assignment). */
  winKind: number;
  tsumo: boolean;
  haitei: boolean;
  houtei: boolean;
  rinshan: boolean;
  chankan: boolean;
  /** Heavenly (East wins on the deal) and Earthly (a non-East player wins on East's first discard) hands. */
  heavenly: boolean;
  earthly: boolean;
  /** Kinds of the seat and the prevailing wind (27-30). */
  seatWind: number;
  roundWind: number;
  /** Declared melds; those of them that are not concealed kongs; the kongs among them. */
  meldCount: number;
  meldedCount: number;
  kongCount: number;
  /** The 13 concealed tiles before the win were 1112345678999 of the winning tile's suit (no melds). */
  nineGates: boolean;

  // --- the reading (set per reading; sets and pair are ReadingSets') ---
  /** Pungs and kongs that count as concealed (concealed kongs, pungs not completed by a discard). */
  concealedPungs: number;
}

export function newWinContext(): WinContext {
  return {
    all: new Uint8Array(KIND_COUNT),
    concealed: new Uint8Array(KIND_COUNT),
    suitMask: 0,
    hasWind: false,
    hasDragon: false,
    hasTerminal: false,
    hasSimple: false,
    rankMask: 0,
    winKind: 0,
    tsumo: false,
    haitei: false,
    houtei: false,
    rinshan: false,
    chankan: false,
    heavenly: false,
    earthly: false,
    seatWind: 27,
    roundWind: 27,
    meldCount: 0,
    meldedCount: 0,
    kongCount: 0,
    nineGates: false,
    shape: STANDARD,
    setCount: 0,
    setType: new Uint8Array(MAX_SETS),
    setFirst: new Uint8Array(MAX_SETS),
    setConcealed: new Uint8Array(MAX_SETS),
    pair: -1,
    windPungs: 0,
    dragonPungs: 0,
    chows: 0,
    honorPungMask: 0,
    concealedPungs: 0,
  };
}

/** The tiles of a win as the reading search takes them. */
export interface WinTiles {
  /** The ordinary concealed tiles without the winning tile, by kind (34 kinds). */
  readonly closed: Uint8Array;
  readonly melds: readonly Meld[];
  /** The winning tile's kind, or -1 when the winning tile is a wild (then `winningRange` says what it may be). */
  readonly winKind: number;
  readonly winningRange: WildRange | null;
  /** Wilds among the concealed tiles besides the winning tile (Vietnamese jokers), by range. */
  readonly wilds: readonly WildGroup[];
  /** Kinds of the meld tiles that wilds play (left out of the four-copy limit). */
  readonly wildsInMelds?: readonly number[];
}

/** The facts of a win that do not depend on its tiles. */
export interface WinFacts {
  readonly tsumo: boolean;
  readonly haitei: boolean;
  readonly houtei: boolean;
  readonly rinshan: boolean;
  readonly chankan: boolean;
  readonly heavenly: boolean;
  readonly earthly: boolean;
  /** Winds 1-4 (E S W N). */
  readonly seatWind: number;
  readonly roundWind: number;
  readonly melds: readonly Meld[];
}

/** The Xiamen win kinds (FORMAT-chinese.md `winKind`) that Hong Kong, Zung Jung and Vietnamese do not have. */
const OTHER_WIN_KINDS = new Set([
  'threeGoldPlay',
  'threeGoldDeal',
  'goldFloat',
  'doubleFloat',
  'tripleFloat',
  'robbingGold',
  'eightBonus',
]);

/**
 * The facts of a Hong Kong, Zung Jung or Vietnamese win, `winKind` (FORMAT-chinese.md) read against the hand:
 * absent, `common` (a discard), `selfDrawn`, `robbingKong` (a discard robbed from a kong: chankan), `heavenly`
 * (East self-draws on the deal: no meld, not even a concealed kong, zung-jung.md 9.4.1) or `earthly` (a non-East
 * player wins on East's first discard, no meld). Errors: `bad_win_kind` (unknown), `not_a_win` (a kind this
 * preset has not, or one the hand cannot be, with the reason).
 */
export function winFactsOf(win: ChineseWin, preset: string): Result<WinFacts> {
  const kind = win.raw.winKind;
  let heavenly = false;
  let earthly = false;
  let chankan = win.chankan;
  if (kind !== undefined) {
    if (typeof kind !== 'string')
      return fail('bad_win_kind', `winKind must be a string, got ${JSON.stringify(kind)}`);
    if (OTHER_WIN_KINDS.has(kind)) return fail('not_a_win', `${preset} has no win of kind ${kind}`);
    const why = (reason: string) => fail('not_a_win', `winKind ${kind}: ${reason}`);
    switch (kind) {
      case 'common':
        if (win.tsumo) return why('a win on a discard (tsumo: false)');
        break;
      case 'selfDrawn':
        if (!win.tsumo) return why('a self-drawn win (tsumo: true)');
        break;
      case 'robbingKong':
        if (win.tsumo) return why('a win on the tile robbed from a kong (tsumo: false)');
        chankan = true;
        break;
      case 'heavenly':
        if (!win.tsumo || win.seatWind !== 1)
          return why('East wins on the 14 dealt tiles (seatWind 1, tsumo)');
        if (win.melds.length > 0)
          return why('the dealt hand holds no declared meld, not even a concealed kong');
        heavenly = true;
        break;
      case 'earthly':
        if (win.tsumo || win.discarder !== 1 || win.seatWind === 1)
          return why("a non-East player wins on East's first discard (discarder 1, tsumo: false)");
        if (win.melds.length > 0) return why('the dealt hand holds no declared meld');
        earthly = true;
        break;
      default:
        return fail('bad_win_kind', `unknown winKind ${JSON.stringify(kind)}`);
    }
  }
  return ok({
    tsumo: win.tsumo,
    haitei: win.haitei,
    houtei: win.houtei,
    rinshan: win.rinshan,
    chankan,
    heavenly,
    earthly,
    seatWind: win.seatWind,
    roundWind: win.roundWind,
    melds: win.melds,
  });
}

/** Sets the facts of the win that do not depend on the tiles (flags, winds, melds). */
export function setWinFacts(ctx: WinContext, facts: WinFacts): void {
  ctx.tsumo = facts.tsumo;
  ctx.haitei = facts.haitei;
  ctx.houtei = facts.houtei;
  ctx.rinshan = facts.rinshan;
  ctx.chankan = facts.chankan;
  ctx.heavenly = facts.heavenly;
  ctx.earthly = facts.earthly;
  ctx.seatWind = 26 + facts.seatWind;
  ctx.roundWind = 26 + facts.roundWind;
  ctx.meldCount = facts.melds.length;
  let melded = 0;
  let kongs = 0;
  for (const meld of facts.melds) {
    if (meld.type !== 'ankan') melded++;
    if (meld.type !== 'chi' && meld.type !== 'pon') kongs++;
  }
  ctx.meldedCount = melded;
  ctx.kongCount = kongs;
}

const meldTiles = new Uint8Array(KIND_COUNT);
/** The natural copies among the melds' tiles (those no wild plays): what the four-copy limit counts. */
const meldNatural = new Uint8Array(KIND_COUNT);
const held = new Uint8Array(KIND_COUNT);

/** Which readings a scorer weighs (null: all); a test scores one reading of `decompose` with `isReading`. */
export type ReadingFilter = (ctx: WinContext) => boolean;

const groupKey = (sequence: boolean, first: number): number => (sequence ? 100 : 0) + first;

/** Whether the reading in ctx is the standard reading `reading` (the same concealed groups and pair). */
export function isReading(ctx: WinContext, reading: StandardDecomposition): boolean {
  if (ctx.shape !== STANDARD || ctx.pair !== reading.pair) return false;
  const mine: number[] = [];
  for (let s = ctx.meldCount; s < ctx.setCount; s++)
    mine.push(groupKey(ctx.setType[s] === CHOW, ctx.setFirst[s]!));
  const theirs = reading.groups.map((g) => groupKey(g.kind === 'sequence', g.first));
  const order = (a: number, b: number): number => a - b;
  return mine.sort(order).join() === theirs.sort(order).join();
}

/**
 * Sets every reading of the win into ctx in turn and calls `visit()` for each: every assignment of the wilds
 * (the winning one included) that completes the hand × its readings as four sets and a pair, seven pairs (four of
 * a kind as two pairs) and thirteen orphans (those `only` allows). The hand facts are set per assignment (a wild changes the tiles),
 * the sets per reading. `visit` returns false to stop (no later reading can pay more). Returns how many readings
 * were visited (0: the tiles make no winning hand).
 */
export function forEachReading(
  ctx: WinContext,
  tiles: WinTiles,
  visit: () => boolean | void,
  only: ReadingFilter | null = null,
): number {
  meldTiles.fill(0);
  for (const meld of tiles.melds) for (const tile of meld.tiles) meldTiles[tile & KIND_MASK]!++;
  meldNatural.set(meldTiles);
  for (const kind of tiles.wildsInMelds ?? []) meldNatural[kind]!--;
  let readings = 0;
  let stopped = false;
  const visitAllowed = (): void => {
    if (stopped || (only !== null && !only(ctx))) return;
    readings++;
    if (visit() === false) stopped = true;
  };
  const readAssignment = (completed: Uint8Array): boolean => {
    readAll(ctx, completed, tiles.melds, visitAllowed);
    return !stopped;
  };
  const tryWinKind = (winKind: number): void => {
    held.set(tiles.closed);
    if (held[winKind]! + meldNatural[winKind]! >= 4) return; // no fifth copy, wilds included
    held[winKind]!++;
    ctx.winKind = winKind;
    if (tiles.wilds.length === 0) readAssignment(held);
    else
      forEachCompletion(held, tiles.melds.length, tiles.wilds, readAssignment, 4, {
        fourAsTwoPairs: true,
      });
  };
  if (tiles.winningRange === null) tryWinKind(tiles.winKind);
  else for (let k = 0; k < KIND_COUNT && !stopped; k++) if (tiles.winningRange[k]) tryWinKind(k);
  return readings;
}

/** Reads one assignment's completed concealed tiles: the hand facts, then every reading. */
function readAll(ctx: WinContext, completed: Uint8Array, melds: readonly Meld[], visit: () => void): void {
  const all = ctx.all;
  for (let k = 0; k < KIND_COUNT; k++) {
    if (completed[k]! + meldNatural[k]! > 4) return; // a wild standing for a fifth copy beside a meld
    ctx.concealed[k] = completed[k]!;
    all[k] = completed[k]! + meldTiles[k]!;
  }
  readTileFacts(ctx);
  ctx.nineGates = isNineGatesWin(ctx.concealed, ctx.winKind, ctx.meldCount);
  const meldCount = melds.length;
  // readHand's seven pairs and thirteen orphans are riichi's: the Chinese forms are read below.
  const n = readHand(completed, meldCount, 4);
  for (let i = 0; i < n; i++) {
    if (READINGS.shape[i] !== READ_STANDARD) continue;
    setMelds(ctx, STANDARD, melds);
    addGroups(ctx, i);
    markDiscardPung(ctx, meldCount, ctx.winKind, ctx.tsumo);
    finishReading(ctx);
    visit();
  }
  if (meldCount === 0) {
    if (sevenPairsOf(completed, true)) {
      setMelds(ctx, SEVEN_PAIRS, melds);
      finishReading(ctx);
      visit();
    }
    if (thirteenOrphansPair(completed) >= 0) {
      setMelds(ctx, THIRTEEN_ORPHANS, melds);
      finishReading(ctx);
      visit();
    }
  }
}

function finishReading(ctx: WinContext): void {
  summarizeReading(ctx);
  let concealedPungs = 0;
  for (let s = 0; s < ctx.setCount; s++)
    if ((ctx.setType[s] === PUNG || ctx.setType[s] === KONG) && ctx.setConcealed[s]) concealedPungs++;
  ctx.concealedPungs = concealedPungs;
}
