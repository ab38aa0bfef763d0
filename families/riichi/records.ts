// Club records of a riichi-family session from its log: a game row per game, a hand row per hand, snapshots at hand ends.
import { riichiEvent } from './log.js';
import type Database from 'better-sqlite3';
import { endGame, type StorageResult } from '../../host/storage/index.js';
import { ok } from '../../rules/result.js';
import type { RiichiEvent } from './machines/events.js';
import type { Seat as RiichiSeat } from '../../rules/payments.js';
import type { Seat } from '../../table/table-events.js';
import type { LogEvent } from '../../host/session/log-events.js';
import type { PublicModel } from '../../host/view/model.js';
import { openGameRow, recordHandEnd } from '../../host/session/recorder.js';
import type { SeatPlayer, SessionRecorder } from '../../host/families/family.js';
import type { JsonValue } from '../../host/storage/json.js';

const WIND = ['', 'East', 'South', 'West', 'North'] as const;

/** A one-line result of a finished riichi-family hand (contract HandSummary.result). */
export function riichiHandResultLine(event: RiichiEvent): string {
  switch (event.type) {
    case 'hand.won':
      return event.wins
        .map(
          (w) =>
            `seat ${w.seat} won ${w.from === null ? 'by tsumo' : `from seat ${w.from}`}${w.limit ? ` (${w.limit})` : ''}`,
        )
        .join('; ');
    case 'hand.exhaustiveDraw':
      return `exhaustive draw, tenpai: ${event.tenpai.length === 0 ? 'none' : event.tenpai.map((t) => `seat ${t.seat}`).join(', ')}`;
    case 'hand.abortiveDraw':
      return `abortive draw (${event.reason})`;
    case 'hand.chombo':
      return `chombo by seat ${event.seat} (${event.reason}), entered by ${event.operator}; replayed`;
    default:
      return event.type;
  }
}

/**
 * The Recorder (recorder.ts) for the riichi family: seats are the table's seats in play; hands are numbered
 * 1, 2, 3... within the game in the order they end (a voided hand, dealt again, ends once); placements come
 * from the game's ranking. `write` is false while recovery replays a log that already holds the records.
 */
export class RiichiRecorder implements SessionRecorder {
  private gameIndex = 0;
  private gameId: number | null = null;
  private handFirstSeq = 0;
  private handsEnded = 0;
  private label = '';

  /** `tableSeats`: the variant's table seats in turn order; machine seat i sits at `tableSeats[i]`. */
  constructor(
    private readonly db: Database.Database,
    private readonly sessionId: number,
    private readonly seats: readonly SeatPlayer[],
    private readonly tableSeats: readonly Seat[] = seats.map((s) => s.seat),
  ) {}

  observe(
    seq: number,
    atMs: number,
    logged: LogEvent,
    model: PublicModel,
    write: boolean,
  ): StorageResult<void> {
    const event = riichiEvent(logged);
    switch (event.type) {
      case 'game.started': {
        this.gameIndex++;
        this.handsEnded = 0;
        const game = openGameRow(
          this.db,
          { sessionId: this.sessionId, gameIndex: this.gameIndex, seats: this.seats, atMs },
          write,
        );
        if (!game.ok) return game;
        this.gameId = game.value;
        return ok(undefined);
      }
      case 'hand.started':
        this.handFirstSeq = seq;
        this.label = `${WIND[event.roundWind]} ${event.handNumber}${event.honba > 0 ? `, ${event.honba} honba` : ''}`;
        return ok(undefined);
      // A chombo (V6.2) ends its hand too: a row of its own, so the replay viewer can open it (issue 7).
      case 'hand.won':
      case 'hand.exhaustiveDraw':
      case 'hand.abortiveDraw':
      case 'hand.chombo': {
        this.handsEnded++;
        if (!write || this.gameId === null) return ok(undefined);
        const summary: JsonValue = {
          result: `${this.label}: ${riichiHandResultLine(event)}`,
          event: event as unknown as JsonValue,
        };
        return recordHandEnd(
          this.db,
          { sessionId: this.sessionId, gameId: this.gameId, number: this.handsEnded, firstSeq: this.handFirstSeq, seq, atMs, summary },
          model,
        );
      }
      case 'game.ended': {
        if (!write || this.gameId === null) return ok(undefined);
        const ended = endGame(this.db, this.gameId, {
          endedAtMs: atMs,
          // The game's points and ranking name machine seats (Tenpai Race plays at table seats 0 and 2).
          seats: this.seats.map((s) => {
            const machineSeat = this.tableSeats.indexOf(s.seat) as RiichiSeat;
            return {
              seat: s.seat,
              finalPoints: event.points[machineSeat] ?? 0,
              placement: event.ranking.indexOf(machineSeat) + 1,
            };
          }),
          finalResult: event as unknown as JsonValue,
        });
        return ended.ok ? ok(undefined) : ended;
      }
      default:
        return ok(undefined);
    }
  }
}
