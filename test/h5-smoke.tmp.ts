import { playMinefieldGame, stepEvents } from '../machines/minefield/simulation.js';
let n = 0;
const t = performance.now();
let hands = 0;
for (let g = 0; g < 20; g++) {
  const r = playMinefieldGame({ seed: g, onStep: g === 0 ? (s) => { if (n++ < 60) for (const e of stepEvents(s)) console.log(JSON.stringify(e).slice(0, 200)); } : undefined });
  hands += r.hands;
  console.log(JSON.stringify(r));
}
const ms = performance.now() - t;
console.log('hands', hands, 'ms', ms.toFixed(0), 'hands/s', (hands / ms * 1000).toFixed(0));
