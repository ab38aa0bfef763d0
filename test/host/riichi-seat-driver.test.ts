// The riichi seat driver presses once per decision (issue 7), and takes one tile per draw even when a reboot makes its panel ask twice.
import { describe, expect, it } from 'vitest';
import { riichiSeatDriver } from '../../families/riichi/seat-driver.js';
import type { RiichiCore, RiichiPanel } from '../../families/riichi/core.js';
import type { PhysicalAction } from '../../hardware/simulator/actions.js';
import type { PublicTableView, SeatView } from '../../hardware/simulator/seat-driver.js';
import { createRiichiBot } from '../../families/riichi/bots/riichi-bot.js';
import type { RiichiBot } from '../../families/riichi/machines/seat-view.js';
import type { Seat } from '../../table/table-events.js';
import type { Tile } from '../../rules/tiles.js';
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

/** For draw panels: the bot is never asked. */
const NEVER_ASKED: RiichiBot = {
  name: 'never asked',
  onTurn: () => {
    throw new Error('a draw panel does not ask the bot');
  },
  onClaim: () => {
    throw new Error('a draw panel does not ask the bot');
  },
};
const tiles = (n: number): Tile[] => Array.from({ length: n }, (_, i) => (i % 34) as Tile);
const self = (hand: number): SeatView => ({ seat: 1, hand: tiles(hand), placed: [], wall: [] });
const table = (melds: readonly (readonly Tile[])[]): PublicTableView =>
  ({ melds: [[], melds, [], []] }) as unknown as PublicTableView;

/**
 * A driver for seat 1 whose panel asks for a draw, under a new key at each call (as after a reboot); `holding`: the
 * tiles the panel says the seat holds before it (13 in play).
 */
function drawingDriver(replacement = false, holding = 13) {
  let key = 0;
  const panel = (): RiichiPanel => ({ kind: 'draw', key: `k${key++}`, replacement, holding });
  return riichiSeatDriver(NEVER_ASKED, 1 as Seat, panel);
}

describe('riichi seat driver: one tile per draw (a table reboot can ask twice)', () => {
  it('draws while dealing and at its turn, but not a second tile when it holds its draw', () => {
    const driver = drawingDriver();
    expect(driver.next(table([]), self(2))).toEqual({ do: 'draw', seat: 1, from: 'live' }); // dealing
    expect(driver.next(table([]), self(13))).toEqual({ do: 'draw', seat: 1, from: 'live' }); // its turn (or the dealer's 14th)
    expect(driver.next(table([]), self(14))).toBeNull(); // asked again after a reboot: it has drawn
  });

  it('during the deal takes a tile only while it holds no more than the panel says (a reboot mid-deal)', () => {
    // The deal's second block: the seat has taken 4 tiles and is asked for its 5th.
    const driver = drawingDriver(false, 4);
    expect(driver.next(table([]), self(4))).toEqual({ do: 'draw', seat: 1, from: 'live' });
    // Asked again after a reboot before the host heard that draw: it holds 5 and does not take a 6th.
    expect(driver.next(table([]), self(5))).toBeNull();
  });

  it('counts a meld as three tiles (a kan too) and a North set aside as none', () => {
    const pon: Tile[] = [5, 5, 5] as Tile[];
    const kan: Tile[] = [9, 9, 9, 9] as Tile[];
    const north: Tile[] = [30] as Tile[];
    const driver = drawingDriver(true);
    expect(driver.next(table([pon]), self(10))).toEqual({ do: 'draw', seat: 1, from: 'dead' });
    expect(driver.next(table([pon]), self(11))).toBeNull();
    expect(driver.next(table([kan]), self(10))).toEqual({ do: 'draw', seat: 1, from: 'dead' });
    expect(driver.next(table([kan]), self(11))).toBeNull();
    expect(driver.next(table([north]), self(13))).toEqual({ do: 'draw', seat: 1, from: 'dead' });
    expect(driver.next(table([north]), self(14))).toBeNull();
  });
});
