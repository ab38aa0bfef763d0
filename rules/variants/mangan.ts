// Mangan Mahjong (variants.md V4, seed 001): the preset and its payments (below mangan nothing moves; above, points leave the game).
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import { LIMIT_BASE_POINTS, settleWin, type Deltas, type Liability, type Seat } from '../payments.js';
import { fail, ok, type Result } from '../result.js';

/**
 * The Mangan Mahjong preset (V4.1, V7): club rules with no honba, free riichi (no deposits), no kiriage,
 * no Pool of Dreams, no Gift of Man, no tenpai payments ([AMBIGUOUS G1]), 25,000 each ([AMBIGUOUS G4]),
 * payout `manganBurn`. Game length (East and South cycling until a player is at 0 or below) is the machine's.
 */
export const MANGAN_MAHJONG: RuleOptions = {
  ...CLUB,
  startingPoints: 25000,
  kiriage: false,
  honbaValue: 0,
  riichiDeposit: 0,
  notenPaymentTotal: 0,
  nagashiMangan: 'off',
  renhou: 'off',
  // V4.1 item 5: the game ends at 0 or below (points are whole hundreds, so below 1).
  bustBelow: 1,
  payout: 'manganBurn',
};
registerPreset('mangan', MANGAN_MAHJONG);

/**
 * V4.1 item 2: a win is "mangan or more" when its base points reach 2000 — 5+ han, 4 han 40+ fu, 3 han 70+ fu
 * or a yakuman. No kiriage: 4 han 30 fu and 3 han 60 fu (b = 1920) are below.
 */
export const isManganOrMore = (basePoints: number): boolean => basePoints >= LIMIT_BASE_POINTS.mangan;

export interface ManganMahjongWin {
  readonly dealer: Seat;
  readonly winner: Seat;
  /** The discarder; null for a tsumo. */
  readonly loser: Seat | null;
  readonly basePoints: number;
  /** Liability ([AMBIGUOUS G2]): the liable player pays as riichi.md 14.8, the winner still receives nothing. */
  readonly liability?: Liability | null;
}

/**
 * Settles a Mangan Mahjong win (V4.1 items 2-3). Below mangan: nothing moves. Mangan or more: the losers pay
 * the normal amounts (the discarder on a ron, everybody on a tsumo; no honba, no deposits exist) and the
 * winner receives nothing: the points leave the game, so the deltas sum to minus what was paid.
 * Double ron ([AMBIGUOUS G3]): settle each winner separately; each costs the discarder.
 */
export function settleManganMahjongWin(win: ManganMahjongWin): Result<{ deltas: Deltas; burned: number }> {
  if (!isManganOrMore(win.basePoints)) {
    if (!(win.basePoints > 0))
      return fail('bad_input', `base points must be positive, not ${win.basePoints}`);
    return ok({ deltas: [0, 0, 0, 0], burned: 0 });
  }
  const normal = settleWin({
    players: 4,
    dealer: win.dealer,
    winner: win.winner,
    loser: win.loser,
    basePoints: win.basePoints,
    honba: 0,
    riichiSticks: 0,
    liability: win.liability ?? null,
  });
  if (!normal.ok) return normal;
  const deltas = [...normal.value.deltas];
  const burned = deltas[win.winner]!;
  deltas[win.winner] = 0;
  return ok({ deltas, burned });
}

/** V4.1 item 5: the game ends as soon as any player is at 0 or below. */
export const manganMahjongGameOver = (points: readonly number[]): boolean => points.some((p) => p <= 0);

/**
 * The winner when the game ends (V4.1 item 5): most points; ties by original seat order (riichi.md 17.5),
 * seat 0 being the original East.
 */
export function manganMahjongWinner(points: readonly number[]): Seat {
  let best = 0;
  for (let s = 1; s < points.length; s++) if (points[s]! > points[best]!) best = s;
  return best as Seat;
}
