// Replay open-and-seek time on a 1,000-hand session (p50, p99), and events appended per second through the host with full durability.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Host } from '../host/session/host.js';
import { ReplayCursor } from '../host/replay/replay.js';
import { createEventLog, openDatabase } from '../host/storage/index.js';
import type { LogEvent } from '../host/session/log-events.js';
import { validateLogEvent } from '../host/families/log-vocabulary.js';
import { applyPublic, initialPublicModel } from '../host/view/public-model.js';
import { createRng } from '../table/rng.js';
import { writeMinefieldSession } from '../test/host/fixtures/write-session.js';

const HANDS = 1000;
const SEEKS = 200;

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'replay-bench-'));
  try {
    const opened = openDatabase({ path: path.join(dir, 'replay.sqlite') });
    if (!opened.ok) throw new Error(opened.message);
    const db = opened.value.db;
    const written = writeMinefieldSession(db, HANDS, 2026);
    const log = createEventLog<LogEvent>(db, validateLogEvent);

    // Peer: the whole session read and folded from the start (what a seek without snapshots costs).
    let t = performance.now();
    const all = log.read(written.sessionId);
    if (!all.ok) throw new Error(all.message);
    let model = initialPublicModel(written.sessionId);
    for (const record of all.value) model = applyPublic(model, record);
    const fullMs = performance.now() - t;

    const rng = createRng(7);
    const times: number[] = [];
    for (let i = 0; i < SEEKS; i++) {
      const target = 1 + rng.int(written.events);
      t = performance.now();
      const cursor = ReplayCursor.open(db, log, written.sessionId);
      if (!cursor.ok) throw new Error(cursor.message);
      const state = cursor.value.seek(target);
      if (!state.ok || state.value.eventSeq !== target) throw new Error(`seek to ${target} failed`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`replay: session of ${written.hands} hands, ${written.events} events`);
    console.log(
      `replay: open + seek  p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  (${SEEKS} random seeks, cold cursor each)`,
    );
    console.log(
      `replay: peer (read + fold the whole session) ${fullMs.toFixed(0)} ms  → seek is ${(fullMs / percentile(times, 50)).toFixed(0)}× faster at p50`,
    );

    // The viewer (issue 12): the hand list (hand rows plus the records that start, void and end hands), one hand's
    // steps with their named lines, and a step's state with every seat's open hand (folded from the hand's start).
    t = performance.now();
    const viewer = ReplayCursor.open(db, log, written.sessionId);
    if (!viewer.ok) throw new Error(viewer.message);
    const hands = viewer.value.hands;
    const listMs = performance.now() - t;
    const timelineTimes: number[] = [];
    const stepTimes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const index = rng.int(hands.length - 1);
      const hand = hands[index]!;
      t = performance.now();
      const cursor = ReplayCursor.open(db, log, written.sessionId);
      if (!cursor.ok) throw new Error(cursor.message);
      const steps = await cursor.value.timeline(hand.firstSeq, hands[index + 1]!.firstSeq - 1);
      if (!steps.ok || steps.value.length === 0) throw new Error(`no steps in hand ${index}`);
      timelineTimes.push(performance.now() - t);
      for (const step of [steps.value[0]!, steps.value[steps.value.length >> 1]!, steps.value.at(-1)!]) {
        t = performance.now();
        const state = cursor.value.seek(step.seq);
        const open = cursor.value.openHands(step.seq);
        if (!state.ok || !open.ok) throw new Error(`step ${step.seq} failed`);
        stepTimes.push(performance.now() - t);
      }
    }
    timelineTimes.sort((a, b) => a - b);
    stepTimes.sort((a, b) => a - b);
    console.log(
      `replay viewer: hand list of ${hands.length} hands ${listMs.toFixed(1)} ms; a hand's steps p50 ${percentile(timelineTimes, 50).toFixed(2)} ms p99 ${percentile(timelineTimes, 99).toFixed(2)} ms (cold cursor); a step with open hands p50 ${percentile(stepTimes, 50).toFixed(2)} ms p99 ${percentile(stepTimes, 99).toFixed(2)} ms`,
    );
    db.close();

    // Events appended per second through the host: the embedded simulator at full speed, synchronous = FULL.
    const host = Host.open({ dbPath: path.join(dir, 'host.sqlite'), pace: { thinkMs: 0, motorMs: 1 } });
    if (!host.ok) throw new Error(host.message);
    await host.value.startSession({ variant: 'minefield', target: { kind: 'simulator', seed: 3 }, seed: 3 });
    const startSeq = host.value.publicState().eventSeq;
    t = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const events = host.value.publicState().eventSeq - startSeq;
    const seconds = (performance.now() - t) / 1000;
    await host.value.close();
    console.log(
      `host: ${(events / seconds).toFixed(0)} events/s logged durably (each step: source event + derived events, each committed with synchronous=FULL), ${events} events in ${seconds.toFixed(1)} s`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
