// Tenpai Race live: `serve --sim --variant tenpai-race` with bots, and the scoreboard in headless Chromium shows the host's race (issues 6, 7).
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicState, RiichiView } from '../../contract/ipc-contract.js';
import { launchChromium } from './browser.js';
import { observeHost, type HostObserver } from './host-observer.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';

const VIEWER = 'e2e-tenpai-race-viewer-01';
const SHOTS = 'test-output/screenshots';

let serve: ServeProcess;
let browser: Browser;
let host: HostObserver;

const raceOf = (state: PublicState | undefined): RiichiView | null =>
  state?.view != null && state.view.variant === 'tenpai-race' ? state.view : null;

beforeAll(async () => {
  await ensureRendererBuilt();
  [serve, browser] = await Promise.all([
    startServe({
      variant: 'tenpai-race',
      extraArgs: [
        '--listen',
        '127.0.0.1',
        '--think-ms',
        '120',
        '--motor-ms',
        '5',
        '--seed',
        '2',
        '--viewer-token',
        VIEWER,
      ],
    }),
    launchChromium(),
  ]);
  host = await observeHost(`${serve.origin}/scoreboard?token=${VIEWER}`);
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  host?.close();
  await browser?.close();
  await serve?.stop();
});

describe('Tenpai Race on the live scoreboard', () => {
  it('shows two seats facing each other and each one’s discards left as the host counts them', async () => {
    await host.waitFor(
      (s) => (raceOf(s)?.seats.every((x) => x.pond.length >= 4) ?? false) && raceOf(s)!.phase === 'playing',
      90_000,
      'a Tenpai Race hand under way',
    );
    for (const [width, height] of [
      [1920, 1080],
      [1366, 768],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto(`${serve.origin}/scoreboard?token=${VIEWER}`);
      await page.locator('.rb-players-2 .tr-count').first().waitFor({ timeout: 15_000 });
      // What the page shows is the host's state at the event seq the page says it reflects (read twice around
      // the counts, so both belong to one render).
      let checked = false;
      for (let attempt = 0; attempt < 20 && !checked; attempt++) {
        const seq = Number(await page.locator('.scoreboard').getAttribute('data-event-seq'));
        const counts = await page
          .locator('.tr-count')
          .evaluateAll((els) =>
            els.map((el) => [Number(el.getAttribute('data-seat')), Number(el.getAttribute('data-left'))]),
          );
        if (Number(await page.locator('.scoreboard').getAttribute('data-event-seq')) !== seq) continue;
        await host.waitFor((st) => st.eventSeq >= seq, 10_000, `event ${seq}`);
        const view = raceOf(host.byEventSeq.get(seq));
        if (view === null || view.phase !== 'playing') continue;
        expect(view.seats.map((x) => x.seat)).toEqual([0, 2]);
        expect(counts).toEqual(view.seats.map((x) => [x.seat, 18 - x.pond.length]));
        checked = true;
      }
      expect(checked).toBe(true);
      expect(await page.locator('.rb-variant').textContent()).toBe('Tenpai Race · 2 players');
      expect(await page.locator('.rb-pos-bottom').count()).toBe(1);
      expect(await page.locator('.rb-pos-top').count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/scoreboard-tenpai-race-live-${width}x${height}.png` });
      await page.close();
    }
  }, 150_000);
});
