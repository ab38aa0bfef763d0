// Every logged event carries a checksum (issue 12): a flipped byte inside the SQLite file, which quick_check cannot see, names exactly the damaged events and nothing is rewritten.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEventLog,
  eventChecksum,
  MIGRATIONS,
  openDatabase,
  SCHEMA_VERSION,
  startSession,
} from '../../host/storage/index.js';
import { atMsFor, fileState, makeTempDir, mustOpen, removeDir, tickFor, validateTestEvent } from './fixtures.js';

let dir: string;
let file: string;

beforeEach(() => {
  dir = makeTempDir('checksums');
  file = path.join(dir, 'club.sqlite');
});
afterEach(() => removeDir(dir));

/** A distinctive time for event `seq`, so its 8 stored bytes can be found in the file. */
const markedAtMs = (seq: number): number => 0x0123_4567_0000 + seq * 0x0101;

/** Writes a session of `count` ticks, each at `markedAtMs(seq)`, and closes the file with everything checkpointed. */
function writeSession(count: number): number {
  const { db } = mustOpen(file);
  const sessionId = startSession(db, { variant: 'riichi', preset: 'seed', tableId: 'T', startedAtMs: 0 }).id;
  const log = createEventLog(db, validateTestEvent, 'test');
  for (let seq = 1; seq <= count; seq++) {
    const appended = log.append(sessionId, seq, { atMs: markedAtMs(seq), event: tickFor(seq) });
    if (!appended.ok) throw new Error(appended.message);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return sessionId;
}

/** Flips the lowest bit of the last byte of `atMs` where SQLite stored it (a big-endian integer in the record). */
function flipAtMs(atMs: number): void {
  const bytes = readFileSync(file);
  const needle = Buffer.alloc(6);
  needle.writeUIntBE(atMs, 0, 6);
  const at = bytes.indexOf(needle);
  expect(at, `the stored time ${atMs} was not found in the file`).toBeGreaterThan(0);
  expect(bytes.indexOf(needle, at + 1)).toBe(-1);
  bytes[at + 5]! ^= 0x01;
  writeFileSync(file, bytes);
}

describe('event checksums (issue 12)', () => {
  it('a flipped byte in one event’s at_ms passes quick_check but is named on read; nothing is rewritten', () => {
    const sessionId = writeSession(40);
    flipAtMs(markedAtMs(17));
    flipAtMs(markedAtMs(31));
    const before = readFileSync(file).toString('base64');
    // SQLite's own check sees nothing: the records are well-formed.
    const opened = openDatabase({ path: file });
    if (!opened.ok) throw new Error(opened.message);
    const { db } = opened.value;
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    const log = createEventLog(db, validateTestEvent, 'test');
    const read = log.read(sessionId);
    expect(read).toMatchObject({ ok: false, code: 'event_damaged' });
    expect(!read.ok && read.message).toMatch(/events 17, 31 no longer match/);
    expect(log.damagedEvents(sessionId)).toEqual([17, 31]);
    // A page that holds no damaged event still reads (a replay can show the hands before the damage).
    const page = log.read(sessionId, 1, 16);
    expect(page.ok && page.value.length).toBe(16);
    expect(log.read(sessionId, 30, 5)).toMatchObject({ ok: false, code: 'event_damaged' });
    db.close();
    expect(readFileSync(file).toString('base64')).toBe(before);
  });

  it('an intact log reads as before, and every row holds the checksum of what it stores', () => {
    const sessionId = writeSession(5);
    const { db } = mustOpen(file);
    const log = createEventLog(db, validateTestEvent, 'test');
    expect(log.read(sessionId).ok).toBe(true);
    expect(log.damagedEvents(sessionId)).toEqual([]);
    const row = db
      .prepare('SELECT seq, type, at_ms, payload, checksum FROM events WHERE session_id = ? AND seq = 3')
      .get(sessionId) as { seq: number; type: string; at_ms: number; payload: string; checksum: Buffer };
    expect(row.checksum.equals(eventChecksum(sessionId, 3, row.type, row.at_ms, row.payload))).toBe(true);
    db.close();
  });

  it('migration 3 sums the events of a database made by the old code (v2), and damage after it is caught', () => {
    const old = openDatabase({ path: file, migrations: MIGRATIONS.slice(0, 2), nowMs: () => 100 });
    if (!old.ok) throw new Error(old.message);
    const sessionId = startSession(old.value.db, { variant: 'riichi', preset: 'seed', tableId: 'T', startedAtMs: 0 }).id;
    // The old code's own insert: no checksum column.
    const insert = old.value.db.prepare(
      'INSERT INTO events (session_id, seq, type, at_ms, payload) VALUES (?, ?, ?, ?, ?)',
    );
    for (let seq = 1; seq <= 12; seq++) {
      const { type, ...payload } = tickFor(seq);
      insert.run(sessionId, seq, type, markedAtMs(seq), JSON.stringify(payload));
    }
    old.value.db.close();

    const migrated = openDatabase({ path: file, nowMs: () => 200 });
    if (!migrated.ok) throw new Error(migrated.message);
    expect(migrated.value).toMatchObject({ migratedFrom: 2, schemaVersion: SCHEMA_VERSION });
    const log = createEventLog(migrated.value.db, validateTestEvent, 'test');
    const read = log.read(sessionId);
    expect(read.ok && read.value.map((e) => [e.seq, e.atMs])).toEqual(
      Array.from({ length: 12 }, (_, i) => [i + 1, markedAtMs(i + 1)]),
    );
    // Still append-only after the migration lifted and restored the trigger.
    expect(() => migrated.value.db.prepare("UPDATE events SET type = 'x'").run()).toThrow(/append-only/);
    const next = log.append(sessionId, 13, { atMs: atMsFor(13), event: tickFor(13) });
    expect(next.ok).toBe(true);
    migrated.value.db.pragma('wal_checkpoint(TRUNCATE)');
    migrated.value.db.close();

    flipAtMs(markedAtMs(4));
    const reopened = mustOpen(file);
    expect(createEventLog(reopened.db, validateTestEvent, 'test').damagedEvents(sessionId)).toEqual([4]);
    reopened.db.close();
  });

  it('a row inserted behind the log’s back without a checksum counts as damaged', () => {
    const sessionId = writeSession(2);
    const raw = new Database(file);
    raw
      .prepare("INSERT INTO events (session_id, seq, type, at_ms, payload) VALUES (?, 3, 'test.tick', 3, ?)")
      .run(sessionId, JSON.stringify({ n: 3, text: '' }));
    raw.close();
    const state = fileState(file);
    const { db } = mustOpen(file);
    expect(createEventLog(db, validateTestEvent, 'test').read(sessionId)).toMatchObject({
      ok: false,
      code: 'event_damaged',
      message: expect.stringMatching(/event 3 no longer matches/),
    });
    db.close();
    expect(fileState(file).main).toBe(state.main);
  });
});
