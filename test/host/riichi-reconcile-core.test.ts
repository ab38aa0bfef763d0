// RiichiCore after a link loss (issue 7): draws and discards the host never received come back from the table's snapshot.
import { describe, expect, it } from 'vitest';
import { RiichiCore } from '../../families/riichi/core.js';
import type { SourceEvent } from '../../host/session/log-events.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { makeRules } from '../../rules/options.js';
import { snapshotOf } from './reconcile-fixture.js';
import { runRiichiSession, type LoggedSource, type RunOptions } from './riichi-table-harness.js';

const OPTIONS: RunOptions = { mode: 'standard4', preset: 'tenhou', rules: makeRules('tenhou'), seed: 31 };
const START_MS = 1_700_000_000_000;

/** A fresh core fed `sources`; the derived events of each, by seq. */
function feed(sources: readonly LoggedSource[]) {
  const core = new RiichiCore({ startAtMs: START_MS, mode: OPTIONS.mode, rules: OPTIONS.rules });
  const derived = new Map<number, RiichiEvent[]>();
  for (const r of sources) derived.set(r.seq, core.step(r.seq, r.atMs, r.event).derived);
  return { core, derived };
}

const SENSED = new Set(['table.tileDrawn', 'table.tileDiscarded']);

describe('RiichiCore replays what a link loss hid, from table.state (families/riichi/reconcile.ts)', () => {
  it('the same inputs and the same hand as if the lost draws and discards had arrived', () => {
    const run = runRiichiSession({ ...OPTIONS, games: 1 });
    expect(run.problems).toEqual([]);
    const sources = run.sources;
    // A stretch of 8 plain draws and discards in the middle of a hand (no deal, calls, buttons or deadlines):
    // four draws and four discards reached the machine. It ends on a discard: ponds show a draw only once the
    // seat has discarded (a draw alone is seen in the walls' counts, which this reconcile does not read).
    const all = feed(sources).derived;
    const inputsOf = (i: number) => sources.slice(i, i + 8).flatMap((r) => all.get(r.seq)!);
    let from = -1;
    for (let i = 1; i < sources.length - 8 && from < 0; i++)
      if (
        sources[i]!.event.type === 'table.tileDrawn' &&
        sources.slice(i, i + 8).every((r) => SENSED.has(r.event.type)) &&
        inputsOf(i).filter((e) => e.type === 'seat.drew').length === 4 &&
        inputsOf(i).filter((e) => e.type === 'seat.discarded').length === 4
      )
        from = i;
    expect(from).toBeGreaterThan(0);
    const lost = sources.slice(from, from + 8);

    const truth = feed(sources.slice(0, from + 8));
    const truthHand = truth.core.gameSnapshot()!.context.hand;
    const missed = lost.flatMap((r) => truth.derived.get(r.seq)!);
    expect(missed.filter((e) => e.type === 'seat.discarded')).toHaveLength(4);

    const host = feed(sources.slice(0, from));
    const last = sources[from - 1]!;
    const state: SourceEvent = { type: 'table.state', snapshot: snapshotOf(truthHand) };
    const caughtUp = host.core.step(last.seq + 1, last.atMs + 40, state).derived;
    expect(host.core.reconcileMismatch).toBeNull();
    // The inputs the lost events gave, and what the machine made of them (furiten, passes...), in order.
    expect(caughtUp).toEqual(missed);
    const hand = host.core.gameSnapshot()!.context.hand;
    expect(hand.ponds).toEqual(truthHand.ponds);
    expect(hand.concealed).toEqual(truthHand.concealed);
    expect(hand.phase).toEqual(truthHand.phase);

    // A snapshot the host already matches changes nothing.
    expect(host.core.step(last.seq + 2, last.atMs + 80, state).derived).toEqual([]);
  });
});
