// `simulate` for Mangan (and its tag-team option), Clear, the tournament preset and Tenpai Race in process: which command lines pick them, the run summaries, progress.
import { describe, expect, it } from 'vitest';
import { formatVariantSummary, runVariantSimulation, variantOfCommand } from './simulate-variants.js';

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
  it('plays Mangan with the 8-player tag-team option: partners swap every ten discards, the fifth player at 0 ends it (G6)', () => {
    const lines: string[] = [];
    const s = runVariantSimulation({
      variant: 'mangan',
      games: 1,
      seed: 7,
      tagTeam: true,
      writeLine: (line) => lines.push(line),
    });
    const t = s.tagTeam!;
    expect(s.unfinished).toBe(0);
    const events = lines.map((line) => JSON.parse(line) as { type: string; why?: string });
    expect(t.substitutions).toBe(events.filter((e) => e.type === 'seat.substituted').length);
    // G6 (issue 12): nobody leaves for reaching 0; every swap is a ten-discard one, and five at 0 end it.
    expect(events.filter((e) => e.type === 'seat.substituted').every((e) => e.why === 'tenDiscards')).toBe(
      true,
    );
    expect(t.playersOut).toBeGreaterThanOrEqual(5);
    expect(t.decided).toEqual({ fivePlayersOut: 1 });
    expect(t.winners).toHaveLength(1);
    // The decision comes right before the game's end (V4.3 item 4).
    const types = events.map((e) => e.type);
    expect(types[types.indexOf('tagTeam.gameDecided') + 1]).toBe('game.ended');
    expect(formatVariantSummary(s)).toMatch(/^Mangan Mahjong, tag-team \(in-process\): 1 game\(s\)/);
    // Without the option nobody swaps.
    expect(runVariantSimulation({ variant: 'mangan', games: 1, seed: 10, maxHands: 3 }).tagTeam).toBeNull();
  });
  it('reports progress while it plays', () => {
    const progress: number[][] = [];
    runVariantSimulation({
      variant: 'tenpai-race',
      games: 3,
      seed: 2,
      maxHands: 1,
      progressEveryMs: 0,
      onProgress: (done, hands) => progress.push([done, hands]),
    });
    expect(progress).toEqual([
      [1, 2],
      [2, 4],
      [3, 6],
    ]);
  });
});
