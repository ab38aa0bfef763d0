// The discard deadline restarts at every discard without re-entering the state (issue 4, benchmark work).
import { describe, expect, it } from 'vitest';
import { minefieldGameMachine } from '../../families/minefield/machines/game.js';
import { DISCARD_DEADLINE } from '../../families/minefield/machines/setup.js';
import { scriptedGame } from './minefield-script.js';

const DEALER_BG = '111p444p111s999s1z';
const PINFU = '234m56788p34567s';

describe('Minefield discard deadline (issue 4)', () => {
  it("restarts from each discard: a seat gets the whole limit, never what is left of the previous seat's", () => {
    const game = scriptedGame({ deadlines: { discardMs: 2000 } });
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    game.clock.increment(1500);
    game.discardSafe(0);
    game.clock.increment(1500); // 3000 ms since play started, 1500 since seat 0's discard
    expect(game.outcomes('seat.overdue')).toEqual([]);
    game.discardSafe(1);
    game.clock.increment(1999);
    expect(game.outcomes('seat.overdue')).toEqual([]);
    game.clock.increment(1);
    expect(game.outcomes('seat.overdue')).toEqual([{ type: 'seat.overdue', seat: 0, stage: 'discarding' }]);
    // After a buzz the deadline runs again, and the next discard restarts it once more.
    game.clock.increment(1000);
    game.discardSafe(0);
    game.clock.increment(1999);
    expect(game.outcomes('seat.overdue')).toHaveLength(1);
    game.clock.increment(1);
    expect(game.outcomes('seat.overdue').at(-1)).toEqual({ type: 'seat.overdue', seat: 1, stage: 'discarding' });
  });

  it("keeps one timer: after many discards the hand's last claim is the only deadline left", () => {
    const game = scriptedGame({ deadlines: { discardMs: 2000, lastClaimMs: 5000 } });
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    for (let i = 0; i < 34; i++) game.discardSafe(game.actor.getSnapshot().context.hand.turn);
    const scheduled = Object.values(game.actor.system.getSnapshot()._scheduledEvents);
    expect(scheduled.map((s) => s.event.type)).toEqual(['xstate.after.lastClaimLimit.minefield.hand.discarding.lastClaim']);
    game.clock.increment(5000);
    expect(game.outcomes('seat.overdue')).toEqual([{ type: 'seat.overdue', seat: 0, stage: 'claiming' }]);
    expect(game.outcomes('hand.drawn')).toHaveLength(1);
  });

  it("DISCARD_DEADLINE is the event xstate schedules for awaitingDiscard's `after` (the timer a discard restarts)", () => {
    const state = minefieldGameMachine.getStateNodeById('minefield.hand.discarding.awaitingDiscard');
    expect(state.after.map((t) => t.eventType)).toEqual([DISCARD_DEADLINE]);
  });
});
