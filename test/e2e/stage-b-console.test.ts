// Tenpai Race Stage B's result on the console in headless Chromium (issue 7): the form appears only while Stage B waits, checks the sum, shows the machine's refusal, and the settlement lands on the host and the scoreboard.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riichiViewOf, type RiichiView } from '../../contract/ipc-contract.js';
import { createHostHandlers } from '../../host/server/api.js';
import { Host } from '../../host/session/host.js';
import { defaultRendererDir } from '../../host/package-root.js';
import { RiichiCore } from '../../families/riichi/core.js';
import { startServer, type RunningServer } from '../../host/server/server.js';
import { mayStartStageBNow } from '../../families/riichi/machines/tenpai-race.js';
import type { Seat } from '../../table/table-events.js';
import { launchChromium } from './browser.js';
import { ensureRendererBuilt } from './renderer-build.js';

const TOKEN = 'e2e-stage-b-operator-0001';
const SHOTS = 'test-output/screenshots';
const NAME = 'Kenji';
const TABLE_SEATS: readonly Seat[] = [0, 2];

let dir: string;
let host: Host;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stage-b-console-'));
  const opened = Host.open({ dbPath: path.join(dir, 'db.sqlite'), pace: { thinkMs: 40, motorMs: 2 } });
  if (!opened.ok) throw new Error(opened.message);
  host = opened.value;
  const [, launched] = await Promise.all([ensureRendererBuilt(), launchChromium()]);
  browser = launched;
  const started = await host.startSession({
    variant: 'tenpai-race',
    target: { kind: 'simulator', seed: 21 },
    seed: 21,
  });
  if (!started.ok) throw new Error(started.message);
  server = await startServer({
    handlers: createHostHandlers(host, null),
    onPublicState: (listener) => host.onPublicState(listener),
    rendererDir: defaultRendererDir(),
    port: 0,
    listen: '127.0.0.1',
    operatorToken: TOKEN,
  });
  mkdirSync(SHOTS, { recursive: true });
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(`http://127.0.0.1:${server.port}/console?token=${TOKEN}`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await host?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** The table seat that may start Stage B right now (tenpai, not furiten, right after its own discard), if any. */
function stageBCandidate(): Seat | null {
  const core = host.variantCore as unknown;
  if (!(core instanceof RiichiCore)) return null;
  const hand = core.gameSnapshot()?.context.hand;
  if (hand === undefined || hand.phase.kind === 'dealing' || hand.phase.kind === 'over') return null;
  for (const s of [0, 1] as const) if (mayStartStageBNow(hand, s).ok) return TABLE_SEATS[s]!;
  return null;
}

const viewOf = (): RiichiView => riichiViewOf(host.publicState())!;

describe('Stage B result on the console (issue 7)', () => {
  it('appears only while Stage B waits, refuses an unbalanced entry, shows the machine’s refusal, settles', async () => {
    await page.getByTestId('override-operator').fill(NAME);
    await host.waitFor((s) => riichiViewOf(s)?.phase === 'playing', 60_000);
    expect(await page.getByTestId('stage-b-form').count()).toBe(0);

    // A seat starts Stage B: its `confirm` press, entered at the moment the machine allows it.
    let attacker: Seat | null = null;
    while (attacker === null) {
      await host.waitFor(() => stageBCandidate() !== null, 120_000);
      const seat = stageBCandidate();
      if (seat === null) continue;
      const entered = host.enterButtonPress(seat, 'confirm', NAME, 'the Stage B button was not sensed');
      if (!entered.ok) throw new Error(entered.message);
      attacker = seat;
    }
    const defender = TABLE_SEATS.find((s) => s !== attacker)!;
    const before = viewOf();
    expect(before.tenpaiRace).toMatchObject({ stage: 'B', attacker, resolution: 'operator' });
    const pointsOf = (view: RiichiView, seat: Seat) => view.seats.find((s) => s.seat === seat)!.points;

    const form = page.getByTestId('stage-b-form');
    await form.waitFor({ timeout: 10_000 });
    // The two players and their points.
    for (const seat of TABLE_SEATS)
      expect(await page.getByTestId(`stage-b-points-now-${seat}`).textContent()).toBe(
        pointsOf(before, seat).toLocaleString('en'),
      );
    expect(await form.textContent()).toMatch(/attacker/);
    expect(await form.textContent()).toMatch(/defender/);
    await page.getByTestId('stage-b-winner').selectOption(String(attacker));
    await page.getByTestId('stage-b-reason').fill('attacker drew his winning tile');
    // Not summing to 0: said so, and nothing can be sent.
    await page.getByTestId(`stage-b-delta-${attacker}`).fill('3000');
    await page.getByTestId(`stage-b-delta-${defender}`).fill('-2000');
    expect(await page.getByTestId('stage-b-sum').textContent()).toBe('Sum +1000: must be 0');
    expect(await page.getByTestId('stage-b-submit').isDisabled()).toBe(true);

    // Balanced but more than the defender has: the machine refuses it and the console shows its message.
    const overdraw = pointsOf(before, defender) + 1000;
    await page.getByTestId(`stage-b-delta-${attacker}`).fill(String(overdraw));
    await page.getByTestId(`stage-b-delta-${defender}`).fill(String(-overdraw));
    expect(await page.getByTestId('stage-b-sum').textContent()).toBe('Sum 0 ✓');
    await page.getByTestId('stage-b-submit').click();
    const refused = page.getByTestId('override-result').filter({ hasText: /^override_refused: / });
    await refused.waitFor({ timeout: 10_000 });
    expect(await refused.textContent()).toContain(`cannot pay ${overdraw}`);
    expect(viewOf().tenpaiRace?.stage).toBe('B');
    // The scoreboard says what everyone waits for.
    const board = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await board.goto(`http://127.0.0.1:${server.port}/scoreboard?token=${TOKEN}`);
    const awaiting = board.getByTestId('stage-b-awaiting');
    await awaiting.waitFor({ timeout: 10_000 });
    expect(await awaiting.textContent()).toBe('Stage B — awaiting the result');
    await board.screenshot({ path: `${SHOTS}/scoreboard-stage-b-awaiting-1920x1080.png` });

    await page.getByTestId(`stage-b-delta-${attacker}`).fill('2000');
    await page.getByTestId(`stage-b-delta-${defender}`).fill('-2000');
    await form.screenshot({ path: `${SHOTS}/console-stage-b-form.png` });
    await page.getByTestId('stage-b-submit').click();
    const settled = page
      .getByTestId('override-result')
      .filter({ hasText: /^Stage B settled: audited as event \d+$/ });
    await settled.waitFor({ timeout: 10_000 });
    await form.waitFor({ state: 'detached', timeout: 10_000 });
    await awaiting.waitFor({ state: 'detached', timeout: 10_000 });
    const after = viewOf();
    expect(after.lastResult).toMatchObject({ kind: 'stageB', winner: attacker });
    expect(pointsOf(after, attacker)).toBe(pointsOf(before, attacker) + 2000);
    expect(pointsOf(after, defender)).toBe(pointsOf(before, defender) - 2000);
    await page.screenshot({ path: `${SHOTS}/console-stage-b-settled-1920x1080.png` });
    await board.close();
  }, 180_000);
});

describe('Mangan tag-team pairs on the scoreboard (issue 7)', () => {
  it('shows who of each pair sits, and follows a swap', async () => {
    const opened = Host.open({
      dbPath: path.join(dir, 'tag-team.sqlite'),
      pace: { thinkMs: 60, motorMs: 2 },
    });
    if (!opened.ok) throw new Error(opened.message);
    const tagHost = opened.value;
    const tagServer = await startServer({
      handlers: createHostHandlers(tagHost, null),
      onPublicState: (listener) => tagHost.onPublicState(listener),
      rendererDir: defaultRendererDir(),
      port: 0,
      listen: '127.0.0.1',
      operatorToken: TOKEN,
    });
    const board = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    try {
      // The board is open before the session starts: it shows the first of each pair seated before any swap.
      await board.goto(`http://127.0.0.1:${tagServer.port}/scoreboard?token=${TOKEN}`);
      const started = await tagHost.startSession({
        variant: 'mangan',
        target: { kind: 'simulator', seed: 4 },
        seed: 4,
        tagTeam: true,
      });
      if (!started.ok) throw new Error(started.message);
      const east = board.getByTestId('tag-team-0');
      await east.waitFor({ timeout: 20_000 });
      expect(await east.textContent()).toBe('P1 sits · P2 waits');
      expect(await board.getByTestId('tag-team-3').textContent()).toBe('P7 sits · P8 waits');
      await board.screenshot({ path: `${SHOTS}/scoreboard-tag-team-1920x1080.png` });
      // After ten discards a partner sits down (V4.3): some pair now shows its second player seated.
      const swapped = await board.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid^="tag-team-"]')].find(
            (el) => Number(el.getAttribute('data-sitting')) % 2 === 1,
          )?.textContent ?? null,
        undefined,
        { timeout: 60_000 },
      );
      expect(await swapped.jsonValue()).toMatch(/^P(2|4|6|8) sits · P(1|3|5|7) waits$/);
    } finally {
      await board.close();
      await tagServer.close();
      await tagHost.endSession();
      await tagHost.close();
    }
  }, 120_000);
});
