// Kans, North and ura through a protocol 2 table (issue 13): replacement draws told by their reason, every ura turned, a revision 1.2 table playing the same games.
import { describe, expect, it } from 'vitest';
import type { SourceEvent } from '../../host/session/log-events.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { TENHOU } from '../../rules/options.js';
import { SANMA } from '../../rules/variants/sanma.js';
import { runRiichiSession, type RunOptions, type RunResult } from './riichi-table-harness.js';

const KAN_MELDS = new Set(['minkan', 'ankan', 'kakan']);

/** What a lock-step run's log shows: the kans and Norths that stood, the replacement draws by reason, the ura turned. */
function replacementFacts(run: RunResult) {
  const records = [
    ...run.sources.map((s) => ({ at: s.seq, event: s.event as SourceEvent | RiichiEvent, source: true })),
    ...run.derived.map((d) => ({ at: d.cause + 0.5, event: d.event as SourceEvent | RiichiEvent, source: false })),
  ].sort((a, b) => a.at - b.at);
  const facts = { kans: 0, norths: 0, kanReplacements: 0, northReplacements: 0, plainAfterKan: 0, urasShown: 0, urasTurned: 0 };
  let owed: 'kan' | 'north' | null = null;
  for (const { event, source } of records) {
    if (source) {
      if (event.type === 'table.replacementDrawn') {
        if (event.reason === 'kan') facts.kanReplacements++;
        if (event.reason === 'north') facts.northReplacements++;
        owed = null;
      } else if (event.type === 'table.tileDrawn' && owed !== null) {
        facts.plainAfterKan++;
        owed = null;
      } else if (event.type === 'table.uraRevealed') facts.urasTurned++;
      continue;
    }
    if (event.type === 'seat.callMade' && KAN_MELDS.has(event.meld.type)) {
      facts.kans++;
      owed = 'kan';
    } else if (event.type === 'seat.northSetAside') {
      facts.norths++;
      owed = 'north';
    } else if (event.type === 'hand.won') facts.urasShown += event.uraIndicators.length;
    else if (event.type === 'hand.started') owed = null;
  }
  return facts;
}

const games = (options: Omit<RunOptions, 'seed'>, seeds: readonly number[]) =>
  seeds.map((seed) => {
    const run = runRiichiSession({ ...options, seed });
    expect(run.problems, `seed ${seed}`).toEqual([]);
    expect(run.derived.some((d) => d.event.type === 'game.ended'), `seed ${seed}`).toBe(true);
    return replacementFacts(run);
  });

const total = (facts: ReturnType<typeof replacementFacts>[]) =>
  facts.reduce((sum, f) => {
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += f[key];
    return sum;
  });

describe('kans and North through a protocol 2 table (issue 13)', () => {
  it('riichi: over 4 seeded games the kans occur on the table, each replacement arrives as REPLACEMENT_DRAWN (kan), every ura is turned', () => {
    const sum = total(games({ mode: 'standard4', preset: 'tenhou', rules: TENHOU }, [1, 2, 3, 4]));
    console.log(`riichi, 4 games through the table: ${JSON.stringify(sum)}`);
    expect(sum.kans).toBeGreaterThanOrEqual(3);
    // A kan robbed or the fourth kan's abort ends the hand before its replacement: at most one per game.
    expect(sum.kanReplacements).toBeGreaterThanOrEqual(sum.kans - 4);
    expect(sum.kanReplacements).toBeLessThanOrEqual(sum.kans);
    expect(sum.plainAfterKan).toBe(0);
    expect(sum.urasShown).toBeGreaterThan(0);
    expect(sum.urasTurned).toBe(sum.urasShown);
  });

  it('Sanma: Norths set aside on the table are replaced with REPLACEMENT_DRAWN (north)', () => {
    const sum = total(games({ mode: 'sanma3', preset: 'sanma', rules: SANMA }, [1, 2]));
    console.log(`sanma, 2 games through the table: ${JSON.stringify(sum)}`);
    expect(sum.norths).toBeGreaterThan(10);
    expect(sum.northReplacements).toBeGreaterThanOrEqual(sum.norths - 2);
    expect(sum.plainAfterKan).toBe(0);
    expect(sum.urasTurned).toBe(sum.urasShown);
  });

  it('a revision 1.2 table plays the same game: replacements as plain draws told apart by position, one ura turned a win', () => {
    const options = { mode: 'standard4', preset: 'tenhou', rules: TENHOU, seed: 3 } as const;
    const v2 = runRiichiSession(options);
    const old = runRiichiSession({ ...options, revision12: true });
    expect(old.problems).toEqual([]);
    const facts = replacementFacts(old);
    expect(facts.kans).toBeGreaterThan(0);
    expect(facts.kanReplacements + facts.northReplacements).toBe(0);
    expect(facts.plainAfterKan).toBeGreaterThanOrEqual(facts.kans - 1);
    const wins = old.derived.filter((d) => d.event.type === 'hand.won' && d.event.uraIndicators.length > 0).length;
    expect(facts.urasTurned).toBe(wins);
    // The host hears the same game either way: the same derived events, in the same order.
    expect(old.derived.map((d) => d.event)).toEqual(v2.derived.map((d) => d.event));
  });
});
