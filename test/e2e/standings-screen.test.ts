// The standings screen in real headless Chromium against a real `serve` and SQLite file (issue 12): per variant, filtered by session and date, places drawn, a rename from the screen; screenshots at 1920×1080, 1366×768 and 390×844.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';
import { club } from '../host/fixtures/club-records.js';

const SHOTS = 'test-output/screenshots';
const OPERATOR = 'standings-operator-token-0123456789';
const dir = mkdtempSync(path.join(tmpdir(), 'standings-screen-'));
let serve: ServeProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await ensureRendererBuilt();
  const dbPath = path.join(dir, 'club.sqlite');
  club(dbPath).db.close();
  // The simulator plays slowly (bots think 5 s), so no game of its own ends while the screen is looked at.
  [serve, browser] = await Promise.all([
    startServe({ extraArgs: ['--db', dbPath, '--listen', '127.0.0.1', '--think-ms', '5000', '--token', OPERATOR] }),
    launchChromium(),
  ]);
  mkdirSync(SHOTS, { recursive: true });
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(`${serve.origin}/standings?token=${OPERATOR}`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (variant: string) =>
  page.locator(`section[aria-label="${variant} standings"] tbody tr`).evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );

describe('standings screen (issue 12)', () => {
  it('shows each variant apart, with the cut and uncounted games said, and looks right at three sizes', async () => {
    await page.locator('section[aria-label="Riichi standings"] tbody tr').first().waitFor({ timeout: 20_000 });
    const riichi = await rows('Riichi');
    expect(riichi.map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      ['1', 'Chiho', '3', '100,000'],
      ['2', 'Aiko', '3', '70,000'],
      ['3', 'Ben', '2', '50,000'],
      ['4', 'Benjamin', '1', '40,000'],
    ]);
    expect(await page.locator('section[aria-label="Riichi standings"] h2').textContent()).toMatch(
      /3 games · 1 cut by the session's end .* · 1 closed before any hand/,
    );
    expect(await rows('Mangan Mahjong')).toHaveLength(2);
    expect(await page.locator('.standings-unfinished').textContent()).toMatch(/Game 6 of session 3 \(Mangan Mahjong\) was never closed/);
    // Places are drawn: Aiko's bar has a 1st, a 2nd and a 4th segment.
    const aikoPlaces = await page
      .locator('section[aria-label="Riichi standings"] tbody tr')
      .nth(1)
      .locator('.places-bar .place')
      .evaluateAll((spans) => spans.map((s) => s.className));
    expect(aikoPlaces).toEqual(['place place-1', 'place place-2', 'place place-4']);
    await page.screenshot({ path: `${SHOTS}/standings-1920x1080.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${SHOTS}/standings-1366x768.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone nothing spills off the screen sideways but the table's own scroll.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/standings-390x844.png`, fullPage: true });
    await page.setViewportSize({ width: 1920, height: 1080 });
  }, 60_000);

  it('filters by session and by date range', async () => {
    await page.getByLabel('Session').selectOption({ value: '2' });
    await page.locator('section[aria-label="Mangan Mahjong standings"]').waitFor({ state: 'detached' });
    expect((await rows('Riichi')).map((r) => [r[1], r[2]])).toEqual([
      ['Chiho', '1'],
      ['Aiko', '1'],
      ['Ben', '1'],
    ]);
    await page.getByLabel('Session').selectOption({ value: '' });
    // The fixture's games ended in January 1970: a range in 2020 holds none of them.
    await page.getByLabel('From').fill('2020-01-01');
    await page.locator('.standings-empty').filter({ hasText: 'No finished game matches' }).waitFor();
    await page.getByLabel('From').fill('');
    await page.locator('section[aria-label="Riichi standings"]').waitFor();
  }, 60_000);

  it('renames a player from the screen (audited with the operator’s name); the table shows the new name', async () => {
    await page.locator('.player-admin summary').click();
    await page.getByLabel('Operator').fill('Kenji');
    await page.locator('.player-admin').getByLabel('Player').selectOption({ label: 'Ben' });
    await page.getByLabel('New name').fill('Ben <b>');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.locator('.admin-problem').filter({ hasText: 'invalid_name' }).waitFor();
    await page.getByLabel('New name').fill('Ben T.');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.locator('.admin-ok').filter({ hasText: 'renamed to Ben T.' }).waitFor();
    await page.locator('section[aria-label="Riichi standings"] td.name').filter({ hasText: 'Ben T.' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/standings-renamed-1920x1080.png`, fullPage: true });
  }, 60_000);
});
