// Table sessions: one run of the table for a variant and preset, from start to end; the event log hangs off it.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';

export interface Session {
  readonly id: number;
  readonly variant: string;
  readonly preset: string;
  /** The table's identity as it reports it, or 'sim' for the built-in simulator. */
  readonly tableId: string;
  readonly startedAtMs: number;
  readonly endedAtMs: number | null;
}

export interface NewSession {
  readonly variant: string;
  readonly preset: string;
  readonly tableId: string;
  readonly startedAtMs: number;
}

interface SessionRow {
  id: number;
  variant: string;
  preset: string;
  table_id: string;
  started_at_ms: number;
  ended_at_ms: number | null;
}

const COLUMNS = 'id, variant, preset, table_id, started_at_ms, ended_at_ms';

const toSession = (row: SessionRow): Session => ({
  id: row.id,
  variant: row.variant,
  preset: row.preset,
  tableId: row.table_id,
  startedAtMs: row.started_at_ms,
  endedAtMs: row.ended_at_ms,
});

export function startSession(db: Database.Database, session: NewSession): Session {
  const info = db
    .prepare('INSERT INTO sessions (variant, preset, table_id, started_at_ms) VALUES (?, ?, ?, ?)')
    .run(session.variant, session.preset, session.tableId, session.startedAtMs);
  return { id: Number(info.lastInsertRowid), ...session, endedAtMs: null };
}

/** Closes a session; its event log accepts no more events afterwards. */
export function endSession(
  db: Database.Database,
  sessionId: number,
  endedAtMs: number,
): StorageResult<Session> {
  const found = getSession(db, sessionId);
  if (found === undefined) return storageFail('unknown_session', `no session ${sessionId}`);
  if (found.endedAtMs !== null)
    return storageFail('session_already_ended', `session ${sessionId} ended at ${found.endedAtMs}`);
  if (endedAtMs < found.startedAtMs)
    return storageFail(
      'invalid_time',
      `session ${sessionId} cannot end (${endedAtMs}) before it started (${found.startedAtMs})`,
    );
  db.prepare('UPDATE sessions SET ended_at_ms = ? WHERE id = ?').run(endedAtMs, sessionId);
  return ok({ ...found, endedAtMs });
}

export function getSession(db: Database.Database, sessionId: number): Session | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM sessions WHERE id = ?`).get(sessionId) as
    SessionRow | undefined;
  return row && toSession(row);
}

/** The most recently started session (what `export` uses when no session is named). */
export function latestSession(db: Database.Database): Session | undefined {
  const row = db
    .prepare(`SELECT ${COLUMNS} FROM sessions ORDER BY started_at_ms DESC, id DESC LIMIT 1`)
    .get() as SessionRow | undefined;
  return row && toSession(row);
}

/** Sessions that never ended: after a crash, the host resumes the latest of these. */
export function openSessions(db: Database.Database): readonly Session[] {
  return (
    db.prepare(`SELECT ${COLUMNS} FROM sessions WHERE ended_at_ms IS NULL ORDER BY id`).all() as SessionRow[]
  ).map(toSession);
}

export function listSessions(db: Database.Database): readonly Session[] {
  return (db.prepare(`SELECT ${COLUMNS} FROM sessions ORDER BY id`).all() as SessionRow[]).map(toSession);
}
