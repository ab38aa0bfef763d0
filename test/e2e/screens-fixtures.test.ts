// The three screens in real headless Chromium against recorded PublicState fixtures: content, hidden information, layout, CSP (issue 6).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minefieldViewOf } from '../../contract/ipc-contract.js';
import { CONTENT_SECURITY_POLICY } from '../../electron/security.js';
import { formatTile, type Tile } from '../../rules/tiles.js';
import { launchChromium } from './browser.js';
import { afterWin, fixtureAnswer, midHand, pausedWithFault } from './fixture-states.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startFixtureServer, type FixtureServer } from './static-server.js';
import { usedFonts, webFontFaces } from './used-fonts.js';

const SIZES = [
  [1920, 1080],
  [1366, 768],
] as const;

let browser: Browser;
let server: FixtureServer;
const calls: { channel: string; payload: unknown }[] = [];

beforeAll(async () => {
  await ensureRendererBuilt();
  server = await startFixtureServer(midHand, (channel, payload) => {
    calls.push({ channel, payload });
    if (channel === 'operator.clearFault') return { ok: true, value: {} };
    if (channel === 'session.nextGame') return { ok: true, value: { sessionId: 1, game: 2 } };
    if (channel === 'operator.correctMisread') return { ok: true, value: { correctionSeq: 200 } };
    if (channel === 'lan.setEnabled')
      return (payload as { enabled: boolean }).enabled
        ? {
            ok: true,
            value: {
              enabled: true,
              url: 'http://192.168.1.20:8420/scoreboard',
              token: 'lan-token-0123456789',
            },
          }
        : { ok: true, value: { enabled: false } };
    return fixtureAnswer(channel, payload);
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page that fails the test on any script error or CSP violation. */
async function openPage(
  path: string,
  width = 1920,
  height = 1080,
): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`csp: ${message.text()}`);
  });
  await page.goto(`${server.url}${path}`);
  return { page, problems };
}

const tileCodes = (page: Page, selector: string): Promise<string[]> =>
  page.$$eval(`${selector} svg.tile[data-tile]`, (tiles) =>
    tiles.map((t) => t.getAttribute('data-tile') ?? ''),
  );

describe('scoreboard', () => {
  it('shows names, points, dealer, turn, discard counts, ponds and the dora indicator of the public state', async () => {
    server.push(midHand);
    const { page, problems } = await openPage('/scoreboard');
    await page.waitForSelector('.seat');
    const view = minefieldViewOf(midHand)!;
    for (const mineSeat of [0, 1] as const) {
      const seat = page.locator(`.seat[data-seat="${view.tableSeats[mineSeat]}"]`);
      expect(await seat.locator('.seat-points').getAttribute('data-points')).toBe(
        String(view.points[mineSeat]),
      );
      expect(await seat.locator('.pond-count').getAttribute('data-discards')).toBe(
        String(view.discards[mineSeat].length),
      );
      expect(await tileCodes(page, `.seat[data-seat="${view.tableSeats[mineSeat]}"] .pond`)).toEqual(
        view.discards[mineSeat].map((t) => formatTile(t as Tile)),
      );
    }
    expect(await page.locator('.seat[data-seat="2"] .seat-name').textContent()).toBe('Bernard Okonkwo-Smith');
    expect(await page.locator('.seat[data-seat="2"] .badge.dealer').count()).toBe(1);
    expect(await page.locator('.seat[data-seat="2"].seat-turn').count()).toBe(1);
    expect(await page.locator('.seat[data-seat="0"] .gap').textContent()).toContain('leads by 14,000');
    expect(await page.locator('.seat[data-seat="2"] .gap').textContent()).toContain('14,000 behind');
    expect(await tileCodes(page, '[data-region="dora"]')).toEqual(['7s']);
    expect(await page.locator('[data-ante]').getAttribute('data-ante')).toBe('2000');
    // Every tile on the board is in a public region: the ponds or the dora indicator.
    const all = await page.$$eval('.scoreboard svg.tile', (tiles) =>
      tiles.map((t) => t.closest('[data-region]')?.getAttribute('data-region') ?? 'none'),
    );
    expect(new Set(all)).toEqual(new Set(['pond', 'dora']));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the win breakdown (yaku with han, fu, limit, payments) when a win arrives', async () => {
    server.push(midHand);
    const { page, problems } = await openPage('/scoreboard');
    await page.waitForSelector('.seat');
    server.push(afterWin);
    const panel = page.locator('.win-panel');
    await panel.waitFor();
    const text = (await panel.textContent()) ?? '';
    for (const y of afterWin.lastWin!.yaku) expect(text).toContain(y.name);
    expect(text).toContain('7 han · 40 fu');
    expect(text).toContain('HANEMAN');
    expect(await panel.locator('[data-payment="12000"]').textContent()).toBe('+12,000');
    expect(await panel.locator('[data-payment="-12000"]').textContent()).toBe('−12,000');
    expect(await tileCodes(page, '[data-region="win-hand"]')).toEqual(
      [...afterWin.lastWin!.hand, afterWin.lastWin!.tile].map((t) => formatTile(t as Tile)),
    );
    expect(await page.locator('.seat[data-seat="0"] .seat-points').getAttribute('data-points')).toBe('39000');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits 1920×1080 and 1366×768 without overflow, and is served with the strict CSP', async () => {
    const response = await fetch(`${server.url}/scoreboard`);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    for (const [width, height] of SIZES) {
      for (const state of [midHand, afterWin]) {
        server.push(state);
        const { page, problems } = await openPage('/scoreboard', width, height);
        await page.waitForSelector(state === afterWin ? '.win-panel' : '.seat');
        const overflow = await page.evaluate(() => {
          const out: string[] = [];
          const root = document.scrollingElement!;
          if (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1)
            out.push('page scrolls');
          for (const el of document.querySelectorAll<HTMLElement>(
            '.seat, .round-info, .chart-box, .win-panel',
          ))
            if (el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2)
              out.push(`${el.className} overflows`);
          return out;
        });
        expect(overflow, `${width}×${height}`).toEqual([]);
        mkdirSync('test-output/screenshots', { recursive: true });
        await page.screenshot({
          path: `test-output/screenshots/scoreboard-fixture-${state === afterWin ? 'win' : 'hand'}-${width}x${height}.png`,
        });
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });
});

describe('fonts (issue 12: a fresh PC has neither Liberation nor DejaVu)', () => {
  it('draws the screens in the bundled fonts, loaded before the first render, never in a font of the PC', async () => {
    server.push(afterWin);
    const { page, problems } = await openPage('/scoreboard');
    // The first render already has the faces (main.tsx waits for them): no layout in a fallback font.
    await page.waitForSelector('.seat-name');
    const faces = await webFontFaces(page);
    for (const weight of ['400', '700'])
      expect(faces.filter((f) => f.family === 'Arimo' && f.weight === weight).map((f) => f.status)).toContain(
        'loaded',
      );
    // A seat's name is drawn by its inner span (SeatName scales it by its length).
    for (const selector of ['.seat-name > span', '.seat-points', '.win-title', '.fact-label']) {
      const fonts = await usedFonts(page, selector);
      expect(fonts, selector).toEqual([{ familyName: 'Arimo', isCustomFont: true }]);
    }
    await page.close();
    const console = await openPage('/console');
    await console.page.waitForSelector('kbd');
    expect(await usedFonts(console.page, 'kbd')).toEqual([
      { familyName: 'DejaVu Sans Mono', isCustomFont: true },
    ]);
    expect(await usedFonts(console.page, 'h1, h2')).toEqual([{ familyName: 'Arimo', isCustomFont: true }]);
    expect([...problems, ...console.problems]).toEqual([]);
    await console.page.close();
  });
});

describe('console', () => {
  it('shows the fault and resolves it with the code it showed, and logs an audited correction', async () => {
    server.push(pausedWithFault);
    const { page, problems } = await openPage('/console');
    await page.getByTestId('fault').waitFor();
    expect(await page.getByTestId('session').getAttribute('data-status')).toBe('paused');
    expect(await page.getByTestId('resends').textContent()).toBe('3');
    expect(await page.getByTestId('crc-errors').textContent()).toBe('1');
    await page.getByTestId('clear-fault').click();
    await page.getByTestId('notice').filter({ hasText: 'fault jam cleared' }).waitFor();
    expect(calls.filter((c) => c.channel === 'operator.clearFault').at(-1)?.payload).toEqual({ code: 'jam' });
    // A log line fills the event number; the note is required and sent trimmed.
    await page.locator('.log-line').first().click();
    await page.getByTestId('misread-tiles').fill('5p');
    await page.getByTestId('misread-note').fill('  sensor read 5p as 6p  ');
    await page.getByTestId('misread-submit').click();
    await page.getByText('correction logged as event 200').waitFor();
    const sent = calls.filter((c) => c.channel === 'operator.correctMisread').at(-1)?.payload;
    expect(sent).toEqual({ eventSeq: 113, tiles: [13], note: 'sensor read 5p as 6p' });
    expect(problems).toEqual([]);
    await page.close();
  });
  it('offers Next game only while the host holds one after a game over, and asks for it (issue 12)', async () => {
    server.push(midHand);
    const { page, problems } = await openPage('/console');
    await page.getByTestId('start').waitFor();
    expect(await page.getByTestId('next-game').count()).toBe(0);
    server.push({ ...midHand, seq: 40, session: { ...midHand.session!, awaitingNextGame: true } });
    await page.getByTestId('next-game').click();
    await page.getByTestId('notice').filter({ hasText: 'game 2 started' }).waitFor();
    expect(calls.filter((c) => c.channel === 'session.nextGame')).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });
  it('turns the LAN scoreboard on and shows its address with the token as a QR code', async () => {
    const { page, problems } = await openPage('/console');
    await page.getByTestId('lan').click();
    await page.getByTestId('lan-url').waitFor();
    expect(await page.getByTestId('lan-url').textContent()).toBe(
      'http://192.168.1.20:8420/scoreboard?token=lan-token-0123456789',
    );
    const qr = page.locator('img.qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByTestId('lan').click();
    await page.getByTestId('lan-url').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('replay viewer', () => {
  it('steps with the arrow keys and the mouse wheel and jumps between key events', async () => {
    const { page, problems } = await openPage('/replay');
    const step = page.getByTestId('replay-step');
    await page.waitForSelector('.replay-board .seat');
    expect(await step.getAttribute('data-seq')).toBe('100');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => step.getAttribute('data-seq')).toBe('103');
    await page.mouse.move(600, 500);
    await page.mouse.wheel(0, 100);
    await expect.poll(() => step.getAttribute('data-seq')).toBe('106');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => step.getAttribute('data-seq')).toBe('109');
    await page.keyboard.press('End');
    await expect.poll(() => page.getByTestId('replay-board').getAttribute('data-event-seq')).toBe('130');
    expect(
      await page.locator('.replay-board .seat[data-seat="0"] .seat-points').getAttribute('data-points'),
    ).toBe('39000');
    // The hand set at the first event is open in the side panel once the hand is over.
    expect(await tileCodes(page, '[data-region="replay-open"]')).toEqual([
      '1m',
      '2m',
      '3m',
      '4p',
      '5p',
      '6p',
      '7p',
      '8p',
      '3s',
      '4s',
      '5s',
      '9s',
      '9s',
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
