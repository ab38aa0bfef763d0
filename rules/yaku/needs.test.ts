// The `needs` pre-filter of every yaku unit is only a necessary condition: scoring with and without it agrees.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WinGenerator } from '../../test/differential/generate.js';
import { scoreWin } from '../score-win.js';
import { ORDINARY_YAKU } from './ordinary.js';
import { refreshUnitTables } from './tables.js';
import { YAKUMAN } from './yakuman.js';

const corpus = new URL('../../../shared/data/riichi-wins-public.jsonl', import.meta.url);

function wins(): unknown[] {
  const generator = new WinGenerator(20261122);
  const out: unknown[] = Array.from({ length: 10000 }, () => generator.next());
  if (existsSync(corpus))
    for (const line of readFileSync(corpus, 'utf8').split('\n')) if (line.trim()) out.push(JSON.parse(line));
  // Club rules switch on daisharin, paarenchan and renhou.
  return out.flatMap((win) => [win, { ...(win as object), preset: 'club' }]);
}

describe('yaku needs', () => {
  it('never hides a yaku: results agree with the filter switched off', () => {
    const inputs = wins();
    const gated = inputs.map((win) => JSON.stringify(scoreWin(win)));
    const units = [...ORDINARY_YAKU, ...YAKUMAN] as { needs: number }[];
    const saved = units.map((unit) => unit.needs);
    try {
      for (const unit of units) unit.needs = 0;
      refreshUnitTables(); // scoring reads the registry through tables built from it
      const ungated = inputs.map((win) => JSON.stringify(scoreWin(win)));
      const differing = inputs.filter((_, i) => gated[i] !== ungated[i]).slice(0, 5);
      expect(differing).toEqual([]);
    } finally {
      units.forEach((unit, i) => (unit.needs = saved[i]!));
      refreshUnitTables();
    }
    expect(inputs.length).toBeGreaterThan(20000);
  });
});
