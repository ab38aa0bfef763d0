// Issue 12: an operator exports a large session while the table plays (`serve --port`, a PTY table with bots): the host's heartbeat keeps reaching the table, which never goes safe, and the link is never lost.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../host/storage/index.js';
import { observeHost, type HostObserver } from '../e2e/host-observer.js';
import { startPtyTable, type PtyTable } from '../e2e/pty-table.js';
import { startServe, type ServeProcess } from '../e2e/serve-process.js';
import { writeMinefieldSession } from './fixtures/write-session.js';

const OPERATOR = 'export-test-operator-token-01';
/** A session long enough that one export read on the host's own thread held it for most of a second or more. */
const HANDS = 1500;
const hasSocat = spawnSync('socat', ['-V']).status === 0;

/** When each chunk of bytes from the host arrived at the table's end of the cable (the host pings every 250 ms). */
const arrivals: number[] = [];

let dir: string;
let bigSession: number;
let table: PtyTable;
let serve: ServeProcess;
let host: HostObserver;

beforeAll(async () => {
  if (!hasSocat) return;
  dir = mkdtempSync(path.join(tmpdir(), 'export-while-playing-'));
  const dbPath = path.join(dir, 'club.sqlite');
  const opened = openDatabase({ path: dbPath });
  if (!opened.ok) throw new Error(opened.message);
  bigSession = writeMinefieldSession(opened.value.db, HANDS, 2026).sessionId;
  opened.value.db.close();
  table = await startPtyTable({
    seed: 4,
    thinkMs: 20,
    wrap: (transport) => {
      transport.subscribe((event) => {
        if (event.type === 'data') arrivals.push(performance.now());
      });
      return transport;
    },
  });
  serve = await startServe({ extraArgs: ['--port', table.hostPath, '--token', OPERATOR, '--db', dbPath] });
  host = await observeHost(`${serve.origin}/console?token=${OPERATOR}`);
}, 180_000);
afterAll(async () => {
  host?.close();
  await serve?.stop();
  await table?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(hasSocat)('an operator export of a large session while the table plays (issue 12)', () => {
  it("never holds the heartbeat: no gap near the table's 1 s, no host silence, no link loss", async () => {
    const playing = await host.waitFor(
      (s) =>
        s.session !== null &&
        s.session.id !== bigSession &&
        s.view?.variant === 'minefield' &&
        s.view.handNumber >= 1,
      60_000,
      'the live session playing a hand',
    );
    const live = playing.session!.id;
    const fromSeq = playing.eventSeq;
    const first = arrivals.length;
    const started = performance.now();
    const sizes: number[] = [];
    for (const format of ['csv', 'mjai', 'csv', 'mjai']) {
      const exported = (await host.call('export.session', { sessionId: bigSession, format })) as {
        ok: boolean;
        value?: { content: string };
        message?: string;
      };
      expect(exported.ok, exported.message).toBe(true);
      sizes.push(exported.value!.content.length);
    }
    const exportMs = performance.now() - started;
    // Heartbeats kept coming while the exports were read: the longest silence the table saw from the host.
    const during = arrivals.slice(Math.max(0, first - 1)).filter((t) => t <= performance.now());
    let longest = 0;
    for (let i = 1; i < during.length; i++) longest = Math.max(longest, during[i]! - during[i - 1]!);
    const after = (await host.call('replay.events', { sessionId: live, fromSeq, limit: 5000 })) as {
      value: { events: { type: string; text: string }[] };
    };
    const trouble = after.value.events.filter(
      (e) => e.type === 'link.lost' || (e.type === 'table.fault' && e.text.includes('hostSilent')),
    );
    console.log(
      `export while playing: 4 exports of a ${HANDS}-hand session (${sizes.join(', ')} chars) in ${exportMs.toFixed(0)} ms; ` +
        `longest gap between host frames at the table ${longest.toFixed(0)} ms; load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    expect(sizes.every((n) => n > 10_000)).toBe(true);
    expect(trouble.map((e) => e.text)).toEqual([]);
    expect(table.firmware.counters.hostSilences).toBe(0);
    // The host pings every 250 ms; the table goes safe after 1 s of silence.
    expect(longest).toBeLessThan(750);
  }, 120_000);
});
