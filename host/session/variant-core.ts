// What the host needs of a variant's core: table session + game machines stepped by logged source events, deterministic for a log.
import type { Tile } from '../../rules/tiles.js';
import type { Fault, Seat, TableCommand } from '../../table/table-events.js';
import type { CommandRefusal } from '../../machines/table-session.js';
import type { HostResult } from '../errors.js';
import type { DerivedEvent, SourceEvent } from './log-events.js';

/** What one step produced: derived events to log (in order) and commands to send to the table. */
export interface StepOutput<D = DerivedEvent> {
  readonly derived: D[];
  readonly commands: TableCommand[];
}

/** The hand a restarted host voids because the built-in simulator holding its tiles is gone (host.handVoided). */
export interface HandToVoid {
  readonly game: number;
  readonly hand: number;
  readonly dealer: number;
  readonly ante: number;
}

/**
 * A variant's core, as the Host drives it (host.ts): one `step` per logged source event; the same log gives the
 * same derived events (recovery replays it and compares). The host reads the flags after each step to decide
 * (start a game, clear a fault on autopilot, end the session) and arms one timer at `nextDeadlineAtMs`.
 * `D` is the variant's derived-event vocabulary (Minefield's events, the riichi family's).
 */
export interface VariantCore<D = DerivedEvent> {
  /** Applies one source event (already in the log as `seq`); returns what it caused. */
  step(seq: number, atMs: number, event: SourceEvent): StepOutput<D>;
  /** Wall-clock ms at which the machines' earliest deadline comes due, or null when none is pending. */
  nextDeadlineAtMs(): number | null;
  /** True when the host should start a game now (the table is ready and no game is being played). */
  wantsGame(): boolean;
  /** The hand a restarted host must void (its tiles were on the built-in simulator), or null. */
  handToVoid(): HandToVoid | null;
  /** Whether an operator correction of event `eventSeq` can apply now (checked before it is logged). */
  checkCorrection(eventSeq: number, tiles: readonly Tile[]): HostResult<void>;
  /** The table reads of the hand in play a correction can still change (the game has not taken them), newest first. */
  correctableReads(): CorrectableRead[];
  stop(): void;
  /** Games requested so far (host.gameRequested numbers them 1, 2, ...) and finished. */
  readonly gamesRequested: number;
  readonly gamesFinished: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly bootId: number | null;
  /** A recoverable fault the table latched and nobody cleared yet. */
  readonly fault: Fault | null;
  /** A stage command the table refused, waiting for the operator's clear (absent: the core never reports one). */
  readonly refusal?: CommandRefusal | null;
}

/** A table read the operator may correct: its seq in the log, what it was, whose, and the tiles as sensed (null: unread). */
export interface CorrectableRead {
  readonly seq: number;
  readonly kind: 'draw' | 'discard' | 'hand';
  readonly seat: Seat;
  readonly tiles: readonly (Tile | null)[];
}
