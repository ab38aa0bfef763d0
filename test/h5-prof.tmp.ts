import { createActor, SimulatedClock } from 'xstate';
import type { MinefieldInput } from '../machines/events.js';
import { minefieldGameMachine } from '../machines/minefield/game.js';
import { playMinefieldGame } from '../machines/minefield/simulation.js';
const games: { firstDealer: 0 | 1; inputs: MinefieldInput[]; hands: number }[] = [];
for (let seed = 0; seed < 60; seed++) {
  const inputs: MinefieldInput[] = []; let firstDealer: 0 | 1 = 0;
  const r = playMinefieldGame({ seed: 10_000 + seed, onStep: (s) => { if (s.input) inputs.push(s.input); for (const e of s.outcomes) if (e.type === 'game.started') firstDealer = e.firstDealer; } });
  games.push({ firstDealer, inputs, hands: r.hands });
}
for (let rep = 0; rep < 8; rep++) {
  let hands = 0; let sends = 0; const t = performance.now();
  for (const g of games) { const a = createActor(minefieldGameMachine, { input: { firstDealer: g.firstDealer }, clock: new SimulatedClock() }); a.start(); for (const i of g.inputs) { a.send(i); sends++; } a.stop(); hands += g.hands; }
  const ms = performance.now() - t;
  console.log('hands/s', Math.round(hands / ms * 1000), 'µs/send', (ms * 1000 / sends).toFixed(1), 'sends/hand', (sends / hands).toFixed(1));
}
