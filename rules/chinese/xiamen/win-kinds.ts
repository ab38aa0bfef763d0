// Xiamen and Quanzhou win kinds (FORMAT-chinese.md `winKind`): each one's multiplier per variant and what it takes (xiamen.md §10, §15.5).
import type { XiamenVariant } from './rules.js';

export type WinKind =
  | 'common'
  | 'selfDrawn'
  | 'robbingKong'
  | 'threeGoldPlay'
  | 'threeGoldDeal'
  | 'goldFloat'
  | 'doubleFloat'
  | 'tripleFloat'
  | 'robbingGold'
  | 'heavenly'
  | 'earthly'
  | 'eightBonus';

export interface WinKindRule {
  /** How the win is named in messages. */
  readonly name: string;
  /** The one multiplier by variant (§10 table); 0: the variant has no such win. */
  readonly multiplier: Readonly<Record<XiamenVariant, number>>;
  /** The winner took no other player's tile (FORMAT-chinese.md: `tsumo` true). */
  readonly selfDrawn: boolean;
  /** The hand must be five sets and a pair (the knocks and the eight-bonus win need no shape). */
  readonly needsShape: boolean;
  /** The win comes before anyone has claimed or declared a set: the winner has no melds. */
  readonly opening: boolean;
  /** A gold float: the winner was float-ready (five sets and one lone gold) before the winning draw. */
  readonly float: boolean;
  /** The most golds the winner can hold at the win (golds discarded by the double and triple float are gone). */
  readonly maxGolds: number;
}

const rule = (
  name: string,
  xiamen: number,
  quanzhou: number,
  selfDrawn: boolean,
  more: Partial<Pick<WinKindRule, 'needsShape' | 'opening' | 'float' | 'maxGolds'>> = {},
): WinKindRule =>
  Object.freeze({
    name,
    multiplier: Object.freeze({ xiamen, quanzhou }),
    selfDrawn,
    needsShape: more.needsShape ?? true,
    opening: more.opening ?? false,
    float: more.float ?? false,
    maxGolds: more.maxGolds ?? 3,
  });

/**
 * Every win kind. Quanzhou (§15.5): knocks ×3, floats ×3 / ×6 / ×9, no robbing a gold and no heavenly win;
 * its list leaves the earthly win out, read as a common win ×1 (Ambiguity 13). The eight-bonus win exists
 * where `eight_bonus_instant_win` is on (Quanzhou's default), ×3 in both tables.
 */
export const WIN_KINDS: Readonly<Record<WinKind, WinKindRule>> = Object.freeze({
  common: rule('a common win', 1, 1, false),
  selfDrawn: rule('a self-drawn win', 2, 2, true),
  robbingKong: rule('robbing a kong', 2, 2, false),
  threeGoldPlay: rule('a three-gold knock during play', 3, 3, true, { needsShape: false }),
  threeGoldDeal: rule('a three-gold knock after the deal', 4, 3, true, { needsShape: false, opening: true }),
  goldFloat: rule('a gold float', 4, 3, true, { float: true }),
  doubleFloat: rule('a double float', 8, 6, true, { float: true, maxGolds: 2 }),
  tripleFloat: rule('a triple float', 12, 9, true, { float: true, maxGolds: 1 }),
  robbingGold: rule('robbing the gold', 4, 0, true, { opening: true }),
  heavenly: rule('a heavenly win', 4, 0, true, { opening: true }),
  earthly: rule('an earthly win', 4, 1, false, { opening: true }),
  eightBonus: rule('the eight-bonus win', 3, 3, true, { needsShape: false }),
});

export const isWinKind = (value: unknown): value is WinKind =>
  typeof value === 'string' && Object.hasOwn(WIN_KINDS, value);
