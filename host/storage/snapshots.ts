// Machine snapshots: a start-up shortcut stamped with the machine version; the event log still decides.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';
import type { JsonValue } from './json.js';

export interface Snapshot {
  readonly sessionId: number;
  /** The machine state after applying events 1..seq of the session (0: before any event). */
  readonly seq: number;
  /** The version of the machine code that produced `state`; any other version ignores the snapshot. */
  readonly machineVersion: string;
  readonly savedAtMs: number;
  readonly state: JsonValue;
}

interface SnapshotRow {
  session_id: number;
  seq: number;
  machine_version: string;
  saved_at_ms: number;
  state: string;
}

const lastSeqOf = (db: Database.Database, sessionId: number): number =>
  db
    .prepare('SELECT coalesce(max(seq), 0) FROM events WHERE session_id = ?')
    .pluck()
    .get(sessionId) as number;

/** Saves a snapshot; refuses one that claims events the log does not hold. Saving the same point twice replaces it. */
export function saveSnapshot(db: Database.Database, snapshot: Snapshot): StorageResult<Snapshot> {
  if (db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(snapshot.sessionId) === undefined) {
    return storageFail('unknown_session', `no session ${snapshot.sessionId}`);
  }
  const lastSeq = lastSeqOf(db, snapshot.sessionId);
  if (!Number.isInteger(snapshot.seq) || snapshot.seq < 0 || snapshot.seq > lastSeq) {
    return storageFail(
      'snapshot_ahead_of_log',
      `session ${snapshot.sessionId}: a snapshot at seq ${snapshot.seq} but the log ends at ${lastSeq}`,
    );
  }
  db.prepare(
    'INSERT OR REPLACE INTO machine_snapshots (session_id, machine_version, seq, saved_at_ms, state) VALUES (?, ?, ?, ?, ?)',
  ).run(
    snapshot.sessionId,
    snapshot.machineVersion,
    snapshot.seq,
    snapshot.savedAtMs,
    JSON.stringify(snapshot.state),
  );
  return ok(snapshot);
}

/**
 * The latest usable snapshot: same machine version, within the log. undefined means "replay the log
 * from seq 1", which is always correct, only slower.
 */
export function loadSnapshot(
  db: Database.Database,
  sessionId: number,
  machineVersion: string,
): Snapshot | undefined {
  const row = db
    .prepare(
      'SELECT session_id, seq, machine_version, saved_at_ms, state FROM machine_snapshots WHERE session_id = ? AND machine_version = ? AND seq <= ? ORDER BY seq DESC LIMIT 1',
    )
    .get(sessionId, machineVersion, lastSeqOf(db, sessionId)) as SnapshotRow | undefined;
  if (row === undefined) return undefined;
  return {
    sessionId: row.session_id,
    seq: row.seq,
    machineVersion: row.machine_version,
    savedAtMs: row.saved_at_ms,
    state: JSON.parse(row.state) as JsonValue,
  };
}

/** Drops a session's snapshots except the latest `keep` of `machineVersion` (older versions are useless). */
export function pruneSnapshots(
  db: Database.Database,
  sessionId: number,
  machineVersion: string,
  keep = 1,
): number {
  const info = db
    .prepare(
      `DELETE FROM machine_snapshots WHERE session_id = @sessionId AND (machine_version <> @machineVersion OR seq NOT IN (
         SELECT seq FROM machine_snapshots WHERE session_id = @sessionId AND machine_version = @machineVersion ORDER BY seq DESC LIMIT @keep))`,
    )
    .run({ sessionId, machineVersion, keep });
  return info.changes;
}
