// Every win of shared/data/riichi-wins-public.jsonl through scoreWin, compared with the recorded result.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreWin, type ScoreOutput } from '../rules/score-win.js';

// The data lives beside the repository (CI clones it with shared/ next to it), never inside it.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dataFile = resolve(repoRoot, '../shared/data/riichi-wins-public.jsonl');

interface Expected {
  han: number | null;
  fu: number | null;
  yaku: ({ name: string; han: number } | { name: string; yakuman: number })[];
  yakuman: number;
  limit: string | null;
  points: Record<string, number>;
  total: number;
}

/**
 * Records whose expected result contradicts the rule text. Each lists the fields where the rules decide
 * otherwise, with the value the rules give and the text that decides it. All other fields of these
 * records must still agree with the record.
 */
const RULES_DECIDE: Record<string, { fields: Partial<Expected>; rule: string }> = {
  'mahjong-tests:99': {
    fields: { limit: 'kazoe yakuman' },
    rule: "FORMAT.md expected.yakuman: 'a kazoe yakuman is 0 with limit: \"kazoe yakuman\"' (the Python library labels it 'yakuman'; 28 han of ordinary yaku and dora, no real yakuman)",
  },
  'majiang-tests:10169': {
    fields: { yakuman: 2, points: { tsumoDealer: 32000, tsumoNonDealer: 16000 }, total: 64000 },
    rule: 'riichi.md 11.3: yakumanStacking off means only one yakuman counts, and doubleYakuman on makes K05 (daisuushii) count as 2 on its own; majiang-core caps every hand at 1 yakuman when stacking is off',
  },
  'majiang-tests:10170': {
    fields: { yakuman: 2, points: { ron: 64000 }, total: 64000 },
    rule: 'riichi.md 11.3: as majiang-tests:10169 (ron): daisuushii alone is a double yakuman under doubleYakuman',
  },
  'majiang-tests:10173': {
    fields: { limit: 'sanbaiman' },
    rule: "riichi.md 14.2: with option kazoe = sanbaiman (kazoeYakuman false) 13+ han 'caps at 6000', i.e. sanbaiman; the record pays sanbaiman but labels it kazoe yakuman",
  },
  'majiang-tests:10175': {
    fields: { limit: 'mangan' },
    rule: "riichi.md 14.7: 'With kiriage on, the rows 3 han 60 fu and 4 han 30 fu become the mangan row' (the record pays mangan but gives no limit)",
  },
  'majiang-tests:10176': {
    fields: { limit: 'mangan' },
    rule: 'riichi.md 14.7: as majiang-tests:10175 (3 han 60 fu, kiriage)',
  },
};

type YakuEntry = { name: string; han?: number; yakuman?: number };
const yakuSet = (yaku: readonly YakuEntry[]): string[] =>
  yaku.map((y) => (y.yakuman !== undefined ? `${y.name}=Y${y.yakuman}` : `${y.name}=${y.han}`)).sort();

function compare(out: ScoreOutput, expected: Expected): string[] {
  const diffs: string[] = [];
  const check = (field: string, got: unknown, want: unknown): void => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      diffs.push(`${field}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  };
  check('han', out.han, expected.han);
  check('fu', out.fu, expected.fu);
  check('yaku', yakuSet(out.yaku), yakuSet(expected.yaku));
  check('yakuman', out.yakuman, expected.yakuman);
  check('limit', out.limit, expected.limit);
  check('points', out.points, expected.points);
  check('total', out.total, expected.total);
  return diffs;
}

describe('riichi-wins-public.jsonl', () => {
  if (!existsSync(dataFile)) {
    it('finds the data', () => {
      throw new Error(
        `missing ${dataFile}: shared/data must sit beside the repository (../shared/data from the repo root)`,
      );
    });
    return;
  }
  const lines = readFileSync(dataFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');

  it('agrees with every recorded result (the listed rule-text cases excepted field by field)', () => {
    expect(lines.length).toBeGreaterThanOrEqual(1689);
    const failures: string[] = [];
    const seen = new Set<string>();
    let agreed = 0;
    for (const line of lines) {
      const record = JSON.parse(line) as { id: string; expected: Expected };
      const result = scoreWin(record);
      if (!result.ok) {
        failures.push(`${record.id}: ${result.code} ${result.message}`);
        continue;
      }
      const exception = RULES_DECIDE[record.id];
      if (exception) seen.add(record.id);
      const diffs = compare(result.value, { ...record.expected, ...exception?.fields });
      if (diffs.length > 0) failures.push(`${record.id}: ${diffs.join('; ')}`);
      else agreed++;
    }
    const verbatim = agreed - seen.size;
    console.info(
      `riichi-wins-public.jsonl: ${agreed}/${lines.length} agree (${verbatim} verbatim, ${seen.size} where the rule text decides)`,
    );
    expect(failures, `${agreed}/${lines.length} agree`).toEqual([]);
    expect([...seen].sort()).toEqual(Object.keys(RULES_DECIDE).sort());
  });

  it('the listed cases really differ from their records only where the rules decide', () => {
    for (const line of lines) {
      const record = JSON.parse(line) as { id: string; expected: Expected };
      const exception = RULES_DECIDE[record.id];
      if (!exception) continue;
      const out = scoreWin(record);
      if (!out.ok) throw new Error(out.message);
      // Against the raw record, exactly the overridden fields differ.
      const differing = compare(out.value, record.expected).map((d) => d.split(':')[0]);
      expect(differing.sort(), record.id).toEqual(Object.keys(exception.fields).sort());
    }
  });
});
