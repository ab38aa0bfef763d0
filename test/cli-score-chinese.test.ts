// `mahjong-table score` with the Chinese presets (mcr, xiamen, quanzhou, hong-kong, zung-jung, vietnamese): FORMAT-chinese.md lines in, results and coded errors out, a riichi line beside them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
type Example = { in: Record<string, unknown>; out: Record<string, unknown> };
const fixtures = (path: string): Example[] =>
  JSON.parse(readFileSync(new URL(`../rules/chinese/${path}`, import.meta.url), 'utf8')) as Example[];
const examples = fixtures('mcr/fixtures/worked-examples.json');

/** Runs `score -` on the lines; the output records. */
function score(lines: readonly string[]): Record<string, unknown>[] {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'host/cli/main.ts', 'score', '-'], {
    cwd: repoRoot,
    input: lines.join('\n') + '\n',
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('mahjong-table score, preset mcr', () => {
  it('answers every worked example of mcr.md, a bad tile and a riichi line in the same run, in order', () => {
    const lines = [
      ...examples.map((e) => JSON.stringify(e.in)),
      JSON.stringify({ ...examples[0]!.in, id: 'bonus-in-hand', closedTiles: '234m555z1f' }),
      JSON.stringify({
        id: 'riichi',
        closedTiles: '13m456678p55999s',
        melds: [],
        winTile: '2m',
        tsumo: false,
        seatWind: 2,
        roundWind: 1,
        riichi: true,
      }),
    ];
    const out = score(lines);
    expect(out).toHaveLength(examples.length + 2);
    examples.forEach((example, i) => {
      const expected = 'error' in example.out ? { id: example.in.id, error: example.out.error } : example.out;
      expect(out[i]).toMatchObject(expected);
    });
    expect(out[examples.length]).toMatchObject({ id: 'bonus-in-hand', error: { code: 'bad_tile' } });
    expect(out[examples.length + 1]).toMatchObject({ id: 'riichi', han: 1, fu: 40 });
  });

  it('answers every worked example of xiamen.md (presets xiamen and quanzhou) and a coded refusal, in order', () => {
    const xiamen = fixtures('xiamen/fixtures/worked-examples.json');
    const refused = { ...xiamen[0]!.in, id: 'no-such-win', winKind: 'robbingGold', preset: 'quanzhou' };
    const out = score([...xiamen.map((e) => JSON.stringify(e.in)), JSON.stringify(refused)]);
    expect(out).toEqual([
      ...xiamen.map((e) => e.out),
      { id: 'no-such-win', error: { code: 'not_a_win', message: expect.stringContaining('Quanzhou') } },
    ]);
  });
});

describe('mahjong-table score, presets hong-kong, zung-jung and vietnamese', () => {
  it('answers the worked examples of hong-kong.md and zung-jung.md, a Vietnamese joker hand and a coded error, in order', () => {
    const examples = [
      ...fixtures('hong-kong/fixtures/worked-examples.json'),
      ...fixtures('zung-jung/fixtures/worked-examples.json'),
    ];
    const joker = {
      preset: 'vietnamese',
      id: 'vn-joker',
      closedTiles: '123m456m789p3s55p',
      jokers: ['bamboo'],
      melds: [],
      winTile: '4s',
      tsumo: false,
      discarder: 2,
      seatWind: 3,
      roundWind: 1,
      rules: { minimum_faan: 0 },
    };
    const lines = [
      ...examples.map((f) => JSON.stringify(f.in)),
      JSON.stringify(joker),
      JSON.stringify({ ...joker, id: 'vn-bad-joker', jokers: ['joker'] }),
    ];
    const out = score(lines);
    expect(out).toHaveLength(examples.length + 2);
    examples.forEach((f, i) => expect(out[i]).toMatchObject(f.out));
    expect(out[examples.length]).toMatchObject({ id: 'vn-joker', fan: 2, flowerFan: 1, total: 32 });
    expect(out[examples.length + 1]).toMatchObject({ id: 'vn-bad-joker', error: { code: 'bad_tile' } });
  });
});
