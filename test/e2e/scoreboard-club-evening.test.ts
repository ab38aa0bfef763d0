// The scoreboard through a club evening (issue 12): between hands, at game over, after End, with the link lost, and on a phone; screenshots at 1920×1080, 1366×768, 390×844.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PublicStateSchema,
  riichiViewOf,
  type MinefieldView,
  type PublicState,
  type RiichiView,
} from '../../contract/ipc-contract.js';
import { launchChromium } from './browser.js';
import { afterWin, fixtureAnswer, midHand } from './fixture-states.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { momentsOf, type GameMoments } from './riichi-states.js';
import { openScoreboard, overflowOf } from './scoreboard-page.js';
import { startFixtureServer, type FixtureServer } from './static-server.js';

const SHOTS = 'test-output/screenshots';
const SIZES = [
  [1920, 1080],
  [1366, 768],
  [390, 844],
] as const;

let browser: Browser;
let server: FixtureServer;
let riichi: GameMoments;

beforeAll(async () => {
  riichi = momentsOf('riichi', 11, [0, 1, 2, 3]);
  await ensureRendererBuilt();
  server = await startFixtureServer(riichi.midHand, (channel, payload) =>
    channel === 'replay.listHands'
      ? { ok: true, value: { sessionId: 7, lastSeq: 0, hands: [] } }
      : fixtureAnswer(channel, payload),
  );
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const open = (state: PublicState, width = 1920, height = 1080) =>
  openScoreboard(browser, server, state, width, height);

const shot = (page: Page, name: string, width: number, height: number) =>
  page.screenshot({ path: `${SHOTS}/scoreboard-${name}-${width}x${height}.png` });

const viewOf = (state: PublicState): RiichiView => riichiViewOf(state)!;

describe('between hands (issue 12)', () => {
  it('draws a riichi result over its own hand through the next deal: round, dealer and WIN badge agree; it leaves with the first discard', async () => {
    const states = riichi.states;
    // The first hand.started that follows a win in the same step (the result on show, the next hand being dealt)
    // where the dealer moves on, so the two boards differ where it matters.
    const dealerOf = (v: RiichiView) => v.seats.find((s) => s.dealer)!.seat;
    const at = states.findIndex((s, i) => {
      const v = viewOf(s);
      const before = i > 0 ? viewOf(states[i - 1]!) : null;
      return (
        v?.phase === 'dealing' &&
        v.showingResult &&
        before?.phase === 'won' &&
        dealerOf(v) !== dealerOf(before)
      );
    });
    expect(at).toBeGreaterThan(0);
    const won = viewOf(states[at - 1]!);
    const dealing = PublicStateSchema.parse(states[at]!);
    const firstPlay = PublicStateSchema.parse(
      states.find((s, i) => i > at && viewOf(s).phase === 'playing' && !viewOf(s).showingResult)!,
    );
    for (const [width, height] of SIZES) {
      const { page, problems } = await open(states[at - 1]!, width, height);
      await page.locator('.win-panel').waitFor();
      server.push(dealing);
      await page.waitForSelector(`.scoreboard[data-event-seq="${dealing.eventSeq}"]`);
      expect(await page.locator('.win-panel').count()).toBe(1);
      const round = await page.locator('.rb-round').getAttribute('data-round');
      expect(round).toBe(`${won.roundWind} ${won.handNumber}`);
      // The dealer badge is the finished hand's dealer's, like the round; the ponds are that hand's.
      expect(await page.locator('.rb-seat:has(.badge.dealer)').getAttribute('data-seat')).toBe(
        String(dealerOf(won)),
      );
      for (const s of won.seats)
        expect(
          Number(
            await page
              .locator(`.rb-seat[data-seat="${s.seat}"] [data-region="pond"]`)
              .getAttribute('data-discards'),
          ),
        ).toBe(s.pond.length);
      const winners = (won.lastResult as Extract<RiichiView['lastResult'], { kind: 'won' }>).wins.map((w) =>
        String(w.seat),
      );
      expect(
        await page
          .locator('.rb-seat:has(.rb-winner)')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-seat'))),
      ).toEqual(winners);
      await shot(page, 'riichi-result-during-deal', width, height);
      // The next hand's first discard: its own board, no win panel, no WIN badge (well within the panel's 8 s).
      server.push(firstPlay);
      await page.waitForSelector(`.scoreboard[data-event-seq="${firstPlay.eventSeq}"]`);
      expect(await page.locator('.win-panel').count()).toBe(0);
      expect(await page.locator('.rb-winner').count()).toBe(0);
      expect(await page.locator('.rb-round').getAttribute('data-round')).toBe(
        `${viewOf(firstPlay).roundWind} ${viewOf(firstPlay).handNumber}`,
      );
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('Minefield: a draw is shown with its doubled ante over the hand it ended; the win panel says ante × multiplier', async () => {
    const mid = midHand.view as MinefieldView;
    const finished: NonNullable<MinefieldView['resultBoard']> = {
      handNumber: mid.handNumber,
      dealer: mid.dealer,
      ante: mid.ante,
      doraIndicator: mid.doraIndicator,
      discards: mid.discards,
      riichi: mid.riichi,
    };
    // hand.drawn and the next hand.started come in one step: the screens first see the next hand walling.
    const drawn = PublicStateSchema.parse({
      ...midHand,
      seq: 20,
      eventSeq: 140,
      view: {
        ...mid,
        phase: 'walling',
        handNumber: mid.handNumber + 1,
        ante: 4000,
        antePeak: 4000,
        doraIndicator: null,
        handsSet: [false, false],
        discards: [[], []],
        stockLeft: [0, 0],
        riichi: [false, false],
        turn: null,
        lastResult: { kind: 'drawn', nextAnte: 4000 },
        showingResult: true,
        resultBoard: finished,
      },
    });
    const won = PublicStateSchema.parse({
      ...afterWin,
      seq: 21,
      lastWin: { ...afterWin.lastWin!, stake: { ante: 8000, multiplier: 1.5 } },
    });
    for (const [width, height] of SIZES) {
      const { page, problems } = await open(drawn, width, height);
      const result = page.locator('[data-region="result"]');
      await result.waitFor();
      expect(await result.textContent()).toBe('Drawn · no win in 17 discards · ante doubles to 4,000');
      expect(await page.locator('.round-title').textContent()).toBe(`Minefield · Hand ${mid.handNumber}`);
      expect(await page.locator('.seat[data-seat="0"] .pond-count').getAttribute('data-discards')).toBe(
        String(mid.discards[0].length),
      );
      await shot(page, 'minefield-draw-shown', width, height);
      expect(await overflowOf(page, '.seat, .round-info, .chart-box', width < 600)).toEqual([]);
      server.push(won);
      await page.locator('.win-panel').waitFor();
      expect(await page.locator('.win-stake').textContent()).toBe('Ante 8,000 × 1.5 (haneman)');
      await shot(page, 'minefield-win-stake', width, height);
      expect(await overflowOf(page, '.win-panel', width < 600)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('RIICHI badges flash a few times when declared, not all hand long', async () => {
    for (const state of [midHand, riichi.midHand]) {
      const { page } = await open(state);
      const badge = page.locator('.badge.riichi').first();
      await badge.waitFor();
      // The flashing ends within five seconds (8 flashes of 0.6 s).
      await page.waitForTimeout(5_200);
      const running = await badge.evaluate(
        (el) => el.getAnimations().filter((a) => a.playState === 'running').length,
      );
      expect(running).toBe(0);
      await page.close();
    }
  });
});

describe('on a phone, 390×844 (issue 12)', () => {
  it('riichi and Minefield: every name whole, points whole, ponds clear of the points, nothing sideways', async () => {
    for (const [name, state, seatSel] of [
      ['riichi-play', riichi.midHand, '.rb-seat'],
      ['riichi-draw', riichi.afterDraw!, '.rb-seat'],
      ['minefield-play', midHand, '.seat'],
    ] as const) {
      const { page, problems } = await open(state, 390, 844);
      await page.waitForSelector(seatSel);
      await shot(page, `phone-${name}`, 390, 844);
      expect(await overflowOf(page, `${seatSel}, .rb-centre, .round-info`, true), name).toEqual([]);
      const seats = await page.$$eval(seatSel, (els) =>
        els.map((seat) => {
          const box = (el: Element | null) => el?.getBoundingClientRect() ?? null;
          const nameEl = seat.querySelector<HTMLElement>('.rb-name, .seat-name')!;
          const points = box(seat.querySelector('.rb-points, .seat-points'))!;
          const tiles = [
            ...seat.querySelectorAll('[data-region="pond"] svg.tile, [data-region="shown-hand"] svg.tile'),
          ].map((t) => t.getBoundingClientRect());
          const seatBox = seat.getBoundingClientRect();
          return {
            name: nameEl.textContent,
            nameCut: nameEl.scrollWidth > nameEl.clientWidth + 1,
            pointsInside: points.left >= seatBox.left && points.right <= seatBox.right + 0.5,
            pointsCovered: tiles.some(
              (t) =>
                t.left < points.right &&
                t.right > points.left &&
                t.top < points.bottom &&
                t.bottom > points.top,
            ),
            tilesInside: tiles.every(
              (t) => t.right <= seatBox.right + 0.5 && t.bottom <= seatBox.bottom + 0.5,
            ),
            tileWidth: tiles[0]?.width ?? null,
          };
        }),
      );
      for (const s of seats) {
        expect(s.nameCut, `${name}: ${s.name}`).toBe(false);
        expect(s.pointsInside, `${name}: ${s.name}'s points`).toBe(true);
        expect(s.pointsCovered, `${name}: ${s.name}'s points under tiles`).toBe(false);
        expect(s.tilesInside, `${name}: ${s.name}'s tiles`).toBe(true);
        // Readable in the hand: a pond tile at least 20 px wide.
        if (s.tileWidth !== null) expect(s.tileWidth).toBeGreaterThanOrEqual(20);
      }
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});

describe('what stops the game, on the scoreboard (issue 12)', () => {
  it('after End the board fades under SESSION ENDED; a lost table link is shown, not only on the console', async () => {
    const ended = PublicStateSchema.parse({
      ...riichi.midHand,
      seq: riichi.midHand.seq + 1,
      session: { ...riichi.midHand.session!, status: 'ended' },
    });
    const link = {
      state: 'lost' as const,
      protocol: 1,
      firmware: 'sim-1.0.0',
      bootId: 1,
      framesSent: 10,
      framesReceived: 10,
      eventsDelivered: 5,
      resends: 0,
      crcErrors: 0,
      badFrames: 0,
      duplicates: 0,
      reconnects: 1,
      reboots: 0,
      rttMs: { p50: 1, p99: 2, last: 1 },
      lastFaults: [],
    };
    const lost = PublicStateSchema.parse({
      ...riichi.midHand,
      seq: riichi.midHand.seq + 2,
      table: { ...riichi.midHand.table, link },
    });
    for (const [width, height] of SIZES) {
      const { page, problems } = await open(riichi.midHand, width, height);
      await page.waitForSelector('.rb-seat');
      expect(await page.getByTestId('session-ended').count()).toBe(0);
      expect(await page.getByTestId('link-alert').count()).toBe(0);
      server.push(lost);
      await page.getByTestId('link-alert').waitFor();
      expect(await page.getByTestId('link-alert').textContent()).toBe('Table link lost · reconnecting');
      await shot(page, 'riichi-link-lost', width, height);
      expect(await overflowOf(page, '.rb-centre', width < 600)).toEqual([]);
      server.push({ ...ended, seq: lost.seq + 1 });
      await page.getByTestId('session-ended').waitFor();
      expect(await page.getByTestId('link-alert').count()).toBe(0);
      const opacity = await page
        .locator('.rb-seat')
        .first()
        .evaluate((el) => Number(getComputedStyle(el).opacity));
      expect(opacity).toBeLessThan(0.6);
      await shot(page, 'riichi-session-ended', width, height);
      expect(await overflowOf(page, '.rb-centre', width < 600)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});

describe('an exhaustive draw across the room (issue 12)', () => {
  it('shows the tenpai hands large and the result line whole, at 1920×1080 and 1366×768', async () => {
    for (const [width, height] of SIZES.filter(([w]) => w > 600)) {
      const { page, problems } = await open(riichi.afterDraw!, width, height);
      await page.waitForSelector('[data-region="shown-hand"]');
      const result = page.locator('.rb-result');
      expect(await result.textContent()).toMatch(/^Exhaustive draw · /);
      expect(
        await result.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
      ).toBe(true);
      // Every shown tile at least 3.8% of the screen's height wide (41 px at 1080, 29 px at 768; they were ~24 px).
      const widths = await page.$$eval('[data-region="shown-hand"] svg.tile', (tiles) =>
        tiles.map((t) => t.getBoundingClientRect().width),
      );
      expect(Math.min(...widths)).toBeGreaterThanOrEqual(height * 0.038);
      await shot(page, 'riichi-exhaustive-draw', width, height);
      expect(await overflowOf(page, '.rb-seat, .rb-centre, .rb-id', false)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
