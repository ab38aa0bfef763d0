import { playMinefieldGame } from '../machines/minefield/simulation.js';
import { checkMinefieldWin } from '../rules/variants/minefield.js';
import type { Tile } from '../rules/tiles.js';
let hands = 0, mangan = 0, liveWaits = 0;
for (let seed = 0; seed < 40; seed++) {
  playMinefieldGame({ seed, onStep: (s) => {
    if (s.input?.type !== 'seat.handSet') return;
    const c = s.snapshot.context; const h = c.hand; const seat = s.input.seat;
    if (!s.outcomes.some((e) => e.type === 'seat.handAccepted')) return;
    hands++;
    let any = false;
    for (const w of h.waits[seat]) {
      const r = checkMinefieldWin({ hand: s.input.tiles, winTile: w as Tile, dealer: c.dealer === seat, discardNumber: 3, ownDiscards: [], passedWin: false, doraIndicator: h.doraIndicator!, uraIndicator: h.doraIndicator!, ante: 1000 });
      if (r.ok) { any = true; const wall = h.walls![seat]; liveWaits += 4 - wall.filter((t) => t === w).length; }
    }
    if (any) mangan++;
  } });
}
console.log({ hands, manganCapable: mangan, pct: (mangan / hands * 100).toFixed(1), avgLiveMangaWaitTiles: (liveWaits / mangan).toFixed(2) });
