// Xiamen and Quanzhou at game level: the banker and his base from hand to hand, who pays what, and when a player may win or claim (xiamen.md §3, §8.6, §9, §10.2, §12, §14).
import type { Wind } from '../../hand.js';
import { fail, ok, type Result } from '../../result.js';
import type { XiamenRules } from './rules.js';
import { isWinKind, WIN_KINDS } from './win-kinds.js';

/** Table seats 0-3 in turn order (counter-clockwise): the banker's right neighbour is seat + 1. */
export type TableSeat = 0 | 1 | 2 | 3;

/** The banker and his run. */
export interface BankerState {
  readonly seat: TableSeat;
  /** Hands this banker has already kept (FORMAT-chinese.md `bankerRun`). */
  readonly run: number;
  /** His base before inflation (`base_inflation_k`): 2 on his first hand. */
  readonly base: number;
}

/** How a hand ended, for the banker's succession: a win (by whom, at which multiplier) or a drawn hand. */
export type HandOutcome =
  | { readonly kind: 'win'; readonly winner: TableSeat; readonly multiplier: number }
  | { readonly kind: 'draw' };

/** A new banker on his first hand. */
export const newBanker = (rules: XiamenRules, seat: TableSeat): BankerState => ({
  seat,
  run: 0,
  base: rules.banker_base_initial,
});

/**
 * The banker of the next hand (§3 [Rec], §12.2, §15.1). He stays after his own win, and after a drawn hand
 * when `banker_stays_on_draw`; each hand he stays his base doubles (`double`), grows by 1 (`plus_one`) or by
 * his winning hand's multiplier (`plus_multiplier`: nothing after a drawn hand, §15.1 [Rec]). Otherwise the
 * role passes to his right neighbour with the base back at its start.
 * Example (Quanzhou, plus_multiplier): 2, self-draw ×2 → 4, gold float ×3 → 7.
 */
export function nextBanker(rules: XiamenRules, banker: BankerState, outcome: HandOutcome): BankerState {
  const stays = outcome.kind === 'win' ? outcome.winner === banker.seat : rules.banker_stays_on_draw;
  if (!stays) return newBanker(rules, ((banker.seat + 1) % 4) as TableSeat);
  const base =
    rules.banker_base_progression === 'double'
      ? banker.base * 2
      : rules.banker_base_progression === 'plus_one'
        ? banker.base + 1
        : banker.base + (outcome.kind === 'win' ? outcome.multiplier : 0);
  return { seat: banker.seat, run: banker.run + 1, base };
}

/**
 * The banker base a win is paid with, inflation included: the base after `run` kept hands. For
 * `plus_multiplier` the kept hands' multipliers (0 for a drawn hand) give it, one per kept hand; the other
 * progressions need only their number.
 */
export function bankerBaseOf(
  rules: XiamenRules,
  run: number,
  keptMultipliers: readonly number[] = [],
): number {
  let banker = newBanker(rules, 0);
  // A kept hand is the banker's win (a drawn hand he kept adds its multiplier 0).
  for (let hand = 0; hand < run; hand++)
    banker = nextBanker(rules, banker, { kind: 'win', winner: 0, multiplier: keptMultipliers[hand] ?? 0 });
  return banker.base * rules.base_inflation_k;
}

/**
 * What each loser pays the winner (§12.1): `(base + flowers) × multiplier`, by the loser's seat wind; the base
 * is the banker base between East (the banker) and another player, the non-banker base between two others.
 * A false win (§11 [Rec]) pays the same amounts the other way: the offender pays each player what that
 * player would have paid him.
 */
export function xiamenPayments(
  rules: XiamenRules,
  winner: Wind,
  flowers: number,
  multiplier: number,
  bankerBase: number,
): Record<string, number> {
  const payments: Record<string, number> = {};
  const other = rules.nonbanker_base * rules.base_inflation_k;
  for (let wind = 1; wind <= 4; wind++) {
    if (wind === winner) continue;
    const base = winner === 1 || wind === 1 ? bankerBase : other;
    payments[wind] = (base + flowers) * multiplier; // the key "2" as an element index: no string made per wind
  }
  return payments;
}

/** Whether a draw may still be taken: only while more than `dead_reserve` tiles stay in the wall (§8.6). */
export const mayDraw = (rules: XiamenRules, wallTiles: number): boolean => wallTiles > rules.dead_reserve;

/** What the table knows of a player when a discard could be won or claimed. */
export interface DiscardSituation {
  /** The discard is a gold tile. */
  readonly discardIsGold: boolean;
  /** The player holds a gold tile. */
  readonly holdsGold: boolean;
  /** He discarded a gold and has not drawn since (his own go-around after a gold discard, §9.2; his float round). */
  readonly ownGoldRound: boolean;
  /** Another player is in a float round (§10.2). */
  readonly othersFloatRound: boolean;
  /** He passed on a win, a pung or a kong of this tile's kind since his last turn (§14 missed claim). */
  readonly passedOnThisKind: boolean;
  /** He lost the right to win this hand (a false float, a wrong claim or draw, a long or short hand, §11). */
  readonly forfeited: boolean;
}

/** Why the player may not win on this discard, or null when he may (§7, §9, §10.2, §14). */
export function discardWinRefusal(rules: XiamenRules, s: DiscardSituation): string | null {
  if (s.forfeited) return 'the player has lost the right to win this hand';
  if (s.discardIsGold) return 'a discarded gold can never be won on';
  if (s.ownGoldRound) return 'after discarding a gold a player wins only by self-draw until his next draw';
  if (s.othersFloatRound && !rules.others_win_during_float)
    return 'no one wins on a discard during another player’s float round (others_win_during_float off)';
  if (s.holdsGold && rules.restrict_common_win_with_gold)
    return 'a player holding a gold wins only on a wall tile (restrict_common_win_with_gold)';
  if (s.passedOnThisKind && rules.missed_claim_lock)
    return 'he passed on this tile: it is locked until his next turn (missed_claim_lock)';
  return null;
}

/** Why the player may not chow, pung or kong this discard, or null when he may (§8.3, §10.2, §14). */
export function discardClaimRefusal(rules: XiamenRules, s: DiscardSituation): string | null {
  if (s.discardIsGold) return 'a discarded gold can never be claimed';
  if (s.othersFloatRound) return 'no set is claimed during another player’s float round';
  if (s.passedOnThisKind && rules.missed_claim_lock)
    return 'he passed on this tile: it is locked until his next turn (missed_claim_lock)';
  return null;
}

/**
 * After a player discards a gold: whether he loses the right to win this hand (§14 false float: on
 * with `false_float_penalty`, when he is not float-ready after the discard).
 */
export const forfeitsAfterGoldDiscard = (rules: XiamenRules, floatReady: boolean): boolean =>
  rules.false_float_penalty && !floatReady;

/**
 * The seat a dice throw selects (§3): counting the thrower as 1 and on counter-clockwise (turn order), the seat
 * reached at the dice sum. Example: the banker at seat 0 throws 6 → seat 1 (0, 1, 2, 3, 0, 1).
 */
export const diceSeat = (thrower: TableSeat, sum: number): TableSeat =>
  ((thrower + sum - 1) % 4) as TableSeat;

/** Of the players who claim the same discard for a win, the one nearest the discarder in turn order wins (§8.3). */
export function nearestClaimant(discarder: TableSeat, claimants: readonly TableSeat[]): TableSeat | null {
  let best: TableSeat | null = null;
  let bestDistance = 4;
  for (const seat of claimants) {
    const distance = (seat - discarder + 4) % 4;
    if (distance > 0 && distance < bestDistance) {
      best = seat;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Following discarded honors (§8.2): the kinds the player must discard from, as they play, ascending (empty:
 * a free choice). An honor he holds exactly once whose copy has been discarded earlier in the hand, by anyone.
 * `concealed`: his concealed tiles as they play (White as the indicator's face), golds left out (they are
 * exempt); `discarded`: 1 for each kind (as it played) discarded earlier in the hand, claimed or not.
 */
export function honorsToFollow(concealed: Uint8Array, discarded: Uint8Array): number[] {
  const forced: number[] = [];
  for (let kind = 27; kind < 34; kind++) if (concealed[kind] === 1 && discarded[kind]) forced.push(kind);
  return forced;
}

/** The wins of the opening window (§10.6): before, at and right after the banker's first discard. */
export type OpeningWinKind = 'heavenly' | 'threeGoldDeal' | 'robbingGold' | 'earthly';

/** A player who can take an opening win. */
export interface OpeningClaim {
  readonly seat: TableSeat;
  readonly winKind: OpeningWinKind;
}

/**
 * Which opening claim wins (§10.6 [Rec], one winner per hand): first the banker's heavenly win or three-gold
 * knock (before his discard); then the non-bankers' robbing the gold or three-gold knock, nearest the banker
 * first (§10.5: a non-banker beats the banker); after the banker's first discard the non-bankers' earthly
 * wins, nearest first; last the banker robbing the gold (he may only after his discard). Null when nobody
 * claims. Errors: `not_a_win` for a claim that cannot be (the banker's earthly win, a non-banker's heavenly
 * one, a win the variant has not: Quanzhou's robbing the gold and heavenly win, §15.5).
 */
export function openingWinner(
  rules: XiamenRules,
  banker: TableSeat,
  claims: readonly OpeningClaim[],
): Result<OpeningClaim | null> {
  let best: OpeningClaim | null = null;
  let bestRank = Infinity;
  for (const claim of claims) {
    const kind = isWinKind(claim.winKind) ? WIN_KINDS[claim.winKind] : undefined;
    if (kind === undefined || !kind.opening)
      return fail('not_a_win', `${String(claim.winKind)} is not a win of the opening window`);
    if (kind.multiplier[rules.variant] === 0)
      return fail(
        'not_a_win',
        `${kind.name}: ${rules.variant === 'quanzhou' ? 'Quanzhou' : 'Xiamen'} has no such win`,
      );
    const isBanker = claim.seat === banker;
    if (isBanker && claim.winKind === 'earthly')
      return fail('not_a_win', 'the banker cannot win an earthly win on his own first discard');
    if (!isBanker && claim.winKind === 'heavenly')
      return fail('not_a_win', `seat ${claim.seat} is not the banker: only the banker wins heavenly`);
    const distance = (claim.seat - banker + 4) % 4;
    const rank = isBanker
      ? claim.winKind === 'robbingGold'
        ? 12 // after his discard and after the earthly wins on it
        : 0
      : claim.winKind === 'earthly'
        ? 8 + distance
        : 4 + distance;
    if (rank < bestRank) {
      best = claim;
      bestRank = rank;
    }
  }
  return ok(best);
}
