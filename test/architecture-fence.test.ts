// The architecture fence (issue 14, .dependency-cruiser.cjs): every rule fails on a planted violation, in a small
// tree shaped like ours, and holds on the real tree (the same check `npm run lint:arch` runs in `npm test`).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const FOLDERS = ['rules', 'table', 'machines', 'families', 'hardware', 'contract', 'host', 'renderer', 'electron'];

interface Violation {
  readonly rule: { readonly name: string };
  readonly from: string;
  readonly to: string;
}

/** Runs dependency-cruiser with the project's configuration over `cwd`; its violations (it exits non-zero on any). */
function cruise(cwd: string): Violation[] {
  const folders = FOLDERS.filter((f) => {
    try {
      return execFileSync('ls', [f], { cwd, stdio: 'pipe' }) !== null;
    } catch {
      return false;
    }
  });
  let out: string;
  try {
    out = execFileSync(depcruise, [...folders, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    out = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

/** One planted breach per rule: the file that breaks it and what it imports. */
const PLANTED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'no-circular': {
    'host/a.ts': "import { b } from './b.js';\nexport const a = (): number => b;",
    'host/b.ts': "import type { a } from './a.js';\nexport const b = 1;\nexport type A = typeof a;",
  },
  'rules-are-pure': { 'rules/bad.ts': "import { T } from '../table/t.js';\nexport const x = T;" },
  'table-vocabulary-is-shared': { 'table/bad.ts': "import { M } from '../machines/m.js';\nexport const x = M;" },
  'machines-are-pure': { 'machines/bad.ts': "import { H } from '../host/h.js';\nexport const x = H;" },
  'family-machines-are-pure': { 'families/one/machines/bad.ts': "import { V } from '../view.js';\nexport const x = V;" },
  'families-do-not-import-each-other': {
    'families/one/bad.ts': "import { V } from '../two/view.js';\nexport const x = V;",
  },
  'host-asks-the-family-registry': {
    'host/session/bad.ts': "import { V } from '../../families/one/view.js';\nexport const x = V;",
  },
  'hardware-knows-no-games': { 'hardware/bad.ts': "import { M } from '../machines/m.js';\nexport const x = M;" },
  'contract-is-data': { 'contract/bad.ts': "import { H } from '../host/h.js';\nexport const x = H;" },
  'renderer-imports-no-shell-or-host': { 'renderer/bad.ts': "import { E } from '../electron/e.js';\nexport const x = E;" },
  'renderer-families-do-not-import-each-other': {
    'renderer/families/one/bad.ts': "import { B } from '../two/board.js';\nexport const x = B;",
  },
  'screens-ask-the-family-registry': {
    'renderer/screens/bad.ts': "import { B } from '../families/one/board.js';\nexport const x = B;",
  },
  'no-io-in-pure-code': { 'rules/io.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;" },
  'no-io-libraries-in-pure-code': { 'machines/io.ts': "import ws from 'ws';\nexport const x = ws;" },
  'product-code-imports-no-tests': { 'host/uses-test.ts': "import { F } from '../test/f.js';\nexport const x = F;" },
};
/** The modules the planted files import, each harmless on its own. */
const TARGETS: Readonly<Record<string, string>> = {
  'table/t.ts': 'export const T = 1;',
  'machines/m.ts': 'export const M = 1;',
  'host/h.ts': 'export const H = 1;',
  'electron/e.ts': 'export const E = 1;',
  'families/one/view.ts': 'export const V = 1;',
  'families/two/view.ts': 'export const V = 2;',
  'renderer/families/one/board.ts': 'export const B = 1;',
  'renderer/families/two/board.ts': 'export const B = 2;',
  'test/f.ts': 'export const F = 1;',
  'rules/ok.ts': "import { z } from 'zod';\nexport const ok = z.number();",
};

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fence-'));
  made.push(dir);
  cpSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  cpSync(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: './tsconfig.base.json', include: FOLDERS }));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  for (const [file, text] of Object.entries({ ...TARGETS, ...files })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${text}\n`);
  }
  return dir;
}

describe('the architecture fence', () => {
  it('passes a tree that breaks no rule', () => {
    expect(cruise(tree({}))).toEqual([]);
  });

  for (const [rule, files] of Object.entries(PLANTED)) {
    it(`fails on a planted breach of ${rule}`, () => {
      const violations = cruise(tree(files));
      expect(violations.map((v) => v.rule.name)).toContain(rule);
      // Only the planted files break it: the fence names the right module.
      for (const v of violations.filter((x) => x.rule.name === rule)) expect(Object.keys(files)).toContain(v.from);
    });
  }

  it('holds on the real tree', () => {
    expect(cruise(root).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 120_000);
});
