// The scoreboard and replay viewer in real headless Chromium against `mahjong-table serve --sim` with bots playing Minefield (issue 6).
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minefieldBoardOf, minefieldViewOf, type PublicState } from '../../contract/ipc-contract.js';
import { formatTile, type Tile } from '../../rules/tiles.js';
import { launchChromium } from './browser.js';
import { boardSnapshots, recordBoard, type BoardSnapshot } from './dom-recorder.js';
import { observeHost, type HostObserver } from './host-observer.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';

const OPERATOR = 'e2e-operator-token-0001';
const VIEWER = 'e2e-viewer-token-00001';
const HANDS = 4;
const SHOTS = 'test-output/screenshots';

let serve: ServeProcess;
let browser: Browser;
let host: HostObserver;

beforeAll(async () => {
  await ensureRendererBuilt();
  [serve, browser] = await Promise.all([
    startServe({
      extraArgs: [
        '--listen',
        '127.0.0.1',
        '--seed',
        '11',
        '--think-ms',
        '60',
        '--motor-ms',
        '15',
        '--token',
        OPERATOR,
        '--viewer-token',
        VIEWER,
      ],
    }),
    launchChromium(),
  ]);
  host = await observeHost(`${serve.origin}/scoreboard?token=${VIEWER}`);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  host?.close();
  await browser?.close();
  await serve?.stop();
});

const codes = (tiles: readonly number[]): string[] => tiles.map((t) => formatTile(t as Tile));
/**
 * The state after hand `n`: the host publishes once per step, and the step that ends a hand also starts the
 * next, so the first state of hand n+1 carries the points after hand n (or the game's last state).
 */
const afterHand =
  (n: number) =>
  (s: PublicState): boolean =>
    s.view !== null && (s.view.handNumber === n + 1 || (s.view.handNumber === n && s.view.phase === 'over'));

/** Checks one look at the board against the host's state of the same log seq: exactly the public state, nothing more. */
function checkSnapshot(snap: BoardSnapshot, state: PublicState): void {
  expect(state.view?.variant).toBe('minefield');
  // The board drawn: between hands, the finished hand's while its result is on show (issue 12).
  const view = minefieldBoardOf(minefieldViewOf(state)!);
  for (const mineSeat of [0, 1] as const) {
    const seat = String(view.tableSeats[mineSeat]);
    expect(snap.points[seat], `points of seat ${seat} at #${snap.eventSeq}`).toBe(view.points[mineSeat]);
    expect(snap.ponds[seat], `pond of seat ${seat} at #${snap.eventSeq}`).toEqual(
      codes(view.discards[mineSeat]),
    );
  }
  expect(snap.dora).toEqual(view.doraIndicator === null ? [] : codes([view.doraIndicator]));
  // Tiles only in the ponds, the dora indicator, and a finished hand's win breakdown.
  for (const region of snap.tileRegions)
    expect(['pond', 'dora', 'win-hand', 'win-indicators']).toContain(region);
  if (snap.winSeq !== null) {
    expect(state.lastWin?.seq).toBe(snap.winSeq);
    expect(snap.winTiles).toEqual(codes([...state.lastWin!.hand, state.lastWin!.tile]));
    expect(snap.winIndicators).toEqual(
      codes([...state.lastWin!.doraIndicators, ...state.lastWin!.uraIndicators]),
    );
  } else expect(snap.winTiles.length + snap.winIndicators.length).toBe(0);
}

async function screenshotAt(
  path: string,
  name: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<void> {
  for (const [width, height] of [
    [1920, 1080],
    [1366, 768],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${serve.origin}${path}`);
    await prepare?.(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png` });
    await page.close();
  }
}

describe('scoreboard against the live host', () => {
  it(`shows the host's points after each of ${HANDS} hands, the win breakdown, and never more than the public state`, async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (m) => /Content Security Policy|Refused to/.test(m.text()) && errors.push(m.text()));
    await page.goto(`${serve.origin}/scoreboard?token=${VIEWER}`);
    await page.waitForSelector('.seat');
    await recordBoard(page);
    const start = host.latest()?.view?.handNumber ?? 0;
    const firstWin = host.latest()?.lastWin?.seq ?? 0;
    const ends: PublicState[] = [];
    for (let hand = start; hand < start + HANDS; hand++)
      ends.push(await host.waitFor(afterHand(hand), 60_000, `the end of hand ${hand}`));
    const win = await host.waitFor(
      (s) => s.lastWin !== null && s.lastWin.seq > firstWin,
      60_000,
      'a won hand',
    );
    await page.waitForSelector(`.win-panel[data-win-seq="${win.lastWin!.seq}"]`, { timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/live-scoreboard-win-1920x1080.png` });
    const snaps = await boardSnapshots(page);
    await page.close();
    expect(snaps.length).toBeGreaterThan(20);

    // Every look matches the host's state for that log seq.
    for (const snap of snaps) {
      const state = host.byEventSeq.get(snap.eventSeq);
      expect(state, `the host pushed #${snap.eventSeq}`).toBeDefined();
      checkSnapshot(snap, state!);
    }
    // After each hand the board showed the host's final points of that hand.
    for (const end of ends) {
      const shown = snaps.find((s) => s.eventSeq >= end.eventSeq);
      expect(shown, `the board showed the points after hand ${end.view!.handNumber - 1}`).toBeDefined();
      const mine = minefieldViewOf(end)!;
      expect([shown!.points[String(mine.tableSeats[0])], shown!.points[String(mine.tableSeats[1])]]).toEqual(
        mine.points,
      );
    }
    // The win breakdown showed the host's yaku, han/fu, limit and payments.
    const withWin = snaps.find((s) => s.winSeq === win.lastWin!.seq)!;
    for (const y of win.lastWin!.yaku) expect(withWin.winText).toContain(y.name);
    if (win.lastWin!.han !== null) expect(withWin.winText).toContain(`${win.lastWin!.han} han`);
    if (win.lastWin!.limit !== null)
      expect(withWin.winText.toLowerCase()).toContain(win.lastWin!.limit.toLowerCase());
    expect(errors).toEqual([]);
  }, 150_000);

  it('saves screenshots of the scoreboard and the console', async () => {
    await screenshotAt(`/scoreboard?token=${VIEWER}`, 'scoreboard', (page) =>
      page.waitForSelector('.seat').then(() => undefined),
    );
    await screenshotAt(`/console?token=${OPERATOR}`, 'console', (page) =>
      page.waitForSelector('[data-testid="session"]').then(() => undefined),
    );
  }, 60_000);
});

describe('replay viewer against the live host', () => {
  it('steps through a recorded hand showing the same states as were pushed live', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${serve.origin}/replay?token=${OPERATOR}`);
    await page.waitForSelector('.replay-board .seat', { timeout: 15_000 });
    // The second finished hand: its states were all seen live by the observer.
    await page.getByTestId('replay-hand').selectOption('1');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="replay-step"]')?.textContent?.startsWith('Event 1 of'),
    );
    const total = Number((await page.getByTestId('replay-step').textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(5);
    let compared = 0;
    for (let i = 0; i < total; i++) {
      const seq = Number(await page.getByTestId('replay-step').getAttribute('data-seq'));
      await page.waitForSelector(`.replay-board[data-event-seq="${seq}"] .seat`);
      const live = host.byEventSeq.get(seq);
      if (live !== undefined) {
        const shown = await page.evaluate(() => {
          const out: Record<string, { points: number; pond: string[] }> = {};
          for (const seat of document.querySelectorAll('.replay-board .seat[data-seat]'))
            out[seat.getAttribute('data-seat')!] = {
              points: Number(seat.querySelector('[data-points]')!.getAttribute('data-points')),
              pond: [...seat.querySelectorAll('[data-region="pond"] svg.tile')].map((t) =>
                t.getAttribute('data-tile')!,
              ),
            };
          return out;
        });
        const view = minefieldBoardOf(minefieldViewOf(live)!);
        for (const mineSeat of [0, 1] as const) {
          const seat = String(view.tableSeats[mineSeat]);
          expect(shown[seat]!.points, `points at #${seq}`).toBe(view.points[mineSeat]);
          expect(shown[seat]!.pond, `pond at #${seq}`).toEqual(codes(view.discards[mineSeat]));
        }
        compared++;
      }
      if (i < total - 1) {
        // Alternate the keyboard and the mouse wheel.
        if (i % 2 === 0) await page.keyboard.press('ArrowRight');
        else await page.mouse.wheel(0, 100);
        await page.waitForFunction(
          (before) =>
            document.querySelector('[data-testid="replay-step"]')?.getAttribute('data-seq') !==
            String(before),
          seq,
        );
      }
    }
    // The host publishes once per step (a step may log several events), so not every seq was pushed live.
    expect(compared).toBeGreaterThanOrEqual(Math.max(10, Math.floor(total * 0.3)));
    // The export buttons hand the host's file to the browser as a download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    expect(readFileSync(path, 'utf8').length).toBeGreaterThan(0);
    await page.close();
    await screenshotAt(`/replay?token=${OPERATOR}`, 'replay', async (p) => {
      await p.waitForSelector('.replay-board .seat');
      for (let i = 0; i < 12; i++) await p.keyboard.press('ArrowRight');
    });
  }, 90_000);
});
