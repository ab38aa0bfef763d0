// `simulate` for Mangan, Clear, the tournament preset and Tenpai Race: which command lines pick them, the run summaries and the refusal for Tenpai Race.
import { describe, expect, it } from 'vitest';
import {
  formatVariantSummary,
  runVariantSimulation,
  simulateVariantCommand,
  variantOfCommand,
} from './simulate-variants.js';

describe('simulate --variant mangan|clear|tenpai-race, --preset tournament', () => {
  it('picks the variant from the command line; riichi and sanma stay with the riichi runner', () => {
    expect(variantOfCommand('mangan', 'club')).toBe('mangan');
    expect(variantOfCommand('clear', undefined)).toBe('clear');
    expect(variantOfCommand('riichi', 'tournament')).toBe('tournament');
    expect(variantOfCommand('tenpai-race', 'club')).toBe('tenpai-race');
    expect(variantOfCommand('riichi', 'club')).toBeNull();
    expect(variantOfCommand('sanma', 'club')).toBeNull();
  });
  it('plays seeded Clear games and summarizes how each was decided', () => {
    const a = runVariantSimulation({ variant: 'clear', games: 2, seed: 3 });
    expect(a.games).toBe(2);
    expect(a.unfinished).toBe(0);
    expect(Object.values(a.decided).reduce((x, y) => x + y, 0)).toBe(2);
    expect(formatVariantSummary(a)).toMatch(/^Clear Mahjong \(in-process\): 2 game\(s\) from seed 3/);
    const b = runVariantSimulation({ variant: 'clear', games: 2, seed: 3 });
    expect(b.points).toEqual(a.points);
  });
  it('tournament games end with results summing to 0 (V6.5)', () => {
    const s = runVariantSimulation({ variant: 'tournament', games: 2, seed: 5 });
    for (const r of s.tournament) expect(r.reduce((x, y) => x + y, 0)).toBe(0);
    expect(formatVariantSummary(s)).toContain('tournament results (V6.5)');
  });
  it('plays Tenpai Race Stage A: every hand a Stage A draw, the game cut after its hands', () => {
    const s = runVariantSimulation({ variant: 'tenpai-race', games: 2, seed: 1, maxHands: 3 });
    expect(s.unfinished).toBe(2);
    expect(s.draws.tenpaiRaceStageA).toBeGreaterThanOrEqual(4);
    expect(s.points).toEqual([
      [10000, 10000],
      [10000, 10000],
    ]);
    expect(formatVariantSummary(s)).toContain('Stage A only');
  });
  it('refuses the PTY table run for the variants with a stable code', () => {
    expect(
      simulateVariantCommand({ variant: 'mangan', games: 1, seed: 1, maxHands: 10, port: '/tmp/x' }),
    ).toMatchObject({ ok: false, code: 'variant_not_playable' });
  });
});
