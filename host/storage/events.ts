// The append-only event log, the source of truth: validated `{ type, ...payload }` records numbered 1, 2, 3... per session.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';
import { writeFailure } from './write-failure.js';

/** What the log stores: any tagged record. The vocabulary itself belongs to machines/; storage only needs `type`. */
export type EventRecord = { readonly type: string };

/** The shape of a zod schema's `safeParse` result, so `schema.safeParse` can be passed as a validator. */
export type ValidationOutcome<E> =
  | { readonly success: true; readonly data: E }
  | { readonly success: false; readonly error: { readonly message: string } };

/** Checks a value at the storage boundary, on append and on read (a log may come from another version). */
export type EventValidator<E extends EventRecord> = (value: unknown) => ValidationOutcome<E>;

export interface StoredEvent<E extends EventRecord> {
  readonly sessionId: number;
  readonly seq: number;
  /** Wall-clock time of the event; timers are re-armed from it after a restart. */
  readonly atMs: number;
  readonly event: E;
}

export interface NewEvent<E extends EventRecord> {
  readonly atMs: number;
  readonly event: E;
}

export interface SequenceReport {
  /** Events stored for the session. */
  readonly count: number;
  readonly lastSeq: number;
  /** The first missing seq when the stored seqs are not exactly 1..lastSeq; null when gap-free. */
  readonly firstGap: number | null;
}

export interface EventLog<E extends EventRecord> {
  /** Appends one event as seq `seq` (must be `lastSeq + 1`), committed durably before returning. */
  append(sessionId: number, seq: number, entry: NewEvent<E>): StorageResult<StoredEvent<E>>;
  /** Appends events as `firstSeq`, `firstSeq + 1`... in one transaction: all or none. */
  appendBatch(
    sessionId: number,
    firstSeq: number,
    entries: readonly NewEvent<E>[],
  ): StorageResult<readonly StoredEvent<E>[]>;
  /** A session's events in seq order from `fromSeq` (default 1), at most `limit`; refuses a log with a hole. */
  read(sessionId: number, fromSeq?: number, limit?: number): StorageResult<readonly StoredEvent<E>[]>;
  /** The highest seq stored for the session, 0 when none. */
  lastSeq(sessionId: number): number;
  /** Finds holes in a session's numbering (appends refuse them, but a file can be edited by hand). */
  checkSequence(sessionId: number): SequenceReport;
}

interface EventRow {
  seq: number;
  type: string;
  at_ms: number;
  payload: string;
}

/** One row as inserted: the record's `type` in its own column, the rest of the record as JSON. */
interface InsertRow {
  sessionId: number;
  seq: number;
  type: string;
  atMs: number;
  payload: string;
}

/**
 * Binds the log to one open database and one validator, e.g.
 * `createEventLog(db, (value) => TableEventSchema.safeParse(value))`.
 */
export function createEventLog<E extends EventRecord>(
  db: Database.Database,
  validate: EventValidator<E>,
): EventLog<E> {
  const insert = db.prepare<InsertRow>(
    'INSERT INTO events (session_id, seq, type, at_ms, payload) VALUES (@sessionId, @seq, @type, @atMs, @payload)',
  );
  const last = db.prepare<[number]>('SELECT max(seq) AS seq FROM events WHERE session_id = ?').pluck();
  const session = db.prepare<[number]>('SELECT ended_at_ms FROM sessions WHERE id = ?');
  const range = db.prepare<[number, number, number]>(
    'SELECT seq, type, at_ms, payload FROM events WHERE session_id = ? AND seq >= ? ORDER BY seq LIMIT ?',
  );
  const stats = db.prepare<[number]>(
    'SELECT count(*) AS count, coalesce(max(seq), 0) AS lastSeq FROM events WHERE session_id = ?',
  );
  const gap = db
    .prepare<{ sessionId: number; top: number }>(
      `SELECT e.seq + 1 FROM events e WHERE e.session_id = @sessionId AND e.seq + 1 <= @top
         AND NOT EXISTS (SELECT 1 FROM events n WHERE n.session_id = @sessionId AND n.seq = e.seq + 1)
       ORDER BY e.seq LIMIT 1`,
    )
    .pluck();
  const hasFirst = db.prepare<[number]>('SELECT 1 FROM events WHERE session_id = ? AND seq = 1').pluck();

  const lastSeq = (sessionId: number): number => (last.get(sessionId) as number | null) ?? 0;

  /** Validates and serialises; the `type` goes in its own column, the rest of the record is the payload. */
  const encode = (
    sessionId: number,
    seq: number,
    entry: NewEvent<E>,
  ): StorageResult<{ row: InsertRow; event: E }> => {
    const checked = validate(entry.event);
    if (!checked.success) {
      return storageFail(
        'event_invalid',
        `session ${sessionId} seq ${seq}: the event failed validation: ${checked.error.message}`,
      );
    }
    if (!Number.isSafeInteger(entry.atMs))
      return storageFail(
        'event_invalid',
        `session ${sessionId} seq ${seq}: atMs must be an integer of milliseconds`,
      );
    const { type, ...payload } = checked.data;
    if (typeof type !== 'string' || type.length === 0)
      return storageFail('event_invalid', `session ${sessionId} seq ${seq}: the event has no type`);
    let json: string;
    try {
      json = JSON.stringify(payload);
    } catch (error) {
      return storageFail(
        'event_invalid',
        `session ${sessionId} seq ${seq} (${type}) cannot be stored as JSON: ${(error as Error).message}`,
      );
    }
    return ok({ row: { sessionId, seq, type, atMs: entry.atMs, payload: json }, event: checked.data });
  };

  /** Runs inside the write transaction, so the checks and the insert see the same log. */
  const insertAll = (
    sessionId: number,
    firstSeq: number,
    rows: readonly InsertRow[],
  ): StorageResult<void> => {
    const found = session.get(sessionId) as { ended_at_ms: number | null } | undefined;
    if (found === undefined) return storageFail('unknown_session', `no session ${sessionId}`);
    if (found.ended_at_ms !== null)
      return storageFail('session_already_ended', `session ${sessionId} has ended; its log is closed`);
    const expected = lastSeq(sessionId) + 1;
    if (firstSeq < expected) {
      return storageFail(
        'event_duplicate',
        `session ${sessionId} already holds seq ${firstSeq} (the log ends at ${expected - 1})`,
      );
    }
    if (firstSeq > expected) {
      return storageFail(
        'event_seq_gap',
        `session ${sessionId}: seq ${firstSeq} would leave a hole; the next seq is ${expected}`,
      );
    }
    for (const row of rows) insert.run(row);
    return ok(undefined);
  };
  const appendTransaction = db.transaction(insertAll);

  const appendBatch = (
    sessionId: number,
    firstSeq: number,
    entries: readonly NewEvent<E>[],
  ): StorageResult<readonly StoredEvent<E>[]> => {
    if (!Number.isSafeInteger(firstSeq) || firstSeq < 1)
      return storageFail('event_seq_gap', `seq must be an integer from 1, not ${firstSeq}`);
    const rows: InsertRow[] = [];
    const stored: StoredEvent<E>[] = [];
    for (const [index, entry] of entries.entries()) {
      const encoded = encode(sessionId, firstSeq + index, entry);
      if (!encoded.ok) return encoded;
      rows.push(encoded.value.row);
      stored.push({ sessionId, seq: firstSeq + index, atMs: entry.atMs, event: encoded.value.event });
    }
    if (rows.length === 0) return ok([]);
    // IMMEDIATE takes the write lock before reading lastSeq, so two writers cannot both pass the check.
    let outcome: StorageResult<void>;
    try {
      outcome = appendTransaction.immediate(sessionId, firstSeq, rows);
    } catch (error) {
      return writeFailure(error, `session ${sessionId} seq ${firstSeq}`, 'event_duplicate');
    }
    return outcome.ok ? ok(stored) : outcome;
  };

  const read = (
    sessionId: number,
    fromSeq = 1,
    limit = Number.MAX_SAFE_INTEGER,
  ): StorageResult<readonly StoredEvent<E>[]> => {
    const rows = range.all(sessionId, fromSeq, limit) as EventRow[];
    const events: StoredEvent<E>[] = [];
    let expected = Math.max(1, fromSeq);
    for (const row of rows) {
      if (row.seq !== expected)
        return storageFail(
          'event_seq_gap',
          `session ${sessionId}: seq ${expected} is missing (the next stored is ${row.seq})`,
        );
      expected += 1;
      let payload: unknown;
      try {
        payload = JSON.parse(row.payload);
      } catch {
        payload = undefined;
      }
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
        return storageFail(
          'event_invalid',
          `session ${sessionId} seq ${row.seq}: the stored payload is not a JSON object`,
        );
      }
      const checked = validate({ ...payload, type: row.type });
      if (!checked.success) {
        return storageFail(
          'event_invalid',
          `session ${sessionId} seq ${row.seq} (${row.type}) no longer passes validation: ${checked.error.message}`,
        );
      }
      events.push({ sessionId, seq: row.seq, atMs: row.at_ms, event: checked.data });
    }
    return ok(events);
  };

  const checkSequence = (sessionId: number): SequenceReport => {
    const { count, lastSeq: top } = stats.get(sessionId) as { count: number; lastSeq: number };
    if (count === top) return { count, lastSeq: top, firstGap: null };
    const firstGap = hasFirst.get(sessionId) === undefined ? 1 : (gap.get({ sessionId, top }) as number);
    return { count, lastSeq: top, firstGap };
  };

  return {
    append: (sessionId, seq, entry) => {
      const result = appendBatch(sessionId, seq, [entry]);
      return result.ok ? ok(result.value[0]!) : result;
    },
    appendBatch,
    read,
    lastSeq,
    checkSequence,
  };
}
