// Issue 5: kill -9 the host mid-hand on the BUILT-IN simulator; the restart voids that hand (logged) and the game goes on.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventLog, handsOfGame, gamesOfSession, openDatabase } from '../../host/storage/index.js';
import type { LogEvent, LoggedEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import type { MinefieldLogEvent } from '../../families/minefield/log.js';
import { ReplayCursor } from '../../host/replay/replay.js';
import { exportSession } from '../../host/reports/export.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SEED = 5;
const dir = mkdtempSync(path.join(tmpdir(), 'sim-void-'));
const db = path.join(dir, 'db.sqlite');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `serve` on the built-in simulator (no --port): the virtual table lives inside this child process. */
function serve(thinkMs: number): { child: ChildProcess; stderr: () => string } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'host/cli/main.ts',
      'serve',
      '--sim',
      '--seed',
      String(SEED),
      '--exit-after-games',
      '--games',
      '1',
      '--think-ms',
      String(thinkMs),
      '--motor-ms',
      '2',
      '--db',
      db,
      '--http-port',
      '0',
      '--listen',
      '127.0.0.1',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  return { child, stderr: () => stderr };
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

/** The types of session 1's log so far, read through a separate read-only connection (WAL readers do not block). */
function logTypes(): { seq: number; type: string; payload: string }[] {
  try {
    const reader = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return reader
        .prepare('SELECT seq, type, payload FROM events WHERE session_id = 1 ORDER BY seq')
        .all() as { seq: number; type: string; payload: string }[];
    } finally {
      reader.close();
    }
  } catch {
    return []; // not created yet
  }
}

/** True once hand 2 or later is being played with at least three discards and no end yet. */
function midHand(rows: readonly { type: string; payload: string }[]): boolean {
  const start = rows.findLastIndex((r) => r.type === 'hand.started');
  if (start < 0 || (JSON.parse(rows[start]!.payload) as { hand: number }).hand < 2) return false;
  const after = rows.slice(start + 1);
  return (
    after.filter((r) => r.type === 'seat.discarded').length >= 3 &&
    !after.some((r) => r.type === 'hand.won' || r.type === 'hand.drawn')
  );
}

function readLog(): { records: readonly LoggedEvent[]; hands: { number: number }[]; ended: boolean } {
  const opened = openDatabase({ path: db });
  if (!opened.ok) throw new Error(opened.message);
  try {
    const log = createEventLog<LogEvent>(opened.value.db, validateLogEvent);
    expect(log.checkSequence(1).firstGap).toBeNull();
    const read = log.read(1);
    if (!read.ok) throw new Error(read.message);
    const hands = gamesOfSession(opened.value.db, 1).flatMap((g) => handsOfGame(opened.value.db, g.id));
    const row = opened.value.db.prepare('SELECT ended_at_ms FROM sessions WHERE id = 1').get() as {
      ended_at_ms: number | null;
    };
    return { records: read.value, hands, ended: row.ended_at_ms !== null };
  } finally {
    opened.value.db.close();
  }
}

describe('kill -9 mid-hand on the built-in simulator (issue 5)', () => {
  it('voids the hand the dead simulator held, with a logged event, and plays the game to its end', async () => {
    // Slow bots for the first run, so the kill lands inside a hand.
    const first = serve(60);
    const until = Date.now() + 60_000;
    while (!midHand(logTypes())) {
      if (first.child.exitCode !== null) throw new Error(`serve exited early:\n${first.stderr()}`);
      if (Date.now() > until) throw new Error(`no hand in play within 60 s:\n${first.stderr()}`);
      await sleep(30);
    }
    first.child.kill('SIGKILL');
    await exited(first.child);

    const before = readLog();
    const lastStart = before.records.findLast((r) => r.event.type === 'hand.started')!;
    const started = lastStart.event as Extract<MinefieldLogEvent, { type: 'hand.started' }>;
    expect(before.records.slice(-1)[0]!.seq).toBeGreaterThan(lastStart.seq);

    // The restart (fast bots) resumes the session with the same database and must finish the game.
    const second = serve(5);
    const code = await Promise.race([exited(second.child), sleep(120_000).then(() => 'timeout')]);
    expect(code, second.stderr()).toBe(0);
    expect(second.stderr()).toMatch(new RegExp(`hand ${started.hand} of game 1 is void`));

    const after = readLog();
    expect(after.ended).toBe(true);
    // Nothing logged before the kill changed.
    expect(after.records.slice(0, before.records.length)).toEqual(before.records);
    const voids = after.records.filter((r) => r.event.type === 'host.handVoided');
    expect(voids).toHaveLength(1);
    const voided = voids[0]!;
    expect(voided.event).toEqual({
      type: 'host.handVoided',
      game: 1,
      hand: started.hand,
      dealer: started.dealer,
      ante: started.ante,
      reason: 'simulator_lost',
    });
    // The void follows the restart; the voided hand had no end.
    const restartAt = after.records.findIndex((r) => r.event.type === 'host.restarted');
    const voidAt = after.records.indexOf(voided);
    expect(restartAt).toBeGreaterThan(before.records.length - 1);
    expect(voidAt).toBeGreaterThan(restartAt);
    expect(
      after.records
        .slice(before.records.indexOf(lastStart), voidAt)
        .some((r) => r.event.type === 'hand.won' || r.event.type === 'hand.drawn'),
    ).toBe(false);
    // The same hand is dealt again: same number, dealer, ante and points (a void is not a draw).
    const redealt = after.records[voidAt + 1]!;
    expect(redealt.event).toEqual(started);
    // It is then played to an end, and the game goes on to game.ended.
    const rest = after.records.slice(voidAt + 1);
    expect(rest.some((r) => r.event.type === 'seat.discarded')).toBe(true);
    expect(rest.some((r) => r.event.type === 'hand.won' || r.event.type === 'hand.drawn')).toBe(true);
    expect(rest.some((r) => r.event.type === 'game.ended')).toBe(true);
    // Each hand is recorded once, numbered 1, 2, 3... (the void left no hand row).
    expect(after.hands.map((h) => h.number)).toEqual(after.hands.map((_, i) => i + 1));

    // The operator sees why: the running log line the screens (and the replay viewer) show at the void.
    const opened = openDatabase({ path: db });
    if (!opened.ok) throw new Error(opened.message);
    try {
      const cursor = ReplayCursor.open(
        opened.value.db,
        createEventLog<LogEvent>(opened.value.db, validateLogEvent),
        1,
      );
      if (!cursor.ok) throw new Error(cursor.message);
      const model = cursor.value.seek(voided.seq + 1);
      if (!model.ok) throw new Error(model.message);
      expect(model.value.log.map((l) => l.text).join('\n')).toMatch(
        new RegExp(
          `hand ${started.hand} of game 1 is void: the built-in simulator .* no points moved, seat ${started.dealer} deals it again at ante ${started.ante}`,
        ),
      );
      // The scoreboard shows the hand afresh: empty ponds, the points of its start.
      // mjai: the voided kyoku is closed without a result (no deltas); the hand is then dealt again.
      const log = createEventLog<LogEvent>(opened.value.db, validateLogEvent);
      const mjai = exportSession(opened.value.db, log, 1, 'mjai');
      if (!mjai.ok) throw new Error(mjai.message);
      const lines = mjai.value.content
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const voidLine = lines.findIndex((l) => l['type'] === 'ryukyoku' && l['reason'] === 'voided');
      if (voidLine >= 0) {
        expect(lines[voidLine]!['deltas']).toEqual([0, 0]);
        expect(lines[voidLine + 1]).toEqual({ type: 'end_kyoku' });
        expect(lines[voidLine + 2]).toMatchObject({ type: 'start_kyoku', kyoku: started.hand });
      }
      const kyokus = lines.filter((l) => l['type'] === 'start_kyoku').length;
      const ends = lines.filter((l) => l['type'] === 'end_kyoku').length;
      expect(kyokus).toBe(ends);
      const view = model.value.view;
      expect(view?.variant).toBe('minefield');
      if (view?.variant === 'minefield') {
        expect(view.handNumber).toBe(started.hand);
        expect(view.discards).toEqual([[], []]);
        expect(view.points).toEqual(started.points);
      }
    } finally {
      opened.value.db.close();
    }
  }, 240_000);
});
