// riichi.md §18 worked examples as {in, out} fixtures, scored through scoreWin / scoreHand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeRules, type RuleOptions } from './options.js';
import { scoreHand } from './score.js';
import { parseScoreInput } from './score-input.js';
import { unwrap } from './result.js';

interface Fixture {
  name: string;
  note: string;
  in: Record<string, unknown>;
  /** Options the JSON input cannot express (e.g. doubleWindPairFu), applied on top of the preset. */
  options?: Partial<RuleOptions>;
  out: Record<string, unknown> & { yaku: { name: string }[] };
}

const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/worked-examples.json', import.meta.url), 'utf8'),
) as Fixture[];

describe('riichi.md §18 worked examples', () => {
  it('covers W1-W25', () => {
    const names = new Set(fixtures.map((f) => f.name.split('-')[0]!.replace(/[ab]$/, '')));
    for (let n = 1; n <= 25; n++) expect(names.has(`W${n}`), `W${n}`).toBe(true);
  });
  for (const fixture of fixtures) {
    it(`${fixture.name}: ${fixture.note}`, () => {
      const parsed = unwrap(parseScoreInput(fixture.in));
      const scored = unwrap(scoreHand(parsed.win, makeRules(parsed.options, fixture.options)));
      const { yaku, payments, ...rest } = fixture.out;
      expect({
        han: scored.han,
        fu: scored.fu,
        yakuman: scored.yakuman,
        limit: scored.limit,
        points: scored.points,
        total: scored.total,
      }).toEqual(rest);
      const names = (list: readonly { name: string; han?: number; yakuman?: number }[]): string[] =>
        list.map((y) => (y.yakuman !== undefined ? `${y.name}=Y${y.yakuman}` : `${y.name}=${y.han}`)).sort();
      expect(names(scored.yaku)).toEqual(names(yaku));
      if (payments) expect(scored.payments).toEqual(payments);
    });
  }
});
