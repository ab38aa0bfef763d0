// Adapter: a riichi-family bot (machines/bots) playing a seat of the table simulator from what its seat panel shows.
import type { PhysicalAction } from '../../hardware/simulator/actions.js';
import type { PublicTableView, SeatDriver, SeatView } from '../../hardware/simulator/seat-driver.js';
import type { Seat } from '../../table/table-events.js';
import type { RiichiBot, RiichiSeatView, TurnDecision } from './machines/seat-view.js';
import { botTakesAgariYame } from './machines/variant-simulation.js';
import { NORTH, tileKind, type Tile } from '../../rules/tiles.js';
import type { RiichiPanel } from './panel.js';

/**
 * Where a driver reads its seat's panel: the host's riichi core (`RiichiCore.panel`). A real table's panel
 * lights the buttons that apply; the panel's `key` changes whenever the hand moves on.
 */
export type PanelSource = (seat: Seat) => RiichiPanel | null;

/**
 * A question the seat answered with a button (a claim, agari-yame): its panel `decision`, how often the host had
 * asked it then (`asked`), and the actions of the answer. Issue 7: through a PTY the panel's key could change
 * before the first `pass` reached the host (another seat announced a call), and the seat pressed `pass` again,
 * which the machine refused. Now a decision is answered once; the same answer is pressed again only when the host
 * asks again (after a table reboot that may have lost the press, RiichiPanel `asked`). The bot is not asked twice.
 */
interface Answer {
  readonly decision: string;
  asked: number;
  readonly actions: readonly PhysicalAction[];
}

/**
 * Plays one seat: once per panel key it asks the bot and turns the decision into physical actions, done one
 * per call (the simulator asks again after each change at the table):
 * - draw → take the next tile (from the dead wall when the panel asks for a replacement), unless the player already
 *   holds more tiles than the panel's `holding` (a reboot can make the panel ask twice); turn → discard (after
 *   pressing `riichi` for a declaration), press `tsumo`, reveal the hand for nine terminals, lay a closed kan
 *   (the four tiles), add the fourth tile to a pon (one tile laid), or set a North aside (Sanma: one tile laid);
 * - claim → press `ron`, `pass`, or the call's button (`chi`/`pon`/`kan`); once the table grants the call, lay
 *   the meld with the claimed discard against the table seat the panel names (`claimFrom`);
 * - agari-yame (the dealer, after his win) → `confirm` to end the game, `pass` to play on, by the bots' rule.
 * Each button is pressed once per decision (see Answer), never again at later table changes.
 */
export function riichiSeatDriver(bot: RiichiBot, seat: Seat, panelOf: PanelSource): SeatDriver {
  let lastKey: string | null = null;
  let planned: PhysicalAction[] = [];
  /** The tiles from the hand of the call this seat announced, until the table grants or refuses it. */
  let call: readonly Tile[] | null = null;
  let answer: Answer | null = null;
  return {
    next(table: PublicTableView, self: SeatView): PhysicalAction | null {
      const panel = panelOf(seat);
      if (panel === null) return null;
      if (panel.key !== lastKey) {
        lastKey = panel.key;
        planned = panel.kind === 'claim' || panel.kind === 'agariYame' ? answerOnce(panel) : plan(panel);
      }
      const action = planned.shift() ?? null;
      // A player who holds his draw does not take a second tile when the panel still asks for one: after a table
      // reboot the panel can ask again before the host has heard of the draw (during the deal too).
      if (
        action?.do === 'draw' &&
        panel.kind === 'draw' &&
        tilesHeld(self, table.melds[seat] ?? []) > panel.holding
      )
        return null;
      return action;
    },
  };

  /** A button question: the bot's answer the first time, the same answer when the host asks again, else nothing. */
  function answerOnce(panel: Extract<RiichiPanel, { decision: string }>): PhysicalAction[] {
    if (answer !== null && answer.decision === panel.decision) {
      const again = panel.asked > answer.asked;
      answer.asked = panel.asked;
      return again ? [...answer.actions] : [];
    }
    const actions = plan(panel);
    answer = { decision: panel.decision, asked: panel.asked, actions };
    return [...actions];
  }

  function plan(panel: RiichiPanel): PhysicalAction[] {
    switch (panel.kind) {
      case 'wait':
        return [];
      case 'draw':
        call = null;
        return [{ do: 'draw', seat, from: panel.replacement ? 'dead' : 'live' }];
      case 'turn':
        call = null;
        return turn(panel.view, bot.onTurn(panel.view, panel.legal));
      case 'claim': {
        const decision = bot.onClaim(panel.view, panel.offer, panel.legal);
        if (decision.type === 'pass' || decision.type === 'ron')
          return [{ do: 'press', seat, button: decision.type }];
        call = decision.tiles;
        return [{ do: 'press', seat, button: decision.type === 'openKan' ? 'kan' : decision.type }];
      }
      case 'granted': {
        const tiles = call;
        call = null;
        if (tiles === null) return [];
        return [{ do: 'meld', seat, tiles: [...tiles, panel.offer.tile], claimFrom: panel.claimFrom }];
      }
      case 'agariYame':
        return [
          {
            do: 'press',
            seat,
            button: botTakesAgariYame(panel.points, panel.dealer) ? 'confirm' : 'pass',
          },
        ];
    }
  }

  /** The physical actions of a turn decision (the seat's own tiles as its view lists them). */
  function turn(view: RiichiSeatView, decision: TurnDecision): PhysicalAction[] {
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
      case 'closedKan': {
        const kind = tileKind(decision.tile);
        return [{ do: 'meld', seat, tiles: view.concealed.filter((t) => tileKind(t) === kind) }];
      }
      case 'addedKan':
        return [{ do: 'meld', seat, tiles: [decision.tile] }];
      case 'north': {
        // The machine sets aside the drawn North if it is one (variants.md V3.2.5), else one from the hand.
        const north =
          view.drawn !== null && tileKind(view.drawn) === NORTH
            ? view.drawn
            : view.concealed.find((t) => tileKind(t) === NORTH)!;
        return [{ do: 'meld', seat, tiles: [north] }];
      }
    }
  }
}

/** The tiles a seat holds, a meld counting three (a kan too) and a North set aside none (13 in play, 14 once drawn). */
function tilesHeld(self: SeatView, melds: readonly (readonly Tile[])[]): number {
  let tiles = self.hand.length;
  for (const meld of melds) if (meld.length >= 3) tiles += 3;
  return tiles;
}
