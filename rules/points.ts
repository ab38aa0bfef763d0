// Base points, limits (mangan .. yakuman, kazoe, kiriage) and what each loser pays (riichi.md 14).
import type { RuleOptions } from './options.js';

export type Limit = 'mangan' | 'haneman' | 'baiman' | 'sanbaiman' | 'kazoe yakuman' | 'yakuman';

/** The base points of the limits (14.2): the one table every scorer reads. */
export const LIMIT_BASE_POINTS = {
  mangan: 2000,
  haneman: 3000,
  baiman: 4000,
  sanbaiman: 6000,
  yakuman: 8000,
} as const;

export const MANGAN_BASE = LIMIT_BASE_POINTS.mangan;
export const YAKUMAN_BASE = LIMIT_BASE_POINTS.yakuman;

/** Rounds up to a multiple of 100 (14.3): each payer's amount is rounded separately. */
export const ceil100 = (x: number): number => Math.ceil(x / 100) * 100;

/** Base points of an ordinary hand (14.2): `fu × 2^(han+2)` below mangan, then the fixed limits. */
export function ordinaryBasePoints(han: number, fu: number, options: RuleOptions): number {
  if (han >= 13) return options.kazoe === 'yakuman' ? YAKUMAN_BASE : LIMIT_BASE_POINTS.sanbaiman;
  if (han >= 11) return LIMIT_BASE_POINTS.sanbaiman;
  if (han >= 8) return LIMIT_BASE_POINTS.baiman;
  if (han >= 6) return LIMIT_BASE_POINTS.haneman;
  if (han === 5) return MANGAN_BASE;
  if (options.kiriage && ((han === 4 && fu === 30) || (han === 3 && fu === 60))) return MANGAN_BASE;
  return Math.min(MANGAN_BASE, fu << (han + 2)); // han 1-4 here: fu × 2^(han+2)
}

/** The limit name of an ordinary hand's base points, or null below mangan. */
export function limitOf(han: number, base: number): Limit | null {
  if (base < MANGAN_BASE) return null;
  if (base === YAKUMAN_BASE) return 'kazoe yakuman';
  if (han >= 11) return 'sanbaiman';
  if (han >= 8) return 'baiman';
  if (han >= 6) return 'haneman';
  return 'mangan';
}

/**
 * What the loser(s) pay, before honba and deposits (14.3): `{ron}` for a ron, `{tsumoNonDealer}` for the
 * dealer's tsumo (each non-dealer pays it), `{tsumoDealer, tsumoNonDealer}` for a non-dealer's tsumo.
 */
export interface HandPoints {
  readonly ron?: number;
  readonly tsumoDealer?: number;
  readonly tsumoNonDealer?: number;
}

export function handPoints(base: number, dealer: boolean, tsumo: boolean): HandPoints {
  if (!tsumo) return { ron: ceil100(base * (dealer ? 6 : 4)) };
  if (dealer) return { tsumoNonDealer: ceil100(base * 2) };
  return { tsumoDealer: ceil100(base * 2), tsumoNonDealer: ceil100(base) };
}

/**
 * The winner's gain from the hand alone (no honba, no deposits), without allocating: used to compare
 * readings. With fewer than four players, a tsumo is paid only by the players present.
 */
export function winnerGain(base: number, dealer: boolean, tsumo: boolean, players: number): number {
  if (!tsumo) return ceil100(base * (dealer ? 6 : 4));
  if (dealer) return ceil100(base * 2) * (players - 1);
  return ceil100(base * 2) + ceil100(base) * (players - 2);
}

/** The payments including honba (14.4) and deposits (14.6): what each payer hands over and the winner's gain. */
export interface WinPayments {
  /** The discarder's payment including the honba bonus. */
  readonly ron?: number;
  /** The dealer's payment on a non-dealer's tsumo, including his honba share. */
  readonly tsumoDealer?: number;
  /** Each non-dealer's payment on a tsumo, including his honba share. */
  readonly tsumoNonDealer?: number;
  /** The honba bonus the winner receives in all. */
  readonly honba: number;
  /** Riichi deposits the winner collects (1000 per stick). */
  readonly deposits: number;
  /** Winner's gain: payments + honba bonus + deposits. */
  readonly total: number;
}

export function winPayments(
  points: HandPoints,
  dealer: boolean,
  tsumo: boolean,
  honba: number,
  riichiSticks: number,
  options: RuleOptions,
): WinPayments {
  const deposits = 1000 * riichiSticks;
  if (!tsumo) {
    const bonus = options.honbaValue * honba;
    const ron = points.ron! + bonus;
    return { ron, honba: bonus, deposits, total: ron + deposits };
  }
  // A tsumo charges each payer a third of the ron honba value (300 → 100 per payer).
  const perPayer = (options.honbaValue / 3) * honba;
  const payers = options.players - 1;
  if (dealer) {
    const each = points.tsumoNonDealer! + perPayer;
    return { tsumoNonDealer: each, honba: perPayer * payers, deposits, total: each * payers + deposits };
  }
  const fromDealer = points.tsumoDealer! + perPayer;
  const fromOther = points.tsumoNonDealer! + perPayer;
  return {
    tsumoDealer: fromDealer,
    tsumoNonDealer: fromOther,
    honba: perPayer * payers,
    deposits,
    total: fromDealer + fromOther * (payers - 1) + deposits,
  };
}
