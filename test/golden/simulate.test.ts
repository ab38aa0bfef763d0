// Behaviour lock (issue 14): every `simulate` variant and preset, a few seeds each, plays to the golden log and summary; its stored log exports and folds to the goldens.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGolden, readArtifacts, UPDATING } from './golden-files.js';
import { fixtureOf, simulateArtifacts, SIMULATE_RUNS } from './simulate-runs.js';

describe('simulate plays as it did when the goldens were recorded (issue 14)', () => {
  it.each(SIMULATE_RUNS.map((run) => [run.name, run] as const))(
    '%s: the same log and summary; the stored log gives the same exports and folds',
    async (_name, run) => {
      const storedLog = UPDATING ? undefined : readArtifacts(fixtureOf(run))?.['log.jsonl'];
      expect(checkGolden(fixtureOf(run), await simulateArtifacts(run, storedLog)).join('\n')).toBe('');
    },
  );

  it.skipIf(UPDATING)('has a golden for every run and none left over', () => {
    const files = readdirSync(path.dirname(fixtureOf(SIMULATE_RUNS[0]!))).sort();
    expect(files).toEqual(SIMULATE_RUNS.map((run) => path.basename(fixtureOf(run))).sort());
  });
});
