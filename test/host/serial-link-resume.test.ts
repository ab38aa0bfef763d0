// Issue 13 item 0 and issue 12: the serial link `serve` opens (connectTable) keeps commands flowing across unplugs,
// resumes a previous process's session without loss, and counts the damaged frames it throws away.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../hardware/clock.js';
import type { Link } from '../../hardware/link.js';
import { FaultyTransport, NO_FAULTS, type FaultSpec } from '../../hardware/simulator/faults.js';
import { createRng } from '../../table/rng.js';
import type { TableEvent } from '../../table/table-events.js';
import { connectTable, type TableConnection } from '../../host/session/table-connection.js';
import { startPtyTable, type PtyTable } from '../e2e/pty-table.js';

/** A PTY table whose cable is damaged as `faults` says, both ways. */
const faultyTable = (faults: Partial<FaultSpec>) =>
  startPtyTable({
    wrap: (raw) => new FaultyTransport(raw, { ...NO_FAULTS, ...faults }, createRng(11), systemClock()),
  });

const hasSocat = spawnSync('socat', ['-V']).status === 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PACE = { thinkMs: 10, motorMs: 2 };

let table: PtyTable | null = null;
const connections: TableConnection[] = [];
afterEach(async () => {
  for (const c of connections.splice(0)) await c.close();
  await table?.close();
  table = null;
});

/** A stick tray count that encodes `i`: the table's events carry their own order. */
const sticksOf = (i: number) => ({ p100: i & 0xff, p1000: (i >> 8) & 0xff, p5000: 0, p10000: 0 });
const indexOf = (e: TableEvent): number | null =>
  e.type === 'table.sticksChanged' ? e.sticks.p100 | (e.sticks.p1000 << 8) : null;

function open(path: string, hostSession: number, received: number, resets: { count: number }) {
  const connection = connectTable({ kind: 'serial', path }, PACE, {
    hostSession,
    received,
    onSessionReset: () => resets.count++,
  });
  connections.push(connection);
  const events: TableEvent[] = [];
  connection.link.subscribe((e) => events.push(e));
  return { link: connection.link, events, connection };
}

/** Sends setDisplay n..n+count-1 to seat 1, one every `everyMs`. */
async function sendDisplays(link: Link, from: number, count: number, everyMs: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    link.send({ type: 'setDisplay', seat: 1, points: i });
    await sleep(everyMs);
  }
}

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.skipIf(!hasSocat)('the serial link serve opens (issue 13 item 0, issue 12)', () => {
  it('keeps commands reaching the table across unplugs, exactly once, in order', async () => {
    table = await faultyTable({ unplugEveryMs: 1500, unplugForMs: 1200 });
    const commands: number[] = [];
    table.firmware.onCommand = (command) => {
      if (command.type === 'setDisplay') commands.push(command.points);
    };
    const resets = { count: 0 };
    const { link, events } = open(table.hostPath, 0x1234, 0, resets);
    await link.start();
    await link.whenUp(5000);
    await sendDisplays(link, 0, 120, 50); // 6 s: about four unplugs
    await until('the commands to reach the table', () => commands.length >= 120, 15_000);
    expect(events.filter((e) => e.type === 'link.lost').length).toBeGreaterThanOrEqual(2);
    expect(commands).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(resets.count).toBe(1); // only the first handshake started the session afresh
  }, 40_000);

  it('resumes the session of a previous host process: no event lost or repeated, commands still go through', async () => {
    table = await startPtyTable();
    const firmware = table.firmware;
    const commands: number[] = [];
    firmware.onCommand = (command) => {
      if (command.type === 'setDisplay') commands.push(command.points);
    };
    const resets = { count: 0 };
    const first = open(table.hostPath, 0x4321, 0, resets);
    await first.link.start();
    await first.link.whenUp(5000);
    for (let i = 0; i < 40; i++) firmware.perform({ do: 'sticks', seat: 0, sticks: sticksOf(i) });
    await sendDisplays(first.link, 0, 10, 5);
    await until(
      'the first events',
      () => first.events.filter((e) => indexOf(e) !== null).length === 40,
      5000,
    );
    await until('the first commands', () => commands.length === 10, 5000);
    await first.connection.close();
    connections.splice(connections.indexOf(first.connection), 1);
    // What the host persists: the table's messages it took, fragments each (the snapshot came in three).
    const received = first.link.received;
    const events = first.events.filter((e) => e.type.startsWith('table.') && e.type !== 'table.hello');
    expect(received).toBeGreaterThan(events.length);
    // The table goes on while no host listens; its events wait in its queue.
    for (let i = 40; i < 80; i++) firmware.perform({ do: 'sticks', seat: 0, sticks: sticksOf(i) });

    const second = open(table.hostPath, 0x4321, received, resets);
    second.link.send({ type: 'setDisplay', seat: 1, points: 10 }); // queued before the handshake
    await second.link.start();
    await second.link.whenUp(5000);
    await sendDisplays(second.link, 11, 9, 5);
    await until(
      'the queued events',
      () => second.events.filter((e) => indexOf(e) !== null).length === 40,
      5000,
    );
    await until('the second commands', () => commands.length === 20, 5000);
    expect(resets.count).toBe(1);
    expect(second.events.map(indexOf).filter((i) => i !== null)).toEqual(
      Array.from({ length: 40 }, (_, i) => 40 + i),
    );
    expect(commands).toEqual(Array.from({ length: 20 }, (_, i) => i));
  }, 30_000);

  it('counts the damaged frames it throws away (issue 12: serve showed crcErrors 0 at 1% corruption)', async () => {
    table = await faultyTable({ corrupt: 0.01 });
    const { link } = open(table.hostPath, 0x5678, 0, { count: 0 });
    await link.start();
    await link.whenUp(5000);
    for (let i = 0; i < 300; i++) table.firmware.perform({ do: 'sticks', seat: 0, sticks: sticksOf(i) });
    await until('the events', () => link.stats().eventsDelivered >= 300, 20_000);
    const stats = link.stats();
    // Every damaged frame is counted: at 1% of bytes, a few dozen of 300 events' frames.
    expect(stats.crcErrors).toBeGreaterThan(5);
    expect(stats.badFrames).toBeGreaterThan(0);
  }, 30_000);
});
