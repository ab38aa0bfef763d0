import { createMemoryPair } from '../hardware/memory-transport.js';
import { parseFaultSpec, FaultyTransport } from '../hardware/simulator/faults.js';
import { createRng } from '../hardware/simulator/rng.js';
import { systemClock } from '../hardware/clock.js';
import { playMinefieldAtTable } from '../host/cli/minefield-table-run.js';
const spec = parseFaultSpec(process.argv[2]!);
if (!spec.ok) throw new Error(spec.message);
const pair = createMemoryPair();
const table = new FaultyTransport(pair.table, spec.value, createRng(7), systemClock());
const t = performance.now();
let last = '';
const timer = setInterval(() => console.log('last event', last), 3000);
try {
  const records = await playMinefieldAtTable({ games: 1, seed: Number(process.argv[3] ?? 5), hostTransport: pair.host, tableTransport: table, faults: spec.value, timeoutMs: 20000, onEvent: (e) => { last = JSON.stringify(e).slice(0, 150); } });
  console.log(records.map((r) => [r.hands, r.points, r.reason]), performance.now() - t);
} catch (e) { console.log('FAILED', (e as Error).message, 'last', last); }
clearInterval(timer);
