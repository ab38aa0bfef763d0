import { launchChromium } from './e2e/browser.js';
import { fixtureAnswer } from './e2e/fixture-states.js';
import { ensureRendererBuilt } from './e2e/renderer-build.js';
import { momentsOf } from './e2e/riichi-states.js';
import { startFixtureServer } from './e2e/static-server.js';
const r = momentsOf('riichi', 11, [0, 1, 2, 3]);
await ensureRendererBuilt();
const server = await startFixtureServer(r.midHand, (c, p) => (c === 'replay.listHands' ? { ok: true, value: { sessionId: 7, lastSeq: 0, hands: [] } } : fixtureAnswer(c, p)));
const browser = await launchChromium();
for (const [w, h] of [[1920, 1080], [1366, 768]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(`${server.url}/scoreboard`);
  await page.waitForSelector('.rb-seat');
  const m = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.rb-seat, .rb-centre')].map((el) => `${el.className}: client ${el.clientWidth}x${el.clientHeight} scroll ${el.scrollWidth}x${el.scrollHeight}`));
  console.log(w, h, m.join('\n'));
  await page.close();
}
await browser.close();
await server.close();
