// `mahjong-table monitor --port PATH [--jsonl]`: connects to a table, prints the handshake, every event and link statistics.
import type { Command } from 'commander';
import { Link } from '../../hardware/link.js';
import { SerialTransport, type TableMatch } from '../../hardware/serial-transport.js';
import { formatTile, type Tile } from '../../rules/tiles.js';
import {
  TableCommandSchema,
  isTableOnlyTile,
  type Capabilities,
  type LinkStats,
  type TableEvent,
} from '../../table/table-events.js';

const HELP = `
Prints the table's handshake (protocol version, firmware version, capabilities, boot id), every event
the table reports, and link statistics every second (round-trip time, resends, CRC errors, bad frames,
duplicates, reconnects). The monitor is a host: it answers the table's heartbeats, so the table stays
out of its safe state while watched. Commands can be sent with --send (repeatable), e.g.
  mahjong-table monitor --port /tmp/x/b --send setMode:standard4 --send shuffle
--jsonl prints one JSON object per line: {"kind":"handshake",...}, {"kind":"event",...}, {"kind":"stats",...},
{"kind":"linkLost",...}. Exit code 0 after --duration or on SIGINT, 2 when the port cannot be opened.
`;

interface MonitorOptions {
  port?: string;
  usb?: string;
  baud: string;
  jsonl?: boolean;
  duration?: string;
  statsMs: string;
  send?: string[];
}

const die = (message: string): never => {
  process.stderr.write(`mahjong-table monitor: ${message}\n`);
  process.exit(2);
};

const describeCapabilities = (c: Capabilities): string => {
  const sensors = Object.entries(c.sensors)
    .filter(([, on]) => on)
    .map(([name]) => name);
  const extras = (['seatPanels', 'lamps', 'displays', 'buzzer'] as const).filter((k) => c[k]);
  const content =
    c.content === undefined || c.content === null
      ? 'protocol 2 content none (revision 1.x)'
      : `protocol 2 content revision ${c.content.revision}: features ${c.content.features.join(' ') || 'none'}; tile sets ${c.content.tileSets.join(' ')}`;
  return `modes ${c.modes.join(' ') || 'none'}; ${c.dealsHands ? 'deals hands' : 'walls only'}; sensors ${sensors.join(' ') || 'none'}; ${extras.join(', ') || 'no panels'}; ${content}`;
};

/** A tile in notation; a table-only Vietnamese tile (no notation in rules/) as its byte. */
const tileText = (value: number): string =>
  isTableOnlyTile(value) ? `0x${value.toString(16)}` : formatTile(value as Tile);

/** Replaces tile numbers with their notation in a human line (`"tile":4` → `5m`). */
const humanEvent = (event: TableEvent): string => {
  const { type, ...rest } = event;
  return `${type} ${JSON.stringify(rest, (key, value: unknown) => ((key === 'tile' || key === 'indicator') && typeof value === 'number' ? tileText(value) : key === 'tiles' && Array.isArray(value) ? value.map((t) => (typeof t === 'number' ? tileText(t) : '?')).join('') : value))}`;
};

const describeStats = (s: LinkStats): string => {
  const ms = (v: number | null): string => (v === null ? '-' : `${v.toFixed(2)} ms`);
  return `link ${s.state}: rtt p50 ${ms(s.rttMs.p50)} p99 ${ms(s.rttMs.p99)}; events ${s.eventsDelivered}; resends ${s.resends}; crc errors ${s.crcErrors}; bad frames ${s.badFrames}; duplicates ${s.duplicates}; reconnects ${s.reconnects}; reboots ${s.reboots}`;
};

/** Parses `--send` values: `shuffle`, `setMode:sanma3`, `buzz:200`, `setDisplay:0:25000`, `setLamp:1:turn:on`. */
function parseSend(text: string): unknown {
  const [type, ...args] = text.split(':');
  switch (type) {
    case 'setMode':
      return { type, mode: args[0] };
    case 'buzz':
      return { type, ms: Number(args[0] ?? 200) };
    case 'setDisplay':
      return { type, seat: Number(args[0]), points: Number(args[1]) };
    case 'setLamp':
      return { type, seat: Number(args[0]), lamp: args[1], on: args[2] !== 'off' };
    default:
      return { type };
  }
}

export function registerMonitor(program: Command): void {
  program
    .command('monitor')
    .description('Connect to a table (real or simulated) and print its handshake, events and link statistics')
    .option('--port <path>', 'serial device or PTY path of the table')
    .option(
      '--usb <vid:pid[:serial]>',
      'find the table by USB vendor/product id (hex) and serial number instead',
    )
    .option('--baud <rate>', 'baud rate', '115200')
    .option('--jsonl', 'one JSON object per line instead of text')
    .option('--duration <seconds>', 'exit after this many seconds')
    .option('--stats-ms <ms>', 'statistics period', '1000')
    .option('--send <command...>', 'commands to send once the link is up (type[:args])')
    .addHelpText('after', HELP)
    .action(async (options: MonitorOptions) => {
      if (options.port === undefined && options.usb === undefined)
        die('give --port PATH or --usb VID:PID[:SERIAL]');
      let match: TableMatch | undefined;
      if (options.usb !== undefined) {
        const [vendorId, productId, serialNumber] = options.usb.split(':');
        if (!vendorId || !productId) die(`--usb "${options.usb}" is not VID:PID[:SERIAL]`);
        match = { vendorId: vendorId!, productId: productId!, ...(serialNumber ? { serialNumber } : {}) };
      }
      const commands = (options.send ?? []).map((text) => {
        const parsed = TableCommandSchema.safeParse(parseSend(text));
        return parsed.success
          ? parsed.data
          : die(
              `--send "${text}": ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`,
            );
      });
      const baudRate = Number(options.baud);
      if (!Number.isInteger(baudRate) || baudRate <= 0)
        die(`--baud must be a positive integer, not "${options.baud}"`);
      const transport = new SerialTransport({
        ...(options.port !== undefined ? { path: options.port } : { match: match! }),
        baudRate,
      });
      const link = new Link(transport);
      // A closed pipe (`monitor --jsonl | head`) ends the monitor quietly.
      process.stdout.on('error', (error: NodeJS.ErrnoException) =>
        process.exit(error.code === 'EPIPE' ? 0 : 1),
      );
      const print = (line: string): boolean => process.stdout.write(line + '\n');
      const at = (): string => new Date().toISOString();
      link.subscribe((event) => {
        if (options.jsonl) {
          if (event.type === 'table.hello')
            print(
              JSON.stringify({
                kind: 'handshake',
                at: at(),
                protocol: event.protocol,
                framing: link.framingName,
                firmware: event.firmware,
                bootId: event.bootId,
                capabilities: event.capabilities,
              }),
            );
          else if (event.type === 'link.lost')
            print(JSON.stringify({ kind: 'linkLost', at: at(), reason: event.reason, detail: event.detail }));
          else print(JSON.stringify({ kind: 'event', at: at(), ...event }));
          return;
        }
        if (event.type === 'table.hello') {
          print(
            `handshake: protocol ${event.protocol}, firmware "${event.firmware}", boot 0x${event.bootId.toString(16)}, ${link.framingName} framing`,
          );
          print(`capabilities: ${describeCapabilities(event.capabilities)}`);
        } else print(`${at().slice(11, 23)} ${humanEvent(event)}`);
      });
      let sent = false;
      link.subscribe((event) => {
        if (event.type === 'link.up' && !sent) {
          sent = true;
          for (const command of commands) link.send(command);
        }
      });
      try {
        await link.start();
      } catch (error) {
        die((error as Error).message);
      }
      const statsMs = Math.max(100, Number(options.statsMs) || 1000);
      const timer = setInterval(() => {
        const stats = link.stats();
        print(options.jsonl ? JSON.stringify({ kind: 'stats', at: at(), ...stats }) : describeStats(stats));
      }, statsMs);
      const quit = async (): Promise<void> => {
        clearInterval(timer);
        const stats = link.stats();
        print(
          options.jsonl
            ? JSON.stringify({ kind: 'stats', at: at(), final: true, ...stats })
            : describeStats(stats),
        );
        await link.close();
        process.exit(0);
      };
      process.once('SIGINT', quit);
      process.once('SIGTERM', quit);
      if (options.duration !== undefined) setTimeout(quit, Number(options.duration) * 1000);
      await new Promise<never>(() => undefined);
    });
}
