// A session whose logged events were changed in the file is refused for resume, replay and export, naming the events, and nothing is rewritten (issue 12).
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';
import { exportSession } from '../../host/reports/export.js';
import { ReplayCursor } from '../../host/replay/replay.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('damaged-log-');

/**
 * Changes one stored event's time by a millisecond behind the log's back, as a flipped bit in its `at_ms` would (the
 * storage test flips the very byte in the file: test/storage/event-checksums); returns its seq.
 */
function changeOneEventTime(file: string): number {
  const raw = new Database(file);
  const seq = Math.floor((raw.prepare('SELECT max(seq) FROM events WHERE session_id = 1').pluck().get() as number) / 2);
  const trigger = raw.prepare("SELECT sql FROM sqlite_master WHERE name = 'events_append_only_update'").pluck().get() as string;
  raw.exec('DROP TRIGGER events_append_only_update');
  raw.prepare('UPDATE events SET at_ms = at_ms + 1 WHERE session_id = 1 AND seq = ?').run(seq);
  raw.exec(trigger);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  return seq;
}

describe('a damaged event log (issue 12)', () => {
  it('is refused for resume, replay and export with the damaged event named; the file is left as it was', async () => {
    const file = tempDb();
    const first = Host.open({ dbPath: file, pace: { thinkMs: 0, motorMs: 1 } });
    if (!first.ok) throw new Error(first.message);
    await first.value.startSession({ variant: 'minefield', target: { kind: 'simulator', seed: 2 }, seed: 2 });
    await first.value.waitFor((s) => s.eventSeq > 60, 30_000);
    await first.value.close();
    const seq = changeOneEventTime(file);
    const before = readFileSync(file);

    const second = Host.open({ dbPath: file });
    if (!second.ok) throw new Error(second.message);
    const host = second.value;
    const named = new RegExp(`event ${seq} no longer matches`);
    const resumed = await host.resumeOpenSession();
    expect(resumed).toMatchObject({ ok: false, code: 'log_unreadable', message: expect.stringMatching(named) });
    const replay = ReplayCursor.open(host.db, host.log, 1);
    expect(replay).toMatchObject({ ok: false, code: 'log_unreadable', message: expect.stringMatching(named) });
    for (const format of ['csv', 'mjai'] as const)
      expect(exportSession(host.db, host.log, 1, format)).toMatchObject({
        ok: false,
        code: 'log_unreadable',
        message: expect.stringMatching(named),
      });
    await host.close();
    expect(readFileSync(file).equals(before)).toBe(true);
  }, 60_000);
});
