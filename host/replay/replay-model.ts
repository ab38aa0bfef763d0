// The replay viewer's model (issue 12): the live screens' public fold plus every seat's concealed tiles, and the named step lines.
//
// A replay shows what the live screens showed (`applyPublic`, public-model.ts) and, where the hand is over, what
// nobody saw during play: each seat's concealed tiles, folded from the whole log by the variant's own reducer
// (host/families/registry.ts `replay.hands`). Both folds are pure, so a replay cannot drift from what was shown live.
import type { ReplayStep } from '../../contract/ipc-contract.js';
import type { Seat } from '../../table/table-events.js';
import { formatTiles, type Tile } from '../../rules/tiles.js';
import { type LogEvent, type LoggedEvent } from '../session/log-events.js';
import { timelineKind } from '../session/log-text.js';
import { overrideReason } from '../session/operator-overrides.js';
import { applyPublic } from '../view/public-model.js';
import type { PublicModel } from '../view/model.js';
import {
  stepLine,
  seatNames,
  type HandsModel,
  type HandsReducer,
  type SeatNames,
  type StepDescriber,
  type StepLine,
} from './replay-hands.js';

/** The replay's model: the live screens' public model, and the concealed hands where the hand is over. */
export interface ReplayModel {
  readonly public: PublicModel;
  readonly hands: HandsModel | null;
}

/** Applies one record to both folds. `whole`: the hand is over (or the session ended), so the hands are folded too. */
export function applyReplay(
  model: ReplayModel,
  record: LoggedEvent,
  reduceHands: HandsReducer | null,
  tableSeats: readonly Seat[],
): ReplayModel {
  const next = applyPublic(model.public, record);
  const hands = reduceHands === null ? null : reduceHands(model.hands, record, tableSeats);
  return next === model.public && hands === model.hands ? model : { public: next, hands };
}

const t = (tiles: readonly Tile[]): string => formatTiles(tiles);

/**
 * The line of an event every variant logs alike (the host's, the operator's, the table's faults), or undefined
 * when it is the variant's to describe. Operator entries name the players; a correction's note is the
 * operator's text (it may name the tile he read), shown only when the event is whole.
 */
export function commonStepLine(
  event: LogEvent | Record<string, unknown>,
  names: SeatNames,
): StepLine | null | undefined {
  const e = event as LogEvent;
  const line = (kind: StepLine['kind'], key: boolean, text: string, seat: Seat | null = null): StepLine =>
    stepLine(kind, key, text, seat);
  switch (e.type) {
    case 'game.started': {
      // Both families' games name their first dealer by the variant's own seat number.
      const seat = names.tableSeat(e.firstDealer);
      return line('hand', true, `Game starts: ${names.name(seat)} deals first`, seat);
    }
    case 'host.sessionEnded':
      return line(
        'hand',
        true,
        `Session ended ${e.reason === 'operator' ? 'by the operator' : '(all games played)'}`,
      );
    case 'host.handVoided':
      return line(
        'fault',
        true,
        `Hand voided: the built-in simulator holding its tiles was lost; no points moved, the hand is dealt again`,
      );
    case 'host.restarted':
      return line('fault', true, 'The host restarted and resumed from the log');
    case 'operator.paused':
      return line('operator', true, 'Operator paused the session');
    case 'operator.resumed':
      return line('operator', true, 'Operator resumed the session');
    case 'operator.faultCleared':
      return line('operator', true, `Operator cleared the table fault ${e.code}`);
    case 'operator.refusalCleared':
      return line('operator', true, `Operator cleared the table's refusal of ${e.command} (${e.code})`);
    case 'operator.correction': {
      // The redacted form (a hand still in play) has no tiles: its note may name them too, so it is left out.
      const whole = (e as { tiles?: unknown }).tiles !== undefined;
      return line(
        'operator',
        true,
        whole
          ? `Operator corrected event #${e.eventSeq} to ${t(e.tiles)}: ${e.note}`
          : `Operator corrected event #${e.eventSeq}`,
      );
    }
    case 'operator.buttonEntered':
      return line(
        'operator',
        true,
        `Operator ${e.operator} entered ${names.name(e.seat)}'s missed ${e.button} press: ${e.reason}`,
        e.seat,
      );
    case 'operator.chomboDeclared': {
      const seat = names.tableSeat(e.seat);
      return line(
        'operator',
        true,
        `Operator ${e.operator} declared chombo on ${names.name(seat)}: ${overrideReason(e)}`,
        seat,
      );
    }
    case 'operator.deadHandDeclared': {
      const seat = names.tableSeat(e.seat);
      return line(
        'operator',
        true,
        `Operator ${e.operator} declared ${names.name(seat)}'s hand dead: ${overrideReason(e)}`,
        seat,
      );
    }
    case 'operator.stageBSettled': {
      const moved = e.deltas
        .map((d, i) => `${names.name(names.tableSeat(i))} ${d > 0 ? `+${d}` : d}`)
        .join(', ');
      return line(
        'operator',
        true,
        `Operator ${e.operator} settled Stage B: ${e.winner === null ? 'no winner' : `${names.name(names.tableSeat(e.winner))} won`}; ${moved}`,
      );
    }
    case 'table.fault':
      return line('fault', true, `Table fault: ${e.fault.code} during ${e.fault.stage}`);
    case 'table.faultCleared':
      return line('fault', true, `Table fault ${e.code} cleared`);
    case 'link.lost':
      return line('fault', true, `Link to the table lost (${e.reason})`);
    case 'link.rebooted':
      return line('fault', true, 'The table rebooted');
    case 'link.stats':
      return null;
    default:
      // The rest of the host's, the table's and the link's records are machinery, not steps of play.
      return timelineKind(e, null) === 'device' || e.type.startsWith('host.') || e.type.startsWith('record.')
        ? null
        : undefined;
  }
}

/**
 * The steps of the first `count` of `records` (the one after them, if given, is only read as the next event, whose
 * verdict may refuse the last one). `start` is the public model before the first; `shownOf` gives each event as a
 * viewer may see it (whole once its hand is over, redacted while it is played). Each line is written with the
 * names and seats as they stand after its event (a `game.started` names the game's own seats). Returns the steps
 * and the model after the last record counted, to go on from.
 */
export function stepsOf(
  records: readonly LoggedEvent[],
  start: PublicModel,
  shownOf: (record: LoggedEvent) => LogEvent | Record<string, unknown> | null,
  describe: StepDescriber,
  tableSeatsOf: (model: PublicModel) => readonly Seat[],
  count = records.length,
): { readonly steps: ReplayStep[]; readonly model: PublicModel } {
  let model = start;
  const steps: ReplayStep[] = [];
  records.slice(0, count).forEach((record, i) => {
    model = applyPublic(model, record);
    const shown = shownOf(record);
    if (shown === null) return;
    const names = seatNames(model.seats, tableSeatsOf(model));
    const after = records[i + 1];
    const next = after === undefined ? undefined : (shownOf(after) ?? undefined);
    const line = commonStepLine(shown, names) ?? describe(shown, names, next);
    if (line === null || line === undefined) return;
    steps.push({ seq: record.seq, ...line, text: line.text.slice(0, 500) });
  });
  return { steps, model };
}
