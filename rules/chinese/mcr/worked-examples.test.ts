// mcr.md's worked examples (§9.2, §11) as {in, out} fixtures, each with the sentence it comes from, through scoreWin.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scoreWin } from '../../score-win.js';

interface Fixture {
  readonly sentence: string;
  /** The hand's points as the sentence gives them (null: the sentence gives none, e.g. below the minimum). */
  readonly statedFan: number | null;
  readonly in: Record<string, unknown>;
  readonly out: Record<string, unknown>;
}

const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/worked-examples.json', import.meta.url), 'utf8'),
) as Fixture[];

describe('MCR worked examples (mcr.md)', () => {
  it('has every example of §9.2 and §11', () => {
    expect(fixtures.length).toBe(12);
  });

  for (const fixture of fixtures) {
    it(fixture.sentence.slice(0, 90), () => {
      const result = scoreWin(fixture.in);
      const got = result.ok ? result.value : { id: fixture.in.id, error: { code: result.code } };
      expect(got).toEqual(fixture.out);
      if (fixture.statedFan !== null) {
        expect(fixture.sentence).toContain(String(fixture.statedFan));
        expect(fixture.out.fan).toBe(fixture.statedFan);
      }
    });
  }
});
