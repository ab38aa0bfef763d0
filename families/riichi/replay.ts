// The riichi family's part of the replay viewer (issue 12): every seat's concealed tiles folded from the whole log, and the named step lines.
import { riichiEvent, type RiichiLogEvent } from './log.js';
import { CLEAR_CONDITION_NAMES } from '../../contract/ipc-contract.js';
import type { RiichiEvent, RiichiWin } from './machines/events.js';
import type { Seat } from '../../table/table-events.js';
import { formatTile, NORTH, type Tile } from '../../rules/tiles.js';
import { chomboTriggerText } from './overrides.js';
import {
  discardLine,
  handStartLine,
  fmtPoints,
  indicatorLine,
  withHand,
  stepLine,
  sortedHand,
  withoutTiles,
  type HandsModel,
  type HandsReducer,
  type SeatNames,
  type StepDescriber,
} from '../../host/replay/replay-hands.js';
import type { ReplayHand } from '../../contract/ipc-contract.js';

const WIND = ['', 'East', 'South', 'West', 'North'] as const;
export const ABORTIVE_TEXT: Readonly<Record<string, string>> = {
  nineTerminals: 'nine terminals',
  fourWinds: 'four winds',
  fourKans: 'four kans',
  fourRiichi: 'four riichi',
  tripleRon: 'triple ron',
  fifthKan: 'fifth kan',
  tenpaiRaceStageA: 'Stage A over (18 discards each)',
};
const MELD_TEXT = { chi: 'chi', pon: 'pon', minkan: 'open kan' } as const;

const signed = (points: number): string =>
  points > 0 ? `+${fmtPoints(points)}` : points < 0 ? `−${fmtPoints(-points)}` : '±0';

/** The round's name as the scoreboard writes it: `East 2`, `South 1 · 2 honba`. */
export const riichiRoundLabel = (roundWind: number, handNumber: number, honba: number): string =>
  `${WIND[roundWind]} ${handNumber}${honba > 0 ? ` · ${honba} honba` : ''}`;

/** All of a seat's concealed tiles, the drawn one included. */
const held = (hand: ReplayHand): Tile[] =>
  hand.drawn === null ? [...hand.concealed] : [...hand.concealed, hand.drawn];

/**
 * The riichi family's hands reducer: the deal (the dealer's 14th tile, his first draw, kept apart), draws apart
 * until the discard, calls and norths out of the hand; a draw or discard the machine refuses is taken back
 * (`seat.actionRejected` right after it, as the public view does).
 */
export const riichiHandsReducer: HandsReducer = (hands, record, tableSeats) => {
  const event = riichiEvent(record.event);
  if (event.type === 'hand.started')
    return {
      seats: tableSeats.slice(0, event.points.length).map((seat) => sortedHand(seat, [])),
      pending: null,
    };
  if (hands === null) return null;
  const settled: HandsModel =
    hands.pending === null || event.type === 'seat.actionRejected' ? hands : { ...hands, pending: null };
  switch (event.type) {
    case 'hand.dealt':
      return {
        seats: settled.seats.map((h, i) => {
          const dealt = (event.hands[i] ?? []) as Tile[];
          return dealt.length === 14
            ? sortedHand(h.seat, dealt.slice(0, 13), dealt[13]!)
            : sortedHand(h.seat, dealt);
        }),
        pending: null,
      };
    case 'seat.drew':
      return {
        seats: withHand(settled, event.seat, (h) => sortedHand(h.seat, held(h), event.tile as Tile)),
        pending: { type: event.type, seat: event.seat, before: settled.seats },
      };
    case 'seat.discarded':
      return {
        seats: withHand(settled, event.seat, (h) =>
          sortedHand(h.seat, withoutTiles(held(h), [event.tile as Tile])),
        ),
        pending: { type: event.type, seat: event.seat, before: settled.seats },
      };
    case 'seat.actionRejected': {
      const p = hands.pending;
      const undo = p !== null && p.type === event.action && p.seat === event.seat;
      return { seats: undo ? p.before : hands.seats, pending: null };
    }
    case 'seat.callMade': {
      const meld = event.meld;
      const tiles = meld.tiles as Tile[];
      const fromHand =
        meld.type === 'ankan'
          ? tiles
          : meld.type === 'kakan'
            ? [(meld.addedTile ?? tiles[tiles.length - 1]) as Tile]
            : withoutTiles(tiles, [meld.calledTile as Tile]);
      return {
        ...settled,
        seats: withHand(settled, event.seat, (h) => sortedHand(h.seat, withoutTiles(held(h), fromHand))),
      };
    }
    case 'seat.northSetAside':
      return {
        ...settled,
        seats: withHand(settled, event.seat, (h) =>
          sortedHand(h.seat, withoutTiles(held(h), [NORTH as Tile])),
        ),
      };
    case 'hand.stageBDrawShown':
      // A draw that does not complete the attacker's hand is shown and kept out of it (V2.2 prototype).
      return event.completes
        ? settled
        : {
            ...settled,
            seats: withHand(settled, event.seat, (h) =>
              sortedHand(h.seat, withoutTiles(held(h), [event.tile as Tile])),
            ),
          };
    default:
      return settled;
  }
};

function winText(win: RiichiWin, names: SeatNames): string {
  const seat = names.tableSeat(win.seat);
  const how = win.from === null ? 'by tsumo' : `by ron off ${names.name(names.tableSeat(win.from))}`;
  const value =
    win.limit ?? (win.han === null ? '' : `${win.han} han${win.fu === null ? '' : ` ${win.fu} fu`}`);
  const gain = win.payments[win.seat] ?? 0;
  return `${names.name(seat)} wins ${how}${value === '' ? '' : `: ${value}`}, ${signed(gain)}`;
}

/** The one-line result of a hand's ending (the picker and the timeline say it alike), or null for another event. */
export function riichiResultText(event: RiichiLogEvent, names: SeatNames): string | null {
  const name = (s: number): string => names.name(names.tableSeat(s));
  switch (event.type) {
    case 'hand.won':
      return event.wins.map((w) => winText(w, names)).join('; ');
    case 'hand.exhaustiveDraw': {
      const tenpai = event.tenpai.map((t) => name(t.seat));
      const nagashi =
        event.nagashi.length > 0 ? `; nagashi mangan: ${event.nagashi.map(name).join(', ')}` : '';
      return `Exhaustive draw: ${tenpai.length === 0 ? 'all noten' : `tenpai ${tenpai.join(', ')}`}${nagashi}`;
    }
    case 'hand.abortiveDraw':
      return `Abortive draw: ${ABORTIVE_TEXT[event.reason] ?? event.reason}${event.seat === null ? '' : ` (${name(event.seat)})`}`;
    case 'hand.chombo':
      return `Chombo by ${name(event.seat)} (${chomboTriggerText(event.reason)}), entered by ${event.operator}: the hand is dealt again`;
    case 'hand.stageBEnded':
      return `Stage B over: ${event.winner === null ? 'no winner' : `${name(event.winner)} wins`}`;
    default:
      return null;
  }
}

/** The riichi family's step lines (see StepDescriber); `next` is the event after, to leave out a refused draw or discard. */
export const riichiStepLine: StepDescriber = (shown, names, next) => {
  const event = shown as RiichiEvent;
  const seatOf = (s: number): Seat => names.tableSeat(s);
  const name = (s: number): string => names.name(seatOf(s));
  const refused = (): boolean => {
    const n = next as { type?: string; action?: string; seat?: number } | undefined;
    return (
      n?.type === 'seat.actionRejected' &&
      n.action === event.type &&
      n.seat === (event as { seat?: number }).seat
    );
  };
  const result = riichiResultText(event, names);
  switch (event.type) {
    case 'hand.started':
      return handStartLine(
        riichiRoundLabel(event.roundWind, event.handNumber, event.honba),
        names,
        event.dealer,
      );
    case 'hand.dealt':
      return stepLine('other', false, 'Tiles dealt', null);
    case 'hand.doraRevealed':
      return indicatorLine(event.indicator as Tile);
    case 'seat.drew':
      if (refused()) return null;
      // In its public form (the hand in play) a draw has no tile.
      return (event as { tile?: unknown }).tile === undefined
        ? stepLine('other', false, `${name(event.seat)} draws`, seatOf(event.seat))
        : stepLine(
            'other',
            false,
            `${name(event.seat)} draws ${formatTile(event.tile)}`,
            seatOf(event.seat),
            [event.tile],
          );
    case 'seat.discarded':
      if (refused()) return null;
      return discardLine(names, event.seat, event.tile as Tile);
    case 'seat.riichiDeclared':
      return stepLine(
        'riichi',
        true,
        `${name(event.seat)} declares ${event.double ? 'double riichi' : 'riichi'}`,
        seatOf(event.seat),
        [event.tile as Tile],
      );
    case 'seat.riichiAccepted':
      return stepLine(
        'riichi',
        false,
        `${name(event.seat)}'s riichi stick goes on the table`,
        seatOf(event.seat),
      );
    case 'seat.callMade': {
      const meld = event.meld;
      const tiles = meld.tiles as Tile[];
      if (meld.type === 'ankan')
        return stepLine('call', true, `${name(event.seat)} declares a closed kan`, seatOf(event.seat), tiles);
      if (meld.type === 'kakan')
        return stepLine(
          'call',
          true,
          `${name(event.seat)} adds ${formatTile((meld.addedTile ?? tiles[3]) as Tile)} to a pon: added kan`,
          seatOf(event.seat),
          tiles,
        );
      const from =
        meld.fromSeat === undefined
          ? ''
          : ` on ${name(meld.fromSeat)}'s ${formatTile(meld.calledTile as Tile)}`;
      return stepLine(
        'call',
        true,
        `${name(event.seat)} calls ${MELD_TEXT[meld.type]}${from}`,
        seatOf(event.seat),
        tiles,
      );
    }
    case 'seat.northSetAside':
      return stepLine(
        'call',
        true,
        `${name(event.seat)} sets a North aside (${event.count})`,
        seatOf(event.seat),
        [NORTH as Tile],
      );
    case 'hand.won': {
      const first = event.wins[0]!;
      return stepLine('win', true, result!, seatOf(first.seat), [first.tile as Tile]);
    }
    case 'hand.exhaustiveDraw':
    case 'hand.abortiveDraw':
    case 'hand.stageBEnded':
      return stepLine('draw', true, result!, null);
    case 'hand.chombo':
      return stepLine('operator', true, result!, seatOf(event.seat));
    case 'hand.pointsBurned':
      return stepLine(
        'win',
        false,
        event.total > 0 ? `${fmtPoints(event.total)} points burned` : 'Below mangan: no points move',
        null,
      );
    case 'hand.chomboPending':
      return stepLine(
        'operator',
        true,
        `Chombo pending on ${name(event.seat)} (${chomboTriggerText(event.reason)}), entered by ${event.operator}`,
        seatOf(event.seat),
      );
    case 'hand.chomboLapsed':
      return stepLine(
        'operator',
        true,
        `${name(event.seat)}'s pending chombo lapses (the hand ended by a ${event.why === 'win' ? 'win' : 'draw'})`,
        seatOf(event.seat),
      );
    case 'seat.handDeclaredDead':
      return stepLine(
        'operator',
        true,
        `${name(event.seat)}'s hand is dead (${event.reason}, entered by ${event.operator})`,
        seatOf(event.seat),
      );
    case 'override.rejected':
      return stepLine('operator', true, `The game refused ${event.operator}'s entry: ${event.message}`, null);
    case 'game.agariYameOffered':
      return stepLine(
        'hand',
        true,
        `${name(event.seat)} may end the game now (agari-yame)`,
        seatOf(event.seat),
      );
    case 'seat.agariYameDecided':
      return stepLine(
        'hand',
        true,
        `${name(event.seat)} ${event.stop ? 'ends the game' : 'plays on'}`,
        seatOf(event.seat),
      );
    case 'seat.substituted':
      return stepLine(
        'other',
        true,
        `Player ${event.joined + 1} takes ${name(event.seat)}'s seat from player ${event.left + 1} (${event.why === 'tenDiscards' ? 'ten discards' : 'out of points'})`,
        seatOf(event.seat),
      );
    case 'team.conditionCleared':
      return stepLine(
        'other',
        true,
        `Team ${event.team} clears ${CLEAR_CONDITION_NAMES.find((c) => c.id === event.condition)?.name ?? event.condition}`,
        null,
      );
    case 'clear.gameDecided':
      return stepLine(
        'hand',
        true,
        event.result === 'teamWins' ? `Team ${event.team} wins the game` : 'The game is a tie',
        null,
      );
    case 'tagTeam.gameDecided':
      return stepLine(
        'hand',
        true,
        `The tag-team game is decided (${event.reason === 'fivePlayersOut' ? 'five players out' : 'a seat is empty'})`,
        null,
      );
    case 'hand.stageBRoles':
      return stepLine(
        'hand',
        true,
        `Stage B: ${name(event.attacker)} attacks, ${name(event.defender)} defends`,
        seatOf(event.attacker),
      );
    case 'hand.stageBGuess':
      return stepLine(
        'call',
        true,
        `${name(event.seat)} names two kinds: ${event.found ? 'found' : 'missed'}`,
        seatOf(event.seat),
      );
    case 'hand.stageBDrawShown':
      return stepLine(
        'other',
        false,
        `${name(event.seat)} shows ${formatTile(event.tile as Tile)}`,
        seatOf(event.seat),
        [event.tile as Tile],
      );
    case 'reconcile.mismatch':
      return stepLine(
        'fault',
        true,
        `The table does not match the host after a link loss (${event.code}): ${event.message}`,
        seatOf(event.seat),
      );
    case 'game.ended': {
      const places = event.ranking.map((s, i) => `${i + 1}. ${name(s)} ${fmtPoints(event.points[s] ?? 0)}`);
      return stepLine('hand', true, `Game over: ${places.join(' · ')}`, null);
    }
    default:
      // Passes, the seats' declarations (their outcome follows), refusals, furiten, overdue seats, the wall.
      return null;
  }
};
