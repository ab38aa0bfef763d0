// Schema migrations on real files: an old database is brought up to date, a newer one is refused byte for byte untouched.
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addPlayer,
  createEventLog,
  loadSnapshot,
  migrate,
  MIGRATIONS,
  openDatabase,
  readSchemaVersion,
  saveSnapshot,
  SCHEMA_VERSION,
  startSession,
  type Migration,
} from '../../host/storage/index.js';
import { fileState, makeTempDir, mustOpen, removeDir, tickFor, validateTestEvent } from './fixtures.js';

let dir: string;
let file: string;

beforeEach(() => {
  dir = makeTempDir('migrations');
  file = path.join(dir, 'club.sqlite');
});
afterEach(() => removeDir(dir));

const tableNames = (db: Database.Database): string[] =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{
      name: string;
    }>
  ).map((row) => row.name);

describe('migrations', () => {
  it('are numbered 1..n and the program writes the last', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
  });

  it('bring a v1 database up to the current version and keep its data', () => {
    const v1 = openDatabase({ path: file, migrations: MIGRATIONS.slice(0, 1), nowMs: () => 100 });
    if (!v1.ok) throw new Error(v1.message);
    expect(v1.value.schemaVersion).toBe(1);
    const old = v1.value.db;
    expect(tableNames(old)).not.toContain('machine_snapshots');
    const player = addPlayer(old, 'Aiko', 5);
    const sessionId = startSession(old, {
      variant: 'riichi',
      preset: 'seed',
      tableId: 'T-1',
      startedAtMs: 10,
    }).id;
    createEventLog(old, validateTestEvent, 'test').appendBatch(
      sessionId,
      1,
      [1, 2, 3].map((seq) => ({ atMs: seq, event: tickFor(seq) })),
    );
    old.close();

    const current = openDatabase({ path: file, nowMs: () => 200 });
    if (!current.ok) throw new Error(current.message);
    expect(current.value).toMatchObject({ created: false, migratedFrom: 1, schemaVersion: SCHEMA_VERSION });
    const { db } = current.value;
    expect(db.prepare('SELECT version, applied_at_ms FROM schema_version ORDER BY version').all()).toEqual([
      { version: 1, applied_at_ms: 100 },
      { version: 2, applied_at_ms: 200 },
      { version: 3, applied_at_ms: 200 },
      { version: 4, applied_at_ms: 200 },
      { version: 5, applied_at_ms: 200 },
    ]);
    expect(tableNames(db)).toContain('machine_snapshots');
    expect(
      player.ok && db.prepare('SELECT name FROM players WHERE id = ?').pluck().get(player.value.id),
    ).toBe('Aiko');
    const events = createEventLog(db, validateTestEvent, 'test').read(sessionId);
    expect(events.ok && events.value.map((stored) => stored.event)).toEqual([
      tickFor(1),
      tickFor(2),
      tickFor(3),
    ]);
    // The new table works on the migrated file.
    expect(
      saveSnapshot(db, { sessionId, seq: 3, machineVersion: 'm1', savedAtMs: 300, state: { hand: 1 } }).ok,
    ).toBe(true);
    expect(loadSnapshot(db, sessionId, 'm1')?.state).toEqual({ hand: 1 });
    db.close();
  });

  it('refuse a database from a newer version and leave its bytes unchanged', () => {
    mustOpen(file).db.close();
    const raw = new Database(file);
    raw
      .prepare(
        "INSERT INTO schema_version (version, description, applied_at_ms) VALUES (?, 'from the future', 1)",
      )
      .run(SCHEMA_VERSION + 5);
    raw.close();
    const before = fileState(file);
    const opened = openDatabase({ path: file });
    expect(opened).toMatchObject({ ok: false, code: 'db_newer_version' });
    expect(!opened.ok && opened.message).toContain(`schema version ${SCHEMA_VERSION + 5}`);
    expect(fileState(file)).toEqual(before);
  });

  it('refuse a newer database without writing even when called on an open connection', () => {
    const { db } = mustOpen(file);
    db.prepare(
      "INSERT INTO schema_version (version, description, applied_at_ms) VALUES (?, 'from the future', 1)",
    ).run(SCHEMA_VERSION + 1);
    const changesBefore = db.prepare('SELECT total_changes()').pluck().get();
    expect(migrate(db)).toMatchObject({ ok: false, code: 'db_newer_version' });
    expect(db.prepare('SELECT total_changes()').pluck().get()).toBe(changesBefore);
    db.close();
  });

  it('roll a failing step back and keep the previous version', () => {
    mustOpen(file).db.close();
    const broken: Migration = {
      version: SCHEMA_VERSION + 1,
      description: 'fails halfway',
      up: (db) => {
        db.exec('CREATE TABLE half_done (x INTEGER)');
        throw new Error('disk said no');
      },
    };
    const opened = openDatabase({ path: file, migrations: [...MIGRATIONS, broken] });
    expect(opened).toMatchObject({ ok: false, code: 'migration_failed' });
    expect(!opened.ok && opened.message).toMatch(/disk said no/);
    const { db, schemaVersion } = mustOpen(file);
    expect(schemaVersion).toBe(SCHEMA_VERSION);
    expect(readSchemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(tableNames(db)).not.toContain('half_done');
    db.close();
  });

  it('throw on a misnumbered migration list (a programming error)', () => {
    const { db } = mustOpen(file);
    expect(() => migrate(db, [MIGRATIONS[0]!, { ...MIGRATIONS[1]!, version: 3 }])).toThrow(/numbered/);
    db.close();
  });
});
