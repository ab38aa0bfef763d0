// Headless riichi-family throughput: bot games through the riichi game machine (4-player club preset, Sanma), and the bots' decision cost.
import { loadavg } from 'node:os';
import { createActor, SimulatedClock } from 'xstate';
import { createRiichiBot } from '../families/riichi/bots/riichi-bot.js';
import type { RiichiInput } from '../families/riichi/machines/events.js';
import { riichiGameMachine } from '../families/riichi/machines/game.js';
import type {
  ClaimOffer,
  LegalClaims,
  LegalTurnActions,
  RiichiBot,
  RiichiSeatView,
} from '../families/riichi/machines/seat-view.js';
import { playRiichiGame } from '../families/riichi/machines/simulation.js';
import { deriveSeed } from '../table/rng.js';
import type { Seat } from '../rules/payments.js';
import { CLUB, type RuleOptions } from '../rules/options.js';
import { SANMA } from '../rules/variants/sanma.js';

const MEASURE_MS = 3000;
const RECORDED_GAMES = 12;
/** The bots' budget per decision (issue 7 brief: well under 50 µs on average). */
const DECISION_BUDGET_US = 50;

/** Plays games from consecutive seeds for about `ms`; returns hands per second. */
function handsPerSecond(
  options: RuleOptions,
  firstSeed: number,
  ms: number,
): { hands: number; games: number; rate: number } {
  let hands = 0;
  let games = 0;
  const started = performance.now();
  while (performance.now() - started < ms)
    hands += playRiichiGame({ seed: firstSeed + games++, options }).hands;
  return { hands, games, rate: hands / ((performance.now() - started) / 1000) };
}

interface Recorded {
  readonly firstDealer: Seat;
  readonly inputs: RiichiInput[];
  readonly hands: number;
}

type TurnCall = readonly [RiichiSeatView, LegalTurnActions];
type ClaimCall = readonly [RiichiSeatView, ClaimOffer, LegalClaims];

/** Plays `games` games, keeping every input sent and every question put to a bot. */
function record(
  options: RuleOptions,
  firstSeed: number,
  games: number,
): { games: Recorded[]; turns: TurnCall[]; claims: ClaimCall[] } {
  const turns: TurnCall[] = [];
  const claims: ClaimCall[] = [];
  const recorded: Recorded[] = [];
  for (let g = 0; g < games; g++) {
    const seed = firstSeed + g;
    const bots: RiichiBot[] = Array.from({ length: options.players }, (_, s) => {
      const bot = createRiichiBot({ seed: deriveSeed(seed, s + 1) });
      return {
        name: bot.name,
        onTurn: (view, legal) => {
          turns.push([view, legal]);
          return bot.onTurn(view, legal);
        },
        onClaim: (view, offer, legal) => {
          claims.push([view, offer, legal]);
          return bot.onClaim(view, offer, legal);
        },
      };
    });
    const inputs: RiichiInput[] = [];
    let firstDealer: Seat = 0;
    const result = playRiichiGame({
      seed,
      options,
      bots,
      onStep: (step) => {
        if (step.input) inputs.push(step.input);
        for (const e of step.outcomes) if (e.type === 'game.started') firstDealer = e.firstDealer;
      },
    });
    recorded.push({ firstDealer, inputs, hands: result.hands });
  }
  return { games: recorded, turns, claims };
}

/** The machine alone: replays recorded inputs (the bots' decisions already made), rules checks included. */
function machineOnly(options: RuleOptions, games: readonly Recorded[]): { hands: number; rate: number } {
  let hands = 0;
  const started = performance.now();
  for (const game of games) {
    const actor = createActor(riichiGameMachine, {
      input: { options, firstDealer: game.firstDealer },
      clock: new SimulatedClock(),
    });
    actor.start();
    for (const input of game.inputs) actor.send(input);
    actor.stop();
    hands += game.hands;
  }
  return { hands, rate: hands / ((performance.now() - started) / 1000) };
}

/**
 * Microseconds per decision of a fresh bot asked the recorded questions again: the fastest of several passes
 * over them (the cores are shared, and a pass that was preempted says nothing about the bot).
 */
function decisionCost(
  turns: readonly TurnCall[],
  claims: readonly ClaimCall[],
  ms: number,
): { turnUs: number; claimUs: number; meanUs: number } {
  const bot = createRiichiBot({ seed: 1 });
  const fastest = (run: () => void, count: number): number => {
    let best = Infinity;
    const started = performance.now();
    do {
      const pass = performance.now();
      run();
      best = Math.min(best, performance.now() - pass);
    } while (performance.now() - started < ms);
    return (best * 1000) / count;
  };
  const turnUs = fastest(() => {
    for (const [view, legal] of turns) bot.onTurn(view, legal);
  }, turns.length);
  const claimUs = fastest(() => {
    for (const [view, offer, legal] of claims) bot.onClaim(view, offer, legal);
  }, claims.length);
  const meanUs = (turnUs * turns.length + claimUs * claims.length) / (turns.length + claims.length);
  return { turnUs, claimUs, meanUs };
}

function measure(label: string, options: RuleOptions): void {
  handsPerSecond(options, 1_000_000, 0);
  for (let seed = 0; seed < 3; seed++) playRiichiGame({ seed, options });
  const withBots = handsPerSecond(options, 1, MEASURE_MS);
  const recorded = record(options, 500, RECORDED_GAMES);
  machineOnly(options, recorded.games.slice(0, 2));
  const machine = machineOnly(options, recorded.games);
  const cost = decisionCost(recorded.turns, recorded.claims, 1000);
  console.log(
    `${label} hands/s with bots (one core): ${Math.round(withBots.rate)} (${withBots.hands} hands in ${withBots.games} games)`,
  );
  // The bots' share: their decisions per hand at the measured cost, against the time of a hand with bots.
  const decisionsPerHand = (recorded.turns.length + recorded.claims.length) / machine.hands;
  const botShare = (decisionsPerHand * cost.meanUs) / (1e6 / withBots.rate);
  console.log(
    `${label} hands/s, machine alone replaying recorded inputs: ${Math.round(machine.rate)} (${machine.hands} hands)`,
  );
  console.log(
    `${label} bot decision (fastest pass): ${cost.turnUs.toFixed(1)} µs per turn (${recorded.turns.length} recorded), ${cost.claimUs.toFixed(1)} µs per claim (${recorded.claims.length}); mean ${cost.meanUs.toFixed(1)} µs (budget ${DECISION_BUDGET_US}: ${cost.meanUs < DECISION_BUDGET_US ? 'met' : 'NOT met'}); ${decisionsPerHand.toFixed(0)} decisions per hand, about ${Math.round(100 * botShare)}% of a hand's time with bots`,
  );
}

export function run(): void {
  measure('riichi (club, 4 players)', CLUB);
  measure('sanma', SANMA);
  console.log(
    `load average while measuring: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores shared)`,
  );
  console.log(
    'peer: none in process (@kobalab/majiang-core has no bot and no game loop; the machine-alone figure is the reference)',
  );
}
