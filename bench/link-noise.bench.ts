// Issue 13 item 2: how long a long message takes to cross a noisy 115200-baud line, with link version 1 (whole
// frames, resends on timeout with backoff) against version 2 (fragments, damaged frames resent at once).
// Simulated time (ManualClock): the table's output paced to the baud rate, bytes damaged both ways as `--faults`
// damages them, so the figures are the protocol's, not this machine's load. MJ_BENCH_TRIALS sets trials per cell.
import { ManualClock } from '../hardware/clock.js';
import { Link } from '../hardware/link.js';
import { createMemoryPair } from '../hardware/memory-transport.js';
import { encodeMessage } from '../hardware/messages.js';
import { FaultyTransport, NO_FAULTS } from '../hardware/simulator/faults.js';
import { TableFirmware } from '../hardware/simulator/firmware.js';
import { PacedTransport, minRtoForBaud } from '../hardware/simulator/paced-transport.js';
import { createRng } from '../table/rng.js';
import type { TableCommand, TableEvent } from '../table/table-events.js';

const BAUD = 115_200;
const TRIALS = Number(process.env['MJ_BENCH_TRIALS'] ?? 20);
/** A trial that has not crossed after this long (simulated) counts as this long. */
const GIVE_UP_MS = 600_000;

type Message = 'walls' | 'state';
/** The mid-hand snapshot's payload, as last measured. */
let stateBytes = 0;

interface Table {
  readonly clock: ManualClock;
  readonly link: Link;
  readonly firmware: TableFirmware;
  readonly events: TableEvent[];
}

/** Link and simulated table over an in-process cable damaged both ways: `damaged` of the bytes, half corrupted, half lost. */
async function openTable(version: number, damaged: number, seed: number): Promise<Table> {
  const clock = new ManualClock();
  const pair = createMemoryPair();
  const reliable = { minRtoMs: minRtoForBaud(BAUD) };
  const line = new FaultyTransport(
    new PacedTransport(pair.table, BAUD, clock),
    { ...NO_FAULTS, corrupt: damaged / 2, drop: damaged / 2 },
    createRng(seed),
    clock,
  );
  const firmware = new TableFirmware(line, {
    clock,
    seed,
    motorMs: 1,
    idleReportMs: 0,
    reliable,
    linkVersion: version,
  });
  const link = new Link(pair.host, { clock, reliable, linkVersion: version });
  const events: TableEvent[] = [];
  link.subscribe((e) => events.push(e));
  await firmware.start();
  await link.start();
  for (let waited = 0; link.linkState !== 'up' && waited < GIVE_UP_MS; waited += 50) await clock.advance(50);
  return { clock, link, firmware, events };
}

/** Sends `command` and advances time until `done` is among the events; the simulated milliseconds it took. */
async function timeTo(t: Table, command: TableCommand, done: TableEvent['type']): Promise<number> {
  const from = t.events.length;
  const started = t.clock.now();
  t.link.send(command);
  while (!t.events.slice(from).some((e) => e.type === done)) {
    if (t.clock.now() - started > GIVE_UP_MS) return GIVE_UP_MS;
    await t.clock.advance(5);
  }
  return t.clock.now() - started;
}

/** Brings the table to the middle of a hand: walls built, hands dealt, 48 turns played (12 discards a seat). */
async function midHand(t: Table): Promise<void> {
  const steps: [TableCommand, TableEvent['type']][] = [
    [{ type: 'setMode', mode: 'standard4' }, 'table.modeSet'],
    [{ type: 'shuffle' }, 'table.shuffled'],
    [{ type: 'buildWalls' }, 'table.wallsBuilt'],
    [{ type: 'rollDice' }, 'table.diceRolled'],
    [{ type: 'dealHands' }, 'table.handsDealt'],
    [{ type: 'flipDora' }, 'table.doraFlipped'],
  ];
  for (const [command, done] of steps) await timeTo(t, command, done);
  for (let turn = 0; turn < 48; turn++) {
    const seat = (turn % 4) as 0 | 1 | 2 | 3;
    t.firmware.perform({ do: 'draw', seat });
    t.firmware.perform({ do: 'discard', seat, tile: t.firmware.model.hands[seat]!.at(-1)! });
  }
  await t.clock.advance(30_000); // let the turns cross
}

async function trials(message: Message, version: number, damaged: number): Promise<number[]> {
  const times: number[] = [];
  const t = await openTable(version, damaged, 7 + Math.round(damaged * 1000) + version * 100);
  if (message === 'walls') {
    await timeTo(t, { type: 'setMode', mode: 'standard4' }, 'table.modeSet');
    for (let i = 0; i < TRIALS; i++) {
      await timeTo(t, { type: 'shuffle' }, 'table.shuffled');
      times.push((await timeTo(t, { type: 'buildWalls' }, 'table.wallsBuilt')) - 1);
    }
  } else {
    await midHand(t);
    for (let i = 0; i < TRIALS; i++) times.push(await timeTo(t, { type: 'getState' }, 'table.state'));
    const state = t.events.findLast((e) => e.type === 'table.state');
    if (state !== undefined) stateBytes = encodeMessage({ kind: 'event', event: state }).payload.length;
  }
  await t.link.close();
  await t.firmware.stop();
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const seconds = (ms: number): string => (ms >= GIVE_UP_MS ? `>${GIVE_UP_MS / 1000}` : (ms / 1000).toFixed(2));

export async function run(): Promise<void> {
  const sizes = {
    walls: encodeMessage({
      kind: 'event',
      event: { type: 'table.wallsBuilt', walls: [0, 1, 2, 3].map(() => new Array(34).fill(null)) },
    }).payload.length,
  };
  console.log(
    `long messages across a damaged ${BAUD}-baud line (simulated time; ${TRIALS} trials a cell; damage = half corrupted, half lost bytes, both ways; WALLS_BUILT payload ${sizes.walls} bytes):`,
  );
  for (const message of ['walls', 'state'] as const) {
    for (const damaged of [0, 0.01, 0.02]) {
      const cells: string[] = [];
      for (const version of [1, 2]) {
        const times = await trials(message, version, damaged);
        cells.push(
          `v${version} median ${seconds(pct(times, 0.5))} s, p90 ${seconds(pct(times, 0.9))} s, worst ${seconds(times.at(-1)!)} s`,
        );
      }
      console.log(
        `  ${message === 'walls' ? 'WALLS_BUILT' : `STATE mid-hand (${stateBytes} bytes)`} at ${damaged * 100}%: ${cells.join(' | ')}`,
      );
    }
  }
}
