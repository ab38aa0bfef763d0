// Adapter: a Minefield bot (machines/bots) playing a seat of the table simulator (hardware/simulator SeatDriver).
import type { PhysicalAction } from '../../hardware/simulator/actions.js';
import type { PublicTableView, SeatDriver, SeatView } from '../../hardware/simulator/seat-driver.js';
import { tileKind, type Tile } from '../../rules/tiles.js';
import { checkMinefieldWin, validateMinefieldHand } from '../../rules/variants/minefield.js';
import type { MinefieldBot } from './bots/minefield-bot.js';
import type { Seat } from '../../table/table-events.js';
import { claimOf, type MinefieldSeatView } from './machines/public-view.js';
import { MAX_DISCARDS } from './machines/model.js';

/**
 * A claim button pressed and not yet answered. Issue 4: the driver used to press again at every table change,
 * and a table whose host had paused saw thousands of presses (each press is itself a change). Now one press
 * per (hand, discard answered), and again only when the table shows the press did not take:
 * - the table never reported it (its event count did not move: refused while rebooting): at the next change;
 * - the seat's turn lamp was dark at the press and the host lit it since: the host asks this seat after the
 *   press, so it may not have had it (a rebooted table drops the events it had not had acknowledged);
 * - the lamp, lit since the press, went dark and is lit again: the host asks once more (after a reboot it
 *   lights the lamps afresh, minefield-table-run.ts).
 * A press the host took ends the hand: the lamp stays dark until the next hand's walls, a new memory.
 * A second press of one claim is harmless: the hand machine ignores it once the hand is over.
 */
interface PendingPress {
  readonly action: PhysicalAction;
  /** The table's event count when the button was pressed (the press itself is the next event). */
  readonly eventCount: number;
  /** The turn lamp was lit at the press, or has been seen lit since. */
  litSeen: boolean;
  /** ... and then seen dark. Lit again after this: the host is still waiting for this seat. */
  darkSeen: boolean;
}

/**
 * The driver sees only what a player sees: its wall, its placed hand, its stock, the ponds, the dora
 * indicator and the lamps (who deals). It keeps, as a player would, whether it let a completing tile
 * pass this hand (`passedWin` of the rules' win check). It acts once per turn:
 * - hands not placed yet and the dora flipped → place the bot's 13 tiles;
 * - the opponent's last discard is a legal win for it → press `ron`;
 * - its turn to discard → discard the bot's tile (noting a passed win);
 * - after the opponent's 17th discard with nothing to claim (the dealer) → press `pass`.
 * Turns come from the pond sizes (the dealer discards first), not from the lamps, so a driver asked
 * twice before the table changes does not act twice. A claim button is pressed once (see PendingPress).
 */
export function minefieldSeatDriver(bot: MinefieldBot, seat: Seat, opponent: Seat): SeatDriver {
  let passedWin = false;
  let handKey = '';
  let answered = -1;
  let pending: PendingPress | null = null;
  return {
    next(table: PublicTableView, self: SeatView): PhysicalAction | null {
      if (table.mode !== 'minefield2' || self.wall.length === 0 || table.dora === null) return null;
      const key = self.wall.join(',');
      if (key !== handKey) {
        // A new hand (new wall): forget the last hand's passed wins.
        handKey = key;
        passedWin = false;
        answered = -1;
        pending = null;
      }
      const isDealer = table.lamps[seat]?.dealer === true;
      if (self.placed.length === 0) {
        const view = seatViewOf(self, table, isDealer, [], null);
        return { do: 'placeHand', seat, tiles: bot.chooseHand(view) };
      }
      if ((table.handsPlaced[opponent] ?? 0) === 0) return null;
      const mine = table.discards[seat] ?? [];
      const theirs = table.discards[opponent] ?? [];
      const myTurn = isDealer ? mine.length === theirs.length : mine.length < theirs.length;
      const lastClaim = isDealer && mine.length === MAX_DISCARDS && theirs.length === MAX_DISCARDS;
      if (!myTurn && !lastClaim) return null;
      if (answered === theirs.length) return pending === null ? null : pressAgainIfNotTaken(pending, table);
      const waits = validateMinefieldHand(self.placed);
      const lastTile = theirs.at(-1);
      let offer: ReturnType<typeof checkMinefieldWin> | null = null;
      if (lastTile !== undefined && waits.ok && waits.value.includes(tileKind(lastTile))) {
        offer = checkMinefieldWin({
          hand: self.placed,
          winTile: lastTile,
          dealer: isDealer,
          discardNumber: theirs.length,
          ownDiscards: mine.map(tileKind),
          passedWin,
          doraIndicator: table.dora,
          // The under-dora is unseen until a win; it changes the tier, never whether the win is legal.
          uraIndicator: table.dora,
          ante: 1000,
        });
        if (!offer.ok && offer.code === 'below_mangan') passedWin = true;
      }
      const action = bot.chooseAction(seatViewOf(self, table, isDealer, waits.ok ? waits.value : [], claimOf(offer)));
      answered = theirs.length;
      pending = null;
      if (action.type === 'ron') return press({ do: 'press', seat, button: 'ron' }, table);
      if (offer?.ok) passedWin = true;
      if (action.type === 'pass' || lastClaim) return press({ do: 'press', seat, button: 'pass' }, table);
      return { do: 'discard', seat, tile: action.tile };
    },
  };

  function press(action: PhysicalAction, table: PublicTableView): PhysicalAction {
    pending = { action, eventCount: table.eventCount, litSeen: table.lamps[seat]?.turn === true, darkSeen: false };
    return action;
  }

  /** The pending press once more when the table shows it did not take (see PendingPress); otherwise wait. */
  function pressAgainIfNotTaken(waiting: PendingPress, table: PublicTableView): PhysicalAction | null {
    if (table.eventCount === waiting.eventCount) return press(waiting.action, table);
    const lit = table.lamps[seat]?.turn === true;
    if (!lit) {
      if (waiting.litSeen) waiting.darkSeen = true;
      return null;
    }
    if (waiting.litSeen && !waiting.darkSeen) return null;
    return press(waiting.action, table);
  }

  function seatViewOf(self: SeatView, table: PublicTableView, isDealer: boolean, waits: readonly number[], claim: MinefieldSeatView['claim']): MinefieldSeatView {
    return {
      // Minefield seat 0 is the first of the two table seats the mode plays (0 and 2).
      seat: seat < opponent ? 0 : 1,
      isDealer,
      wall: self.wall as readonly Tile[],
      hand: self.placed.length > 0 ? self.placed : null,
      stock: self.hand,
      waits,
      furiten: null,
      claim,
      ownDiscards: table.discards[seat] ?? [],
      opponentDiscards: table.discards[opponent] ?? [],
      doraIndicator: table.dora,
    };
  }
}
