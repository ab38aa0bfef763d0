// `mahjong-table sim --port PATH`: runs the virtual table firmware on a serial port or pseudo-terminal.
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { systemClock } from '../../hardware/clock.js';
import { FRAMING_NAMES, type FramingName } from '../../hardware/framing.js';
import { SerialTransport } from '../../hardware/serial-transport.js';
import type { Transport } from '../../hardware/transport.js';
import { parseScenario, type ScenarioStep } from '../../hardware/simulator/actions.js';
import {
  FaultyTransport,
  NO_FAULTS,
  parseFaultSpec,
  type FaultSpec,
} from '../../hardware/simulator/faults.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import { PacedTransport, minRtoForBaud } from '../../hardware/simulator/paced-transport.js';
import { createRng, seedOf } from '../../table/rng.js';
import {
  SIM_TILE_SETS,
  simCapabilities,
  type SimProtocol,
  type SimTileSet,
} from '../../hardware/simulator/capabilities.js';
import { TABLE_MODES, type TableMode } from '../../table/table-events.js';

const HELP = `
The simulator speaks the table protocol (hardware/PROTOCOL.md) on PORT, like a real table's firmware.
Make a pseudo-terminal pair to talk to it:
  socat -d -d pty,raw,echo=0,link=/tmp/x/a pty,raw,echo=0,link=/tmp/x/b &
  mahjong-table sim --port /tmp/x/a &
  mahjong-table monitor --port /tmp/x/b
Without --scenario it idles like a real table: answers the handshake and heartbeats, runs commands and
reports its sensors every --idle-ms.
--scenario FILE: JSON Lines of physical actions, one per line, performed in order (a step that is not
  possible yet waits for the table to change):
  {"after":200,"do":"discard","seat":0,"tile":"5m"}   draw | discard | meld | reveal | placeHand | press | sticks | lid
  | setAside; a replacement: {"do":"draw","seat":1,"from":"tail","reason":"bonus"} (from dead: riichi modes)
--tile-set 136|144|160|176: the one set the table holds, which decides its modes (136: standard4, sanma3,
  minefield2; 144: flowers4, xiamen4; 160: viet160; 176: viet176); default every set.
--protocol 1.2: a table built before protocol 2: link version 1 (no fragments, no damaged-frame reports) and no
  content extension in its HELLO_REPLY (replacement draws are plain TILE_DRAWN, no bonus, gold indicator or ura
  after the first; only the revision 1.x modes).
--faults SPEC: corrupt=P,drop=P (per byte, both ways), delay=5ms, unplug-every=10s, unplug-for=1500ms
  (the cable goes dead), reboot-at=N (after N events) or reboot-at=3s, jam-at=STAGE[:N]
  (shuffle|build|lift|deal|dice|dora).
--framing line: one frame per text line (":" + the packet in hex), as a retrofitted table's firmware may speak;
  the table announces it with the line "~LINE" while it waits for a host, and the host (monitor, serve) switches.
Exit code 0 on SIGINT/SIGTERM, 2 for a bad option or a port that cannot be opened.
`;

interface SimOptions {
  port: string;
  scenario?: string;
  seed: string;
  faults?: string;
  framing: string;
  mode?: string;
  modes?: string;
  tileSet?: string;
  protocol?: string;
  wallsOnly?: boolean;
  motorMs: string;
  idleMs: string;
  baud?: string;
  verbose?: boolean;
}

const die = (message: string): never => {
  process.stderr.write(`mahjong-table sim: ${message}\n`);
  process.exit(2);
};

const intOption = (name: string, text: string, min = 0): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) return die(`${name} must be an integer ≥ ${min}, not "${text}"`);
  return n;
};

const parseMode = (text: string): TableMode =>
  TABLE_MODES.includes(text as TableMode)
    ? (text as TableMode)
    : die(`unknown mode "${text}" (modes: ${TABLE_MODES.join(', ')})`);

export function registerSim(program: Command): void {
  program
    .command('sim')
    .description('Run the table simulator (virtual firmware) on a serial port or pseudo-terminal')
    .requiredOption('--port <path>', 'serial device or PTY path to serve the protocol on')
    .option('--scenario <file>', 'JSON Lines script of physical actions (see below)')
    .option('--seed <seed>', 'seed for shuffles, dice and boot ids', '1')
    .option('--faults <spec>', 'fault injection, e.g. corrupt=0.01,drop=0.01,delay=5ms')
    .option('--mode <mode>', `mode the table is set to at power-on (${TABLE_MODES.join(', ')})`)
    .option('--modes <list>', 'comma-separated modes the table supports (default all)')
    .option('--tile-set <n>', `the tile set the table holds (${SIM_TILE_SETS.join('|')}; default every set)`)
    .option('--protocol <p>', 'the protocol the table speaks: 2, or 1.2 (before protocol 2)', '2')
    .option('--walls-only', 'the table raises walls but cannot deal hands')
    .option('--motor-ms <ms>', 'duration of each motor run', '40')
    .option('--idle-ms <ms>', 'idle sensor report period (0 = none)', '1000')
    .option('--baud <rate>', "pace the table's output to this baud rate (a PTY is otherwise unpaced)")
    .option('--verbose', 'print every event the table reports, on stderr')
    .option(
      '--framing <framing>',
      'cobs (binary frames ended by 0x00) or line (one text line per frame, as a retrofitted table speaks; PROTOCOL.md §2.2)',
      'cobs',
    )
    .addHelpText('after', HELP)
    .action(async (options: SimOptions) => {
      let faults: FaultSpec = NO_FAULTS;
      if (options.faults !== undefined) {
        const parsed = parseFaultSpec(options.faults);
        if (!parsed.ok) die(parsed.message);
        else faults = parsed.value;
      }
      let scenario: ScenarioStep[] | undefined;
      if (options.scenario !== undefined) {
        let text = '';
        try {
          text = readFileSync(options.scenario, 'utf8');
        } catch (error) {
          die(`cannot read scenario ${options.scenario}: ${(error as Error).message}`);
        }
        const parsed = parseScenario(text);
        if (!parsed.ok) die(`scenario ${options.scenario}: ${parsed.message}`);
        else scenario = parsed.steps;
      }
      const tileSet =
        options.tileSet === undefined
          ? undefined
          : SIM_TILE_SETS.includes(Number(options.tileSet) as SimTileSet)
            ? (Number(options.tileSet) as SimTileSet)
            : die(`--tile-set must be one of ${SIM_TILE_SETS.join(', ')}, not "${options.tileSet}"`);
      const protocol: SimProtocol =
        options.protocol === '2' || options.protocol === '1.2'
          ? options.protocol
          : die(`--protocol must be 2 or 1.2, not "${options.protocol}"`);
      const capabilities = simCapabilities({
        ...(tileSet === undefined ? {} : { tileSet }),
        protocol,
        ...(options.modes === undefined ? {} : { modes: options.modes.split(',').map((m) => parseMode(m.trim())) }),
        dealsHands: !options.wallsOnly,
      });
      if (capabilities.modes.length === 0) die('no mode is left for that tile set, protocol and --modes');
      const framing = FRAMING_NAMES.includes(options.framing as FramingName)
        ? (options.framing as FramingName)
        : die(`--framing must be ${FRAMING_NAMES.join(' or ')}, not "${options.framing}"`);
      const seed = seedOf(options.seed);
      const clock = systemClock();
      let transport: Transport = new SerialTransport({ path: options.port });
      const baud = options.baud === undefined ? null : intOption('--baud', options.baud, 1);
      if (baud !== null) transport = new PacedTransport(transport, baud, clock);
      if (faults !== NO_FAULTS)
        transport = new FaultyTransport(transport, faults, createRng(seed ^ 0xfa17), clock);
      const firmware = new TableFirmware(transport, {
        clock,
        seed,
        capabilities,
        motorMs: intOption('--motor-ms', options.motorMs),
        idleReportMs: intOption('--idle-ms', options.idleMs),
        faults,
        framing,
        // A table from before protocol 2 speaks link version 1 too (no fragments, no damaged-frame reports).
        ...(protocol === '1.2' ? { linkVersion: 1 } : {}),
        ...(scenario ? { scenario } : {}),
        // On a paced line a window takes a while to leave: no timeout before it could have (PROTOCOL.md §3.4).
        ...(baud !== null ? { reliable: { minRtoMs: minRtoForBaud(baud) } } : {}),
        log: (line) => process.stderr.write(`sim: ${line}\n`),
      });
      if (options.mode !== undefined)
        firmware.model.execute({ type: 'setMode', mode: parseMode(options.mode) });
      if (options.verbose)
        firmware.subscribe((event) => process.stderr.write(`sim: event ${JSON.stringify(event)}\n`));
      try {
        await firmware.start();
      } catch (error) {
        die((error as Error).message);
      }
      process.stderr.write(
        `sim: table on ${options.port} (${framing} framing), boot 0x${firmware.currentBootId.toString(16)}, seed ${seed}${options.faults ? `, faults ${options.faults}` : ''}\n`,
      );
      const quit = async (): Promise<void> => {
        await firmware.stop();
        process.exit(0);
      };
      process.once('SIGINT', quit);
      process.once('SIGTERM', quit);
      await new Promise<never>(() => undefined);
    });
}
