// Test harness for the table link: tables under test (in-process simulator, PTY simulator process, real table),
// socat PTY pairs, child-process cleanup, a gate transport and an event collector.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../../hardware/clock.js';
import { Link, type LinkOptions } from '../../hardware/link.js';
import type { FramingName } from '../../hardware/framing.js';
import { createMemoryPair } from '../../hardware/memory-transport.js';
import { SerialTransport } from '../../hardware/serial-transport.js';
import { TransportEvents, type Transport, type TransportEvent } from '../../hardware/transport.js';
import { parseScenario } from '../../hardware/simulator/actions.js';
import { FaultyTransport, NO_FAULTS, parseFaultSpec } from '../../hardware/simulator/faults.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import { createRng } from '../../table/rng.js';
import type { TableEvent } from '../../table/table-events.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface TableSettings {
  /** JSONL scenario text. */
  readonly scenario?: string;
  readonly faults?: string;
  readonly seed?: number;
  readonly idleMs?: number;
  readonly motorMs?: number;
  /** More `sim` options (`--tile-set 160`, `--protocol 1.2`). */
  readonly extraArgs?: readonly string[];
}

export interface StartedTable {
  /** The host end of the cable. */
  readonly transport: Transport;
  /** The table stops answering (process stopped / frozen) and starts again. */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  /** The cable comes out, and goes back in. */
  unplug(): Promise<void>;
  replug(): Promise<void>;
  stop(): Promise<void>;
}

export interface TableUnderTest {
  readonly name: string;
  /** Null when the table can be driven by scenarios and faults; otherwise why not (a real table). */
  readonly uncontrollable: string | null;
  /** The framing the table speaks, when known: the host must detect it (PROTOCOL.md §2.2). */
  readonly framing?: FramingName;
  start(settings?: TableSettings): Promise<StartedTable>;
}

// ---------------------------------------------------------------------------------------------
// Child processes: every one is killed when the test process ends, whatever happens.

const children = new Set<ChildProcess>();
const killAll = (): void => {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
};
process.once('exit', killAll);

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGCONT');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** A socat PTY pair: `a` for the table, `b` for the host. Restartable (the same link names come back). */
export class PtyPair {
  readonly dir: string;
  readonly a: string;
  readonly b: string;
  private process: ChildProcess | null = null;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'mahjong-pty-'));
    this.a = join(this.dir, 'a');
    this.b = join(this.dir, 'b');
  }

  async start(): Promise<void> {
    this.process = track(
      spawn('/usr/bin/socat', [`pty,raw,echo=0,link=${this.a}`, `pty,raw,echo=0,link=${this.b}`], {
        stdio: 'ignore',
      }),
    );
    await until(() => existsSync(this.a) && existsSync(this.b), 5000, 'socat to create its PTY links');
  }

  /** Kills socat: both ends see their port close, as when a USB cable is pulled. */
  async kill(): Promise<void> {
    if (this.process) await stopChild(this.process);
    this.process = null;
    await until(() => !existsSync(this.a) && !existsSync(this.b), 5000, 'socat to remove its PTY links');
  }

  async dispose(): Promise<void> {
    await this.kill().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Starts `mahjong-table sim` on a path; resolves once it says it is serving. */
export async function startSimProcess(
  port: string,
  settings: TableSettings,
  dir: string,
): Promise<ChildProcess> {
  const args = [
    '--import',
    'tsx',
    join(ROOT, 'host/cli/main.ts'),
    'sim',
    '--port',
    port,
    '--seed',
    String(settings.seed ?? 1),
  ];
  args.push('--idle-ms', String(settings.idleMs ?? 0), '--motor-ms', String(settings.motorMs ?? 20));
  if (settings.faults) args.push('--faults', settings.faults);
  if (settings.extraArgs) args.push(...settings.extraArgs);
  if (settings.scenario !== undefined) {
    const file = join(dir, `scenario-${Date.now()}-${Math.random().toString(36).slice(2)}.jsonl`);
    writeFileSync(file, settings.scenario);
    args.push('--scenario', file);
  }
  const child = track(spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] }));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await until(
    () => stderr.includes('sim: table on') || child.exitCode !== null,
    20000,
    'the simulator to start',
  );
  if (child.exitCode !== null) throw new Error(`sim exited ${child.exitCode}: ${stderr}`);
  return child;
}

// ---------------------------------------------------------------------------------------------
// Tables under test

/** A transport wrapper that can go deaf and mute (a frozen peer, seen from this end). */
export class GateTransport implements Transport {
  private readonly events = new TransportEvents();
  closedGate = false;

  constructor(private readonly inner: Transport) {
    inner.subscribe((event: TransportEvent) => {
      if (event.type === 'data' && this.closedGate) return;
      this.events.emit(event);
    });
  }
  get isOpen(): boolean {
    return this.inner.isOpen;
  }
  open(): Promise<void> {
    return this.inner.open();
  }
  write(bytes: Uint8Array): void {
    if (!this.closedGate) this.inner.write(bytes);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.events.subscribe(listener);
  }
}

export const inProcessTable: TableUnderTest = {
  name: 'in-process simulator',
  uncontrollable: null,
  framing: 'cobs',
  async start(settings = {}) {
    const pair = createMemoryPair();
    const clock = systemClock();
    const faults = settings.faults
      ? parseFaultSpec(settings.faults)
      : { ok: true as const, value: NO_FAULTS };
    if (!faults.ok) throw new Error(faults.message);
    const seed = settings.seed ?? 1;
    const gate = new GateTransport(pair.table);
    const wire =
      faults.value === NO_FAULTS
        ? gate
        : new FaultyTransport(gate, faults.value, createRng(seed ^ 0xfa17), clock);
    const scenario = settings.scenario === undefined ? undefined : parseScenario(settings.scenario);
    if (scenario && !scenario.ok) throw new Error(scenario.message);
    const firmware = new TableFirmware(wire, {
      clock,
      seed,
      idleReportMs: settings.idleMs ?? 0,
      motorMs: settings.motorMs ?? 20,
      faults: faults.value,
      ...(scenario?.ok ? { scenario: scenario.steps } : {}),
    });
    await firmware.start();
    return {
      transport: pair.host,
      freeze: async () => {
        gate.closedGate = true;
      },
      thaw: async () => {
        gate.closedGate = false;
      },
      unplug: async () => pair.unplug(),
      replug: async () => pair.replug(),
      stop: () => firmware.stop(),
    };
  },
};

/** `mahjong-table sim` in its own process on a socat PTY pair, speaking `framing` (`sim --framing`). */
export const ptyTableOf = (framing: FramingName): TableUnderTest => ({
  name: framing === 'cobs' ? 'PTY simulator process' : `PTY simulator process (${framing} framing)`,
  uncontrollable: null,
  framing,
  async start(settings = {}) {
    const pty = new PtyPair();
    await pty.start();
    const extraArgs = [...(settings.extraArgs ?? []), '--framing', framing];
    const sim = await startSimProcess(pty.a, { ...settings, extraArgs }, pty.dir);
    return {
      transport: new SerialTransport({ path: pty.b, reconnectMinMs: 50, reconnectMaxMs: 400 }),
      freeze: async () => void sim.kill('SIGSTOP'),
      thaw: async () => void sim.kill('SIGCONT'),
      unplug: () => pty.kill(),
      replug: () => pty.start(),
      stop: async () => {
        await stopChild(sim);
        await pty.dispose();
      },
    };
  },
});
export const ptyTable = ptyTableOf('cobs');

/** A real table on TABLE_PORT: only the tests that need no scenario or fault injection run against it. */
export const realTable = (port: string): TableUnderTest => ({
  name: `real table on ${port}`,
  uncontrollable: 'a real table cannot be driven by scenarios or fault injection',
  async start() {
    const fail = async (): Promise<void> => {
      throw new Error('not possible on a real table');
    };
    return {
      transport: new SerialTransport({ path: port }),
      freeze: fail,
      thaw: fail,
      unplug: fail,
      replug: fail,
      stop: async () => undefined,
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Link + event collection

export class Collector {
  readonly events: TableEvent[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(link: Link) {
    link.subscribe((event) => {
      this.events.push(event);
      // Waiters are checked after every other listener has seen the event too.
      queueMicrotask(() => {
        for (const wake of [...this.waiters]) wake();
      });
    });
  }

  of<T extends TableEvent['type']>(type: T): Extract<TableEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<TableEvent, { type: T }> => e.type === type);
  }

  /** Waits for the first event (after index `from`) matching `match`. */
  async next<T extends TableEvent['type']>(
    type: T,
    timeoutMs = 10_000,
    from = 0,
    match: (e: Extract<TableEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<TableEvent, { type: T }>> {
    const find = (): Extract<TableEvent, { type: T }> | undefined =>
      this.events
        .slice(from)
        .find(
          (e): e is Extract<TableEvent, { type: T }> =>
            e.type === type && match(e as Extract<TableEvent, { type: T }>),
        );
    await this.wait(() => find() !== undefined, timeoutMs, `a ${type} event`);
    return find()!;
  }

  async wait(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${what}; last events: ${JSON.stringify(this.events.slice(-5)).slice(0, 600)}`,
          ),
        );
      }, timeoutMs);
      const wake = (): void => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
    });
  }
}

/** Connects a link to a started table and waits for the handshake. */
export async function connect(
  table: StartedTable,
  options: LinkOptions = {},
): Promise<{ link: Link; events: Collector; transport: GateTransport }> {
  const transport = new GateTransport(table.transport);
  const link = new Link(transport, { heartbeatMs: 100, missedBeats: 4, hostTimeoutMs: 500, ...options });
  const events = new Collector(link);
  await link.start();
  await events.next('link.up', 15_000);
  return { link, events, transport };
}

/** `n` scenario lines whose sticks encode a counter: event i carries i (seat = bits 24-25). */
export function counterScenario(n: number, first = 0, afterMs = 0): string {
  const lines: string[] = [];
  for (let i = first; i < first + n; i++)
    lines.push(
      JSON.stringify({
        after: afterMs,
        do: 'sticks',
        seat: (i >>> 24) & 3,
        sticks: { p100: i & 0xff, p1000: (i >>> 8) & 0xff, p5000: (i >>> 16) & 0xff, p10000: 0 },
      }),
    );
  return lines.join('\n') + '\n';
}

/** The counter a sticksChanged event carries (see counterScenario). */
export const counterOf = (e: Extract<TableEvent, { type: 'table.sticksChanged' }>): number =>
  e.sticks.p100 | (e.sticks.p1000 << 8) | (e.sticks.p5000 << 16) | (e.seat << 24);
