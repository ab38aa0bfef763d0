// Clear Mahjong (variants.md V5, seed 001): the preset, the five conditions a win clears, teams, tracking across hands and the game result.
import {
  afterHand,
  finalStandings,
  type FinalStandings,
  type GameProgress,
  type HandEnd,
} from '../game-flow.js';
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import { turnDistance, type Seat } from '../payments.js';
import { fail, ok, type Result } from '../result.js';
import type { ScoredYaku } from '../score.js';

/**
 * Clear Mahjong is regular riichi (`seed`) for two teams of two (V5.1); after South 4 play goes back to East 1
 * (`cycleRounds`, V5.1 item 3); the rest is the functions below.
 */
export const CLEAR_MAHJONG: RuleOptions = { ...CLUB, cycleRounds: true };
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

/**
 * Team A = the players starting East and North; Team B = South and West (V5.1). Starting winds count from the
 * first dealer: with `firstDealer` 0, seats 0 and 3 are team A.
 */
export const clearTeamOf = (seat: Seat, firstDealer: Seat = 0): ClearTeam => {
  const start = turnDistance(firstDealer, seat, 4);
  return start === 0 || start === 3 ? 'A' : 'B';
};

export type ClearResult =
  | { readonly kind: 'playOn' }
  | { readonly kind: 'teamWins'; readonly team: ClearTeam; readonly reason: 'allConditions' | 'opponentBust' }
  /** V5.3 item 7: both rules give opposite results after the same hand: decide by a game of Tenpai Race. */
  | { readonly kind: 'tieByTenpaiRace' };

/**
 * The game state after a hand (V5.3): a team that has cleared all five conditions wins; a player **below** 0
 * ([AMBIGUOUS C1]: exactly 0 plays on; `bustBelow` 1 reads the seed's other sentence, "0 or fewer") makes the
 * other team win. Opposite results from the two rules, or both teams completing the five on the same hand, are
 * a tie settled by Tenpai Race ([AMBIGUOUS C3]).
 */
export function clearGameResult(
  cleared: Readonly<Record<ClearTeam, ReadonlySet<ClearCondition> | readonly ClearCondition[]>>,
  points: readonly number[],
  table: { readonly firstDealer?: Seat; readonly bustBelow?: number } = {},
): ClearResult {
  const bustBelow = table.bustBelow ?? 0;
  const winners = new Set<ClearTeam>();
  for (const team of ['A', 'B'] as const)
    if (CLEAR_CONDITIONS.every((c) => new Set(cleared[team]).has(c))) winners.add(team);
  const bustWinners = new Set<ClearTeam>();
  points.forEach((p, seat) => {
    if (p < bustBelow) bustWinners.add(clearTeamOf(seat as Seat, table.firstDealer) === 'A' ? 'B' : 'A');
  });
  const all = new Set([...winners, ...bustWinners]);
  if (all.size === 0) return { kind: 'playOn' };
  if (all.size > 1) return { kind: 'tieByTenpaiRace' };
  const team = [...all][0]!;
  return { kind: 'teamWins', team, reason: winners.has(team) ? 'allConditions' : 'opponentBust' };
}

/** The conditions each team has cleared so far, in the order of V5.2; kept beside the `GameProgress` (V5.2). */
export interface ClearProgress {
  readonly cleared: Readonly<Record<ClearTeam, readonly ClearCondition[]>>;
}

export const startClear = (): ClearProgress => ({ cleared: { A: [], B: [] } });

/** A paid winner of the hand and the yaku his hand was scored with (`ScoredHand.yaku`). */
export interface ClearWin {
  readonly winner: Seat;
  readonly yaku: readonly ScoredYaku[];
}

/** A condition a team cleared in this hand (for the screen). */
export interface NewlyCleared {
  readonly team: ClearTeam;
  readonly condition: ClearCondition;
}

/**
 * Adds the conditions cleared by this hand's wins ([AMBIGUOUS C2]: several per win; once cleared, cleared for
 * the whole game). With a double ron both winners clear theirs.
 */
export function recordClearWins(
  clear: ClearProgress,
  wins: readonly ClearWin[],
  firstDealer: Seat = 0,
): { clear: ClearProgress; newlyCleared: NewlyCleared[] } {
  const sets = { A: new Set(clear.cleared.A), B: new Set(clear.cleared.B) };
  const newlyCleared: NewlyCleared[] = [];
  for (const win of wins) {
    const team = clearTeamOf(win.winner, firstDealer);
    for (const condition of clearedConditions(win.yaku)) {
      if (sets[team].has(condition)) continue;
      sets[team].add(condition);
      newlyCleared.push({ team, condition });
    }
  }
  const ordered = (team: ClearTeam) => CLEAR_CONDITIONS.filter((c) => sets[team].has(c));
  return { clear: { cleared: { A: ordered('A'), B: ordered('B') } }, newlyCleared };
}

export type ClearStep =
  | {
      readonly kind: 'next';
      readonly progress: GameProgress;
      readonly clear: ClearProgress;
      readonly newlyCleared: readonly NewlyCleared[];
    }
  | {
      readonly kind: 'over';
      readonly progress: GameProgress;
      readonly clear: ClearProgress;
      readonly newlyCleared: readonly NewlyCleared[];
      readonly result: Exclude<ClearResult, { kind: 'playOn' }>;
      /** Individual points and places (scores stay individual, V5.1 item 2); leftover sticks as the option. */
      readonly finalStandings: FinalStandings;
    };

/**
 * Clear Mahjong after a hand: the riichi game flow (cycling rounds, rules/game-flow.ts), then the conditions
 * cleared by the hand's wins, then the end conditions of V5.3. `wins` lists the paid winners of a `win` with
 * their scored yaku (empty for any other hand end; nagashi mangan clears nothing, C2).
 * Errors: `bad_input` for wins that are not this hand's winners, and those of `afterHand`.
 */
export function afterClearHand(
  progress: GameProgress,
  clear: ClearProgress,
  end: HandEnd,
  wins: readonly ClearWin[],
  options: RuleOptions = CLEAR_MAHJONG,
): Result<ClearStep> {
  if (progress.players !== 4) return fail('bad_input', 'Clear Mahjong is played by four players');
  const winners: readonly Seat[] = end.kind === 'win' ? end.winners : [];
  for (const w of wins)
    if (!winners.includes(w.winner))
      return fail('bad_input', `seat ${w.winner} is not a paid winner of this hand`);
  const step = afterHand(progress, end, options);
  if (!step.ok) return step;
  const { progress: after } = step.value;
  const recorded = recordClearWins(clear, wins, progress.firstDealer);
  const result = clearGameResult(recorded.clear.cleared, after.points, {
    firstDealer: progress.firstDealer,
    bustBelow: options.bustBelow,
  });
  if (result.kind === 'playOn') {
    if (step.value.kind === 'over')
      return fail(
        'bad_input',
        `Clear Mahjong cannot end by ${step.value.reason}: set cycleRounds in its options`,
      );
    return ok({ kind: 'next', progress: after, ...recorded });
  }
  // The game ends after this hand: its seating stays (no rotation to a hand that is never played).
  const { points, deposits, handsPlayed } = after;
  return ok({
    kind: 'over',
    progress: { ...progress, points, deposits, handsPlayed },
    ...recorded,
    result,
    finalStandings: finalStandings(
      after.points,
      after.deposits,
      progress.firstDealer,
      options.leftoverDeposits,
    ),
  });
}
