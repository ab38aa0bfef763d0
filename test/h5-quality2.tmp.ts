import { playMinefieldGame } from '../machines/minefield/simulation.js';
import { createMinefieldBot } from '../machines/bots/minefield-bot.js';
import { checkMinefieldWin } from '../rules/variants/minefield.js';
import type { Tile } from '../rules/tiles.js';
const checked = Number(process.argv[2] ?? 3);
let hands = 0, mangan = 0; let botMs = 0;
for (let seed = 0; seed < 30; seed++) {
  const mk = (s: number) => { const b = createMinefieldBot({ seed: s, handsChecked: checked }); return { name: b.name, chooseHand: (v: Parameters<typeof b.chooseHand>[0]) => { const t = performance.now(); const r = b.chooseHand(v); botMs += performance.now() - t; return r; }, chooseAction: b.chooseAction }; };
  playMinefieldGame({ seed, bots: [mk(seed * 2), mk(seed * 2 + 1)], onStep: (s) => {
    if (s.input?.type !== 'seat.handSet') return;
    const c = s.snapshot.context; const h = c.hand; const seat = s.input.seat;
    hands++;
    if (h.waits[seat].some((w) => checkMinefieldWin({ hand: s.input!.type === 'seat.handSet' ? s.input.tiles : [], winTile: w as Tile, dealer: c.dealer === seat, discardNumber: 3, ownDiscards: [], passedWin: false, doraIndicator: h.doraIndicator!, uraIndicator: h.doraIndicator!, ante: 1000 }).ok)) mangan++;
  } });
}
console.log(checked, { hands, pct: (mangan / hands * 100).toFixed(1), msPerHandBuild: (botMs / hands).toFixed(3) });
