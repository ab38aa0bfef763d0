// Minefield's club records from its log: a game row per game, a hand row (with its event range) per hand, public
// snapshots at hand ends, and the game's final points and places.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import type { SeatPlayer, SessionRecorder } from '../../host/families/family.js';
import type { LogEvent } from '../../host/session/log-events.js';
import { minefieldEvent, type MinefieldLogEvent } from './log.js';
import { openGameRow, recordHandEnd } from '../../host/session/recorder.js';
import { endGame, type StorageResult } from '../../host/storage/index.js';
import type { JsonValue } from '../../host/storage/json.js';
import type { PublicModel } from '../../host/view/model.js';
import { MINEFIELD_TABLE_SEATS } from './view.js';

/** A one-line result of a finished hand (contract HandSummary.result). */
export function handResultLine(event: MinefieldLogEvent): string {
  if (event.type === 'hand.won')
    return `seat ${MINEFIELD_TABLE_SEATS[event.seat]} won ${event.payment} from seat ${MINEFIELD_TABLE_SEATS[event.from]} (${event.limit})`;
  if (event.type === 'hand.drawn') return `drawn, ante doubles to ${event.nextAnte}`;
  return event.type;
}

/**
 * Follows the derived events in log order. `write` is false while a log that already holds the records is
 * replayed (recovery): the recorder then only finds its place (game ids, the current hand's first seq).
 */
export class MinefieldRecorder implements SessionRecorder {
  private gameIndex = 0;
  private gameId: number | null = null;
  private handFirstSeq = 0;
  private handNumber = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly sessionId: number,
    private readonly seats: readonly SeatPlayer[],
  ) {}

  observe(
    seq: number,
    atMs: number,
    logged: LogEvent,
    model: PublicModel,
    write: boolean,
  ): StorageResult<void> {
    const event = minefieldEvent(logged);
    switch (event.type) {
      case 'game.started': {
        this.gameIndex++;
        const game = openGameRow(this.db, { sessionId: this.sessionId, gameIndex: this.gameIndex, seats: this.seats, atMs }, write);
        if (!game.ok) return game;
        this.gameId = game.value;
        return ok(undefined);
      }
      case 'hand.started':
        this.handFirstSeq = seq;
        this.handNumber = event.hand;
        return ok(undefined);
      case 'hand.won':
      case 'hand.drawn': {
        if (!write || this.gameId === null) return ok(undefined);
        const summary: JsonValue = { result: handResultLine(event), event: event as unknown as JsonValue };
        return recordHandEnd(
          this.db,
          { sessionId: this.sessionId, gameId: this.gameId, number: this.handNumber, firstSeq: this.handFirstSeq, seq, atMs, summary },
          model,
        );
      }
      case 'game.ended': {
        if (!write || this.gameId === null) return ok(undefined);
        const points = event.points;
        const placements: [number, number] =
          points[0] === points[1] ? [1, 1] : points[0] > points[1] ? [1, 2] : [2, 1];
        const ended = endGame(this.db, this.gameId, {
          endedAtMs: atMs,
          seats: ([0, 1] as const).map((m) => ({
            seat: MINEFIELD_TABLE_SEATS[m],
            finalPoints: points[m],
            placement: placements[m],
          })),
          finalResult: event as unknown as JsonValue,
        });
        return ended.ok ? ok(undefined) : ended;
      }
      default:
        return ok(undefined);
    }
  }
}
