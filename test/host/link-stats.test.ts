// Issue 5: the link's health is in the log (`link.stats`) on link.up, when error counters move and every few seconds; replays fold it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';
import { ReplayCursor } from '../../host/replay/replay.js';
import { toPublicState } from '../../host/view/public-model.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { FaultyTransport, NO_FAULTS } from '../../hardware/simulator/faults.js';
import { systemClock } from '../../hardware/clock.js';
import { createRng } from '../../table/rng.js';
import { startPtyTable } from '../e2e/pty-table.js';

const dir = mkdtempSync(path.join(tmpdir(), 'link-stats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ALARMS = ['resends', 'crcErrors', 'badFrames', 'duplicates', 'reconnects', 'reboots'] as const;
type Stats = Extract<LoggedEvent['event'], { type: 'link.stats' }>;

function samples(host: Host, sessionId: number): { all: readonly LoggedEvent[]; stats: LoggedEvent[] } {
  const read = host.log.read(sessionId);
  if (!read.ok) throw new Error(read.message);
  return { all: read.value, stats: read.value.filter((r) => r.event.type === 'link.stats') };
}

describe('link.stats in the log (issue 5)', () => {
  it('logs a sample right after link.up and then every interval while the link is busy; the replay shows each', async () => {
    const opened = Host.open({
      dbPath: path.join(dir, 'sim.sqlite'),
      pace: { thinkMs: 20, motorMs: 2 },
      linkStats: { pollMs: 50, everyMs: 400 },
    });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const started = await host.startSession({
      variant: 'minefield',
      target: { kind: 'simulator', seed: 3 },
      seed: 3,
    });
    if (!started.ok) throw new Error(started.message);
    await sleep(2500);
    const { all, stats } = samples(host, started.value);
    await host.endSession();

    // The first sample follows link.up as the next source event, and says the link is up.
    const up = all.findIndex((r) => r.event.type === 'link.up');
    expect(up).toBeGreaterThan(0);
    const next = all
      .slice(up + 1)
      .find((r) => !r.event.type.startsWith('hand.') && !r.event.type.startsWith('seat.'));
    expect(next?.event.type).toBe('link.stats');
    expect((next!.event as Stats).state).toBe('up');
    // Then one about every 400 ms (the link is busy: frames move all the time), never faster than the poll.
    expect(stats.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < stats.length; i++) {
      const gap = stats[i]!.atMs - stats[i - 1]!.atMs;
      const prev = stats[i - 1]!.event as Stats;
      const cur = stats[i]!.event as Stats;
      const alarm = ALARMS.some((k) => prev[k] !== cur[k]);
      if (!alarm) expect(gap).toBeGreaterThanOrEqual(400);
      expect(cur.framesSent).toBeGreaterThanOrEqual(prev.framesSent);
    }

    // The replay folds them: after each sample the state's link is that sample; replay needs no live link.
    const cursor = ReplayCursor.open(host.db, host.log, started.value);
    if (!cursor.ok) throw new Error(cursor.message);
    for (const sample of stats) {
      const model = cursor.value.seek(sample.seq);
      if (!model.ok) throw new Error(model.message);
      const { type: _type, ...expected } = sample.event as Stats;
      expect(toPublicState(model.value, 0).table.link).toEqual(expected);
    }
    const before = cursor.value.seek(stats[0]!.seq - 1);
    if (!before.ok) throw new Error(before.message);
    expect(toPublicState(before.value, 0).table.link).toBeNull();
    const timeline = cursor.value.events(stats[0]!.seq, 1);
    if (!timeline.ok) throw new Error(timeline.message);
    expect(timeline.value[0]!.text).toMatch(/^link up: \d+ resends, \d+ CRC errors/);
    await host.close();
  }, 30_000);

  it('logs a sample as soon as CRC errors or resends move on a damaged serial line', async () => {
    // A PTY table whose bytes are damaged on the way (both directions): CRC errors and resends follow.
    const table = await startPtyTable({
      seed: 4,
      thinkMs: 20,
      motorMs: 5,
      wrap: (raw) => new FaultyTransport(raw, { ...NO_FAULTS, corrupt: 0.003 }, createRng(11), systemClock()),
    });
    const opened = Host.open({
      dbPath: path.join(dir, 'pty.sqlite'),
      // The periodic sample is out of reach here: every sample after the first is an alarm.
      linkStats: { pollMs: 50, everyMs: 3_600_000 },
    });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    try {
      const started = await host.startSession({
        variant: 'minefield',
        target: { kind: 'serial', path: table.hostPath },
        seed: 4,
        autopilot: true,
      });
      if (!started.ok) throw new Error(started.message);
      const until = Date.now() + 20_000;
      let found: LoggedEvent[] = [];
      while (Date.now() < until) {
        found = samples(host, started.value).stats;
        if (found.length >= 3) break;
        await sleep(200);
      }
      expect(found.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < found.length; i++) {
        const prev = found[i - 1]!.event as Stats;
        const cur = found[i]!.event as Stats;
        const moved = ALARMS.filter((k) => prev[k] !== cur[k]);
        // Each later sample is there because an alarm counter moved (or the link went down and up again).
        if (cur.state === prev.state) expect(moved.length, JSON.stringify(cur)).toBeGreaterThan(0);
      }
      const last = found.at(-1)!.event as Stats;
      expect(last.crcErrors + last.badFrames + last.resends).toBeGreaterThan(0);
      // Live, the screens get the link's current counters (at least those logged).
      expect(host.publicState().table.link!.framesReceived).toBeGreaterThanOrEqual(last.framesReceived);
      await host.endSession();
    } finally {
      await host.close();
      await table.close();
    }
  }, 40_000);
});
