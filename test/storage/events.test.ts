// The append-only event log on a real SQLite file: order, duplicates, gaps, validation, durability across reopen.
import type Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventLog, endSession, eventChecksum, startSession, type EventLog } from '../../host/storage/index.js';
import {
  atMsFor,
  makeTempDir,
  mustOpen,
  removeDir,
  tickFor,
  validateTestEvent,
  type TestEvent,
} from './fixtures.js';

let dir: string;
let file: string;
let db: Database.Database;
let log: EventLog<TestEvent>;
let sessionId: number;

beforeEach(() => {
  dir = makeTempDir('events');
  file = path.join(dir, 'club.sqlite');
  db = mustOpen(file).db;
  log = createEventLog(db, validateTestEvent, 'test');
  sessionId = startSession(db, { variant: 'riichi', preset: 'tenhou', tableId: 'sim', startedAtMs: 1 }).id;
});

afterEach(() => {
  if (db.open) db.close();
  removeDir(dir);
});

describe('event log', () => {
  it('appends and reads a session in seq order, with type in its own column', () => {
    for (let seq = 1; seq <= 10; seq += 1)
      expect(log.append(sessionId, seq, { atMs: atMsFor(seq), event: tickFor(seq) }).ok).toBe(true);
    const read = log.read(sessionId);
    expect(read.ok && read.value.map((stored) => stored.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(read.ok && read.value[4]).toEqual({ sessionId, seq: 5, atMs: atMsFor(5), event: tickFor(5) });
    const raw = db
      .prepare('SELECT type, payload FROM events WHERE session_id = ? AND seq = 3')
      .get(sessionId) as { type: string; payload: string };
    expect(raw.type).toBe('test.tick');
    expect(JSON.parse(raw.payload)).toEqual({ n: 3, text: 'xxx' });
    expect(log.lastSeq(sessionId)).toBe(10);
  });

  it('reads from a given seq, and a limited window', () => {
    log.appendBatch(
      sessionId,
      1,
      Array.from({ length: 20 }, (_, i) => ({ atMs: atMsFor(i + 1), event: tickFor(i + 1) })),
    );
    const tail = log.read(sessionId, 15);
    expect(tail.ok && tail.value.map((stored) => stored.seq)).toEqual([15, 16, 17, 18, 19, 20]);
    const window = log.read(sessionId, 5, 3);
    expect(window.ok && window.value.map((stored) => stored.seq)).toEqual([5, 6, 7]);
    const beyond = log.read(sessionId, 21);
    expect(beyond.ok && beyond.value).toEqual([]);
  });

  it('keeps sessions apart', () => {
    const other = startSession(db, { variant: 'sanma', preset: 'seed', tableId: 'T-2', startedAtMs: 2 }).id;
    log.append(sessionId, 1, { atMs: 10, event: tickFor(1) });
    log.append(other, 1, { atMs: 11, event: { type: 'seat.noted', seat: 2, note: 'other session' } });
    log.append(sessionId, 2, { atMs: 12, event: tickFor(2) });
    const mine = log.read(sessionId);
    const theirs = log.read(other);
    expect(mine.ok && mine.value.map((stored) => stored.event.type)).toEqual(['test.tick', 'test.tick']);
    expect(theirs.ok && theirs.value.map((stored) => stored.event)).toEqual([
      { type: 'seat.noted', seat: 2, note: 'other session' },
    ]);
  });

  it('refuses a duplicate seq with an error value and keeps the first event', () => {
    log.append(sessionId, 1, { atMs: 10, event: tickFor(1) });
    log.append(sessionId, 2, { atMs: 20, event: tickFor(2) });
    const again = log.append(sessionId, 2, {
      atMs: 30,
      event: { type: 'seat.noted', seat: 1, note: 'late' },
    });
    expect(again).toMatchObject({ ok: false, code: 'event_duplicate' });
    const first = log.append(sessionId, 1, { atMs: 30, event: tickFor(1) });
    expect(first).toMatchObject({ ok: false, code: 'event_duplicate' });
    const read = log.read(sessionId);
    expect(read.ok && read.value.map((stored) => stored.event)).toEqual([tickFor(1), tickFor(2)]);
  });

  it('refuses a seq that would leave a gap', () => {
    log.append(sessionId, 1, { atMs: 10, event: tickFor(1) });
    expect(log.append(sessionId, 3, { atMs: 10, event: tickFor(3) })).toMatchObject({
      ok: false,
      code: 'event_seq_gap',
    });
    expect(log.append(sessionId, 0, { atMs: 10, event: tickFor(0) })).toMatchObject({
      ok: false,
      code: 'event_seq_gap',
    });
    expect(log.lastSeq(sessionId)).toBe(1);
  });

  it('appends a batch all or nothing', () => {
    log.append(sessionId, 1, { atMs: 10, event: tickFor(1) });
    const overlapping = log.appendBatch(
      sessionId,
      1,
      [1, 2, 3].map((seq) => ({ atMs: seq, event: tickFor(seq) })),
    );
    expect(overlapping).toMatchObject({ ok: false, code: 'event_duplicate' });
    const withBadOne = log.appendBatch(sessionId, 2, [
      { atMs: 2, event: tickFor(2) },
      { atMs: 3, event: { type: 'test.tick', n: 'three' } as unknown as TestEvent },
    ]);
    expect(withBadOne).toMatchObject({ ok: false, code: 'event_invalid' });
    expect(log.lastSeq(sessionId)).toBe(1);
    const good = log.appendBatch(
      sessionId,
      2,
      [2, 3, 4].map((seq) => ({ atMs: seq, event: tickFor(seq) })),
    );
    expect(good.ok && good.value.map((stored) => stored.seq)).toEqual([2, 3, 4]);
  });

  it('validates at the boundary with the injected validator', () => {
    const unknownType = log.append(sessionId, 1, {
      atMs: 1,
      event: { type: 'test.unknown' } as unknown as TestEvent,
    });
    expect(unknownType).toMatchObject({ ok: false, code: 'event_invalid' });
    const badSeat = log.append(sessionId, 1, {
      atMs: 1,
      event: { type: 'seat.noted', seat: 4, note: '' } as unknown as TestEvent,
    });
    expect(badSeat).toMatchObject({ ok: false, code: 'event_invalid' });
    expect(log.append(sessionId, 1, { atMs: 1.5, event: tickFor(1) })).toMatchObject({
      ok: false,
      code: 'event_invalid',
    });
    expect(log.lastSeq(sessionId)).toBe(0);
  });

  it('refuses, on read, a stored event that the current validator rejects', () => {
    log.append(sessionId, 1, { atMs: 1, event: tickFor(1) });
    // A row written by some other version: valid JSON, unknown to this vocabulary (with its checksum, as written).
    db.prepare(
      "INSERT INTO events (session_id, seq, type, at_ms, payload, checksum) VALUES (?, 2, 'test.renamed', 2, '{}', ?)",
    ).run(sessionId, eventChecksum(sessionId, 2, 'test.renamed', 2, '{}'));
    expect(log.read(sessionId)).toMatchObject({ ok: false, code: 'event_invalid' });
    const prefix = log.read(sessionId, 1, 1);
    expect(prefix.ok && prefix.value.length).toBe(1);
  });

  it('detects a gap in a log edited behind its back', () => {
    log.appendBatch(
      sessionId,
      1,
      [1, 2].map((seq) => ({ atMs: seq, event: tickFor(seq) })),
    );
    db.prepare(
      "INSERT INTO events (session_id, seq, type, at_ms, payload) VALUES (?, 4, 'test.tick', 4, ?)",
    ).run(sessionId, JSON.stringify({ n: 4, text: '' }));
    expect(log.checkSequence(sessionId)).toEqual({ count: 3, lastSeq: 4, firstGap: 3 });
    expect(log.read(sessionId)).toMatchObject({ ok: false, code: 'event_seq_gap' });
    expect(log.read(sessionId, 3)).toMatchObject({ ok: false, code: 'event_seq_gap' });
    // Appends continue from the highest seq, never filling the hole silently.
    expect(log.append(sessionId, 3, { atMs: 3, event: tickFor(3) })).toMatchObject({
      ok: false,
      code: 'event_duplicate',
    });
  });

  it('reports a gap-free log as such, and a missing first event', () => {
    log.appendBatch(
      sessionId,
      1,
      [1, 2, 3].map((seq) => ({ atMs: seq, event: tickFor(seq) })),
    );
    expect(log.checkSequence(sessionId)).toEqual({ count: 3, lastSeq: 3, firstGap: null });
    const other = startSession(db, { variant: 'riichi', preset: 'seed', tableId: 'sim', startedAtMs: 5 }).id;
    db.prepare(
      "INSERT INTO events (session_id, seq, type, at_ms, payload) VALUES (?, 2, 'test.tick', 2, ?)",
    ).run(other, JSON.stringify({ n: 2, text: '' }));
    expect(log.checkSequence(other)).toEqual({ count: 1, lastSeq: 2, firstGap: 1 });
    expect(log.read(other)).toMatchObject({ ok: false, code: 'event_seq_gap' });
  });

  it('is append-only in the schema itself: UPDATE and DELETE abort', () => {
    log.append(sessionId, 1, { atMs: 1, event: tickFor(1) });
    expect(() => db.prepare("UPDATE events SET type = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM events').run()).toThrow(/append-only/);
    expect(log.lastSeq(sessionId)).toBe(1);
  });

  it('refuses events for an unknown or ended session', () => {
    expect(log.append(9999, 1, { atMs: 1, event: tickFor(1) })).toMatchObject({
      ok: false,
      code: 'unknown_session',
    });
    log.append(sessionId, 1, { atMs: 1, event: tickFor(1) });
    expect(endSession(db, sessionId, 100).ok).toBe(true);
    expect(log.append(sessionId, 2, { atMs: 101, event: tickFor(2) })).toMatchObject({
      ok: false,
      code: 'session_already_ended',
    });
  });

  it('lets a second connection (a reader such as an export) read while the host appends', () => {
    log.appendBatch(
      sessionId,
      1,
      [1, 2].map((seq) => ({ atMs: seq, event: tickFor(seq) })),
    );
    const reader = mustOpen(file);
    expect(reader.created).toBe(false);
    const readerLog = createEventLog(reader.db, validateTestEvent, 'test');
    expect(readerLog.lastSeq(sessionId)).toBe(2);
    log.append(sessionId, 3, { atMs: 3, event: tickFor(3) });
    const seen = readerLog.read(sessionId);
    expect(seen.ok && seen.value.map((stored) => stored.seq)).toEqual([1, 2, 3]);
    // Two writers cannot both take seq 4: the second sees the first's commit and is refused.
    expect(readerLog.append(sessionId, 4, { atMs: 4, event: tickFor(4) }).ok).toBe(true);
    expect(log.append(sessionId, 4, { atMs: 4, event: tickFor(4) })).toMatchObject({
      ok: false,
      code: 'event_duplicate',
    });
    reader.db.close();
  });

  it('keeps every committed event across close and reopen of the file', () => {
    log.appendBatch(
      sessionId,
      1,
      Array.from({ length: 50 }, (_, i) => ({ atMs: atMsFor(i + 1), event: tickFor(i + 1) })),
    );
    log.append(sessionId, 51, { atMs: atMsFor(51), event: tickFor(51) });
    db.close();
    const reopened = mustOpen(file);
    expect(reopened.created).toBe(false);
    db = reopened.db;
    const read = createEventLog(db, validateTestEvent, 'test').read(sessionId);
    expect(read.ok && read.value.map((stored) => stored.event)).toEqual(
      Array.from({ length: 51 }, (_, i) => tickFor(i + 1)),
    );
  });
});
