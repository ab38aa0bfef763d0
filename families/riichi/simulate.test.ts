// `mahjong-table simulate --variant riichi|sanma`: headless bot games, their summary, log and flags.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli, runSimulate } from '../../test/simulate-cli.js';
import { CLUB } from '../../rules/options.js';
import { SANMA } from '../../rules/variants/sanma.js';
import { formatRiichiSummary, runRiichiSimulation } from '../../host/cli/simulate.js';

describe('simulate riichi and sanma (in process)', () => {
  it('plays the games, totals them and writes every event as a JSON line', () => {
    const lines: string[] = [];
    const summary = runRiichiSimulation({
      variant: 'riichi',
      preset: 'club',
      rules: CLUB,
      games: 2,
      seed: 9,
      writeLine: (line) => lines.push(line),
    });
    expect(summary.games).toBe(2);
    expect(summary.unfinished).toBe(0);
    const events = lines.map((line) => JSON.parse(line) as { type: string });
    expect(events.filter((e) => e.type === 'game.started')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'hand.started')).toHaveLength(summary.hands);
    expect(events.filter((e) => e.type === 'seat.riichiDeclared')).toHaveLength(summary.riichi);
    const text = formatRiichiSummary(summary);
    expect(text).toMatch(/^Riichi \(club preset, in-process\): 2 game\(s\) from seed 9, \d+ hands/);
    expect(text).toContain('first places by seat');
    // Same seed, same games.
    expect(
      runRiichiSimulation({ variant: 'riichi', preset: 'club', rules: CLUB, games: 2, seed: 9 }).points,
    ).toEqual(summary.points);
  });

  it('plays Sanma: three seats, norths, no chi', () => {
    const summary = runRiichiSimulation({
      variant: 'sanma',
      preset: 'sanma',
      rules: SANMA,
      games: 2,
      seed: 4,
    });
    expect(summary.points.every((p) => p.length === 3)).toBe(true);
    expect(summary.calls.chi).toBe(0);
    expect(summary.calls.north).toBeGreaterThan(0);
    expect(formatRiichiSummary(summary)).toMatch(/^Sanma \(in-process\): 2 game\(s\)/);
  });

  it('runs from the command line with --variant sanma --json --log, and refuses an unknown preset', () => {
    const { summary, log } = runSimulate<{ variant: string; games: number; hands: number }, { type: string }>(
      ['--variant', 'sanma', '--games', '1', '--seed', '3'],
    );
    expect(summary).toMatchObject({ variant: 'sanma', games: 1 });
    expect(log.filter((event) => event.type === 'hand.started')).toHaveLength(summary.hands);
    const bad = runCli(['simulate', '--variant', 'riichi', '--preset', 'nope']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('unknown preset "nope" for riichi (available: club, tenhou, tournament)');
    const unknown = runCli(['simulate', '--variant', 'nope']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain(
      'unknown variant "nope" (available: minefield, riichi, sanma, mangan, clear, tenpai-race)',
    );
  }, 60_000);

  it.runIf(spawnSync('socat', ['-V']).status === 0)(
    'a table reboot mid-hand (--faults reboot-at=400): the host and the table stay together and the game ends',
    () => {
      // Seed 201 hung once under load: asked again after the reboot, a seat took a second tile and the host and
      // the table went apart. The race depends on timing; test/host/riichi-seat-driver.test.ts holds the driver's rule.
      const { summary, log } = runSimulate<{ games: number; unfinished: number; points: number[][] }>(
        ['--variant', 'riichi', '--games', '1', '--seed', '201', '--faults', 'reboot-at=400'],
        { withPort: true, timeoutMs: 100_000 },
      );
      expect(summary).toMatchObject({ games: 1, unfinished: 0 });
      expect(log.filter((r) => r.source && r.event.type === 'link.rebooted')).toHaveLength(1);
      expect(summary.points[0]!.reduce((a, b) => a + b, 0)).toBe(100_000);
    },
    120_000,
  );

  it.runIf(spawnSync('socat', ['-V']).status === 0)(
    'plays Sanma through the table simulator over a pseudo-terminal pair (--port)',
    () => {
      const { summary, log, port } = runSimulate<{
        through: string;
        games: number;
        unfinished: number;
        hands: number;
        points: number[][];
      }>(['--variant', 'sanma', '--games', '1', '--seed', '3'], { withPort: true, timeoutMs: 170_000 });
      expect(summary).toMatchObject({ through: port, games: 1, unfinished: 0 });
      expect(summary.hands).toBeGreaterThan(0);
      // Sanma: three seats; points and sticks end at 105,000 (leftover sticks go to first place).
      expect(summary.points[0]!.reduce((a, b) => a + b, 0)).toBe(105_000);
      expect(log.filter((r) => !r.source && r.event.type === 'hand.started')).toHaveLength(summary.hands);
    },
    180_000,
  );
});
