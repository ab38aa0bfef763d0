// Kill -9 a process that is appending events, many times at random moments: the file must always open, pass integrity_check and hold a gap-free prefix.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkIntegrity,
  createEventLog,
  loadSnapshot,
  openDatabase,
  openSessions,
} from '../../host/storage/index.js';
import { atMsFor, makeTempDir, removeDir, tickFor, validateTestEvent } from './fixtures.js';

const CHILD = fileURLToPath(new URL('./append-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KILLS = 24;

let dir: string;
beforeAll(() => {
  dir = makeTempDir('crash');
});
afterAll(() => removeDir(dir));

/** mulberry32: a seeded generator, so a failing run can be repeated with CRASH_SEED. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Round {
  /** Highest seq the child reported committed before the kill. */
  readonly acknowledged: number;
  readonly signal: NodeJS.Signals | null;
  readonly exitCode: number | null;
  readonly stderr: string;
}

/** Starts the child and kills it with SIGKILL either during start-up or at a random point while appending. */
function runAndKill(file: string, random: () => number, duringStartup: boolean): Promise<Round> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let acknowledged = 0;
    let buffered = '';
    let stderr = '';
    const kill = (): void => {
      child.kill('SIGKILL');
    };
    if (duringStartup) setTimeout(kill, random() * 900);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('ready ')) {
          acknowledged = Number(line.slice(6));
          if (!duringStartup) setTimeout(kill, 20 + random() * 150);
        } else if (line !== '') {
          acknowledged = Number(line);
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('close', (exitCode, signal) => resolve({ acknowledged, signal, exitCode, stderr }));
  });
}

describe('SIGKILL while appending', () => {
  it(`leaves a database that opens, passes integrity_check and holds a gap-free prefix (${KILLS} kills)`, async () => {
    const seed = Number(process.env['CRASH_SEED'] ?? Date.now() % 1_000_000);
    const random = seeded(seed);
    const file = path.join(dir, 'club.sqlite');
    let highest = 0;
    let killedWhileAppending = 0;
    for (let round = 0; round < KILLS; round += 1) {
      const context = `seed ${seed}, round ${round}`;
      const duringStartup = round % 6 === 0;
      const outcome = await runAndKill(file, random, duringStartup);
      expect(
        outcome.signal,
        `${context}: the child exited by itself (code ${outcome.exitCode}): ${outcome.stderr}`,
      ).toBe('SIGKILL');
      if (outcome.acknowledged > highest) killedWhileAppending += 1;
      highest = Math.max(highest, outcome.acknowledged);
      if (!existsSync(file)) {
        // Killed before the database was linked into place: nothing may have been acknowledged.
        expect(highest, context).toBe(0);
        continue;
      }
      const opened = openDatabase({ path: file });
      if (!opened.ok) throw new Error(`${context}: ${opened.code}: ${opened.message}`);
      const { db } = opened.value;
      try {
        expect(checkIntegrity(db, 'full'), context).toEqual({ ok: true, value: undefined });
        const session = openSessions(db)[0];
        if (session === undefined) {
          expect(highest, context).toBe(0);
          continue;
        }
        const log = createEventLog(db, validateTestEvent, 'test');
        expect(log.checkSequence(session.id).firstGap, context).toBeNull();
        const events = log.read(session.id);
        if (!events.ok) throw new Error(`${context}: ${events.code}: ${events.message}`);
        const stored = events.value;
        // Every acknowledged event is there; a commit in flight at the kill may be there too.
        expect(stored.length, context).toBeGreaterThanOrEqual(outcome.acknowledged);
        expect(stored.length, context).toBeGreaterThanOrEqual(highest);
        stored.forEach((entry, index) => {
          if (
            entry.seq !== index + 1 ||
            entry.atMs !== atMsFor(entry.seq) ||
            JSON.stringify(entry.event) !== JSON.stringify(tickFor(entry.seq))
          ) {
            throw new Error(`${context}: seq ${index + 1} holds ${JSON.stringify(entry)}`);
          }
        });
        highest = stored.length;
        const snapshot = loadSnapshot(db, session.id, 'crash-test');
        if (snapshot !== undefined) expect(snapshot.seq, context).toBeLessThanOrEqual(stored.length);
      } finally {
        db.close();
      }
    }
    console.info(
      `crash test: seed ${seed}, ${KILLS} kills, ${killedWhileAppending} during appends, ${highest} events survived in order`,
    );
    // The kills must have interrupted real appending, not just start-ups.
    expect(killedWhileAppending).toBeGreaterThanOrEqual(KILLS / 4);
    expect(highest).toBeGreaterThan(KILLS);
  }, 180_000);
});
