// The worked examples of a Chinese rule file as {in, out} fixtures checked through scoreWin, the best-reading brute force, and small helpers the Chinese scoring tests share.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseChineseInput, type ChineseWin } from '../rules/chinese/input.js';
import type { FanOutput } from '../rules/chinese/patterns.js';
import { isReading, type ReadingFilter } from '../rules/chinese/win-context.js';
import { decompose, type StandardDecomposition } from '../rules/decompose.js';
import type { Result } from '../rules/result.js';
import { scoreWin } from '../rules/score-win.js';
import { countKinds, type Tile } from '../rules/tiles.js';
import { randomMcrWin } from './arbitraries/mcr-wins.js';
import { mulberry32 } from './differential/generate.js';

export interface WorkedExample {
  /** The sentence of the rule file the example comes from. */
  readonly sentence: string;
  /** The value the sentence gives (null: it gives none, e.g. a hand below the minimum). */
  readonly statedFan: number | null;
  readonly in: Record<string, unknown>;
  readonly out: Record<string, unknown>;
}

export const loadWorkedExamples = (url: URL): WorkedExample[] =>
  JSON.parse(readFileSync(url, 'utf8')) as WorkedExample[];

export const scoreRecord = (record: Record<string, unknown>): Result<unknown> => scoreWin(record as never);

/** The result of a record that must score. */
export function scored(record: Record<string, unknown>): FanOutput<string | number> {
  const result = scoreRecord(record);
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.value as FanOutput<string | number>;
}

/** 'ok', or the error code. */
export function codeOf(record: Record<string, unknown>): string {
  const result = scoreRecord(record);
  return result.ok ? 'ok' : result.code;
}

/**
 * One test per example: scoreWin gives `out` exactly, and the value the sentence states (`stated(out)`: MCR and
 * Zung Jung `fan`, Hong Kong counting + bonus faan) is in the sentence.
 */
export function checkWorkedExamples(
  examples: readonly WorkedExample[],
  stated: (out: FanOutput<string | number>) => number = (out) => out.fan,
): void {
  for (const example of examples) {
    it(example.sentence.slice(0, 90), () => {
      const result = scoreRecord(example.in);
      const got = result.ok ? result.value : { id: example.in.id, error: { code: result.code } };
      expect(got).toEqual(example.out);
      if (example.statedFan !== null) {
        expect(example.sentence).toContain(String(example.statedFan));
        expect(stated(example.out as unknown as FanOutput<string | number>)).toBe(example.statedFan);
      }
    });
  }
}

/** The ids of the scored items, as strings. */
export const itemIds = (out: FanOutput<string | number>): string[] => out.items.map((i) => String(i.id));

/**
 * A property test: the paid reading is the best of every standard reading `decompose` finds (brute force: the
 * scorer restricted to each reading in turn), on random hands, one-suit ones among them (many readings).
 */
export function checkBestReading(
  preset: string,
  rules: Record<string, unknown>,
  score: (win: ChineseWin, only: ReadingFilter | null) => Result<FanOutput<string | number>>,
): void {
  it(`${preset}: pays the best reading (brute force over every decomposition of the hand)`, () => {
    let several = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 3 }), (seed, suitPick) => {
        const record = randomMcrWin(mulberry32(seed), { oneSuit: suitPick > 0 });
        if (record === null) return;
        const win = parseChineseInput({ ...record, preset, flowers: [], rules }, { handSets: 4 });
        if (!win.ok) throw new Error(win.message);
        const full = score(win.value, null);
        if (!full.ok) return;
        const counts = countKinds([...win.value.closedTiles, win.value.winTile as Tile]);
        const readings = decompose(counts, win.value.melds.length).filter(
          (d): d is StandardDecomposition => d.shape === 'standard',
        );
        expect(readings.length).toBeGreaterThan(0);
        if (readings.length > 1) several++;
        let best = -1;
        for (const reading of readings) {
          const one = score(win.value, (ctx) => isReading(ctx, reading));
          expect(one.ok ? 'ok' : one.code).toBe('ok');
          if (one.ok) best = Math.max(best, one.value.total);
        }
        // Seven pairs and thirteen orphans (no melds) may pay more than any standard reading, never less.
        if (win.value.melds.length > 0) expect(full.value.total).toBe(best);
        else expect(full.value.total).toBeGreaterThanOrEqual(best);
      }),
      { numRuns: 1500 },
    );
    expect(several).toBeGreaterThan(20); // about 60 of 1500 hands have several readings
  });
}
