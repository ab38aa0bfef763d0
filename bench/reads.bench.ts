// Heavy reads and the host's event loop (issue 12): the longest stall of the loop the table link runs on while an operator exports a large session or a viewer pages its events, read on the host's thread (before) and on the read worker (after).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Host } from '../host/session/host.js';
import { exportSession } from '../host/reports/export.js';
import { createHeavyReadHandlers } from '../host/server/heavy-read-handlers.js';
import { yieldToEventLoop } from '../host/server/request-limits.js';
import { openDatabase } from '../host/storage/index.js';
import { writeMinefieldSession } from '../test/host/fixtures/write-session.js';

const HANDS = Number(process.env['READS_BENCH_HANDS'] ?? 1000);

/** Runs `work` with the loop's delay histogram on: its duration and the longest stall (ms). */
async function measured(work: () => unknown): Promise<{ ms: number; stallMs: number; p99Ms: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  // Let the histogram's timer run once before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  return { ms, stallMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 };
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reads-bench-'));
  try {
    const dbPath = path.join(dir, 'reads.sqlite');
    const opened = openDatabase({ path: dbPath });
    if (!opened.ok) throw new Error(opened.message);
    const written = writeMinefieldSession(opened.value.db, HANDS, 2026);
    opened.value.db.close();
    const hostOpened = Host.open({ dbPath });
    if (!hostOpened.ok) throw new Error(hostOpened.message);
    const host = hostOpened.value;
    const id = written.sessionId;
    // Both paths once first: the log's checksums verified once per connection, the thread started.
    exportSession(host.db, host.log, id, 'csv');
    await host.heavyReads['export.session']({ sessionId: id, format: 'csv' });
    const onHostThread = createHeavyReadHandlers(host.db, host.log, yieldToEventLoop);
    console.log(`reads: session of ${written.hands} hands, ${written.events} events`);
    const line = (what: string, before: Awaited<ReturnType<typeof measured>>, after: Awaited<ReturnType<typeof measured>>) =>
      console.log(
        `reads: ${what}: longest event-loop stall ${before.stallMs.toFixed(0)} ms on the host's thread (took ${before.ms.toFixed(0)} ms) → ${after.stallMs.toFixed(0)} ms with the read worker (took ${after.ms.toFixed(0)} ms); p99 delay ${before.p99Ms.toFixed(0)} → ${after.p99Ms.toFixed(0)} ms`,
      );
    for (const format of ['csv', 'mjai'] as const) {
      const before = await measured(() => exportSession(host.db, host.log, id, format));
      const after = await measured(() => host.heavyReads['export.session']({ sessionId: id, format }));
      line(`export.session ${format}`, before, after);
    }
    const page = { sessionId: id, fromSeq: 1, limit: 5000 };
    const before = await measured(() => onHostThread['replay.events'](page));
    const after = await measured(() => host.heavyReads['replay.events'](page));
    line('replay.events (5000, in slices of 250 on the host thread)', before, after);
    console.log(`reads: load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    await host.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
