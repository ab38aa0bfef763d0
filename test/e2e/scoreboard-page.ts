// Opening the scoreboard on a fixture state in Chromium and looking for anything cut off: shared by the scoreboard e2e tests.
import type { Browser, Page } from 'playwright-core';
import type { PublicState } from '../../contract/ipc-contract.js';
import type { FixtureServer } from './static-server.js';

/** Pushes `state`, opens /scoreboard at the size and waits until it shows it; `problems` collects script and CSP errors. */
export async function openScoreboard(
  browser: Browser,
  server: FixtureServer,
  state: PublicState,
  width = 1920,
  height = 1080,
  ready = '',
): Promise<{ page: Page; problems: string[] }> {
  server.push(state);
  const page = await browser.newPage({ viewport: { width, height } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`csp: ${message.text()}`);
  });
  await page.goto(`${server.url}/scoreboard`);
  await page.waitForSelector(`.scoreboard[data-event-seq="${state.eventSeq}"] ${ready}`.trim());
  return { page, problems };
}

/**
 * Anything cut off: the page scrolling (a phone's page may scroll down, never sideways), or one of `selectors`
 * overflowing its box.
 */
export const overflowOf = (page: Page, selectors: string, phone = false): Promise<string[]> =>
  page.evaluate(
    ({ list, phone }) => {
      const out: string[] = [];
      const root = document.scrollingElement!;
      if (root.scrollWidth > innerWidth + 1) out.push('page scrolls sideways');
      if (!phone && root.scrollHeight > innerHeight + 1) out.push('page scrolls');
      for (const el of document.querySelectorAll<HTMLElement>(list))
        if (el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2)
          out.push(`${el.className} overflows`);
      return out;
    },
    { list: selectors, phone },
  );
