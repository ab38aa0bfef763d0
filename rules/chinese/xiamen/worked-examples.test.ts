// xiamen.md's worked payout examples (§13, and the banker base of §15.1) as {in, out} fixtures, each with the sentence it comes from, through scoreWin.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scoreWin } from '../../score-win.js';
import type { XiamenOutput } from './score.js';

interface Fixture {
  readonly sentence: string;
  /** What the fixture adds to the sentence (the hand's unstated tiles). */
  readonly note: string;
  /** The figures the sentence states (bankerBase: the base East's payments are made with). */
  readonly stated: Partial<Pick<XiamenOutput, 'flowers' | 'multiplier' | 'payments' | 'total'>> & {
    readonly bankerBase?: number;
  };
  readonly in: Record<string, unknown>;
  readonly out: XiamenOutput;
}

const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/worked-examples.json', import.meta.url), 'utf8'),
) as Fixture[];

describe('Xiamen and Quanzhou worked examples (xiamen.md §13, §15.1)', () => {
  it('has the seven examples of §13 (4 and 5 in both scorings) and the base of §15.1', () => {
    expect(fixtures.length).toBe(10);
  });

  for (const fixture of fixtures) {
    it(fixture.sentence.slice(0, 100), () => {
      const result = scoreWin(fixture.in);
      expect(result.ok ? result.value : result).toEqual(fixture.out);
      // The expected output holds every figure the sentence states, and the sentence states them.
      const { bankerBase, payments, ...figures } = fixture.stated;
      for (const [field, value] of Object.entries(figures)) {
        expect(fixture.out[field as keyof typeof figures]).toBe(value);
        expect(fixture.sentence).toContain(String(value));
      }
      for (const [wind, amount] of Object.entries(payments ?? {})) {
        expect(fixture.out.payments[wind]).toBe(amount);
        expect(fixture.sentence).toContain(`${amount}`);
      }
      if (bankerBase !== undefined) {
        expect(fixture.sentence).toContain(`→ ${bankerBase}`);
        // The §15.1 hand is the banker's: every loser pays him with the banker base.
        for (const amount of Object.values(fixture.out.payments))
          expect(amount).toBe((bankerBase + fixture.out.flowers) * fixture.out.multiplier);
      }
    });
  }
});
