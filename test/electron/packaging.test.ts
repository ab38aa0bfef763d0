// The electron-builder config passes electron-builder's own schema and keeps the native modules out of app.asar (issue 6).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../e2e/renderer-build.js';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');

interface BuilderConfig {
  appId: string;
  productName: string;
  files: (string | { filter: string[] })[];
  asar: boolean;
  asarUnpack: string[];
  linux: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
  directories: { buildResources: string; output: string };
  electronFuses: Record<string, boolean>;
}

/** Loads electron-builder.yml exactly as `electron-builder` does and validates it against its schema. */
async function loadConfig(): Promise<BuilderConfig> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    getConfig: (
      projectDir: string,
      configPath: string | null,
      fromOptions: unknown,
    ) => Promise<BuilderConfig>;
    validateConfiguration: (config: BuilderConfig, logger: unknown) => Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  const config = await getConfig(root, null, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

const matchesAny = (file: string, patterns: readonly string[]): boolean =>
  patterns.some((pattern) => path.matchesGlob(file, pattern));

/** electron-builder's rule for `files`: the last matching pattern wins, `!` excludes. */
function included(file: string, patterns: readonly string[]): boolean {
  let result = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (path.matchesGlob(file, pattern.slice(1))) result = false;
    } else if (path.matchesGlob(file, pattern)) result = true;
  }
  return result;
}

describe('electron-builder.yml', () => {
  it('is valid for electron-builder and targets AppImage, deb, NSIS and dmg', async () => {
    const config = await loadConfig();
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/);
    expect(config.productName).toBe('Mahjong Table');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it('unpacks serialport’s and better-sqlite3’s native parts from the asar archive', async () => {
    const config = await loadConfig();
    expect(config.asar).toBe(true);
    for (const file of [
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/better-sqlite3/lib/database.js',
      'node_modules/@serialport/bindings-cpp/build/Release/bindings.node',
      'node_modules/@serialport/bindings-cpp/prebuilds/linux-x64/@serialport+bindings-cpp.glibc.node',
    ]) {
      expect(matchesAny(file, config.asarUnpack), file).toBe(true);
    }
    expect(matchesAny('node_modules/zod/index.js', config.asarUnpack)).toBe(false);
  });

  it('ships the built app (main, preload, renderer, host) and not maps, declarations or build tools', async () => {
    const config = await loadConfig();
    const patterns = config.files.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.filter));
    const main = (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { main: string })
      .main;
    expect(main).toBe('dist/electron/main.js');
    for (const file of [
      main,
      'dist/electron/preload.cjs',
      'dist/renderer/index.html',
      'dist/renderer/assets/index-abc123.js',
      'dist/host/cli/main.js',
      'package.json',
    ]) {
      expect(included(file, patterns), file).toBe(true);
    }
    for (const file of [
      'dist/electron/main.js.map',
      'dist/rules/index.d.ts',
      'dist/electron/build-preload.js',
      'electron/main.ts',
      'test/electron/shell.test.ts',
    ]) {
      expect(included(file, patterns), file).toBe(false);
    }
  });

  it('ships the UI fonts the renderer is drawn in (Arimo, DejaVu Mono), bundled by Vite (issue 12)', async () => {
    await ensureRendererBuilt();
    const config = await loadConfig();
    const patterns = config.files.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.filter));
    const assets = path.join(root, 'dist/renderer/assets');
    const css = (
      await Promise.all(
        (await readdir(assets))
          .filter((f) => f.endsWith('.css'))
          .map((f) => readFile(path.join(assets, f), 'utf8')),
      )
    ).join('\n');
    const fontUrls = [...css.matchAll(/url\(["']?(\/assets\/[^)"']+\.(?:woff2?|ttf))["']?\)/g)].map(
      (m) => m[1]!,
    );
    for (const family of ['Arimo', 'DejaVu Mono', 'Tile Glyphs'])
      expect(css, family).toMatch(new RegExp(`font-family:\\s*["']?${family}["']?`));
    expect(fontUrls.some((u) => /arimo-latin-400-normal/.test(u))).toBe(true);
    expect(fontUrls.some((u) => /arimo-latin-700-normal/.test(u))).toBe(true);
    expect(fontUrls.some((u) => /dejavu-mono-latin-400-normal/.test(u))).toBe(true);
    for (const url of fontUrls) {
      const file = `dist/renderer${url}`;
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(included(file, patterns), file).toBe(true);
    }
  }, 120_000);

  it('flips the security fuses in the packaged Electron', async () => {
    const config = await loadConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('has the icon: an SVG tile and its 512×512 RGBA PNG rendering', async () => {
    const config = await loadConfig();
    expect(config.directories.buildResources).toBe('build');
    for (const icon of [config.linux.icon, config.win.icon, config.mac.icon])
      expect(icon).toBe('build/icon.png');
    const png = await readFile(path.join(root, 'build/icon.png'));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([512, 512, 8, 6]);
    const svg = await readFile(path.join(root, 'build/icon.svg'), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 512 512"/);
  });
});
