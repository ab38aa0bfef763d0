// Sanma, three-player riichi (variants.md V3, seed 003): the preset, tiles, dora order, north dora, scoring and payments.
import type { Meld } from '../hand.js';
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import {
  settleExhaustiveDraw,
  settleWin,
  type DrawSettlement,
  type Liability,
  type Seat,
  type Settlement,
} from '../payments.js';
import { fail, type Result } from '../result.js';
import { scoreHand, type ScoredHand, type WinContext } from '../score.js';
import {
  doraFromIndicator,
  formatKind,
  NORTH,
  plainTile,
  tileKind,
  type Tile,
  type TileKind,
} from '../tiles.js';

/** The character kinds removed in Sanma: 2m-8m (kinds 1-7). 108 tiles remain (V3.1 item 1). */
export const SANMA_REMOVED_KINDS: readonly TileKind[] = [1, 2, 3, 4, 5, 6, 7];

/**
 * The Sanma preset (V3, V7): three players, 35,000 each, no red fives (seed silent; recommended none), no chii,
 * north dora, 2m-8m removed. Tenpai payments 3000 in total ([AMBIGUOUS S6]); honba 300 per ron, 100 per
 * tsumo payer ([AMBIGUOUS S7]); double ron ([AMBIGUOUS S5]).
 */
export const SANMA: RuleOptions = {
  ...CLUB,
  players: 3,
  startingPoints: 35000,
  redFives: 'none',
  multipleRon: 'double',
  calls: 'noChii',
  northDora: true,
  removedKinds: SANMA_REMOVED_KINDS,
};
registerPreset('sanma', SANMA);

const removed = new Uint8Array(34);
for (const kind of SANMA_REMOVED_KINDS) removed[kind] = 1;

/** Whether a kind exists in the Sanma set. */
export const isSanmaKind = (kind: TileKind): boolean => kind >= 0 && kind < 34 && removed[kind] === 0;

/**
 * The dora an indicator names in Sanma ([AMBIGUOUS S2], tenhou's reading): `1m` → `9m`, `9m` → `1m`; every other
 * kind as riichi.md 3.4 (North → East, West → North).
 */
export function sanmaDoraFromIndicator(indicator: TileKind): TileKind {
  if (indicator === 0) return 8;
  return doraFromIndicator(indicator);
}

/**
 * Han from extracted norths (V3.2 items 2-3): each North set aside is worth 1, plus 1 for every face-up
 * indicator that names North (indicator West), plus, for a riichi winner, 1 for every under-indicator naming
 * North. Example: 2 norths, indicator West → 2 × (1 + 1) = 4 han ("2 fan instead of 1" each).
 */
export function northDoraHan(
  northCount: number,
  doraIndicators: readonly Tile[],
  uraIndicators: readonly Tile[],
  riichi: boolean,
): number {
  let perNorth = 1;
  for (const indicator of doraIndicators)
    if (sanmaDoraFromIndicator(tileKind(indicator)) === NORTH) perNorth++;
  if (riichi)
    for (const indicator of uraIndicators)
      if (sanmaDoraFromIndicator(tileKind(indicator)) === NORTH) perNorth++;
  return northCount * perNorth;
}

/**
 * The indicators to hand to the four-player scorer so that it counts Sanma dora: a `1m` indicator becomes
 * `8m` (both name `9m`); every other kind already names the same dora in both games.
 */
function asFourPlayerIndicators(indicators: readonly Tile[] | undefined): Tile[] {
  return (indicators ?? []).map((t) => (tileKind(t) === 0 ? plainTile(7) : t));
}

/** A Sanma win: the usual win context plus the number of norths the winner has set aside. */
export interface SanmaWin extends Omit<WinContext, 'northDora'> {
  readonly northCount: number;
}

/**
 * Scores a Sanma win. Errors besides those of `scoreHand`: `bad_tile` (a 2m-8m tile), `bad_meld` (a chi: Sanma
 * has no chii, V3.3), `bad_input` (a north count outside 0-4; the North seat: seat winds are East, South, West
 * only, V3.1 item 2; the West or North round, V3.6). Tsumo payments come from two players only (R2's scoring and
 * `settleSanmaWin`).
 */
export function scoreSanmaWin(win: SanmaWin, options: RuleOptions = SANMA): Result<ScoredHand> {
  if (!Number.isInteger(win.northCount) || win.northCount < 0 || win.northCount > 4)
    return fail('bad_input', `north count must be 0-4, not ${win.northCount}`);
  if (win.seatWind === 4)
    return fail('bad_input', 'Sanma has no North seat (seat winds are East, South, West)');
  if (win.roundWind !== 1 && win.roundWind !== 2)
    return fail('bad_input', 'Sanma is played in the East and South rounds only: the West round never comes (V3.6)');
  const tiles: Tile[] = [...win.closedTiles, win.winTile, ...win.melds.flatMap((m: Meld) => [...m.tiles])];
  for (const tile of tiles) {
    if (!isSanmaKind(tileKind(tile)))
      return fail('bad_tile', `${formatKind(tileKind(tile))} is not in the Sanma set (2m-8m are removed)`);
  }
  if (options.calls === 'noChii' && win.melds.some((m) => m.type === 'chi'))
    return fail('bad_meld', 'Sanma has no chii (V3.3)');
  const north = northDoraHan(
    win.northCount,
    win.doraIndicators ?? [],
    win.uraIndicators ?? [],
    win.riichi ?? false,
  );
  const context: WinContext = {
    ...win,
    doraIndicators: asFourPlayerIndicators(win.doraIndicators),
    uraIndicators: asFourPlayerIndicators(win.uraIndicators),
    northDora: north,
  };
  return scoreHand(context, options);
}

/** Seats of a Sanma table: 0, 1, 2. */
export type SanmaSeat = 0 | 1 | 2;

/**
 * Settles a Sanma win (V3.5): ron ceil100(4b / 6b) from the discarder (or the player whose north was robbed);
 * a tsumo is paid by the two others only (non-dealer: dealer ceil100(2b), the other ceil100(b); dealer: each
 * ceil100(2b)). Honba 300 per counter on a ron, 100 per payer on a tsumo ([AMBIGUOUS S7]).
 */
export function settleSanmaWin(input: {
  dealer: SanmaSeat;
  winner: SanmaSeat;
  loser: SanmaSeat | null;
  basePoints: number;
  honba: number;
  riichiSticks: number;
  liability?: Liability | null;
}): Result<Settlement> {
  return settleWin({ players: 3, ...input, honbaValue: SANMA.honbaValue });
}

/** Settles a Sanma exhaustive draw: 3000 in total ([AMBIGUOUS S6]), nagashi mangan as the club rules. */
export function settleSanmaDraw(input: {
  dealer: SanmaSeat;
  tenpai: readonly [boolean, boolean, boolean];
  nagashi: readonly Seat[];
  honba: number;
  riichiSticks: number;
}): Result<DrawSettlement> {
  return settleExhaustiveDraw({
    players: 3,
    ...input,
    nagashiMangan: SANMA.nagashiMangan,
    notenPaymentTotal: SANMA.notenPaymentTotal,
    honbaValue: SANMA.honbaValue,
  });
}

/** Live draws in a Sanma hand before kans and north extractions: 108 − 14 − 3 × 13 = 55 (V3.1 item 4). */
export const SANMA_LIVE_DRAWS = 108 - 14 - 3 * 13;

/** The 108 tiles of a Sanma set (no red fives), in kind order, for wall building. */
export function sanmaTileSet(): Tile[] {
  const set: Tile[] = [];
  for (let kind = 0; kind < 34; kind++) {
    if (!isSanmaKind(kind)) continue;
    for (let i = 0; i < 4; i++) set.push(plainTile(kind));
  }
  return set;
}
