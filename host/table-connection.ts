// Opens the table a session drives: a serial port, or the built-in simulator with bots at the seats (in process).
import { Link, type LinkResume } from '../hardware/link.js';
import { createMemoryPair } from '../hardware/memory-transport.js';
import { SerialTransport } from '../hardware/serial-transport.js';
import { TableFirmware } from '../hardware/simulator/firmware.js';
import { createMinefieldBot } from '../machines/bots/minefield-bot.js';
import { deriveSeed } from '../machines/rng.js';
import { minefieldSeatDriver } from './cli/minefield-seat-driver.js';
import type { TableTargetLog } from './log-events.js';
import type { SimulatorSeats } from './variants.js';

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

/** The link session to resume: its id and the table events already received in it. */
export interface LinkSessionResume extends LinkResume {
  readonly hostSession: number;
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
    const link = new Link(new SerialTransport({ path: target.path }), {
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
