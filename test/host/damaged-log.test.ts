// A session whose logged events were changed in the file is refused for resume, replay and export, naming the events, and nothing is rewritten (issue 12).
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Host } from '../../host/host.js';
import { exportSession } from '../../host/export.js';
import { ReplayCursor } from '../../host/replay.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('damaged-log-');

/** Flips a bit of the stored `at_ms` of the first event whose time occurs once in the file; returns its seq. */
function flipOneEventTime(file: string): number {
  const raw = new Database(file);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  const rows = raw.prepare('SELECT seq, at_ms FROM events WHERE session_id = 1 ORDER BY seq DESC').all() as {
    seq: number;
    at_ms: number;
  }[];
  raw.close();
  const bytes = readFileSync(file);
  for (const row of rows) {
    const needle = Buffer.alloc(6);
    needle.writeUIntBE(row.at_ms, 0, 6);
    const at = bytes.indexOf(needle);
    if (at < 0 || bytes.indexOf(needle, at + 1) >= 0) continue;
    bytes[at + 5]! ^= 0x01;
    writeFileSync(file, bytes);
    return row.seq;
  }
  throw new Error('no event time is stored once in the file');
}

describe('a damaged event log (issue 12)', () => {
  it('is refused for resume, replay and export with the damaged event named; the file is left as it was', async () => {
    const file = tempDb();
    let now = 1_800_000_000_000;
    // Each event gets its own millisecond, so one event's stored time can be found in the file.
    const first = Host.open({ dbPath: file, pace: { thinkMs: 0, motorMs: 1 }, now: () => (now += 7) });
    if (!first.ok) throw new Error(first.message);
    await first.value.startSession({ variant: 'minefield', target: { kind: 'simulator', seed: 2 }, seed: 2 });
    await first.value.waitFor((s) => s.eventSeq > 60, 30_000);
    await first.value.close();
    const seq = flipOneEventTime(file);
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
