// The console's operator overrides against the live host in headless Chromium: refusals shown, confirmations, audited events stored and on the replay timeline (issue 7).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicState, ReplayEvent, RiichiView } from '../../contract/ipc-contract.js';
import { launchChromium } from './browser.js';
import { observeHost, type HostObserver } from './host-observer.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { startServe, type ServeProcess } from './serve-process.js';

const TOKEN = 'e2e-overrides-operator-01';
const SHOTS = 'test-output/screenshots';
const NAME = 'Noriko';

let serve: ServeProcess;
let browser: Browser;
let host: HostObserver;
let page: Page;
/** The seat whose out-of-turn tsumo the operator entered. */
let idleSeat = -1;

const riichiOf = (state: PublicState | null): RiichiView | null =>
  state?.view != null && state.view.variant !== 'minefield' ? state.view : null;

beforeAll(async () => {
  await ensureRendererBuilt();
  [serve, browser] = await Promise.all([
    startServe({
      variant: 'riichi',
      extraArgs: [
        '--preset',
        'tournament',
        '--listen',
        '127.0.0.1',
        '--think-ms',
        '150',
        '--motor-ms',
        '10',
        '--seed',
        '11',
        '--games',
        '3',
        '--token',
        TOKEN,
      ],
    }),
    launchChromium(),
  ]);
  host = await observeHost(`${serve.origin}/console?token=${TOKEN}`);
  mkdirSync(SHOTS, { recursive: true });
  page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(`${serve.origin}/console?token=${TOKEN}`);
}, 60_000);
afterAll(async () => {
  host?.close();
  await browser?.close();
  await serve?.stop();
});

async function notice(pattern: RegExp): Promise<string> {
  const shown = page.getByTestId('notice').filter({ hasText: pattern });
  await shown.waitFor({ timeout: 10_000 });
  return (await shown.textContent())!;
}

/** Pauses the session in the middle of a hand (the bots stop; the hand stays in play for the operator). */
async function pauseMidHand(): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await host.waitFor(
      (s) => riichiOf(s)?.phase === 'playing' && riichiOf(s)!.seats.some((x) => x.pond.length >= 2),
      60_000,
      'a hand in play',
    );
    await page.keyboard.press('Alt+p');
    await host.waitFor((s) => s.session?.status === 'paused', 10_000, 'the paused session');
    if (riichiOf(host.latest())?.phase === 'playing') return;
    await page.keyboard.press('Alt+p');
    await host.waitFor((s) => s.session?.status === 'running', 10_000, 'the resumed session');
  }
  throw new Error('could not pause in the middle of a hand');
}

describe('operator overrides on the console (issue 7)', () => {
  it('needs an operator name, and shows the host’s refusals with their codes', async () => {
    await host.waitFor((s) => riichiOf(s)?.phase === 'playing', 60_000, 'play');
    await page.getByTestId('press-seat').selectOption('0');
    await page.getByTestId('press-reason').fill('the table did not sense it');
    // No operator name, no entry: every override is audited with who entered it.
    expect(await page.getByTestId('press-submit').isDisabled()).toBe(true);
    await page.getByTestId('override-operator').fill(NAME);
    await page.getByTestId('press-button').selectOption('confirm');
    await page.getByTestId('press-submit').click();
    expect(await notice(/^button_not_in_play: /)).toContain('riichi has no "confirm" button in play');
    await pauseMidHand();
    // A riichi-not-tenpai chombo counts only at a draw (V6.2 item 1): the machine remembers it for a seat in riichi
    // and refuses it, after the confirmation and with the reason, for a seat that has not declared riichi.
    const noRiichi = riichiOf(host.latest())!.seats.find((s) => s.riichi === 'none')!.seat;
    await page.getByTestId('chombo-seat').selectOption(String(noRiichi));
    await page.getByTestId('chombo-trigger').selectOption('riichiNotTenpai');
    await page.getByTestId('chombo-submit').click();
    await page.getByTestId('override-confirm').waitFor();
    expect(await page.getByTestId('override-confirm').textContent()).toContain('the hand ends');
    await page.getByTestId('override-confirm-yes').click();
    expect(await notice(/^override_refused: /)).toContain('has not declared riichi in this hand');
    // A press the machine refuses (a tsumo out of turn) comes back with the machine's reason, logged.
    const view = riichiOf(host.latest())!;
    const idle = view.seats.find((s) => s.seat !== view.turn)!.seat;
    idleSeat = idle;
    await page.getByTestId('press-seat').selectOption(String(idle));
    await page.getByTestId('press-button').selectOption('tsumo');
    await page.getByTestId('press-reason').fill('player says he pressed tsumo');
    await page.getByTestId('press-submit').click();
    expect(await notice(/^override_refused: /)).toMatch(/the game refused it: .+ \(logged as event \d+\)/);
  }, 120_000);

  it('declares a dead hand and a chombo after a confirmation; both audited and on the board', async () => {
    const before = riichiOf(host.latest())!;
    expect(host.latest()!.session!.status).toBe('paused');
    // Cancel leaves everything as it was.
    await page.getByTestId('dead-seat').selectOption('1');
    await page.getByTestId('dead-reason').fill('fourteen tiles after a call');
    await page.getByTestId('dead-submit').click();
    await page.getByTestId('override-confirm-no').click();
    await page.getByTestId('override-confirm').waitFor({ state: 'detached' });
    expect(riichiOf(host.latest())!.seats.find((s) => s.seat === 1)!.deadHand).toBe(false);
    await page.getByTestId('dead-submit').click();
    // Modal, in view, and the focus on Cancel (a stray Enter must not end a hand).
    expect(await page.getByTestId('override-confirm').isVisible()).toBe(true);
    expect(
      await page.getByTestId('override-confirm-no').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.screenshot({ path: `${SHOTS}/console-override-confirm-1920x1080.png` });
    await page.getByTestId('override-confirm-yes').click();
    expect(await notice(/hand declared dead: audited as event \d+$/)).toContain('South');
    expect(await page.getByTestId('override-result').textContent()).toMatch(
      /hand declared dead: audited as event \d+$/,
    );
    await host.waitFor(
      (s) => riichiOf(s)?.seats.find((x) => x.seat === 1)?.deadHand === true,
      10_000,
      'the dead hand on the view',
    );
    // The chombo ends the hand; the offender pays (V6.2).
    await page.getByTestId('chombo-seat').selectOption('2');
    await page.getByTestId('chombo-trigger').selectOption('wallRevealed');
    await page.getByTestId('chombo-submit').click();
    await page.getByTestId('override-confirm-yes').click();
    expect(await notice(/chombo declared on West · .+: audited as event \d+$/)).toBeTruthy();
    // The game deals the replayed hand at once: the chombo stays as the last result while the walls are built.
    const after = await host.waitFor((s) => riichiOf(s)?.lastResult?.kind === 'chombo', 10_000, 'the chombo');
    const result = riichiOf(after)!.lastResult;
    expect(result).toMatchObject({ kind: 'chombo', seat: 2, trigger: 'wallRevealed', operator: NAME });
    if (result?.kind !== 'chombo') throw new Error('no chombo');
    expect(riichiOf(after)!.seats.map((s) => s.points)).toEqual(
      before.seats.map((s) => s.points + result.deltas[s.seat]!),
    );
    const lines = after.log.map((l) => `${l.type} ${l.text}`);
    expect(
      lines.some((l) =>
        l.startsWith(
          `operator.deadHandDeclared operator ${NAME} declared seat 1's hand dead: fourteen tiles after a call`,
        ),
      ),
    ).toBe(true);
    expect(
      lines.some((l) =>
        l.startsWith(`operator.chomboDeclared operator ${NAME} declared chombo on seat 2: wall revealed`),
      ),
    ).toBe(true);
    // The same hand is dealt again: same round, same honba (V6.2 item 3).
    expect(riichiOf(after)).toMatchObject({ handNumber: before.handNumber, honba: before.honba });
    const board = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await board.goto(`${serve.origin}/scoreboard?token=${TOKEN}`);
    await board.locator('.rb-chombo[data-chombo-seat="2"] .rb-chombo-title').waitFor({ timeout: 10_000 });
    await board.screenshot({ path: `${SHOTS}/scoreboard-chombo-live-1920x1080.png` });
    await board.close();
    await page.screenshot({ path: `${SHOTS}/console-overrides-1920x1080.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${SHOTS}/console-overrides-1366x768.png` });
  }, 60_000);

  it('stores every override as an audited event, shown on the replay viewer’s timeline', async () => {
    const sessionId = host.latest()!.session!.id;
    const reply = await host.call('replay.events', { sessionId, fromSeq: 1, limit: 5000 });
    expect(reply.ok).toBe(true);
    const events = (reply.value as { events: ReplayEvent[] }).events.filter(
      (e) => e.kind === 'operator' && e.type !== 'operator.paused' && e.type !== 'operator.resumed',
    );
    // Refused before logging (no such button): nothing stored. The riichi chombo the machine refused (no riichi)
    // and the refused tsumo were logged, as a real press would be.
    expect(events.map((e) => e.type)).toEqual([
      'operator.chomboDeclared',
      'operator.buttonEntered',
      'operator.deadHandDeclared',
      'seat.handDeclaredDead',
      'operator.chomboDeclared',
      'hand.chombo',
    ]);
    expect(events[0]!.event).toMatchObject({ type: 'operator.chomboDeclared', reason: 'riichiNotTenpai' });
    expect(events[1]!.event).toEqual({
      type: 'operator.buttonEntered',
      seat: idleSeat,
      button: 'tsumo',
      operator: NAME,
      reason: 'player says he pressed tsumo',
    });
    expect(events[1]!.text).toContain(`operator ${NAME} entered a missed tsumo press for seat ${idleSeat}`);
    const replay = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await replay.goto(`${serve.origin}/replay?token=${TOKEN}`);
    // The replay names the players (issue 12), not their seat numbers.
    const nameOf = (seat: number): string => {
      const name = host.latest()!.seats.find((s) => s.seat === seat)?.name;
      expect(name, `seat ${seat} has a name`).toBeTruthy();
      return name!;
    };
    const hand = replay.getByTestId('replay-hand');
    const chomboHand = hand.locator('option', { hasText: `Chombo by ${nameOf(2)}` });
    await chomboHand.waitFor({ state: 'attached', timeout: 10_000 });
    await hand.selectOption((await chomboHand.getAttribute('value'))!);
    const list = replay.locator('.key-events');
    await list
      .locator('li', { hasText: `Operator ${NAME} declared chombo on ${nameOf(2)}` })
      .waitFor({ timeout: 10_000 });
    expect(
      await list.locator('li', { hasText: `Operator ${NAME} declared ${nameOf(1)}'s hand dead` }).count(),
    ).toBe(1);
    expect(await list.locator('.kind-operator').count()).toBeGreaterThanOrEqual(4);
    await replay.screenshot({ path: `${SHOTS}/replay-overrides-1366x768.png` });
    await replay.close();
  }, 60_000);
});
