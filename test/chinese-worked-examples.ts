// The worked examples of a Chinese rule file as {in, out} fixtures checked through scoreWin, and small helpers the Chinese scoring tests share.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { FanOutput } from '../rules/chinese/patterns.js';
import type { Result } from '../rules/result.js';
import { scoreWin } from '../rules/score-win.js';

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
