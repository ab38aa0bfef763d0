// Randomly corrupted real logs: the importer answers with a coded error or a model that round-trips, never throws.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTenhou6, parseTenhou6Json } from '../../families/riichi/formats/tenhou6.js';
import { exportTenhou6 } from '../../families/riichi/formats/tenhou6-export.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = resolve(repoRoot, '../shared/data/tenhou6');
if (!existsSync(dataDir))
  throw new Error(`test data missing: ${dataDir} (shared/data must sit beside the repository)`);

// A spread of files: calls, kans, double ron, abortive draws.
const files = readdirSync(dataDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .filter((_, i) => i % 12 === 0);
const texts = files.map((f) => readFileSync(resolve(dataDir, f), 'utf8'));

const CODES = new Set(['bad_json', 'bad_log', 'bad_tile', 'unsupported_version', 'unsupported_rules']);

type Mutation = {
  round: number;
  field: number;
  at: number;
  op: 'delete' | 'duplicate' | 'number' | 'swap' | 'string';
  value: number;
};

const mutation = fc.record({
  round: fc.nat(),
  field: fc.integer({ min: 2, max: 16 }),
  at: fc.nat(),
  op: fc.constantFrom('delete', 'duplicate', 'number', 'swap', 'string'),
  value: fc.integer({ min: -1, max: 70 }),
}) as fc.Arbitrary<Mutation>;

/** Applies one mutation to a deep copy of a log. */
function mutate(text: string, m: Mutation): unknown {
  const json = JSON.parse(text) as { log: unknown[][] };
  const round = json.log[m.round % json.log.length]!;
  const field = round[m.field] as unknown[];
  if (!Array.isArray(field) || field.length === 0) return json;
  const i = m.at % field.length;
  switch (m.op) {
    case 'delete':
      field.splice(i, 1);
      break;
    case 'duplicate':
      field.splice(i, 0, field[i]);
      break;
    case 'number':
      field[i] = m.value;
      break;
    case 'swap':
      [field[i], field[(i + 1) % field.length]] = [field[(i + 1) % field.length], field[i]];
      break;
    case 'string':
      field[i] =
        typeof field[i] === 'string'
          ? (field[i] as string).replace(/\d/, String(m.value % 10))
          : `p${m.value}`;
      break;
  }
  return json;
}

describe('corrupted tenhou.net/6 logs', () => {
  it('are refused with a code or give a model that exports back to the same log', () => {
    expect(files.length).toBeGreaterThan(10);
    let refused = 0;
    fc.assert(
      fc.property(fc.nat({ max: texts.length - 1 }), mutation, (file, m) => {
        const json = mutate(texts[file]!, m);
        const parsed = parseTenhou6Json(json);
        if (!parsed.ok) {
          refused++;
          expect(CODES.has(parsed.code), parsed.message).toBe(true);
          expect(parsed.message.length).toBeGreaterThan(10);
          return;
        }
        // Some mutations keep a legal log (e.g. swapping two tiles of a deal): then it must round-trip.
        const exported = exportTenhou6(parsed.value);
        expect(exported.ok && exported.value).toEqual(json);
      }),
      { seed: 20261122, numRuns: 400 },
    );
    console.info(`corrupted logs refused: ${refused}/400`);
    expect(refused).toBeGreaterThan(200);
  });

  it('refuses every cut-off prefix of a file', () => {
    const text = texts[0]!;
    for (let cut = 1; cut < text.length; cut += Math.ceil(text.length / 97)) {
      const result = parseTenhou6(text.slice(0, cut));
      expect(result.ok).toBe(false);
    }
  });
});
