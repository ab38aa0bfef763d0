// The scoreboard's issue-7 boards in real headless Chromium from folded bot games: Mangan's burn on the win panel, Tenpai Race's two-seat board, a chombo and a dead hand.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicStateSchema, type PublicState, type RiichiView } from '../../contract/ipc-contract.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { stepEvents } from '../../families/riichi/machines/simulation.js';
import { playVariantGame } from '../../families/riichi/machines/variant-simulation.js';
import type { Seat } from '../../rules/payments.js';
import { unwrap } from '../../rules/result.js';
import { tournamentChombo } from '../../rules/variants/tournament.js';
import { launchChromium } from './browser.js';
import { fixtureAnswer } from './fixture-states.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { seatsFor, statesOf } from './riichi-states.js';
import { startFixtureServer, type FixtureServer } from './static-server.js';

const SHOTS = 'test-output/screenshots';
const SIZES = [
  [1920, 1080],
  [1366, 768],
] as const;

interface Game {
  readonly events: readonly RiichiEvent[];
  readonly states: readonly PublicState[];
}

function gameOf(
  variant: 'mangan' | 'tenpai-race' | 'riichi',
  simulated: 'mangan' | 'tenpai-race' | 'tournament',
  seed: number,
  tableSeats: readonly number[],
  extra: { maxHands?: number; stageBPrototype?: boolean } = {},
): Game {
  const events: RiichiEvent[] = [];
  playVariantGame({ seed, variant: simulated, ...extra, onStep: (step) => events.push(...stepEvents(step)) });
  return { events, states: statesOf(variant, events, seatsFor(tableSeats)) };
}

const viewOf = (state: PublicState): RiichiView => state.view as RiichiView;
const at = (game: Game, pick: (e: RiichiEvent, i: number) => boolean): PublicState => {
  const index = game.events.findIndex(pick);
  expect(index).toBeGreaterThanOrEqual(0);
  return PublicStateSchema.parse(game.states[index]!);
};

let browser: Browser;
let server: FixtureServer;
let mangan: Game;
let raceA: Game;
let raceB: Game;
let tournament: Game;

beforeAll(async () => {
  mangan = gameOf('mangan', 'mangan', 4, [0, 1, 2, 3]);
  // Tenpai Race's two players face each other across the table: table seats 0 and 2.
  raceA = gameOf('tenpai-race', 'tenpai-race', 1, [0, 2], { maxHands: 4 });
  raceB = gameOf('tenpai-race', 'tenpai-race', 1, [0, 2], { maxHands: 4, stageBPrototype: true });
  tournament = gameOf('riichi', 'tournament', 3, [0, 1, 2, 3]);
  await ensureRendererBuilt();
  server = await startFixtureServer(PublicStateSchema.parse(mangan.states[0]!), fixtureAnswer);
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(
  state: PublicState,
  width = 1920,
  height = 1080,
): Promise<{ page: Page; problems: string[] }> {
  server.push(state);
  const page = await browser.newPage({ viewport: { width, height } });
  await page.clock.install();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(`${server.url}/scoreboard`);
  await page.waitForSelector(`.scoreboard[data-event-seq="${state.eventSeq}"] .rb-seat`);
  return { page, problems };
}

/** Anything cut off: the page scrolling, a panel or line overflowing its box. */
const overflowOf = (page: Page, selectors: string): Promise<string[]> =>
  page.evaluate((list) => {
    const out: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1) out.push('page scrolls');
    for (const el of document.querySelectorAll<HTMLElement>(list))
      if (el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2)
        out.push(`${el.className} overflows`);
    return out;
  }, selectors);

const fmt = (n: number): string => n.toLocaleString('en-US');

describe('Mangan Mahjong: the win panel says what burned and why (V4.1)', () => {
  it('names the points burned and the reason, at both sizes; a win below mangan says nothing moved', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const hot = at(mangan, (e) => e.type === 'hand.pointsBurned' && e.total > 0);
    const burn = viewOf(hot).mangan!.lastBurn!;
    for (const [width, height] of SIZES) {
      const { page, problems } = await open(hot, width, height);
      const panel = page.locator('.win-panel [data-region="burn"]');
      await panel.waitFor();
      expect(await panel.getAttribute('data-burned')).toBe(String(burn.total));
      expect(await panel.locator('.rw-burn-value').textContent()).toBe(fmt(burn.total));
      const why = await panel.locator('.rw-burn-why').textContent();
      expect(why).toMatch(/^mangan or more: the losers pay, the winners? receives? nothing/);
      // Readable across the room: the figure is at least 4% of the screen's height.
      const size = await panel
        .locator('.rw-burn-figure')
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(height * 0.04);
      await page.screenshot({ path: `${SHOTS}/scoreboard-mangan-burn-panel-${width}x${height}.png` });
      expect(await overflowOf(page, '.win-panel, .rw-burn, .rw-winner')).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
    const coldIndex = mangan.events.findIndex(
      (e) => e.type === 'hand.pointsBurned' && e.total === 0 && e.wins.every((w) => !w.manganOrMore),
    );
    if (coldIndex >= 0) {
      const { page } = await open(PublicStateSchema.parse(mangan.states[coldIndex]!));
      const panel = page.locator('.win-panel [data-region="burn"]');
      expect(await panel.locator('.rw-burn-figure').textContent()).toBe('No points change hands');
      expect(await panel.locator('.rw-burn-why').textContent()).toBe('below mangan: nothing moves');
      await page.close();
    }
  }, 60_000);
});

describe('Tenpai Race: two seats facing each other (V2)', () => {
  it('Stage A: each player’s discards left of 18 in large figures, the honba, no riichi-family clutter; fits both sizes', async () => {
    // Late in a Stage A hand after a Stage A draw (a honba on the table).
    const index = raceA.events.findIndex(
      (e, i) =>
        e.type === 'seat.discarded' &&
        viewOf(raceA.states[i]!).honba > 0 &&
        viewOf(raceA.states[i]!).seats.every((s) => s.pond.length >= 12),
    );
    expect(index).toBeGreaterThan(0);
    const state = PublicStateSchema.parse(raceA.states[index]!);
    const view = viewOf(state);
    for (const [width, height] of SIZES) {
      const { page, problems } = await open(state, width, height);
      expect(await page.locator('.rb-board').getAttribute('class')).toContain('rb-players-2');
      expect(await page.locator('.rb-variant').textContent()).toBe('Tenpai Race · 2 players');
      expect(await page.getByTestId('race-stage').textContent()).toMatch(/^STAGE A/);
      for (const [i, s] of view.seats.entries()) {
        const left = 18 - s.pond.length;
        expect(await page.locator(`.tr-count[data-seat="${s.seat}"]`).getAttribute('data-left')).toBe(
          String(left),
        );
        expect(await page.locator(`.tr-count[data-seat="${s.seat}"] .tr-count-value`).textContent()).toBe(
          String(left),
        );
        // The first in turn order sits at the bottom, the other across the table at the top.
        expect(await page.locator(`.rb-seat[data-seat="${s.seat}"]`).getAttribute('class')).toContain(
          i === 0 ? 'rb-pos-bottom' : 'rb-pos-top',
        );
      }
      expect(await page.locator('[data-honba]').getAttribute('data-honba')).toBe(String(view.honba));
      const figure = await page
        .locator('.tr-count-value')
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(figure).toBeGreaterThanOrEqual(height * 0.07);
      await page.screenshot({ path: `${SHOTS}/scoreboard-tenpai-race-a-${width}x${height}.png` });
      expect(await overflowOf(page, '.rb-seat, .rb-centre, .tr-race, .rb-id')).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 60_000);

  it('Stage B: attacker and defender marked, guesses and shown draws counted, then the result', async () => {
    const guessIndex = raceB.events.findIndex(
      (e, i) => e.type === 'hand.stageBDrawShown' && viewOf(raceB.states[i]!).tenpaiRace!.guesses.length >= 2,
    );
    expect(guessIndex).toBeGreaterThan(0);
    const state = PublicStateSchema.parse(raceB.states[guessIndex]!);
    const race = viewOf(state).tenpaiRace!;
    for (const [width, height] of SIZES) {
      const { page, problems } = await open(state, width, height);
      expect(await page.getByTestId('race-stage').textContent()).toMatch(/^STAGE B · .+ attacks$/);
      expect(
        await page.locator(`.rb-seat[data-seat="${race.attacker}"] [data-role="attacker"]`).count(),
      ).toBe(1);
      expect(
        await page.locator(`.rb-seat[data-seat="${race.defender}"] [data-role="defender"]`).count(),
      ).toBe(1);
      expect(await page.locator('.tr-shown').getAttribute('data-guesses')).toBe(String(race.guesses.length));
      expect(await page.locator('.tr-shown').getAttribute('data-draws')).toBe(String(race.shownDraws.length));
      await page.screenshot({ path: `${SHOTS}/scoreboard-tenpai-race-b-${width}x${height}.png` });
      expect(await overflowOf(page, '.rb-seat, .rb-centre, .tr-race, .rb-id')).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
    const ended = at(raceB, (e) => e.type === 'hand.stageBEnded');
    const { page } = await open(ended);
    const result = viewOf(ended).lastResult;
    if (result?.kind !== 'stageB') throw new Error('no Stage B result');
    expect(await page.locator('.rb-stage-b-result').getAttribute('data-winner')).toBe(
      String(result.winner ?? 'none'),
    );
    expect(await page.locator('.rb-result').textContent()).toMatch(/^Stage B · /);
    await page.close();
  }, 60_000);
});

describe('Tournament overrides on the scoreboard (V6.2, V6.3)', () => {
  /** The tournament game up to a moment of play, then the operator's entries folded by the same reducer. */
  function withOverrides(extra: (view: RiichiView) => RiichiEvent[]): PublicState {
    const index = tournament.events.findIndex(
      (e, i) =>
        e.type === 'seat.discarded' && viewOf(tournament.states[i]!).seats.every((s) => s.pond.length >= 5),
    );
    const view = viewOf(tournament.states[index]!);
    const events = [...tournament.events.slice(0, index + 1), ...extra(view)];
    return PublicStateSchema.parse(statesOf('riichi', events, seatsFor([0, 1, 2, 3])).at(-1)!);
  }

  it('marks a dead hand on its seat, and after a chombo shows who, why, the payments and that the hand is replayed', async () => {
    const dead = withOverrides(() => [
      { type: 'seat.handDeclaredDead', seat: 1, reason: 'wrong tile count', operator: 'Noriko' },
    ]);
    const offender = 2 as Seat;
    const chombo = withOverrides((view) => {
      const dealer = view.seats.findIndex((s) => s.dealer) as Seat;
      // The sticks of this hand's riichi go back to their owners (V6.2 item 3): every riichi here is this hand's.
      const riichiThisHand = view.seats.flatMap((s, i) => (s.riichi === 'none' ? [] : [i as Seat]));
      const settlement = unwrap(
        tournamentChombo({ dealer, offender, riichiThisHand, riichiSticks: view.deposits }),
      );
      const points = view.seats.map((s, i) => s.points + settlement.deltas[i]!);
      return [
        {
          type: 'hand.chombo',
          seat: offender,
          reason: 'handRevealed',
          operator: 'Noriko',
          deltas: [...settlement.deltas],
          points,
          deposits: settlement.depositsAfter,
        },
      ];
    });
    for (const [width, height] of SIZES) {
      let { page, problems } = await open(dead, width, height);
      expect(await page.locator('.rb-seat[data-seat="1"] .rb-dead-hand').textContent()).toBe('DEAD HAND');
      expect(await page.locator('.rb-dead-hand').count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/scoreboard-dead-hand-${width}x${height}.png` });
      expect(await overflowOf(page, '.rb-seat, .rb-centre, .rb-id')).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
      ({ page, problems } = await open(chombo, width, height));
      const name = chombo.seats.find((s) => s.seat === offender)!.name;
      const shown = page.locator(`.rb-chombo[data-chombo-seat="${offender}"]`);
      expect(await shown.locator('.rb-chombo-title').textContent()).toBe('CHOMBO');
      expect(await shown.locator('.rb-chombo-name').textContent()).toBe(name);
      expect(await shown.locator('.rb-chombo-why').textContent()).toBe('a hand revealed · hand replayed');
      const view = viewOf(chombo);
      if (view.lastResult?.kind !== 'chombo') throw new Error('no chombo result');
      expect(await page.locator(`.rb-seat[data-seat="${offender}"] .rb-delta`).textContent()).toBe(
        `−${fmt(-view.lastResult.deltas[offender]!)}`,
      );
      // Read whole: no line of it is cut.
      for (const line of await shown.locator('span').all())
        expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/scoreboard-chombo-${width}x${height}.png` });
      expect(await overflowOf(page, '.rb-seat, .rb-centre, .rb-id, .rb-chombo')).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 60_000);
});
