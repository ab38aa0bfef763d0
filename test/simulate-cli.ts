// Runs `mahjong-table simulate` from the sources as a user would, and reads back its JSON summary and event log.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A line of a riichi-family table run's `--log`: a source event the core was given, or one it derived. */
export interface RunRecord {
  readonly seq: number;
  readonly atMs: number;
  readonly source: boolean;
  readonly event: { readonly type: string; readonly [key: string]: unknown };
}

export interface SimulateCliRun<S, L> {
  readonly summary: S;
  readonly log: L[];
  /** The `--port` path the run was given (null without `withPort`). */
  readonly port: string | null;
  /** Whether the PTY links were still there after the run (socat should take them with it). */
  readonly portLeftBehind: boolean;
  readonly seconds: number;
  readonly stderr: string;
}

/**
 * `mahjong-table simulate <args> --json --log <tmp>` (and `--port <tmp>/host` with `withPort`), run to its end.
 * A non-zero exit throws with its code and stderr, which says where a table run stopped.
 */
export function runSimulate<S, L = RunRecord>(
  args: readonly string[],
  options: { readonly withPort?: boolean; readonly timeoutMs?: number } = {},
): SimulateCliRun<S, L> {
  const dir = mkdtempSync(join(tmpdir(), 'simulate-cli-'));
  try {
    const logFile = join(dir, 'run.jsonl');
    const port = options.withPort === true ? join(dir, 'host') : null;
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'host/cli/main.ts',
        'simulate',
        ...args,
        ...(port === null ? [] : ['--port', port]),
        '--json',
        '--log',
        logFile,
      ],
      { encoding: 'utf8', timeout: options.timeoutMs ?? 80_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    if (run.status !== 0)
      throw new Error(
        `simulate ${args.join(' ')} exited ${run.status ?? run.signal} after ${seconds.toFixed(1)} s: ${run.stderr}`,
      );
    const log = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as L);
    const portLeftBehind = port !== null && existsSync(port);
    return { summary: JSON.parse(run.stdout) as S, log, port, portLeftBehind, seconds, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `mahjong-table <args>` from the sources, for runs expected to fail fast (a refused option). */
export function runCli(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'host/cli/main.ts', ...args], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
