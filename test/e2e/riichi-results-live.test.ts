// The riichi scoreboard keeps each hand's result up through the next deal, live from `serve --sim` (issues 6, 7); screenshots at 1920×1080.
//
// Deterministic under load (issue 12): the page records every board it draws (a MutationObserver, so no short
// deal is missed between two polls), and each recorded board is checked against the host state it was drawn
// from (by `data-event-seq`), not against whatever the host has reached by the time the test looks.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riichiViewOf } from '../../contract/ipc-contract.js';
import { launchChromium } from './browser.js';
import { fixtureAnswer } from './fixture-states.js';
import { observeHost } from './host-observer.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe } from './serve-process.js';
import { startFixtureServer } from './static-server.js';

const VIEWER = 'results-viewer-token-0123456789';
let browser: Browser;

beforeAll(async () => {
  [, browser] = await Promise.all([ensureRendererBuilt(), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** The board as drawn: the state it shows, its phase, the centre's result line, the win panel, tenpai hands shown. */
interface Look {
  readonly eventSeq: number;
  readonly phase: string | null;
  readonly result: string;
  readonly winPanel: boolean;
  readonly shownHands: number;
}

/** Records a Look after every change of the page's DOM into `window.__looks`. */
const recordLooks = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const looks: unknown[] = [];
    (window as unknown as { __looks: unknown[] }).__looks = looks;
    const take = (): void => {
      const board = document.querySelector<HTMLElement>('.scoreboard[data-event-seq]');
      if (board === null) return;
      looks.push({
        eventSeq: Number(board.dataset.eventSeq),
        phase: document.querySelector<HTMLElement>('.rb-board')?.dataset.phase ?? null,
        result: document.querySelector('[data-region="result"]')?.textContent ?? '',
        winPanel: document.querySelector('.win-panel') !== null,
        shownHands: document.querySelectorAll('[data-region="shown-hand"]').length,
      });
    };
    new MutationObserver(take).observe(document.getElementById('root')!, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    take();
  });

const looksOf = (page: Page): Promise<Look[]> =>
  page.evaluate(() => (window as unknown as { __looks: Look[] }).__looks.slice());

/**
 * Plays `variant` with `serve --sim` until the scoreboard has drawn `wanted` while the table already deals the
 * next hand (phase `dealing`) and has then moved on to that hand's play: the result stayed up past the step that
 * ended the hand, and left with the next hand's first discard.
 */
async function resultDuringDeal(
  variant: string,
  seed: number,
  wanted: (look: Look) => boolean,
  screenshot: string,
): Promise<Look> {
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
    await page.waitForSelector('.scoreboard[data-event-seq]', { timeout: 30_000 });
    await recordLooks(page);
    // The first board drawn during a deal with the wanted result, and a later one of that hand in play without it.
    let found: Look | null = null;
    let after: Look | null = null;
    const deadline = Date.now() + 150_000;
    while (after === null && Date.now() < deadline) {
      await page.waitForTimeout(250);
      const looks = await looksOf(page);
      const at = looks.findIndex((l) => l.phase === 'dealing' && wanted(l));
      if (at < 0) continue;
      found = looks[at]!;
      after = looks.slice(at).find((l) => l.phase === 'playing' && l.result === '') ?? null;
    }
    expect(found, 'the result drawn during the next deal').not.toBeNull();
    expect(after, 'the next hand in play, the result gone').not.toBeNull();
    // The host state that board was drawn from had the result on show while the next hand was dealt.
    const shown = host.byEventSeq.get(found!.eventSeq)!;
    const view = riichiViewOf(shown)!;
    expect(view.phase).toBe('dealing');
    expect(view.showingResult).toBe(true);
    expect(view.lastResult).not.toBeNull();
    expect(riichiViewOf(host.byEventSeq.get(after!.eventSeq)!)!.showingResult).toBe(false);
    // The screenshot is of that very state (a live screenshot would race the next discard).
    const fixture = await startFixtureServer(shown, fixtureAnswer);
    const still = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    try {
      await still.goto(`${fixture.url}/scoreboard`);
      await still.waitForSelector(`.scoreboard[data-event-seq="${shown.eventSeq}"] .rb-seat`);
      mkdirSync('test-output/screenshots', { recursive: true });
      await still.screenshot({ path: `test-output/screenshots/${screenshot}` });
    } finally {
      await still.close();
      await fixture.close();
    }
    return found!;
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
  }, 240_000);

  it('a sanma exhaustive draw: tenpai hands and the draw line stay up while the next hand is dealt', async () => {
    const look = await resultDuringDeal(
      'sanma',
      4,
      (l) => /Exhaustive draw/.test(l.result),
      'scoreboard-sanma-draw-during-deal-1920x1080.png',
    );
    expect(look.result).toMatch(/Exhaustive draw · (all noten|\d tenpai)/);
  }, 240_000);
});
