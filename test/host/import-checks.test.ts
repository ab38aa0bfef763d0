// `import` checks what it stores (issue 12): players' names, a game whose points carry from round to round, a bounded size, and a UTF-8 BOM accepted.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTenhou6File, MAX_IMPORT_BYTES } from '../../families/riichi/import.js';
import { Host } from '../../host/session/host.js';
import { listSessions } from '../../host/storage/index.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('import-checks-');
const SAMPLE = '/work/shared/data/tenhou6/mjx-2010081709gm-00a9-0000-fe3371ad.json';
const sample = () => JSON.parse(readFileSync(SAMPLE, 'utf8')) as { name: string[]; log: unknown[][] };

/** Imports `content` written to a file beside the database; the result and how many sessions are stored after it. */
function importText(content: string | Buffer) {
  const dbPath = tempDb();
  const file = path.join(path.dirname(dbPath), 'game.json');
  writeFileSync(file, content);
  const opened = Host.open({ dbPath });
  if (!opened.ok) throw new Error(opened.message);
  const host = opened.value;
  const result = importTenhou6File(host.db, file, 1_700_000_000_000);
  const sessions = listSessions(host.db).length;
  void host.close();
  return { result, sessions };
}

describe('import checks (issue 12)', () => {
  it('accepts a file that starts with a UTF-8 byte-order mark', () => {
    const { result, sessions } = importText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(SAMPLE)]));
    expect(result).toMatchObject({ ok: true, value: { rounds: 15 } });
    expect(sessions).toBe(1);
  });

  for (const [what, name, reason] of [
    ['markup', '<img src=x onerror=alert(1)>', /U\+003C/],
    ['a right-to-left override', 'Ai\u202Eko', /U\+202E/],
    ['a newline', 'Ai\nko', /U\+000A/],
    ['100,000 characters', 'x'.repeat(100_000), /1 to 64 characters, got 100000/],
  ] as const)
    it(`refuses a player's name with ${what}: import_invalid, nothing stored`, () => {
      const game = sample();
      game.name[2] = name;
      const { result, sessions } = importText(JSON.stringify(game));
      expect(result).toMatchObject({ ok: false, code: 'import_invalid', message: expect.stringMatching(/seat 2's name/) });
      expect(!result.ok && result.message).toMatch(reason);
      expect(!result.ok && result.message.length).toBeLessThan(500);
      expect(sessions).toBe(0);
    });

  it('refuses a game whose points do not carry from one round to the next, naming the round', () => {
    const game = sample();
    const scores = game.log[3]![1] as number[];
    scores[0] = scores[0]! + 100;
    const { result, sessions } = importText(JSON.stringify(game));
    expect(result).toMatchObject({ ok: false, code: 'import_corrupt' });
    expect(!result.ok && result.message).toMatch(/log\[3\] .*do not carry from round to round/);
    expect(sessions).toBe(0);
  });

  it('refuses more rounds than a game has, before reading them', () => {
    const game = sample();
    game.log = Array.from({ length: 201 }, () => game.log[0]!);
    const { result } = importText(JSON.stringify(game));
    expect(result).toMatchObject({ ok: false, code: 'import_corrupt', message: expect.stringMatching(/201 rounds; a game has at most 200/) });
  });

  it('refuses a file over the size limit by its size, without reading it (a 27,000-round, 22 MB file)', () => {
    const game = sample();
    game.log = Array.from({ length: 27_000 }, (_, i) => game.log[i % game.log.length]!);
    const text = JSON.stringify(game);
    expect(text.length).toBeGreaterThan(MAX_IMPORT_BYTES);
    const { result, sessions } = importText(text);
    expect(result).toMatchObject({ ok: false, code: 'import_too_large' });
    expect(!result.ok && result.message).toMatch(new RegExp(`${Buffer.byteLength(text)} bytes; .* at most ${MAX_IMPORT_BYTES} bytes`));
    expect(sessions).toBe(0);
  });
});
