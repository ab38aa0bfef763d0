// Minefield Mahjong arithmetic (variants.md V1.3-V1.6): mangan floor, limit tiers, ante and payout, game end.
import type { Seat } from '../payments.js';

/** Limit tiers a Minefield win can reach (variants.md V1.4: kiriage on). */
export type MinefieldLimit = 'mangan' | 'haneman' | 'baiman' | 'sanbaiman' | 'kazoe yakuman' | 'yakuman';

/** The value of a hand as the floor and the payout need it. */
export interface MinefieldHandValue {
  /** Han of yaku and dora; for the floor WITHOUT under-dora, for the tier WITH them. Ignored for yakuman. */
  readonly han: number;
  /** Fu as scored (rounded; Seven Pairs 25). */
  readonly fu: number;
  /** Real yakuman counted (double yakuman = 2); 0 for an ordinary hand. */
  readonly yakuman: number;
}

/**
 * The mangan floor (variants.md V1.3 item 3, seed 000): a yakuman, or han ≥ 5, or 4 han with ≥ 30 fu, or
 * 3 han with ≥ 60 fu — computed with every han except under-dora (the caller passes han without ura).
 * Examples: 4 han 25 fu (Seven Pairs) no; 3 han 50 fu no; 3 han 60 fu yes.
 */
export function reachesMinefieldFloor(value: MinefieldHandValue): boolean {
  if (value.yakuman > 0) return true;
  const { han, fu } = value;
  return han >= 5 || (han === 4 && fu >= 30) || (han === 3 && fu >= 60);
}

/**
 * The limit tier for the payment (variants.md V1.4 last item), from the full han including under-dora,
 * kiriage on: mangan (5, 4/30+, 3/60+), haneman 6-7, baiman 8-10, sanbaiman 11-12, kazoe yakuman 13+,
 * yakuman for a real one. Null below mangan.
 */
export function minefieldLimit(value: MinefieldHandValue): MinefieldLimit | null {
  if (value.yakuman > 0) return 'yakuman';
  const { han, fu } = value;
  if (han >= 13) return 'kazoe yakuman';
  if (han >= 11) return 'sanbaiman';
  if (han >= 8) return 'baiman';
  if (han >= 6) return 'haneman';
  if (han >= 5 || (han === 4 && fu >= 30) || (han === 3 && fu >= 60)) return 'mangan';
  return null;
}

/** Multiplier M of the ante by limit (variants.md V1.5): base points / 2000. */
const MULTIPLIER: Record<MinefieldLimit, number> = {
  mangan: 1,
  haneman: 1.5,
  baiman: 2,
  sanbaiman: 3,
  'kazoe yakuman': 4,
  yakuman: 4,
};

/**
 * What the loser pays the winner: ante × M. M: mangan 1, haneman 1.5, baiman 2, sanbaiman 3, yakuman 4
 * (counted or real), double yakuman 8, and beyond 4 per yakuman (triple 12: [AMBIGUOUS M5], base / 2000).
 * `yakuman` is the number of real yakuman for the `yakuman` limit (1 if omitted).
 * Example: ante 8000, haneman → 12000; ante 1000, double yakuman → 8000.
 */
export function minefieldPayout(limit: MinefieldLimit, ante: number, yakuman = 1): number {
  const m = limit === 'yakuman' ? 4 * Math.max(1, yakuman) : MULTIPLIER[limit];
  return ante * m;
}

/** The ante of the first hand, and after every win. */
export const MINEFIELD_FIRST_ANTE = 1000;
/** Starting points of each player. */
export const MINEFIELD_STARTING_POINTS = 50000;
/** Discards per player in one hand; the hand is a draw after 2 × 17. */
export const MINEFIELD_DISCARDS_PER_PLAYER = 17;

/** The ante of the next hand (variants.md V1.5): doubles after a draw, back to 1000 after a win. */
export function nextMinefieldAnte(ante: number, result: 'win' | 'draw'): number {
  return result === 'win' ? MINEFIELD_FIRST_ANTE : ante * 2;
}

/** The ante after `draws` consecutive draws since the last win: 1000 × 2^draws. */
export const minefieldAnteAfterDraws = (draws: number): number => MINEFIELD_FIRST_ANTE * 2 ** draws;

/** The dealer of the next hand (V1.6): unchanged after a draw or a dealer win; the winner after a non-dealer win. */
export function nextMinefieldDealer(dealer: Seat, winner: Seat | null): Seat {
  return winner === null ? dealer : winner;
}

/**
 * Stake model ([AMBIGUOUS M2]): no points move at the start of a hand; on a win only the loser's ante × M
 * moves. Returns the deltas of the two seats (sum 0).
 */
export function settleMinefieldWin(winner: Seat, payout: number): [number, number] {
  return winner === 0 ? [payout, -payout] : [-payout, payout];
}

/** Why a Minefield game ended, and who lost. */
export interface MinefieldGameEnd {
  readonly loser: Seat;
  readonly reason: 'cannot_afford_ante' | 'out_of_points';
}

/**
 * Game end (V1.6): after a settlement, a player at 0 or fewer has run out of points ([AMBIGUOUS M3]: no cap,
 * scores may go negative); at the start of a hand, a player whose points are below the ante cannot afford
 * it. Call with `phase` telling which check applies; null = the game goes on. If both players qualify
 * (impossible after a zero-sum payment from positive scores), seat 0 is reported.
 */
export function minefieldGameEnd(
  points: readonly [number, number],
  ante: number,
  phase: 'afterSettlement' | 'handStart',
): MinefieldGameEnd | null {
  for (const seat of [0, 1] as const) {
    if (phase === 'afterSettlement' && points[seat] <= 0) return { loser: seat, reason: 'out_of_points' };
    if (phase === 'handStart' && points[seat] < ante) return { loser: seat, reason: 'cannot_afford_ante' };
  }
  return null;
}
