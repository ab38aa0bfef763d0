// Session export: CSV of results, mjai JSON Lines, tenhou.net/6 JSON (riichi-family sessions only).
import type Database from 'better-sqlite3';
import { ok } from '../rules/result.js';
import type { Tile } from '../rules/tiles.js';
import type { ExportFormat } from '../electron/ipc-contract.js';
import { getSession, latestSession, type EventLog, type Session } from './storage/index.js';
import { hostFail, type HostResult } from './errors.js';
import type { LogEvent, LoggedEvent } from './log-events.js';
import { variantEntry } from './variants.js';
import { exportImportedTenhou } from './import.js';
import { riichiSessionCsv, riichiSessionMjai, riichiSessionTenhou6 } from './riichi-export.js';
import { csvCell, mjaiTile } from './export-cells.js';

export interface ExportedFile {
  readonly sessionId: number;
  readonly fileName: string;
  readonly mediaType: string;
  readonly content: string;
}

/** Reads a session's log in pages, reporting progress for long sessions. */
function readAll(
  log: EventLog<LogEvent>,
  sessionId: number,
  progress?: (done: number, total: number) => void,
): HostResult<LoggedEvent[]> {
  const total = log.lastSeq(sessionId);
  const out: LoggedEvent[] = [];
  const page = 20_000;
  for (let from = 1; from <= total; from += page) {
    const read = log.read(sessionId, from, page);
    if (!read.ok) return hostFail('log_unreadable', read.message);
    out.push(...read.value);
    progress?.(out.length, total);
  }
  return ok(out);
}


/** One row per finished hand: game, hand, dealer, ante, result, winner, payer, payment, limit, points after. */
export function resultsCsv(session: Session, records: readonly LoggedEvent[]): string {
  const rows: (string | number | null)[][] = [
    [
      'session',
      'game',
      'hand',
      'dealer_seat',
      'ante',
      'result',
      'winner_seat',
      'payer_seat',
      'payment',
      'limit',
      'han',
      'fu',
      'points_seat0',
      'points_seat1',
      'seq',
    ],
  ];
  let game = 0;
  let hand = { number: 0, dealer: 0, ante: 0 };
  for (const { seq, event } of records) {
    if (event.type === 'game.started') game++;
    else if (event.type === 'hand.started')
      hand = { number: event.hand, dealer: event.dealer, ante: event.ante };
    else if (event.type === 'hand.won') {
      rows.push([
        session.id,
        game,
        hand.number,
        hand.dealer,
        hand.ante,
        'won',
        event.seat,
        event.from,
        event.payment,
        event.limit,
        event.han,
        event.fu,
        event.points[0],
        event.points[1],
        seq,
      ]);
    } else if (event.type === 'hand.drawn') {
      const last = rows.at(-1);
      const points =
        last && last[1] === game && typeof last[12] === 'number' ? [last[12], last[13]] : [null, null];
      rows.push([
        session.id,
        game,
        hand.number,
        hand.dealer,
        hand.ante,
        'drawn',
        null,
        null,
        0,
        null,
        null,
        null,
        points[0] ?? null,
        points[1] ?? null,
        seq,
      ]);
    } else if (event.type === 'game.ended') {
      rows.push([
        session.id,
        game,
        null,
        null,
        null,
        `game over: seat ${event.loser} ${event.reason}`,
        null,
        null,
        null,
        null,
        null,
        null,
        event.points[0],
        event.points[1],
        seq,
      ]);
    }
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}


/**
 * mjai JSON Lines (the format Mortal and mjai.app read), for Minefield's two players (actors 0 and 1):
 * start_game, start_kyoku (with each hand once it was set), reach + dahai, hora, ryukyoku, end_kyoku, end_game.
 * Minefield has no draws from a live wall, so there are no tsumo lines.
 */
export function mjaiLines(session: Session, records: readonly LoggedEvent[]): string {
  const lines: unknown[] = [];
  const names = (
    records[0]?.event.type === 'host.sessionOpened'
      ? records[0].event.seats.map((s) => s.name)
      : ['seat 0', 'seat 1']
  ).slice(0, 2);
  let dora: Tile | null = null;
  let hands: (Tile[] | null)[] = [null, null];
  let pendingStart: Record<string, unknown> | null = null;
  let scores: number[] = [0, 0];
  let seenDiscards = [0, 0];
  const flushStart = () => {
    if (pendingStart === null) return;
    lines.push({
      ...pendingStart,
      dora_marker: dora === null ? '?' : mjaiTile(dora),
      tehais: hands.map((h) => (h ?? []).map(mjaiTile)),
    });
    pendingStart = null;
  };
  for (const { event } of records) {
    switch (event.type) {
      case 'game.started':
        scores = [event.points[0], event.points[1]];
        lines.push({ type: 'start_game', names, variant: session.variant });
        break;
      case 'hand.started':
        scores = [event.points[0], event.points[1]];
        hands = [null, null];
        dora = null;
        seenDiscards = [0, 0];
        pendingStart = {
          type: 'start_kyoku',
          bakaze: 'E',
          kyoku: event.hand,
          honba: 0,
          kyotaku: 0,
          oya: event.dealer,
          scores: [...scores],
          ante: event.ante,
        };
        break;
      case 'hand.doraFlipped':
        dora = event.indicator;
        break;
      case 'seat.handSet':
        if (hands[event.seat] === null) hands[event.seat] = [...event.tiles];
        break;
      case 'seat.handRejected':
        hands[event.seat] = null;
        break;
      case 'hand.playStarted':
        flushStart();
        break;
      case 'seat.riichiDeclared':
        lines.push({ type: 'reach', actor: event.seat });
        break;
      case 'seat.discarded':
        // A discard the machine then refused is taken back below (`seat.discardRejected`).
        seenDiscards[event.seat]! += 1;
        lines.push({ type: 'dahai', actor: event.seat, pai: mjaiTile(event.tile), tsumogiri: false });
        if (seenDiscards[event.seat] === 1) lines.push({ type: 'reach_accepted', actor: event.seat });
        break;
      case 'seat.discardRejected': {
        const index = lines.findLastIndex(
          (l) =>
            (l as { type?: string; actor?: number }).type === 'dahai' &&
            (l as { actor?: number }).actor === event.seat,
        );
        if (index >= 0)
          lines.splice(
            index,
            lines[index + 1] && (lines[index + 1] as { type?: string }).type === 'reach_accepted' ? 2 : 1,
          );
        seenDiscards[event.seat]! -= 1;
        break;
      }
      case 'hand.won': {
        const deltas = [0, 0];
        deltas[event.seat] = event.payment;
        deltas[event.from] = -event.payment;
        scores = [event.points[0], event.points[1]];
        lines.push({
          type: 'hora',
          actor: event.seat,
          target: event.from,
          pai: mjaiTile(event.tile),
          hora_tehais: event.hand.map(mjaiTile),
          uradora_markers: [mjaiTile(event.underIndicator)],
          yakus: event.yaku.map((y) => [y.name, y.han ?? (y.yakuman ?? 0) * 13]),
          fu: event.fu ?? 0,
          fan: event.han ?? 0,
          limit: event.limit,
          hora_points: event.payment,
          deltas,
          scores: [...scores],
        });
        lines.push({ type: 'end_kyoku' });
        break;
      }
      case 'host.handVoided':
        // A void hand did not happen: a kyoku already announced is closed without a result or any delta;
        // one not yet announced is dropped. The next start_kyoku deals it again.
        {
          const lastOf = (type: string) => lines.findLastIndex((l) => (l as { type?: string }).type === type);
          if (lastOf('start_kyoku') > lastOf('end_kyoku'))
            lines.push(
              { type: 'ryukyoku', reason: 'voided', deltas: [0, 0], scores: [...scores] },
              { type: 'end_kyoku' },
            );
        }
        pendingStart = null;
        break;
      case 'hand.drawn':
        lines.push({
          type: 'ryukyoku',
          reason: 'exhaustive_draw',
          deltas: [0, 0],
          scores: [...scores],
          next_ante: event.nextAnte,
        });
        lines.push({ type: 'end_kyoku' });
        break;
      case 'game.ended':
        lines.push({ type: 'end_game', scores: [event.points[0], event.points[1]] });
        break;
      default:
    }
  }
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/** Exports a session (the latest when `sessionId` is undefined) in `format`. */
export function exportSession(
  db: Database.Database,
  log: EventLog<LogEvent>,
  sessionId: number | undefined,
  format: ExportFormat,
  progress?: (done: number, total: number) => void,
): HostResult<ExportedFile> {
  const session = sessionId === undefined ? latestSession(db) : getSession(db, sessionId);
  if (session === undefined)
    return hostFail(
      'unknown_session',
      sessionId === undefined ? 'there is no session to export yet' : `there is no session ${sessionId}`,
    );
  // Every damaged event named at once, before any page is read (issue 12).
  const intact = log.verify(session.id);
  if (!intact.ok) return hostFail('log_unreadable', intact.message);
  const records = readAll(log, session.id, progress);
  if (!records.ok) return records;
  const base = `session-${session.id}-${session.variant}`;
  if (format === 'tenhou') {
    const imported = exportImportedTenhou(records.value);
    if (imported !== null)
      return imported.ok
        ? ok({
            sessionId: session.id,
            fileName: `${base}.json`,
            mediaType: 'application/json',
            content: imported.value,
          })
        : imported;
    const entry = variantEntry(session.variant);
    if (entry === undefined || !entry.tenhouExport) {
      return hostFail(
        'export_unsupported',
        `tenhou.net/6 describes riichi-family games; session ${session.id} is ${session.variant} — use --format mjai or csv`,
      );
    }
    const exported = riichiSessionTenhou6(session, records.value);
    if (!exported.ok) return exported;
    return ok({
      sessionId: session.id,
      fileName: `${base}-game-${exported.value.game}.json`,
      mediaType: 'application/json',
      content: exported.value.content,
    });
  }
  // A played riichi-family session (not an imported log) has its own hand results and mjai lines.
  const riichiFamily =
    variantEntry(session.variant)?.tenhouExport === true && exportImportedTenhou(records.value) === null;
  if (riichiFamily) {
    const content =
      format === 'csv' ? riichiSessionCsv(session, records.value) : riichiSessionMjai(session, records.value);
    if (!content.ok) return content;
    return ok({
      sessionId: session.id,
      fileName: format === 'csv' ? `${base}.csv` : `${base}.mjai.jsonl`,
      mediaType: format === 'csv' ? 'text/csv' : 'application/x-ndjson',
      content: content.value,
    });
  }
  if (format === 'csv')
    return ok({
      sessionId: session.id,
      fileName: `${base}.csv`,
      mediaType: 'text/csv',
      content: resultsCsv(session, records.value),
    });
  return ok({
    sessionId: session.id,
    fileName: `${base}.mjai.jsonl`,
    mediaType: 'application/x-ndjson',
    content: mjaiLines(session, records.value),
  });
}
