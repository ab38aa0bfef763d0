// The append-only event log, the source of truth: validated `{ type, ...payload }` records numbered 1, 2, 3... per session.
import type Database from 'better-sqlite3';
import { hash } from 'node:crypto';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';
import { writeFailure } from './write-failure.js';

/** What the log stores: any tagged record. The vocabulary itself belongs to machines/; storage only needs `type`. */
export type EventRecord = { readonly type: string };

/** The shape of a zod schema's `safeParse` result, so `schema.safeParse` can be passed as a validator. */
export type ValidationOutcome<E> =
  | { readonly success: true; readonly data: E }
  | { readonly success: false; readonly error: { readonly message: string } };

/**
 * Checks a value at the storage boundary, on append and on read (a log may come from another version), by the
 * vocabulary of `family`: the family the row is tagged with (read) or the one the log writes (append).
 */
export type EventValidator<E extends EventRecord> = (value: unknown, family: string) => ValidationOutcome<E>;

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
  /** The session's events whose stored row no longer matches its checksum, in seq order (empty: intact). */
  damagedEvents(sessionId: number): readonly number[];
  /**
   * The whole session checked against its checksums: `event_damaged` naming the events, or ok. This log remembers
   * how far each session was found intact and checks only what was appended since (every `read` still checks the
   * rows it returns), so a replay or an export opened again does not rehash the whole session.
   */
  verify(sessionId: number): StorageResult<void>;
}

/** Bytes of SHA-256 kept per event: 128 bits tell any change of a row apart from chance. */
const CHECKSUM_BYTES = 16;

/**
 * An event row's checksum (migration 3): SHA-256 over its session, seq, type, time and payload, cut to 16 bytes.
 * Every column a row holds is covered, the seq and session too, so a flipped byte anywhere in a stored event
 * (its `at_ms` as much as its payload), or a row moved to another seq, names exactly that event; `quick_check`
 * sees only SQLite's own structure. Example: `eventChecksum(1, 3, 'seat.discarded', 1700000000000, '{"seat":0}')`.
 * Without a secret key it detects damage and careless edits, not a forger who recomputes it.
 */
export function eventChecksum(
  sessionId: number,
  seq: number,
  type: string,
  atMs: number,
  payload: string,
): Buffer {
  // The one-shot `hash` costs about half of createHash().update().digest() for a row this small.
  // Numbers, then the type with its length, then the payload last: no field can run into another.
  return hash('sha256', `${sessionId}:${seq}:${atMs}:${type.length}:${type}:${payload}`, 'buffer').subarray(
    0,
    CHECKSUM_BYTES,
  );
}

/** The first damaged seqs a refusal names, so a message stays readable when a whole page was hit. */
const NAMED_DAMAGE = 20;

/** `event_damaged` naming the events, e.g. "session 3: events 17, 240 fail their checksum". */
function damageFailure(sessionId: number, seqs: readonly number[]): StorageResult<never> {
  const named = seqs.slice(0, NAMED_DAMAGE).join(', ');
  const more = seqs.length > NAMED_DAMAGE ? ` and ${seqs.length - NAMED_DAMAGE} more` : '';
  return storageFail(
    'event_damaged',
    `session ${sessionId}: ${seqs.length === 1 ? 'event' : 'events'} ${named}${more} no longer match${seqs.length === 1 ? 'es' : ''} the checksum written with ${seqs.length === 1 ? 'it' : 'them'} (the file was changed after they were logged); the session is refused, nothing was rewritten — restore a backup`,
  );
}

interface EventRow {
  seq: number;
  family: string | null;
  type: string;
  at_ms: number;
  payload: string;
  checksum: Buffer | null;
}

/** One row as inserted: the record's `type` in its own column, the rest of the record as JSON. */
interface InsertRow {
  sessionId: number;
  seq: number;
  family: string;
  type: string;
  atMs: number;
  payload: string;
  checksum: Buffer;
}

/**
 * Binds the log to one open database and one validator, e.g.
 * `createEventLog(db, (value) => TableEventSchema.safeParse(value), 'table')`. Each row read is validated by the
 * family it is tagged with; `family` is the one this log tags its appends with (without it, the log only reads).
 */
export function createEventLog<E extends EventRecord>(
  db: Database.Database,
  validate: EventValidator<E>,
  family?: string,
): EventLog<E> {
  // A database built with an older prefix of the migrations (tests) has no checksum or family column yet.
  const columns = new Set(
    (db.prepare('PRAGMA table_info(events)').all() as Array<{ name: string }>).map((column) => column.name),
  );
  const checksummed = columns.has('checksum');
  const tagged = columns.has('family');
  const written = [
    'sessionId',
    'seq',
    'type',
    'atMs',
    'payload',
    ...(checksummed ? ['checksum'] : []),
    ...(tagged ? ['family'] : []),
  ];
  const column = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const insertRow = db.prepare(
    `INSERT INTO events (${written.map(column).join(', ')}) VALUES (${written.map((name) => `@${name}`).join(', ')})`,
  );
  // Only the bound parameters the statement names: better-sqlite3 refuses any other.
  const insert = (row: InsertRow): void => {
    insertRow.run(Object.fromEntries(written.map((name) => [name, row[name as keyof InsertRow]])));
  };
  const last = db.prepare<[number]>('SELECT max(seq) AS seq FROM events WHERE session_id = ?').pluck();
  const session = db.prepare<[number]>('SELECT ended_at_ms FROM sessions WHERE id = ?');
  const range = db.prepare<[number, number, number]>(
    `SELECT seq, ${tagged ? 'family' : 'NULL AS family'}, type, at_ms, payload, ${checksummed ? 'checksum' : 'NULL AS checksum'} FROM events WHERE session_id = ? AND seq >= ? ORDER BY seq LIMIT ?`,
  );
  const everything = db.prepare<[number, number]>(
    `SELECT seq, NULL AS family, type, at_ms, payload, ${checksummed ? 'checksum' : 'NULL AS checksum'} FROM events WHERE session_id = ? AND seq > ? ORDER BY seq`,
  );
  /** Per session, the last seq `verify` found intact (events are append-only: what was intact stays checked). */
  const verifiedUpTo = new Map<number, number>();
  /** Whether a stored row still matches its checksum (a row without one, on a checksummed log, does not). */
  const intact = (sessionId: number, row: EventRow): boolean =>
    !checksummed ||
    (row.checksum !== null &&
      Buffer.isBuffer(row.checksum) &&
      row.checksum.equals(eventChecksum(sessionId, row.seq, row.type, row.at_ms, row.payload)));
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
    if (family === undefined)
      return storageFail(
        'event_invalid',
        `session ${sessionId} seq ${seq}: this log was opened to read; appends need the family they are logged under`,
      );
    const checked = validate(entry.event, family);
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
    return ok({
      row: {
        sessionId,
        seq,
        family,
        type,
        atMs: entry.atMs,
        payload: json,
        checksum: eventChecksum(sessionId, seq, type, entry.atMs, json),
      },
      event: checked.data,
    });
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
    for (const row of rows) insert(row);
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
    let expected = Math.max(1, fromSeq);
    for (const row of rows) {
      if (row.seq !== expected)
        return storageFail(
          'event_seq_gap',
          `session ${sessionId}: seq ${expected} is missing (the next stored is ${row.seq})`,
        );
      expected += 1;
    }
    // Damage before content, and all of it: a changed byte may also break the JSON or the validator, and the
    // operator needs every damaged event named, not the first symptom.
    const damaged = rows.filter((row) => !intact(sessionId, row)).map((row) => row.seq);
    if (damaged.length > 0) return damageFailure(sessionId, damaged);
    const events: StoredEvent<E>[] = [];
    for (const row of rows) {
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
      // A database that predates the family column (an older prefix of the migrations: tests) tags no row; its
      // rows are read as the log's own family. On a tagged log, a row without its family is not guessed.
      const rowFamily = tagged ? row.family : (family ?? null);
      if (rowFamily === null)
        return storageFail(
          'event_invalid',
          `session ${sessionId} seq ${row.seq} (${row.type}) has no family: it was not written by this log`,
        );
      const checked = validate({ ...payload, type: row.type }, rowFamily);
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

  const damagedAfter = (sessionId: number, afterSeq: number): { damaged: number[]; last: number } => {
    const rows = everything.all(sessionId, afterSeq) as EventRow[];
    return {
      damaged: rows.filter((row) => !intact(sessionId, row)).map((row) => row.seq),
      last: rows.at(-1)?.seq ?? afterSeq,
    };
  };
  const damagedEvents = (sessionId: number): readonly number[] => damagedAfter(sessionId, 0).damaged;

  return {
    damagedEvents,
    verify: (sessionId) => {
      const { damaged, last } = damagedAfter(sessionId, verifiedUpTo.get(sessionId) ?? 0);
      if (damaged.length > 0) return damageFailure(sessionId, damaged);
      verifiedUpTo.set(sessionId, last);
      return ok(undefined);
    },
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
