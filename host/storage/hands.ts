// Hands of a game: number, result summary, and the seq range of its events so a replay can seek to it.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';
import type { JsonValue } from './json.js';

export interface Hand {
  readonly gameId: number;
  /** 1, 2, 3... within the game. */
  readonly number: number;
  /** The hand's events are seqs firstSeq..lastSeq of the game's session log. */
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly summary: JsonValue;
  readonly recordedAtMs: number;
}

interface HandRow {
  game_id: number;
  number: number;
  first_seq: number;
  last_seq: number;
  result_summary: string;
  recorded_at_ms: number;
}

const toHand = (row: HandRow): Hand => ({
  gameId: row.game_id,
  number: row.number,
  firstSeq: row.first_seq,
  lastSeq: row.last_seq,
  summary: JSON.parse(row.result_summary) as JsonValue,
  recordedAtMs: row.recorded_at_ms,
});

/** Records a finished hand; its events must already be in the log (the log is written first). */
export function recordHand(db: Database.Database, hand: Hand): StorageResult<Hand> {
  const game = db.prepare('SELECT session_id FROM games WHERE id = ?').get(hand.gameId) as
    { session_id: number } | undefined;
  if (game === undefined) return storageFail('unknown_game', `no game ${hand.gameId}`);
  if (!Number.isInteger(hand.number) || hand.number < 1)
    return storageFail('invalid_hand', `hand numbers start at 1, got ${hand.number}`);
  if (!(Number.isInteger(hand.firstSeq) && hand.firstSeq >= 1 && hand.lastSeq >= hand.firstSeq)) {
    return storageFail(
      'invalid_hand',
      `hand ${hand.number}: seq range ${hand.firstSeq}..${hand.lastSeq} is not a range of the log`,
    );
  }
  const lastSeq = db
    .prepare('SELECT coalesce(max(seq), 0) FROM events WHERE session_id = ?')
    .pluck()
    .get(game.session_id) as number;
  if (hand.lastSeq > lastSeq)
    return storageFail(
      'invalid_hand',
      `hand ${hand.number} ends at seq ${hand.lastSeq} but the log ends at ${lastSeq}`,
    );
  const exists = db
    .prepare('SELECT 1 FROM hands WHERE game_id = ? AND number = ?')
    .get(hand.gameId, hand.number);
  if (exists !== undefined)
    return storageFail('hand_duplicate', `game ${hand.gameId} already has hand ${hand.number}`);
  db.prepare(
    'INSERT INTO hands (game_id, number, first_seq, last_seq, result_summary, recorded_at_ms) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    hand.gameId,
    hand.number,
    hand.firstSeq,
    hand.lastSeq,
    JSON.stringify(hand.summary),
    hand.recordedAtMs,
  );
  return ok(hand);
}

export function handsOfGame(db: Database.Database, gameId: number): readonly Hand[] {
  const rows = db
    .prepare(
      'SELECT game_id, number, first_seq, last_seq, result_summary, recorded_at_ms FROM hands WHERE game_id = ? ORDER BY number',
    )
    .all(gameId) as HandRow[];
  return rows.map(toHand);
}
