// The game-over screen live from `serve --sim --games 1` (issue 12): the session ends, the server stays up, every screen shows the final result.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riichiViewOf } from '../../contract/ipc-contract.js';
import { launchChromium } from './browser.js';
import { observeHost } from './host-observer.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe } from './serve-process.js';

const VIEWER = 'game-over-viewer-token-0123456789';
const SIZES = [
  [1920, 1080],
  [1366, 768],
  [390, 844],
] as const;
let browser: Browser;

beforeAll(async () => {
  [, browser] = await Promise.all([ensureRendererBuilt(), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('game over (issue 12)', () => {
  it('`serve --games 1` keeps serving after the session: places, final points and the chart, and that it ended', async () => {
    const serve = await startServe({
      variant: 'sanma',
      extraArgs: [
        '--listen',
        '127.0.0.1',
        '--seed',
        '6',
        '--think-ms',
        '0',
        '--motor-ms',
        '2',
        '--games',
        '1',
        '--viewer-token',
        VIEWER,
      ],
    });
    const url = `${serve.origin}/scoreboard?token=${VIEWER}`;
    const host = await observeHost(url);
    try {
      const ended = await host.waitFor((s) => s.session?.status === 'ended', 120_000, 'the session ended');
      // Still serving a moment later: a new screen opens and shows the result.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(serve.output()).toMatch(/session 1 ended after 1 game\(s\)/);
      const view = riichiViewOf(ended)!;
      expect(view.phase).toBe('over');
      mkdirSync('test-output/screenshots', { recursive: true });
      for (const [width, height] of SIZES) {
        const page = await browser.newPage({ viewport: { width, height } });
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        await page.goto(url);
        const panel = page.locator('.game-over');
        await panel.waitFor({ timeout: 30_000 });
        expect(await panel.getAttribute('data-session-ended')).toBe('yes');
        expect(await page.locator('.go-ended').textContent()).toBe('SESSION ENDED');
        expect(await page.getByTestId('game-over-next').textContent()).toBe('The session has ended');
        const places = await page.$$eval('.go-place', (rows) =>
          rows.map((r) => ({
            seat: Number(r.getAttribute('data-seat')),
            points: Number(r.querySelector('[data-points]')!.getAttribute('data-points')),
          })),
        );
        expect(places.map((p) => p.seat)).toEqual(view.ranking);
        for (const p of places) expect(p.points).toBe(view.seats.find((s) => s.seat === p.seat)!.points);
        // The points over the game: one line per player, a point per hand and the end.
        const lines = await page.$$eval('.go-chart polyline', (ls) =>
          ls.map((l) => l.getAttribute('points')!.split(' ').length),
        );
        expect(lines).toHaveLength(3);
        expect(new Set(lines).size).toBe(1);
        expect(lines[0]).toBe(ended.gameOver!.chart.points[0]!.length);
        // Nothing cut off (a phone may scroll the panel, never sideways).
        const cut = await page.evaluate((phone) => {
          const out: string[] = [];
          const root = document.scrollingElement!;
          if (root.scrollWidth > innerWidth + 1) out.push('page scrolls sideways');
          for (const el of document.querySelectorAll<HTMLElement>('.game-over, .go-places, .go-name'))
            if (el.scrollWidth > el.clientWidth + 2 || (!phone && el.scrollHeight > el.clientHeight + 2))
              out.push(`${el.className} overflows`);
          return out;
        }, width < 600);
        await page.screenshot({
          path: `test-output/screenshots/scoreboard-game-over-${width}x${height}.png`,
        });
        expect(cut, `${width}×${height}`).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      }
    } finally {
      host.close();
      await serve.stop();
    }
  }, 240_000);
});
