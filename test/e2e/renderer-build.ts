// Makes sure dist/renderer/ is built from the current sources before a browser test loads it (builds when stale).
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const SOURCES = [
  'renderer',
  'contract',
  'renderer/api/window-api.ts',
  'rules/tiles.ts',
  'rules/result.ts',
  'table/table-events.ts',
  'vite.config.ts',
];
const OUTPUT = 'dist/renderer/index.html';
const LOCK = 'dist/.renderer-build.lock';

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const isStale = (): boolean => {
  try {
    return statSync(OUTPUT).mtimeMs < Math.max(...SOURCES.map(newestMtime));
  } catch {
    return true;
  }
};

/** Builds the renderer when a source is newer than the build; one builder at a time (test files run in parallel). */
export async function ensureRendererBuilt(): Promise<void> {
  for (let waited = 0; isStale(); waited += 200) {
    try {
      mkdirSync(LOCK, { recursive: false });
    } catch {
      if (waited > 60_000) throw new Error(`${LOCK} held for a minute: remove it if no build is running`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    // Vite keeps an inherited NODE_ENV, and vitest sets it to `test`: React's development build would land in
    // dist/renderer, where `serve` and the benchmarks would then use it. Build what `npm run build` builds.
    const inherited = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      if (isStale()) await build({ configFile: 'vite.config.ts', logLevel: 'warn', mode: 'production' });
    } finally {
      if (inherited === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = inherited;
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
