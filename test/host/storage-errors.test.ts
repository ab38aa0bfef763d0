// Issue 5: a corrupt, truncated or foreign database is refused with a clear message and left untouched; a bad log is refused.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { Host } from '../../host/session/host.js';
import { openDatabase } from '../../host/storage/index.js';
import { writeMinefieldSession } from './fixtures/write-session.js';

const dir = mkdtempSync(path.join(tmpdir(), 'host-corrupt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('the host refuses bad database files untouched (issue 5)', () => {
  it('not a database, truncated, or damaged: a clear code, the file unchanged', () => {
    const garbage = path.join(dir, 'garbage.sqlite');
    writeFileSync(garbage, 'this is a shopping list, not a database\n'.repeat(100));
    const good = path.join(dir, 'good.sqlite');
    const opened = openDatabase({ path: good });
    if (!opened.ok) throw new Error(opened.message);
    writeMinefieldSession(opened.value.db, 30, 1);
    opened.value.db.close();
    const truncated = path.join(dir, 'truncated.sqlite');
    copyFileSync(good, truncated);
    truncateSync(truncated, Math.floor(statSync(good).size / 2));
    for (const [file, codes] of [
      [garbage, ['db_not_ours']],
      [truncated, ['db_corrupt', 'db_not_ours']],
    ] as const) {
      const before = digest(file);
      const host = Host.open({ dbPath: file });
      expect(host.ok).toBe(false);
      if (!host.ok) {
        expect(codes).toContain(host.code);
        expect(host.message).toContain(file);
      }
      expect(digest(file)).toBe(before);
    }
  });

  it('an open session whose log has a hand-edited event is not resumed: log_unreadable, nothing appended', async () => {
    const file = path.join(dir, 'edited.sqlite');
    const first = Host.open({ dbPath: file, pace: { thinkMs: 0, motorMs: 1 } });
    if (!first.ok) throw new Error(first.message);
    await first.value.startSession({ variant: 'minefield', target: { kind: 'simulator', seed: 2 }, seed: 2 });
    await first.value.waitFor((s) => s.eventSeq > 60, 30_000);
    await first.value.close();
    // Edit one stored event behind the log's back (the append-only triggers are dropped for the forgery).
    const raw = new Database(file);
    raw.exec('DROP TRIGGER events_append_only_update');
    raw
      .prepare(
        'UPDATE events SET payload = \'{"seat":7,"tile":999}\' WHERE seq = (SELECT min(seq) FROM events WHERE type = \'seat.discarded\')',
      )
      .run();
    const count = raw.prepare('SELECT count(*) FROM events').pluck().get();
    raw.close();
    const second = Host.open({ dbPath: file });
    if (!second.ok) throw new Error(second.message);
    const resumed = await second.value.resumeOpenSession();
    expect(resumed.ok ? null : resumed.code).toBe('log_unreadable');
    expect(second.value.db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(count);
    await second.value.close();
  }, 60_000);
});
