// The console shows a reconcile mismatch after a link loss: who, which code, what the host saw and what to check (issue 7); screenshot 1920×1080.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPublicState } from '../../host/view/public-model.js';
import { RECONCILE_CHECK } from '../../families/riichi/reconcile.js';
import { handUnderWay, withMissedPon } from '../host/reconcile-fixture.js';
import { launchChromium } from './browser.js';
import { fixtureAnswer } from './fixture-states.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startFixtureServer, type FixtureServer } from './static-server.js';

let browser: Browser;
let server: FixtureServer;

beforeAll(async () => {
  // A real riichi game's public state right after the snapshot that did not match (the host's own fold).
  const { fold, ingest, hand } = handUnderWay();
  ingest({ type: 'table.state', snapshot: withMissedPon(hand) });
  const state = toPublicState(fold.model, 1);
  expect(state.table.reconcile?.code).toBe('meld_missed');
  await ensureRendererBuilt();
  server = await startFixtureServer(state, fixtureAnswer);
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('console: a reconcile mismatch', () => {
  it('is shown as an alert naming the seat, the code and what to check', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/console`);
    const alert = page.getByTestId('reconcile');
    await alert.waitFor({ timeout: 10_000 });
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('Bot 3');
    expect(text).toContain('meld_missed');
    expect(text).toContain('the table shows a meld of seat 2 the host never heard of');
    expect(text).toContain(RECONCILE_CHECK.meld_missed);
    expect(await alert.getAttribute('role')).toBe('alert');
    mkdirSync('test-output/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-output/screenshots/console-reconcile-mismatch-1920x1080.png' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
