// Issue 12: the console at 1366×768 keeps Start/Pause/End and the session in view, loads without a false error, shows the LAN switch as it is, and pages without a usable token say what to do.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';

const OPERATOR = 'e2e-access-operator-0001';
const SHOTS = 'test-output/screenshots';

let serve: ServeProcess;
let browser: Browser;

beforeAll(async () => {
  await ensureRendererBuilt();
  mkdirSync(SHOTS, { recursive: true });
  [serve, browser] = await Promise.all([
    startServe({
      extraArgs: ['--token', OPERATOR, '--think-ms', '300', '--motor-ms', '20', '--lan-address', '127.0.0.2'],
    }),
    launchChromium(),
  ]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

async function consoleAt(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${serve.origin}/console?token=${OPERATOR}`);
  await page.getByTestId('session').filter({ hasText: 'running' }).waitFor({ timeout: 20_000 });
  return page;
}

describe('the console (issue 12)', () => {
  it('at 1366×768 shows the session and Start/Pause/End without scrolling, and no error banner on load', async () => {
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      const page = await consoleAt(width, height);
      // The port listing and the players have had time to answer.
      await page.waitForTimeout(1500);
      expect(await page.locator('.notice-error').count(), 'an error banner on load').toBe(0);
      for (const id of ['session', 'start', 'pause', 'end']) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box, id).not.toBeNull();
        expect(box!.y, `${id} top`).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height, `${id} bottom at ${width}×${height}`).toBeLessThanOrEqual(height);
      }
      await page.screenshot({ path: `${SHOTS}/console-${width}x${height}.png` });
      // Scrolled down to the log, the bar stays in view.
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(200);
      const end = await page.getByTestId('end').boundingBox();
      expect(end!.y + end!.height).toBeLessThanOrEqual(height);
      await page.close();
    }
  }, 60_000);

  it('shows the LAN switch as it is after a reload', async () => {
    const page = await consoleAt(1366, 768);
    const lan = page.getByTestId('lan');
    await lan.filter({ hasText: 'Turn on' }).waitFor();
    await lan.click();
    await page.getByTestId('lan-url').waitFor({ timeout: 10_000 });
    const url = await page.getByTestId('lan-url').textContent();
    expect(new URL(url!).hostname).toBe('127.0.0.2');
    await page.reload();
    await page.getByTestId('session').waitFor();
    await lan.filter({ hasText: 'Turn off' }).waitFor({ timeout: 10_000 });
    expect(await lan.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('lan-url').textContent()).toBe(url);
    await lan.click();
    await lan.filter({ hasText: 'Turn on' }).waitFor();
    await page.close();
  }, 60_000);

  it('says what is wrong and what to do: a console without its token, a scoreboard with a bad one', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${serve.origin}/console`);
    const problem = page.getByTestId('access-problem');
    await problem.filter({ hasText: 'has no token' }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(await page.getByTestId('notice').filter({ hasText: 'host_unavailable' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/console-no-token-1366x768.png` });
    await page.goto(`${serve.origin}/scoreboard?token=not-the-token-0123456789`);
    await problem.filter({ hasText: 'not accepted' }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/scoreboard-bad-token-1366x768.png` });
    await page.close();
  }, 60_000);
});
