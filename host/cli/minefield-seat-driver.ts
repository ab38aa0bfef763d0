// Adapter: a Minefield bot (machines/bots) playing a seat of the table simulator (hardware/simulator SeatDriver).
import type { PhysicalAction } from '../../hardware/simulator/actions.js';
import type { PublicTableView, SeatDriver, SeatView } from '../../hardware/simulator/seat-driver.js';
import { tileKind, type Tile } from '../../rules/tiles.js';
import { checkMinefieldWin, validateMinefieldHand } from '../../rules/variants/minefield.js';
import type { MinefieldBot } from '../../machines/bots/minefield-bot.js';
import type { Seat } from '../../machines/table-events.js';
import { claimOf, type MinefieldSeatView } from '../../machines/minefield/public-view.js';
import { MAX_DISCARDS } from '../../machines/minefield/model.js';

/** Table changes after which an unanswered claim button is pressed again (1: at the next change, e.g. a resync). */
const REPRESS_AFTER_CHANGES = 1;

/**
 * The driver sees only what a player sees: its wall, its placed hand, its stock, the ponds, the dora
 * indicator and the lamps (who deals). It keeps, as a player would, whether it let a completing tile
 * pass this hand (`passedWin` of the rules' win check). It acts once per turn:
 * - hands not placed yet and the dora flipped → place the bot's 13 tiles;
 * - the opponent's last discard is a legal win for it → press `ron`;
 * - its turn to discard → discard the bot's tile (noting a passed win);
 * - after the opponent's 17th discard with nothing to claim (the dealer) → press `pass`.
 * Turns come from the pond sizes (the dealer discards first), not from the lamps, so a driver asked
 * twice before the table changes does not act twice.
 */
export function minefieldSeatDriver(bot: MinefieldBot, seat: Seat, opponent: Seat): SeatDriver {
  let passedWin = false;
  let handKey = '';
  let answered = -1;
  /** The last button pressed for the current discard, and how many table changes passed without an answer. */
  let pressed: PhysicalAction | null = null;
  let unanswered = 0;
  return {
    next(table: PublicTableView, self: SeatView): PhysicalAction | null {
      if (table.mode !== 'minefield2' || self.wall.length === 0 || table.dora === null) return null;
      const key = self.wall.join(',');
      if (key !== handKey) {
        // A new hand (new wall): forget the last hand's passed wins.
        handKey = key;
        passedWin = false;
        answered = -1;
        pressed = null;
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
      if (answered === theirs.length) {
        // A press the host never saw (lost in a table reboot) leaves everything as it was: press again, as a
        // player would. A second press of one claim is harmless: the hand machine ignores it once the hand is over.
        if (pressed === null || ++unanswered < REPRESS_AFTER_CHANGES) return null;
        unanswered = 0;
        return pressed;
      }
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
      unanswered = 0;
      pressed = null;
      if (action.type === 'ron') return (pressed = { do: 'press', seat, button: 'ron' });
      if (offer?.ok) passedWin = true;
      if (action.type === 'pass' || lastClaim) return (pressed = { do: 'press', seat, button: 'pass' });
      return { do: 'discard', seat, tile: action.tile };
    },
  };

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
