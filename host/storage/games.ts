// Games within a session: who sits where, when it started and ended, and each seat's final points and placement.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';
import type { JsonValue } from './json.js';

/** A seat position, 0 = East at the table's seat 0, counter-clockwise: the same values as machines/' `Seat`. */
export type Seat = 0 | 1 | 2 | 3;

export interface SeatAssignment {
  readonly seat: Seat;
  /** null for a guest or a bot: the seat plays but counts in nobody's standings. */
  readonly playerId: number | null;
}

export interface SeatResult {
  readonly seat: Seat;
  /** Points at the end of the game, in the variant's units (e.g. 25000 starting points in riichi). */
  readonly finalPoints: number;
  /** 1 = first; ties share a placement only if the variant's rules say so. */
  readonly placement: number;
}

export interface GameSeat extends SeatAssignment {
  readonly finalPoints: number | null;
  readonly placement: number | null;
}

export interface Game {
  readonly id: number;
  readonly sessionId: number;
  readonly startedAtMs: number;
  readonly endedAtMs: number | null;
  readonly seats: readonly GameSeat[];
  /** The variant's full final result, kept as given (null until the game ends). */
  readonly finalResult: JsonValue | null;
}

export interface NewGame {
  readonly sessionId: number;
  readonly startedAtMs: number;
  readonly seats: readonly SeatAssignment[];
}

export interface GameEnd {
  readonly endedAtMs: number;
  readonly seats: readonly SeatResult[];
  readonly finalResult: JsonValue;
}

interface GameRow {
  id: number;
  session_id: number;
  started_at_ms: number;
  ended_at_ms: number | null;
  final_result: string | null;
}

interface SeatRow {
  seat: Seat;
  player_id: number | null;
  final_points: number | null;
  placement: number | null;
}

/** Starts a game in an open session with 2 to 4 seats (Minefield seats two, Sanma three). */
export function startGame(db: Database.Database, game: NewGame): StorageResult<Game> {
  const session = db.prepare('SELECT ended_at_ms FROM sessions WHERE id = ?').get(game.sessionId) as
    { ended_at_ms: number | null } | undefined;
  if (session === undefined) return storageFail('unknown_session', `no session ${game.sessionId}`);
  if (session.ended_at_ms !== null)
    return storageFail('session_already_ended', `session ${game.sessionId} has ended; no new games`);
  const seatCheck = checkAssignments(db, game.seats);
  if (!seatCheck.ok) return seatCheck;
  const insert = db.transaction(() => {
    const info = db
      .prepare('INSERT INTO games (session_id, started_at_ms) VALUES (?, ?)')
      .run(game.sessionId, game.startedAtMs);
    const gameId = Number(info.lastInsertRowid);
    const seat = db.prepare('INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)');
    for (const assignment of game.seats) seat.run(gameId, assignment.seat, assignment.playerId);
    return gameId;
  });
  const gameId = insert.immediate();
  return ok(getGame(db, gameId)!);
}

function checkAssignments(db: Database.Database, seats: readonly SeatAssignment[]): StorageResult<void> {
  if (seats.length < 2 || seats.length > 4)
    return storageFail('bad_seats', `a game seats 2 to 4, not ${seats.length}`);
  const seen = new Set<number>();
  const players = new Set<number>();
  for (const { seat, playerId } of seats) {
    if (![0, 1, 2, 3].includes(seat)) return storageFail('bad_seats', `seat ${String(seat)} is not 0..3`);
    if (seen.has(seat)) return storageFail('bad_seats', `seat ${seat} is assigned twice`);
    seen.add(seat);
    if (playerId === null) continue;
    if (players.has(playerId)) return storageFail('bad_seats', `player ${playerId} is seated twice`);
    players.add(playerId);
    const player = db.prepare('SELECT merged_into FROM players WHERE id = ?').get(playerId) as
      { merged_into: number | null } | undefined;
    if (player === undefined) return storageFail('unknown_player', `no player ${playerId}`);
    if (player.merged_into !== null)
      return storageFail('player_merged', `player ${playerId} was merged into player ${player.merged_into}; seat that player`);
  }
  return ok(undefined);
}

/** Records the end of a game; `seats` must give a result for exactly the seats that played. */
export function endGame(db: Database.Database, gameId: number, end: GameEnd): StorageResult<Game> {
  const game = getGame(db, gameId);
  if (game === undefined) return storageFail('unknown_game', `no game ${gameId}`);
  if (game.endedAtMs !== null)
    return storageFail('game_already_ended', `game ${gameId} ended at ${game.endedAtMs}`);
  if (end.endedAtMs < game.startedAtMs)
    return storageFail(
      'invalid_time',
      `game ${gameId} cannot end (${end.endedAtMs}) before it started (${game.startedAtMs})`,
    );
  const played = game.seats.map((seat) => seat.seat).sort();
  const given = end.seats.map((seat) => seat.seat).sort();
  if (played.join(',') !== given.join(',')) {
    return storageFail(
      'bad_seats',
      `game ${gameId} was played by seats ${played.join(',')}, the result names ${given.join(',')}`,
    );
  }
  for (const result of end.seats) {
    if (!Number.isSafeInteger(result.finalPoints))
      return storageFail(
        'bad_seats',
        `seat ${result.seat}: final points must be an integer, got ${result.finalPoints}`,
      );
    if (!Number.isInteger(result.placement) || result.placement < 1 || result.placement > played.length) {
      return storageFail(
        'bad_seats',
        `seat ${result.seat}: placement ${result.placement} is not 1..${played.length}`,
      );
    }
  }
  const update = db.transaction(() => {
    db.prepare('UPDATE games SET ended_at_ms = ?, final_result = ? WHERE id = ?').run(
      end.endedAtMs,
      JSON.stringify(end.finalResult),
      gameId,
    );
    const seat = db.prepare(
      'UPDATE game_seats SET final_points = ?, placement = ? WHERE game_id = ? AND seat = ?',
    );
    for (const result of end.seats) seat.run(result.finalPoints, result.placement, gameId, result.seat);
  });
  update.immediate();
  return ok(getGame(db, gameId)!);
}

export function getGame(db: Database.Database, gameId: number): Game | undefined {
  const row = db
    .prepare('SELECT id, session_id, started_at_ms, ended_at_ms, final_result FROM games WHERE id = ?')
    .get(gameId) as GameRow | undefined;
  return row && toGame(db, row);
}

export function gamesOfSession(db: Database.Database, sessionId: number): readonly Game[] {
  const rows = db
    .prepare(
      'SELECT id, session_id, started_at_ms, ended_at_ms, final_result FROM games WHERE session_id = ? ORDER BY id',
    )
    .all(sessionId) as GameRow[];
  return rows.map((row) => toGame(db, row));
}

/** The session's game still in play, if any: what the host resumes after a restart. */
export function openGame(db: Database.Database, sessionId: number): Game | undefined {
  const row = db
    .prepare(
      'SELECT id, session_id, started_at_ms, ended_at_ms, final_result FROM games WHERE session_id = ? AND ended_at_ms IS NULL ORDER BY id DESC LIMIT 1',
    )
    .get(sessionId) as GameRow | undefined;
  return row && toGame(db, row);
}

function toGame(db: Database.Database, row: GameRow): Game {
  const seats = db
    .prepare(
      'SELECT seat, player_id, final_points, placement FROM game_seats WHERE game_id = ? ORDER BY seat',
    )
    .all(row.id) as SeatRow[];
  return {
    id: row.id,
    sessionId: row.session_id,
    startedAtMs: row.started_at_ms,
    endedAtMs: row.ended_at_ms,
    seats: seats.map((seat) => ({
      seat: seat.seat,
      playerId: seat.player_id,
      finalPoints: seat.final_points,
      placement: seat.placement,
    })),
    finalResult: row.final_result === null ? null : (JSON.parse(row.final_result) as JsonValue),
  };
}
