// The riichi family's public one-line descriptions of its log records, and which records have one of their own.
import { formatTiles, type Tile } from '../../rules/tiles.js';
import type { RiichiEvent } from './machines/events.js';
import { RECONCILE_CHECK } from './reconcile.js';

/** Why a game the rules did not end was closed (families/riichi/core.ts `cutGame`). */
const GAME_CUT: Readonly<Record<string, string>> = {
  handLimit: ' (the session\'s hands per game were played)',
  sessionEnded: ' (cut by the end of the session; points as after the last finished hand)',
};

/** Types only the riichi family logs. */
const RIICHI_ONLY = new Set([
  'reconcile.mismatch',
  'hand.wallBuilt',
  'hand.dealt',
  'hand.doraRevealed',
  'hand.exhaustiveDraw',
  'hand.abortiveDraw',
  'seat.drew',
  'seat.chiDeclared',
  'seat.ponDeclared',
  'seat.openKanDeclared',
  'seat.closedKanDeclared',
  'seat.addedKanDeclared',
  'seat.northDeclared',
  'seat.tsumoDeclared',
  'seat.nineTerminalsDeclared',
  'seat.riichiAccepted',
  'seat.callMade',
  'seat.northSetAside',
  'seat.actionRejected',
  'hand.chombo',
  'seat.handDeclaredDead',
]);

/** Types both vocabularies use whose riichi shape has its own description (the others read as the shared line). */
const RIICHI_SHAPED = new Set(['game.started', 'hand.started', 'hand.won', 'game.ended', 'seat.discarded', 'seat.riichiDeclared']);

/**
 * A record of a riichi-family log (the caller knows its family: the record was validated by the riichi schema) as
 * the riichi event the description reads, or null when its line is the shared one.
 */
export function asRiichiEvent(event: { readonly type: string }): RiichiEvent | null {
  return RIICHI_ONLY.has(event.type) || RIICHI_SHAPED.has(event.type) ? (event as RiichiEvent) : null;
}

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

/** The replay timeline's kind of a riichi-family event the shared `timelineKind` does not name (calls, norths, draws). */
export function riichiTimelineKind(type: string): 'call' | 'draw' | 'operator' | 'fault' | null {
  switch (type) {
    case 'seat.callMade':
    case 'seat.northSetAside':
    case 'seat.chiDeclared':
    case 'seat.ponDeclared':
    case 'seat.openKanDeclared':
    case 'seat.closedKanDeclared':
    case 'seat.addedKanDeclared':
      return 'call';
    case 'hand.exhaustiveDraw':
    case 'hand.abortiveDraw':
    case 'hand.stageBEnded':
      return 'draw';
    case 'hand.chombo':
    case 'seat.handDeclaredDead':
      return 'operator';
    // The table and the host disagree after a link loss: the operator has to look, like at a fault.
    case 'reconcile.mismatch':
      return 'fault';
    default:
      return null;
  }
}
