// End-to-end figures in headless Chromium: simulator frame on the PTY → scoreboard DOM update (p50/p99), and `serve` start → first painted scoreboard.
//
// The table (TableFirmware with bots) runs in this process on one end of a socat PTY; `mahjong-table serve
// --port` drives the other end and serves the scoreboard. Each discard frame's first write is timed here, each
// pond change in the page by a MutationObserver; pairs are matched by seat and tile. Both clocks are wall
// clocks (performance.timeOrigin + now) of the same machine.
import { loadavg } from 'node:os';
import type { Transport, TransportEvent } from '../hardware/transport.js';
import { FrameReader } from '../hardware/codec.js';
import { decodeMessage, MSG } from '../hardware/messages.js';
import { formatTile, type Tile } from '../rules/tiles.js';
import { launchChromium } from '../test/e2e/browser.js';
import { observeHost } from '../test/e2e/host-observer.js';
import { startPtyTable } from '../test/e2e/pty-table.js';
import { ensureRendererBuilt } from '../test/e2e/renderer-build.js';
import { startServe } from '../test/e2e/serve-process.js';

const VIEWER = 'bench-viewer-token-0001';
const TARGET_DISCARDS = 300;
const MAX_SECONDS = 40;

const wallNow = (): number => performance.timeOrigin + performance.now();
/** The machine's load (1, 5, 15 min), printed with the figures: latency on 2 shared cores depends on it. */
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Discard {
  readonly at: number;
  readonly seat: number;
  readonly tile: string;
}

/** Passes the table's bytes through and notes when each discard frame is first written. */
class DiscardTap implements Transport {
  readonly discards: Discard[] = [];
  private readonly reader = new FrameReader();
  private readonly seen = new Set<number>();
  constructor(private readonly inner: Transport) {}
  get isOpen(): boolean {
    return this.inner.isOpen;
  }
  open(): Promise<void> {
    return this.inner.open();
  }
  write(bytes: Uint8Array): void {
    const at = wallNow();
    this.inner.write(bytes);
    for (const result of this.reader.push(bytes)) {
      if (
        result.kind !== 'frame' ||
        result.packet.type !== MSG.TILE_DISCARDED ||
        this.seen.has(result.packet.seq)
      )
        continue;
      this.seen.add(result.packet.seq);
      const decoded = decodeMessage(result.packet.type, result.packet.payload);
      if (decoded.ok && decoded.value.kind === 'event' && decoded.value.event.type === 'table.tileDiscarded')
        this.discards.push({
          at,
          seat: decoded.value.event.seat,
          tile: formatTile(decoded.value.event.tile as Tile),
        });
    }
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.inner.subscribe(listener);
  }
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** Pairs each shown discard with the latest unmatched frame of the same seat and tile written before it. */
function pairLatencies(frames: readonly Discard[], shown: readonly Discard[]): number[] {
  const used = new Set<number>();
  const out: number[] = [];
  for (const s of shown) {
    let index = -1;
    frames.forEach((f, i) => {
      if (!used.has(i) && f.seat === s.seat && f.tile === s.tile && f.at <= s.at + 1) index = i;
    });
    if (index < 0) continue;
    used.add(index);
    out.push(s.at - frames[index]!.at);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The host's part alone, without a browser competing for the two cores: a discard frame on the PTY → the
 * first pushed state whose pond shows it, on a Node WebSocket client. `E2E_HOST_ONLY=1` runs only this.
 */
async function hostOnly(): Promise<void> {
  let tap: DiscardTap | null = null;
  const table = await startPtyTable({
    seed: 3,
    thinkMs: 40,
    motorMs: 10,
    wrap: (transport) => (tap = new DiscardTap(transport)),
  });
  const serve = await startServe({
    extraArgs: ['--port', table.hostPath, '--listen', '127.0.0.1', '--viewer-token', VIEWER],
  });
  try {
    const observer = await observeHost(`${serve.origin}/scoreboard?token=${VIEWER}`);
    await observer.waitFor((s) => s.view !== null, 30_000, 'a game');
    const startedAt = wallNow();
    const tapped = (): DiscardTap => tap!;
    const from = tapped().discards.length;
    while (tapped().discards.length - from < TARGET_DISCARDS && wallNow() - startedAt < MAX_SECONDS * 1000)
      await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 300));
    observer.close();
    // Each pushed state's new pond tiles, timed by the state's arrival.
    const shown: Discard[] = [];
    const ponds = new Map<number, number>();
    let hand = -1;
    for (const state of observer.states) {
      const view = state.view;
      const at = observer.arrivals.get(state.eventSeq);
      if (view === null || view.variant !== 'minefield' || at === undefined) continue;
      // A new hand (or game) starts with empty ponds.
      if (view.handNumber !== hand) ponds.clear();
      hand = view.handNumber;
      view.discards.forEach((pond, player) => {
        const seat = view.tableSeats[player]!;
        for (let i = ponds.get(seat) ?? 0; i < pond.length; i++)
          if (at >= startedAt) shown.push({ at, seat, tile: formatTile(pond[i] as Tile) });
        ponds.set(seat, Math.max(ponds.get(seat) ?? 0, pond.length));
      });
    }
    const latencies = pairLatencies(
      tapped().discards.filter((d) => d.at >= startedAt),
      shown,
    );
    if (latencies.length === 0) {
      console.log('frame → state (no browser): no discard was matched');
      return;
    }
    console.log(
      `frame on the PTY → state on a Node WebSocket client, no browser (${latencies.length} discards): p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms, max ${latencies.at(-1)!.toFixed(2)} ms (load average now ${load()})`,
    );
  } finally {
    await serve.stop();
    await table.close();
  }
}

export async function run(): Promise<void> {
  console.log(`load average at start: ${load()}`);
  if (process.env['E2E_HOST_ONLY']) return hostOnly();
  await ensureRendererBuilt();
  const browser = await launchChromium();
  try {
    // 1. serve start → first painted scoreboard (the built-in simulator, as a club would start it).
    {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await page.goto('about:blank');
      const serve = await startServe({ extraArgs: ['--listen', '127.0.0.1', '--viewer-token', VIEWER] });
      try {
        await page.goto(`${serve.origin}/scoreboard?token=${VIEWER}`);
        await page.waitForSelector('.seat', { timeout: 30_000 });
        const paintedAt = await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now())),
              ),
            ),
        );
        console.log(
          `serve start → first painted scoreboard: ${(paintedAt - serve.spawnedAtMs).toFixed(0)} ms (of which serve printing its URL: ${serve.startupMs.toFixed(0)} ms)`,
        );
      } finally {
        await page.close();
        await serve.stop();
      }
    }

    // 2. discard frame on the PTY → scoreboard DOM update.
    let tap: DiscardTap | null = null;
    const table = await startPtyTable({
      seed: 3,
      thinkMs: 40,
      motorMs: 10,
      wrap: (transport) => (tap = new DiscardTap(transport)),
    });
    const serve = await startServe({
      extraArgs: ['--port', table.hostPath, '--listen', '127.0.0.1', '--viewer-token', VIEWER],
    });
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    try {
      await page.goto(`${serve.origin}/scoreboard?token=${VIEWER}`);
      await page.waitForSelector('.seat', { timeout: 30_000 });
      // A Node client of the same WebSocket notes when each state arrives: host part vs browser part.
      const observer = await observeHost(`${serve.origin}/scoreboard?token=${VIEWER}`);
      const arrivals = observer.arrivals;
      const startedAt = wallNow();
      // tsx keeps function names with an `__name` helper that the page lacks.
      await page.evaluate('window.__name = (f) => f');
      await page.evaluate(() => {
        const last = new Map<string, number>();
        const out: { at: number; seat: string; tile: string; eventSeq: number }[] = [];
        (window as unknown as { __discards: typeof out }).__discards = out;
        let recording = false;
        const look = (): void => {
          const at = performance.timeOrigin + performance.now();
          const eventSeq = Number(document.querySelector('[data-event-seq]')?.getAttribute('data-event-seq'));
          for (const seat of document.querySelectorAll('.seat[data-seat]')) {
            const id = seat.getAttribute('data-seat')!;
            const tiles = seat.querySelectorAll('[data-region="pond"] svg.tile[data-tile]');
            const before = last.get(id) ?? 0;
            if (recording && tiles.length > before)
              for (let i = before; i < tiles.length; i++)
                out.push({ at, seat: id, tile: tiles[i]!.getAttribute('data-tile')!, eventSeq });
            last.set(id, tiles.length);
          }
        };
        // The tiles already in the ponds were discarded before the measurement: note them, do not time them.
        look();
        recording = true;
        new MutationObserver(look).observe(document.getElementById('root')!, {
          subtree: true,
          childList: true,
          attributes: true,
        });
      });
      const tapped = (): DiscardTap => tap!;
      const from = tapped().discards.length;
      while (tapped().discards.length - from < TARGET_DISCARDS && wallNow() - startedAt < MAX_SECONDS * 1000)
        await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setTimeout(r, 300));
      const shown = await page.evaluate(
        () =>
          (
            window as unknown as {
              __discards: { at: number; seat: string; tile: string; eventSeq: number }[];
            }
          ).__discards,
      );
      // Pair each shown discard with the latest unmatched frame of the same seat and tile written before it
      // (a frame the host refused is never shown; the earliest would pair a later tile with it).
      const frames = tapped().discards.filter((d) => d.at >= startedAt);
      const used = new Set<number>();
      const latencies: number[] = [];
      const hostPart: number[] = [];
      const browserPart: number[] = [];
      for (const s of shown) {
        let index = -1;
        frames.forEach((f, i) => {
          if (!used.has(i) && String(f.seat) === s.seat && f.tile === s.tile && f.at <= s.at + 1) index = i;
        });
        if (index < 0) continue;
        used.add(index);
        latencies.push(s.at - frames[index]!.at);
        const arrived = arrivals.get(s.eventSeq);
        if (arrived !== undefined) {
          hostPart.push(arrived - frames[index]!.at);
          browserPart.push(s.at - arrived);
        }
      }
      observer.close();
      latencies.sort((a, b) => a - b);
      hostPart.sort((a, b) => a - b);
      browserPart.sort((a, b) => a - b);
      if (latencies.length === 0) {
        console.log(
          'frame → scoreboard DOM: no discard was matched (see the serve output below)\n' +
            serve.output().slice(-2000),
        );
        return;
      }
      const p99 = percentile(latencies, 0.99);
      if (hostPart.length > 0)
        console.log(
          `  of which frame → state on a Node WebSocket client: p50 ${percentile(hostPart, 0.5).toFixed(2)} ms, p99 ${percentile(hostPart, 0.99).toFixed(2)} ms; that state → Chromium DOM: p50 ${percentile(browserPart, 0.5).toFixed(2)} ms, p99 ${percentile(browserPart, 0.99).toFixed(2)} ms (${hostPart.length} pairs)`,
        );
      if (process.env.E2E_BENCH_DEBUG)
        console.log(
          'slowest',
          latencies
            .slice(-12)
            .map((l) => l.toFixed(1))
            .join(' '),
          'over 20 ms:',
          latencies.filter((l) => l > 20).length,
        );
      console.log(
        `simulator frame on the PTY → scoreboard DOM update in Chromium (${latencies.length} discards matched of ${frames.length} written, ${shown.length} shown): p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${latencies.at(-1)!.toFixed(2)} ms; goal p99 ≤ 20 ms: ${p99 <= 20 ? 'met' : 'NOT met'} (load average now ${load()})`,
      );
    } finally {
      await page.close();
      await serve.stop();
      await table.close();
    }
  } finally {
    await browser.close();
  }
}
