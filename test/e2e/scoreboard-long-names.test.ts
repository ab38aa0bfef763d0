// Long names on the scoreboard (issue 12): every seat's name is read whole across a room, wrapped to two lines or set smaller, never cut with an ellipsis, at 1920×1080, 1366×768 and 390×844, on the riichi, sanma and Minefield boards.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicStateSchema, type PublicState } from '../../contract/ipc-contract.js';
import { launchChromium } from './browser.js';
import { fixtureAnswer, midHand as minefieldMidHand } from './fixture-states.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { momentsOf } from './riichi-states.js';
import { openScoreboard, overflowOf } from './scoreboard-page.js';
import { startFixtureServer, type FixtureServer } from './static-server.js';

const SHOTS = 'test-output/screenshots';
const SIZES = [
  [1920, 1080],
  [1366, 768],
  [390, 844],
] as const;
/** Long names as a club's players have them: double-barrelled, with accents, one near twice the usual length. */
const LONG_NAMES = [
  'Bernard Okonkwo-Smith',
  'Dolores Fitzgerald-Ramírez',
  'Maximiliane Wolkenstein-Trostburg',
  'Akiko Tanaka',
];

let browser: Browser;
let server: FixtureServer;

beforeAll(async () => {
  await ensureRendererBuilt();
  server = await startFixtureServer(minefieldMidHand, fixtureAnswer);
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const renamed = (state: PublicState, names: readonly string[]): PublicState =>
  PublicStateSchema.parse({
    ...state,
    seats: state.seats.map((s, i) => ({ ...s, name: names[i % names.length]! })),
  });

interface NameBox {
  readonly text: string;
  readonly cut: boolean;
  readonly outsideSeat: boolean;
  readonly lines: number;
  readonly fontPx: number;
}

/** Each seat's name as drawn: cut (overflowing its box), outside its seat, how many lines, its font size. */
const namesOn = (page: Page, seat: string, name: string): Promise<NameBox[]> =>
  page.$$eval(
    `${seat} ${name}`,
    (els, seatSelector) =>
      els.map((el) => {
        // The size the letters are drawn at, wherever in the name's element the text sits.
        const textNode = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode()!;
        const style = getComputedStyle(textNode.parentElement!);
        const box = el.getBoundingClientRect();
        const seatBox = el.closest(seatSelector)!.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(textNode);
        const lineTops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return {
          text: el.textContent ?? '',
          cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
          outsideSeat:
            box.left < seatBox.left - 1 ||
            box.right > seatBox.right + 1 ||
            box.top < seatBox.top - 1 ||
            box.bottom > seatBox.bottom + 1,
          lines: lineTops.size,
          fontPx: parseFloat(style.fontSize),
        };
      }),
    seat,
  );

const boards = () => {
  const riichi = momentsOf('riichi', 11, [0, 1, 2, 3]).midHand;
  const sanma = momentsOf('sanma', 6, [0, 1, 2]).midHand;
  return [
    { board: 'riichi', state: riichi, seat: '.rb-seat', name: '.rb-name', names: LONG_NAMES },
    { board: 'sanma', state: sanma, seat: '.rb-seat', name: '.rb-name', names: LONG_NAMES.slice(1) },
    // Minefield's two seats, the longer names on both.
    {
      board: 'minefield',
      state: minefieldMidHand,
      seat: '.seat',
      name: '.seat-name',
      names: LONG_NAMES.slice(1, 3),
    },
  ] as const;
};

describe('long names on the scoreboard (issue 12)', () => {
  it('every name is shown whole, in at most two lines, at a size read across a room', async () => {
    const found: string[] = [];
    for (const { board, state, seat, name, names } of boards()) {
      const short = renamed(state, ['Chen Wei']);
      for (const [width, height] of SIZES) {
        const before = await openScoreboard(browser, server, short, width, height, seat);
        const [usual] = await namesOn(before.page, seat, name);
        await before.page.close();
        // Every long name at every seat: a side seat's pond and melds leave a name less room than the top's.
        for (let turn = 0; turn < names.length; turn++) {
          const long = renamed(state, [...names.slice(turn), ...names.slice(0, turn)]);
          const { page, problems } = await openScoreboard(browser, server, long, width, height, seat);
          await page.screenshot({
            path: `${SHOTS}/scoreboard-long-names-${board}-${turn}-${width}x${height}.png`,
          });
          const shown = await namesOn(page, seat, name);
          expect(shown.map((n) => n.text).sort(), `${board} ${width}x${height}`).toEqual(
            long.seats.map((s) => s.name).sort(),
          );
          for (const n of shown) {
            const where = `${board} ${width}x${height} "${n.text}"`;
            if (n.cut) found.push(`${where} is cut`);
            if (n.outsideSeat) found.push(`${where} runs out of its seat`);
            if (n.lines > 2) found.push(`${where} takes ${n.lines} lines`);
            // Set smaller to fit, but not below two thirds of a short name's size.
            if (n.fontPx < (usual!.fontPx * 2) / 3)
              found.push(`${where} is set at ${n.fontPx}px, a short name at ${usual!.fontPx}px`);
          }
          found.push(
            ...(await overflowOf(page, seat, width < 600)).map(
              (o) => `${board} ${turn} ${width}x${height}: ${o}`,
            ),
          );
          expect(problems).toEqual([]);
          await page.close();
        }
      }
    }
    expect(found).toEqual([]);
  }, 180_000);
});
