// Club records from the log: a game row per game, a hand row (with its event range) per hand, public snapshots at hand ends.
import type Database from 'better-sqlite3';
import {
  endGame,
  gamesOfSession,
  recordHand,
  saveSnapshot,
  startGame,
  type StorageResult,
} from '../storage/index.js';
import { ok } from '../../rules/result.js';
import type { Seat } from '../../table/table-events.js';
import type { LogEvent } from './log-events.js';
import type { PublicModel } from '../view/model.js';
import { MINEFIELD_TABLE_SEATS } from '../../families/minefield/view.js';
import type { JsonValue } from '../storage/json.js';

/** Snapshots of the public model carry this version; the replay cursor ignores any other. */
// 2: the model keeps the game's points per hand for the game-over screen (issue 12); older snapshots lack them.
export const PUBLIC_MODEL_VERSION = 'public-model/2';

/**
 * A finished hand's row and the public model's snapshot at its end (both recorders): the snapshot lets a replay
 * open near any hand without folding the log from the start.
 */
export function recordHandEnd(
  db: Database.Database,
  hand: { sessionId: number; gameId: number; number: number; firstSeq: number; seq: number; atMs: number; summary: JsonValue },
  model: PublicModel,
): StorageResult<void> {
  const recorded = recordHand(db, {
    gameId: hand.gameId,
    number: hand.number,
    firstSeq: hand.firstSeq,
    lastSeq: hand.seq,
    summary: hand.summary,
    recordedAtMs: hand.atMs,
  });
  if (!recorded.ok) return recorded;
  const snapshot = saveSnapshot(db, {
    sessionId: hand.sessionId,
    seq: hand.seq,
    machineVersion: PUBLIC_MODEL_VERSION,
    savedAtMs: hand.atMs,
    state: model as unknown as JsonValue,
  });
  return snapshot.ok ? ok(undefined) : snapshot;
}

/**
 * The game row a `game.started` opens (both recorders): created when writing live, else (a replay of a log whose
 * rows exist) found as the session's `gameIndex`-th game. Its id, or null when a replay finds none.
 */
export function openGameRow(
  db: Database.Database,
  game: { sessionId: number; gameIndex: number; seats: readonly SeatPlayer[]; atMs: number },
  write: boolean,
): StorageResult<number | null> {
  if (!write) return ok(gamesOfSession(db, game.sessionId)[game.gameIndex - 1]?.id ?? null);
  const started = startGame(db, {
    sessionId: game.sessionId,
    startedAtMs: game.atMs,
    seats: game.seats.map((s) => ({ seat: s.seat, playerId: s.playerId })),
  });
  return started.ok ? ok(started.value.id) : started;
}


export interface SeatPlayer {
  readonly seat: Seat;
  readonly playerId: number | null;
}

/** A one-line result of a finished hand (contract HandSummary.result). */
export function handResultLine(event: LogEvent): string {
  if (event.type === 'hand.won')
    return `seat ${MINEFIELD_TABLE_SEATS[event.seat]} won ${event.payment} from seat ${MINEFIELD_TABLE_SEATS[event.from]} (${event.limit})`;
  if (event.type === 'hand.drawn') return `drawn, ante doubles to ${event.nextAnte}`;
  return event.type;
}

/**
 * Follows the derived events in log order. `write` is false while a log that already holds the records is
 * replayed (recovery): the recorder then only finds its place (game ids, the current hand's first seq).
 */
export class Recorder {
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
    event: LogEvent,
    model: PublicModel,
    write: boolean,
  ): StorageResult<void> {
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
