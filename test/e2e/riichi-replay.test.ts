// The replay viewer on a riichi hand in real headless Chromium: the riichi board at each step, timeline marks for riichi, calls and wins (issues 6, 7).
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PublicState,
  ReplayEvent,
  ReplayHand,
  ReplayStep,
  RiichiView,
} from '../../contract/ipc-contract.js';
import { type LogEvent } from '../../host/session/log-events.js';
import { describeEvent, timelineKind } from '../../host/session/log-text.js';
import { seatNames, type HandsModel } from '../../host/replay/replay-hands.js';
import { RIICHI_REPLAY } from '../../families/riichi/index.js';
import { launchChromium } from './browser.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { momentsOf, seatsFor, type GameMoments } from './riichi-states.js';
import { startFixtureServer, type FixtureServer } from './static-server.js';

let browser: Browser;
let server: FixtureServer;
let game: GameMoments;
/** The hand replayed: from its `hand.started` to its first won ending with a call and a riichi in it. */
let first = 0;
let last = 0;

beforeAll(async () => {
  game = momentsOf('riichi', 11, [0, 1, 2, 3]);
  const ends = game.events.flatMap((e, i) => (e.type === 'hand.won' ? [i] : []));
  for (const end of ends) {
    const start = game.events.findLastIndex((e, i) => i < end && e.type === 'hand.started');
    const hand = game.events.slice(start, end);
    if (hand.some((e) => e.type === 'seat.callMade') && hand.some((e) => e.type === 'seat.riichiDeclared')) {
      [first, last] = [start + 1, end + 1];
      break;
    }
  }
  const replayEvents: ReplayEvent[] = game.events.slice(first - 1, last).map((event, i) => ({
    seq: first + i,
    atMs: first + i,
    type: event.type,
    kind: timelineKind(event as unknown as LogEvent, 'riichi'),
    text: describeEvent(event as unknown as LogEvent, 'riichi') ?? event.type,
    event: JSON.parse(JSON.stringify(event)),
  }));
  // The host's replay parts (issue 12): each event's step line, and every seat's hand folded from the whole log.
  const names = seatNames(seatsFor([0, 1, 2, 3]), [0, 1, 2, 3]);
  const steps: ReplayStep[] = replayEvents.flatMap((e, i) => {
    const line = RIICHI_REPLAY.line(e.event as never, names, replayEvents[i + 1]?.event as never);
    return line === null ? [] : [{ seq: e.seq, ...line }];
  });
  const handsAt = (seq: number): ReplayHand[] | null => {
    let hands: HandsModel | null = null;
    for (const e of replayEvents.filter((r) => r.seq <= seq))
      hands = RIICHI_REPLAY.hands(hands, { seq: e.seq, atMs: e.atMs, event: e.event as never }, [0, 1, 2, 3]);
    return hands === null ? null : [...hands.seats];
  };
  const ok = (value: unknown) => ({ ok: true, value });
  await ensureRendererBuilt();
  server = await startFixtureServer(game.states[first - 1]!, (channel, payload) => {
    switch (channel) {
      case 'replay.listSessions':
        return ok({
          sessions: [
            {
              id: 7,
              variant: 'riichi',
              preset: 'tenhou',
              tableId: 'sim',
              startedAtMs: 0,
              endedAtMs: null,
              lastSeq: game.events.length,
              games: 1,
              hands: 1,
            },
          ],
        });
      case 'replay.listHands':
        return ok({
          sessionId: 7,
          lastSeq: game.events.length,
          hands: [{ gameId: 1, number: 1, firstSeq: first, lastSeq: last, result: 'a riichi hand' }],
        });
      case 'replay.events':
        return ok({ sessionId: 7, events: replayEvents });
      case 'replay.timeline':
        return ok({ sessionId: 7, steps });
      case 'replay.open': {
        const seq = (payload as { seq: number }).seq;
        return ok({
          sessionId: 7,
          seq,
          lastSeq: game.events.length,
          state: game.states[seq - 1] as PublicState,
          hands: handsAt(seq),
        });
      }
      default:
        return { ok: false, code: 'no_fixture', message: channel };
    }
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('replay viewer, riichi', () => {
  it('marks riichi, calls and the win on the timeline and shows the riichi board of each step', async () => {
    expect(first).toBeGreaterThan(0);
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/replay`);
    await page.waitForSelector('.replay-board .rb-seat');
    expect(await page.locator('.tick.kind-riichi').count()).toBeGreaterThan(0);
    expect(await page.locator('.tick.kind-call.key').count()).toBeGreaterThan(0);
    expect(await page.locator('.tick.kind-win').count()).toBe(1);
    await page.keyboard.press('End');
    await expect
      .poll(() => page.getByTestId('replay-board').getAttribute('data-event-seq'))
      .toBe(String(last));
    const view = game.states[last - 1]!.view as RiichiView;
    for (const s of view.seats)
      expect(
        await page
          .locator(`.replay-board .rb-seat[data-seat="${s.seat}"] .rb-points`)
          .getAttribute('data-points'),
      ).toBe(String(s.points));
    expect(await page.locator('.replay-board .rb-won').count()).toBeGreaterThan(0);
    mkdirSync('test-output/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-output/screenshots/replay-riichi-1920x1080.png' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
