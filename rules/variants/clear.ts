// Clear Mahjong (variants.md V5, seed 001): the preset, the five conditions a win clears, teams and the game result.
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import type { Seat } from '../payments.js';
import type { ScoredYaku } from '../score.js';

/** Clear Mahjong is regular riichi (`seed`) for two teams of two (V5.1); the rest is the functions below. */
export const CLEAR_MAHJONG: RuleOptions = { ...CLUB };
registerPreset('clear', CLEAR_MAHJONG);

/**
 * The five conditions (V5.2), by yaku id of riichi.md 11.2: Large Straight (Y16), Three Colors One Chii (Y15),
 * All With Orphans (Y17, chanta), Three Concealed Pons (Y21), Seven Pairs (Y23).
 */
export const CLEAR_CONDITIONS = ['Y16', 'Y15', 'Y17', 'Y21', 'Y23'] as const;
export type ClearCondition = (typeof CLEAR_CONDITIONS)[number];

/**
 * The conditions a win clears: those among its **scored** yaku. A hand scored as All With Terminals (Y18,
 * which replaces Y17) or Four Concealed Pons (K02, replacing Y21) clears nothing for them (seed); a yakuman hand
 * scores no ordinary yaku, so it clears none; one win may clear several ([AMBIGUOUS C2]). Nagashi mangan is
 * not a win and never reaches this function.
 */
export function clearedConditions(yaku: readonly ScoredYaku[]): ClearCondition[] {
  const ids = new Set(yaku.filter((y) => 'han' in y).map((y) => y.id));
  return CLEAR_CONDITIONS.filter((id) => ids.has(id));
}

export type ClearTeam = 'A' | 'B';

/** Team A = the players starting East (seat 0) and North (seat 3); Team B = South (1) and West (2) (V5.1). */
export const clearTeamOf = (seat: Seat): ClearTeam => (seat === 0 || seat === 3 ? 'A' : 'B');

export type ClearResult =
  | { readonly kind: 'playOn' }
  | { readonly kind: 'teamWins'; readonly team: ClearTeam; readonly reason: 'allConditions' | 'opponentBust' }
  /** V5.3 item 7: both rules give opposite results after the same hand: decide by a game of Tenpai Race. */
  | { readonly kind: 'tieByTenpaiRace' };

/**
 * The game state after a hand (V5.3): a team that has cleared all five conditions wins; a player **below** 0
 * ([AMBIGUOUS C1]: exactly 0 plays on) makes the other team win. Opposite results from the two rules, or both
 * teams completing the five on the same hand, are a tie settled by Tenpai Race ([AMBIGUOUS C3]).
 */
export function clearGameResult(
  cleared: Readonly<Record<ClearTeam, ReadonlySet<ClearCondition>>>,
  points: readonly number[],
): ClearResult {
  const winners = new Set<ClearTeam>();
  for (const team of ['A', 'B'] as const)
    if (CLEAR_CONDITIONS.every((c) => cleared[team].has(c))) winners.add(team);
  const bustWinners = new Set<ClearTeam>();
  points.forEach((p, seat) => {
    if (p < 0) bustWinners.add(clearTeamOf(seat as Seat) === 'A' ? 'B' : 'A');
  });
  const all = new Set([...winners, ...bustWinners]);
  if (all.size === 0) return { kind: 'playOn' };
  if (all.size > 1) return { kind: 'tieByTenpaiRace' };
  const team = [...all][0]!;
  return { kind: 'teamWins', team, reason: winners.has(team) ? 'allConditions' : 'opponentBust' };
}
