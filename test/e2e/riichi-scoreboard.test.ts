// The riichi and sanma scoreboard in real headless Chromium: seats, points, sticks, dora, riichi marks, melds, no hidden tiles, the win breakdown (issues 6, 7).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicState, RiichiView, Winner } from '../../contract/ipc-contract.js';
import { formatTile, tilesOf, tileOfText, type Tile } from '../../rules/tiles.js';
import { launchChromium } from './browser.js';
import { fixtureAnswer } from './fixture-states.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { momentsOf, seatsFor, statesOf, type GameMoments } from './riichi-states.js';
import { openScoreboard } from './scoreboard-page.js';
import { startFixtureServer, type FixtureServer } from './static-server.js';

const SIZES = [
  [1920, 1080],
  [1366, 768],
] as const;

let browser: Browser;
let server: FixtureServer;
let riichi: GameMoments;
let sanma: GameMoments;

beforeAll(async () => {
  // Seeds picked for their content: riichi 11 has calls, kans, draws and a double ron; sanma 6 norths and a double ron.
  riichi = momentsOf('riichi', 11, [0, 1, 2, 3]);
  sanma = momentsOf('sanma', 6, [0, 1, 2]);
  await ensureRendererBuilt();
  server = await startFixtureServer(riichi.midHand, (channel, payload) =>
    channel === 'replay.listHands'
      ? { ok: true, value: { sessionId: 7, lastSeq: 0, hands: [] } }
      : fixtureAnswer(channel, payload),
  );
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const open = (state: PublicState, width = 1920, height = 1080) =>
  openScoreboard(browser, server, state, width, height, '.rb-seat');

const tileCodes = (page: Page, selector: string): Promise<string[]> =>
  page.$$eval(`${selector} svg.tile[data-tile]`, (tiles) =>
    tiles.map((t) => t.getAttribute('data-tile') ?? ''),
  );
const codes = (tiles: readonly number[]): string[] => tiles.map((t) => formatTile(t as Tile));
const viewOf = (state: PublicState): RiichiView => state.view as RiichiView;

async function expectBoardShows(page: Page, state: PublicState): Promise<void> {
  const view = viewOf(state);
  expect(await page.locator('.rb-seat').count()).toBe(view.players);
  const leader = Math.max(...view.seats.map((s) => s.points));
  for (const s of view.seats) {
    const seat = page.locator(`.rb-seat[data-seat="${s.seat}"]`);
    expect(await seat.locator('.rb-name').textContent()).toBe(
      state.seats.find((x) => x.seat === s.seat)!.name,
    );
    expect(await seat.locator('.rb-points').getAttribute('data-points')).toBe(String(s.points));
    if (s.points < leader)
      expect(await seat.locator('.rb-gap').getAttribute('data-gap')).toBe(String(s.points - leader));
    expect(await seat.locator('[data-wind]').getAttribute('data-wind')).toBe(s.wind);
    expect(await seat.locator('.badge.dealer').count()).toBe(s.dealer ? 1 : 0);
    expect(await seat.locator('.rb-riichi').count()).toBe(s.riichi === 'none' ? 0 : 1);
    expect(await tileCodes(page, `.rb-seat[data-seat="${s.seat}"] .rb-pond`)).toEqual(
      codes(s.pond.map((p) => p.tile)),
    );
    // The riichi discard lies sideways; called discards are marked.
    expect(await seat.locator('.rb-pond [data-riichi] .rb-sideways').count()).toBe(
      s.pond.filter((p) => p.riichi).length,
    );
    expect(await seat.locator('.rb-pond [data-called]').count()).toBe(s.pond.filter((p) => p.called).length);
    expect(await seat.locator('.rb-meld').count()).toBe(s.melds.length);
    expect((await tileCodes(page, `.rb-seat[data-seat="${s.seat}"] .rb-melds`)).sort()).toEqual(
      codes(s.melds.flatMap((m) => m.tiles)).sort(),
    );
    if (view.phase === 'playing')
      expect(await seat.locator('[data-concealed]').getAttribute('data-concealed')).toBe(
        String(s.concealedCount),
      );
    if (s.norths > 0)
      expect(await seat.locator('[data-norths]').getAttribute('data-norths')).toBe(String(s.norths));
  }
  if (view.turn !== null)
    expect(await page.locator('.rb-seat.rb-turn').getAttribute('data-seat')).toBe(String(view.turn));
  expect(await page.locator('[data-honba]').getAttribute('data-honba')).toBe(String(view.honba));
  expect(await page.locator('[data-deposits]').getAttribute('data-deposits')).toBe(String(view.deposits));
  expect(await page.locator('[data-live-left]').getAttribute('data-live-left')).toBe(
    String(view.liveTilesLeft),
  );
  const windName = view.roundWind[0]!.toUpperCase() + view.roundWind.slice(1);
  expect(await page.locator('.rb-round').textContent()).toBe(`${windName} ${view.handNumber}`);
  expect(await tileCodes(page, '[data-region="dora"]')).toEqual(codes(view.doraIndicators));
}

async function expectWinPanelShows(page: Page, state: PublicState): Promise<void> {
  const win = state.lastWin!;
  const panel = page.locator(`.win-panel[data-win-seq="${win.seq}"]`);
  await panel.waitFor();
  const { seq: _s, doraIndicators, uraIndicators, others, ...first } = win;
  const winners: Winner[] = [first, ...(others ?? [])];
  expect(await panel.locator('.rw-winner').count()).toBe(winners.length);
  for (const w of winners) {
    const block = panel.locator(`.rw-winner[data-winner="${w.seat}"]`);
    const text = (await block.textContent()) ?? '';
    for (const y of w.yaku) expect(text).toContain(y.name);
    if (w.han !== null) expect(text).toContain(`${w.han} han${w.fu !== null ? ` · ${w.fu} fu` : ''}`);
    if (w.limit !== null) expect(text.toLowerCase()).toContain(w.limit);
    for (const [seat, amount] of w.payments.entries())
      if (amount < 0)
        expect(
          await block.locator(`[data-payment="${amount}"]`).first().textContent(),
          `seat ${seat} pays`,
        ).toBe(`−${(-amount).toLocaleString('en-US')}`);
    expect(await block.locator('.rw-gain').getAttribute('data-payment')).toBe(String(w.payments[w.seat]));
    // The riichi sticks the winner collects get their own row, so the rows add up to the gain.
    const sticks = w.payments.reduce((sum, amount) => sum + amount, 0);
    expect(await block.locator('[data-sticks]').count()).toBe(sticks > 0 ? 1 : 0);
    if (sticks > 0)
      expect(await block.locator('[data-sticks]').getAttribute('data-sticks')).toBe(String(sticks));
    const shown = await tileCodes(page, `.rw-winner[data-winner="${w.seat}"] [data-region="win-hand"]`);
    expect(shown.sort()).toEqual(
      codes([...w.hand, w.tile, ...(w.melds ?? []).flatMap((m) => m.tiles)]).sort(),
    );
  }
  expect(await tileCodes(page, '[data-region="win-indicators"]')).toEqual(
    codes([...doraIndicators, ...uraIndicators]),
  );
}

/** Fails when the page scrolls or a panel's content spills out of it. */
const overflowOf = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1) out.push('page scrolls');
    for (const el of document.querySelectorAll<HTMLElement>('.rb-seat, .rb-centre, .win-panel, .rw-winner'))
      if (el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2)
        out.push(`${el.className} overflows`);
    return out;
  });

describe('riichi-family scoreboard', () => {
  for (const [name, game] of [
    ['riichi', () => riichi],
    ['sanma', () => sanma],
  ] as const) {
    it(`${name}: shows seats, points, gaps, winds, dealer, turn, sticks, dora, ponds with riichi and called marks, melds; no concealed tile`, async () => {
      const state = game().midHand;
      const view = viewOf(state);
      expect(view.players).toBe(name === 'sanma' ? 3 : 4);
      // The chosen moment has something to show.
      expect(view.seats.some((s) => s.riichi !== 'none' || s.melds.length > 0)).toBe(true);
      const { page, problems } = await open(state);
      await expectBoardShows(page, state);
      // Every tile on the board is public: ponds, melds, dora indicators.
      const regions = await page.$$eval('.scoreboard svg.tile', (tiles) =>
        tiles.map((t) => t.closest('[data-region]')?.getAttribute('data-region') ?? 'none'),
      );
      expect(new Set(regions)).toEqual(
        new Set(['pond', 'dora', ...(view.seats.some((s) => s.melds.length > 0) ? ['melds'] : [])]),
      );
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`${name}: shows the win breakdown of each winner when the win arrives, then the board at the win`, async () => {
      const { page, problems } = await open(game().beforeWin);
      server.push(game().afterWin);
      await expectWinPanelShows(page, game().afterWin);
      await expectBoardShows(page, game().afterWin);
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`${name}: fits 1920×1080 and 1366×768 (play, win, draw) without overflow`, async () => {
      mkdirSync('test-output/screenshots', { recursive: true });
      const g = game();
      const shots: [string, PublicState, PublicState | null][] = [
        ['hand', g.midHand, null],
        ['win', g.afterWin, g.beforeWin],
        ...(g.afterDraw === null ? [] : [['draw', g.afterDraw, null] as [string, PublicState, null]]),
      ];
      for (const [width, height] of SIZES) {
        for (const [label, state, before] of shots) {
          const { page, problems } = await open(before ?? state, width, height);
          if (before !== null) {
            server.push(state);
            await page.locator('.win-panel').waitFor();
          }
          await page.screenshot({
            path: `test-output/screenshots/scoreboard-${name}-${label}-${width}x${height}.png`,
          });
          expect(await overflowOf(page), `${name} ${label} ${width}×${height}`).toEqual([]);
          expect(problems).toEqual([]);
          await page.close();
        }
      }
    });
  }

  it('shows the tenpai seats and their hands after an exhaustive draw', async () => {
    const state = riichi.afterDraw!;
    const view = viewOf(state);
    const result = view.lastResult!;
    expect(result.kind).toBe('exhaustiveDraw');
    if (result.kind !== 'exhaustiveDraw') return;
    const { page, problems } = await open(state);
    await expectBoardShows(page, state);
    for (const s of view.seats) {
      const tenpai = result.tenpai.find((t) => t.seat === s.seat);
      const seat = page.locator(`.rb-seat[data-seat="${s.seat}"]`);
      expect(await seat.locator('.rb-tenpai').count()).toBe(tenpai ? 1 : 0);
      expect(await tileCodes(page, `.rb-seat[data-seat="${s.seat}"] [data-region="shown-hand"]`)).toEqual(
        tenpai ? codes(tenpai.hand) : [],
      );
    }
    expect(await page.locator('[data-region="result"]').textContent()).toContain('Exhaustive draw');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows both winners of a scripted double ron with their payments by table seat', async () => {
    const win = (seat: number, payments: number[], han: number, name: string) => ({
      seat,
      from: 1,
      tile: tileOfText('5p'),
      hand: tilesOf('234m67p345s11z'),
      melds: [
        {
          type: 'pon',
          tiles: tilesOf('777z'),
          calledTile: tileOfText('7z'),
          from: 3,
          fromSeat: (seat + 1) % 4,
        },
      ],
      han,
      fu: 30,
      yaku: [{ id: 'Y', name, han }],
      yakuman: 0,
      limit: han >= 5 ? 'mangan' : null,
      basePoints: 1000,
      payments,
      liable: null,
    });
    const states = statesOf(
      'riichi',
      [
        { type: 'game.started', players: 4, firstDealer: 0, points: [25000, 25000, 25000, 25000] },
        {
          type: 'hand.started',
          roundWind: 2,
          handNumber: 3,
          dealer: 2,
          honba: 2,
          deposits: 1,
          points: [25000, 24000, 26000, 25000],
        },
        { type: 'hand.dealt', hands: [] },
        { type: 'hand.doraRevealed', indicator: tileOfText('9m') },
        {
          type: 'hand.won',
          wins: [win(2, [0, -8600, 9600, 0], 5, 'Red dragon'), win(3, [0, -2000, 0, 2000], 2, 'Round wind')],
          doraIndicators: [tileOfText('9m')],
          uraIndicators: [],
          deltas: [0, -10600, 9600, 2000],
          points: [25000, 13400, 35600, 27000],
          deposits: 0,
        },
      ],
      seatsFor([0, 1, 2, 3]),
    );
    const { page, problems } = await open(states.at(-2)!);
    server.push(states.at(-1)!);
    await expectWinPanelShows(page, states.at(-1)!);
    expect(await page.locator('.rw-multi').textContent()).toBe('DOUBLE RON');
    expect(await page.locator('.rw-winner[data-winner="2"] .rw-gain').textContent()).toBe('+9,600');
    expect(await page.locator('.rw-winner[data-winner="3"] [data-payment="-2000"]').textContent()).toBe(
      '−2,000',
    );
    await page.screenshot({ path: 'test-output/screenshots/scoreboard-riichi-double-ron-1920x1080.png' });
    expect(await overflowOf(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
