// The Minefield family (variants.md V1): two players across a minefield2 table, each setting a 13-tile hand from
// their own wall, then discarding into the other's ron. Everything the host needs of it, through the family seam.
import type { GameFamily } from '../../host/families/family.js';
import type { VariantReplay } from '../../host/replay/replay-hands.js';
import { deriveSeed } from '../../table/rng.js';
import { createMinefieldBot } from './bots/minefield-bot.js';
import { MinefieldCore } from './core.js';
import { minefieldCsv, minefieldMjai } from './export.js';
import { MINEFIELD_LOG, minefieldEvent } from './log.js';
import { MinefieldRecorder } from './records.js';
import { MINEFIELD_SIMULATION } from './simulate.js';
import { minefieldHandLabel, minefieldHandsReducer, minefieldResultText, minefieldStepLine } from './replay.js';
import { minefieldSeatDriver } from './seat-driver.js';
import { applyMinefieldView, MINEFIELD_STANDING } from './view.js';

const MINEFIELD_REPLAY: VariantReplay = {
  hands: minefieldHandsReducer,
  line: minefieldStepLine,
  result: (event, names) => minefieldResultText(minefieldEvent(event), names),
  label: (event) => {
    const e = minefieldEvent(event);
    return e.type === 'hand.started' ? minefieldHandLabel(e.hand, e.ante) : null;
  },
};

/** Bots at Minefield's table seats 0 and 2, seeded from the session seed so a run replays. */
export function minefieldBotDrivers(seed: number) {
  return {
    0: minefieldSeatDriver(createMinefieldBot({ seed: deriveSeed(seed, 101) }), 0, 2),
    2: minefieldSeatDriver(createMinefieldBot({ seed: deriveSeed(seed, 102) }), 2, 0),
  };
}

export const MINEFIELD_FAMILY: GameFamily = {
  id: 'minefield',
  log: MINEFIELD_LOG,
  simulation: MINEFIELD_SIMULATION,
  variants: [
    {
      id: 'minefield',
      name: 'Minefield',
      mode: 'minefield2',
      presets: ['minefield'],
      tableSeats: [0, 2],
      createCore: (options) => new MinefieldCore(options),
      view: applyMinefieldView,
      standing: MINEFIELD_STANDING,
      replay: MINEFIELD_REPLAY,
      tenhouExport: false,
      exports: { csv: minefieldCsv, mjai: minefieldMjai },
      createRecorder: (db, sessionId, seats) => new MinefieldRecorder(db, sessionId, seats),
      // Minefield's tile set has no red fives.
      simulatorSeats: (seed) => ({ drivers: minefieldBotDrivers(seed), reds: false }),
      // Its core reads only ron and pass (core.ts); it takes no chombo, dead hand or Stage B.
      overrides: { buttons: ['ron', 'pass'] },
    },
  ],
};
