// RiichiCore on the built-in simulator's table model: whole bot games of riichi and sanma, replay identity, restarts.
import { describe, expect, it } from 'vitest';
import { CLUB, TENHOU } from '../../rules/options.js';
import { SANMA } from '../../rules/variants/sanma.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import type { Tile } from '../../rules/tiles.js';
import { replay, runRiichiSession, type RunOptions } from './riichi-table-harness.js';

const count = (events: readonly RiichiEvent[], type: string) => events.filter((e) => e.type === type).length;

function checkGame(options: RunOptions) {
  const run = runRiichiSession(options);
  expect(run.problems).toEqual([]);
  const events = run.derived.map((d) => d.event);
  // The log replays to the same derived events, in the same order (recovery compares exactly this).
  const replayed = replay(options, run.sources);
  expect(replayed.derived).toEqual(events);
  const ended = events.at(-1)!;
  expect(ended.type).toBe('game.ended');
  if (ended.type !== 'game.ended') throw new Error('no game.ended');
  expect(replayed.core.gamesFinished).toBe(1);
  // Points are conserved: the final points (and the sticks left over, unless the first place took them) add up to the start.
  const start = options.rules.startingPoints * options.rules.players;
  const left = options.rules.leftoverDeposits === 'first' ? 0 : 1000 * ended.leftoverDeposits;
  expect(ended.points.reduce((a, b) => a + b, 0) + left).toBe(start);
  expect(ended.ranking).toHaveLength(options.rules.players);
  return { run, events };
}

describe('RiichiCore on the simulated table (issue 7)', () => {
  it('plays a whole 4-player tenhou game of bots from table events; replaying its log gives the same events', () => {
    const { run, events } = checkGame({ mode: 'standard4', preset: 'tenhou', rules: TENHOU, seed: 1 });
    const hands = count(events, 'hand.started');
    expect(hands).toBeGreaterThanOrEqual(8);
    // Every hand ended one way or another, and the table's events made draws, discards, calls and wins.
    expect(
      count(events, 'hand.won') + count(events, 'hand.exhaustiveDraw') + count(events, 'hand.abortiveDraw'),
    ).toBe(hands);
    expect(count(events, 'seat.drew')).toBeGreaterThan(100);
    expect(count(events, 'hand.won')).toBeGreaterThan(0);
    expect(count(events, 'seat.actionRejected')).toBe(0);
    expect(run.refusedActions).toBe(0);
    // The walls the machine dealt from are the sensed walls in riichi.md 3.2 order: every draw was the expected tile.
    expect(events.filter((e) => e.type === 'hand.setupRejected')).toEqual([]);
  });

  it('plays calls and riichi through buttons and melds (club preset, several seeds)', () => {
    let calls = 0;
    let riichi = 0;
    for (const seed of [2, 3]) {
      const { events } = checkGame({ mode: 'standard4', preset: 'club', rules: CLUB, seed });
      calls += count(events, 'seat.callMade');
      riichi += count(events, 'seat.riichiDeclared');
    }
    expect(calls).toBeGreaterThan(0);
    expect(riichi).toBeGreaterThan(0);
  });

  it('plays a whole sanma game of bots (three walls of 36); replaying its log gives the same events', () => {
    const { events } = checkGame({ mode: 'sanma3', preset: 'sanma', rules: SANMA, seed: 4 });
    const started = events.find((e) => e.type === 'game.started');
    expect(started).toMatchObject({ players: 3 });
    expect(count(events, 'seat.chiDeclared')).toBe(0);
    expect(count(events, 'seat.actionRejected')).toBe(0);
  });

  it('resumes after crashes mid-game: the hand on the lost simulator is void and dealt again; the log still replays', () => {
    const options: RunOptions = {
      mode: 'standard4',
      preset: 'tenhou',
      rules: TENHOU,
      seed: 5,
      crashAfter: [150, 600, 1100],
    };
    const { run, events } = checkGame(options);
    expect(run.restarts).toBe(3);
    // Each voided hand is dealt again: the game still ends with every hand concluded once.
    expect(count(events, 'game.ended')).toBe(1);
    const voided = run.sources.filter((s) => s.event.type === 'host.handVoided');
    expect(voided.length).toBeGreaterThanOrEqual(1);
  });

  it('plays on a table without draw sensors (the wall model names each draw) or discard sensors (the operator corrects)', () => {
    const blindDraws = checkGame({
      mode: 'sanma3',
      preset: 'sanma',
      rules: SANMA,
      seed: 6,
      blind: { draws: true },
    });
    expect(
      blindDraws.run.sources.some((s) => s.event.type === 'table.tileDrawn' && s.event.tile === null),
    ).toBe(true);
    expect(count(blindDraws.events, 'seat.drew')).toBeGreaterThan(50);
    const blindDiscards = checkGame({
      mode: 'sanma3',
      preset: 'sanma',
      rules: SANMA,
      seed: 6,
      blind: { discards: true },
    });
    expect(blindDiscards.run.corrections).toBe(count(blindDiscards.events, 'seat.discarded'));
    expect(blindDiscards.run.corrections).toBeGreaterThan(20);
    // A correction applies to a sensed draw or discard only, and is one tile.
    const core = blindDiscards.run.core;
    expect(core.checkCorrection(1, [0 as Tile])).toMatchObject({ ok: false, code: 'not_correctable' });
  });
});
