// The operator console drives the live host in headless Chromium: resolve an injected fault, correct a misread, end, then set up and start a game on the simulator (issue 6).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';
import { observeHost, type HostObserver } from './host-observer.js';
import { startPtyTable, type PtyTable } from './pty-table.js';
import { FULL_CAPABILITIES } from '../../hardware/simulator/table-model.js';
import { formatTiles, tileKind, type Tile } from '../../rules/tiles.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';

const OPERATOR = 'e2e-console-operator-01';
const SHOTS = 'test-output/screenshots';

let table: PtyTable;
let serve: ServeProcess;
let browser: Browser;
let host: HostObserver;
let page: Page;

beforeAll(async () => {
  await ensureRendererBuilt();
  // The table jams on its first wall build: the host (with an operator, no autopilot) waits for the console.
  // It has no discard sensors (issue 12): each discard arrives unread and waits for the operator's correction.
  table = await startPtyTable({
    seed: 9,
    thinkMs: 250,
    faults: { jamAt: { stage: 'build', nth: 1 } },
    capabilities: { ...FULL_CAPABILITIES, sensors: { ...FULL_CAPABILITIES.sensors, discards: false } },
  });
  [serve, browser] = await Promise.all([
    startServe({
      extraArgs: [
        '--port',
        table.hostPath,
        '--listen',
        '127.0.0.1',
        '--think-ms',
        '250',
        '--motor-ms',
        '15',
        '--token',
        OPERATOR,
        // The LAN switch listens on this loopback alias as if it were the LAN: tests send nothing to a network.
        '--lan-address',
        '127.0.0.2',
      ],
    }),
    launchChromium(),
  ]);
  host = await observeHost(`${serve.origin}/console?token=${OPERATOR}`);
  mkdirSync(SHOTS, { recursive: true });
  page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${serve.origin}/console?token=${OPERATOR}`);
});
afterAll(async () => {
  host?.close();
  await browser?.close();
  await serve?.stop();
  await table?.close();
});

describe('operator console', () => {
  it('shows the injected jam and resolves it; the hand then goes on', async () => {
    await page.getByTestId('fault').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('fault').textContent()).toContain('jam');
    await page.screenshot({ path: `${SHOTS}/console-fault-1366x768.png` });
    await page.getByTestId('clear-fault').click();
    await page.getByTestId('notice').filter({ hasText: 'fault jam cleared' }).waitFor();
    await host.waitFor(
      (s) => s.table.fault === null && s.view !== null && s.view.phase === 'awaitingDiscard',
      30_000,
      'play after the fault',
    );
    await page.getByTestId('fault').waitFor({ state: 'detached' });
  }, 60_000);

  it('corrects a misread table read with an audited note', async () => {
    // Only what the game can still take is offered: the unread discard it waits for.
    const read = page.locator('[data-testid="reads"] button', { hasText: 'discard of' }).first();
    await read.waitFor({ timeout: 20_000 });
    expect(await read.textContent()).toMatch(/: \?$/);
    const seq = Number(await read.getAttribute('data-seq'));
    await read.click();
    expect(await page.getByTestId('misread-seq').inputValue()).toBe(String(seq));
    const discarder = table.firmware.model.discards.findIndex((pond) => pond.length > 0);
    const onTable = table.firmware.model.discards[discarder]!.at(-1)! as Tile;
    // A tile the discarder cannot have thrown: the game refuses it, and the console says so (issue 12).
    const held = new Set(
      [...table.firmware.model.walls[discarder]!, ...table.firmware.model.hands[discarder]!].map(tileKind),
    );
    const wrong = Array.from({ length: 34 }, (_, k) => k).find((k) => !held.has(k))! as Tile;
    await page.getByTestId('misread-tiles').fill(formatTiles([wrong]));
    await page.getByTestId('misread-note').fill('sensor missed it; read off the table');
    await page.getByTestId('misread-submit').click();
    const refused = await page
      .getByTestId('notice')
      .filter({ hasText: /correction_refused|not_correctable/ });
    await refused.waitFor();
    // The tile really there: the game takes it.
    await page.getByTestId('misread-tiles').fill(formatTiles([onTable]));
    await page.getByTestId('misread-submit').click();
    await page
      .getByTestId('notice')
      .filter({
        hasText: new RegExp(`correction logged as event \\d+: the game took ${formatTiles([onTable])}`),
      })
      .waitFor();
    await host.waitFor(
      (s) => s.log.some((line) => line.type === 'operator.correction' && line.text.includes(`event ${seq}`)),
      10_000,
      'the correction in the log',
    );
  }, 60_000);

  it('switches the LAN scoreboard off and on under serve: token, address and QR code shown (issue 6)', async () => {
    const lan = page.getByTestId('lan');
    // serve starts with read-only access on; the first press shows the token in force.
    await lan.click();
    await page.getByTestId('lan-url').waitFor({ timeout: 10_000 });
    const first = new URL((await page.getByTestId('lan-url').textContent())!);
    expect(first.pathname).toBe('/scoreboard');
    const firstToken = first.searchParams.get('token')!;
    expect(firstToken.length).toBeGreaterThanOrEqual(16);
    expect(await page.locator('.lan-on img.qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await lan.getAttribute('aria-pressed')).toBe('true');
    const viewer = await observeHost(`${serve.origin}/scoreboard?token=${firstToken}`);
    await viewer.waitFor(() => true, 10_000, 'a state on the LAN scoreboard');
    // Off: the console says so, and that scoreboard's token no longer opens the socket.
    await lan.click();
    await page.getByTestId('notice').filter({ hasText: 'LAN scoreboard off' }).waitFor();
    await page.getByTestId('lan-url').waitFor({ state: 'detached' });
    await expect(observeHost(`${serve.origin}/scoreboard?token=${firstToken}`)).rejects.toThrow(/401/);
    viewer.close();
    // On again: a new token, a new QR code.
    await lan.click();
    await page.getByTestId('notice').filter({ hasText: 'LAN scoreboard on' }).waitFor();
    const second = new URL((await page.getByTestId('lan-url').textContent())!);
    expect(second.searchParams.get('token')).not.toBe(firstToken);
    const again = await observeHost(second.href);
    await again.waitFor(() => true, 10_000, 'a state with the new token');
    again.close();
    await page.screenshot({ path: `${SHOTS}/console-lan-1366x768.png` });
  }, 60_000);

  it('ends the session, then seats new players on the simulator and starts a Minefield game', async () => {
    const first = host.latest()!.session!.id;
    await page.keyboard.press('Alt+e');
    await page.getByText('Press again to end').waitFor();
    await page.keyboard.press('Alt+e');
    await host.waitFor((s) => s.session?.status === 'ended', 15_000, 'the ended session');
    // Issue 12: a host on a real table offers that table, not the simulator; the form says what ran; no stale phase.
    expect(await page.getByTestId('table').inputValue()).toBe(table.hostPath);
    await page
      .getByTestId('now-running')
      .filter({ hasText: `on ${table.hostPath} · ended` })
      .waitFor();
    await page.getByTestId('table-phase').filter({ hasText: 'session ended' }).waitFor();
    await page.getByTestId('table').selectOption('simulator');
    await page.getByTestId('variant').selectOption('minefield');
    expect(await page.getByTestId('preset').inputValue()).toBe('minefield');
    for (const name of ['Ada Lovelace', 'Grace Hopper']) {
      await page.getByTestId('new-player').fill(name);
      await page.getByTestId('new-player').press('Enter');
      await page
        .getByTestId('notice')
        .filter({ hasText: `player ${name} added` })
        .waitFor();
    }
    expect(await page.getByTestId('seat-0').locator('option:checked').textContent()).toBe('Ada Lovelace');
    expect(await page.getByTestId('seat-2').locator('option:checked').textContent()).toBe('Grace Hopper');
    await page.getByTestId('start').focus();
    await page.keyboard.press('Alt+s');
    const started = await host.waitFor(
      (s) => s.session !== null && s.session.id !== first && s.session.status === 'running',
      20_000,
      'the new session',
    );
    expect(started.session!.variant).toBe('minefield');
    expect(started.seats.map((s) => s.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    await host.waitFor(
      (s) =>
        s.session?.id === started.session!.id &&
        s.view !== null &&
        s.view.handNumber >= 1 &&
        s.view.phase === 'awaitingDiscard',
      30_000,
      'play in the new game',
    );
    await page
      .getByTestId('session')
      .filter({ hasText: `Session ${started.session!.id}` })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/console-running-1366x768.png` });
  }, 90_000);
});
