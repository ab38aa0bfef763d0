// Whole seeded bot games of 4-player riichi and Sanma through the real machine: invariants after every step, determinism.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TENHOU, type RuleOptions } from '../../../rules/options.js';
import { SANMA } from '../../../rules/variants/sanma.js';
import { deriveSeed } from '../../../table/rng.js';
import type { RiichiEvent } from './events.js';
import { handInvariantProblem } from './model.js';
import {
  playRiichiGame,
  recordsFromEvents,
  stepEvents,
  summarizeRiichi,
  type RiichiGameRecord,
  type RiichiStep,
} from './simulation.js';

const GAMES = 50;

/** Checks riichi.md 15 after a step: every tile accounted for, points + sticks = the game's start. */
function checkStep(step: RiichiStep, options: RuleOptions, where: string): void {
  const hand = step.snapshot.context.hand;
  const problem = handInvariantProblem(hand);
  if (problem !== null) throw new Error(`${where}: ${problem} after ${JSON.stringify(step.input)}`);
  const total = hand.points.reduce((a, b) => a + b, 0) + 1000 * hand.deposits;
  if (total !== options.players * options.startingPoints)
    throw new Error(`${where}: points + sticks = ${total} after ${JSON.stringify(step.input)}`);
  for (const outcome of step.outcomes) {
    // Tenpai payments only move points between seats.
    if (outcome.type === 'hand.exhaustiveDraw' && outcome.deltas.reduce((a, b) => a + b, 0) !== 0)
      throw new Error(`${where}: draw deltas ${outcome.deltas.join(' ')}`);
  }
}

/** One game's log as a digest (the whole event stream, in order). */
function playLogged(
  seed: number,
  options: RuleOptions,
): { record: RiichiGameRecord; digest: string; events: number } {
  const hash = createHash('sha256');
  let events = 0;
  const record = playRiichiGame({
    seed,
    options,
    onStep: (step) => {
      checkStep(step, options, `seed ${seed}`);
      for (const event of stepEvents(step)) {
        hash.update(JSON.stringify(event));
        events++;
      }
    },
  });
  return { record, digest: hash.digest('hex'), events };
}

describe.each([
  ['4-player riichi (tenhou)', TENHOU],
  ['Sanma', SANMA],
] as const)('simulated games: %s', (_name, options) => {
  it(`plays ${GAMES} seeded games to their end with the invariants holding after every step`, () => {
    const records: RiichiGameRecord[] = [];
    for (let game = 0; game < GAMES; game++) {
      const { record } = playLogged(deriveSeed(7, game), options);
      expect(record.ended, `game ${game} ended`).toBe(true);
      expect(record.points.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(
        options.players * options.startingPoints,
      );
      records.push(record);
    }
    const summary = summarizeRiichi(records);
    expect(summary.unfinished).toBe(0);
    // The bots play real mahjong: most hands end in a win, riichi is declared, calls are made.
    const won = Object.values(summary.wins).reduce((a, b) => a + b, 0);
    expect(won).toBeGreaterThan(summary.hands / 2);
    expect(summary.riichi).toBeGreaterThan(summary.hands / 2);
    expect(summary.calls.pon).toBeGreaterThan(0);
    if (options.players === 3) {
      expect(summary.calls.chi).toBe(0);
      expect(summary.calls.north).toBeGreaterThan(0);
    } else {
      expect(summary.calls.chi).toBeGreaterThan(0);
      expect(summary.calls.north).toBe(0);
    }
  }, 120_000);

  it('tallies a log of whole games (a table run) into the same records as the games played', () => {
    const events: RiichiEvent[] = [];
    const played = [5, 6].map((seed) =>
      playRiichiGame({ seed, options, onStep: (step) => events.push(...stepEvents(step)) }),
    );
    expect(recordsFromEvents(events, 5, options)).toEqual([played[0], { ...played[1], seed: 5 }]);
  });

  it('is deterministic for a seed: the same game, event for event', () => {
    for (const seed of [1, 2]) {
      const a = playLogged(seed, options);
      const b = playLogged(seed, options);
      expect(b.digest).toBe(a.digest);
      expect(b.record).toEqual(a.record);
      expect(a.events).toBeGreaterThan(100);
    }
    expect(playLogged(3, options).digest).not.toBe(playLogged(4, options).digest);
  });
});
