// `mahjong-table simulate --variant riichi|sanma`: headless bot games, their summary, log and flags.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLUB } from '../../rules/options.js';
import { SANMA } from '../../rules/variants/sanma.js';
import { formatRiichiSummary, runRiichiSimulation } from './simulate.js';

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
    const dir = mkdtempSync(join(tmpdir(), 'simulate-riichi-'));
    try {
      const log = join(dir, 'events.jsonl');
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'host/cli/main.ts',
          'simulate',
          '--variant',
          'sanma',
          '--games',
          '1',
          '--seed',
          '3',
          '--json',
          '--log',
          log,
        ],
        { encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      const summary = JSON.parse(run.stdout) as { variant: string; games: number; hands: number };
      expect(summary).toMatchObject({ variant: 'sanma', games: 1 });
      const logged = readFileSync(log, 'utf8').trim().split('\n');
      expect(logged.filter((l) => l.includes('"hand.started"'))).toHaveLength(summary.hands);
      const bad = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'host/cli/main.ts', 'simulate', '--variant', 'riichi', '--preset', 'nope'],
        { encoding: 'utf8' },
      );
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('unknown preset "nope" for riichi (available: club, tenhou)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.runIf(spawnSync('socat', ['-V']).status === 0)(
    'plays Sanma through the table simulator over a pseudo-terminal pair (--port)',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'simulate-riichi-port-'));
      try {
        const log = join(dir, 'run.jsonl');
        const run = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            'host/cli/main.ts',
            'simulate',
            '--variant',
            'sanma',
            '--games',
            '1',
            '--seed',
            '3',
            '--port',
            join(dir, 'host'),
            '--json',
            '--log',
            log,
          ],
          { encoding: 'utf8', timeout: 170_000 },
        );
        expect(run.status, run.stderr).toBe(0);
        const summary = JSON.parse(run.stdout) as {
          through: string;
          games: number;
          unfinished: number;
          hands: number;
          points: number[][];
        };
        expect(summary).toMatchObject({ through: join(dir, 'host'), games: 1, unfinished: 0 });
        expect(summary.hands).toBeGreaterThan(0);
        // Sanma: three seats; points and sticks end at 105,000 (leftover sticks go to first place).
        expect(summary.points[0]!.reduce((a, b) => a + b, 0)).toBe(105_000);
        const records = readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { source: boolean; event: { type: string } });
        expect(records.filter((r) => !r.source && r.event.type === 'hand.started')).toHaveLength(
          summary.hands,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
