// Issue 12, the replay viewer players expect, in real headless Chromium against the real host and server on recorded sessions of every variant and an import: a test per defect the issue quotes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandSummary } from '../../contract/ipc-contract.js';
import { createHostHandlers } from '../../host/server/api.js';
import { Host } from '../../host/session/host.js';
import { startServer, type RunningServer } from '../../host/server/server.js';
import { tileKind, tileOfText, type Tile } from '../../rules/tiles.js';
import { launchChromium } from './browser.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { PLAYER_NAMES, recordReplaySessions, type ReplaySessions } from './replay-sessions.js';
import { RENDERER_ROOT } from './static-server.js';

const OPERATOR = 'replay-e2e-operator-token-0001';
const VIEWER = 'replay-e2e-viewer-token-00002';
const SHOTS = 'test-output/screenshots';

const dir = mkdtempSync(path.join(tmpdir(), 'replay-e2e-'));
let recorded: ReplaySessions;
let host: Host;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  recorded = await recordReplaySessions(dir);
  const opened = Host.open({ dbPath: recorded.dbPath, pace: { thinkMs: 0, motorMs: 1 } });
  if (!opened.ok) throw new Error(opened.message);
  host = opened.value;
  await ensureRendererBuilt();
  server = await startServer({
    handlers: createHostHandlers(host, null),
    onPublicState: (listener) => host.onPublicState(listener),
    rendererDir: RENDERER_ROOT,
    port: 0,
    listen: '127.0.0.1',
    operatorToken: OPERATOR,
    viewerToken: VIEWER,
  });
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function handsOf(sessionId: number): Promise<HandSummary[]> {
  const reply = await createHostHandlers(host, null)['replay.listHands']({ sessionId });
  if (!reply.ok) throw new Error(reply.message);
  return reply.value.hands;
}

interface Viewer {
  readonly page: Page;
  readonly problems: string[];
}

/** The replay of session `sessionId` at hand `hand` (its first step), in a fresh page of the given size. */
async function openReplay(
  sessionId: number,
  hand = 0,
  size = { width: 1920, height: 1080 },
): Promise<Viewer> {
  const page = await browser.newPage({ viewport: size });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`http://127.0.0.1:${server.port}/replay?token=${OPERATOR}`);
  await page.getByTestId('replay-session').selectOption(String(sessionId));
  // The session's own hands are in (not those of the session shown first).
  await page.waitForSelector(`main.replay[data-hands-of="${sessionId}"]`);
  if (hand !== 0) await page.getByTestId('replay-hand').selectOption(String(hand));
  await settled(page);
  return { page, problems };
}

/** Waits until the board shows the step the step line names. */
async function settled(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const seq = document.querySelector('[data-testid="replay-step"]')?.getAttribute('data-seq');
    return (
      seq !== '' &&
      seq !== null &&
      document.querySelector('[data-testid="replay-board"]')?.getAttribute('data-event-seq') === seq
    );
  });
  return Number(await page.getByTestId('replay-step').getAttribute('data-seq'));
}

async function press(page: Page, key: string): Promise<number> {
  const before = await page.getByTestId('replay-step').getAttribute('data-seq');
  await page.keyboard.press(key);
  await page.waitForFunction(
    (b) => document.querySelector('[data-testid="replay-step"]')?.getAttribute('data-seq') !== b,
    before,
  );
  return settled(page);
}

/** Every open hand on the board: its seat and its tiles in the order drawn, the drawn tile apart. */
const openHands = (page: Page) =>
  page.$$eval('.replay-board [data-region="replay-open"]', (regions) =>
    regions.map((r) => ({
      seat: Number(r.getAttribute('data-seat')),
      tiles: [...r.querySelectorAll('.rp-hand > svg.tile')].map((t) => t.getAttribute('data-tile')!),
      drawn: [...r.querySelectorAll('.rp-drawn svg.tile')].map((t) => t.getAttribute('data-tile')!),
      stock: [...r.querySelectorAll('.rp-stock svg.tile')].map((t) => t.getAttribute('data-tile')!),
    })),
  );

const isSorted = (codes: readonly string[]): boolean =>
  codes.every(
    (c, i) => i === 0 || tileKind(tileOfText(codes[i - 1]!) as Tile) <= tileKind(tileOfText(c) as Tile),
  );

/** The words of the page a player reads: the step line, the key events, the hand picker, the board. */
const readable = (page: Page) =>
  page.evaluate(() =>
    [
      document.querySelector('[data-testid="replay-step"]')?.textContent ?? '',
      document.querySelector('[data-region="key-events"]')?.textContent ?? '',
      ...[...document.querySelectorAll('[data-testid="replay-hand"] option')].map((o) => o.textContent ?? ''),
      document.querySelector('[data-testid="replay-board"]')?.textContent ?? '',
    ].join('\n'),
  );

describe('replay viewer (issue 12)', () => {
  it('shows every hand open and sorted at every step of a hand, never "13 in hand" (riichi, sanma, tenpai race, Minefield, an import)', async () => {
    const cases = [
      { id: recorded.ids.riichi, seats: 4 },
      { id: recorded.ids.sanma, seats: 3 },
      { id: recorded.ids.tenpaiRace, seats: 2 },
      { id: recorded.ids.minefield, seats: 2 },
      { id: recorded.ids.imported, seats: 4 },
    ];
    for (const c of cases) {
      const { page, problems } = await openReplay(c.id);
      const total = Number((await page.getByTestId('replay-step').textContent())!.match(/of (\d+)/)![1]);
      let dealt = 0;
      for (let i = 0; i < total; i++) {
        const seq = await settled(page);
        expect(await page.locator('.replay-board .rb-concealed').count(), `#${seq}`).toBe(0);
        const hands = await openHands(page);
        if (hands.some((h) => h.tiles.length > 0)) {
          dealt++;
          expect(hands, `session ${c.id} #${seq}`).toHaveLength(c.seats);
          for (const h of hands)
            expect(isSorted(h.tiles), `#${seq} seat ${h.seat}: ${h.tiles.join(' ')}`).toBe(true);
        }
        if (i < total - 1) await press(page, 'ArrowRight');
      }
      expect(dealt, `session ${c.id}`).toBeGreaterThan(10);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 600_000);

  it('deals the starting hands onto the board in tile faces, the dealer’s fourteenth apart; no side list of raw fields or capital codes', async () => {
    const { page, problems } = await openReplay(recorded.ids.riichi);
    while (!(await page.getByTestId('replay-step').textContent())!.includes('Tiles dealt'))
      await press(page, 'ArrowRight');
    const hands = await openHands(page);
    expect(hands).toHaveLength(4);
    expect(hands.map((h) => h.tiles.length + h.drawn.length).sort()).toEqual([13, 13, 13, 14]);
    expect(hands.filter((h) => h.drawn.length === 1)).toHaveLength(1);
    const dealer = await page.locator('.replay-board .rb-seat:has(.badge.dealer)').getAttribute('data-seat');
    expect(hands.find((h) => h.drawn.length === 1)!.seat).toBe(Number(dealer));
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/HANDS\[|\bhands\[\d\]|SEAT\.|seat\.handSet|\b\d[MPSZ]\b/);
    expect(await page.locator('[data-region="replay-open"]').count()).toBe(4);
    await page.screenshot({ path: `${SHOTS}/replay-deal-1920x1080.png` });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the win breakdown at a win: yaku with han, fu or the limit, the payments, dora and ura; Minefield the ante × multiplier', async () => {
    const riichiHands = await handsOf(recorded.ids.riichi);
    const won = riichiHands.findIndex((h) => h.status === 'finished' && h.result.includes(' wins '));
    const { page, problems } = await openReplay(recorded.ids.riichi, won);
    await press(page, 'End');
    const panel = page.locator('[data-region="replay-result"] .rw-panel');
    await panel.waitFor();
    expect(await panel.locator('.rw-yaku tr').count()).toBeGreaterThan(0);
    expect(await panel.locator('.rw-yaku').textContent()).toMatch(/han|yakuman/);
    expect(await panel.locator('.rw-hanfu, .win-limit').first().textContent()).toMatch(
      /han|fu|MANGAN|HANEMAN|BAIMAN|YAKUMAN/,
    );
    expect(await panel.locator('.rw-payments td[data-payment]').count()).toBeGreaterThan(0);
    expect(await panel.locator('[data-region="win-indicators"] svg.tile').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/replay-win-1920x1080.png` });
    // The panel can be put aside to look at the open hands under it.
    await page.getByRole('button', { name: 'Hide the result' }).click();
    expect(await panel.count()).toBe(0);
    expect(await openHands(page)).toHaveLength(4);
    await page.close();

    const mine = await handsOf(recorded.ids.minefield);
    const mineWon = mine.findIndex((h) => h.result.includes(' wins off '));
    const m = await openReplay(recorded.ids.minefield, mineWon);
    await press(m.page, 'End');
    await m.page.locator('[data-region="replay-result"] .win-panel').waitFor();
    expect(await m.page.locator('[data-region="replay-result"] .yaku-table tr').count()).toBeGreaterThan(1);
    expect(await m.page.getByTestId('replay-step').textContent()).toMatch(/ante × \d/);
    await m.page.close();
    expect([...problems, ...m.problems]).toEqual([]);
  });

  it('shows a draw with its payments and an abortive draw with its reason', async () => {
    const mine = await handsOf(recorded.ids.minefield);
    const drawn = mine.findIndex((h) => h.result.startsWith('Drawn'));
    const m = await openReplay(recorded.ids.minefield, drawn);
    await press(m.page, 'End');
    expect(await m.page.locator('.rp-draw-title').textContent()).toMatch(
      /^Drawn: nobody won; the ante doubles to [\d,]+$/,
    );
    await m.page.close();
    const race = await handsOf(recorded.ids.tenpaiRace);
    const aborted = race.findIndex((h) => h.result.startsWith('Abortive draw'));
    const r = await openReplay(recorded.ids.tenpaiRace, aborted);
    await press(r.page, 'End');
    expect(await r.page.locator('.rp-draw-title').textContent()).toMatch(/Abortive draw: Stage A over/);
    // Each player's line: name, and what moved (nothing in Stage A).
    const rows = await r.page.locator('.rp-draw-rows tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows.join('\n')).toContain(PLAYER_NAMES[0]);
    expect(rows.join('\n')).toContain(PLAYER_NAMES[2]);
    await r.page.close();
  });

  it('lists key events without the passes and the seats’ declarations; each names its player and jumps there when clicked', async () => {
    const { page, problems } = await openReplay(recorded.ids.riichi);
    const keys = page.locator('[data-region="key-events"] button');
    const texts = await keys.allTextContents();
    expect(texts.length).toBeGreaterThan(2);
    for (const t of texts) expect(t).not.toMatch(/passed|Declared|seat\.\w+|\bseat \d\b/i);
    const call = texts.findIndex((t) => / calls | closed kan| added kan/.test(t));
    expect(call).toBeGreaterThan(-1);
    const target = keys.nth(call);
    const seq = await target.getAttribute('data-seq');
    await target.click();
    await expect.poll(() => page.getByTestId('replay-step').getAttribute('data-seq')).toBe(seq);
    expect(await settled(page)).toBe(Number(seq));
    expect(await target.getAttribute('aria-current')).toBe('step');
    expect(PLAYER_NAMES.some((n) => texts[call]!.includes(n))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('names the players everywhere, one name per seat: picker, step line, key events and board agree', async () => {
    for (const id of [recorded.ids.riichi, recorded.ids.minefield, recorded.ids.mangan]) {
      const { page, problems } = await openReplay(id);
      await press(page, 'End');
      const text = await readable(page);
      expect(text, `session ${id}`).not.toMatch(/\bseat \d\b/i);
      // The hand's result in the picker names the winner the board marks.
      const won = page.locator('.replay-board .rb-seat.rb-won .rb-name');
      const option = await page.locator('[data-testid="replay-hand"] option:checked').textContent();
      if ((await won.count()) > 0) expect(option).toContain(`${await won.first().textContent()} wins`);
      for (const name of PLAYER_NAMES.filter((_, seat) => id !== recorded.ids.minefield || seat % 2 === 0))
        expect(text, `session ${id}`).toContain(name);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it("shows a win with that hand's ante and dealer, not the next hand's (Minefield); a riichi win with its own round", async () => {
    const mine = await handsOf(recorded.ids.minefield);
    const index = mine.findIndex((h) => h.result.includes(' wins off '));
    const hand = mine[index]!;
    const ante = Number(hand.label!.match(/ante ([\d,]+)/)![1]!.replace(/,/g, ''));
    const { page } = await openReplay(recorded.ids.minefield, index);
    // The hand's first step names its dealer.
    const dealerName = (await page.getByTestId('replay-step').textContent())!.match(/: (.+) deals/)![1]!;
    await press(page, 'End');
    await page.getByRole('button', { name: 'Hide the result' }).click();
    expect(await page.locator('.replay-board [data-ante]').getAttribute('data-ante')).toBe(String(ante));
    expect(await page.locator('.replay-board .seat:has(.badge.dealer) .seat-name').textContent()).toBe(
      dealerName,
    );
    await page.close();

    const riichi = await handsOf(recorded.ids.riichi);
    const r = await openReplay(recorded.ids.riichi, 0);
    await press(r.page, 'End');
    await r.page.getByRole('button', { name: 'Hide the result' }).click();
    expect(await r.page.locator('.replay-board .rb-round').textContent()).toBe(riichi[0]!.label);
    await r.page.close();
  });

  it('lists the hand a session was ended in as unfinished, and a voided hand as voided, and opens both', async () => {
    const hands = await handsOf(recorded.ids.riichi);
    const unfinished = hands.findIndex((h) => h.status === 'unfinished');
    const voided = hands.findIndex((h) => h.status === 'voided');
    expect(unfinished).toBe(hands.length - 1);
    expect(voided).toBeGreaterThan(-1);
    const { page, problems } = await openReplay(recorded.ids.riichi, unfinished);
    expect(await page.locator('[data-testid="replay-hand"] option:checked').textContent()).toMatch(
      /Unfinished/,
    );
    expect(await page.locator('.rp-status').getAttribute('data-status')).toBe('unfinished');
    await press(page, 'End');
    expect(await page.locator('[data-region="key-events"]').textContent()).toMatch(
      /Session ended by the operator/,
    );
    expect(await openHands(page)).toHaveLength(4);
    await page.screenshot({ path: `${SHOTS}/replay-unfinished-1920x1080.png` });
    await page.getByTestId('replay-hand').selectOption(String(voided));
    await page.locator('.rp-status[data-status="voided"]').waitFor();
    expect(await page.locator('[data-testid="replay-hand"] option:checked').textContent()).toMatch(/Voided/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('steps with ← → across hands, PgUp PgDn hand by hand, and jumps to a hand from the picker', async () => {
    const hands = await handsOf(recorded.ids.sanma);
    expect(hands.length).toBeGreaterThanOrEqual(2);
    const { page, problems } = await openReplay(recorded.ids.sanma);
    await press(page, 'End');
    // Past the last step of the hand: the next hand's first step.
    expect(await press(page, 'ArrowRight')).toBe(hands[1]!.firstSeq);
    expect(await page.getByTestId('replay-hand').inputValue()).toBe('1');
    // And back: the first hand's last step.
    const back = await press(page, 'ArrowLeft');
    expect(back).toBeLessThan(hands[1]!.firstSeq);
    expect(await page.getByTestId('replay-hand').inputValue()).toBe('0');
    expect(await press(page, 'PageDown')).toBe(hands[1]!.firstSeq);
    expect(await press(page, 'PageUp')).toBe(hands[0]!.firstSeq);
    await page.getByTestId('replay-hand').selectOption('1');
    await expect
      .poll(() => page.getByTestId('replay-step').getAttribute('data-seq'))
      .toBe(String(hands[1]!.firstSeq));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('replays an imported tenhou.net/6 game: its players, open hands and the recorded win', async () => {
    const { page, problems } = await openReplay(recorded.ids.imported);
    expect(await page.locator('.replay-board .rb-seat').count()).toBe(4);
    await press(page, 'ArrowRight');
    await press(page, 'ArrowRight');
    expect(await openHands(page)).toHaveLength(4);
    await press(page, 'End');
    await page.locator('[data-region="replay-result"] .rw-panel').waitFor();
    expect(await page.locator('.rw-yaku tr').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/replay-import-1920x1080.png` });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits 1920×1080, 1366×768 and 390×844: open hands inside their seats, no sideways scrolling on a phone', async () => {
    const sizes = [
      { width: 1920, height: 1080 },
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ];
    const sessions = [
      ['riichi', recorded.ids.riichi],
      ['sanma', recorded.ids.sanma],
      ['minefield', recorded.ids.minefield],
      ['mangan', recorded.ids.mangan],
      ['clear', recorded.ids.clear],
      ['tenpai-race', recorded.ids.tenpaiRace],
      ['tournament', recorded.ids.tournament],
      ['import', recorded.ids.imported],
    ] as const;
    for (const size of sizes)
      for (const [name, id] of sessions) {
        const { page, problems } = await openReplay(id, 0, size);
        for (let i = 0; i < 30; i++) await press(page, 'ArrowRight');
        const clipped = await page.$$eval('.replay-board [data-region="replay-open"] .rp-hand', (hands) =>
          hands.flatMap((h) => {
            const seat = h.closest('.rb-seat, .seat')!.getBoundingClientRect();
            const box = h.getBoundingClientRect();
            return box.right > seat.right + 1 || box.bottom > seat.bottom + 1
              ? [h.closest('[data-seat]')!.getAttribute('data-seat')]
              : [];
          }),
        );
        expect(clipped, `${name} at ${size.width}×${size.height}`).toEqual([]);
        if (size.width < 700)
          expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(
            size.width,
          );
        await page.screenshot({
          path: `${SHOTS}/replay-${name}-${size.width}x${size.height}.png`,
          fullPage: size.width < 700,
        });
        await press(page, 'End');
        await page.screenshot({
          path: `${SHOTS}/replay-${name}-end-${size.width}x${size.height}.png`,
          fullPage: size.width < 700,
        });
        expect(problems).toEqual([]);
        await page.close();
      }
  }, 600_000);
});
