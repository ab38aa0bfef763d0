// Issue 12: `serve --port` on a PTY with no table behind it, then the PTY gone: the console says what failed and what to do (no silent "connecting"); screenshots 1366×768.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyPair } from '../hardware/harness.js';
import { launchChromium } from './browser.js';
import { observeHost, type HostObserver } from './host-observer.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';

const OPERATOR = 'e2e-operator-token-unreach';
const hasSocat = spawnSync('socat', ['-V']).status === 0;

let pty: PtyPair;
let serve: ServeProcess;
let browser: Browser;
let host: HostObserver;

beforeAll(async () => {
  if (!hasSocat) return;
  await ensureRendererBuilt();
  pty = new PtyPair();
  await pty.start();
  [serve, browser] = await Promise.all([
    startServe({ extraArgs: ['--port', pty.b, '--token', OPERATOR] }),
    launchChromium(),
  ]);
  host = await observeHost(`${serve.origin}/console?token=${OPERATOR}`);
}, 120_000);
afterAll(async () => {
  host?.close();
  await browser?.close();
  await serve?.stop();
  await pty?.dispose();
});

describe.runIf(hasSocat)('console: the table port does not bring the link up (issue 12)', () => {
  it('says "no table answered on PATH", then that the port cannot be opened once it is gone', async () => {
    await host.waitFor((s) => s.table.unreachable?.code === 'no_answer', 30_000, 'no table answering');
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${serve.origin}/console?token=${OPERATOR}`);
    const alert = page.getByTestId('unreachable');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toContain(
      `No table answering no table answered on ${pty.b} for 5 s: is it the table's port, and is the table switched on? The host keeps trying.`,
    );
    mkdirSync('test-output/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-output/screenshots/console-no-table-answering-1366x768.png' });

    await pty.kill();
    await host.waitFor((s) => s.table.unreachable?.code === 'cannot_open', 30_000, 'the port gone');
    await page.getByText('Table port cannot be opened').waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toMatch(/cannot be opened \(.*No such file or directory.*\): check that the table is switched on/);
    await page.screenshot({ path: 'test-output/screenshots/console-port-cannot-open-1366x768.png' });
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});
