// Bot games through the table: simulated firmware and seat drivers ↔ link ↔ session and game machines;
// with faults injected (corrupted and lost bytes, jams, a reboot mid-hand) the games end exactly as without them.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runSimulate } from '../../test/simulate-cli.js';
import { systemClock } from '../../hardware/clock.js';
import { createMemoryPair } from '../../hardware/memory-transport.js';
import { FaultyTransport, NO_FAULTS, parseFaultSpec, type FaultSpec } from '../../hardware/simulator/faults.js';
import { createRng } from '../../table/rng.js';
import { Link } from '../../hardware/link.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import { createMinefieldBot } from './bots/minefield-bot.js';
import type { TableEvent } from '../../table/table-events.js';
import { minefieldSeatDriver } from './seat-driver.js';
import type { MinefieldEvent } from './machines/events.js';
import { playMinefieldAtTable } from './table-run.js';

async function play(seed: number, faults: FaultSpec) {
  const pair = createMemoryPair();
  const table = faults === NO_FAULTS ? pair.table : new FaultyTransport(pair.table, faults, createRng(seed ^ 0xfa17), systemClock());
  const log: MinefieldEvent[] = [];
  const records = await playMinefieldAtTable({ games: 1, seed, hostTransport: pair.host, tableTransport: table, faults, timeoutMs: 50_000, onEvent: (e) => log.push(e) });
  return { records, outcomes: log.filter((e) => e.type === 'hand.won' || e.type === 'hand.drawn' || e.type === 'game.ended') };
}

const spec = (text: string): FaultSpec => {
  const parsed = parseFaultSpec(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

describe('Minefield through the simulated table', () => {
  it('plays whole games, and with faults injected ends them exactly as without', async () => {
    for (const seed of [5]) {
      const clean = await play(seed, NO_FAULTS);
      expect(clean.records).toHaveLength(1);
      expect(clean.records[0]!.loser).not.toBeNull();
      expect(clean.records[0]!.hands).toBeGreaterThan(1);
      for (const faults of ['corrupt=0.002,drop=0.002,jam-at=build:2', 'corrupt=0.005,drop=0.005,jam-at=dora:3']) {
        const faulty = await play(seed, spec(faults));
        expect({ faults, ...faulty }).toEqual({ faults, ...clean });
      }
    }
  }, 90_000);

  it('resynchronises after the table reboots mid-hand, ending exactly as without faults', async () => {
    const seed = 5;
    const clean = await play(seed, NO_FAULTS);
    // Seen with seed 5 (what exactly is lost varies a little with timing): the reboot after event 7 loses the
    // under-dora reveal, a seat's hand placement and the first discards (the host asks for the ura again and
    // rebuilds the rest from the snapshot); after event 48 it loses a placement. Bytes are corrupted and dropped too.
    for (const faults of ['corrupt=0.005,drop=0.005,reboot-at=7', 'corrupt=0.002,drop=0.002,reboot-at=48']) {
      const faulty = await play(seed, spec(faults));
      expect({ faults, ...faulty }).toEqual({ faults, ...clean });
    }
  }, 60_000);

  it('issue 4: a host that stops answering after a claim (paused) gets one press, not one per table change', async () => {
    // The host lays out one hand and then answers nothing: the seat drivers play it to its claim by themselves.
    const pair = createMemoryPair();
    const drivers = { 0: minefieldSeatDriver(createMinefieldBot({ seed: 11 }), 0, 2), 2: minefieldSeatDriver(createMinefieldBot({ seed: 12 }), 2, 0) };
    const firmware = new TableFirmware(pair.table, { seed: 3, reds: false, motorMs: 2, idleReportMs: 0, thinkMs: 0, drivers, faults: NO_FAULTS });
    const link = new Link(pair.host);
    const events: TableEvent[] = [];
    link.subscribe((event) => {
      events.push(event);
      if (event.type === 'table.hello') link.send({ type: 'setMode', mode: 'minefield2' });
      if (event.type === 'table.modeSet') {
        link.send({ type: 'setLamp', seat: 0, lamp: 'dealer', on: true });
        link.send({ type: 'shuffle' });
      }
      if (event.type === 'table.shuffled') link.send({ type: 'buildWalls' });
      if (event.type === 'table.wallsBuilt') link.send({ type: 'flipDora' });
    });
    await firmware.start();
    await link.start();
    const started = performance.now();
    while (!events.some((e) => e.type === 'table.buttonPressed') && performance.now() - started < 20_000) await new Promise((r) => setTimeout(r, 20));
    const claimedAfter = events.length;
    await new Promise((r) => setTimeout(r, 1500));
    await link.close();
    await firmware.stop();
    // Before issue 4's fix this was some 700 presses in 1.5 s (each press a change, each change a press).
    expect(events.filter((e) => e.type === 'table.buttonPressed')).toHaveLength(1);
    expect(events.length - claimedAfter).toBeLessThan(5);
  }, 30_000);

  it.runIf(spawnSync('socat', ['-V']).status === 0)('runs over a pseudo-terminal pair (mahjong-table simulate --port)', () => {
    const { summary, port, portLeftBehind } = runSimulate<{ through: string; games: number; hands: number }, { type: string }>(
      ['--variant', 'minefield', '--games', '1', '--seed', '3'],
      { withPort: true, timeoutMs: 60_000 },
    );
    expect(summary).toMatchObject({ through: port, games: 1 });
    expect(summary.hands).toBeGreaterThan(0);
    expect(portLeftBehind).toBe(false); // socat is gone with its links
  }, 90_000);
});
