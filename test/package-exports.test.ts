// The published surface: `import { scoreWin } from 'mahjong-table/rules'` resolves to the built engine (issue 2).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(new URL('../dist/rules/index.js', import.meta.url));

describe('package exports', () => {
  it.skipIf(!built)('maps mahjong-table/rules to the compiled scoreWin', () => {
    // Node resolves a package's own name through its "exports" map (self-reference), as a consumer would.
    const script = `
      const { scoreWin } = await import('mahjong-table/rules');
      const r = scoreWin({ id: 'x', closedTiles: '234m456p67788s55z', melds: [], winTile: '9s', tsumo: true,
        seatWind: 2, roundWind: 1, dealer: false, riichi: true, doraIndicators: ['1m'], uraIndicators: ['4z'] });
      console.log(JSON.stringify(r));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    const result = JSON.parse(out) as { ok: boolean; value: { han: number; fu: number; total: number } };
    expect(result.ok).toBe(true);
    expect(result.value).toMatchObject({ han: 3, fu: 30, total: 4000 });
  });

  it.skipIf(!built)('runs the mahjong-table command from the bin entry', () => {
    const out = execFileSync(process.execPath, ['bin/mahjong-table.js', '--help'], { cwd: root, encoding: 'utf8' });
    for (const command of ['score', 'sim', 'monitor', 'simulate', 'serve', 'export', 'import']) {
      expect(out).toContain(command);
    }
  });
});
