// Shared by the reconcile tests: a riichi game folded as the host logs it, up to a hand under way, and a table snapshot of that hand.
import { RiichiCore } from '../../families/riichi/core.js';
import type { LogEvent, LoggedEvent } from '../../host/session/log-events.js';
import { applyPublic, initialPublicModel } from '../../host/view/public-model.js';
import type { PublicModel } from '../../host/view/model.js';
import type { HandModel } from '../../families/riichi/machines/model.js';
import type { TableSnapshot } from '../../table/table-events.js';
import { makeRules } from '../../rules/options.js';
import { runRiichiSession, type RunOptions } from './riichi-table-harness.js';

const OPTIONS: RunOptions = { mode: 'standard4', preset: 'tenhou', rules: makeRules('tenhou'), seed: 31 };
const START_MS = 1_700_000_000_000;

/** What the table's sensors show of the hand: ponds as they lie, melds; the rest as a table in play reports it. */
export function snapshotOf(hand: HandModel): TableSnapshot {
  const seats = [0, 1, 2, 3] as const;
  return {
    mode: 'standard4',
    phase: 'playing',
    fault: null,
    lid: 'closed',
    dice: null,
    dora: null,
    wallRemaining: [0, 0, 0, 0],
    discards: seats.map((s) => hand.ponds[s]!.filter((p) => !p.called).map((p) => p.tile)),
    melds: seats.map((s) => hand.melds[s]!.map((m) => [...m.tiles])),
    handsPlaced: [0, 0, 0, 0],
    sticks: seats.map(() => ({ p100: 0, p1000: 0, p5000: 0, p10000: 0 })),
    displays: [0, 0, 0, 0],
  };
}

/**
 * A bot game's log fed to a fresh core and folded into the public model as the host does it (each source event,
 * then what it caused), until every seat has discarded twice. `ingest` goes on from there.
 */
export function handUnderWay() {
  const run = runRiichiSession({ ...OPTIONS, games: 1 });
  if (run.problems.length > 0) throw new Error(run.problems.join('; '));
  const core = new RiichiCore({ startAtMs: START_MS, mode: OPTIONS.mode, rules: OPTIONS.rules });
  const fold = { seq: 0, atMs: START_MS, model: initialPublicModel(1) as PublicModel };
  const ingest = (event: LogEvent, at = fold.atMs + 40): unknown[] => {
    fold.atMs = at;
    const source: LoggedEvent = { seq: ++fold.seq, atMs: at, event };
    fold.model = applyPublic(fold.model, source);
    const derived = core.step(source.seq, at, event as never).derived;
    for (const d of derived)
      fold.model = applyPublic(fold.model, { seq: ++fold.seq, atMs: at, event: d as unknown as LogEvent });
    return derived;
  };
  for (const r of run.sources) {
    ingest(r.event, r.atMs);
    const hand = core.gameSnapshot()?.context.hand;
    if (hand && hand.ponds.every((p) => p.length >= 2)) break;
  }
  return { core, fold, ingest, hand: core.gameSnapshot()!.context.hand };
}

/** The hand's snapshot with a pon at seat 2 the host never heard of (a call made while the link was down). */
export function withMissedPon(hand: HandModel): TableSnapshot {
  const seen = snapshotOf(hand);
  const pon = hand.ponds[0]![0]!.tile;
  return { ...seen, melds: seen.melds.map((m, s) => (s === 2 ? [...m, [pon, pon, pon]] : m)) };
}
