import { launchChromium } from './browser.js';
const b = await launchChromium();
for (const path of ['scoreboard?token=viewertoken12345678','console?token=operatortoken1234567','replay?token=operatortoken1234567']) {
  const p = await b.newPage({ viewport: { width: 1920, height: 1080 } });
  p.on('console', (m) => console.log('[page]', m.text()));
  p.on('pageerror', (e) => console.log('[err]', e.message));
  await p.goto('http://127.0.0.1:41457/' + path);
  await p.waitForTimeout(2500);
  await p.screenshot({ path: '/work/main/test-output/screenshots/live-' + path.split('?')[0] + '.png' });
}
await b.close();
