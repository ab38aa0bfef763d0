// Issue 5 replay model: the cursor shows for seq N what the live host published after event N; seeks stay fast.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';
import { ReplayCursor } from '../../host/replay/replay.js';
import { toPublicState } from '../../host/view/public-model.js';
import { createEventLog, openDatabase } from '../../host/storage/index.js';
import type { LogEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import type { PublicState } from '../../contract/ipc-contract.js';
import { writeMinefieldSession } from './fixtures/write-session.js';

const dir = mkdtempSync(path.join(tmpdir(), 'host-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const withoutLink = (state: PublicState) => ({ ...state, seq: 0, table: { ...state.table, link: null } });

describe('replay cursor (issue 5)', () => {
  it('reproduces every state the live host published, from the log alone', async () => {
    const opened = Host.open({
      dbPath: path.join(dir, 'live.sqlite'),
      pace: { thinkMs: 0, motorMs: 1 },
      maxGames: 1,
    });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const shown = new Map<number, PublicState>();
    host.onPublicState((state) => shown.set(state.eventSeq, state));
    const started = await host.startSession({
      variant: 'minefield',
      target: { kind: 'simulator', seed: 9 },
      seed: 9,
    });
    if (!started.ok) throw new Error(started.message);
    await host.waitFor((s) => s.session?.status === 'ended', 60_000);
    const cursor = ReplayCursor.open(host.db, host.log, started.value);
    if (!cursor.ok) throw new Error(cursor.message);
    expect(cursor.value.hands.length).toBeGreaterThan(3);
    let compared = 0;
    // Backwards, so most seeks start from a snapshot rather than from the cached previous state.
    for (const [seq, live] of [...shown.entries()].sort((a, b) => b[0] - a[0])) {
      if (seq === 0) continue;
      const replayed = cursor.value.seek(seq);
      if (!replayed.ok) throw new Error(replayed.message);
      expect(withoutLink(toPublicState(replayed.value, 0))).toEqual(withoutLink(live));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
    await host.close();
  }, 90_000);

  it('hides the walls and hands of a hand still in play, and shows them once the hand is over', async () => {
    const opened = openDatabase({ path: path.join(dir, 'written.sqlite') });
    if (!opened.ok) throw new Error(opened.message);
    const db = opened.value.db;
    const written = writeMinefieldSession(db, 5, 3);
    const log = createEventLog<LogEvent>(db, validateLogEvent);
    const cursor = ReplayCursor.open(db, log, written.sessionId);
    if (!cursor.ok) throw new Error(cursor.message);
    const events = cursor.value.events(1, 5000);
    if (!events.ok) throw new Error(events.message);
    const handSet = events.value.find((e) => e.type === 'seat.handSet')!;
    // The session has ended: all hands are open.
    expect((handSet.event as { tiles?: unknown[] }).tiles).toHaveLength(13);
    db.close();
  });

  it('opens a 1,000-hand session and seeks anywhere in under 100 ms', () => {
    const opened = openDatabase({ path: path.join(dir, 'long.sqlite') });
    if (!opened.ok) throw new Error(opened.message);
    const db = opened.value.db;
    const written = writeMinefieldSession(db, 1000, 2026);
    const log = createEventLog<LogEvent>(db, validateLogEvent);
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const target = Math.floor(((i + 0.5) / 30) * written.events);
      const t = performance.now();
      const cursor = ReplayCursor.open(db, log, written.sessionId);
      if (!cursor.ok) throw new Error(cursor.message);
      const state = cursor.value.seek(target);
      times.push(performance.now() - t);
      expect(state.ok && state.value.eventSeq).toBe(target);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(100);
    db.close();
  }, 120_000);
});
