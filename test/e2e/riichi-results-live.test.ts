// The riichi scoreboard keeps each hand's result up through the next deal, live from `serve --sim` (issues 6, 7); screenshots at 1920×1080.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riichiViewOf } from '../../electron/ipc-contract.js';
import { launchChromium } from './browser.js';
import { observeHost } from './host-observer.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe } from './serve-process.js';

const VIEWER = 'results-viewer-token-0123456789';
let browser: Browser;

beforeAll(async () => {
  [, browser] = await Promise.all([ensureRendererBuilt(), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** The board as drawn: its phase, the centre's result line, whether the win panel is up, tenpai hands shown. */
const lookAt = (page: Page) =>
  page.evaluate(() => ({
    phase: document.querySelector<HTMLElement>('.rb-board')?.dataset.phase ?? null,
    result: document.querySelector('[data-region="result"]')?.textContent ?? '',
    winPanel: document.querySelector('.win-panel') !== null,
    shownHands: document.querySelectorAll('[data-region="shown-hand"]').length,
  }));

/**
 * Plays `variant` with `serve --sim` and watches the scoreboard until it draws `wanted` while the table already
 * deals the next hand (phase `dealing`): the result stayed up past the step that ended the hand.
 */
async function resultDuringDeal(
  variant: string,
  seed: number,
  wanted: (look: Awaited<ReturnType<typeof lookAt>>) => boolean,
  screenshot: string,
) {
  const serve = await startServe({
    variant,
    extraArgs: [
      '--listen',
      '127.0.0.1',
      '--seed',
      String(seed),
      '--think-ms',
      '10',
      '--motor-ms',
      '40',
      '--viewer-token',
      VIEWER,
    ],
  });
  const host = await observeHost(`${serve.origin}/scoreboard?token=${VIEWER}`);
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  try {
    await page.goto(`${serve.origin}/scoreboard?token=${VIEWER}`);
    await page.waitForSelector('.rb-seat', { timeout: 30_000 });
    const deadline = Date.now() + 90_000;
    let look = await lookAt(page);
    while (!(look.phase === 'dealing' && wanted(look)) && Date.now() < deadline) {
      await page.waitForTimeout(20);
      look = await lookAt(page);
    }
    expect(look.phase).toBe('dealing');
    expect(wanted(look), JSON.stringify(look)).toBe(true);
    mkdirSync('test-output/screenshots', { recursive: true });
    await page.screenshot({ path: `test-output/screenshots/${screenshot}` });
    // The host's published state says the same: the result is on show while the next hand is dealt.
    const state = host.latest()!;
    const view = riichiViewOf(state)!;
    expect(view.showingResult).toBe(true);
    expect(view.lastResult).not.toBeNull();
    // Once the next hand is played (its first discard) the result leaves the board.
    const playing = await host.waitFor(
      (s) => {
        const v = riichiViewOf(s);
        return v !== null && v.phase === 'playing' && v.seats.some((seat) => seat.pond.length > 0);
      },
      60_000,
      'the next hand in play',
    );
    expect(riichiViewOf(playing)!.showingResult).toBe(false);
    return look;
  } finally {
    await page.close();
    host.close();
    await serve.stop();
  }
}

describe('the scoreboard shows each hand result until the next hand is played (issues 6, 7)', () => {
  it('a riichi win: the result line and the win breakdown stay up while the next hand is dealt', async () => {
    const look = await resultDuringDeal(
      'riichi',
      3,
      (l) => /wins by|ron off/.test(l.result) && l.winPanel,
      'scoreboard-riichi-result-during-deal-1920x1080.png',
    );
    expect(look.result).toMatch(/wins by (tsumo|ron)|ron off/);
  }, 180_000);

  it('a sanma exhaustive draw: tenpai hands and the draw line stay up while the next hand is dealt', async () => {
    const look = await resultDuringDeal(
      'sanma',
      4,
      (l) => /Exhaustive draw/.test(l.result),
      'scoreboard-sanma-draw-during-deal-1920x1080.png',
    );
    expect(look.result).toMatch(/Exhaustive draw · (all noten|\d tenpai)/);
  }, 180_000);
});
