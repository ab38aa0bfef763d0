// Riichi-family bot games played through the table: simulated firmware + seat drivers ↔ link ↔ RiichiCore, every event logged.
import { Link } from '../../hardware/link.js';
import type { Transport } from '../../hardware/transport.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import { NO_FAULTS, type FaultSpec } from '../../hardware/simulator/faults.js';
import type { VariantId } from '../../electron/ipc-contract.js';
import { createRiichiBot } from '../../machines/bots/riichi-bot.js';
import type { GameEnded, RiichiEvent } from '../../machines/riichi/events.js';
import type { RiichiBot } from '../../machines/riichi/seat-view.js';
import { createRng, deriveSeed } from '../../machines/rng.js';
import { TABLE_MODE_SPECS, type Seat, type TableEvent } from '../../machines/table-events.js';
import type { RuleOptions } from '../../rules/options.js';
import type { SourceEvent } from '../log-events.js';
import { RiichiCore, type RiichiCoreOptions, type RiichiTableMode } from '../riichi-core.js';
import { riichiSeatDriver } from './riichi-seat-driver.js';

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
  /** What a seat's bot may be shown (Tenpai Race Stage A: no win, no riichi); default: the bot as it is. */
  readonly seatBot?: (bot: RiichiBot) => RiichiBot;
  /** Called with every derived event as it is logged (progress lines). */
  readonly onDerived?: (event: RiichiEvent) => void;
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
  });
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
    const timeout = setTimeout(
      () =>
        finish(
          new Error(
            `riichi table run: not finished after ${options.timeoutMs ?? 600_000} ms (${games.length}/${options.games} games, event ${seq})`,
          ),
        ),
      options.timeoutMs ?? 600_000,
    );

    const finish = (error: Error | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timeout);
      if (deadline !== null) clearTimeout(deadline);
      core.stop();
      void (async () => {
        await link.close();
        await firmware.stop();
        if (error === null) resolve({ games, log, startAtMs, core: coreOptions });
        else reject(error);
      })();
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
          log.push({ seq, atMs: lastAtMs, source: true, event: next });
          const out = core.step(seq, lastAtMs, next);
          for (const derived of out.derived) {
            log.push({ seq: ++seq, atMs: lastAtMs, source: false, event: derived });
            if (derived.type === 'game.ended') games.push(derived);
            options.onDerived?.(derived);
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
