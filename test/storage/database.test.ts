// Opening the database file: settings on a new file, and clear refusals (file byte-identical) for files that are not ours or are damaged.
import Database from 'better-sqlite3';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  truncateSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_ID,
  checkIntegrity,
  createEventLog,
  openDatabase,
  SCHEMA_VERSION,
  startSession,
} from '../../host/storage/index.js';
import {
  atMsFor,
  fileState,
  makeTempDir,
  mustOpen,
  removeDir,
  tickFor,
  validateTestEvent,
} from './fixtures.js';

let dir: string;
/** A populated database of ours, closed and fully checkpointed: the source of the damaged copies. */
let good: string;

/** Deterministic bytes (xorshift32) so a failure reproduces. */
function pseudoRandomBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i += 1) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

beforeAll(() => {
  dir = makeTempDir('database');
  good = path.join(dir, 'good.sqlite');
  const { db } = mustOpen(good);
  const sessionId = startSession(db, {
    variant: 'riichi',
    preset: 'tenhou',
    tableId: 'sim',
    startedAtMs: 1,
  }).id;
  createEventLog(db, validateTestEvent, 'test').appendBatch(
    sessionId,
    1,
    Array.from({ length: 3000 }, (_, i) => ({ atMs: atMsFor(i + 1), event: tickFor(i + 1) })),
  );
  db.close();
  expect(existsSync(`${good}-wal`)).toBe(false);
});

afterAll(() => removeDir(dir));

/** Opens `file`, expects `code`, and checks that neither the file nor its sidecars changed. */
function expectRefused(file: string, code: string): string {
  const before = fileState(file);
  const opened = openDatabase({ path: file });
  expect(opened.ok).toBe(false);
  if (opened.ok) return '';
  expect(opened.code).toBe(code);
  expect(opened.message).toContain(file);
  expect(fileState(file)).toEqual(before);
  return opened.message;
}

describe('openDatabase on a new file', () => {
  it('creates missing folders, applies every migration and configures durability', () => {
    const file = path.join(dir, 'new', 'nested', 'club.sqlite');
    const opened = openDatabase({ path: file, busyTimeoutMs: 1234 });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const { db } = opened.value;
    expect(opened.value).toMatchObject({
      path: file,
      created: true,
      migratedFrom: 0,
      schemaVersion: SCHEMA_VERSION,
    });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(1234);
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    expect(checkIntegrity(db).ok).toBe(true);
    db.close();
    // Created under a temporary name and linked into place: nothing else is left in the folder.
    expect(readdirSync(path.dirname(file))).toEqual(['club.sqlite']);
    const again = openDatabase({ path: file });
    expect(again.ok && again.value).toMatchObject({
      created: false,
      migratedFrom: SCHEMA_VERSION,
      schemaVersion: SCHEMA_VERSION,
    });
    if (again.ok) again.value.db.close();
  });

  it.runIf(process.platform === 'linux')('defaults to the user data folder ($XDG_DATA_HOME here)', () => {
    const saved = process.env['XDG_DATA_HOME'];
    process.env['XDG_DATA_HOME'] = path.join(dir, 'xdg');
    try {
      const opened = openDatabase();
      expect(opened.ok && opened.value.path).toBe(
        path.join(dir, 'xdg', 'mahjong-table', 'mahjong-table.sqlite'),
      );
      if (opened.ok) opened.value.db.close();
    } finally {
      if (saved === undefined) delete process.env['XDG_DATA_HOME'];
      else process.env['XDG_DATA_HOME'] = saved;
    }
  });

  it('enforces foreign keys', () => {
    const { db } = mustOpen(path.join(dir, 'fk.sqlite'));
    expect(() =>
      db
        .prepare("INSERT INTO events (session_id, seq, type, at_ms, payload) VALUES (42, 1, 't', 1, '{}')")
        .run(),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });
});

describe('openDatabase refuses, and leaves untouched,', () => {
  it('a zero-length file', () => {
    const file = path.join(dir, 'empty.sqlite');
    writeFileSync(file, '');
    expect(expectRefused(file, 'db_not_ours')).toMatch(/empty/);
  });

  it('a text file', () => {
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'East 1, dealer repeats: 2\nplayer scores 25000 25000 25000 25000\n');
    expect(expectRefused(file, 'db_not_ours')).toMatch(/not a SQLite database/);
  });

  it('a file of random bytes', () => {
    const file = path.join(dir, 'random.bin');
    writeFileSync(file, pseudoRandomBytes(64 * 1024, 7));
    expectRefused(file, 'db_not_ours');
  });

  it('a valid SQLite header followed by random bytes', () => {
    const file = path.join(dir, 'header-then-noise.sqlite');
    const bytes = readFileSync(good);
    pseudoRandomBytes(bytes.length - 100, 11).copy(bytes, 100);
    writeFileSync(file, bytes);
    expectRefused(file, 'db_corrupt');
  });

  it('a database truncated to half its size', () => {
    const file = path.join(dir, 'truncated.sqlite');
    copyFileSync(good, file);
    truncateSync(file, Math.floor(readFileSync(good).length / 2));
    expectRefused(file, 'db_corrupt');
  });

  it('a database cut inside its 100-byte header', () => {
    const file = path.join(dir, 'header-cut.sqlite');
    writeFileSync(file, readFileSync(good).subarray(0, 60));
    expect(expectRefused(file, 'db_corrupt')).toMatch(/header/);
  });

  it('a database with pages overwritten by noise', () => {
    const file = path.join(dir, 'scribbled.sqlite');
    copyFileSync(good, file);
    const pageSize = readFileSync(good).readUInt16BE(16);
    const fd = openSync(file, 'r+');
    for (const page of [2, 3, 5, 8])
      writeSync(fd, pseudoRandomBytes(pageSize, page), 0, pageSize, (page - 1) * pageSize);
    closeSync(fd);
    expectRefused(file, 'db_corrupt');
  });

  it("another program's SQLite database", () => {
    const file = path.join(dir, 'other-app.sqlite');
    const other = new Database(file);
    other.exec('CREATE TABLE recipes (name TEXT)');
    other.close();
    expect(expectRefused(file, 'db_not_ours')).toMatch(/another program/);
  });

  it('a directory where the file should be', () => {
    const folder = path.join(dir, 'a-folder.sqlite');
    mkdirSync(folder);
    const opened = openDatabase({ path: folder });
    expect(opened).toMatchObject({ ok: false, code: 'db_unreadable' });
  });
});
