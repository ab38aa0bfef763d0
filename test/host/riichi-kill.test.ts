// Issue 7: kill -9 `serve --variant riichi` mid-game on the built-in simulator; each restart resumes and the game ends; the log replays.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventLog, gamesOfSession, handsOfGame, openDatabase } from '../../host/storage/index.js';
import { isSourceEvent, type LogEvent, type LoggedEvent, type SourceEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { variantEntry } from '../../host/families/registry.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SEED = 9;
/** Log rows after which each run is killed (a smaller count than the Minefield kill test's 100). */
const KILL_AT = [500, 1500];
const dir = mkdtempSync(path.join(tmpdir(), 'riichi-kill-'));
const db = path.join(dir, 'db.sqlite');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function serve(): { child: ChildProcess; stderr: () => string } {
  const args = [
    '--import',
    'tsx',
    'host/cli/main.ts',
    'serve',
    '--sim',
    '--variant',
    'riichi',
    '--seed',
    String(SEED),
  ];
  args.push(
    '--exit-after-games',
    '--games',
    '1',
    '--think-ms',
    '0',
    '--motor-ms',
    '2',
    '--db',
    db,
    '--http-port',
    '0',
    '--listen',
    '127.0.0.1',
  );
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  return { child, stderr: () => stderr };
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

function rowCount(): number {
  try {
    const reader = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (reader.prepare('SELECT count(*) AS n FROM events WHERE session_id = 1').get() as { n: number })
        .n;
    } finally {
      reader.close();
    }
  } catch {
    return 0;
  }
}

function readLog(): { records: readonly LoggedEvent[]; handRows: number; games: number; ended: boolean } {
  const opened = openDatabase({ path: db });
  if (!opened.ok) throw new Error(opened.message);
  try {
    const log = createEventLog<LogEvent>(opened.value.db, validateLogEvent);
    expect(log.checkSequence(1).firstGap).toBeNull();
    const read = log.read(1);
    if (!read.ok) {
      const rows = opened.value.db
        .prepare("SELECT seq, type, payload FROM events WHERE session_id = 1 AND type = 'game.ended'")
        .all();
      throw new Error(`${read.message.slice(0, 200)}\n${JSON.stringify(rows)}`);
    }
    const games = gamesOfSession(opened.value.db, 1);
    const handRows = games.flatMap((g) => handsOfGame(opened.value.db, g.id)).length;
    const row = opened.value.db.prepare('SELECT ended_at_ms FROM sessions WHERE id = 1').get() as {
      ended_at_ms: number | null;
    };
    return { records: read.value, handRows, games: games.length, ended: row.ended_at_ms !== null };
  } finally {
    opened.value.db.close();
  }
}

describe('kill -9 a riichi game on the built-in simulator (issue 7)', () => {
  it('resumes after each kill, voids the hand the dead simulator held, ends the game; the log replays exactly', async () => {
    let previous: readonly LoggedEvent[] = [];
    for (const at of KILL_AT) {
      const run = serve();
      const until = Date.now() + 90_000;
      while (rowCount() < at) {
        if (run.child.exitCode !== null) throw new Error(`serve exited early:\n${run.stderr()}`);
        if (Date.now() > until)
          throw new Error(`the log did not reach ${at} rows within 90 s:\n${run.stderr()}`);
        await sleep(20);
      }
      run.child.kill('SIGKILL');
      await exited(run.child);
      const now = readLog();
      // Nothing logged before a kill changes afterwards.
      expect(now.records.slice(0, previous.length)).toEqual(previous);
      previous = now.records;
    }
    const last = serve();
    const code = await Promise.race([exited(last.child), sleep(150_000).then(() => 'timeout')]);
    expect(code, last.stderr()).toBe(0);
    expect(last.stderr()).toMatch(/is void/);

    const after = readLog();
    expect(after.ended).toBe(true);
    expect(after.records.slice(0, previous.length)).toEqual(previous);
    const types: string[] = after.records.map((r) => r.event.type);
    expect(types.filter((t) => t === 'host.restarted')).toHaveLength(KILL_AT.length);
    expect(types.filter((t) => t === 'host.handVoided').length).toBeGreaterThanOrEqual(1);
    expect(types.filter((t) => t === 'game.ended')).toHaveLength(1);
    expect(after.games).toBe(1);
    expect(after.handRows).toBe(
      types.filter((t) => t === 'hand.won' || t === 'hand.exhaustiveDraw' || t === 'hand.abortiveDraw')
        .length,
    );

    // A fresh core given the logged source events (restarts and voids included) derives exactly the logged rest.
    const core = variantEntry('riichi')!.createCore({ startAtMs: after.records[0]!.atMs }, 'tenhou');
    const derived: unknown[] = [];
    for (const record of after.records)
      if (isSourceEvent(record.event))
        derived.push(...core.step(record.seq, record.atMs, record.event as SourceEvent).derived);
    core.stop();
    expect(derived).toEqual(after.records.filter((r) => !isSourceEvent(r.event)).map((r) => r.event));
  }, 400_000);
});
