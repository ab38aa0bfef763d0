// Whole games of random legal play through the riichi game machine (tenhou, club, sanma): invariants after every input.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { makeRules, type RuleOptions } from '../../../rules/options.js';
import { DEPOSIT_VALUE } from '../../../rules/payments.js';
import { SANMA } from '../../../rules/variants/sanma.js';
import { shanten } from '../../../rules/shanten.js';
import { countKinds, type Tile } from '../../../rules/tiles.js';
import { createRng, type Rng } from '../../../table/rng.js';
import type { RiichiInput, RiichiOutcome } from './events.js';
import { riichiOutcomeSchema } from './events.js';
import { riichiGameMachine } from './game.js';
import { handInvariantProblem } from './model.js';
import { awaiting, drawInputFor, tableInputsFor } from './table-inputs.js';
import { shuffledWall } from './wall.js';

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]!;

/** A discard that keeps the hand closest to complete (lowest shanten), ties at random: games reach wins. */
function greedyDiscard(rng: Rng, concealed: readonly Tile[], melds: number, discards: readonly Tile[]): Tile {
  let best: Tile[] = [];
  let bestShanten = Infinity;
  for (const tile of discards) {
    const rest = [...concealed];
    rest.splice(rest.indexOf(tile), 1);
    const s = shanten(countKinds(rest), melds);
    if (s < bestShanten) [best, bestShanten] = [[tile], s];
    else if (s === bestShanten) best.push(tile);
  }
  return pick(rng, best);
}

/** A random but legal seat: wins when it can, calls and declares now and then. */
function nextInput(
  rng: Rng,
  snapshot: ReturnType<ReturnType<typeof createActor<typeof riichiGameMachine>>['getSnapshot']>,
  options: RuleOptions,
): RiichiInput {
  const hand = snapshot.context.hand;
  const wait = awaiting(hand);
  switch (wait.kind) {
    case 'wall': {
      const wall = shuffledWall(options, rng);
      return { type: 'hand.wallBuilt', live: wall.live, dead: wall.dead };
    }
    case 'draw':
      return drawInputFor(hand)!;
    case 'turn': {
      const l = wait.legal;
      if (l.tsumo && rng.next() < 0.95) return tableInputsFor(wait.seat, { type: 'tsumo' });
      if (l.nineTerminals && rng.next() < 0.5) return tableInputsFor(wait.seat, { type: 'nineTerminals' });
      if (l.north && rng.next() < 0.7) return tableInputsFor(wait.seat, { type: 'north' });
      if (l.closedKans.length > 0 && rng.next() < 0.5)
        return tableInputsFor(wait.seat, { type: 'closedKan', tile: pick(rng, l.closedKans) });
      if (l.addedKans.length > 0 && rng.next() < 0.5)
        return tableInputsFor(wait.seat, { type: 'addedKan', tile: pick(rng, l.addedKans) });
      if (l.riichiDiscards.length > 0 && rng.next() < 0.6)
        return tableInputsFor(wait.seat, {
          type: 'discard',
          tile: pick(rng, l.riichiDiscards),
          riichi: true,
        });
      return tableInputsFor(wait.seat, {
        type: 'discard',
        tile: greedyDiscard(rng, hand.concealed[wait.seat]!, hand.melds[wait.seat]!.length, l.discards),
        riichi: false,
      });
    }
    case 'claim': {
      const { seat, legal } = wait.seats[0]!;
      if (legal.ron && rng.next() < 0.9) return tableInputsFor(seat, { type: 'ron' });
      if (legal.openKan.length > 0 && rng.next() < 0.3)
        return tableInputsFor(seat, { type: 'openKan', tiles: legal.openKan[0]! });
      if (legal.pon.length > 0 && rng.next() < 0.3)
        return tableInputsFor(seat, { type: 'pon', tiles: pick(rng, legal.pon) });
      if (legal.chi.length > 0 && rng.next() < 0.2)
        return tableInputsFor(seat, { type: 'chi', tiles: pick(rng, legal.chi) });
      return tableInputsFor(seat, { type: 'pass' });
    }
    case 'stageBGuess':
    case 'stageBSettlement':
    case 'none':
      throw new Error(
        `no input expected (${wait.kind}: Tenpai Race is played in tenpai-race-stage-b.test.ts)`,
      );
  }
}

function playGame(options: RuleOptions, seed: number) {
  const rng = createRng(seed);
  const actor = createActor(riichiGameMachine, {
    input: { options, firstDealer: 0 },
    clock: new SimulatedClock(),
  });
  const outcomes: RiichiOutcome[] = [];
  actor.on('*', (e) => outcomes.push(e as RiichiOutcome));
  actor.start();
  const total = options.players * options.startingPoints;
  let inputs = 0;
  while (actor.getSnapshot().status === 'active') {
    const before = outcomes.length;
    actor.send(nextInput(rng, actor.getSnapshot(), options));
    inputs++;
    const snap = actor.getSnapshot();
    const problem = handInvariantProblem(snap.context.hand);
    if (problem) throw new Error(`seed ${seed} input ${inputs}: ${problem}`);
    const rejected = outcomes
      .slice(before)
      .find((o) => o.type === 'seat.actionRejected' || o.type === 'hand.setupRejected');
    if (rejected) throw new Error(`seed ${seed}: a legal input was rejected: ${JSON.stringify(rejected)}`);
    const p = snap.context.hand.phase.kind === 'dealing' ? snap.context.progress : snap.context.hand;
    const sum = p.points.reduce((a, b) => a + b, 0) + DEPOSIT_VALUE * p.deposits;
    if (sum !== total && snap.status === 'active')
      throw new Error(`seed ${seed}: points + sticks = ${sum}, not ${total}`);
    if (inputs > 200_000) throw new Error('game did not end');
  }
  return { outcomes, inputs, context: actor.getSnapshot().context };
}

describe('random legal play through the riichi game machine', () => {
  for (const [name, options] of [
    ['tenhou', makeRules('tenhou')],
    ['club', makeRules('club')],
    ['sanma', SANMA],
  ] as const) {
    it(`${name}: whole games end, every outcome validates, tiles and points are accounted for after every input`, () => {
      const kinds = new Set<string>();
      for (let seed = 1; seed <= 6; seed++) {
        const { outcomes } = playGame(options, seed);
        for (const o of outcomes) {
          expect(riichiOutcomeSchema.safeParse(o).success).toBe(true);
          kinds.add(o.type === 'hand.abortiveDraw' ? `abort:${o.reason}` : o.type);
        }
        const end = outcomes.at(-1)!;
        expect(end.type).toBe('game.ended');
      }
      expect(kinds).toContain('hand.won');
      expect(kinds).toContain('hand.exhaustiveDraw');
      expect(kinds).toContain('seat.callMade');
    });
  }
});
