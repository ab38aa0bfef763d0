// Headless Minefield throughput: whole bot games through the game machine on one core (goal ≥ 2,000 hands/s).
import os from 'node:os';
import { createActor, SimulatedClock } from 'xstate';
import type { MinefieldInput } from '../families/minefield/machines/events.js';
import { minefieldGameMachine } from '../families/minefield/machines/game.js';
import { playMinefieldGame } from '../families/minefield/machines/simulation.js';

const WARMUP_GAMES = 20;
const MEASURE_MS = 3000;
const GOAL = 2000;

/** CPU seconds this process has used (all its threads: the GC's helpers count too). */
const cpuSeconds = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

/**
 * Plays games from consecutive seeds for about `ms`; returns hands per second of wall time, and per CPU
 * second (the figure to read on a shared, loaded machine, where the wall clock also counts other processes).
 */
function handsPerSecond(firstSeed: number, ms: number): { hands: number; games: number; rate: number; cpuRate: number } {
  let hands = 0;
  let games = 0;
  const started = performance.now();
  const cpuStarted = cpuSeconds();
  while (performance.now() - started < ms) hands += playMinefieldGame({ seed: firstSeed + games++ }).hands;
  return { hands, games, rate: hands / ((performance.now() - started) / 1000), cpuRate: hands / (cpuSeconds() - cpuStarted) };
}

/** The machine alone: replays recorded inputs (bots' decisions already made), rules checks included. */
function machineOnly(seeds: number): { hands: number; rate: number; cpuRate: number } {
  const games: { firstDealer: 0 | 1; inputs: MinefieldInput[]; hands: number }[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    const inputs: MinefieldInput[] = [];
    let firstDealer: 0 | 1 = 0;
    const record = playMinefieldGame({
      seed: 10_000 + seed,
      onStep: (step) => {
        if (step.input) inputs.push(step.input);
        for (const e of step.outcomes) if (e.type === 'game.started') firstDealer = e.firstDealer;
      },
    });
    games.push({ firstDealer, inputs, hands: record.hands });
  }
  let hands = 0;
  const started = performance.now();
  const cpuStarted = cpuSeconds();
  for (const game of games) {
    const actor = createActor(minefieldGameMachine, { input: { firstDealer: game.firstDealer }, clock: new SimulatedClock() });
    actor.start();
    for (const input of game.inputs) actor.send(input);
    actor.stop();
    hands += game.hands;
  }
  return { hands, rate: hands / ((performance.now() - started) / 1000), cpuRate: hands / (cpuSeconds() - cpuStarted) };
}

export function run(): void {
  handsPerSecond(1_000_000, 0);
  for (let seed = 0; seed < WARMUP_GAMES; seed++) playMinefieldGame({ seed });
  const withBots = handsPerSecond(1, MEASURE_MS);
  const machine = machineOnly(60);
  console.log(`minefield hands/s with bots (one core): ${Math.round(withBots.rate)} (${withBots.hands} hands in ${withBots.games} games; goal ${GOAL}: ${withBots.rate >= GOAL ? 'met' : 'NOT met'})`);
  console.log(`minefield hands per CPU second with bots: ${Math.round(withBots.cpuRate)} (${os.loadavg()[0]!.toFixed(1)} load average on ${os.availableParallelism()} cores)`);
  console.log(`minefield hands/s, machine alone replaying recorded inputs: ${Math.round(machine.rate)} (${machine.hands} hands)`);
  console.log(`minefield hands per CPU second, machine alone: ${Math.round(machine.cpuRate)}`);
  console.log('peer: none (no other Minefield engine to compare with)');
}
