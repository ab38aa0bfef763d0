// Vite build of the renderer (renderer/ → dist/renderer/): one index.html for the console, scoreboard and replay routes.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  root: here('./renderer'),
  // Absolute asset paths: the page is loaded at /console, /scoreboard and /replay (app://mahjong/... or http).
  base: '/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: here('./dist/renderer'),
    emptyOutDir: true,
    // The strict CSP allows no inline script: keep the module-preload polyfill out of the HTML.
    modulePreload: { polyfill: false },
    // No base64-inlined assets in CSS (img-src allows data:, but font-src and style-src do not).
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
});
