// A game closed short of its end: the host cuts it at a hand limit, or the session ends while it is in play.
import { finalStandings, type GameProgress } from '../../../rules/game-flow.js';
import type { RuleOptions } from '../../../rules/options.js';
import type { GameEnded } from './events.js';

/** Why a game its rules did not end was closed: `handLimit`, its hands per game were played; `sessionEnded`. */
export type GameCutReason = 'handLimit' | 'sessionEnded';

/**
 * The `game.ended` of a game cut as it stands: the points as the last finished hand left them (a hand in play
 * counts for nothing), the places and the leftover sticks as at any game end (riichi.md 17.4-17.5), so the records,
 * standings and exports close it like any other game.
 */
export function cutGameEnded(
  progress: GameProgress,
  leftoverDeposits: RuleOptions['leftoverDeposits'],
  reason: GameCutReason,
): GameEnded {
  const standings = finalStandings(progress.points, progress.deposits, progress.firstDealer, leftoverDeposits);
  return {
    type: 'game.ended',
    points: standings.ranking
      .slice()
      .sort((a, b) => a.seat - b.seat)
      .map((s) => s.points),
    ranking: standings.ranking.map((s) => s.seat),
    reason,
    leftoverDeposits: progress.deposits,
    handsPlayed: progress.handsPlayed,
  };
}
