// The riichi scoreboard against the real host: `serve --sim --variant riichi` with bots; the board shows the host's state, never a concealed tile, and the win breakdown (issues 6, 7).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riichiViewOf, type PublicState } from '../../contract/ipc-contract.js';
import { boardShown } from '../../renderer/families/riichi/RiichiBoard.js';
import { formatTile, type Tile } from '../../rules/tiles.js';
import { launchChromium } from './browser.js';
import { observeHost, type HostObserver } from './host-observer.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';

const VIEWER = 'riichi-viewer-token-0123456789';
let serve: ServeProcess;
let browser: Browser;
let host: HostObserver;

beforeAll(async () => {
  await ensureRendererBuilt();
  [serve, browser] = await Promise.all([
    startServe({
      variant: 'riichi',
      extraArgs: [
        '--listen',
        '127.0.0.1',
        '--seed',
        '3',
        '--think-ms',
        '20',
        '--motor-ms',
        '5',
        '--viewer-token',
        VIEWER,
      ],
    }),
    launchChromium(),
  ]);
  host = await observeHost(`${serve.origin}/scoreboard?token=${VIEWER}`);
}, 120_000);
afterAll(async () => {
  host?.close();
  await browser?.close();
  await serve?.stop();
});

const codes = (tiles: readonly number[]): string[] => tiles.map((t) => formatTile(t as Tile));

/** One look at the board, taken in a single script run so it matches one published state. */
const lookAt = (page: Page) =>
  page.evaluate(() => {
    const board = document.querySelector<HTMLElement>('.scoreboard');
    const seats: Record<string, { points: number; pond: string[] }> = {};
    for (const seat of document.querySelectorAll<HTMLElement>('.rb-seat'))
      seats[seat.dataset.seat!] = {
        points: Number(seat.querySelector('[data-points]')!.getAttribute('data-points')),
        pond: [...seat.querySelectorAll('.rb-pond svg.tile')].map((t) => t.getAttribute('data-tile')!),
      };
    const regions = [...document.querySelectorAll('.rb-board svg.tile')].map(
      (t) => t.closest('[data-region]')?.getAttribute('data-region') ?? 'none',
    );
    return { eventSeq: Number(board?.dataset.eventSeq ?? 0), seats, regions };
  });

describe('riichi scoreboard, live', () => {
  it('shows the host state of each moment of play, only public tiles, and the breakdown of a win', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${serve.origin}/scoreboard?token=${VIEWER}`);
    await page.waitForSelector('.rb-seat', { timeout: 30_000 });
    let compared = 0;
    const firstWin = host.latest()?.lastWin?.seq ?? 0;
    const deadline = Date.now() + 60_000;
    let won: PublicState | null = null;
    while (Date.now() < deadline && (won === null || compared < 20)) {
      const look = await lookAt(page);
      const state = host.byEventSeq.get(look.eventSeq);
      const live = state ? riichiViewOf(state) : null;
      // While a result is on show after the next hand started, the board is the finished hand's (issue 12).
      const view = live ? boardShown(live) : null;
      if (state && view) {
        for (const s of view.seats) {
          expect(look.seats[String(s.seat)]?.points, `points of ${s.seat} at #${look.eventSeq}`).toBe(
            s.points,
          );
          expect(look.seats[String(s.seat)]?.pond, `pond of ${s.seat} at #${look.eventSeq}`).toEqual(
            codes(s.pond.map((p) => p.tile)),
          );
        }
        // During play, tiles appear only in ponds, melds and the dora indicators.
        if (view.phase === 'playing')
          for (const region of look.regions) expect(['pond', 'melds', 'dora']).toContain(region);
        compared++;
      }
      const latest = host.latest();
      if (won === null && latest?.lastWin && latest.lastWin.seq > firstWin) {
        won = latest;
        // The breakdown stays up for a few seconds: read it as soon as the win is published.
        const panel = page.locator(`.win-panel[data-win-seq="${won.lastWin!.seq}"]`);
        await panel.waitFor({ timeout: 5_000 });
        const text = (await panel.textContent()) ?? '';
        for (const y of won.lastWin!.yaku) expect(text).toContain(y.name);
        mkdirSync('test-output/screenshots', { recursive: true });
        await page.screenshot({ path: 'test-output/screenshots/scoreboard-riichi-live-win-1920x1080.png' });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(compared).toBeGreaterThanOrEqual(20);
    expect(won, 'a hand was won within a minute').not.toBeNull();
    await page.screenshot({ path: 'test-output/screenshots/scoreboard-riichi-live-1920x1080.png' });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
