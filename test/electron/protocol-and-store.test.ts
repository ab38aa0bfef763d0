// app:// path resolution (never outside the renderer folder) and the display-choice file in userData (issue 6).
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveAppPath } from '../../electron/app-protocol.js';
import { loadRememberedDisplay, saveRememberedDisplay } from '../../electron/placement-store.js';

const ROOT = path.resolve('/opt/app/dist/renderer');

describe('resolveAppPath', () => {
  it('maps routes to index.html and files to themselves', () => {
    expect(resolveAppPath(ROOT, 'app://mahjong/')).toEqual({ ok: true, file: path.join(ROOT, 'index.html') });
    expect(resolveAppPath(ROOT, 'app://mahjong/scoreboard')).toEqual({
      ok: true,
      file: path.join(ROOT, 'index.html'),
    });
    expect(resolveAppPath(ROOT, 'app://mahjong/replay/12?hand=3#event-40')).toEqual({
      ok: true,
      file: path.join(ROOT, 'index.html'),
    });
    expect(resolveAppPath(ROOT, 'app://mahjong/assets/tiles%20sheet.svg')).toEqual({
      ok: true,
      file: path.join(ROOT, 'assets', 'tiles sheet.svg'),
    });
  });

  it('refuses other origins and the classic traversals with stable codes', () => {
    expect(resolveAppPath(ROOT, 'app://x/../../etc/passwd')).toMatchObject({
      ok: false,
      code: 'wrong_origin',
      status: 403,
    });
    expect(resolveAppPath(ROOT, 'file:///etc/passwd')).toMatchObject({ ok: false, code: 'wrong_origin' });
    expect(resolveAppPath(ROOT, 'app://user:pw@mahjong/index.html')).toMatchObject({
      ok: false,
      code: 'wrong_origin',
    });
    expect(resolveAppPath(ROOT, 'app://mahjong/..%2f..%2fetc%2fpasswd')).toMatchObject({
      ok: false,
      code: 'path_traversal',
      status: 403,
    });
    expect(resolveAppPath(ROOT, 'app://mahjong/a/%2E%2E%2F%2E%2E%2F%2E%2E%2Fetc/passwd')).toMatchObject({
      ok: false,
      code: 'path_traversal',
    });
    expect(resolveAppPath(ROOT, 'app://mahjong/..%5c..%5cwindows%5cwin.ini')).toMatchObject({
      ok: false,
      code: 'bad_path',
    });
    expect(resolveAppPath(ROOT, 'app://mahjong/index.html%00.png')).toMatchObject({
      ok: false,
      code: 'bad_path',
    });
    expect(resolveAppPath(ROOT, 'app://mahjong/%E0%A4%A')).toMatchObject({
      ok: false,
      code: 'bad_path',
      status: 400,
    });
  });

  it('for any path whatever, a resolved file lies inside the root', () => {
    const segment = fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2E%2e',
        '..%2f',
        '%2f..',
        '%5c',
        '%00',
        'etc',
        'passwd',
        'index.html',
        'a.js',
        '%252e%252e',
        '~',
        '',
      ),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        const result = resolveAppPath(ROOT, `app://mahjong/${segments.join('/')}`);
        if (!result.ok) return;
        const inside = path.relative(ROOT, result.file);
        expect(inside.startsWith('..') || path.isAbsolute(inside) || inside === '').toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the remembered display file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mahjong-placement-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is absent at first, then round-trips a choice and its removal, leaving no temporary file', async () => {
    const file = path.join(dir, 'nested', 'scoreboard-display.json');
    expect(await loadRememberedDisplay(file)).toEqual({ ok: true, displayId: null });
    await saveRememberedDisplay(file, 2_779_098_405);
    expect(await loadRememberedDisplay(file)).toEqual({ ok: true, displayId: 2_779_098_405 });
    await saveRememberedDisplay(file, null);
    expect(await loadRememberedDisplay(file)).toEqual({ ok: true, displayId: null });
    expect(await readdir(path.dirname(file))).toEqual(['scoreboard-display.json']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, displayId: null });
  });

  it('reports a corrupt or foreign file instead of trusting it', async () => {
    const file = path.join(dir, 'scoreboard-display.json');
    for (const text of [
      '{"displayId": ',
      '[]',
      '{"version": 2, "displayId": 1}',
      '{"version": 1, "displayId": "2"}',
    ]) {
      await writeFile(file, text);
      expect(await loadRememberedDisplay(file), text).toMatchObject({ ok: false, code: 'unreadable_choice' });
    }
    expect(await loadRememberedDisplay(dir)).toMatchObject({ ok: false, code: 'unreadable_choice' });
  });
});
