// Bundles the preload into one CommonJS file (`npm run build:electron`): sandboxed preloads cannot import modules.
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

export const PRELOAD_ENTRY = 'electron/preload.ts';
export const PRELOAD_OUTFILE = 'dist/electron/preload.cjs';

/** 'electron' stays a require: the sandbox supplies it. Everything else (zod, the contract) is inlined. */
export const preloadBuildOptions = (outfile: string): BuildOptions => ({
  entryPoints: [PRELOAD_ENTRY],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'browser',
  target: 'es2022',
  external: ['electron'],
  minify: true,
  sourcemap: false,
  logLevel: 'warning',
});

export async function buildPreload(outfile: string = PRELOAD_OUTFILE): Promise<void> {
  await build(preloadBuildOptions(outfile));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  await buildPreload();
