// The Host: one table session at a time — link events into the machines, every event logged first, public state out.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import type { Tile } from '../../rules/tiles.js';
import { createRng, deriveSeed } from '../../table/rng.js';
import type { LinkStats, TableCommand, TableEvent } from '../../table/table-events.js';
import type { PublicState } from '../../contract/ipc-contract.js';
import {
  createEventLog,
  endSession,
  getSession,
  openDatabase,
  openSessions,
  startSession as storeSession,
  type EventLog,
  type OpenedDatabase,
} from '../storage/index.js';
import { hostFail, type HostResult } from '../errors.js';
import { isSourceEvent, type DerivedEvent, type HostEvent, type LogEvent, type SourceEvent, type TableTargetLog } from './log-events.js';
import { validateLogEvent } from '../families/log-vocabulary.js';
import type { CoreOptions, CorrectableRead, VariantCore } from './variant-core.js';
import type { SessionRecorder } from '../families/family.js';
import { applyPublic, initialPublicModel, toPublicState } from '../view/public-model.js';
import type { PublicModel } from '../view/model.js';
import { ReadWorker } from '../server/read-worker.js';
import type { HeavyReadHandlers } from '../server/heavy-read-handlers.js';
import { connectTable, serialPortProblem, type SimulatorPace, type TableConnection } from './table-connection.js';
import { familyOfVariant, runnableVariants, VARIANT_REGISTRY, variantEntry } from '../families/registry.js';
import { sameEvent } from './same-event.js';
import {
  checkButtonEntry,
  checkChombo,
  checkDeadHand,
  checkStageBSettlement,
  coreInputOf,
  type StageBSettlementRequest,
  type OperatorOverride,
  type OverrideContext,
} from './operator-overrides.js';
import type { ChomboTriggerId } from '../../contract/ipc-contract.js';
import type { Seat, SeatButton } from '../../table/table-events.js';

export interface HostOptions {
  /** The SQLite file; default: mahjong-table.sqlite in the user's data folder. */
  readonly dbPath?: string;
  /** Pace of the embedded simulator (bots' thinking time, motor runs). */
  readonly pace?: SimulatorPace;
  /** Ends a session by itself after this many games (tests, benchmarks); unlimited by default. */
  readonly maxGames?: number;
  readonly deadlines?: CoreOptions['deadlines'];
  readonly stageTimeoutMs?: number;
  /** Wall clock (ms); injectable for tests. */
  readonly now?: () => number;
  /** Progress and problems, one line each (stderr in the CLI). */
  readonly report?: (line: string) => void;
  /** `link.stats` cadence: how often the counters are looked at (1 s) and the longest gap while they move (10 s). */
  readonly linkStats?: { readonly pollMs: number; readonly everyMs: number };
}

export interface SeatRequest {
  readonly seat: 0 | 1 | 2 | 3;
  readonly playerId: number | null;
  readonly name: string;
  readonly bot: boolean;
}

export interface SessionRequest {
  readonly variant: string;
  readonly preset?: string;
  readonly target: TableTargetLog;
  /** Who sits where; default: bots (Minefield: table seats 0 and 2). */
  readonly seats?: readonly SeatRequest[];
  readonly seed?: number;
  /** The host clears recoverable faults itself (the simulator with no operator). Default: true on the simulator. */
  readonly autopilot?: boolean;
  /** Cut each game after this many hands (riichi family; Tenpai Race's default: host/families/registry.ts). */
  readonly handsPerGame?: number;
  /** Mangan Mahjong's 8-player tag-team option (variants.md V4.3). */
  readonly tagTeam?: boolean;
}

interface Live {
  readonly sessionId: number;
  readonly core: VariantCore;
  readonly recorder: SessionRecorder;
  readonly opened: Extract<HostEvent, { type: 'host.sessionOpened' }>;
  connection: TableConnection | null;
  lastSeq: number;
  lastAtMs: number;
  /** Set after a restart until the new link's first HELLO: a different boot id means the table rebooted meanwhile. */
  restartedFromBootId: number | null | undefined;
  clearing: boolean;
  /** The table link session and the table events received in it (logged, so a restart can resume it). */
  wire: { hostSession: number; received: number } | null;
  /** After a game over with an operator: the next game is held (`host.gameHeld`) until he grants it (issue 12). */
  nextGame: 'held' | 'granted' | null;
  /** The last `link.stats` logged (and when), and the timer that looks at the link's counters. */
  loggedStats: { stats: LinkStatsRecord; atMs: number } | null;
  statsTimer: ReturnType<typeof setInterval> | null;
  /** The session's log, validating each append against its variant's family only (one parse per record). */
  readonly log: EventLog<LogEvent>;
}

type LinkStatsRecord = NonNullable<PublicState['table']['link']>;

/** How often the host looks at the link's counters, and the longest gap between two `link.stats` while anything moves. */
const STATS_POLL_MS = 1000;
const STATS_EVERY_MS = 10_000;
/** Counters whose change is logged at once (at most once per poll): they say the link is in trouble. */
const STATS_ALARMS = ['resends', 'crcErrors', 'badFrames', 'duplicates', 'reconnects', 'reboots'] as const;

const DEFAULT_PACE: SimulatorPace = { thinkMs: 600, motorMs: 300 };

/**
 * Keeps the count of table messages received in the link session (every `table.*` but the HELLO is a sequenced
 * message; a fragmented one takes several, which `onLinkEvent` logs as a `host.linkSession` with the exact count).
 */
function countWire(live: Live, event: LogEvent): void {
  if (event.type === 'host.gameHeld') live.nextGame = 'held';
  else if (event.type === 'operator.nextGame') live.nextGame = 'granted';
  else if (event.type === 'host.gameRequested') live.nextGame = null;
  if (event.type === 'host.linkSession')
    live.wire = { hostSession: event.hostSession, received: event.received };
  else if (live.wire !== null && event.type.startsWith('table.') && event.type !== 'table.hello')
    live.wire.received += 1;
}

/** The names of the variants that take the tag-team option, from the registry: "Mangan Mahjong". */
const tagTeamNames = (): string =>
  Object.values(VARIANT_REGISTRY)
    .filter((v) => v.playOptions?.tagTeam === true)
    .map((v) => v.name)
    .join(', ');

export class Host {
  private live: Live | null = null;
  private model: PublicModel | null = null;
  private publication = 0;
  private readonly listeners = new Set<(state: PublicState) => void>();
  private readonly queue: SourceEvent[] = [];
  private draining = false;
  private deadlineTimer: ReturnType<typeof setTimeout> | null = null;
  private failure: string | null = null;
  private readonly now: () => number;
  private readonly report: (line: string) => void;
  readonly log: EventLog<LogEvent>;
  private readonly readWorker: ReadWorker;

  private constructor(
    readonly storage: OpenedDatabase,
    private readonly options: HostOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.report = options.report ?? (() => {});
    this.log = createEventLog<LogEvent>(storage.db, validateLogEvent);
    this.readWorker = new ReadWorker(storage.path, { db: storage.db, log: this.log }, this.report);
  }

  /** Replays, standings and exports, read on a worker thread of their own (read-worker.ts): off the table link's loop. */
  get heavyReads(): HeavyReadHandlers {
    return this.readWorker.handlers;
  }

  /** Opens the database (refusing a corrupt or newer one untouched). Call `resumeOpenSession` next. */
  static open(options: HostOptions = {}): HostResult<Host> {
    const opened = openDatabase(options.dbPath === undefined ? {} : { path: options.dbPath });
    if (!opened.ok) return opened;
    return ok(new Host(opened.value, options));
  }

  get db(): Database.Database {
    return this.storage.db;
  }

  get sessionId(): number | null {
    return this.live?.sessionId ?? null;
  }

  /** Why the host stopped taking events (a storage failure or a diverged log), or null. */
  get fault(): string | null {
    return this.failure;
  }

  /** The running session's core, whatever the variant. */
  get variantCore(): VariantCore | null {
    return this.live?.core ?? null;
  }

  get connection(): TableConnection | null {
    return this.live?.connection ?? null;
  }

  // ---------------------------------------------------------------------------------------------
  // Sessions

  /** Starts a new session and connects its table. Refused while another session is open. */
  async startSession(request: SessionRequest): Promise<HostResult<number>> {
    if (this.live !== null)
      return hostFail('session_running', `session ${this.live.sessionId} is still open; end it first`);
    const entry = variantEntry(request.variant);
    if (entry === undefined)
      return hostFail(
        'unknown_variant',
        `this host runs ${runnableVariants().join(', ')}; "${request.variant}" is not available`,
      );
    const preset = request.preset ?? entry.presets[0]!;
    if (!entry.presets.includes(preset))
      return hostFail(
        'unknown_preset',
        `${request.variant} has no preset "${preset}" (known: ${entry.presets.join(', ')})`,
      );
    const seats =
      request.seats ??
      entry.tableSeats.map((seat, i) => ({ seat, playerId: null, name: `Bot ${i + 1}`, bot: true }));
    const seatSet = new Set(seats.map((s) => s.seat));
    if (seats.length !== entry.tableSeats.length || entry.tableSeats.some((s) => !seatSet.has(s))) {
      return hostFail(
        'bad_seats',
        `${request.variant} seats players at table seats ${entry.tableSeats.join(' and ')}`,
      );
    }
    const play = entry.playOptions;
    if (request.tagTeam === true && play?.tagTeam !== true)
      return hostFail(
        'option_not_in_variant',
        `${request.variant} has no tag-team option (${tagTeamNames()} has, V4.3)`,
      );
    if (request.handsPerGame !== undefined && play === undefined)
      return hostFail('option_not_in_variant', `${request.variant} takes no hands-per-game limit`);
    const handsPerGame = request.handsPerGame ?? play?.defaultHandsPerGame;
    if (request.target.kind === 'serial') {
      // Refused before anything is logged: a wrong path would otherwise sit "connecting" with no word why.
      const problem = serialPortProblem(request.target.path);
      if (problem !== null) return hostFail(problem.code, problem.message);
    }
    const seed = request.seed ?? Math.floor(Math.random() * 0x7fffffff);
    const target: TableTargetLog =
      request.target.kind === 'simulator'
        ? { kind: 'simulator', seed: request.target.seed ?? seed }
        : request.target;
    const startedAtMs = this.now();
    const session = storeSession(this.db, {
      variant: entry.id,
      preset,
      tableId: target.kind === 'serial' ? target.path : 'sim',
      startedAtMs,
    });
    const opened: Extract<HostEvent, { type: 'host.sessionOpened' }> = {
      type: 'host.sessionOpened',
      variant: entry.id,
      preset,
      target,
      seed,
      seats: seats.map((s) => ({ seat: s.seat, playerId: s.playerId, name: s.name, bot: s.bot })),
      autopilot: request.autopilot ?? target.kind === 'simulator',
      ...(handsPerGame === undefined ? {} : { handsPerGame }),
      ...(request.tagTeam === true ? { tagTeam: true as const } : {}),
    };
    this.live = this.newLive(session.id, opened, startedAtMs);
    this.model = initialPublicModel(session.id);
    this.failure = null;
    this.ingest(opened);
    if (this.failure !== null) return hostFail('db_write_failed', this.failure);
    await this.connect();
    return ok(session.id);
  }

  /** Resumes the latest open session, if any, exactly where its log ends; returns its id (or null). */
  async resumeOpenSession(): Promise<HostResult<number | null>> {
    const open = openSessions(this.db);
    const session = open.at(-1);
    if (session === undefined) return ok(null);
    const rebuilt = this.rebuild(session.id);
    if (!rebuilt.ok) return rebuilt;
    const live = this.live!;
    this.ingest({ type: 'host.restarted', previousBootId: live.core.bootId });
    live.restartedFromBootId = live.core.bootId;
    // A table on a port keeps its tiles through a host crash and is resynchronised; the built-in simulator
    // died with the old process, so a hand it held cannot go on: it is void (logged, points untouched).
    const voided = live.opened.target.kind === 'simulator' ? live.core.handToVoid() : null;
    if (voided !== null) {
      this.report(
        `session ${session.id}: hand ${voided.hand} of game ${voided.game} is void — its tiles were on the built-in simulator, which ended with the previous process; no points moved, it is dealt again`,
      );
      this.ingest({ type: 'host.handVoided', ...voided, reason: 'simulator_lost' });
    }
    if (this.failure !== null) return hostFail('db_write_failed', this.failure);
    await this.connect();
    return ok(session.id);
  }

  pause(): HostResult<number> {
    const live = this.live;
    if (live === null) return hostFail('no_session', 'no session is running');
    if (live.core.paused) return hostFail('session_paused', `session ${live.sessionId} is already paused`);
    this.ingest({ type: 'operator.paused' });
    return this.settled(live.sessionId);
  }

  /** The operator's Next game after a game over (issue 12): `not_awaiting` unless the host holds one. */
  nextGame(): HostResult<{ sessionId: number; game: number }> {
    const live = this.live;
    if (live === null) return hostFail('no_session', 'no session is running');
    if (live.nextGame !== 'held')
      return hostFail('not_awaiting', `session ${live.sessionId} is not waiting for a next game`);
    this.ingest({ type: 'operator.nextGame' });
    if (this.failure !== null) return hostFail('db_write_failed', this.failure);
    return ok({ sessionId: live.sessionId, game: live.core.gamesRequested });
  }

  resume(): HostResult<number> {
    const live = this.live;
    if (live === null) return hostFail('no_session', 'no session is running');
    if (!live.core.paused) return hostFail('not_paused', `session ${live.sessionId} is not paused`);
    this.ingest({ type: 'operator.resumed' });
    return this.settled(live.sessionId);
  }

  /**
   * Clears the table's latched fault, or else a stage command it refused (`core.refusal`, cleared alike and
   * logged as `operator.refusalCleared`); `code` must be the one now showing (a stale screen cannot clear a newer one).
   */
  clearFault(code: string): HostResult<void> {
    const live = this.live;
    if (live === null) return hostFail('no_session', 'no session is running');
    const fault = live.core.fault;
    const refusal = live.core.refusal ?? null;
    if (fault === null && refusal !== null) {
      if (refusal.code !== code)
        return hostFail(
          'stale_fault',
          `the table refused ${refusal.command} with ${refusal.code}, not ${code}; nothing else is latched`,
        );
      this.ingest({ type: 'operator.refusalCleared', command: refusal.command, code: refusal.code });
      const cleared = this.settled(live.sessionId);
      return cleared.ok ? ok(undefined) : cleared;
    }
    if (fault === null) return hostFail('no_fault', 'the table has no fault latched');
    if (fault.code !== code)
      return hostFail('stale_fault', `the table's fault is now ${fault.code}, not ${code}`);
    this.ingest({ type: 'operator.faultCleared', code: fault.code });
    const done = this.settled(live.sessionId);
    return done.ok ? ok(undefined) : done;
  }

  /** Appends an audited correction of a misread (event `eventSeq` really showed `tiles`); returns its seq. */
  correctMisread(eventSeq: number, tiles: readonly Tile[], note: string): HostResult<number> {
    const live = this.live;
    if (live === null) return hostFail('no_session', 'no session is running');
    const check = live.core.checkCorrection(eventSeq, tiles);
    if (!check.ok) return check;
    this.ingest({ type: 'operator.correction', eventSeq, tiles: [...tiles], note });
    const seq = this.logSeqOf('operator.correction');
    if (this.failure !== null) return hostFail('db_write_failed', this.failure);
    // The check above knows the reads; the game alone knows whether it can take this one now.
    const refusal = this.refusalAfter(live, seq);
    if (refusal !== null)
      return hostFail(
        'correction_refused',
        `the game refused the correction: ${refusal} (it stays in the log as event ${seq}; the read stands)`,
      );
    return ok(seq);
  }

  /** The table reads of the hand in play that a correction can still change, newest first (the console offers them). */
  correctableReads(): CorrectableRead[] {
    return this.live?.core.correctableReads() ?? [];
  }

  /** Why the machines refused what source event `seq` fed them (a refusal among its derived events), or null. */
  private refusalAfter(live: Live, seq: number): string | null {
    const refusals = familyOfVariant(live.opened.variant)?.log.refusals;
    const after = this.log.read(live.sessionId, seq + 1, 64);
    if (refusals === undefined) return null;
    if (!after.ok) return null;
    for (const record of after.value) {
      if (isSourceEvent(record.event)) break;
      // A family's refusal is outside the host's LogEvent type: its message (or code) is read as a plain field.
      const event: { readonly type: string } = record.event;
      if (!refusals.has(event.type)) continue;
      if ('message' in event && typeof event.message === 'string') return event.message;
      return 'code' in event && typeof event.code === 'string' ? event.code : event.type;
    }
    return null;
  }

  /** Enters a button press the table did not sense (audited); the cores take it as the table's press. Returns its seq. */
  enterButtonPress(seat: Seat, button: SeatButton, operator: string, reason: string): HostResult<number> {
    return this.override((context) => checkButtonEntry(context, { seat, button, operator, reason }));
  }

  /** Declares a tournament chombo on a table seat (variants.md V6.2; audited): it ends the hand, or for a riichi trigger waits for a draw. Returns its seq. */
  declareChombo(seat: Seat, trigger: ChomboTriggerId, operator: string): HostResult<number> {
    return this.override((context) => checkChombo(context, { seat, trigger, operator }));
  }

  /** Declares a table seat's hand dead (variants.md V6.3; audited). Returns its seq. */
  declareDeadHand(seat: Seat, operator: string, reason: string): HostResult<number> {
    return this.override((context) => checkDeadHand(context, { seat, operator, reason }));
  }

  /** Records Tenpai Race's Stage B result (table seats; audited); it ends the hand. Returns its seq. */
  settleStageB(request: StageBSettlementRequest): HostResult<number> {
    return this.override((context) => checkStageBSettlement(context, request));
  }

  /**
   * Checks an override against the running session, then logs and applies it like any source event (one write
   * transaction with what it causes). A machine that still refuses it (the variant's `overrides.machineRefusal`
   * finds it among what it caused) turns into `override_refused` with the machine's reason; both stay in the log.
   */
  private override(check: (context: OverrideContext) => HostResult<OperatorOverride>): HostResult<number> {
    const live = this.live;
    if (live === null || live.core.ended) return hostFail('no_session', 'no session is running');
    if (this.failure !== null) return hostFail('db_write_failed', this.failure);
    const entry = variantEntry(live.opened.variant);
    const view = this.model?.view ?? null;
    const tableSeats = entry?.tableSeats ?? [];
    // What the variant's checks read of its public view: dead hands, a Stage B waiting for its result.
    const fromView = view === null ? undefined : entry?.overrides.fromView?.(view);
    const checked = check({
      sessionId: live.sessionId,
      variant: live.opened.variant,
      preset: live.opened.preset,
      tableSeats,
      seated: live.opened.seats.map((s) => s.seat),
      handInPlay: live.core.handToVoid() !== null,
      deadSeats: fromView?.deadSeats ?? [],
      stageBWaiting: fromView?.stageBWaiting ?? false,
    });
    if (!checked.ok) return checked;
    const seq = live.lastSeq + 1;
    this.ingest(checked.value);
    if (this.failure !== null) return hostFail('db_write_failed', this.failure);
    const after = this.log.read(live.sessionId, seq, 64);
    if (!after.ok) return hostFail('log_unreadable', after.message);
    const refused = entry?.overrides.machineRefusal?.(checked.value, after.value, tableSeats) ?? null;
    if (refused !== null)
      return hostFail('override_refused', `the game refused it: ${refused} (logged as event ${seq})`);
    return ok(seq);
  }

  /** Ends the session: logged, closed in storage, table link closed. */
  async endSession(reason: 'operator' | 'games_played' = 'operator'): Promise<HostResult<number>> {
    const live = this.live;
    if (live === null) return hostFail('no_session', 'no session is running');
    if (!live.core.ended) this.ingest({ type: 'host.sessionEnded', reason });
    if (this.failure !== null) return hostFail('db_write_failed', this.failure);
    return this.finishSession(live);
  }

  /** Resolves with the session id once the running session has ended (by the operator or after maxGames). */
  whenSessionEnded(): Promise<number> {
    return new Promise((resolve) => {
      if (this.live === null) return resolve(this.lastEnded ?? 0);
      this.endedListeners.push(resolve);
    });
  }

  private lastEnded: number | null = null;
  private readonly endedListeners: ((sessionId: number) => void)[] = [];

  /** After `host.sessionEnded` is in the log: the session row is closed, the link shut, the host idle. */
  private async finishSession(live: Live): Promise<HostResult<number>> {
    if (this.live !== live) return ok(live.sessionId);
    this.live = null;
    this.stopStats(live);
    const ended = endSession(this.db, live.sessionId, live.lastAtMs);
    if (this.deadlineTimer !== null) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    live.core.stop();
    await live.connection?.close();
    live.connection = null;
    this.lastEnded = live.sessionId;
    for (const listener of this.endedListeners.splice(0)) listener(live.sessionId);
    return ended.ok ? ok(live.sessionId) : ended;
  }

  // ---------------------------------------------------------------------------------------------
  // Public state

  onPublicState(listener: (state: PublicState) => void): () => void {
    this.listeners.add(listener);
    listener(this.publicState());
    return () => this.listeners.delete(listener);
  }

  publicState(): PublicState {
    const model = this.model ?? { ...initialPublicModel(1), session: null };
    return toPublicState(model, this.publication, this.linkStats());
  }

  /** The link's statistics, exactly the contract's fields (the link may keep more). */
  linkStats(): PublicState['table']['link'] {
    const stats: LinkStats | undefined = this.live?.connection?.link.stats();
    if (stats === undefined) return null;
    return {
      state: stats.state,
      protocol: stats.protocol,
      firmware: stats.firmware,
      bootId: stats.bootId,
      framesSent: stats.framesSent,
      framesReceived: stats.framesReceived,
      eventsDelivered: stats.eventsDelivered,
      resends: stats.resends,
      crcErrors: stats.crcErrors,
      badFrames: stats.badFrames,
      duplicates: stats.duplicates,
      reconnects: stats.reconnects,
      reboots: stats.reboots,
      rttMs: { p50: stats.rttMs.p50, p99: stats.rttMs.p99, last: stats.rttMs.last },
      lastFaults: stats.lastFaults.map((f) => ({
        code: f.code,
        stage: f.stage,
        recoverable: f.recoverable,
        at: f.at,
      })),
    };
  }

  /** Resolves when `predicate` holds for the published state (tests, the CLI's game count). */
  waitFor(predicate: (state: PublicState) => boolean, timeoutMs = 60_000): Promise<PublicState> {
    return new Promise((resolve, reject) => {
      let off = (): void => {};
      const timer = setTimeout(() => {
        off();
        reject(
          new Error(
            `host: condition not reached within ${timeoutMs} ms (event ${this.live?.lastSeq ?? 0}${this.failure ? `, failure: ${this.failure}` : ''})`,
          ),
        );
      }, timeoutMs);
      off = this.onPublicState((state) => {
        if (!predicate(state)) return;
        clearTimeout(timer);
        queueMicrotask(() => off());
        resolve(state);
      });
    });
  }

  /** Stops the table link and closes storage; an open session stays open (the next start resumes it). */
  async close(): Promise<void> {
    if (this.live !== null) this.stopStats(this.live);
    await this.disconnect();
    this.live?.core.stop();
    this.live = null;
    await this.readWorker.close();
    this.storage.db.close();
  }

  // ---------------------------------------------------------------------------------------------
  // The event path: log first, then machines, then derived events logged, then commands and screens

  private newLive(sessionId: number, opened: Live['opened'], startAtMs: number): Live {
    const entry = variantEntry(opened.variant)!;
    const core = entry.createCore(
      {
        startAtMs,
        deadlines: this.options.deadlines,
        stageTimeoutMs: this.options.stageTimeoutMs,
        ...(entry.requiredFeatures === undefined ? {} : { requiredFeatures: entry.requiredFeatures }),
      },
      opened.preset,
      { handsPerGame: opened.handsPerGame, tagTeam: opened.tagTeam === true },
    );
    const seatPlayers = opened.seats.map((s) => ({ seat: s.seat, playerId: s.playerId }));
    const recorder = entry.createRecorder(this.db, sessionId, seatPlayers);
    return {
      sessionId,
      core,
      recorder,
      opened,
      connection: null,
      lastSeq: 0,
      lastAtMs: startAtMs,
      restartedFromBootId: undefined,
      clearing: false,
      wire: null,
      nextGame: null,
      loggedStats: null,
      statsTimer: null,
      log: createEventLog<LogEvent>(this.db, validateLogEvent, familyOfVariant(opened.variant)?.id),
    };
  }

  /**
   * Logs and applies `event` and whatever the host decides after it, in ONE write transaction: one durable
   * commit (one fsync under `synchronous = FULL`) per ingest instead of one for the source event and one for
   * its derived events. Nothing leaves the process before that commit: the table commands are sent and the
   * screens published only after it, so every event is still durable before anything acts on it.
   */
  private ingest(event: SourceEvent): void {
    this.queue.push(event);
    if (this.draining) return;
    this.draining = true;
    const commands: TableCommand[] = [];
    const before = { model: this.model, live: this.live, lastSeq: this.live?.lastSeq ?? 0 };
    let committed = false;
    try {
      this.drain(commands);
      committed = true;
    } catch (error) {
      // The commit failed (disk full, I/O error) or a machine broke an invariant: the batch is rolled back, so
      // nothing of it is sent or shown; the machines are ahead of the log and the host stops (a restart replays
      // the log).
      const sqlite = String((error as { code?: unknown }).code ?? '').startsWith('SQLITE');
      this.failure = `${sqlite ? 'db_write_failed' : 'host_threw'}: ${(error as Error).message}`;
      this.report(`host stopped taking events: ${this.failure}`);
      this.model = before.model;
      if (before.live !== null) before.live.lastSeq = before.lastSeq;
    } finally {
      this.queue.length = 0;
      this.draining = false;
    }
    const link = this.live?.connection?.link;
    if (committed && link) for (const command of commands) this.send(link, command);
    this.publish();
    this.armDeadline();
    const live = this.live;
    if (live !== null && live.core.ended && this.failure === null) void this.finishSession(live);
  }

  /** The drain loop of `ingest` as one IMMEDIATE transaction (the log's own appends nest as savepoints). */
  private drainTransaction: Database.Transaction<(commands: TableCommand[]) => void> | null = null;

  private drain(commands: TableCommand[]): void {
    this.drainTransaction ??= this.db.transaction((out: TableCommand[]) => {
      while (this.queue.length > 0 && this.failure === null && this.live !== null) {
        const next = this.queue.shift()!;
        const stepped = this.stepLive(next, out);
        if (!stepped.ok) {
          // What was logged before it stays: it is committed with the rest of the batch.
          this.failure = `${stepped.code}: ${stepped.message}`;
          this.report(`host stopped taking events: ${this.failure}`);
          break;
        }
        this.decide();
      }
    });
    this.drainTransaction.immediate(commands);
  }

  private stepLive(event: SourceEvent, commands: TableCommand[]): HostResult<void> {
    const live = this.live!;
    const atMs = Math.max(this.now(), live.lastAtMs);
    const seq = live.lastSeq + 1;
    const appended = live.log.append(live.sessionId, seq, { atMs, event });
    if (!appended.ok) return appended;
    live.lastSeq = seq;
    live.lastAtMs = atMs;
    countWire(live, event);
    this.model = applyPublic(this.model!, { seq, atMs, event: appended.value.event });
    const out = live.core.step(seq, atMs, coreInputOf(appended.value.event as SourceEvent));
    const written = this.appendDerived(out.derived, atMs);
    if (!written.ok) return written;
    // Sent after the batch commits (ingest).
    commands.push(...out.commands);
    return ok(undefined);
  }

  private send(link: TableConnection['link'], command: TableCommand): void {
    link.send(command);
  }

  /** Logs derived events and their records (games, hands, snapshots) in one transaction: all or none. */
  private appendDerived(derived: readonly DerivedEvent[], atMs: number): HostResult<void> {
    if (derived.length === 0) return ok(undefined);
    const live = this.live!;
    const first = live.lastSeq + 1;
    let model = this.model!;
    let failure: HostResult<void> | null = null;
    const run = this.db.transaction(() => {
      const appended = live.log.appendBatch(
        live.sessionId,
        first,
        derived.map((event) => ({ atMs, event })),
      );
      if (!appended.ok) {
        failure = appended;
        throw new Error('rollback');
      }
      for (const stored of appended.value) {
        model = applyPublic(model, { seq: stored.seq, atMs, event: stored.event });
        const recorded = live.recorder.observe(stored.seq, atMs, stored.event, model, true);
        if (!recorded.ok) {
          failure = recorded;
          throw new Error('rollback');
        }
      }
    });
    try {
      run();
    } catch (error) {
      if (failure !== null) return failure;
      return hostFail('db_write_failed', `session ${live.sessionId}: ${(error as Error).message}`);
    }
    live.lastSeq = first + derived.length - 1;
    this.model = model;
    return ok(undefined);
  }

  /** The host's own decisions after a step: clear faults on autopilot, start the next game, end after maxGames. */
  private decide(): void {
    const live = this.live!;
    const core = live.core;
    if (core.ended) return;
    if (live.opened.autopilot && core.fault !== null && !live.clearing) {
      live.clearing = true;
      this.queue.push({ type: 'operator.faultCleared', code: core.fault.code });
      return;
    }
    if (core.fault === null) live.clearing = false;
    if (!core.wantsGame()) return;
    if (this.options.maxGames !== undefined && core.gamesFinished >= this.options.maxGames) {
      this.queue.push({ type: 'host.sessionEnded', reason: 'games_played' });
      return;
    }
    const game = core.gamesRequested + 1;
    // An operator at the table starts each next game himself: the screens keep the final result until then. An
    // autopilot (the simulator's bots, `--autopilot`) plays on; its screens show the result through the next deal.
    if (core.gamesFinished > 0 && !live.opened.autopilot && live.nextGame !== 'granted') {
      if (live.nextGame !== 'held') this.queue.push({ type: 'host.gameHeld', game });
      return;
    }
    // V1.6: the first dealer is drawn at random; seeded per game so a session replays from its seed.
    const seats = variantEntry(live.opened.variant)?.tableSeats.length ?? 2;
    const firstDealer = createRng(deriveSeed(live.opened.seed, 1000 + game)).int(seats);
    this.queue.push({ type: 'host.gameRequested', game, firstDealer });
  }

  private logSeqOf(type: string): number {
    const records = this.log.read(this.live!.sessionId, Math.max(1, this.live!.lastSeq - 20));
    if (!records.ok) return this.live!.lastSeq;
    return records.value.filter((r) => r.event.type === type).at(-1)?.seq ?? this.live!.lastSeq;
  }

  private settled(sessionId: number): HostResult<number> {
    return this.failure === null ? ok(sessionId) : hostFail('db_write_failed', this.failure);
  }

  private publish(): void {
    this.publication++;
    const state = this.publicState();
    for (const listener of [...this.listeners]) listener(state);
  }

  /** Re-arms the one real timer: at the machines' earliest deadline a `host.clockTicked` is logged and applied. */
  private armDeadline(): void {
    if (this.deadlineTimer !== null) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    const live = this.live;
    if (live === null || this.failure !== null) return;
    const at = live.core.nextDeadlineAtMs();
    if (at === null) return;
    this.deadlineTimer = setTimeout(
      () => {
        this.deadlineTimer = null;
        if (this.live === live) this.ingest({ type: 'host.clockTicked' });
      },
      Math.max(0, at - this.now()) + 1,
    );
    this.deadlineTimer.unref?.();
  }

  private async connect(): Promise<void> {
    const live = this.live!;
    // A table on a port outlives the host: resume its link session. The built-in simulator starts afresh.
    const previous = live.opened.target.kind === 'serial' ? live.wire : null;
    const hostSession = previous?.hostSession ?? Math.floor(Math.random() * 0xffffffff);
    const received = previous?.received ?? 0;
    this.ingest({ type: 'host.linkSession', hostSession, received });
    const target = live.opened.target;
    const simulatorSeats =
      target.kind === 'simulator'
        ? variantEntry(live.opened.variant)?.simulatorSeats(target.seed, live.core, live.opened.preset)
        : undefined;
    const connection = connectTable(
      target,
      this.options.pace ?? DEFAULT_PACE,
      {
        hostSession,
        received,
        onSessionReset: () => {
          if (this.live === live && live.wire !== null && live.wire.received !== 0)
            this.ingest({ type: 'host.linkSession', hostSession, received: 0 });
        },
      },
      simulatorSeats,
    );
    live.connection = connection;
    connection.link.subscribe((event) => this.onLinkEvent(live, event));
    this.stopStats(live);
    live.statsTimer = setInterval(
      () => this.logLinkStats(live, false),
      this.options.linkStats?.pollMs ?? STATS_POLL_MS,
    );
    live.statsTimer.unref?.();
    if (connection.firmware) await connection.firmware.start();
    try {
      await connection.link.start();
    } catch (error) {
      this.report(
        `the table at ${live.opened.target.kind === 'serial' ? live.opened.target.path : 'the simulator'} did not open: ${(error as Error).message}`,
      );
    }
    this.publish();
  }

  private async disconnect(): Promise<void> {
    if (this.deadlineTimer !== null) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    const connection = this.live?.connection;
    if (connection) {
      this.live!.connection = null;
      await connection.close();
    }
  }

  private onLinkEvent(live: Live, event: TableEvent): void {
    if (this.live !== live || live.core.ended) return;
    this.ingest(event);
    // A fragmented event took several sequence numbers (PROTOCOL.md §3.6): log where the stream stands, so a
    // restart resumes it exactly (countWire counts one per event).
    const received = live.connection?.link.received;
    if (live.wire !== null && received !== undefined && received !== live.wire.received && this.live === live)
      this.ingest({ type: 'host.linkSession', hostSession: live.wire.hostSession, received });
    if (event.type === 'link.up' || event.type === 'link.lost') this.logLinkStats(live, true);
    if (event.type === 'table.hello' && live.restartedFromBootId !== undefined) {
      const previous = live.restartedFromBootId;
      live.restartedFromBootId = undefined;
      // The table rebooted while the host was down: its state may be gone; the session machine asks (GET_STATE).
      if (previous !== null && previous !== event.bootId)
        this.ingest({ type: 'link.rebooted', previousBootId: previous, bootId: event.bootId });
    }
  }

  /**
   * Logs the link's statistics as a `link.stats` source event: at once on `link.up`/`link.lost` (`now`) or
   * when an alarm counter (resends, CRC errors...) moved, and otherwise every 10 s while anything moved. The
   * machines ignore it; `applyPublic` folds it, so a replay shows the link's health as it was at each point.
   */
  private logLinkStats(live: Live, now: boolean): void {
    if (this.live !== live || live.core.ended || this.failure !== null) return;
    const stats = this.linkStats();
    if (stats === null) return;
    const last = live.loggedStats;
    if (!now && last !== null) {
      const alarm = STATS_ALARMS.some((key) => stats[key] !== last.stats[key]);
      const due = this.now() - last.atMs >= (this.options.linkStats?.everyMs ?? STATS_EVERY_MS);
      if (!alarm && !(due && JSON.stringify(stats) !== JSON.stringify(last.stats))) return;
    }
    live.loggedStats = { stats, atMs: this.now() };
    this.ingest({ type: 'link.stats', ...stats });
  }

  private stopStats(live: Live): void {
    if (live.statsTimer !== null) clearInterval(live.statsTimer);
    live.statsTimer = null;
  }

  // ---------------------------------------------------------------------------------------------
  // Recovery: the log decides

  /**
   * Re-runs the session's source events through fresh machines. Each source event's derived events must
   * equal the logged ones that follow it; a crash can only have cut the log's tail, so derived events missing
   * at the very end are appended now (with their records). Anything else is `log_diverged`.
   */
  private rebuild(sessionId: number): HostResult<void> {
    const read = this.log.read(sessionId);
    if (!read.ok) return hostFail('log_unreadable', `session ${sessionId}: ${read.message}`);
    const records = read.value;
    const first = records[0];
    if (first === undefined || first.event.type !== 'host.sessionOpened') {
      return hostFail(
        'log_unreadable',
        `session ${sessionId}: the log does not begin with host.sessionOpened`,
      );
    }
    if (variantEntry(first.event.variant) === undefined)
      return hostFail(
        'unknown_variant',
        `session ${sessionId} plays ${first.event.variant}, which this host cannot run`,
      );
    const live = this.newLive(sessionId, first.event, first.atMs);
    this.live = live;
    this.model = initialPublicModel(sessionId);
    let expected: DerivedEvent[] = [];
    for (const record of records) {
      if (isSourceEvent(record.event)) {
        if (expected.length > 0)
          return this.diverged(
            sessionId,
            record.seq,
            `${expected.length} derived event(s) missing before it`,
          );
        countWire(live, record.event);
        this.model = applyPublic(this.model, record);
        expected = [...live.core.step(record.seq, record.atMs, coreInputOf(record.event)).derived];
      } else {
        const want = expected.shift();
        if (want === undefined || !sameEvent(want, record.event)) {
          return this.diverged(
            sessionId,
            record.seq,
            `the machines now produce ${want ? want.type : 'nothing'} where the log has ${record.event.type}`,
          );
        }
        this.model = applyPublic(this.model, record);
        const observed = live.recorder.observe(record.seq, record.atMs, record.event, this.model, false);
        if (!observed.ok) return observed;
      }
      live.lastSeq = record.seq;
      live.lastAtMs = record.atMs;
    }
    if (expected.length > 0) {
      this.report(`session ${sessionId}: appending ${expected.length} derived event(s) a crash cut off`);
      const written = this.appendDerived(expected, live.lastAtMs);
      if (!written.ok) return written;
    }
    const session = getSession(this.db, sessionId);
    this.report(`session ${sessionId} (${session?.variant ?? '?'}) resumed at event ${live.lastSeq}`);
    return ok(undefined);
  }

  private diverged(sessionId: number, seq: number, detail: string): HostResult<never> {
    this.live?.core.stop();
    this.live = null;
    return hostFail(
      'log_diverged',
      `session ${sessionId} cannot be resumed: at event ${seq} ${detail} (was it written by another version?)`,
    );
  }
}
