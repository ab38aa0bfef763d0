// What every family's club records share: a game's row, and a finished hand's row with the public model's snapshot at its end.
import type Database from 'better-sqlite3';
import {
  gamesOfSession,
  recordHand,
  saveSnapshot,
  startGame,
  type StorageResult,
} from '../storage/index.js';
import { ok } from '../../rules/result.js';
import type { PublicModel } from '../view/model.js';
import type { JsonValue } from '../storage/json.js';
import type { SeatPlayer } from '../families/family.js';

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
