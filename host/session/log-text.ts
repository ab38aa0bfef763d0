// The session log's text and public form: redaction of what is secret during a hand, timeline kinds, one-line descriptions.
import { formatTiles, type Tile } from '../../rules/tiles.js';
import { publicEvent } from '../../families/minefield/machines/events.js';
import { publicRiichiEvent } from '../../families/riichi/machines/events.js';
import { asRiichiEvent, describeRiichiEvent, riichiTimelineKind } from '../../families/riichi/describe.js';
import { describeOverride } from './operator-overrides.js';
import { isSourceEvent, stageRefusalOf, type LogEvent, type LogFamily } from './log-events.js';

/** Riichi-family event types whose content is secret during the hand (none of them is a Minefield type). */
const RIICHI_SECRET_TYPES: ReadonlySet<string> = new Set(['hand.wallBuilt', 'hand.dealt', 'seat.drew', 'seat.actionRejected']);

/**
 * An event as anyone may see it while its hand is being played: what is hidden during play is cut out (walls,
 * dealt and placed hands, drawn tiles, the under-dora, furiten, why an action was refused, the tiles of a
 * correction), the rest is kept. Once the hand is over every event is shown whole (replay.ts `events`).
 */
export function redactEvent(event: LogEvent): LogEvent | Record<string, unknown> | null {
  switch (event.type) {
    case 'table.wallsBuilt':
    case 'table.handsDealt':
      return { type: event.type };
    case 'table.handPlaced':
    case 'table.tileDrawn':
      // A draw is the drawer's secret until he discards it (riichi) or the hand ends.
      return { type: event.type, seat: event.seat };
    case 'table.uraRevealed':
      return { type: event.type };
    case 'table.state':
      return { type: event.type, phase: event.snapshot.phase, fault: event.snapshot.fault };
    case 'operator.correction':
      return { type: event.type, eventSeq: event.eventSeq, note: event.note };
    default:
      if (isSourceEvent(event)) return event;
      // Riichi-family secrets (the wall, the deal, drawn tiles, why an action was refused): issue 7.
      if (RIICHI_SECRET_TYPES.has(event.type)) {
        // Every secret type is the riichi family's alone, so the record is one of its events.
        const riichi = asRiichiEvent(event);
        if (riichi !== null) return publicRiichiEvent(riichi) as Record<string, unknown> | null;
      }
      return publicEvent(event) as Record<string, unknown> | null;
  }
}

const tiles = (list: readonly Tile[]): string => formatTiles(list);
const tile = (t: Tile | null): string => (t === null ? '?' : formatTiles([t]));

/** The timeline kind of an event (contract TIMELINE_KINDS). */
export function timelineKind(
  event: LogEvent,
): 'hand' | 'riichi' | 'call' | 'discard' | 'win' | 'draw' | 'fault' | 'device' | 'operator' | 'other' {
  switch (event.type) {
    case 'hand.started':
    case 'game.started':
    case 'game.ended':
      return 'hand';
    case 'seat.riichiDeclared':
      return 'riichi';
    case 'seat.ronDeclared':
    case 'seat.passed':
      return 'call';
    case 'seat.discarded':
      return 'discard';
    case 'hand.won':
      return 'win';
    case 'hand.drawn':
      return 'draw';
    case 'table.fault':
    case 'table.faultCleared':
    case 'link.lost':
    case 'link.unreachable':
    case 'link.rebooted':
    case 'host.handVoided':
      return 'fault';
    default:
      if (event.type.startsWith('operator.')) return 'operator';
      if (event.type.startsWith('table.') || event.type.startsWith('link.')) return 'device';
      return riichiTimelineKind(event.type) ?? 'other';
  }
}

/** The replay timeline's line for a `link.stats` sample (the running log leaves them out: one every 10 s). */
export function describeLinkStats(event: Extract<LogEvent, { type: 'link.stats' }>): string {
  const rtt = event.rttMs.p50 === null ? '' : `, rtt p50 ${event.rttMs.p50} ms p99 ${event.rttMs.p99} ms`;
  return `link ${event.state}: ${event.resends} resends, ${event.crcErrors} CRC errors, ${event.badFrames} bad frames, ${event.reconnects} reconnects${rtt}`;
}

/**
 * What the operator reads while the link cannot come up (`link.unreachable`): what failed, on which port, and what
 * to do. Example: "no table answered on /dev/ttyUSB0 for 5 s: is it the table's port, and is the table switched on?
 * The host keeps trying."
 */
export function unreachableMessage(event: Extract<LogEvent, { type: 'link.unreachable' }>): string {
  const port = event.port ?? "the table's port";
  if (event.reason === 'noAnswer')
    return `no table answered on ${port} for ${Math.round(event.waitedMs / 1000)} s: is it the table's port, and is the table switched on? The host keeps trying.`;
  return `${port} cannot be opened (${event.detail}): check that the table is switched on and its cable is plugged in, or end the session and pick another port. The host keeps trying.`;
}

/**
 * One public line for the running log and the timeline; null for events not worth a line (acks of the machinery).
 * `family` is the vocabulary the record was logged under (null before the session is known: shared events only),
 * so a type both families use is described as its own family's, never guessed from its fields.
 */
export function describeEvent(event: LogEvent, family: LogFamily | null): string | null {
  const riichi = family === 'riichi' ? asRiichiEvent(event) : null;
  if (riichi !== null) return describeRiichiEvent(riichi);
  switch (event.type) {
    case 'host.sessionOpened':
      return `session opened: ${event.variant} (${event.preset}) on ${event.target.kind === 'serial' ? event.target.path : 'the simulator'}; ${event.seats.map((s) => `seat ${s.seat} ${s.name}`).join(', ')}`;
    case 'host.gameRequested':
      return `game ${event.game} requested, first dealer seat ${event.firstDealer}`;
    case 'host.restarted':
      return 'host restarted: resuming from the log';
    case 'host.handVoided':
      return `hand ${event.hand} of game ${event.game} is void: the built-in simulator that held its tiles ended with the previous host process; no points moved, seat ${event.dealer} deals it again at ante ${event.ante}`;
    case 'host.sessionEnded':
      return `session ended (${event.reason === 'operator' ? 'by the operator' : 'all games played'})`;
    case 'host.gameHeld':
      return `game over: game ${event.game} waits for the operator's Next game`;
    case 'operator.nextGame':
      return 'operator started the next game';
    case 'operator.faultCleared':
      return `operator cleared the fault ${event.code}`;
    case 'operator.refusalCleared':
      return `operator cleared the table's refusal of ${event.command} (${event.code}): the stage is tried again`;
    case 'operator.paused':
      return 'operator paused the session';
    case 'operator.resumed':
      return 'operator resumed the session';
    case 'operator.correction':
      return `operator corrected event ${event.eventSeq}: ${event.note}`;
    case 'operator.buttonEntered':
    case 'operator.chomboDeclared':
    case 'operator.deadHandDeclared':
    case 'operator.stageBSettled':
      return describeOverride(event);
    case 'record.gameImported':
      return `imported ${event.fileName} (tenhou.net/6)`;
    case 'record.round':
      return `round ${event.index + 1}`;
    case 'table.hello':
      return `table ${event.firmware} (protocol ${event.protocol}) said hello`;
    case 'table.fault':
      return `table fault: ${event.fault.code} during ${event.fault.stage}${event.fault.recoverable ? '' : ' (needs a technician)'}`;
    case 'table.faultCleared':
      return `table fault ${event.code} cleared`;
    case 'link.up':
      return event.reconnect ? 'link up again' : 'link up';
    case 'link.lost':
      return `link lost (${event.reason}): ${event.detail}`;
    case 'link.unreachable':
      return `link not up: ${unreachableMessage(event)}`;
    case 'link.rebooted':
      return 'the table rebooted';
    case 'table.commandRejected':
      return stageRefusalOf(event) === null
        ? `table refused ${event.command}: ${event.code}`
        : `table refused ${event.command}: ${event.code}; the operator must look at the table and clear it`;
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
      return `seat ${event.seat} won ${event.payment} from seat ${event.from} with ${tiles(event.hand)} + ${tile(event.tile)} (${event.limit})`;
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
