// Table link figures over a socat PTY: event latency (simulator write → typed event, p50/p99) and events/s at 115200 baud vs the wire's limit.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../hardware/clock.js';
import { FrameReader, encodeFrame } from '../hardware/codec.js';
import { Link } from '../hardware/link.js';
import { encodeMessage } from '../hardware/messages.js';
import { SerialTransport } from '../hardware/serial-transport.js';
import type { Transport, TransportEvent } from '../hardware/transport.js';
import { TableFirmware } from '../hardware/simulator/firmware.js';
import { PacedTransport, minRtoForBaud } from '../hardware/simulator/paced-transport.js';
import type { TableEvent } from '../table/table-events.js';
import { tileOfText } from '../rules/tiles.js';

const BAUD = 115_200;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the bytes a transport writes. */
class CountingTransport implements Transport {
  bytes = 0;
  constructor(private readonly inner: Transport) {}
  get isOpen(): boolean {
    return this.inner.isOpen;
  }
  open(): Promise<void> {
    return this.inner.open();
  }
  write(bytes: Uint8Array): void {
    this.bytes += bytes.length;
    this.inner.write(bytes);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.inner.subscribe(listener);
  }
}

async function withPty<T>(body: (a: string, b: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'mahjong-bench-'));
  const a = join(dir, 'a');
  const b = join(dir, 'b');
  const socat = spawn('/usr/bin/socat', [`pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], {
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 500 && !(existsSync(a) && existsSync(b)); i++) await sleep(10);
    return await body(a, b);
  } finally {
    socat.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Simulator (this process) on one PTY end, link on the other; `pace` wraps the table's transport. */
async function session(
  a: string,
  b: string,
  pace: number | null,
): Promise<{
  firmware: TableFirmware;
  link: Link;
  counter: CountingTransport;
  events: TableEvent[];
  times: number[];
  close: () => Promise<void>;
}> {
  const clock = systemClock();
  const counter = new CountingTransport(new SerialTransport({ path: a, baudRate: BAUD }));
  const transport: Transport = pace === null ? counter : new PacedTransport(counter, pace, clock);
  const firmware = new TableFirmware(transport, {
    clock,
    idleReportMs: 0,
    backpressure: 64,
    ...(pace === null ? {} : { reliable: { minRtoMs: minRtoForBaud(pace) } }),
  });
  await firmware.start();
  const link = new Link(new SerialTransport({ path: b, baudRate: BAUD }), { clock });
  const events: TableEvent[] = [];
  const times: number[] = [];
  link.subscribe((event) => {
    events.push(event);
    times.push(performance.now());
  });
  await link.start();
  await link.whenUp();
  await sleep(100);
  return {
    firmware,
    link,
    counter,
    events,
    times,
    close: async () => (await link.close(), await firmware.stop()),
  };
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export async function run(): Promise<void> {
  // 1. Latency: one event every 2 ms, unpaced PTY; from the simulator writing the frame to the link's typed event.
  await withPty(async (a, b) => {
    const s = await session(a, b, null);
    const written = new Map<number, number>();
    s.firmware.onFirstWrite = (seq, at) => {
      if (!written.has(seq)) written.set(seq, at);
    };
    const N = 2000;
    const from = s.events.length;
    const seqOfEvent: number[] = [];
    let seq = s.link.received; // the table numbers its messages from 0 in this session (a fragment is one)
    for (let i = 0; i < N; i++) {
      s.firmware.perform({
        do: 'sticks',
        seat: 0,
        sticks: { p100: i & 0xff, p1000: (i >> 8) & 0xff, p5000: 0, p10000: 0 },
      });
      seqOfEvent.push(seq++ & 0xffff);
      await sleep(2);
    }
    await sleep(300);
    const latencies: number[] = [];
    for (let i = 0; i < N; i++) {
      const at = s.times[from + i];
      const sent = written.get(seqOfEvent[i]!);
      if (at !== undefined && sent !== undefined) latencies.push(at - sent);
    }
    latencies.sort((x, y) => x - y);
    console.log(
      `link latency over a socat PTY (simulator write → typed TableEvent, same process, ${latencies.length} events): p50 ${percentile(latencies, 0.5).toFixed(3)} ms, p99 ${percentile(latencies, 0.99).toFixed(3)} ms`,
    );
    await s.close();
  });

  // 2. Throughput at 115200 baud: the table's output paced to the baud rate, events streamed as fast as the link allows.
  await withPty(async (a, b) => {
    const s = await session(a, b, BAUD);
    const N = 3000;
    const from = s.events.length;
    const bytesBefore = s.counter.bytes;
    const started = performance.now();
    for (let i = 0; i < N; i++) {
      while (s.firmware.backlog >= 64) await sleep(1);
      s.firmware.perform({
        do: 'sticks',
        seat: 1,
        sticks: { p100: i & 0xff, p1000: (i >> 8) & 0xff, p5000: 0, p10000: 0 },
      });
    }
    while (s.events.length - from < N) await sleep(5);
    const seconds = (s.times[from + N - 1]! - started) / 1000;
    const bytesPerEvent = (s.counter.bytes - bytesBefore) / N;
    // The wire's own limit: each event's frame alone (COBS + delimiter), at 10 bits per byte.
    let frameBytes = 0;
    for (let i = 0; i < N; i++) {
      const { type, payload } = encodeMessage({
        kind: 'event',
        event: {
          type: 'table.sticksChanged',
          seat: 1,
          sticks: { p100: i & 0xff, p1000: (i >> 8) & 0xff, p5000: 0, p10000: 0 },
        },
      });
      frameBytes += encodeFrame({ version: 1, type, seq: (i + 2) & 0xffff, ack: 3, payload }).length;
    }
    frameBytes /= N;
    const eventsPerSecond = N / seconds;
    const wireLimit = BAUD / 10 / frameBytes;
    const stats = s.link.stats();
    console.log(
      `link throughput at ${BAUD} baud (table output paced to the baud rate, ${N} sticksChanged events): ${eventsPerSecond.toFixed(0)} events/s; wire limit ${wireLimit.toFixed(0)} events/s (${frameBytes.toFixed(1)} bytes per event frame × 10 bits / ${BAUD}); ratio ${(eventsPerSecond / wireLimit).toFixed(2)}`,
    );
    console.log(
      `  the table sent ${bytesPerEvent.toFixed(1)} bytes per event in all (resends ${stats.duplicates} seen as duplicates, heartbeats, acks); link rtt p50 ${stats.rttMs.p50?.toFixed(1)} ms p99 ${stats.rttMs.p99?.toFixed(1)} ms under load`,
    );
    await s.close();
  });

  // 3. Codec alone: encode + decode of a typical event frame.
  const { type, payload } = encodeMessage({
    kind: 'event',
    event: { type: 'table.tileDiscarded', seat: 2, tile: tileOfText('0p') },
  });
  const M = 300_000;
  const reader = new FrameReader();
  const t0 = performance.now();
  let frames = 0;
  for (let i = 0; i < M; i++) {
    for (const r of reader.push(encodeFrame({ version: 1, type, seq: i & 0xffff, ack: 7, payload })))
      if (r.kind === 'frame') frames++;
  }
  const codecSeconds = (performance.now() - t0) / 1000;
  console.log(
    `codec: ${(frames / codecSeconds / 1000).toFixed(0)}k frames/s encoded and decoded (${encodeFrame({ version: 1, type, seq: 1, ack: 7, payload }).length} bytes each)`,
  );
}
