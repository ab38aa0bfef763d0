// The majiang-core adapter reproduces every recorded result of riichi-wins-public.jsonl (so the oracle is read correctly).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { WinInput } from './generate.js';
import { scoreWithMajiang } from './majiang.js';

interface Recorded extends WinInput {
  source: string;
  expected: {
    han: number | null;
    fu: number | null;
    yakuman: number;
    total: number;
    points: Record<string, number>;
  };
}

const records = readFileSync(
  new URL('../../../shared/data/riichi-wins-public.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Recorded);

describe('majiang-core adapter vs the recorded wins', () => {
  it('agrees with every record on han, fu, yakuman, points and total', () => {
    expect(records.length).toBeGreaterThan(1600);
    const wrong: string[] = [];
    for (const rec of records) {
      const got = scoreWithMajiang(rec);
      const e = rec.expected;
      const same =
        got.error === null &&
        got.han === e.han &&
        got.fu === e.fu &&
        got.yakuman === e.yakuman &&
        got.total === e.total &&
        JSON.stringify(got.points) === JSON.stringify(e.points);
      if (!same) wrong.push(`${rec.id}: got ${JSON.stringify(got)} expected ${JSON.stringify(e)}`);
    }
    expect(wrong).toEqual([]);
  });
});
