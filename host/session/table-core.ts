// What every variant's core shares: the log-driven clock, the table session machine, and the flags the Host reads.
import { createActor, type Actor } from 'xstate';
import { formatTiles, type Tile } from '../../rules/tiles.js';
import { featuresToUse, type Fault, type Seat, type TableFeature, type TableMode } from '../../table/table-events.js';
import {
  tableSessionMachine,
  type CommandRefusal,
  type TableSessionEmitted,
} from '../../machines/table-session.js';
import { hostFail, type HostResult } from '../errors.js';
import { MACHINE_REFUSALS, type SourceEvent } from './log-events.js';
import { LogClock } from './log-clock.js';
import type { CorrectableRead, HandToVoid, StepOutput, VariantCore } from './variant-core.js';

/**
 * The base of MinefieldCore and RiichiCore: one simulated clock that only the log moves (so a replayed log gives
 * the same derived events), one table session machine on it, and the session's flags as the Host reads them.
 * A core starts each step with `beginStep`, and hears its session machine in `onSessionEmitted`.
 */
export abstract class TableCore<D> implements VariantCore<D> {
  protected readonly time: LogClock;
  protected session: Actor<typeof tableSessionMachine>;
  /** What the step under way produced so far. */
  protected out: StepOutput<D> = { derived: [], commands: [] };
  /** The log seq of the source event being applied (sensed tiles are corrected by it). */
  protected currentSeq = 0;
  /** The table is the built-in simulator (host.sessionOpened): it does not outlive the host process. */
  protected simulator = false;
  /** Games requested so far (host.gameRequested numbers them 1, 2, ...) and finished. */
  gamesRequested = 0;
  gamesFinished = 0;
  paused = false;
  ended = false;
  ready = false;
  bootId: number | null = null;
  /** A recoverable fault the table latched and nobody cleared yet. */
  fault: Fault | null = null;
  outOfService: Fault | null = null;
  /** What the table lacks for this variant (its mode, a protocol 2 feature), from its HELLO; null when it has all. */
  unsupported: readonly string[] | null = null;

  protected constructor(
    startAtMs: number,
    private readonly table: {
      readonly mode: TableMode;
      readonly stageTimeoutMs: number;
      /** Protocol 2 features the variant cannot play without, and those it uses when the table has them. */
      readonly requiredFeatures?: readonly TableFeature[];
      readonly wantedFeatures?: readonly TableFeature[];
    },
  ) {
    this.time = new LogClock(startAtMs);
    this.session = this.newSession();
  }

  /**
   * A stage command the table refused (badState, unsupported, badArgument, unknownCommand) while the session
   * waits for the operator to look and clear it (table-session.ts `commandRefused`), or null.
   */
  get refusal(): CommandRefusal | null {
    const session = this.session.getSnapshot();
    return session.matches('commandRefused') ? session.context.refusal : null;
  }

  /** Wall-clock ms at which the machines' earliest deadline comes due, or null when none is pending. */
  nextDeadlineAtMs(): number | null {
    return this.time.nextDeadlineAtMs();
  }

  /** The protocol 2 features in force on the table (the variant's wanted ones its HELLO announced; none for 1.x). */
  protected featuresInForce(): readonly TableFeature[] {
    const context = this.session.getSnapshot().context;
    return context.capabilities === null ? [] : (featuresToUse(context.wantedFeatures, context.capabilities) ?? []);
  }

  /** The table session machine's state (diagnostics and tests). */
  sessionState() {
    return this.session.getSnapshot().value;
  }

  abstract step(seq: number, atMs: number, event: SourceEvent): StepOutput<D>;
  abstract wantsGame(): boolean;
  abstract handToVoid(): HandToVoid | null;
  abstract checkCorrection(eventSeq: number, tiles: readonly Tile[]): HostResult<void>;

  /** The table's reads of the hand in play, by their seq in the log: what a correction may name. */
  protected readonly sensed = new Map<number, SensedRead>();

  /** Remembers the read of the event being applied (`taken`: the game took it as read). */
  protected sense(read: Omit<SensedRead, 'taken'>, taken: boolean): SensedRead {
    const sensed = { ...read, taken };
    this.sensed.set(this.currentSeq, sensed);
    return sensed;
  }

  /** Whether the machines refused an input fed since `from` (an index into this step's derived events). */
  protected refusedSince(from: number): boolean {
    return this.out.derived
      .slice(from)
      .some((e) => MACHINE_REFUSALS.has((e as { type: string }).type));
  }

  /**
   * The read `eventSeq` names, if a correction with `tiles` can apply to it: a read the game has not taken
   * (a tile the sensors could not read, a hand it refused), or one it took exactly as `tiles` (a confirmation,
   * logged and not fed again). A read the game has played cannot be changed: the pond, the hand and the turn
   * moved on with it.
   */
  protected sensedFor(eventSeq: number, tiles: readonly Tile[], size: (kind: SensedRead['kind']) => number): HostResult<SensedRead> {
    const sensed = this.sensed.get(eventSeq);
    if (sensed === undefined)
      return hostFail('not_correctable', `event ${eventSeq} is not a sensed read of the hand in play`);
    if (tiles.length !== size(sensed.kind))
      return hostFail('bad_correction', `a ${sensed.kind} is ${size(sensed.kind)} tile(s), not ${tiles.length}`);
    if (sensed.taken && !sameRead(sensed.tiles, tiles))
      return hostFail(
        'read_already_played',
        `event ${eventSeq} was read as ${readText(sensed.tiles)} and the game has played it; a correction can only give a tile the sensors could not read (the game waits for it) or a hand the game refused`,
      );
    return { ok: true, value: sensed };
  }

  /** A correction of `read` was fed from derived index `from`: unless the game refused it, the read is now as corrected. */
  protected settleCorrection(read: SensedRead, tiles: readonly Tile[], from: number): void {
    if (this.refusedSince(from)) return;
    read.taken = true;
    read.tiles = [...tiles];
  }

  correctableReads(): CorrectableRead[] {
    return [...this.sensed]
      .filter(([, read]) => !read.taken)
      .map(([seq, read]) => ({ seq, kind: read.kind, seat: read.tableSeat, tiles: read.tiles }))
      .reverse();
  }
  abstract stop(): void;

  /** Heard from the session machine: its commands for the table, and its reports (ready, faulted, resumed, ...). */
  protected abstract onSessionEmitted(emitted: TableSessionEmitted): void;

  /** Starts applying source event `seq`: a fresh output, and the clock moved to the event's time. */
  protected beginStep(seq: number, atMs: number, event: SourceEvent): void {
    this.out = { derived: [], commands: [] };
    this.currentSeq = seq;
    this.time.advance(atMs, event.type === 'host.restarted');
  }

  /** A table session machine on the log's clock (a fresh one when the table is replaced). */
  protected newSession(): Actor<typeof tableSessionMachine> {
    const session = createActor(tableSessionMachine, {
      input: {
        mode: this.table.mode,
        stageTimeoutMs: this.table.stageTimeoutMs,
        ...(this.table.requiredFeatures === undefined ? {} : { requiredFeatures: this.table.requiredFeatures }),
        ...(this.table.wantedFeatures === undefined ? {} : { wantedFeatures: this.table.wantedFeatures }),
      },
      clock: this.time.clock,
    });
    session.on('*', (emitted) => {
      const e = emitted as TableSessionEmitted;
      // A table that lacks what the variant needs is noted for the Host (a later HELLO that has it clears it).
      if (e.type === 'session.unsupported') this.unsupported = e.missing;
      else if (e.type === 'session.ready') this.unsupported = null;
      this.onSessionEmitted(e);
    });
    session.start();
    return session;
  }
}

/** A sensed read of the hand in play (see TableCore `sensed`). */
export interface SensedRead {
  readonly kind: 'draw' | 'discard' | 'hand';
  /** The machine's seat (a Minefield player, a riichi seat) and the table's. */
  readonly seat: number;
  readonly tableSeat: Seat;
  /** As the sensors read them (null where they could not); once a correction was taken, as corrected. */
  tiles: readonly (Tile | null)[];
  /** The game took it (as read, or as corrected since). */
  taken: boolean;
}

const sameRead = (read: readonly (Tile | null)[], tiles: readonly Tile[]): boolean =>
  read.length === tiles.length && read.every((t, i) => t === tiles[i]);

const readText = (read: readonly (Tile | null)[]): string =>
  read.map((t) => (t === null ? '?' : formatTiles([t]))).join('');
