// Over real socat pseudo-terminals: 100,000 events through a noisy line, and the sim/monitor command lines against each other.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Link } from '../../hardware/link.js';
import { SerialTransport, type PortInfo } from '../../hardware/serial-transport.js';
import type { TableCommand, TableEvent } from '../../table/table-events.js';
import { PtyPair, ROOT, counterOf, counterScenario, sleep, startSimProcess, stopChild } from './harness.js';

const EVENTS = 100_000;

/** Runs the CLI to completion; resolves with its exit code and output. */
function runCli(
  args: string[],
  timeoutMs = 30_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'host/cli/main.ts'), ...args], {
      cwd: ROOT,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('over socat PTYs', () => {
  const pairs: PtyPair[] = [];
  afterAll(async () => {
    for (const pair of pairs) await pair.dispose();
  });

  it(
    `delivers ${EVENTS.toLocaleString('en')} events through 1% corrupted and 1% dropped bytes exactly once, in order`,
    { timeout: 170_000 },
    async () => {
      const pty = new PtyPair();
      pairs.push(pty);
      await pty.start();
      const sim = await startSimProcess(
        pty.a,
        { scenario: counterScenario(EVENTS), faults: 'corrupt=0.01,drop=0.01', idleMs: 0 },
        pty.dir,
      );
      const link = new Link(new SerialTransport({ path: pty.b }), {
        heartbeatMs: 100,
        missedBeats: 4,
        hostTimeoutMs: 500,
      });
      let count = 0;
      let inOrder = true;
      let done = (): void => undefined;
      const all = new Promise<void>((resolve) => (done = resolve));
      link.subscribe((e) => {
        if (e.type !== 'table.sticksChanged') return;
        if (counterOf(e) !== count) inOrder = false;
        if (++count === EVENTS) done();
      });
      try {
        const started = performance.now();
        await link.start();
        await all;
        const seconds = (performance.now() - started) / 1000;
        await new Promise((r) => setTimeout(r, 200));
        const stats = link.stats();
        console.log(
          `pty: ${EVENTS} events in ${seconds.toFixed(1)} s (${Math.round(EVENTS / seconds)} events/s) through corrupt=0.01,drop=0.01; link ${JSON.stringify(stats)}`,
        );
        expect(count).toBe(EVENTS);
        expect(inOrder).toBe(true);
        expect(stats.crcErrors).toBeGreaterThan(0);
      } finally {
        await link.close();
        await stopChild(sim);
      }
    },
  );

  it('finds the table by USB ids and, after an unplug, reconnects under another path without losing an event', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mahjong-usb-'));
    const tablePath = join(dir, 'table');
    let hostPath = join(dir, 'ttyACM0');
    const socat = (): ChildProcess =>
      spawn('/usr/bin/socat', [`pty,raw,echo=0,link=${tablePath}`, `pty,raw,echo=0,link=${hostPath}`], {
        stdio: 'ignore',
      });
    const waitFor = async (paths: string[]): Promise<void> => {
      for (let i = 0; i < 500 && !paths.every((p) => existsSync(p)); i++) await sleep(10);
    };
    let cable = socat();
    await waitFor([tablePath, hostPath]);
    const n = 1500;
    const sim = await startSimProcess(tablePath, { scenario: counterScenario(n, 0, 2) }, dir);
    // The port list a USB table would show: our PTY stands in for the device node, whatever its current name.
    const list = async (): Promise<PortInfo[]> => [
      {
        path: '/dev/ttyS0',
        manufacturer: undefined,
        serialNumber: undefined,
        pnpId: undefined,
        locationId: undefined,
        vendorId: undefined,
        productId: undefined,
      },
      {
        path: hostPath,
        manufacturer: 'Acme',
        serialNumber: 'T-0042',
        pnpId: undefined,
        locationId: undefined,
        vendorId: '2e8a',
        productId: '000a',
      },
    ];
    const transport = new SerialTransport({
      match: { vendorId: '2E8A', productId: '000A', serialNumber: 'T-0042' },
      list,
      reconnectMinMs: 50,
      reconnectMaxMs: 400,
    });
    const link = new Link(transport, { heartbeatMs: 100, missedBeats: 4, hostTimeoutMs: 500 });
    const counters: number[] = [];
    link.subscribe((e) => e.type === 'table.sticksChanged' && counters.push(counterOf(e)));
    try {
      await link.start();
      expect(transport.path).toBe(join(dir, 'ttyACM0'));
      while (counters.length < n / 3) await sleep(10);
      await stopChild(cable); // unplugged
      await sleep(300);
      hostPath = join(dir, 'ttyACM1'); // plugged back, enumerated under another name
      cable = socat();
      await waitFor([tablePath, hostPath]);
      for (let i = 0; i < 3000 && counters.length < n; i++) await sleep(10);
      expect(transport.path).toBe(join(dir, 'ttyACM1'));
      expect(counters.length).toBe(n);
      expect(counters.every((c, i) => c === i)).toBe(true);
      expect(link.stats().reconnects).toBeGreaterThanOrEqual(1);
    } finally {
      await link.close();
      await stopChild(sim);
      await stopChild(cable);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sim and monitor work against each other with faults on (JSONL output)', async () => {
    const pty = new PtyPair();
    pairs.push(pty);
    await pty.start();
    const sim = await startSimProcess(
      pty.a,
      { faults: 'corrupt=0.005,drop=0.005,delay=2ms', idleMs: 300 },
      pty.dir,
    );
    try {
      const result = await runCli([
        'monitor',
        '--port',
        pty.b,
        '--jsonl',
        '--duration',
        '2.5',
        '--stats-ms',
        '500',
        '--send',
        'setMode:standard4',
        '--send',
        'shuffle',
      ]);
      expect(result.code).toBe(0);
      const lines = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const handshake = lines.find((l) => l.kind === 'handshake')!;
      expect(handshake).toMatchObject({
        protocol: 2, // link version 2: sim and monitor both speak it (PROTOCOL.md §2)
        firmware: expect.any(String),
        bootId: expect.any(Number),
      });
      expect(handshake.capabilities).toMatchObject({
        modes: expect.arrayContaining(['standard4', 'minefield2']),
      });
      const types = lines.filter((l) => l.kind === 'event').map((l) => l.type);
      expect(types).toEqual(
        expect.arrayContaining(['link.up', 'table.modeSet', 'table.shuffled', 'table.sensorsReported']),
      );
      const stats = lines.filter((l) => l.kind === 'stats');
      expect(stats.length).toBeGreaterThanOrEqual(3);
      expect(stats.at(-1)).toMatchObject({
        state: 'up',
        protocol: 2,
        resends: expect.any(Number),
        crcErrors: expect.any(Number),
        rttMs: { p50: expect.any(Number), p99: expect.any(Number) },
      });
    } finally {
      await stopChild(sim);
    }
  });

  it('the human monitor prints the handshake and statistics', async () => {
    const pty = new PtyPair();
    pairs.push(pty);
    await pty.start();
    const sim = await startSimProcess(pty.a, { idleMs: 200 }, pty.dir);
    try {
      const result = await runCli(['monitor', '--port', pty.b, '--duration', '1.5']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /handshake: protocol 2, firmware "mahjong-table-sim [\d.]+", boot 0x[0-9a-f]+/,
      );
      expect(result.stdout).toMatch(
        /capabilities: modes standard4 sanma3 minefield2 flowers4 xiamen4 viet160 viet176; deals hands; sensors walls.*; protocol 2 content revision 2: features replacementDraws bonusTiles kanDora allUra goldIndicator riichiDiscards; tile sets 136 108 144 160 176/,
      );
      expect(result.stdout).toMatch(/table\.sensorsReported/);
      expect(result.stdout).toMatch(
        /link up: rtt p50 [\d.]+ ms p99 [\d.]+ ms; events \d+; resends \d+; crc errors \d+/,
      );
    } finally {
      await stopChild(sim);
    }
  });

  it('sim --tile-set 160 (issue 13): a Vietnamese table whose walls of 40 cross the PTY with its table-only tiles; --protocol 1.2 announces no content', async () => {
    const pty = new PtyPair();
    pairs.push(pty);
    await pty.start();
    const sim = await startSimProcess(pty.a, { idleMs: 0, extraArgs: ['--tile-set', '160'] }, pty.dir);
    const link = new Link(new SerialTransport({ path: pty.b }));
    try {
      const events: TableEvent[] = [];
      link.subscribe((e) => events.push(e));
      await link.start();
      /** Sends a command and waits for the event that completes it. */
      const run = async (command: TableCommand, done: TableEvent['type']) => {
        link.send(command);
        for (let i = 0; i < 200 && !events.some((e) => e.type === done); i++) await sleep(25);
        return events.find((e) => e.type === done);
      };
      for (let i = 0; i < 200 && !events.some((e) => e.type === 'link.up'); i++) await sleep(25);
      const hello = events.find((e) => e.type === 'table.hello');
      expect(hello?.type === 'table.hello' && hello.capabilities).toMatchObject({
        modes: ['viet160'],
        content: { revision: 2, tileSets: [160] },
      });
      await run({ type: 'setMode', mode: 'viet160', features: ['bonusTiles'] }, 'table.modeSet');
      await run({ type: 'shuffle' }, 'table.shuffled');
      const built = await run({ type: 'buildWalls' }, 'table.wallsBuilt');
      const walls = built?.type === 'table.wallsBuilt' ? built.walls : [];
      expect(walls.map((w) => w.length)).toEqual([40, 40, 40, 40]);
      // The 160-tile set: 16 table-only tiles (4 kings, 4 queens, 8 jokers) among the 144.
      expect(walls.flat().filter((t) => t !== null && t >= 0x80 && t <= 0x8f)).toHaveLength(16);
    } finally {
      await link.close();
      await stopChild(sim);
    }
    const old = await startSimProcess(pty.a, { idleMs: 0, extraArgs: ['--protocol', '1.2'] }, pty.dir);
    try {
      const result = await runCli(['monitor', '--port', pty.b, '--duration', '1']);
      expect(result.stdout).toMatch(/modes standard4 sanma3 minefield2 flowers4; .*; protocol 2 content none \(revision 1\.x\)/);
    } finally {
      await stopChild(old);
    }
    const bad = await Promise.all([
      runCli(['sim', '--port', pty.a, '--tile-set', '150']),
      runCli(['sim', '--port', pty.a, '--protocol', '3']),
    ]);
    expect(bad.map((r) => r.code)).toEqual([2, 2]);
    expect(bad[0]!.stderr).toContain('--tile-set must be one of 136, 144, 160, 176, not "150"');
    expect(bad[1]!.stderr).toContain('--protocol must be 2 or 1.2, not "3"');
  });

  it('both commands have help and refuse a missing port or a bad --faults spec clearly', async () => {
    const [simHelp, monitorHelp, noPort, badFaults, monitorNoPort, monitorMissing] = await Promise.all([
      runCli(['sim', '--help']),
      runCli(['monitor', '--help']),
      runCli(['sim', '--port', '/nonexistent/tty-table']),
      runCli(['sim', '--port', '/nonexistent/tty-table', '--faults', 'corrupt=2']),
      runCli(['monitor']),
      runCli(['monitor', '--port', '/nonexistent/tty-table']),
    ]);
    expect(simHelp.code).toBe(0);
    expect(simHelp.stdout).toContain('--faults <spec>');
    expect(monitorHelp.code).toBe(0);
    expect(monitorHelp.stdout).toContain('--jsonl');
    expect(noPort.code).toBe(2);
    expect(noPort.stderr).toMatch(/cannot open serial port \/nonexistent\/tty-table/);
    expect(badFaults.code).toBe(2);
    expect(badFaults.stderr).toMatch(/corrupt must be a probability between 0 and 1, not "2"/);
    expect(monitorNoPort.code).toBe(2);
    expect(monitorNoPort.stderr).toMatch(/give --port PATH or --usb/);
    expect(monitorMissing.code).toBe(2);
    expect(monitorMissing.stderr).toMatch(/cannot open serial port/);
  });
});
