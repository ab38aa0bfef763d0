// Minefield's log vocabulary (the family seam's `FamilyLog`): the schema of its sessions' records, and their text,
// public form and timeline kind.
import { formatTiles, type Tile } from '../../rules/tiles.js';
import type { TimelineKind } from '../../contract/ipc-contract.js';
import type { FamilyLog } from '../../host/families/family.js';
import { familyLogSchema, type FamilyLogEvent, type LogEvent, type LoggedEvent } from '../../host/session/log-events.js';
import { minefieldEventSchema, publicEvent, type MinefieldEvent } from './machines/events.js';

declare module '../../host/session/log-events.js' {
  interface FamilyVocabularies {
    readonly minefield: MinefieldEvent;
  }
}

/** A record of a Minefield session's log: the shared events and Minefield's own. */
export type MinefieldLogEvent = FamilyLogEvent<'minefield'>;
export type MinefieldRecord = LoggedEvent<MinefieldLogEvent>;
/**
 * A record of a Minefield session as Minefield's own: generic code hands the family only records that
 * `MINEFIELD_LOG.schema` passed where they entered the log (host/families/log-vocabulary.ts).
 */
export const minefieldEvent = (event: LogEvent): MinefieldLogEvent => event as MinefieldLogEvent;

const tile = (t: Tile | null): string => (t === null ? '?' : formatTiles([t]));

/** One public line for the running log and the timeline; null for records not worth a line (secrets, machinery). */
export function describeMinefieldEvent(event: MinefieldEvent): string | null {
  switch (event.type) {
    case 'game.started':
      return `game started, seat ${event.firstDealer} deals first`;
    case 'hand.started':
      return `hand ${event.hand}: seat ${event.dealer} deals, ante ${event.ante}`;
    case 'hand.doraFlipped':
      return `dora indicator ${tile(event.indicator)}`;
    case 'seat.handAccepted':
      return `seat ${event.seat} set a hand`;
    case 'seat.handRejected':
      return `seat ${event.seat}: hand refused`;
    case 'hand.playStarted':
      return 'play starts';
    case 'seat.riichiDeclared':
      return `seat ${event.seat} riichi with ${tile(event.tile)}`;
    case 'seat.discarded':
      return `seat ${event.seat} discarded ${tile(event.tile)}`;
    case 'seat.ronDeclared':
      return `seat ${event.seat} declared ron`;
    case 'seat.passed':
      return `seat ${event.seat} passed`;
    case 'win.refused':
      return `seat ${event.seat}: win refused`;
    case 'hand.won':
      return `seat ${event.seat} won ${event.payment} from seat ${event.from} with ${formatTiles(event.hand)} + ${tile(event.tile)} (${event.limit})`;
    case 'hand.drawn':
      return `hand drawn; the ante doubles to ${event.nextAnte}`;
    case 'game.ended':
      return `game over after ${event.handsPlayed} hands: seat ${event.loser} ${event.reason === 'out_of_points' ? 'is out of points' : 'cannot pay the ante'}`;
    case 'seat.overdue':
      return `seat ${event.seat} is overdue (${event.stage})`;
    default:
      return null;
  }
}

/** The replay timeline's kinds of Minefield's records (the rest are `other`). */
const TIMELINE: Readonly<Partial<Record<MinefieldEvent['type'], TimelineKind>>> = {
  'game.started': 'hand',
  'hand.started': 'hand',
  'game.ended': 'hand',
  'seat.riichiDeclared': 'riichi',
  'seat.ronDeclared': 'call',
  'seat.passed': 'call',
  'seat.discarded': 'discard',
  'hand.won': 'win',
  'hand.drawn': 'draw',
};

export const MINEFIELD_LOG: FamilyLog<MinefieldEvent> = {
  schema: familyLogSchema(minefieldEventSchema.options),
  describe: describeMinefieldEvent,
  redact: (event) => publicEvent(event),
  timelineKind: (event) => TIMELINE[event.type] ?? null,
  refusals: new Set(['seat.discardRejected', 'seat.handRejected']),
};
