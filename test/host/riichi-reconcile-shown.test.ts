// A reconcile mismatch after a link loss reaches the operator (issue 7): a derived event, a log line saying what to check, `table.reconcile`.
import { describe, expect, it } from 'vitest';
import { RECONCILE_CHECK } from '../../families/riichi/reconcile.js';
import { handUnderWay, snapshotOf, withMissedPon } from './reconcile-fixture.js';

describe('a reconcile mismatch is shown to the operator (families/riichi/reconcile.ts, issue 7)', () => {
  it('is logged as reconcile.mismatch, shown on table.reconcile with what to check, and cleared by a snapshot that matches', () => {
    const { core, fold, ingest, hand } = handUnderWay();
    expect(fold.model.table.reconcile ?? null).toBeNull();

    // The link came back and the table shows a pon at seat 2 that the host never heard of.
    const derived = ingest({ type: 'table.state', snapshot: withMissedPon(hand) });
    expect(derived).toEqual([
      {
        type: 'reconcile.mismatch',
        code: 'meld_missed',
        seat: 2,
        message: 'the table shows a meld of seat 2 the host never heard of',
      },
    ]);
    expect(core.reconcileMismatch?.code).toBe('meld_missed');
    expect(fold.model.table.reconcile).toEqual({
      code: 'meld_missed',
      seat: 2,
      message: 'the table shows a meld of seat 2 the host never heard of',
      check: RECONCILE_CHECK.meld_missed,
    });
    expect(fold.model.log.at(-1)!.text).toBe(
      'after the link loss the table does not match the host (meld_missed): the table shows a meld of seat 2 the host never heard of; to check: a call or kan was made while the link was down: enter it, or have the seat undo it',
    );
    // The operator had the seat undo it: the next snapshot matches, and the warning goes.
    expect(ingest({ type: 'table.state', snapshot: snapshotOf(hand) })).toEqual([]);
    expect(core.reconcileMismatch).toBeNull();
    expect(fold.model.table.reconcile).toBeNull();
  });
});
