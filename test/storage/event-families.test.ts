// Every logged event is tagged with its family (migration 5, issue 14): a database made by the old code migrates,
// keeps every row byte for byte, and reads, replays and exports as it did; a log opened to read refuses appends.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { createEventLog, listSessions, openDatabase, SCHEMA_VERSION } from '../../host/storage/index.js';
import { databaseArtifacts } from '../golden/database-reads.js';
import { checkGolden, DATABASE_FIXTURE, FIXTURES } from '../golden/golden-files.js';
import { makeTempDir, removeDir, tickFor, validateTestEvent } from './fixtures.js';

interface Row {
  session_id: number;
  seq: number;
  type: string;
  at_ms: number;
  payload: string;
  checksum: Buffer;
}
const ROWS = 'SELECT session_id, seq, type, at_ms, payload, checksum FROM events ORDER BY session_id, seq';

describe('events tagged with their family (migration 5)', () => {
  let dir: string;
  let file: string;
  let oldRows: Row[];
  let variants: Map<number, string>;

  beforeAll(() => {
    dir = makeTempDir('families');
    file = path.join(dir, 'old.sqlite');
    writeFileSync(file, gunzipSync(readFileSync(DATABASE_FIXTURE)));
    const old = new Database(file, { readonly: true });
    oldRows = old.prepare(ROWS).all() as Row[];
    variants = new Map(
      (old.prepare('SELECT id, variant FROM sessions').all() as { id: number; variant: string }[]).map(
        (s) => [s.id, s.variant],
      ),
    );
    old.close();
  });
  afterAll(() => removeDir(dir));

  it('migrates a database made by the old code: rows unchanged, each tagged with its session variant’s family', async () => {
    const opened = openDatabase({ path: file });
    if (!opened.ok) throw new Error(`${opened.code}: ${opened.message}`);
    const { db } = opened.value;
    try {
      expect(opened.value).toMatchObject({ migratedFrom: 4, schemaVersion: SCHEMA_VERSION });
      expect(db.prepare(ROWS).all()).toEqual(oldRows);
      const families = db
        .prepare('SELECT session_id, family FROM events GROUP BY session_id, family ORDER BY session_id')
        .all() as { session_id: number; family: string }[];
      // One family per session: Minefield's for its sessions, the riichi family's for every other variant.
      expect(families).toEqual(
        [...variants.entries()].map(([id, variant]) => ({
          session_id: id,
          family: variant === 'minefield' ? 'minefield' : 'riichi',
        })),
      );
      expect(new Set(variants.values())).toEqual(
        new Set(['minefield', 'riichi', 'sanma', 'mangan', 'clear', 'tenpai-race']),
      );
      // Read by each row's own family (the log is bound to none): every session reads, replays and exports as before.
      const log = createEventLog<LogEvent>(db, validateLogEvent);
      for (const session of listSessions(db))
        expect(log.verify(session.id)).toEqual({ ok: true, value: undefined });
      expect(
        checkGolden(path.join(FIXTURES, 'host-database.json.gz'), await databaseArtifacts(db, log)).join(
          '\n',
        ),
      ).toBe('');
      // Appends are refused by a log that was not told their family, and written under the one it was told.
      const open = listSessions(db).find((s) => s.endedAtMs === null)!;
      const next = log.lastSeq(open.id) + 1;
      const linkUp: LogEvent = { type: 'link.up', bootId: 1, reconnect: true };
      expect(log.append(open.id, next, { atMs: 1, event: linkUp })).toMatchObject({
        ok: false,
        code: 'event_invalid',
      });
      const family = variants.get(open.id) === 'minefield' ? 'minefield' : 'riichi';
      expect(
        createEventLog<LogEvent>(db, validateLogEvent, family).append(open.id, next, {
          atMs: 1,
          event: linkUp,
        }),
      ).toMatchObject({ ok: true, value: { seq: next, event: linkUp } });
      expect(
        db.prepare('SELECT family FROM events WHERE session_id = ? AND seq = ?').pluck().get(open.id, next),
      ).toBe(family);
    } finally {
      db.close();
    }
  });

  it('validates each row by the family it is tagged with, not the family of the log that reads it', () => {
    const opened = openDatabase({ path: path.join(dir, 'tagged.sqlite') });
    if (!opened.ok) throw new Error(opened.message);
    const { db } = opened.value;
    try {
      const sessionId = db
        .prepare("INSERT INTO sessions (variant, preset, table_id, started_at_ms) VALUES ('v', 'p', 't', 0)")
        .run().lastInsertRowid as number;
      const seen: string[] = [];
      const validate = (value: unknown, family: string) => {
        seen.push(family);
        return validateTestEvent(value);
      };
      createEventLog(db, validate, 'written').append(sessionId, 1, { atMs: 1, event: tickFor(1) });
      expect(createEventLog(db, validate, 'reading').read(sessionId).ok).toBe(true);
      expect(seen).toEqual(['written', 'written']);
    } finally {
      db.close();
    }
  });
});
