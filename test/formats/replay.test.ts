// The round replayer on its own: purity, and each invariant caught when a recorded round is tampered with.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameRecord, RoundEvent, RoundRecord } from '../../families/riichi/formats/game-record.js';
import {
  applyEvent,
  brokenInvariant,
  replayRound,
  startRound,
  type RoundState,
} from '../../families/riichi/formats/replay.js';
import { parseTenhou6 } from '../../families/riichi/formats/tenhou6.js';
import { tilesOf, type Tile } from '../../rules/tiles.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = resolve(repoRoot, '../shared/data/tenhou6');
if (!existsSync(dataDir))
  throw new Error(`test data missing: ${dataDir} (shared/data must sit beside the repository)`);

function load(name: string): GameRecord {
  const parsed = parseTenhou6(readFileSync(resolve(dataDir, name), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

// Calls, an open kan, kakan, riichi and a double ron on a kakan (chankan).
const game = load('mjx-2010091009gm-00a9-0000-83af2648_tw_2.json');

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const withEvents = (round: RoundRecord, events: RoundEvent[]): RoundRecord => ({ ...round, events });

describe('replayRound', () => {
  it('never changes a state it is given (apply is pure)', () => {
    for (const round of game.rounds) {
      let state: RoundState = deepFreeze(startRound(round));
      for (const event of round.events) {
        const step = applyEvent(state, event, round);
        if (!step.ok) throw new Error(step.message);
        expect(step.value).not.toBe(state);
        state = deepFreeze(step.value);
      }
      expect(brokenInvariant(state, round, 1)).toBeNull();
    }
  });

  it('finds a fifth copy of a kind in the deal', () => {
    const round = game.rounds[0]!;
    const deals = round.deals.map((d) => [...d]);
    // Four 1m in seat 0's deal and one more in seat 1's.
    deals[0]!.splice(0, 4, ...tilesOf('1111m'));
    deals[1]![0] = tilesOf('1m')[0]!;
    const result = replayRound({ ...round, deals });
    expect(result).toMatchObject({
      ok: false,
      code: 'bad_log',
      message: expect.stringMatching(/after the deal: \d copies of 1m/),
    });
  });

  it('finds red fives in a set without them', () => {
    const round = game.rounds.find(
      (r) =>
        r.deals.flat().some((t) => (t & 0x40) !== 0) ||
        r.events.some((e) => e.type === 'draw' && (e.tile & 0x40) !== 0),
    )!;
    expect(replayRound(round, 1).ok).toBe(true);
    expect(replayRound(round, 0)).toMatchObject({ ok: false, message: expect.stringContaining('red fives') });
  });

  it('refuses a round with a draw taken out: someone holds 14 or draws out of turn', () => {
    const round = game.rounds[0]!;
    const second = round.events.findIndex((e, i) => i > 0 && e.type === 'draw');
    const result = replayRound(
      withEvents(
        round,
        round.events.filter((_, i) => i !== second),
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      code: 'bad_log',
      message: expect.stringMatching(/^event \d+ \(seat \d (discard|draw)/),
    });
  });

  it('refuses a discard of a tile the seat does not hold and a claim of a tile nobody discarded', () => {
    const round = game.rounds[0]!;
    const first = round.events.findIndex((e) => e.type === 'discard');
    const discard = round.events[first] as Extract<RoundEvent, { type: 'discard' }>;
    const held = new Set<number>(round.deals[discard.seat]!);
    const foreign = ([...Array(34).keys()] as Tile[]).find(
      (t) => !held.has(t) && t !== (round.events[0] as { tile: Tile }).tile,
    )!;
    const events = round.events.map((e, i) =>
      i === first ? { ...discard, tile: foreign, tsumogiri: false } : e,
    );
    expect(replayRound(withEvents(round, events))).toMatchObject({
      ok: false,
      message: expect.stringContaining(`is not in seat ${discard.seat}'s hand`),
    });

    const claimAt = game.rounds
      .flatMap((r) => r.events.map((e, i) => ({ r, e, i })))
      .find(({ e }) => e.type === 'pon')!;
    const claimed = claimAt.r.events.filter((_, i) => i !== claimAt.i - 1);
    expect(replayRound(withEvents(claimAt.r, claimed)).ok).toBe(false);
  });

  it('refuses a result that does not fit how play stopped', () => {
    const round = game.rounds.find(
      (r) =>
        r.result.type === 'win' &&
        r.result.wins.length === 1 &&
        r.result.wins[0]!.winner !== r.result.wins[0]!.from,
    )!;
    if (round.result.type !== 'win') throw new Error('a ron round');
    const win = round.result.wins[0]!;
    const asTsumo = { ...round, result: { type: 'win' as const, wins: [{ ...win, from: win.winner }] } };
    expect(replayRound(asTsumo)).toMatchObject({
      ok: false,
      message: expect.stringContaining('did not just draw'),
    });
    const asExhaustive = {
      ...round,
      result: { type: 'draw' as const, kind: 'exhaustive' as const, deltas: [0, 0, 0, 0] },
    };
    expect(replayRound(asExhaustive)).toMatchObject({
      ok: false,
      message: expect.stringContaining('exhaustive draw after'),
    });
  });
});
