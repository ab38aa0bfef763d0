// Exports of a Minefield session: CSV of hand results (with the players' names) and mjai JSON Lines.
import { ok } from '../../rules/result.js';
import type { Tile } from '../../rules/tiles.js';
import type { Session } from '../../host/storage/index.js';
import { hostFail, type HostResult } from '../../host/errors.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { minefieldEvent } from './log.js';
import { csvCell, mjaiTile } from '../../host/reports/export-cells.js';
import { MINEFIELD_TABLE_SEATS } from './view.js';

/** The two players' names, in Minefield's seat order (its seats 0 and 1 sit at table seats 0 and 2). */
export function minefieldNames(records: readonly LoggedEvent[]): [string, string] {
  const opened = records[0] && minefieldEvent(records[0].event);
  const names: [string, string] = ['seat 0', 'seat 1'];
  if (opened?.type !== 'host.sessionOpened') return names;
  for (const seat of opened.seats) {
    const index = MINEFIELD_TABLE_SEATS.indexOf(seat.seat as 0 | 2);
    if (index >= 0) names[index] = seat.name;
  }
  return names;
}

/**
 * One row per finished hand: game, hand, dealer, ante, result, winner, payer, payment, limit, han, fu, the players'
 * names and points after the hand, and its seq; a row per game's end. A session without a finished hand is
 * refused (`export_empty`): a file with only a header would look like an export that worked.
 */
export function minefieldCsv(session: Session, records: readonly LoggedEvent[]): HostResult<string> {
  const names = minefieldNames(records);
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
      'winner',
      'player_seat0',
      'player_seat1',
      'points_seat0',
      'points_seat1',
      'seq',
    ],
  ];
  let game = 0;
  let hand = { number: 0, dealer: 0, ante: 0 };
  let points: [number | null, number | null] = [null, null];
  let hands = 0;
  const row = (
    seq: number,
    result: string,
    win: { seat: 0 | 1; from: number; payment: number; limit: string | null; han: number | null; fu: number | null } | null,
    handCells: boolean,
  ) =>
    rows.push([
      session.id,
      game,
      handCells ? hand.number : null,
      handCells ? hand.dealer : null,
      handCells ? hand.ante : null,
      result,
      win?.seat ?? null,
      win?.from ?? null,
      win?.payment ?? (handCells ? 0 : null),
      win?.limit ?? null,
      win?.han ?? null,
      win?.fu ?? null,
      win === null ? null : names[win.seat],
      names[0],
      names[1],
      points[0],
      points[1],
      seq,
    ]);
  for (const { seq, event: logged } of records) {
    const event = minefieldEvent(logged);
    if (event.type === 'game.started') {
      game++;
      points = [event.points[0], event.points[1]];
    } else if (event.type === 'hand.started') {
      hand = { number: event.hand, dealer: event.dealer, ante: event.ante };
      points = [event.points[0], event.points[1]];
    } else if (event.type === 'hand.won') {
      hands++;
      points = [event.points[0], event.points[1]];
      row(seq, 'won', { seat: event.seat, from: event.from, payment: event.payment, limit: event.limit, han: event.han ?? null, fu: event.fu ?? null }, true);
    } else if (event.type === 'hand.drawn') {
      hands++;
      row(seq, 'drawn', null, true);
    } else if (event.type === 'game.ended') {
      points = [event.points[0], event.points[1]];
      row(seq, `game over: ${names[event.loser]} (seat ${event.loser}) ${event.reason}`, null, false);
    }
  }
  if (hands === 0)
    return hostFail('export_empty', `session ${session.id} has no finished hand yet: there is nothing to export`);
  return ok(rows.map((cells) => cells.map(csvCell).join(',')).join('\n') + '\n');
}

/**
 * mjai JSON Lines (the format Mortal and mjai.app read), for Minefield's two players (actors 0 and 1):
 * start_game, start_kyoku (with each hand once it was set), reach + dahai, hora, ryukyoku, end_kyoku, end_game.
 * Minefield has no draws from a live wall, so there are no tsumo lines. A hand voided by a host restart
 * (`host.handVoided`) did not happen: its lines are dropped, not written as a `ryukyoku` (which every mjai reader
 * takes for a drawn hand), and the next start_kyoku deals it again.
 */
export function minefieldMjai(session: Session, records: readonly LoggedEvent[]): HostResult<string> {
  const lines: unknown[] = [];
  const names = minefieldNames(records);
  let dora: Tile | null = null;
  let hands: (Tile[] | null)[] = [null, null];
  let pendingStart: Record<string, unknown> | null = null;
  let scores: number[] = [0, 0];
  let seenDiscards = [0, 0];
  let kyokus = 0;
  const flushStart = () => {
    if (pendingStart === null) return;
    lines.push({
      ...pendingStart,
      dora_marker: dora === null ? '?' : mjaiTile(dora),
      tehais: hands.map((h) => (h ?? []).map(mjaiTile)),
    });
    pendingStart = null;
  };
  const lastOf = (type: string) => lines.findLastIndex((l) => (l as { type?: string }).type === type);
  for (const { event: logged } of records) {
    const event = minefieldEvent(logged);
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
        kyokus++;
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
      case 'host.handVoided': {
        // The voided kyoku's lines go: it was never played (the table's tiles were lost with the host).
        const start = lastOf('start_kyoku');
        if (start > lastOf('end_kyoku')) lines.splice(start);
        pendingStart = null;
        break;
      }
      case 'hand.drawn':
        kyokus++;
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
  if (kyokus === 0)
    return hostFail('export_empty', `session ${session.id} has no finished hand yet: there is nothing to export`);
  // A hand still in play at the end of the log has no result: it is left out, as a voided one is.
  const start = lastOf('start_kyoku');
  if (start > lastOf('end_kyoku')) lines.splice(start);
  return ok(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}
