// The generic table core: the log-driven clock, the table session machine, the step loop and the hand bookkeeping
// every family shares. A family's core (families/<family>/core.ts) only says how table events become its machines'
// inputs and which table commands its machines ask for.
import { createActor, type Actor, type AnyStateMachine, type EmittedFrom, type Snapshot, type SnapshotFrom } from 'xstate';
import { formatTiles, type Tile } from '../../rules/tiles.js';
import {
  featuresToUse,
  withoutTableOnlyTiles,
  type Fault,
  type Seat,
  type TableEvent,
  type TableFeature,
  type TableMode,
} from '../../table/table-events.js';
import {
  tableSessionMachine,
  type CommandRefusal,
  type PreparedHand,
  type TableSessionEmitted,
} from '../../machines/table-session.js';
import { hostFail, type HostResult } from '../errors.js';
import type { HostEvent, SourceEvent } from './log-events.js';
import { LogClock } from './log-clock.js';
import type { CorrectableRead, HandToVoid, StepOutput, VariantCore } from './variant-core.js';

/**
 * The base of every family's core (MinefieldCore, RiichiCore): one simulated clock that only the log moves (so a
 * replayed log gives the same derived events), one table session machine on it, the game machine `M` the family
 * runs on the same clock, and the session's flags as the Host reads them.
 *
 * The step loop is here: a host or operator event is applied here (a game requested, a hand voided, a pause, a
 * correction, a restart, the session's end), a table event goes to the session machine and then to the family
 * (`onTableEvent`), and the session machine's reports come back here (`heardSession`). So is the hand bookkeeping:
 * a hand is requested of the table when the game waits for one (`dealerToDeal`), and a hand the game ended
 * (`handEnded`, set by the family as it hears its machine) is settled: the table told, the next one requested.
 * What a family adds is the mapping: `I` are its machine's inputs (`toGame`, `correctionInput`), `D` its derived
 * events; the optional hooks (empty here) are where it keeps its own bookkeeping in step.
 */
export abstract class TableCore<D, M extends AnyStateMachine, I> implements VariantCore<D> {
  protected readonly time: LogClock;
  protected session: Actor<typeof tableSessionMachine>;
  /** The game being played (a game machine on the log's clock), or null before the first game. */
  protected game: Actor<M> | null = null;
  /** What the step under way produced so far. */
  protected out: StepOutput<D> = { derived: [], commands: [] };
  /** The log seq of the source event being applied (sensed tiles are corrected by it). */
  protected currentSeq = 0;
  /** The table is the built-in simulator (host.sessionOpened): it does not outlive the host process. */
  protected simulator = false;
  /** A hand was asked of the table (session.handRequested) and the game has not ended it yet. */
  protected handPending = false;
  /** The game machine ended the hand; `settle` runs the follow-ups. */
  protected handEnded = false;
  /** While a fresh session machine is brought to where the table is, its commands are not sent. */
  private muted = false;
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
    /** The types of the family's machine refusals of an input (its `FamilyLog.refusals`). */
    private readonly refusals: ReadonlySet<string>,
  ) {
    this.time = new LogClock(startAtMs);
    this.session = this.newSession();
  }

  // --- What a family brings ---------------------------------------------------------------------

  /** Starts the game machine of a new game (`run`) with its first dealer; the family's bookkeeping of the last is cleared. */
  protected abstract newGame(firstDealer: number): void;
  /** The table seat of the dealer whose hand waits to be prepared by the table, or null when no hand waits. */
  protected abstract dealerToDeal(): Seat | null;
  /** The table seats in play (their dealer lamps are set with each hand request). */
  protected abstract tableSeats(): readonly Seat[];
  /** A table event the session machine has heard: what it means to the game. */
  protected abstract onTableEvent(event: TableEvent): void;
  /** Feeds one input to the game (the family decides whether the game can take it now). */
  protected abstract toGame(input: I): void;
  /** The input an operator's correction of `read` feeds the game (the read's seat, the corrected tiles). */
  protected abstract correctionInput(read: SensedRead, tiles: readonly Tile[]): I;
  /** Voids hand `hand` (host.handVoided) if it is the one in play: the game goes back to its start (`dealAgain`). */
  protected abstract voidHand(hand: number): void;
  /** The walls (and dice) of the hand the table prepared, for the game. */
  protected abstract handPrepared(hand: PreparedHand): void;
  abstract handToVoid(): HandToVoid | null;
  abstract checkCorrection(eventSeq: number, tiles: readonly Tile[]): HostResult<void>;

  /** Before each step's first settle (the family's view of the game may have moved since the last step). */
  protected stepStarted(): void {}
  /** After each step (lamps, flips: commands that follow the game as the step left it). */
  protected stepEnded(): void {}
  /** A table event before the session machine hears it (what the session's reports will read). */
  protected tableEventArrived(_event: TableEvent): void {}
  /** Host and operator events the generic core does not apply. */
  protected onOtherHostEvent(_event: HostEvent): void {}
  /** The host restarted (before a simulator table is replaced). */
  protected hostRestarted(): void {}
  /** The session ends (before the core is marked ended). */
  protected sessionEnding(): void {}
  /** The table session resumed after a fault or a reboot (before the next hand is requested). */
  protected sessionResumed(): void {}
  /** A hand was asked of the table (before the dealer lamps are set). */
  protected handRequested(): void {}
  /** The hand's inputs held and announced so far are dropped (a hand ended, or was voided). */
  protected clearHand(): void {}
  /** A new table replaced the old one: nothing the family kept of the old table holds. */
  protected tableReplaced(): void {}
  /** The game, not its rules, closed now after an ended hand (a hand limit); true when it did. */
  protected cutAfterHand(): boolean {
    return false;
  }
  /** The game was closed short of its end (so a next one may be started). */
  protected cutShort(): boolean {
    return false;
  }

  // --- What the Host reads ----------------------------------------------------------------------

  /** Applies one source event (already in the log as `seq`); returns what it caused. */
  step(seq: number, atMs: number, event: SourceEvent): StepOutput<D> {
    this.out = { derived: [], commands: [] };
    this.currentSeq = seq;
    this.time.advance(atMs, event.type === 'host.restarted');
    this.stepStarted();
    this.settle();
    // The link's statistics are for the screens and diagnostics; the machines never see them.
    if (event.type === 'link.stats') return this.out;
    if (event.type.startsWith('host.') || event.type.startsWith('operator.'))
      this.onHostEvent(event as HostEvent);
    // No family's set has table-only tiles: one is a misread, read as a tile the sensors could not read.
    else this.heardTable(withoutTableOnlyTiles(event as TableEvent));
    this.settle();
    this.stepEnded();
    return this.out;
  }

  /** True when the host should start a game now (the table is ready and no game is being played). */
  wantsGame(): boolean {
    if (this.ended || this.paused || !this.ready || this.outOfService) return false;
    return this.game === null || this.gameDone() || this.cutShort();
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

  /** The game machine reached its final state (the game ended by its rules). */
  protected gameDone(): boolean {
    if (this.game === null) return false;
    const snapshot: Snapshot<unknown> = this.game.getSnapshot();
    return snapshot.status === 'done';
  }

  /** The running game machine's snapshot (tests check it against the folded view and the hand's invariants). */
  gameSnapshot(): SnapshotFrom<M> | null {
    return this.game?.getSnapshot() ?? null;
  }

  /** The table session machine's state (diagnostics and tests). */
  sessionState() {
    return this.session.getSnapshot().value;
  }

  correctableReads(): CorrectableRead[] {
    return [...this.sensed]
      .filter(([, read]) => !read.taken)
      .map(([seq, read]) => ({ seq, kind: read.kind, seat: read.tableSeat, tiles: read.tiles }))
      .reverse();
  }

  stop(): void {
    this.session.stop();
    this.game?.stop();
  }

  // --- Host and operator events -----------------------------------------------------------------

  private onHostEvent(event: HostEvent): void {
    switch (event.type) {
      case 'host.gameRequested':
        this.startGame(event.game, event.firstDealer);
        return;
      case 'host.sessionOpened':
        this.simulator = event.target.kind === 'simulator';
        return;
      case 'host.restarted':
        this.hostRestarted();
        // The built-in simulator died with the old process: the new one is another table, set up from scratch.
        if (this.simulator) this.replaceTable();
        return;
      case 'host.handVoided':
        this.voidHand(event.hand);
        return;
      case 'host.sessionEnded':
        this.sessionEnding();
        this.ended = true;
        this.session.send({ type: 'operator.stopRequested' });
        return;
      // A stage command the table refused is cleared as a fault (table-session.ts commandRefused).
      case 'operator.faultCleared':
      case 'operator.refusalCleared':
        this.session.send({ type: 'operator.faultCleared' });
        return;
      case 'operator.paused':
        this.paused = true;
        return;
      case 'operator.resumed':
        this.paused = false;
        this.requestHand();
        return;
      case 'operator.correction': {
        const sensed = this.sensed.get(event.eventSeq);
        if (sensed === undefined) return;
        // A read the game took as it is, confirmed: nothing to feed again.
        if (sensed.taken && sameRead(sensed.tiles, event.tiles)) return;
        const from = this.out.derived.length;
        this.toGame(this.correctionInput(sensed, event.tiles));
        // Unless the game refused it, the read is now as corrected.
        if (this.refusedSince(from)) return;
        sensed.taken = true;
        sensed.tiles = [...event.tiles];
        return;
      }
      default:
        this.onOtherHostEvent(event);
    }
  }

  private startGame(number: number, firstDealer: number): void {
    this.game?.stop();
    this.gamesRequested = number;
    this.handPending = false;
    this.handEnded = false;
    this.sensed.clear();
    this.newGame(firstDealer);
    this.requestHand();
  }

  /** Starts `game` and follows it: what it emits is heard by `heard` (the family's outcomes). */
  protected run(game: Actor<M>, heard: (outcome: EmittedFrom<M>) => void): void {
    game.on('*', heard);
    this.game = game;
    game.start();
  }

  /**
   * A voided hand is dealt again (host.handVoided): the game restarted at its start (a new `run`), the hand's
   * bookkeeping dropped, and `started` (its `hand.started`) derived again, so the screens, the records and the
   * exports see the hand dealt afresh.
   */
  protected dealAgain(started: D): void {
    this.handPending = false;
    this.handEnded = false;
    this.sensed.clear();
    this.clearHand();
    this.out.derived.push(started);
    this.requestHand();
  }

  /**
   * A new table in place of one that is gone (the built-in simulator after a host restart): a fresh session
   * machine waits for its HELLO and sets the mode; nothing of the old table's hand setup, lamps or latched
   * fault carries over (the old table and its fault no longer exist).
   */
  private replaceTable(): void {
    this.session.stop();
    this.session = this.newSession();
    this.ready = false;
    this.fault = null;
    this.outOfService = null;
    this.handPending = false;
    this.tableReplaced();
  }

  /**
   * A fresh session machine brought silently to where the table is (its last HELLO, the mode set): the table's
   * preparation starts again from the shuffle, and the hand is asked for again.
   */
  protected restartSession(hello: Extract<TableEvent, { type: 'table.hello' }>): void {
    this.session.stop();
    this.handPending = false;
    this.muted = true;
    this.session = this.newSession();
    this.session.send(hello);
    this.session.send({ type: 'table.modeSet', mode: this.table.mode });
    this.muted = false;
    this.requestHand();
  }

  // --- Table events and the session machine -----------------------------------------------------

  private heardTable(event: TableEvent): void {
    if (event.type === 'table.hello' || event.type === 'link.rebooted') this.bootId = event.bootId;
    this.tableEventArrived(event);
    this.session.send(event);
    this.onTableEvent(event);
  }

  /** Heard from the session machine: its commands for the table, and its reports (ready, faulted, resumed, ...). */
  private heardSession(emitted: TableSessionEmitted): void {
    if (this.muted) {
      if (emitted.type === 'session.ready') this.ready = true;
      return;
    }
    switch (emitted.type) {
      case 'session.commandIssued':
        this.out.commands.push(emitted.command);
        return;
      case 'session.ready':
        this.ready = true;
        this.requestHand();
        return;
      case 'session.resumed':
        this.fault = null;
        this.sessionResumed();
        this.requestHand();
        return;
      case 'session.handReady':
        this.handPrepared(emitted.hand);
        return;
      case 'session.faulted':
        this.fault = emitted.fault;
        return;
      case 'session.outOfService':
        this.outOfService = emitted.fault;
        return;
      default:
    }
  }

  /** The protocol 2 features in force on the table (the variant's wanted ones its HELLO announced; none for 1.x). */
  protected featuresInForce(): readonly TableFeature[] {
    const context = this.session.getSnapshot().context;
    return context.capabilities === null ? [] : (featuresToUse(context.wantedFeatures, context.capabilities) ?? []);
  }

  /** A table session machine on the log's clock (a fresh one when the table is replaced). */
  private newSession(): Actor<typeof tableSessionMachine> {
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
      this.heardSession(e);
    });
    session.start();
    return session;
  }

  // --- Hands ------------------------------------------------------------------------------------

  /** Asks the table for the hand the game waits for (the dealer lamp first: the table breaks the wall from it). */
  protected requestHand(): void {
    if (this.paused || this.ended || this.handPending) return;
    const dealer = this.dealerToDeal();
    if (dealer === null) return;
    if (!this.session.getSnapshot().matches({ operating: 'ready' })) return;
    this.handPending = true;
    this.handRequested();
    for (const seat of this.tableSeats())
      this.out.commands.push({ type: 'setLamp', seat, lamp: 'dealer', on: seat === dealer });
    this.session.send({ type: 'session.handRequested' });
  }

  /** Runs the follow-ups of a finished hand (`handEnded`, flagged by the game machine's events). */
  protected settle(): void {
    while (this.handEnded) {
      this.handEnded = false;
      this.handPending = false;
      this.sensed.clear();
      this.clearHand();
      this.session.send({ type: 'session.handEnded' });
      this.handConcluded();
    }
  }

  /** After a hand ended: the game ended, was cut short, or goes on with the next hand. */
  protected handConcluded(): void {
    if (this.gameDone() || this.cutAfterHand()) this.gamesFinished = this.gamesRequested;
    else this.requestHand();
  }

  // --- Sensed reads -----------------------------------------------------------------------------

  /** The table's reads of the hand in play, by their seq in the log: what a correction may name. */
  protected readonly sensed = new Map<number, SensedRead>();

  /** Remembers the read of the event being applied (`taken`: the game took it as read). */
  protected sense(read: Omit<SensedRead, 'taken'>, taken = false): SensedRead {
    const sensed = { ...read, taken };
    this.sensed.set(this.currentSeq, sensed);
    return sensed;
  }

  /**
   * Remembers the read of the event being applied and feeds `input` (what it reads as, null when the game must
   * wait for the operator's correction: a tile the sensors could not read); the read is taken unless refused.
   */
  protected feedRead(read: Omit<SensedRead, 'taken'>, input: I | null): void {
    const sensed = this.sense(read);
    if (input === null) return;
    const from = this.out.derived.length;
    this.toGame(input);
    sensed.taken = !this.refusedSince(from);
  }

  /** Whether the machines refused an input fed since `from` (an index into this step's derived events). */
  private refusedSince(from: number): boolean {
    return this.out.derived
      .slice(from)
      .some((e) => this.refusals.has((e as { type: string }).type));
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
