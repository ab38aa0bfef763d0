// The riichi family's public one-line descriptions of its log records, and their kinds on the replay timeline.
import { formatTiles, type Tile } from '../../rules/tiles.js';
import type { TimelineKind } from '../../contract/ipc-contract.js';
import type { RiichiEvent } from './machines/events.js';
import { RECONCILE_CHECK } from './reconcile.js';

/** Why a game the rules did not end was closed (families/riichi/core.ts `cutGame`). */
const GAME_CUT: Readonly<Record<string, string>> = {
  handLimit: ' (the session\'s hands per game were played)',
  sessionEnded: ' (cut by the end of the session; points as after the last finished hand)',
};

const WIND = ['', 'East', 'South', 'West', 'North'] as const;
const tile = (t: Tile): string => formatTiles([t]);

/** One public line for the running log and the timeline; null for secret or uninteresting records. */
export function describeRiichiEvent(event: RiichiEvent): string | null {
  switch (event.type) {
    case 'game.started':
      return `game started (${event.players} players), seat ${event.firstDealer} deals first`;
    case 'hand.started':
      return `${WIND[event.roundWind]} ${event.handNumber}${event.honba > 0 ? ` (${event.honba} honba)` : ''}: seat ${event.dealer} deals`;
    case 'hand.doraRevealed':
      return `dora indicator ${tile(event.indicator)}`;
    case 'seat.discarded':
      return `seat ${event.seat} discarded ${tile(event.tile)}${event.riichi ? ' declaring riichi' : ''}`;
    case 'seat.riichiDeclared':
      return `seat ${event.seat} ${event.double ? 'double ' : ''}riichi with ${tile(event.tile)}`;
    case 'seat.callMade':
      return `seat ${event.seat} ${event.meld.type} ${formatTiles(event.meld.tiles)}`;
    case 'seat.northSetAside':
      return `seat ${event.seat} set a North aside (${event.count})`;
    case 'seat.tsumoDeclared':
      return `seat ${event.seat} declared tsumo`;
    case 'seat.ronDeclared':
      return `seat ${event.seat} declared ron`;
    case 'seat.passed':
      return `seat ${event.seat} passed`;
    case 'hand.won':
      return event.wins
        .map(
          (w) =>
            `seat ${w.seat} won ${w.from === null ? 'by tsumo' : `from seat ${w.from}`} with ${tile(w.tile)}${w.limit ? ` (${w.limit})` : w.han === null ? '' : ` (${w.han} han ${w.fu} fu)`}`,
        )
        .join('; ');
    case 'hand.exhaustiveDraw':
      return `exhaustive draw; tenpai: ${event.tenpai.length === 0 ? 'none' : event.tenpai.map((t) => `seat ${t.seat}`).join(', ')}`;
    case 'hand.abortiveDraw':
      return `abortive draw (${event.reason})`;
    case 'hand.chombo':
      return `chombo by seat ${event.seat} (${event.reason}, entered by ${event.operator}): the offender pays, the hand is replayed`;
    case 'seat.handDeclaredDead':
      return `seat ${event.seat}'s hand is dead (${event.reason}, entered by ${event.operator})`;
    case 'game.ended':
      return `game over after ${event.handsPlayed} hands${GAME_CUT[event.reason ?? ''] ?? ''}: ${event.ranking.map((seat) => `seat ${seat} ${event.points[seat]}`).join(', ')}`;
    case 'seat.overdue':
      return `seat ${event.seat} is overdue (${event.stage})`;
    case 'reconcile.mismatch':
      return `after the link loss the table does not match the host (${event.code}): ${event.message}; to check: ${RECONCILE_CHECK[event.code]}`;
    default:
      return null;
  }
}

/** The replay timeline's kinds of the riichi family's records (the rest are `other`). */
const TIMELINE: Readonly<Partial<Record<RiichiEvent['type'], TimelineKind>>> = {
  'game.started': 'hand',
  'hand.started': 'hand',
  'game.ended': 'hand',
  'seat.riichiDeclared': 'riichi',
  'seat.callMade': 'call',
  'seat.northSetAside': 'call',
  'seat.chiDeclared': 'call',
  'seat.ponDeclared': 'call',
  'seat.openKanDeclared': 'call',
  'seat.closedKanDeclared': 'call',
  'seat.addedKanDeclared': 'call',
  'seat.ronDeclared': 'call',
  'seat.passed': 'call',
  'seat.discarded': 'discard',
  'hand.won': 'win',
  'hand.exhaustiveDraw': 'draw',
  'hand.abortiveDraw': 'draw',
  'hand.stageBEnded': 'draw',
  'hand.chombo': 'operator',
  'seat.handDeclaredDead': 'operator',
  // The table and the host disagree after a link loss: the operator has to look, like at a fault.
  'reconcile.mismatch': 'fault',
};

export const riichiTimelineKind = (event: RiichiEvent): TimelineKind | null => TIMELINE[event.type] ?? null;
