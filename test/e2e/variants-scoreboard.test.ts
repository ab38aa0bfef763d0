// Clear Mahjong's teams, Mangan's burned points and tag-team places, the tournament's pending chombo and agari-yame on the scoreboard, in real headless Chromium, from seeded bot games (issues 6, 7).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLEAR_CONDITION_NAMES,
  PublicStateSchema,
  type PublicState,
  type RiichiView,
} from '../../contract/ipc-contract.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { stepEvents } from '../../families/riichi/machines/simulation.js';
import { playVariantGame } from '../../families/riichi/machines/variant-simulation.js';
import { launchChromium } from './browser.js';
import { fixtureAnswer } from './fixture-states.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { seatsFor, statesOf } from './riichi-states.js';
import { startFixtureServer, type FixtureServer } from './static-server.js';
import { tournamentWithChombos } from '../tournament-chombo-game.js';

const SIZES = [
  [1920, 1080],
  [1366, 768],
] as const;

interface VariantGame {
  readonly events: readonly RiichiEvent[];
  readonly states: readonly PublicState[];
}

/** A whole seeded bot game of the variant (families/riichi/machines/variant-simulation.ts), folded by the host's view reducer. */
function foldedGame(variant: 'clear' | 'mangan', seed: number): VariantGame {
  const events: RiichiEvent[] = [];
  playVariantGame({ seed, variant, onStep: (step) => events.push(...stepEvents(step)) });
  return { events, states: statesOf(variant, events, seatsFor([0, 1, 2, 3])) };
}

const viewOf = (state: PublicState): RiichiView => state.view as RiichiView;
const parsed = (state: PublicState): PublicState => PublicStateSchema.parse(state);

let browser: Browser;
let server: FixtureServer;
// Seeds picked for their content: clear 4 has both teams clearing conditions (B two) and ends on a bust;
// mangan 4 burns 90,000 points in 22 hands.
let clear: VariantGame;
let mangan: VariantGame;

beforeAll(async () => {
  clear = foldedGame('clear', 4);
  mangan = foldedGame('mangan', 4);
  await ensureRendererBuilt();
  server = await startFixtureServer(parsed(clear.states[0]!), (channel, payload) =>
    fixtureAnswer(channel, payload),
  );
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openScoreboard(
  state: PublicState,
  width = 1920,
  height = 1080,
): Promise<{ page: Page; problems: string[] }> {
  server.push(state);
  const page = await browser.newPage({ viewport: { width, height } });
  // A controlled clock, so a test can let the win breakdown's few seconds pass at once (`pastWinPanel`).
  await page.clock.install();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(`${server.url}/scoreboard`);
  await page.waitForSelector(`.scoreboard[data-event-seq="${state.eventSeq}"] .rb-seat`);
  return { page, problems };
}

/** The board once the win breakdown has had its few seconds (Scoreboard.tsx WIN_BREAKDOWN_MS, 8 s). */
async function pastWinPanel(page: Page): Promise<void> {
  await page.clock.runFor(9_000);
  await page.locator('.win-panel').waitFor({ state: 'detached', timeout: 5_000 });
}

/** Anything cut off: the page scrolling, a panel overflowing, a condition name clipped. */
const overflowOf = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1) out.push('page scrolls');
    for (const el of document.querySelectorAll<HTMLElement>(
      '.rb-seat, .rb-centre, .rb-id, .cl-team, .cl-condition, .cl-team-head, .mg-burned',
    ))
      if (el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2)
        out.push(`${el.className} overflows`);
    // Clear's result line is ours: it must be read whole, not end in the line's ellipsis.
    for (const el of document.querySelectorAll<HTMLElement>('.rb-has-clear .rb-result'))
      if (el.scrollWidth > el.clientWidth + 1) out.push('the Clear result is cut');
    return out;
  });

/** The state right after the first event that `pick` accepts (the latest such one with `last`). */
function stateAfter(
  game: VariantGame,
  pick: (e: RiichiEvent, i: number) => boolean,
  last = false,
): PublicState {
  const indexes = game.events.map((e, i) => (pick(e, i) ? i : -1)).filter((i) => i >= 0);
  expect(indexes.length).toBeGreaterThan(0);
  return parsed(game.states[last ? indexes.at(-1)! : indexes[0]!]!);
}

/** The team panels show exactly the view's teams: players, count and each condition's mark. */
async function expectTeamsShown(page: Page, state: PublicState): Promise<void> {
  const view = viewOf(state);
  const clearView = view.clear!;
  expect(await page.locator('.cl-team').count()).toBe(2);
  for (const team of clearView.teams) {
    const panel = page.locator(`.cl-team[data-team="${team.team}"]`);
    expect(await panel.locator('.cl-team-count').getAttribute('data-count')).toBe(
      String(team.cleared.length),
    );
    const names = team.seats.map((s) => state.seats.find((x) => x.seat === s)!.name).join(' & ');
    expect(await panel.locator('.cl-team-players').textContent()).toBe(names);
    const shown = await panel
      .locator('.cl-condition')
      .evaluateAll((items) =>
        items.map((li) => [
          li.getAttribute('data-condition'),
          li.getAttribute('data-done'),
          li.querySelector('.cl-condition-name')?.textContent,
        ]),
      );
    expect(shown).toEqual(
      CLEAR_CONDITION_NAMES.map((c) => [c.id, team.cleared.includes(c.id) ? 'yes' : 'no', c.name]),
    );
    // Each seat panel carries its team's badge.
    for (const seat of team.seats)
      expect(await page.locator(`.rb-seat[data-seat="${seat}"] .rb-team`).getAttribute('data-team')).toBe(
        team.team,
      );
  }
}

describe('Clear Mahjong on the scoreboard', () => {
  it('the fold tracks the log: each team has exactly the conditions the log cleared for it', () => {
    const final = viewOf(clear.states.at(-1)!);
    for (const team of ['A', 'B'] as const) {
      const fromLog = clear.events.flatMap((e) =>
        e.type === 'team.conditionCleared' && e.team === team ? [e.condition] : [],
      );
      expect(
        final
          .clear!.teams.find((t) => t.team === team)!
          .cleared.slice()
          .sort(),
      ).toEqual(fromLog.sort());
    }
    const decided = clear.events.find((e) => e.type === 'clear.gameDecided');
    if (decided?.type !== 'clear.gameDecided') throw new Error('the Clear game was not decided');
    expect(final.clear!.decided).toEqual({
      result: decided.result,
      team: decided.team,
      reason: decided.reason,
    });
    // Team A are the players starting East and North (V5.1): the first dealer and the seat before him.
    const started = clear.events.find((e) => e.type === 'game.started');
    if (started?.type !== 'game.started') throw new Error('no game.started');
    const first = started.firstDealer;
    expect(final.clear!.teams[0]!.seats.slice().sort()).toEqual([first, (first + 3) % 4].sort());
  });

  it('shows both teams, their players and the five conditions with the cleared ones checked, live and at the end', async () => {
    const firstCleared = stateAfter(clear, (e) => e.type === 'team.conditionCleared');
    const over = parsed(clear.states.at(-1)!);
    expect(viewOf(over).phase).toBe('over');
    for (const state of [firstCleared, over]) {
      const { page, problems } = await openScoreboard(state);
      await expectTeamsShown(page, state);
      expect(await page.locator('.rb-variant').textContent()).toMatch(/Clear Mahjong/);
      if (state === over) {
        const d = viewOf(over).clear!.decided!;
        expect(await page.locator('.rb-result').textContent()).toBe(
          d.result === 'teamWins'
            ? `Team ${d.team} wins · ${d.reason === 'allConditions' ? 'all five' : 'bust'}`
            : 'Tie · Tenpai Race decides',
        );
        expect(await page.locator('.cl-team-winner').getAttribute('data-team')).toBe(d.team);
        expect(await page.locator('.cl-team-winner .cl-team-wins').count()).toBe(d.team === null ? 0 : 1);
      }
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('fits 1920×1080 and 1366×768 (play, the game over) without overflow', async () => {
    mkdirSync('test-output/screenshots', { recursive: true });
    // A moment of play late in the game, when both teams have cleared something.
    const both = (e: RiichiEvent, i: number) =>
      e.type === 'seat.discarded' &&
      viewOf(clear.states[i]!).clear!.teams.every((t) => t.cleared.length > 0) &&
      viewOf(clear.states[i]!).seats.some((s) => s.pond.length >= 10);
    const shots: [string, PublicState][] = [
      ['hand', stateAfter(clear, both)],
      ['over', parsed(clear.states.at(-1)!)],
    ];
    for (const [width, height] of SIZES)
      for (const [label, state] of shots) {
        const { page, problems } = await openScoreboard(state, width, height);
        // The game's last win covers the board for its few seconds (Scoreboard.tsx WIN_BREAKDOWN_MS); the board after it.
        if (label === 'over') await pastWinPanel(page);
        await expectTeamsShown(page, state);
        await page.screenshot({
          path: `test-output/screenshots/scoreboard-clear-${label}-${width}x${height}.png`,
        });
        expect(await overflowOf(page), `clear ${label} ${width}×${height}`).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      }
  }, 60_000);
});

describe('Mangan Mahjong on the scoreboard', () => {
  it('shows the points burned so far, equal to the sum of the log’s burns, with the last hand’s burn after a win', async () => {
    const burns = mangan.events
      .map((e, i) => (e.type === 'hand.pointsBurned' && e.total > 0 ? i : -1))
      .filter((i) => i >= 0);
    expect(burns.length).toBeGreaterThan(1);
    for (const index of [burns[0]!, burns.at(-1)!]) {
      const state = parsed(mangan.states[index]!);
      const view = viewOf(state);
      const sum = mangan.events
        .slice(0, index + 1)
        .reduce((n, e) => n + (e.type === 'hand.pointsBurned' ? e.total : 0), 0);
      expect(view.mangan!.burned).toBe(sum);
      const { page, problems } = await openScoreboard(state);
      expect(await page.locator('.mg-burned').getAttribute('data-burned')).toBe(String(sum));
      expect(await page.locator('.mg-burned-value').textContent()).toBe(sum.toLocaleString('en-US'));
      const event = mangan.events[index]!;
      expect(await page.locator('.mg-burned-last').getAttribute('data-last-burned')).toBe(
        String(event.type === 'hand.pointsBurned' ? event.total : -1),
      );
      expect(await page.locator('.rb-variant').textContent()).toMatch(/Mangan Mahjong/);
      // Nothing of Clear's on a Mangan board.
      expect(await page.locator('.cl-teams, .rb-team').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('fits 1920×1080 and 1366×768 (play, a burn) without overflow', async () => {
    mkdirSync('test-output/screenshots', { recursive: true });
    const midGame = (e: RiichiEvent, i: number) =>
      e.type === 'seat.discarded' &&
      viewOf(mangan.states[i]!).mangan!.burned > 0 &&
      viewOf(mangan.states[i]!).seats.some((s) => s.pond.length >= 10);
    const shots: [string, PublicState][] = [
      ['hand', stateAfter(mangan, midGame)],
      ['burn', stateAfter(mangan, (e) => e.type === 'hand.pointsBurned' && e.total > 0, true)],
    ];
    for (const [width, height] of SIZES)
      for (const [label, state] of shots) {
        const { page, problems } = await openScoreboard(state, width, height);
        // The win breakdown covers the board for its few seconds (Scoreboard.tsx WIN_BREAKDOWN_MS); the board after it.
        if (label === 'burn') await pastWinPanel(page);
        expect(await page.locator('.mg-burned').getAttribute('data-burned')).toBe(
          String(viewOf(state).mangan!.burned),
        );
        await page.screenshot({
          path: `test-output/screenshots/scoreboard-mangan-${label}-${width}x${height}.png`,
        });
        expect(await overflowOf(page), `mangan ${label} ${width}×${height}`).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      }
  }, 60_000);
});

/** A folded game from its log (the states as the host would publish them). */
const gameOf = (variant: 'riichi' | 'mangan', events: RiichiEvent[]): VariantGame => ({
  events,
  states: statesOf(variant, events, seatsFor([0, 1, 2, 3])),
});

describe('the tournament’s pending chombo and agari-yame, Mangan tag-team’s places (issue 7)', () => {
  it('badges a pending chombo on its seat only, and drops it when it lapses', async () => {
    mkdirSync('test-output/screenshots', { recursive: true });
    const game = gameOf('riichi', tournamentWithChombos(1, 12));
    const pending = stateAfter(game, (e) => e.type === 'hand.chomboPending');
    const seat = viewOf(pending).seats.find((s) => s.chomboPending !== undefined)!.seat;
    const { page, problems } = await openScoreboard(pending);
    expect(await page.locator('.rb-chombo-pending').count()).toBe(1);
    const badge = page.locator(`.rb-seat[data-seat="${seat}"] .rb-chombo-pending`);
    expect(await badge.textContent()).toBe('CHOMBO?');
    expect(await badge.getAttribute('title')).toMatch(/riichi not tenpai, entered by Mika/);
    await page.screenshot({ path: 'test-output/screenshots/scoreboard-chombo-pending-1920x1080.png' });
    expect(await overflowOf(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
    const lapsed = stateAfter(game, (e) => e.type === 'hand.chomboLapsed');
    const after = await openScoreboard(lapsed);
    expect(await after.page.locator('.rb-chombo-pending').count()).toBe(0);
    await after.page.close();
  }, 60_000);

  it('asks the dealer the agari-yame question in the centre while the game waits for his answer', async () => {
    const events: RiichiEvent[] = [];
    playVariantGame({ seed: 6, variant: 'tournament', onStep: (step) => events.push(...stepEvents(step)) });
    const game = gameOf('riichi', events);
    const asked = stateAfter(game, (e) => e.type === 'game.agariYameOffered');
    const dealer = viewOf(asked).agariYame!.seat;
    const { page, problems } = await openScoreboard(asked);
    await pastWinPanel(page);
    const question = page.locator('.rb-agari-yame');
    expect(await question.getAttribute('data-seat')).toBe(String(dealer));
    expect(await question.innerText()).toBe(
      `Agari-yame?\nEast (${asked.seats.find((s) => s.seat === dealer)!.name}) may end the game:\nCONFIRM ends · PASS plays on`,
    );
    await page.screenshot({ path: 'test-output/screenshots/scoreboard-agari-yame-1920x1080.png' });
    expect(await overflowOf(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
    // The console says it too, and points the operator to the missed-press form to answer for the dealer.
    const consolePage = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const consoleProblems: string[] = [];
    consolePage.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));
    await consolePage.goto(`${server.url}/console`);
    const line = consolePage.getByTestId('agari-yame-line');
    await line.waitFor();
    const name = asked.seats.find((s) => s.seat === dealer)!.name;
    expect(await line.textContent()).toBe(
      `Agari-yame? East (${name}) may end the game: CONFIRM ends · PASS plays on. If the table misses his press, enter it below (Missed button press: ${name}, confirm or pass).`,
    );
    await consolePage.screenshot({ path: 'test-output/screenshots/console-agari-yame-1920x1080.png' });
    expect(consoleProblems).toEqual([]);
    await consolePage.close();
    // Answered: the game is over and nobody is asked.
    const over = await openScoreboard(parsed(game.states.at(-1)!));
    expect(await over.page.locator('.rb-agari-yame').count()).toBe(0);
    await over.page.close();
  }, 60_000);

  it('lists the eight tag-team players’ own totals at the game’s end', async () => {
    const events: RiichiEvent[] = [];
    playVariantGame({
      seed: 3,
      variant: 'mangan',
      tagTeam: true,
      onStep: (s) => events.push(...stepEvents(s)),
    });
    const over = parsed(gameOf('mangan', events).states.at(-1)!);
    const decided = events.find((e) => e.type === 'tagTeam.gameDecided');
    if (decided?.type !== 'tagTeam.gameDecided') throw new Error('the tag-team game was not decided');
    const { page, problems } = await openScoreboard(over);
    await pastWinPanel(page);
    const rows = await page
      .locator('.tt-place')
      .evaluateAll((items) =>
        items.map((li) => [
          Number(li.getAttribute('data-rank')),
          li.querySelector('.tt-player')?.textContent,
          li.querySelector('.tt-points')?.textContent,
        ]),
      );
    expect(rows).toEqual(
      decided.ranking.map((r) => [r.rank, `P${r.player + 1}`, r.points.toLocaleString('en-US')]),
    );
    await page.screenshot({ path: 'test-output/screenshots/scoreboard-tag-team-places-1920x1080.png' });
    expect(await overflowOf(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
