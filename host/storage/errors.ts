// Storage failures as values with stable codes, in the same `{ ok: false, code, message }` shape as rules/.
import type { Ok } from '../../rules/result.js';

/** Stable storage error codes. Add new codes here; never rename one (the CLI and logs print them). */
export type StorageErrorCode =
  /** The file exists but is not a database of this program (not SQLite, empty, or another program's). */
  | 'db_not_ours'
  /** The file is ours (or SQLite) but damaged: it fails `PRAGMA quick_check` or is truncated. */
  | 'db_corrupt'
  /** The schema version is newer than this program knows: written by a newer mahjong-table. */
  | 'db_newer_version'
  /** The file could not be opened or read (permissions, a directory, I/O error, WAL unavailable). */
  | 'db_unreadable'
  /** A write failed (disk full, I/O error, read-only medium) and was rolled back. */
  | 'db_write_failed'
  /** Another process holds the database locked longer than the busy timeout. */
  | 'db_busy'
  /** A schema migration step failed; it was rolled back and the database kept its previous version. */
  | 'migration_failed'
  /** The event failed the caller's validator, or a stored event no longer passes it. */
  | 'event_invalid'
  /** Stored events no longer match their checksums: the file changed after they were logged (named in the message). */
  | 'event_damaged'
  /** An event with this (session, seq) is already in the log. */
  | 'event_duplicate'
  /** The seq is not the next one: the log would have (or has) a hole. */
  | 'event_seq_gap'
  /** A timestamp that contradicts another (an end before its start). */
  | 'invalid_time'
  | 'unknown_session'
  | 'session_already_ended'
  | 'unknown_player'
  | 'player_name_taken'
  /** A player merged into another is kept for his history and changed no more. */
  | 'player_merged'
  /** A merge that cannot be: a player into himself, or two who sat in one game. */
  | 'bad_merge'
  | 'invalid_name'
  | 'unknown_game'
  | 'game_already_ended'
  | 'bad_seats'
  | 'hand_duplicate'
  /** A hand whose number or event range does not fit its game's log. */
  | 'invalid_hand'
  /** A snapshot claims to reflect events the log does not hold. */
  | 'snapshot_ahead_of_log';

export interface StorageError {
  readonly ok: false;
  readonly code: StorageErrorCode;
  readonly message: string;
}

export type StorageResult<T> = Ok<T> | StorageError;

export const storageFail = (code: StorageErrorCode, message: string): StorageError => ({
  ok: false,
  code,
  message,
});
