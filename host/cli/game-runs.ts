// The loop of a headless simulation run: game i from its own derived seed, progress reported as it goes; the PTY table of `--port` runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, writeSync } from 'node:fs';
import { systemClock } from '../../hardware/clock.js';
import { SerialTransport } from '../../hardware/serial-transport.js';
import { FaultyTransport, NO_FAULTS, parseFaultSpec, type FaultSpec } from '../../hardware/simulator/faults.js';
import type { Transport } from '../../hardware/transport.js';
import { createRng, deriveSeed } from '../../table/rng.js';
import type { SimulateCli, SimulateOptions } from './simulate-options.js';

/** Game `i` of a run plays from its own seed derived from the run's seed, so one game can be replayed alone. */
export const gameSeed = (seed: number, game: number): number => deriveSeed(seed, game);

/** How a run of headless games reports: progress at most every `progressEveryMs`, log records as JSON lines. */
export interface RunReporting {
  writeLine?: (line: string) => void;
  onProgress?: (done: number, hands: number, elapsedMs: number) => void;
  progressEveryMs?: number;
}

/** Plays `games` games, game `i` from `gameSeed(seed, i)`, reporting progress; returns the records and seconds. */
export function playGames<R extends { readonly hands: number }>(
  options: RunReporting & { games: number; seed: number },
  playOne: (seed: number) => R,
): { records: R[]; seconds: number } {
  const started = performance.now();
  const records: R[] = [];
  let hands = 0;
  let lastProgress = started;
  for (let game = 0; game < options.games; game++) {
    const record = playOne(gameSeed(options.seed, game));
    records.push(record);
    hands += record.hands;
    const now = performance.now();
    if (options.onProgress && now - lastProgress >= (options.progressEveryMs ?? 1000)) {
      lastProgress = now;
      options.onProgress(game + 1, hands, now - started);
    }
  }
  return { records, seconds: (performance.now() - started) / 1000 };
}

/** What a `simulate` run writes: the event log (JSON lines, buffered) and a progress line on stderr. */
export interface RunOutput {
  /** Log writer (absent without `--log`) and progress reporting, for `playGames` and the table runs. */
  readonly reporting: RunReporting;
  /** Writes what is buffered and clears the progress line: call before printing the summary. */
  finish(): void;
  /** Closes the log file (also after a failed run, with what was written so far). */
  close(): void;
}

/** Opens `log` (if given) for a run of `games` games; progress every 250 ms on a terminal, else every 5 s. */
export function openRunOutput(options: { log?: string; games: number }): RunOutput {
  const fd = options.log ? openSync(options.log, 'w') : null;
  const tty = process.stderr.isTTY === true;
  let pending: string[] = [];
  const flush = () => {
    if (fd !== null && pending.length > 0) writeSync(fd, pending.join('\n') + '\n');
    pending = [];
  };
  // A run interrupted (Ctrl-C, a kill) exits from its signal handler: what it played still reaches the log.
  process.on('exit', flush);
  return {
    reporting: {
      writeLine:
        fd === null
          ? undefined
          : (line) => {
              pending.push(line);
              if (pending.length >= 4096) flush();
            },
      progressEveryMs: tty ? 250 : 5000,
      onProgress: (done, hands, ms) => {
        const line = `simulate: ${done}/${options.games} games, ${hands} hands, ${Math.round((hands / ms) * 1000)} hands/s`;
        process.stderr.write(tty ? `\r${line}` : `${line}\n`);
      },
    },
    finish: () => {
      flush();
      if (tty) process.stderr.write('\r\x1b[K');
    },
    close: () => {
      process.off('exit', flush);
      flush();
      if (fd !== null) closeSync(fd);
    },
  };
}

/** Makes a PTY pair with socat (host end at `path`, table end at `path.table`); resolves once both exist. */
async function ptyPair(path: string): Promise<{ socat: ChildProcess; tablePath: string }> {
  const tablePath = `${path}.table`;
  for (const p of [path, tablePath])
    if (existsSync(p)) throw new Error(`${p} already exists; pick a free --port path`);
  const socat = spawn('socat', [`pty,raw,echo=0,link=${path}`, `pty,raw,echo=0,link=${tablePath}`], {
    stdio: 'ignore',
  });
  const failed = new Promise<never>((_, reject) =>
    socat.once('error', (error) => reject(new Error(`cannot run socat: ${error.message}`))),
  );
  const ready = (async () => {
    for (let i = 0; i < 100; i++) {
      if (existsSync(path) && existsSync(tablePath)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`socat did not create ${path} and ${tablePath}`);
  })();
  try {
    await Promise.race([ready, failed]);
  } catch (error) {
    socat.kill();
    throw error;
  }
  return { socat, tablePath };
}

/**
 * Runs `body` with the simulated table's end of a fresh PTY pair (socat) as its transport, faults injected when
 * asked; socat goes down with the run, also when the run is interrupted.
 */
export async function withSimulatedTable<T>(
  port: string,
  seed: number,
  faults: FaultSpec,
  body: (tableTransport: Transport) => Promise<T>,
): Promise<T> {
  const { socat, tablePath } = await ptyPair(port);
  const interrupted = (signal: NodeJS.Signals) => {
    process.stderr.write(`\nsimulate: interrupted by ${signal}; the log keeps what was played\n`);
    socat.kill();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    let tableTransport: Transport = new SerialTransport({ path: tablePath });
    if (faults !== NO_FAULTS)
      tableTransport = new FaultyTransport(tableTransport, faults, createRng(seed ^ 0xfa17), systemClock());
    return await body(tableTransport);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    socat.kill();
  }
}

/** How a family plays a `simulate` run: at the PTY table (`--port`, with its faults) or headless in process. */
export interface RunPlay<S> {
  readonly atTable: (reporting: RunReporting, faults: FaultSpec) => Promise<S>;
  readonly inProcess: (reporting: RunReporting) => S;
}

/**
 * Plays a `simulate` run and prints its summary (JSON with `--json`, else `format`). The log is opened first and
 * closed after, also after a failure; `--faults` is parsed for a --port run; a table run that fails ends with
 * `cli.runFailed` (the log keeps what was played).
 */
export async function playAndPrint<S>(
  options: SimulateOptions,
  cli: SimulateCli,
  play: RunPlay<S>,
  format: (summary: S) => string,
): Promise<void> {
  const output = openRunOutput(options);
  try {
    let summary: S;
    if (options.port !== undefined) {
      let faults: FaultSpec = NO_FAULTS;
      if (options.faults !== undefined) {
        const parsed = parseFaultSpec(options.faults);
        if (!parsed.ok) cli.fail(parsed.message, parsed.code);
        else faults = parsed.value;
      }
      try {
        summary = await play.atTable(output.reporting, faults);
      } catch (error) {
        return cli.runFailed((error as Error).message);
      }
    } else summary = play.inProcess(output.reporting);
    output.finish();
    console.log(options.json ? JSON.stringify(summary, null, 2) : format(summary));
  } finally {
    output.close();
  }
}
