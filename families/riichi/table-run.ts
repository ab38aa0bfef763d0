// Riichi-family bot games played through the table: simulated firmware + seat drivers ↔ link ↔ RiichiCore, every event logged.
import { Link } from '../../hardware/link.js';
import type { Transport } from '../../hardware/transport.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import type { StackedWall, TableWireEvent } from '../../hardware/simulator/table-model.js';
import { NO_FAULTS, type FaultSpec } from '../../hardware/simulator/faults.js';
import type { VariantId } from '../../contract/ipc-contract.js';
import { createRiichiBot } from './bots/riichi-bot.js';
import { isHandResult, type GameEnded, type RiichiEvent } from './machines/events.js';
import type { RiichiBot } from './machines/seat-view.js';
import { createRng, deriveSeed } from '../../table/rng.js';
import { TABLE_MODE_SPECS, type Seat, type TableEvent } from '../../table/table-events.js';
import type { RuleOptions } from '../../rules/options.js';
import type { SourceEvent } from '../../host/session/log-events.js';
import type { RunReporting } from '../../host/cli/game-runs.js';
import { RiichiCore, type RiichiCoreOptions, type RiichiTableMode } from './core.js';
import { riichiSeatDriver } from './seat-driver.js';

export interface RiichiTableRunOptions {
  readonly mode: RiichiTableMode;
  readonly preset: string;
  readonly rules: RuleOptions;
  /** The variant the session opens (default: riichi, or sanma on a sanma3 table). */
  readonly variant?: VariantId;
  /** The table seats in play (default: the mode's; Tenpai Race: 0 and 2 of a standard4 table). */
  readonly seats?: readonly Seat[];
  /** Clear Mahjong's teams and conditions; Mangan's 8-player tag-team option (RiichiCoreOptions). */
  readonly clearMahjong?: boolean;
  readonly tagTeam?: boolean;
  /** Cut each game after this many hands (RiichiCoreOptions.handsPerGame; Tenpai Race's Stage A never ends one). */
  readonly handsPerGame?: number;
  /** Ask the dealer agari-yame (the tournament preset; RiichiCoreOptions.askAgariYame). */
  readonly askAgariYame?: boolean;
  /** Table-level faults of the simulated table (`--faults` reboot-at, jam-at; byte faults wrap the transport). */
  readonly faults?: FaultSpec;
  /** The simulated table's first walls, stacked (rinshan, chankan, four kans: hands too rare to wait for). */
  readonly stackedWall?: StackedWall;
  /** What a seat's bot may be shown (Tenpai Race Stage A: no win, no riichi); default: the bot as it is. */
  readonly seatBot?: (bot: RiichiBot) => RiichiBot;
  /** Called with every record as it is logged, so a run's log is written as it goes (see `reportRiichiRecords`). */
  readonly onRecord?: (record: RiichiRunRecord) => void;
  /** Called with every event the simulated table reports, before the wire (the link soak compares both ends). */
  readonly onTableEvent?: (event: TableWireEvent) => void;
  readonly games: number;
  readonly seed: number;
  /** The host end of the link (a PTY, a serial port, or an in-process pair). */
  readonly hostTransport: Transport;
  /** The table end, where the simulated firmware runs with the bots as seat drivers. */
  readonly tableTransport: Transport;
  readonly motorMs?: number;
  readonly thinkMs?: number;
  /** Reject if the run has not finished by then (default 10 minutes). */
  readonly timeoutMs?: number;
  /**
   * Reject, saying where things stand, if the game does not move for this long (see `movesOn`) while the table has
   * nothing left to deliver (default 3 minutes). A slow, lossy link is waited for; the run's timeout still applies.
   */
  readonly stallMs?: number;
}

/** One record of the run's log: a source event (what the core was given) or a derived one (what it made of it). */
export interface RiichiRunRecord {
  readonly seq: number;
  readonly atMs: number;
  readonly source: boolean;
  readonly event: SourceEvent | RiichiEvent;
}

export interface RiichiTableRun {
  readonly games: GameEnded[];
  readonly log: RiichiRunRecord[];
  /** The core's start time: replaying `log`'s source events into a core started then gives its derived events. */
  readonly startAtMs: number;
  /** The core's options (with `startAtMs`): a core made with them replays `log` to the same derived events. */
  readonly core: RiichiCoreOptions;
}

/**
 * Plays `games` games of riichi-family bots at the simulated table, the host side as the host runs it: each
 * table event is logged and stepped through RiichiCore, whose commands go back over the link; the host's own
 * decisions (a game requested with its seeded first dealer, a recoverable fault cleared, a deadline come due)
 * are logged source events too, so the log replays to the same derived events.
 */
export async function playRiichiAtTable(options: RiichiTableRunOptions): Promise<RiichiTableRun> {
  const seats = options.seats ?? TABLE_MODE_SPECS[options.mode].seats;
  const startAtMs = Date.now();
  const coreOptions: RiichiCoreOptions = {
    startAtMs,
    mode: options.mode,
    rules: options.rules,
    stageTimeoutMs: 1000,
    seats,
    clearMahjong: options.clearMahjong,
    tagTeam: options.tagTeam,
    handsPerGame: options.handsPerGame,
    askAgariYame: options.askAgariYame,
  };
  const core = new RiichiCore(coreOptions);
  const seatBot = options.seatBot ?? ((bot: RiichiBot) => bot);
  const drivers: Partial<Record<Seat, ReturnType<typeof riichiSeatDriver>>> = {};
  for (const seat of seats)
    drivers[seat] = riichiSeatDriver(
      seatBot(createRiichiBot({ seed: deriveSeed(options.seed, 100 + seat) })),
      seat,
      (s) => core.panel(s),
    );
  const firmware = new TableFirmware(options.tableTransport, {
    seed: options.seed,
    // The table's set must be the preset's: red fives only where the rules use them.
    reds: options.rules.redFives !== 'none',
    motorMs: options.motorMs ?? 2,
    idleReportMs: 0,
    thinkMs: options.thinkMs ?? 0,
    drivers,
    faults: options.faults ?? NO_FAULTS,
    ...(options.stackedWall ? { stackedWall: options.stackedWall } : {}),
  });
  if (options.onTableEvent) firmware.subscribe(options.onTableEvent);
  const link = new Link(options.hostTransport);
  const log: RiichiRunRecord[] = [];
  const games: GameEnded[] = [];
  const queue: SourceEvent[] = [];
  let seq = 0;
  let lastAtMs = startAtMs;
  let draining = false;
  let clearing = false;
  let finished = false;
  let deadline: ReturnType<typeof setTimeout> | null = null;

  return new Promise<RiichiTableRun>((resolve, reject) => {
    /** Where the run stands, for one that stops: games, the last records, the table's phase and fault. */
    const situation = (): string => {
      const last = log
        .slice(-4)
        .map((r) => `${r.seq} ${r.event.type}`)
        .join(', ');
      const m = firmware.model;
      return `${games.length}/${options.games} games, event ${seq} (last: ${last}); table ${m.phase}, fault ${m.fault?.code ?? 'none'}`;
    };
    const timeout = setTimeout(
      () =>
        finish(
          new Error(
            `riichi table run: not finished after ${options.timeoutMs ?? 600_000} ms: ${situation()}`,
          ),
        ),
      options.timeoutMs ?? 600_000,
    );
    const stallMs = options.stallMs ?? 180_000;
    let lastProgressAt = performance.now();
    const watchdog = setInterval(() => {
      // Events the table has not got through yet: the link is slow (a lossy line retries a wall for a minute), not stuck.
      if (firmware.backlog > 0) lastProgressAt = performance.now();
      if (performance.now() - lastProgressAt > stallMs)
        finish(new Error(`riichi table run: nothing happened for ${stallMs} ms: ${situation()}`));
    }, 1000);

    const finish = (error: Error | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timeout);
      clearInterval(watchdog);
      if (deadline !== null) clearTimeout(deadline);
      core.stop();
      void (async () => {
        await link.close();
        await firmware.stop();
        if (error === null) resolve({ games, log, startAtMs, core: coreOptions });
        else reject(error);
      })();
    };

    const record = (entry: RiichiRunRecord) => {
      log.push(entry);
      if (movesOn(entry)) lastProgressAt = performance.now();
      options.onRecord?.(entry);
    };

    const ingest = (event: SourceEvent) => {
      queue.push(event);
      if (draining || finished) return;
      draining = true;
      try {
        while (queue.length > 0 && !finished) {
          const next = queue.shift()!;
          lastAtMs = Math.max(lastAtMs, Date.now());
          seq++;
          record({ seq, atMs: lastAtMs, source: true, event: next });
          const out = core.step(seq, lastAtMs, next);
          for (const derived of out.derived) {
            record({ seq: ++seq, atMs: lastAtMs, source: false, event: derived });
            if (derived.type === 'game.ended') games.push(derived);
          }
          for (const command of out.commands) link.send(command);
          decide();
        }
      } catch (error) {
        finish(error as Error);
      } finally {
        draining = false;
      }
      armDeadline();
    };

    /** The host's decisions after a step, as Host.decide makes them. */
    const decide = () => {
      if (core.unsupported !== null)
        return finish(new Error(`riichi table run: the table cannot play ${options.mode}: it lacks ${core.unsupported.join('; ')}`));
      const refusal = core.refusal;
      if (refusal !== null)
        return finish(
          new Error(
            `riichi table run: the table refused ${refusal.command} (${refusal.code}); at a club the operator looks and clears it, a simulated run stops: ${situation()}`,
          ),
        );
      if (core.fault !== null && !clearing) {
        clearing = true;
        queue.push({ type: 'operator.faultCleared', code: core.fault.code });
        return;
      }
      if (core.fault === null) clearing = false;
      if (!core.wantsGame()) return;
      if (core.gamesFinished >= options.games) return finish(null);
      const game = core.gamesRequested + 1;
      const firstDealer = createRng(deriveSeed(options.seed, 1000 + game)).int(seats.length);
      queue.push({ type: 'host.gameRequested', game, firstDealer });
    };

    const armDeadline = () => {
      if (deadline !== null) clearTimeout(deadline);
      deadline = null;
      const at = core.nextDeadlineAtMs();
      if (at === null || finished) return;
      deadline = setTimeout(() => ingest({ type: 'host.clockTicked' }), Math.max(0, at - Date.now()) + 1);
    };

    ingest({
      type: 'host.sessionOpened',
      variant: options.variant ?? (options.mode === 'sanma3' ? 'sanma' : 'riichi'),
      preset: options.preset,
      target: { kind: 'simulator', seed: options.seed },
      seed: options.seed,
      seats: seats.map((seat) => ({ seat, playerId: null, name: `Bot ${seat + 1}`, bot: true })),
      autopilot: true,
    });
    link.subscribe((event: TableEvent) => ingest(event));
    void firmware
      .start()
      .then(() => link.start())
      .catch((error: unknown) => finish(error as Error));
  });
}

/** Source events that come and go while a run is stuck: reconnects, resyncs, refusals, the host's own ticks. */
const NOT_PROGRESS = new Set(['table.hello', 'table.state', 'table.commandRejected', 'host.clockTicked']);

/**
 * Whether a record shows the game or the table moving on: a derived event (but a reconcile mismatch, repeated at
 * every reconnect of a run that is stuck), or a table event other than a handshake, a snapshot or a refusal.
 * A slow, lossy link still moves on: only a run that goes round in circles stops the watchdog.
 */
function movesOn(entry: RiichiRunRecord): boolean {
  const type = entry.event.type;
  if (!entry.source) return type !== 'reconcile.mismatch';
  return !type.startsWith('link.') && !NOT_PROGRESS.has(type);
}

/**
 * A run's `onRecord` for `simulate`: each record written to the log as it comes (a run cut short keeps what it
 * played) and progress reported as hands end, at most every `progressEveryMs` and at every game's end.
 */
export function reportRiichiRecords(reporting: RunReporting): (record: RiichiRunRecord) => void {
  const started = performance.now();
  let lastProgress = started;
  let games = 0;
  let hands = 0;
  return (entry) => {
    reporting.writeLine?.(JSON.stringify(entry));
    if (entry.source) return;
    const event = entry.event as RiichiEvent;
    if (event.type === 'game.started') games++;
    if (isHandResult(event)) hands++;
    const now = performance.now();
    if (
      reporting.onProgress &&
      (event.type === 'game.ended' || now - lastProgress >= (reporting.progressEveryMs ?? 1000))
    ) {
      lastProgress = now;
      reporting.onProgress(event.type === 'game.ended' ? games : games - 1, hands, now - started);
    }
  };
}
