// The session log's text and public form: redaction of what is secret during a hand, timeline kinds, one-line
// descriptions. The shared events' here; a family's own records' by its `FamilyLog`, found by the family they are logged under.
import type { TimelineKind } from '../../contract/ipc-contract.js';
import { familyLog } from '../families/log-vocabulary.js';
import { describeOverride } from './operator-overrides.js';
import { isSourceEvent, stageRefusalOf, type LogEvent } from './log-events.js';

/**
 * An event as anyone may see it while its hand is being played: what is hidden during play is cut out (walls,
 * dealt and placed hands, drawn tiles, the under-dora, furiten, why an action was refused, the tiles of a
 * correction), the rest is kept. Once the hand is over every event is shown whole (replay.ts `events`).
 * `family`: the vocabulary the record was logged under; a family's own record whose family is not known is not shown.
 */
export function redactEvent(event: LogEvent, family: string | null): LogEvent | Record<string, unknown> | null {
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
      return (family === null ? undefined : familyLog(family))?.redact(event) ?? null;
  }
}

/** The timeline kind of an event (contract TIMELINE_KINDS); `family` as for `redactEvent`. */
export function timelineKind(event: LogEvent, family: string | null): TimelineKind {
  switch (event.type) {
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
      if (isSourceEvent(event) || family === null) return 'other';
      return familyLog(family)?.timelineKind(event) ?? 'other';
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
 * `family` is the vocabulary the record was logged under (null before the session is known: shared events only):
 * a family's own record is described by its family, never guessed from its fields.
 */
export function describeEvent(event: LogEvent, family: string | null): string | null {
  if (!isSourceEvent(event)) return (family === null ? undefined : familyLog(family))?.describe(event) ?? null;
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
    default:
      return null;
  }
}
