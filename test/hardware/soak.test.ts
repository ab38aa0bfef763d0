// Issue 13: events and commands across a line with 1% corrupted and 1% dropped bytes both ways and 20 unplugs, counted:
// 0 lost, 0 duplicated, 0 reordered, on both framings. In process on a simulated clock (the same link, firmware and
// fault injection as over a PTY), so 100,000 events take seconds. MJ_SOAK_EVENTS runs more (or fewer).
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../hardware/clock.js';
import { FRAMING_NAMES } from '../../hardware/framing.js';
import { Link } from '../../hardware/link.js';
import { createMemoryPair } from '../../hardware/memory-transport.js';
import { FaultyTransport, NO_FAULTS } from '../../hardware/simulator/faults.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import { createRng } from '../../table/rng.js';
import type { TableEvent } from '../../table/table-events.js';

const EVENTS = Number(process.env['MJ_SOAK_EVENTS'] ?? 100_000);
const UNPLUGS = 20;
const UNPLUG_MS = 1500;

const sticksOf = (i: number) => ({
  p100: i & 0xff,
  p1000: (i >> 8) & 0xff,
  p5000: (i >> 16) & 0xff,
  p10000: 0,
});
const indexOf = (e: TableEvent): number | null =>
  e.type === 'table.sticksChanged' ? e.sticks.p100 | (e.sticks.p1000 << 8) | (e.sticks.p5000 << 16) : null;

/** Counts a received sequence 0..n-1 against what was sent: missing, repeated and out-of-order entries. */
export function tally(received: readonly number[], sent: number) {
  const seen = new Uint8Array(sent);
  let duplicated = 0;
  let reordered = 0;
  for (let i = 0; i < received.length; i++) {
    const v = received[i]!;
    if (seen[v]) duplicated++;
    seen[v] = 1;
    if (i > 0 && v < received[i - 1]!) reordered++;
  }
  return { lost: seen.reduce((n, s) => n + (s ? 0 : 1), 0), duplicated, reordered };
}

describe.each(FRAMING_NAMES)('soak, %s framing: 1% corrupt, 1% drop, 20 unplugs (issue 13)', (framing) => {
  const events = EVENTS;
  it(`${events} events and ${Math.ceil(events / 10)} commands: 0 lost, 0 duplicated, 0 reordered`, async () => {
    const clock = new ManualClock();
    const pair = createMemoryPair();
    const line = new FaultyTransport(
      pair.table,
      { ...NO_FAULTS, corrupt: 0.01, drop: 0.01 },
      createRng(framing === 'cobs' ? 31 : 32),
      clock,
    );
    const firmware = new TableFirmware(line, { clock, seed: 9, idleReportMs: 0, framing });
    const link = new Link(pair.host, { clock });
    const received: number[] = [];
    let lost = 0;
    link.subscribe((e) => {
      const i = indexOf(e);
      if (i !== null) received.push(i);
      if (e.type === 'link.lost') lost++;
      expect(e.type).not.toBe('link.rebooted');
    });
    const commands: number[] = [];
    firmware.onCommand = (command) => {
      if (command.type === 'setDisplay') commands.push(command.points);
    };
    await firmware.start();
    await link.start();
    while (link.linkState !== 'up') await clock.advance(10);

    const commandsToSend = Math.ceil(events / 10);
    const unplugEvery = Math.floor(events / (UNPLUGS + 1));
    let sent = 0;
    let commanded = 0;
    let unplugs = 0;
    const started = clock.now();
    while (received.length < events || commands.length < commandsToSend) {
      // The table reports as fast as its queue allows; the host sends a command for every ten events.
      while (sent < events && firmware.backlog < 64) {
        firmware.perform({ do: 'sticks', seat: 0, sticks: sticksOf(sent++) });
        if (unplugs < UNPLUGS && sent === unplugEvery * (unplugs + 1)) {
          pair.unplug();
          unplugs++;
          clock.setTimeout(() => pair.replug(), UNPLUG_MS);
        }
      }
      while (commanded < Math.min(commandsToSend, sent / 10) && link.backlog < 16)
        link.send({ type: 'setDisplay', seat: 1, points: commanded++ });
      await clock.advance(5);
      expect(clock.now() - started, `stuck at ${received.length} events`).toBeLessThan(events * 50);
    }
    const events_ = tally(received, events);
    const commands_ = tally(commands, commandsToSend);
    console.log(
      `soak ${framing}: ${events} events, ${commandsToSend} commands in ${((clock.now() - started) / 1000).toFixed(0)} s simulated; ${unplugs} unplugs, ${lost} link losses; events ${JSON.stringify(events_)}, commands ${JSON.stringify(commands_)}; damaged bytes ${line.counters.corrupted} corrupted, ${line.counters.dropped} dropped; host ${JSON.stringify(link.stats()).slice(0, 200)}`,
    );
    expect(unplugs).toBe(UNPLUGS);
    expect(lost).toBeGreaterThanOrEqual(UNPLUGS);
    expect(events_).toEqual({ lost: 0, duplicated: 0, reordered: 0 });
    expect(commands_).toEqual({ lost: 0, duplicated: 0, reordered: 0 });
    expect(received).toHaveLength(events);
    await link.close();
    await firmware.stop();
  }, 120_000);
});
