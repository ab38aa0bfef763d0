// Starts `mahjong-table serve --sim` as a child process for the e2e tests and the e2e benchmark, and finds the URL it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ServeProcess {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** Every URL the host printed (the console's and the scoreboard's, with their tokens if any). */
  readonly urls: readonly string[];
  readonly dbPath: string;
  /** ms from spawning the process to the printed URL. */
  readonly startupMs: number;
  /** Wall-clock time (performance.timeOrigin + now) of the spawn, to compare with a browser's clock. */
  readonly spawnedAtMs: number;
  readonly output: () => string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  readonly variant?: string;
  readonly extraArgs?: readonly string[];
  readonly timeoutMs?: number;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

export async function startServe(options: ServeOptions = {}): Promise<ServeProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mahjong-e2e-'));
  const dbPath = path.join(dir, 'table.sqlite');
  // `--port PATH` in the extra arguments drives a (PTY) table instead of the built-in simulator.
  const table = options.extraArgs?.includes('--port') ? [] : ['--sim'];
  const args = [
    '--import',
    'tsx',
    'host/cli/main.ts',
    'serve',
    ...table,
    '--variant',
    options.variant ?? 'minefield',
    '--http-port',
    '0',
    '--db',
    dbPath,
    ...(options.extraArgs ?? []),
  ];
  const started = performance.now();
  const spawnedAtMs = performance.timeOrigin + started;
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let output = '';
  const urls: string[] = [];
  const found = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve printed no URL within ${options.timeoutMs ?? 30_000} ms:\n${output}`)),
      options.timeoutMs ?? 30_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      for (const match of chunk.toString().match(URL_PATTERN) ?? []) urls.push(match.replace(/[.,;)]+$/, ''));
      if (urls.length > 0) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before printing a URL:\n${output}`));
    });
  });
  try {
    await found;
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // Let the rest of the banner (other URLs) arrive.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const startupMs = performance.now() - started;
  return {
    origin: new URL(urls[0]!).origin,
    urls,
    dbPath,
    startupMs,
    spawnedAtMs,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
