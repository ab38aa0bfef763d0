// Issue 5: kill -9 the host at random points of simulated games through the PTY simulator; every restart resumes exactly.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventLog, gamesOfSession, handsOfGame, openDatabase } from '../../host/storage/index.js';
import type { LogEvent, LoggedEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { createRng } from '../../table/rng.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Seed 4 plays a 34-hand first game; MJ_GAMES adds games for longer runs. */
const SEED = Number(process.env['MJ_SEED'] ?? 4);
/** Kills per run; MJ_KILLS=100 for the full issue-5 figure (a few minutes on two busy cores). */
const KILLS = Number(process.env['MJ_KILLS'] ?? 20);
/** Enough games that the kills all land before the session ends (a game is ~18 hands, ~8 s of play). */
const GAMES = Number(process.env['MJ_GAMES'] ?? 1);
const hasSocat = spawnSync('socat', ['-V']).status === 0;

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.pid !== undefined) child.kill('SIGKILL');
  if (!process.env['MJ_KEEP']) for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  else process.stderr.write(`kill test: kept ${dirs.join(' ')}\n`);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForFile(file: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`${file} did not appear`);
    await sleep(20);
  }
}

/** A PTY pair (socat) with the simulated table and its bots on one end. */
async function startTable(dir: string): Promise<string> {
  const socat = spawn('socat', [`pty,raw,echo=0,link=${dir}/table`, `pty,raw,echo=0,link=${dir}/host`], {
    stdio: 'ignore',
  });
  children.push(socat);
  await waitForFile(`${dir}/host`);
  const table = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/host/fixtures/pty-table.ts', `${dir}/table`, String(SEED), '10', '10'],
    { cwd: ROOT, stdio: 'ignore' },
  );
  children.push(table);
  await sleep(800);
  return `${dir}/host`;
}

function spawnHost(port: string, db: string): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'host/cli/main.ts',
      'serve',
      '--port',
      port,
      '--autopilot',
      '--seed',
      String(SEED),
      '--exit-after-games',
      '--games',
      String(GAMES),
      '--db',
      db,
      '--http-port',
      '0',
      '--listen',
      '127.0.0.1',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return child;
}

/** Resolves when the host printed its URLs: the session is open and its table link is starting. */
const ready = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('console ')) resolve();
    });
  });

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

/** What a game's result is made of: hand starts, wins, draws and game ends, with points. */
function outcomes(records: readonly LoggedEvent[]): string[] {
  return records
    .filter((r) =>
      [
        'game.started',
        'hand.started',
        'hand.won',
        'hand.drawn',
        'game.ended',
        'seat.riichiDeclared',
      ].includes(r.event.type),
    )
    .map((r) => JSON.stringify(r.event));
}

function readSession(db: string) {
  const opened = openDatabase({ path: db });
  if (!opened.ok) throw new Error(opened.message);
  const log = createEventLog<LogEvent>(opened.value.db, validateLogEvent);
  const sequence = log.checkSequence(1);
  const read = log.read(1);
  if (!read.ok) throw new Error(read.message);
  const games = gamesOfSession(opened.value.db, 1);
  const hands = games.flatMap((g) =>
    handsOfGame(opened.value.db, g.id).map((h) => ({ game: g.id, number: h.number, summary: h.summary })),
  );
  const session = opened.value.db.prepare('SELECT ended_at_ms FROM sessions WHERE id = 1').get() as {
    ended_at_ms: number | null;
  };
  opened.value.db.close();
  return { sequence, records: read.value, games, hands, ended: session.ended_at_ms !== null };
}

describe.skipIf(!hasSocat)('kill -9 the host during simulated games (issue 5)', () => {
  it(`resumes after ${KILLS} kills with the same results as an uninterrupted run`, async () => {
    const started = Date.now();
    // The uninterrupted run.
    const refDir = mkdtempSync(path.join(tmpdir(), 'kill-ref-'));
    dirs.push(refDir);
    const refPort = await startTable(refDir);
    const reference = spawnHost(refPort, `${refDir}/db.sqlite`);
    expect(await exited(reference)).toBe(0);
    const ref = readSession(`${refDir}/db.sqlite`);
    expect(ref.ended).toBe(true);

    // The same seed, killed at random points.
    const dir = mkdtempSync(path.join(tmpdir(), 'kill-run-'));
    dirs.push(dir);
    const port = await startTable(dir);
    const rng = createRng(SEED * 7919);
    let kills = 0;
    let restarts = 0;
    for (;;) {
      const host = spawnHost(port, `${dir}/db.sqlite`);
      restarts++;
      let stderr = '';
      host.stderr!.on('data', (chunk) => (stderr += String(chunk)));
      if (kills < KILLS) {
        // Every fourth kill lands during start-up (recovery itself interrupted); the others at a random point of play.
        const duringStartup = kills % 4 === 3;
        const at = duringStartup ? sleep(100 + rng.int(800)) : ready(host).then(() => sleep(rng.int(900)));
        const result = await Promise.race([exited(host).then((code) => ({ code })), at.then(() => null)]);
        if (result === null) {
          host.kill('SIGKILL');
          await exited(host);
          kills++;
          continue;
        }
        // The session played all its games before the next kill came.
        expect(result.code, stderr).toBe(0);
        break;
      }
      const code = await Promise.race([exited(host), sleep(240_000).then(() => 'timeout')]);
      expect(code, stderr).toBe(0);
      break;
    }
    const run = readSession(`${dir}/db.sqlite`);
    // No event lost or duplicated: the log is gap-free, each hand recorded once, the results identical.
    expect(run.sequence.firstGap).toBeNull();
    expect(run.ended).toBe(true);
    expect(new Set(run.hands.map((h) => `${h.game}/${h.number}`)).size).toBe(run.hands.length);
    expect(run.hands.map((h) => h.summary)).toEqual(ref.hands.map((h) => h.summary));
    expect(outcomes(run.records)).toEqual(outcomes(ref.records));
    expect(run.games.map((g) => g.finalResult)).toEqual(ref.games.map((g) => g.finalResult));
    expect(run.records.filter((r) => r.event.type === 'host.restarted').length).toBeGreaterThanOrEqual(
      Math.min(kills, 1),
    );
    process.stderr.write(
      `kill test: ${kills} kills, ${restarts} starts, ${ref.hands.length} hands, ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
    expect(kills).toBeGreaterThanOrEqual(Math.min(KILLS, 20));
  }, 600_000);
});
