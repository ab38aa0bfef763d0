// A simulated table on one end of a socat PTY pair (bots at the Minefield seats, optional faults): `serve --port` drives the other end.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SerialTransport } from '../../hardware/serial-transport.js';
import { NO_FAULTS, type FaultSpec } from '../../hardware/simulator/faults.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import type { Transport } from '../../hardware/transport.js';
import type { Capabilities } from '../../table/table-events.js';
import { minefieldBotDrivers } from '../../host/session/table-connection.js';

export interface PtyTable {
  /** The PTY end the host opens (`serve --port`). */
  readonly hostPath: string;
  readonly firmware: TableFirmware;
  close(): Promise<void>;
}

export interface PtyTableOptions {
  readonly seed?: number;
  readonly thinkMs?: number;
  readonly motorMs?: number;
  readonly faults?: Partial<FaultSpec>;
  /**
   * What the table announces and senses (default: every mode and protocol 2 feature, `simCapabilities()`);
   * a table without discard sensors reports each discard unread.
   */
  readonly capabilities?: Capabilities;
  /** Wraps the table's transport (the benchmark taps the frames it writes). */
  readonly wrap?: (transport: Transport) => Transport;
}

export async function startPtyTable(options: PtyTableOptions = {}): Promise<PtyTable> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mahjong-pty-'));
  const tablePath = path.join(dir, 'table');
  const hostPath = path.join(dir, 'host');
  const socat = spawn(
    '/usr/bin/socat',
    [`pty,raw,echo=0,link=${tablePath}`, `pty,raw,echo=0,link=${hostPath}`],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 500 && !(existsSync(tablePath) && existsSync(hostPath)); i++)
    await new Promise((r) => setTimeout(r, 10));
  if (!existsSync(hostPath)) throw new Error('socat did not create the PTY pair');
  const seed = options.seed ?? 5;
  const raw = new SerialTransport({ path: tablePath });
  const firmware = new TableFirmware(options.wrap ? options.wrap(raw) : raw, {
    seed,
    reds: false,
    motorMs: options.motorMs ?? 15,
    idleReportMs: 1000,
    thinkMs: options.thinkMs ?? 60,
    drivers: minefieldBotDrivers(seed),
    faults: { ...NO_FAULTS, ...options.faults },
    ...(options.capabilities === undefined ? {} : { capabilities: options.capabilities }),
  });
  await firmware.start();
  return {
    hostPath,
    firmware,
    async close() {
      await firmware.stop();
      socat.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
