// Standings as a club reads them (issue 12): per variant, for a session or a date range, with the games cut short and those left open.
import type Database from 'better-sqlite3';
import type { Seat } from '../../rules/payments.js';
import { scoreInOrder } from '../../rules/variants/tournament.js';
import {
  clubStandings,
  countsInStandings,
  finishedGames,
  unfinishedGames,
  type FinalScoring,
  type Standing,
  type UnfinishedGame,
} from '../storage/index.js';

/**
 * Tournament final scoring (V6.5, rules/variants/tournament.ts): first place's +20,000, truncation, the placement
 * bonus and first place absorbing the difference, over the game's stored placements. It is defined for
 * four-player games only; any other game counts its final points unchanged.
 */
export const tournamentScoring: FinalScoring = (seat, game) => {
  if (game.seats.length !== 4) return seat.finalPoints;
  const points = [0, 0, 0, 0];
  for (const s of game.seats) points[s.seat] = s.finalPoints;
  const order = [...game.seats].sort((a, b) => a.placement - b.placement).map((s) => s.seat as Seat);
  return scoreInOrder(points, order).results[seat.seat]!;
};

export interface StandingsReportQuery {
  readonly sessionId?: number;
  readonly variant?: string;
  /** Games that ended in [sinceMs, untilMs). */
  readonly sinceMs?: number;
  readonly untilMs?: number;
  readonly scoring?: 'points' | 'tournament';
}

export interface VariantStandings {
  readonly variant: string;
  /** Games that count (ended, with at least one finished hand). */
  readonly games: number;
  /** Of those, games the session's end cut mid-game (counted as they stood after their last finished hand). */
  readonly cutGames: number;
  /** Games closed before any hand finished: listed, placing nobody. */
  readonly emptyGames: number;
  readonly standings: readonly Standing[];
}

export interface StandingsReport {
  readonly variants: readonly VariantStandings[];
  /**
   * Games of ended sessions that were never closed (a database from before issue 12, or a Minefield game the session
   * ended mid-game): they count for nobody, and are named so they do not vanish silently.
   */
  readonly unfinished: readonly UnfinishedGame[];
}

const reasonOf = (result: unknown): unknown =>
  typeof result === 'object' && result !== null ? (result as { reason?: unknown }).reason : undefined;

/** Standings per variant (points of different variants never add up), over the games the query selects. */
export function standingsReport(db: Database.Database, query: StandingsReportQuery = {}): StandingsReport {
  const base = {
    ...(query.variant === undefined ? {} : { variant: query.variant }),
    ...(query.sessionId === undefined ? {} : { sessionIds: [query.sessionId] }),
    ...(query.sinceMs === undefined ? {} : { sinceMs: query.sinceMs }),
    ...(query.untilMs === undefined ? {} : { untilMs: query.untilMs }),
  };
  const games = finishedGames(db, base);
  const variants = [...new Set(games.map((g) => g.variant))].sort();
  const report: VariantStandings[] = variants.map((variant) => {
    const own = games.filter((g) => g.variant === variant);
    const counted = own.filter(countsInStandings);
    return {
      variant,
      games: counted.length,
      cutGames: counted.filter((g) => reasonOf(g.finalResult) === 'sessionEnded').length,
      emptyGames: own.length - counted.length,
      standings: clubStandings(db, {
        ...base,
        variant,
        ...(query.scoring === 'tournament' ? { finalScoring: tournamentScoring } : {}),
      }),
    };
  });
  const unfinished = unfinishedGames(db, base);
  return { variants: report, unfinished };
}
