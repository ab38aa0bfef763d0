// What every variant's core shares: the log-driven clock, the table session machine, and the flags the Host reads.
import { createActor, type Actor } from 'xstate';
import type { Tile } from '../rules/tiles.js';
import { featuresToUse, type Fault, type TableFeature, type TableMode } from '../machines/table-events.js';
import {
  tableSessionMachine,
  type CommandRefusal,
  type TableSessionEmitted,
} from '../machines/table-session.js';
import type { HostResult } from './errors.js';
import type { SourceEvent } from './log-events.js';
import { LogClock } from './log-clock.js';
import type { HandToVoid, StepOutput, VariantCore } from './variant-core.js';

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
