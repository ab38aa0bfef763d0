// Club tournament (variants.md V6, seed 003): the preset, final scoring with placement bonus, chombo, dead hand.
import { rankingOf, type FinalStandings } from '../game-flow.js';
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import { DEPOSIT_VALUE, settleChombo, type Seat, type Settlement } from '../payments.js';
import { fail, ok, type Result } from '../result.js';
import type { ChomboTrigger } from './chombo-triggers.js';

/**
 * The tournament preset (V6.1, V7): club rules with no red fives, head bump for two rons (triple ron: the
 * club's abort when a third could win, [AMBIGUOUS T1]), no Eight Dealer Keeps, Gift of Man or Chariot,
 * liability for K03 K05 K06 K07 K08 K10, leftover deposits to first place, chombo payments.
 */
export const TOURNAMENT: RuleOptions = {
  ...CLUB,
  redFives: 'none',
  multipleRon: 'headBump',
  tripleRon: 'abortIfThirdCanWin',
  renhou: 'off',
  paarenchan: false,
  daisharin: false,
  liability: ['K03', 'K05', 'K06', 'K07', 'K08', 'K10'],
  leftoverDeposits: 'first',
  chomboPayments: true,
};
registerPreset('tournament', TOURNAMENT);

/** Return points subtracted from every final score, and the first place's extra (V6.5 item 3). */
export const TOURNAMENT_RETURN = 30000;
export const TOURNAMENT_FIRST_EXTRA = 20000;
/** Placement bonus by rank (V6.5 item 5). */
export const TOURNAMENT_PLACEMENT_BONUS = [20, 10, -10, -20] as const;

/**
 * Ranks seats by points, ties broken by original seat (original East = `firstDealer`, then South, West, North;
 * V6.5 item 2, riichi.md 17.5). Returns seats, first place first.
 */
export function rankSeats(points: readonly number[], firstDealer: Seat = 0): Seat[] {
  return rankingOf(points, firstDealer);
}

/** Leftover deposits go to first place at the end of the game (V6.1 item 4, riichi.md 17.4). */
export function leftoverDepositsToFirst(
  points: readonly number[],
  deposits: number,
  firstDealer: Seat = 0,
): number[] {
  const out = [...points];
  out[rankSeats(points, firstDealer)[0]!]! += DEPOSIT_VALUE * deposits;
  return out;
}

export interface TournamentGameResult {
  /** Per seat: the game's result in tournament units, added to the player's total. */
  readonly results: number[];
  /** Per seat: rank 1-4. */
  readonly ranks: number[];
}

/**
 * Final scoring of one game (V6.5; the seed says "each hand", meaning each game, [AMBIGUOUS T4]):
 * Q = P − 30,000 (first place adds 20,000); R = Q / 1000 truncated toward zero; + placement bonus
 * (+20, +10, −10, −20); if the four do not sum to 0, first place absorbs the difference.
 * `points` are the final points per seat, leftover sticks already given; ties are broken by original seat from
 * `firstDealer` (V6.5 item 2). Only the tournament preset is scored this way: the 30,000 return is the
 * tournament's, not riichi's (other games rank by points alone, rules/game-flow.ts `finalStandings`).
 * Example: 45,500 / 25,500 / 15,500 / 13,500 → 54 / 6 / −24 / −36.
 */
export function tournamentGameResult(
  points: readonly [number, number, number, number],
  firstDealer: Seat = 0,
): TournamentGameResult {
  return scoreInOrder(points, rankSeats(points, firstDealer));
}

/** V6.5 items 3-6 over a ranking that is already decided (first place first), e.g. a stored game's placements. */
export function scoreInOrder(points: readonly number[], order: readonly Seat[]): TournamentGameResult {
  const results = [0, 0, 0, 0];
  const ranks = [0, 0, 0, 0];
  order.forEach((seat, rank) => {
    const q = points[seat] - TOURNAMENT_RETURN + (rank === 0 ? TOURNAMENT_FIRST_EXTRA : 0);
    results[seat] = Math.trunc(q / 1000) + TOURNAMENT_PLACEMENT_BONUS[rank]!;
    ranks[seat] = rank + 1;
  });
  const sum = results.reduce((a, b) => a + b, 0);
  results[order[0]!]! -= sum;
  // -0 from truncation of a small negative Q would print as "-0".
  return { results: results.map((r) => r + 0), ranks };
}

/**
 * The tournament result of a game that rules/game-flow.ts finished: its standings already carry the leftover
 * sticks (V6.5 item 1, with `leftoverDeposits: 'first'`) and the tie-broken ranking (item 2).
 * `bad_input` unless it is a four-player game with no sticks left on the table.
 */
export function tournamentResultOf(standings: FinalStandings): Result<TournamentGameResult> {
  if (standings.ranking.length !== 4)
    return fail('bad_input', `tournament games have 4 players, not ${standings.ranking.length}`);
  if (standings.depositsLeft !== 0)
    return fail(
      'bad_input',
      `${standings.depositsLeft} sticks are still on the table: they go to first place (V6.1 item 4)`,
    );
  const points = [0, 0, 0, 0];
  for (const s of standings.ranking) points[s.seat] = s.points;
  return ok(
    scoreInOrder(
      points,
      standings.ranking.map((s) => s.seat),
    ),
  );
}

/**
 * A player's tournament total (V6.5 item 7): the sum of his game results minus his score penalties (V6.4,
 * entered by the organizer as positive numbers: dropping a tile = 2). Finals start again from 0 (V6.6).
 * Example: games 52 and −21, a 2-point penalty → 29.
 */
export function tournamentTotal(gameResults: readonly number[], penalties: readonly number[] = []): number {
  return gameResults.reduce((a, b) => a + b, 0) - penalties.reduce((a, b) => a + b, 0);
}

/** What a player at fault for a chombo pays (V6.2 items 2-3): see `settleChombo`. */
export function tournamentChombo(input: {
  dealer: Seat;
  offender: Seat;
  riichiThisHand: readonly Seat[];
  riichiSticks: number;
}): Result<Settlement> {
  return settleChombo({ players: 4, ...input });
}

export type { ChomboTrigger };
export const chomboEndsHandAtOnce = (trigger: ChomboTrigger): boolean =>
  trigger !== 'riichiNotTenpai' && trigger !== 'illegalKanAfterRiichi';

/**
 * Whether a chombo is settled (V6.2 items 1, 4): a win in the same hand (a Pool of Dreams included) takes
 * priority and the chombo is ignored; a riichi chombo counts only when the hand ends in a draw.
 */
export function chomboApplies(
  trigger: ChomboTrigger,
  handEnd: 'win' | 'nagashi' | 'draw' | 'inProgress',
): boolean {
  if (handEnd === 'win' || handEnd === 'nagashi') return false;
  if (!chomboEndsHandAtOnce(trigger)) return handEnd === 'draw';
  return true;
}

/** How a hand with a remembered riichi chombo ended (the chombo is settled or lapses accordingly). */
export type RiichiChomboHandEnd = 'win' | 'poolOfDreams' | 'exhaustiveDraw' | 'abortiveDraw';
/** Why a remembered riichi chombo was not settled: a win (a Pool of Dreams too) or, if so set, an abortive draw. */
export type RiichiChomboLapse = 'win' | 'poolOfDreams' | 'abortiveDraw';

/**
 * V6.2 items 1, 4, 5 for the two riichi triggers remembered during the hand: settled when the hand ends in a
 * draw — any draw by default (T3), only an exhaustive one under `riichiChomboAt: 'exhaustiveDraw'` — unless a
 * win or a Pool of Dreams came first (item 4). Returns null when settled, else why it lapses.
 */
export function riichiChomboLapse(
  handEnd: RiichiChomboHandEnd,
  at: RuleOptions['riichiChomboAt'] = 'anyDraw',
): RiichiChomboLapse | null {
  if (handEnd === 'exhaustiveDraw') return null;
  if (handEnd === 'abortiveDraw') return at === 'anyDraw' ? null : 'abortiveDraw';
  return handEnd;
}

/**
 * Several players' riichi chombos settled at one draw (V6.2 items 2-3): each offender pays as `tournamentChombo`;
 * the sticks put down during the hand go back to their owners once. One offender = `tournamentChombo`.
 */
export function tournamentChomboAtDraw(input: {
  dealer: Seat;
  offenders: readonly Seat[];
  riichiThisHand: readonly Seat[];
  riichiSticks: number;
}): Result<Settlement> {
  if (input.offenders.length === 0) return fail('bad_input', 'a chombo at the draw needs an offender');
  if (new Set(input.offenders).size !== input.offenders.length)
    return fail('bad_input', `a seat pays one chombo per hand, not ${input.offenders.join(', ')}`);
  const deltas = [0, 0, 0, 0];
  let riichiSticks = input.riichiSticks;
  let riichiThisHand = input.riichiThisHand;
  for (const offender of input.offenders) {
    const one = tournamentChombo({ dealer: input.dealer, offender, riichiThisHand, riichiSticks });
    if (!one.ok) return one;
    one.value.deltas.forEach((d, seat) => (deltas[seat]! += d));
    riichiSticks = one.value.depositsAfter;
    // The hand's sticks are returned once, with the first offender's payment.
    riichiThisHand = [];
  }
  return ok({ deltas, depositsAfter: riichiSticks });
}

/** Actions a dead hand may no longer take (V6.3): it only draws and discards. */
export const DEAD_HAND_FORBIDDEN = ['riichi', 'chi', 'pon', 'kan', 'ron', 'tsumo'] as const;
export type DeadHandAction = (typeof DEAD_HAND_FORBIDDEN)[number] | 'draw' | 'discard';
export const deadHandMay = (action: DeadHandAction): boolean => action === 'draw' || action === 'discard';

/** At an exhaustive draw a dead hand is never tenpai and cannot score a Pool of Dreams (V6.3). */
export const tenpaiAtDraw = (tenpai: boolean, deadHand: boolean): boolean => tenpai && !deadHand;
export const mayScoreNagashi = (qualifies: boolean, deadHand: boolean): boolean => qualifies && !deadHand;
