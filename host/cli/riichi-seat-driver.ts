// Adapter: a riichi-family bot (machines/bots) playing a seat of the table simulator from what its seat panel shows.
import type { PhysicalAction } from '../../hardware/simulator/actions.js';
import type { PublicTableView, SeatDriver, SeatView } from '../../hardware/simulator/seat-driver.js';
import type { Seat } from '../../machines/table-events.js';
import type { LegalClaims, LegalTurnActions, RiichiBot } from '../../machines/riichi/seat-view.js';
import type { Tile } from '../../rules/tiles.js';
import type { RiichiPanel } from '../riichi-core.js';

/**
 * Where a driver reads its seat's panel: the host's riichi core (`RiichiCore.panel`). A real table's panel
 * lights the buttons that apply; the panel's `key` changes whenever the hand moves on.
 */
export type PanelSource = (seat: Seat) => RiichiPanel | null;

/**
 * The built-in simulator draws only from the live wall (hardware/simulator/actions.ts `draw`): it cannot hand
 * out a replacement tile from the dead wall, so the bots are not offered kans or north extraction there.
 */
const withoutReplacementDraws = (legal: LegalTurnActions): LegalTurnActions => ({
  ...legal,
  closedKans: [],
  addedKans: [],
  north: false,
});
const withoutOpenKans = (legal: LegalClaims): LegalClaims => ({ ...legal, openKan: [] });

/**
 * Plays one seat: once per panel key it asks the bot and turns the decision into physical actions, done one
 * per call (the simulator asks again after each change at the table):
 * - draw → take the next tile; turn → discard (after pressing `riichi` for a declaration), press `tsumo`, or
 *   reveal the hand for nine terminals;
 * - claim → press `ron`, `pass`, or the call's button (`chi`/`pon`); once the table grants the call, lay the
 *   meld with the claimed discard.
 * Each button is pressed once per decision, never again at later table changes.
 */
export function riichiSeatDriver(bot: RiichiBot, seat: Seat, panelOf: PanelSource): SeatDriver {
  let lastKey: string | null = null;
  let planned: PhysicalAction[] = [];
  /** The tiles from the hand of the call this seat announced, until the table grants or refuses it. */
  let call: readonly Tile[] | null = null;
  return {
    next(_table: PublicTableView, _self: SeatView): PhysicalAction | null {
      const panel = panelOf(seat);
      if (panel === null) return null;
      if (panel.key !== lastKey) {
        lastKey = panel.key;
        planned = plan(panel);
      }
      return planned.shift() ?? null;
    },
  };

  function plan(panel: RiichiPanel): PhysicalAction[] {
    switch (panel.kind) {
      case 'wait':
        return [];
      case 'draw':
        call = null;
        return [{ do: 'draw', seat }];
      case 'turn': {
        call = null;
        const decision = bot.onTurn(panel.view, withoutReplacementDraws(panel.legal));
        switch (decision.type) {
          case 'tsumo':
            return [{ do: 'press', seat, button: 'tsumo' }];
          case 'discard':
            return decision.riichi
              ? [
                  { do: 'press', seat, button: 'riichi' },
                  { do: 'discard', seat, tile: decision.tile },
                ]
              : [{ do: 'discard', seat, tile: decision.tile }];
          case 'nineTerminals':
            return [{ do: 'reveal', seat }];
          default:
            throw new Error(`riichi seat driver: the bot chose ${decision.type}, which it was not offered`);
        }
      }
      case 'claim': {
        const decision = bot.onClaim(panel.view, panel.offer, withoutOpenKans(panel.legal));
        switch (decision.type) {
          case 'pass':
            return [{ do: 'press', seat, button: 'pass' }];
          case 'ron':
            return [{ do: 'press', seat, button: 'ron' }];
          case 'chi':
          case 'pon':
            call = decision.tiles;
            return [{ do: 'press', seat, button: decision.type }];
          default:
            throw new Error(`riichi seat driver: the bot chose ${decision.type}, which it was not offered`);
        }
      }
      case 'granted': {
        const tiles = call;
        call = null;
        if (tiles === null) return [];
        return [
          { do: 'meld', seat, tiles: [...tiles, panel.offer.tile], claimFrom: panel.offer.from as Seat },
        ];
      }
    }
  }
}
