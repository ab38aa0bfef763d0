// Electron's entry point (package.json "main" = dist/electron/main.js): starts the shell with the desktop host.
import { fileURLToPath } from 'node:url';
import { loadDesktopHost } from '../contract/host-api.js';
import { startShell } from './shell.js';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));
const log = (message: string): void => console.error(`mahjong-table: ${message}`);

startShell({
  rendererRoot: here('../renderer/'),
  preloadPath: here('./preload.cjs'),
  startHost: (options) =>
    loadDesktopHost((specifier) => import(new URL(specifier, import.meta.url).href), options, log),
  log,
}).catch((error: unknown) => {
  console.error('mahjong-table: the shell failed to start', error);
  process.exit(1);
});
