// The link on a simulated clock: handshake, the heartbeat bound to the millisecond, reboot detection, queued commands, stats.
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../table/table-events.js';
import { FrameReader } from './codec.js';
import { ManualClock } from './clock.js';
import { Link } from './link.js';
import { createMemoryPair } from './memory-transport.js';
import { TableFirmware } from './simulator/firmware.js';
import { TransportEvents, type Transport, type TransportEvent } from './transport.js';

/** A table end that can go silent (the firmware hangs, the cable stays in). */
class Mutable implements Transport {
  private readonly events = new TransportEvents();
  muted = false;
  constructor(private readonly inner: Transport) {
    inner.subscribe((e: TransportEvent) =>
      e.type === 'data' && this.muted ? undefined : this.events.emit(e),
    );
  }
  get isOpen(): boolean {
    return this.inner.isOpen;
  }
  open(): Promise<void> {
    return this.inner.open();
  }
  write(bytes: Uint8Array): void {
    if (!this.muted) this.inner.write(bytes);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.events.subscribe(listener);
  }
}

async function setUp(heartbeatMs = 100, missedBeats = 4) {
  const clock = new ManualClock();
  const pair = createMemoryPair();
  const tableEnd = new Mutable(pair.table);
  const firmware = new TableFirmware(tableEnd, { clock, seed: 5, idleReportMs: 0, motorMs: 30 });
  const link = new Link(pair.host, { clock, heartbeatMs, missedBeats, hostTimeoutMs: 500 });
  const events: TableEvent[] = [];
  link.subscribe((e) => events.push(e));
  await firmware.start();
  return { clock, pair, tableEnd, firmware, link, events };
}

describe('Link (simulated clock)', () => {
  it('sends commands queued before the handshake, in order, once it is up', async () => {
    const { clock, link, events } = await setUp();
    const setMode = link.send({ type: 'setMode', mode: 'sanma3' });
    link.send({ type: 'shuffle' });
    await link.start();
    await clock.advance(200);
    expect(setMode).toBe(1);
    expect(events.map((e) => e.type)).toEqual([
      'table.hello',
      'link.up',
      'table.modeSet',
      'table.state',
      'table.shuffled',
    ]);
  });

  it('declares a silent table lost after exactly the missed beats, not before', async () => {
    const { clock, tableEnd, link, events } = await setUp(100, 4);
    await link.start();
    await clock.advance(350);
    tableEnd.muted = true;
    const mutedAt = clock.now();
    let lostAt = -1;
    link.subscribe((e) => {
      if (e.type === 'link.lost') lostAt = clock.now();
    });
    await clock.advance(2000);
    expect(events.filter((e) => e.type === 'link.lost')).toHaveLength(1);
    // The last frame heard came at most one beat before the table went silent; the bound is 4 beats after it.
    expect(lostAt - mutedAt).toBeGreaterThan(300);
    expect(lostAt - mutedAt).toBeLessThanOrEqual(401);
    tableEnd.muted = false;
    await clock.advance(300);
    expect(events.at(-2)).toMatchObject({ type: 'link.up', reconnect: true });
    expect(link.stats()).toMatchObject({ state: 'up', reconnects: 1, reboots: 0 });
  });

  it('detects a reboot by the boot id, drops the commands the old boot never acknowledged, and resyncs', async () => {
    const { clock, tableEnd, firmware, link, events } = await setUp();
    await link.start();
    await clock.advance(50);
    link.send({ type: 'setMode', mode: 'standard4' });
    await clock.advance(50);
    const before = firmware.currentBootId;
    tableEnd.muted = true;
    link.send({ type: 'shuffle' }); // never reaches the old boot
    firmware.reboot();
    tableEnd.muted = false;
    await clock.advance(2000);
    const rebooted = events.find((e) => e.type === 'link.rebooted');
    expect(rebooted).toEqual({
      type: 'link.rebooted',
      previousBootId: before,
      bootId: firmware.currentBootId,
    });
    const state = events.slice(events.indexOf(rebooted!)).find((e) => e.type === 'table.state');
    expect(state).toMatchObject({ snapshot: { mode: 'standard4', phase: 'modeSet' } });
    expect(events.some((e) => e.type === 'table.shuffled')).toBe(false);
    expect(link.stats()).toMatchObject({ reboots: 1, bootId: firmware.currentBootId });
  });

  it('keeps round-trip times and the last faults for diagnostics', async () => {
    const { clock, firmware, link } = await setUp();
    await link.start();
    await clock.advance(1000);
    firmware.latchFault('sensorMisread', 'play');
    await clock.advance(100);
    const stats = link.stats();
    expect(stats.rttMs.p50).not.toBeNull();
    expect(stats.lastFaults).toMatchObject([{ code: 'sensorMisread', stage: 'play', recoverable: true }]);
    expect(stats.framesSent).toBeGreaterThan(5);
    expect(stats.crcErrors).toBe(0);
  });
});

describe('Link versions (issue 13: PROTOCOL.md §2.1)', () => {
  async function walls(hostVersion: number, tableVersion: number) {
    const clock = new ManualClock();
    const pair = createMemoryPair();
    const frames: number[] = [];
    const tap: Transport = {
      get isOpen() {
        return pair.table.isOpen;
      },
      open: () => pair.table.open(),
      close: () => pair.table.close(),
      subscribe: (l) => pair.table.subscribe(l),
      write: (bytes) => {
        for (const r of new FrameReader().push(bytes)) if (r.kind === 'frame') frames.push(r.packet.type);
        pair.table.write(bytes);
      },
    };
    const firmware = new TableFirmware(tap, {
      clock,
      seed: 5,
      idleReportMs: 0,
      motorMs: 5,
      linkVersion: tableVersion,
    });
    const link = new Link(pair.host, { clock, linkVersion: hostVersion });
    const events: TableEvent[] = [];
    link.subscribe((e) => events.push(e));
    await firmware.start();
    await link.start();
    link.send({ type: 'setMode', mode: 'standard4' });
    link.send({ type: 'shuffle' });
    await clock.advance(100); // a motor command waits for the last one to finish (else busy)
    link.send({ type: 'buildWalls' });
    await clock.advance(500);
    return { events, frames, hello: events.find((e) => e.type === 'table.hello')! };
  }

  it('agrees on the lower version: a version 1 table gets whole frames and works as before', async () => {
    for (const [host, table, agreed] of [
      [2, 1, 1],
      [1, 2, 1],
      [2, 2, 2],
    ] as const) {
      const { events, frames, hello } = await walls(host, table);
      expect(hello).toMatchObject({ protocol: agreed });
      const built = events.find((e) => e.type === 'table.wallsBuilt');
      expect(built, `host ${host}, table ${table}`).toMatchObject({ walls: expect.any(Array) });
      // Version 2 sends the 140-byte wall message in fragments; version 1 in one frame, as before.
      expect(frames.includes(0x7f)).toBe(agreed === 2);
      expect(frames.includes(0x42)).toBe(agreed === 1);
    }
  });
});
