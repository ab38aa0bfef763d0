// `mahjong-table score`: JSON Lines in, one line out per input line, errors as lines, exit codes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PINFU_DORA_RECORD } from '../rules/fixtures/score-records.js';
import { scoreWin } from '../rules/score-win.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'host/cli/main.ts', 'score', ...args], {
    cwd: repoRoot,
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });

const good = {
  id: 'w1',
  closedTiles: '13m456678p55999s',
  melds: [],
  winTile: '2m',
  tsumo: false,
  seatWind: 2,
  roundWind: 1,
  riichi: true,
  honba: 2,
  riichiSticks: 2,
  redFivesEnabled: false,
  extraField: 'ignored',
};
const lines = [
  JSON.stringify(good),
  '',
  '{"id":"broken", "closedTiles": ',
  JSON.stringify({ ...good, id: 'w2', closedTiles: '8x' }),
  '   ',
  JSON.stringify({ ...good, id: 7, closedTiles: '12399m456p13789s', winTile: '2s', riichi: false }),
  JSON.stringify({ ...good, id: 'w4', winTile: '9m' }),
];

describe('mahjong-table score', () => {
  const dir = mkdtempSync(join(tmpdir(), 'score-cli-'));
  const file = join(dir, 'wins.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');

  const check = (stdout: string): void => {
    const out = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(out).toHaveLength(5); // blank lines skipped, every other line answered in order
    expect(out[0]).toMatchObject({
      id: 'w1',
      han: 1,
      fu: 40,
      yaku: [{ name: 'riichi', han: 1 }],
      yakuman: 0,
      limit: null,
      points: { ron: 1300 },
      total: 1300,
      payments: { ron: 1900, honba: 600, deposits: 2000, total: 3900 },
    });
    expect(out[1]).toMatchObject({ id: null, error: { code: 'bad_input' } });
    expect(out[2]).toMatchObject({ id: 'w2', error: { code: 'bad_tile' } });
    expect((out[2]!.error as { message: string }).message).toContain('8x');
    expect(out[3]).toMatchObject({ id: 7, error: { code: 'no_yaku' } });
    expect(out[4]).toMatchObject({ id: 'w4', error: { code: 'not_a_win' } });
  };

  it('reads a file', () => {
    const result = run([file]);
    expect(result.status, result.stderr).toBe(0);
    check(result.stdout);
  });

  it('reads stdin for - and when no file is given', () => {
    for (const args of [['-'], []]) {
      const result = run(args, lines.join('\n'));
      expect(result.status, result.stderr).toBe(0);
      check(result.stdout);
    }
  });

  it('exits 2 with a clear message when the file cannot be read', () => {
    const result = run([join(dir, 'missing.jsonl')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/cannot read .*missing\.jsonl/);
    expect(result.stdout).toBe('');
  });

  it('scores the variant presets with their own rules, exactly as scoreWin does (issue 12)', () => {
    const pinfu = PINFU_DORA_RECORD;
    const wins = [
      // Minefield: 3 han 50 fu is below the floor; 4 han 30 fu pays the ante (here 4000) × 1; no tsumo.
      {
        ...pinfu,
        id: 'mf-floor',
        preset: 'minefield',
        closedTiles: '234m56p99s111333z',
        winTile: '4p',
        doraIndicators: ['1p'],
      },
      { ...pinfu, id: 'mf-ante', preset: 'minefield', ante: 4000 },
      { ...pinfu, id: 'mf-tsumo', preset: 'minefield', tsumo: true },
      // Mangan: 4 han 30 fu moves nothing.
      { ...pinfu, id: 'mg', preset: 'mangan' },
      // Sanma: 2m-8m are not in the set; north dora from northCount.
      { ...pinfu, id: 'sa-tile', preset: 'sanma' },
      {
        ...pinfu,
        id: 'sa-north',
        preset: 'sanma',
        closedTiles: '99m567p88p345s789s',
        winTile: '8p',
        seatWind: 2,
        doraIndicators: [],
        northCount: 2,
      },
      { ...pinfu, id: 'tr', preset: 'tenpai-race' },
    ];
    const result = run(['-'], wins.map((w) => JSON.stringify(w)).join('\n'));
    expect(result.status, result.stderr).toBe(0);
    const out = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(out).toHaveLength(wins.length);
    // One function behind both: every line is scoreWin's result (or its error) for that record.
    out.forEach((line, i) => {
      const direct = scoreWin(wins[i]);
      expect(line).toEqual(
        direct.ok
          ? JSON.parse(JSON.stringify(direct.value))
          : { id: wins[i]!.id, error: { code: direct.code, message: direct.message } },
      );
    });
    expect(out[0]).toMatchObject({ id: 'mf-floor', error: { code: 'below_mangan' } });
    expect(out[1]).toMatchObject({
      id: 'mf-ante',
      han: 4,
      fu: 30,
      limit: 'mangan',
      total: 4000,
      variant: { preset: 'minefield', reachesFloor: true, ante: 4000, multiplier: 1, payment: 4000 },
    });
    expect(out[2]).toMatchObject({ id: 'mf-tsumo', error: { code: 'bad_input' } });
    expect(out[3]).toMatchObject({
      id: 'mg',
      han: 4,
      fu: 30,
      total: 0,
      variant: { manganOrMore: false, burned: 0 },
    });
    expect(out[4]).toMatchObject({ id: 'sa-tile', error: { code: 'bad_tile' } });
    expect(out[5]).toMatchObject({
      id: 'sa-north',
      han: 3,
      yaku: [
        { name: 'riichi', han: 1 },
        { name: 'north dora', han: 2 },
      ],
    });
    expect(out[6]).toMatchObject({ id: 'tr', error: { code: 'rule_disabled' } });
  });

  it('explains the format in --help', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('JSON Lines');
    expect(result.stdout).toContain('closedTiles');
    // The variant presets' extra fields, in and out.
    for (const word of [
      'minefield',
      'ante',
      'northCount',
      'variant',
      'manganOrMore',
      'multiplier',
      'rule_disabled',
    ])
      expect(result.stdout).toContain(word);
  });
});
