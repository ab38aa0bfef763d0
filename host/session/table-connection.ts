// Opens the table a session drives: a serial port, or the built-in simulator with bots at the seats (in process).
import { Link, type LinkResume } from '../../hardware/link.js';
import { createMemoryPair } from '../../hardware/memory-transport.js';
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { SerialTransport } from '../../hardware/serial-transport.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import { createMinefieldBot } from '../../families/minefield/bots/minefield-bot.js';
import { deriveSeed } from '../../table/rng.js';
import { minefieldSeatDriver } from '../../families/minefield/seat-driver.js';
import type { TableTargetLog } from './log-events.js';
import type { SimulatorSeats } from '../families/registry.js';

export interface TableConnection {
  readonly link: Link;
  /** The simulated firmware when the target is the simulator (tests and the console's fault injection reach it here). */
  readonly firmware: TableFirmware | null;
  close(): Promise<void>;
}

export interface SimulatorPace {
  /** Delay before a bot's action (ms): 0 plays as fast as possible, a few hundred lets people watch. */
  readonly thinkMs: number;
  /** Duration of each motor run of the simulated table. */
  readonly motorMs: number;
}

/** Bots at Minefield's table seats 0 and 2, seeded from the session seed so a run replays. */
export function minefieldBotDrivers(seed: number) {
  return {
    0: minefieldSeatDriver(createMinefieldBot({ seed: deriveSeed(seed, 101) }), 0, 2),
    2: minefieldSeatDriver(createMinefieldBot({ seed: deriveSeed(seed, 102) }), 2, 0),
  };
}

/** The link session to resume: its id and how far into the table's stream it was (`Link.received`). */
export interface LinkSessionResume extends LinkResume {
  readonly hostSession: number;
}

/**
 * Why `path` cannot be the table's serial port, or null when it may be: it must exist, be a character device
 * (a serial adapter, or a pseudo-terminal for the simulator) and be readable and writable by this user. A plain
 * file would open and never answer, leaving the session "connecting" for ever. Windows names ports (COM3,
 * \\.\COM12) that are not files: those are left to the serial driver.
 */
export function serialPortProblem(
  path: string,
  platform: NodeJS.Platform = process.platform,
): { readonly code: 'no_such_port' | 'not_a_serial_device' | 'port_not_permitted'; readonly message: string } | null {
  if (platform === 'win32') return null;
  let info: Stats;
  try {
    info = statSync(path);
  } catch {
    return { code: 'no_such_port', message: `there is no ${path}: is the table plugged in? Rescan the ports and pick it` };
  }
  if (!info.isCharacterDevice())
    return {
      code: 'not_a_serial_device',
      message: `${path} is not a serial device (it is ${info.isDirectory() ? 'a folder' : 'a plain file'}): pick the table's port, e.g. /dev/ttyUSB0`,
    };
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch {
    return {
      code: 'port_not_permitted',
      message: `this user may not open ${path}: on Linux add it to the dialout group (sudo usermod -aG dialout $USER), then log in again`,
    };
  }
  return null;
}

/** Creates the link (not yet started) for a target. The simulator runs with bots at the seats. */
export function connectTable(
  target: TableTargetLog,
  pace: SimulatorPace,
  resume: LinkSessionResume,
  /** The simulator's seats for the variant (variants.ts `simulatorSeats`); Minefield's bots by default. */
  seats?: SimulatorSeats,
): TableConnection {
  if (target.kind === 'serial') {
    // A port that passed serialPortProblem can still fail to open, or vanish: the transport keeps trying and the
    // link says why it is not up (`link.unreachable`), for the console.
    const link = new Link(new SerialTransport({ path: target.path, keepTrying: true }), {
      hostSession: resume.hostSession,
      resume,
    });
    return { link, firmware: null, close: () => link.close() };
  }
  const pair = createMemoryPair();
  const firmware = new TableFirmware(pair.table, {
    seed: target.seed,
    reds: seats?.reds ?? false,
    motorMs: pace.motorMs,
    idleReportMs: 5000,
    thinkMs: pace.thinkMs,
    drivers: seats?.drivers ?? minefieldBotDrivers(target.seed),
  });
  // The built-in simulator lives and dies with this process: every start is a new table and a new session.
  const link = new Link(pair.host, { hostSession: resume.hostSession });
  return {
    link,
    firmware,
    close: async () => {
      await link.close();
      await firmware.stop();
    },
  };
}
