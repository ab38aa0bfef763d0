// A table that cannot play the session's variant (issue 13): `serve --port` refuses it at its HELLO and the console says what it lacks; screenshot 1366×768.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simCapabilities } from '../../hardware/simulator/capabilities.js';
import { launchChromium } from './browser.js';
import { observeHost, type HostObserver } from './host-observer.js';
import { startPtyTable, type PtyTable } from './pty-table.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';

const OPERATOR = 'e2e-operator-token-0013';

let table: PtyTable;
let serve: ServeProcess;
let browser: Browser;
let host: HostObserver;

beforeAll(async () => {
  await ensureRendererBuilt();
  // A table that holds only a 144-tile set (`sim --tile-set 144`): it offers flowers4 and xiamen4, not Sanma's set.
  table = await startPtyTable({ seed: 3, capabilities: simCapabilities({ tileSet: 144 }) });
  [serve, browser] = await Promise.all([
    startServe({ variant: 'sanma', extraArgs: ['--port', table.hostPath, '--listen', '127.0.0.1', '--token', OPERATOR] }),
    launchChromium(),
  ]);
  host = await observeHost(`${serve.origin}/console?token=${OPERATOR}`);
}, 120_000);
afterAll(async () => {
  host?.close();
  await browser?.close();
  await serve?.stop();
  await table?.close();
});

describe('console: a table that cannot play the variant (issue 13)', () => {
  it('shows what the table lacks as an alert, and the host sets nothing up on it', async () => {
    const state = await host.waitFor((s) => s.table.unsupported != null, 20_000, 'the table refused as unsuitable');
    expect(state.table.unsupported!.missing).toEqual(['mode sanma3 (the table offers flowers4, xiamen4)']);
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${serve.origin}/console?token=${OPERATOR}`);
    const alert = page.getByTestId('unsupported');
    await alert.waitFor({ timeout: 10_000 });
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('This table cannot play sanma: it lacks mode sanma3 (the table offers flowers4, xiamen4)');
    expect(await alert.getAttribute('role')).toBe('alert');
    mkdirSync('test-output/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-output/screenshots/console-table-unsupported-1366x768.png' });
    // Nothing was asked of the table: no mode set, no hand.
    expect(table.firmware.model.mode).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });
});
