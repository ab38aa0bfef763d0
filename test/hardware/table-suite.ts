// The shared table-link suite: the same tests against the in-process simulator, the PTY simulator and a real table.
import { afterEach, describe, expect, it } from 'vitest';
import { TABLE_MODE_SPECS, TableEventSchema } from '../../table/table-events.js';
import { tileSetOf } from '../../hardware/simulator/tile-sets.js';
import { LINK_VERSION, PROTOCOL_VERSION } from '../../hardware/messages.js';
import type { Link } from '../../hardware/link.js';
import {
  connect,
  counterOf,
  counterScenario,
  sleep,
  type StartedTable,
  type TableUnderTest,
} from './harness.js';

export function defineTableSuite(target: TableUnderTest, options: { events: number }): void {
  describe(`table link against the ${target.name}`, () => {
    const started: StartedTable[] = [];
    const links: Link[] = [];
    afterEach(async () => {
      for (const link of links.splice(0)) await link.close().catch(() => undefined);
      for (const table of started.splice(0)) await table.stop().catch(() => undefined);
    });
    const start = async (settings: Parameters<TableUnderTest['start']>[0] = {}): Promise<StartedTable> => {
      const table = await target.start(settings);
      started.push(table);
      return table;
    };
    const link = async (
      table: StartedTable,
      linkOptions: Parameters<typeof connect>[1] = {},
    ): Promise<Awaited<ReturnType<typeof connect>>> => {
      const connected = await connect(table, linkOptions);
      links.push(connected.link);
      return connected;
    };
    const simulatorOnly = target.uncontrollable === null ? it : it.skip;
    if (target.uncontrollable !== null)
      console.log(`${target.name}: scenario and fault tests skipped: ${target.uncontrollable}`);

    it('handshakes: protocol version, firmware, capabilities, boot id', async () => {
      const { link: l, events } = await link(await start());
      const hello = events.of('table.hello')[0]!;
      // The simulators speak link version 2 (fragments, damage reports); a real table 1 or 2 (PROTOCOL.md §2).
      if (target.uncontrollable === null) expect(hello.protocol).toBe(LINK_VERSION);
      else expect([PROTOCOL_VERSION, LINK_VERSION]).toContain(hello.protocol);
      expect(hello.firmware.length).toBeGreaterThan(0);
      expect(hello.capabilities.modes.length).toBeGreaterThan(0);
      expect(l.stats().state).toBe('up');
      expect(l.stats().bootId).toBe(hello.bootId);
      if (target.framing) expect(l.framingName).toBe(target.framing);
      // Every event that crossed the boundary is schema-valid.
      for (const event of events.events) expect(TableEventSchema.safeParse(event).success).toBe(true);
    });

    it('runs a hand cycle: mode, shuffle, walls of the whole set, dice, deal, dora, snapshot', async () => {
      const { link: l, events } = await link(await start());
      const hello = events.of('table.hello')[0]!;
      const mode = hello.capabilities.modes.includes('standard4')
        ? 'standard4'
        : hello.capabilities.modes[0]!;
      l.send({ type: 'setMode', mode });
      await events.next('table.modeSet');
      l.send({ type: 'shuffle' });
      await events.next('table.shuffled', 60_000);
      l.send({ type: 'buildWalls' });
      const walls = await events.next('table.wallsBuilt', 60_000);
      const spec = TABLE_MODE_SPECS[mode];
      const built = walls.walls.flat();
      expect(built.length).toBe(spec.players * spec.wallTiles);
      if (hello.capabilities.sensors.walls && mode !== 'minefield2')
        expect([...built].sort((a, b) => a! - b!)).toEqual(
          [...tileSetOf(mode)].sort((a, b) => a - b).slice(0, built.length),
        );
      l.send({ type: 'rollDice' });
      const dice = await events.next('table.diceRolled', 60_000);
      expect(dice.dice.every((d) => d >= 1 && d <= 6)).toBe(true);
      if (hello.capabilities.dealsHands && mode !== 'minefield2') {
        l.send({ type: 'dealHands' });
        const hands = await events.next('table.handsDealt', 60_000);
        expect(spec.seats.every((seat) => hands.hands[seat]!.length === 13)).toBe(true);
      }
      l.send({ type: 'flipDora' });
      await events.next('table.doraFlipped', 60_000);
      const from = events.events.length;
      l.send({ type: 'getState' });
      const state = await events.next('table.state', 10_000, from);
      expect(state.snapshot.mode).toBe(mode);
      expect(state.snapshot.dora).not.toBeNull();
      expect(state.snapshot.fault).toBeNull();
    });

    simulatorOnly(
      `delivers ${options.events} events through 1% corrupted and 1% dropped bytes exactly once, in order`,
      async () => {
        const table = await start({
          scenario: counterScenario(options.events),
          faults: 'corrupt=0.01,drop=0.01',
        });
        const { link: l, events } = await link(table);
        await events.wait(
          () => events.of('table.sticksChanged').length >= options.events,
          120_000,
          `${options.events} events`,
        );
        await sleep(100);
        const counters = events.of('table.sticksChanged').map(counterOf);
        expect(counters.length).toBe(options.events);
        expect(counters.every((c, i) => c === i)).toBe(true);
        const stats = l.stats();
        console.log(`${target.name}: ${options.events} events, link stats ${JSON.stringify(stats)}`);
        expect(stats.crcErrors + stats.badFrames).toBeGreaterThan(0);
        expect(stats.duplicates + stats.crcErrors).toBeGreaterThan(0);
      },
    );

    simulatorOnly('loses nothing when the cable is pulled and plugged back mid-stream', async () => {
      const n = Math.min(options.events, 3000);
      const table = await start({ scenario: counterScenario(n, 0, 1) });
      const { link: l, events } = await link(table);
      await events.wait(
        () => events.of('table.sticksChanged').length >= n / 4,
        60_000,
        'a quarter of the events',
      );
      await table.unplug();
      await sleep(300);
      await table.replug();
      await events.wait(
        () => events.of('table.sticksChanged').length >= n,
        60_000,
        `${n} events after the replug`,
      );
      await sleep(100);
      const counters = events.of('table.sticksChanged').map(counterOf);
      expect(counters.length).toBe(n);
      expect(counters.every((c, i) => c === i)).toBe(true);
      expect(events.of('link.lost').length).toBeGreaterThan(0);
      expect(events.of('link.up').filter((e) => e.reconnect).length).toBeGreaterThan(0);
      expect(l.stats().reconnects).toBeGreaterThan(0);
      // The port reopened: the host read both framings again and found the table's own.
      if (target.framing) expect(l.framingName).toBe(target.framing);
    });

    simulatorOnly('detects a table reboot mid-hand and resynchronises from its snapshot', async () => {
      // After the deal, 200 sticks events 10 ms apart; the table reboots after its 26th event (6 before the sticks).
      const table = await start({
        scenario: '{"waitFor":"handsDealt"}\n' + counterScenario(200, 0, 10),
        faults: 'reboot-at=26',
      });
      const { link: l, events } = await link(table);
      l.send({ type: 'setMode', mode: 'standard4' });
      l.send({ type: 'shuffle' });
      await events.next('table.shuffled');
      l.send({ type: 'buildWalls' });
      await events.next('table.wallsBuilt');
      l.send({ type: 'rollDice' });
      await events.next('table.diceRolled');
      l.send({ type: 'dealHands' });
      await events.next('table.handsDealt');
      const rebooted = await events.next('link.rebooted', 30_000);
      expect(rebooted.bootId).not.toBe(rebooted.previousBootId);
      const state = await events.next('table.state', 10_000, events.events.indexOf(rebooted));
      // The tiles did not move when the firmware rebooted: the snapshot still shows the dealt table.
      expect(state.snapshot.mode).toBe('standard4');
      expect(state.snapshot.phase).toBe('handsDealt');
      expect(state.snapshot.wallRemaining.reduce((a, b) => a + b, 0)).toBe(136 - 52);
      await events.wait(
        () => events.of('table.sticksChanged').some((e) => counterOf(e) === 199),
        30_000,
        'the last event',
      );
      // The snapshot plus the events after it are the whole truth: the first event after it follows the trays it shows.
      const after = events.events
        .slice(events.events.indexOf(state))
        .flatMap((e) => (e.type === 'table.sticksChanged' ? [counterOf(e)] : []));
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((c, i) => i === 0 || c === after[i - 1]! + 1)).toBe(true);
      const tray = state.snapshot.sticks[0]!;
      expect(tray.p100 | (tray.p1000 << 8)).toBe(after[0]! - 1);
      expect(l.stats().reboots).toBe(1);
      if (target.framing) expect(l.framingName).toBe(target.framing);
    });

    simulatorOnly('a latched fault refuses other commands until cleared', async () => {
      const { link: l, events } = await link(await start({ faults: 'jam-at=build' }));
      l.send({ type: 'setMode', mode: 'standard4' });
      l.send({ type: 'shuffle' });
      await events.next('table.shuffled');
      l.send({ type: 'buildWalls' });
      const fault = await events.next('table.fault');
      expect(fault.fault).toEqual({ code: 'jam', stage: 'build', recoverable: true });
      const refused = l.send({ type: 'shuffle' });
      const rejection = await events.next('table.commandRejected');
      expect(rejection).toMatchObject({ commandId: refused, command: 'shuffle', code: 'faultLatched' });
      const from = events.events.length;
      l.send({ type: 'getState' });
      expect((await events.next('table.state', 10_000, from)).snapshot.fault).toEqual(fault.fault);
      l.send({ type: 'clearFault' });
      await events.next('table.faultCleared');
      l.send({ type: 'buildWalls' });
      await events.next('table.wallsBuilt');
      expect(l.stats().lastFaults.map((f) => f.code)).toEqual(['jam']);
    });

    simulatorOnly(
      'declares a silent table lost within the heartbeat bound, and reconnects when it speaks again',
      async () => {
        const table = await start();
        const { link: l, events } = await link(table, { heartbeatMs: 100, missedBeats: 4 });
        await sleep(300);
        const frozenAt = performance.now();
        await table.freeze();
        const lost = await events.next('link.lost', 5000);
        const elapsed = performance.now() - frozenAt;
        expect(lost.reason).toBe('heartbeat');
        // Bound: 4 missed beats of 100 ms after the last frame heard (at most one beat before the freeze), plus
        // timer slack on a busy machine (the exact bound is checked on a simulated clock in hardware/link.test.ts).
        expect(elapsed).toBeLessThanOrEqual(400 + 100 + 300);
        await table.thaw();
        await events.next('link.up', 10_000, events.events.indexOf(lost));
        expect(l.linkState).toBe('up');
      },
    );

    simulatorOnly(
      'the table stops its motors and latches hostSilent when the host falls silent',
      async () => {
        const table = await start({ motorMs: 3000 });
        const { link: l, events, transport } = await link(table, { hostTimeoutMs: 300 });
        l.send({ type: 'setMode', mode: 'standard4' });
        l.send({ type: 'shuffle' });
        await events.next('table.modeSet');
        await sleep(100);
        transport.closedGate = true; // the host goes quiet mid-shuffle
        await sleep(800);
        transport.closedGate = false;
        const fault = await events.next('table.fault', 10_000);
        expect(fault.fault).toEqual({ code: 'hostSilent', stage: 'shuffle', recoverable: true });
        expect(events.of('table.shuffled').length).toBe(0);
      },
    );
  });
}
