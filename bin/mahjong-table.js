#!/usr/bin/env node
// The `mahjong-table` command: runs the compiled CLI (build it first with `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/host/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('mahjong-table: not built yet. Run `npm run build` in the package folder first.');
  process.exit(1);
}
await import(entry.href);
