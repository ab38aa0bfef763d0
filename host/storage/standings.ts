// Club records: standings across sessions from finished games, with an optional tournament final-scoring function.
import type Database from 'better-sqlite3';
import type { Seat } from './games.js';
import type { JsonValue } from './json.js';

export interface FinishedSeat {
  readonly seat: Seat;
  readonly playerId: number | null;
  readonly finalPoints: number;
  readonly placement: number;
}

export interface FinishedGame {
  readonly gameId: number;
  readonly sessionId: number;
  readonly variant: string;
  readonly preset: string;
  readonly endedAtMs: number;
  readonly seats: readonly FinishedSeat[];
  readonly finalResult: JsonValue;
}

/**
 * Turns one seat's end of game into the number that standings add up, e.g. a tournament's
 * `(points - 30000) / 1000 + uma[placement - 1]`. Without one, standings add the final points.
 */
export type FinalScoring = (seat: FinishedSeat, game: FinishedGame) => number;

export interface StandingsQuery {
  /** Only these sessions; default all. */
  readonly sessionIds?: readonly number[];
  readonly variant?: string;
  /** Games that ended in [sinceMs, untilMs). */
  readonly sinceMs?: number;
  readonly untilMs?: number;
  readonly finalScoring?: FinalScoring;
}

export interface Standing {
  /** 1 = top; players with equal score and average placement share a rank. */
  readonly rank: number;
  readonly playerId: number;
  readonly name: string;
  readonly games: number;
  /** Sum of final points. */
  readonly totalPoints: number;
  /** Sum of `finalScoring` over the player's games (= totalPoints without a scoring function). */
  readonly score: number;
  /** placements[0] = number of first places, [1] = seconds... */
  readonly placements: readonly [number, number, number, number];
  readonly averagePlacement: number;
}

interface SeatRow {
  game_id: number;
  session_id: number;
  variant: string;
  preset: string;
  ended_at_ms: number;
  final_result: string;
  seat: Seat;
  player_id: number | null;
  final_points: number;
  placement: number;
}

/** Finished games matching the query, each with all its seats (the scoring function may need the whole table). */
/** The WHERE terms and parameters selecting games by session, variant and `timeColumn` in [sinceMs, untilMs). */
function gameFilter(query: StandingsQuery, timeColumn: string): { where: string[]; params: Array<number | string> } {
  const where: string[] = [];
  const params: Array<number | string> = [];
  if (query.sessionIds) {
    where.push(`g.session_id IN (${query.sessionIds.map(() => '?').join(',') || 'NULL'})`);
    params.push(...query.sessionIds);
  }
  if (query.variant !== undefined) {
    where.push('s.variant = ?');
    params.push(query.variant);
  }
  if (query.sinceMs !== undefined) {
    where.push(`${timeColumn} >= ?`);
    params.push(query.sinceMs);
  }
  if (query.untilMs !== undefined) {
    where.push(`${timeColumn} < ?`);
    params.push(query.untilMs);
  }
  return { where, params };
}

export interface UnfinishedGame {
  readonly gameId: number;
  readonly sessionId: number;
  readonly variant: string;
  readonly startedAtMs: number;
}

/**
 * Games of ended sessions that were never closed (a database from before issue 12, or a Minefield game its session
 * ended mid-game): they count for nobody, and are listed so they do not vanish silently. The range applies to
 * when they started.
 */
export function unfinishedGames(db: Database.Database, query: StandingsQuery = {}): readonly UnfinishedGame[] {
  const { where, params } = gameFilter(query, 'g.started_at_ms');
  return db
    .prepare(
      `SELECT g.id AS gameId, g.session_id AS sessionId, s.variant, g.started_at_ms AS startedAtMs
         FROM games g JOIN sessions s ON s.id = g.session_id
        WHERE ${['g.ended_at_ms IS NULL', 's.ended_at_ms IS NOT NULL', ...where].join(' AND ')} ORDER BY g.id`,
    )
    .all(...params) as UnfinishedGame[];
}

export function finishedGames(db: Database.Database, query: StandingsQuery = {}): readonly FinishedGame[] {
  const filter = gameFilter(query, 'g.ended_at_ms');
  const where = ['g.ended_at_ms IS NOT NULL', ...filter.where];
  const params = filter.params;
  const rows = db
    .prepare(
      `SELECT g.id AS game_id, g.session_id, s.variant, s.preset, g.ended_at_ms, g.final_result,
              gs.seat, gs.player_id, gs.final_points, gs.placement
         FROM games g JOIN sessions s ON s.id = g.session_id JOIN game_seats gs ON gs.game_id = g.id
        WHERE ${where.join(' AND ')}
        ORDER BY g.id, gs.seat`,
    )
    .all(...params) as SeatRow[];
  const games: FinishedGame[] = [];
  for (const row of rows) {
    let game = games[games.length - 1];
    if (game === undefined || game.gameId !== row.game_id) {
      game = {
        gameId: row.game_id,
        sessionId: row.session_id,
        variant: row.variant,
        preset: row.preset,
        endedAtMs: row.ended_at_ms,
        seats: [],
        finalResult: JSON.parse(row.final_result) as JsonValue,
      };
      games.push(game);
    }
    (game.seats as FinishedSeat[]).push({
      seat: row.seat,
      playerId: row.player_id,
      finalPoints: row.final_points,
      placement: row.placement,
    });
  }
  return games;
}

/** Standings of registered players (guest and bot seats are left out) over the finished games the query selects. */
/**
 * Whether a finished game counts in standings: every game that ended, by its rules or cut by the host (hands per
 * game, the session's end), except one cut before any hand finished: nobody played it, so it places nobody.
 */
export const countsInStandings = (game: FinishedGame): boolean =>
  !(
    typeof game.finalResult === 'object' &&
    game.finalResult !== null &&
    !Array.isArray(game.finalResult) &&
    (game.finalResult as { handsPlayed?: unknown }).handsPlayed === 0
  );

export function clubStandings(db: Database.Database, query: StandingsQuery = {}): readonly Standing[] {
  const players = db.prepare('SELECT id, name, merged_into FROM players').all() as Array<{
    id: number;
    name: string;
    merged_into: number | null;
  }>;
  const names = new Map(players.map((row) => [row.id, row.name]));
  // A merged player's games count for the player he was merged into (players.ts mergePlayers).
  const mergedInto = new Map(players.flatMap((row) => (row.merged_into === null ? [] : [[row.id, row.merged_into]])));
  const tally = new Map<
    number,
    {
      games: number;
      totalPoints: number;
      score: number;
      placements: [number, number, number, number];
      placementSum: number;
    }
  >();
  for (const game of finishedGames(db, query)) {
    if (!countsInStandings(game)) continue;
    for (const played of game.seats) {
      if (played.playerId === null) continue;
      const seat = { ...played, playerId: mergedInto.get(played.playerId) ?? played.playerId };
      const entry = tally.get(seat.playerId) ?? {
        games: 0,
        totalPoints: 0,
        score: 0,
        placements: [0, 0, 0, 0],
        placementSum: 0,
      };
      entry.games += 1;
      entry.totalPoints += seat.finalPoints;
      entry.score += query.finalScoring ? query.finalScoring(played, game) : seat.finalPoints;
      entry.placements[seat.placement - 1] = (entry.placements[seat.placement - 1] ?? 0) + 1;
      entry.placementSum += seat.placement;
      tally.set(seat.playerId, entry);
    }
  }
  const unranked = [...tally.entries()].map(([playerId, entry]) => ({
    playerId,
    name: names.get(playerId) ?? `player ${playerId}`,
    games: entry.games,
    totalPoints: entry.totalPoints,
    score: entry.score,
    placements: entry.placements,
    averagePlacement: entry.placementSum / entry.games,
  }));
  unranked.sort(
    (a, b) =>
      b.score - a.score ||
      a.averagePlacement - b.averagePlacement ||
      b.games - a.games ||
      a.name.localeCompare(b.name),
  );
  const standings: Standing[] = [];
  unranked.forEach((row, index) => {
    const previous = standings[index - 1];
    const tied =
      previous !== undefined &&
      previous.score === row.score &&
      previous.averagePlacement === row.averagePlacement;
    standings.push({ rank: tied ? previous.rank : index + 1, ...row });
  });
  return standings;
}
