// The riichi seat driver presses once per decision (issue 7): a claim panel that moves on before the press took is not answered twice.
import { describe, expect, it } from 'vitest';
import { riichiSeatDriver } from '../../host/cli/riichi-seat-driver.js';
import type { RiichiCore, RiichiPanel } from '../../host/riichi-core.js';
import type { PhysicalAction } from '../../hardware/simulator/actions.js';
import type { PublicTableView, SeatView } from '../../hardware/simulator/seat-driver.js';
import { createRiichiBot } from '../../machines/bots/riichi-bot.js';
import type { RiichiBot } from '../../machines/riichi/seat-view.js';
import type { Seat } from '../../machines/table-events.js';
import { TENHOU } from '../../rules/options.js';
import { replay, runRiichiSession, type RunOptions } from './riichi-table-harness.js';

const OPTIONS: RunOptions = { mode: 'standard4', preset: 'tenhou', rules: TENHOU, seed: 31 };

type ClaimPanel = Extract<RiichiPanel, { kind: 'claim' }>;

/** A core replayed to the first moment a seat has a claim to answer (one `wanted` accepts), and that seat. */
function coreAtClaim(wanted: (panel: ClaimPanel) => boolean = () => true): { core: RiichiCore; seat: Seat } {
  const run = runRiichiSession(OPTIONS);
  for (let n = 1; n <= run.sources.length; n++) {
    const { core } = replay(OPTIONS, run.sources.slice(0, n));
    for (const seat of [0, 1, 2, 3] as const) {
      const panel = core.panel(seat);
      if (panel.kind === 'claim' && wanted(panel)) return { core, seat };
    }
    core.stop();
  }
  throw new Error('no such claim window in the game');
}

// The driver reads only its panel here; the table views are not looked at.
const TABLE = {} as PublicTableView;
const SELF = {} as SeatView;

describe('riichi seat driver: one press per decision (issue 7)', () => {
  it('does not press again when the panel moves on before the press took, and presses the same answer when asked again', () => {
    const { core, seat } = coreAtClaim();
    const claim = core.panel(seat) as ClaimPanel;
    let shown: RiichiPanel = claim;
    const driver = riichiSeatDriver(createRiichiBot({ seed: 5 }), seat, () => shown);
    const first = driver.next(TABLE, SELF);
    expect(first).toMatchObject({ do: 'press', seat });
    expect(driver.next(TABLE, SELF)).toBeNull();
    // Another seat announced a call: the key changes, the question is the same, the press is still in flight.
    shown = { ...claim, key: `${claim.key}:moved` };
    expect(driver.next(TABLE, SELF)).toBeNull();
    // The table rebooted and may have lost the press: the host asks again; the same answer, the bot not asked again.
    shown = { ...claim, key: `${claim.key}:asked`, asked: claim.asked + 1 };
    expect(driver.next(TABLE, SELF)).toEqual(first as PhysicalAction);
    expect(driver.next(TABLE, SELF)).toBeNull();
    core.stop();
  });

  it('lays a granted call against the table seat the panel names, not the machine seat', () => {
    const { core, seat } = coreAtClaim((panel) => panel.legal.pon.length > 0);
    const claim = core.panel(seat) as ClaimPanel;
    const tiles = claim.legal.pon[0]!;
    core.stop();
    // A player who pons whenever it can; the granted panel names table seat 2 for the machine's seat 1 (Tenpai Race).
    const ponner: RiichiBot = {
      name: 'ponner',
      onTurn: () => {
        throw new Error('a claim test asks no turn');
      },
      onClaim: () => ({ type: 'pon', tiles }),
    };
    let shown: RiichiPanel = claim;
    const driver = riichiSeatDriver(ponner, seat, () => shown);
    expect(driver.next(TABLE, SELF)).toMatchObject({ do: 'press', seat });
    shown = {
      kind: 'granted',
      key: 'granted',
      call: 'pon',
      offer: { ...claim.offer, from: 1 },
      claimFrom: 2,
    };
    expect(driver.next(TABLE, SELF)).toEqual({
      do: 'meld',
      seat,
      tiles: [...tiles, claim.offer.tile],
      claimFrom: 2,
    });
  });
});
