// Storage throughput: durable appends per second (one transaction per event, and one per hand), and reading a 1,000-hand session.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { loadavg } from 'node:os';
import * as storage from '../host/storage/index.js';
import { createEventLog, eventChecksum, openDatabase, type NewEvent } from '../host/storage/index.js';

/** The storage functions a bench round needs: this checkout's, or another's (`STORAGE_BENCH_BEFORE`). */
type StorageApi = Pick<typeof storage, 'openDatabase' | 'startSession' | 'createEventLog'>;

const SeatSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
/** A bench vocabulary shaped like hand events (the real one lives in machines/; storage must not depend on it). */
const BenchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('seat.drew'), seat: SeatSchema, tile: z.number().int() }),
  z.object({
    type: z.literal('seat.discarded'),
    seat: SeatSchema,
    tile: z.number().int(),
    tsumogiri: z.boolean(),
  }),
  z.object({
    type: z.literal('hand.started'),
    hand: z.number().int(),
    dealer: SeatSchema,
    dora: z.array(z.number().int()),
  }),
]);
type BenchEvent = z.infer<typeof BenchEventSchema>;
const validate = (value: unknown) => BenchEventSchema.safeParse(value);

const EVENTS_PER_HAND = 60;
const HANDS = 1000;

/** Event `i` of a hand: a start, then alternating draws and discards. */
function handEvent(hand: number, i: number): BenchEvent {
  if (i === 0) return { type: 'hand.started', hand, dealer: (hand % 4) as 0 | 1 | 2 | 3, dora: [hand % 34] };
  const seat = ((i >> 1) % 4) as 0 | 1 | 2 | 3;
  const tile = (hand * 7 + i * 13) % 34;
  return i % 2 === 1
    ? { type: 'seat.drew', seat, tile }
    : { type: 'seat.discarded', seat, tile, tsumogiri: i % 6 === 0 };
}

function openFresh(file: string, synchronous: 'FULL' | 'NORMAL', api: StorageApi = storage) {
  const { openDatabase, startSession, createEventLog } = api;
  const opened = openDatabase({ path: file });
  if (!opened.ok) throw new Error(`${opened.code}: ${opened.message}`);
  const { db } = opened.value;
  if (synchronous === 'NORMAL') db.pragma('synchronous = NORMAL');
  const sessionId = startSession(db, {
    variant: 'riichi',
    preset: 'tenhou',
    tableId: 'bench',
    startedAtMs: 0,
  }).id;
  return { db, sessionId, log: createEventLog(db, validate, 'bench') };
}

/** Appends one event per transaction for up to `budgetMs` (or `max` events); returns events per second. */
function singleAppends(
  file: string,
  synchronous: 'FULL' | 'NORMAL',
  budgetMs: number,
  max: number,
  api: StorageApi = storage,
): { perSecond: number; count: number } {
  const { db, sessionId, log } = openFresh(file, synchronous, api);
  const start = performance.now();
  let seq = 0;
  while (seq < max && performance.now() - start < budgetMs) {
    seq += 1;
    const appended = log.append(sessionId, seq, {
      atMs: seq,
      event: handEvent(Math.floor(seq / EVENTS_PER_HAND), seq % EVENTS_PER_HAND),
    });
    if (!appended.ok) throw new Error(appended.message);
  }
  const seconds = (performance.now() - start) / 1000;
  db.close();
  return { perSecond: seq / seconds, count: seq };
}

/** Appends `hands` hands, one transaction each (the host's path: a source event and its derived ones together). */
function handAppends(file: string, hands: number, api: StorageApi): number {
  const { db, sessionId, log } = openFresh(file, 'FULL', api);
  const start = performance.now();
  for (let hand = 0; hand < hands; hand += 1) {
    const entries = Array.from({ length: EVENTS_PER_HAND }, (_, i) => ({
      atMs: hand * 60_000 + i * 1000,
      event: handEvent(hand, i),
    }));
    const appended = log.appendBatch(sessionId, hand * EVENTS_PER_HAND + 1, entries);
    if (!appended.ok) throw new Error(appended.message);
  }
  const seconds = (performance.now() - start) / 1000;
  db.close();
  return (hands * EVENTS_PER_HAND) / seconds;
}

/** Reads the whole session of a file once; events per second. */
function readAllOnce(file: string, api: StorageApi): number {
  const opened = api.openDatabase({ path: file });
  if (!opened.ok) throw new Error(opened.message);
  const log = api.createEventLog(opened.value.db, validate);
  const start = performance.now();
  const events = log.read(1);
  const seconds = (performance.now() - start) / 1000;
  opened.value.db.close();
  if (!events.ok) throw new Error(events.message);
  return events.value.length / seconds;
}

/**
 * Before/after in one run (issue 12, event checksums): `STORAGE_BENCH_BEFORE=/work/base npm run bench -- storage`
 * loads that checkout's storage and alternates rounds of both on the same disk, so the load hits them alike.
 */
async function beforeAfter(dir: string, before: string): Promise<void> {
  const old = (await import(path.join(before, 'host/storage/index.ts'))) as StorageApi;
  const rounds = 3;
  const single = { before: [] as number[], after: [] as number[] };
  const batch = { before: [] as number[], after: [] as number[] };
  const read = { before: [] as number[], after: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const [name, api] of [
      ['before', old],
      ['after', storage],
    ] as const) {
      single[name].push(singleAppends(path.join(dir, `ba-single-${name}-${round}.sqlite`), 'FULL', 1500, 20_000, api).perSecond);
      const batchFile = path.join(dir, `ba-batch-${name}-${round}.sqlite`);
      batch[name].push(handAppends(batchFile, 200, api));
      read[name].push(readAllOnce(batchFile, api));
    }
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const line = (what: string, m: { before: number[]; after: number[] }) =>
    console.log(
      `${what}: before (${before}) ${median(m.before).toFixed(0)} events/s, after ${median(m.after).toFixed(0)} events/s; after/before = ${(median(m.after) / median(m.before)).toFixed(3)} (median of ${rounds} alternating rounds)`,
    );
  line('before/after, append 1 event per transaction (FULL)', single);
  line('before/after, append 1 hand (60 events) per transaction (FULL)', batch);
  line('before/after, read a 200-hand session (12,000 events, validated; after: checksums verified too)', read);
}

export async function run(): Promise<void> {
  console.log(`load average (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'mahjong-storage-bench-'));
  try {
    const checksumStart = performance.now();
    const payload = JSON.stringify({ seat: 1, tile: 23, tsumogiri: false });
    const sums = 100_000;
    for (let i = 0; i < sums; i++) eventChecksum(1, i + 1, 'seat.discarded', 1_700_000_000_000 + i, payload);
    const checksumUs = ((performance.now() - checksumStart) * 1000) / sums;
    console.log(`event checksum (SHA-256 of one discard row): ${checksumUs.toFixed(2)} µs per event`);
    const before = process.env['STORAGE_BENCH_BEFORE'];
    if (before !== undefined) await beforeAfter(dir, before);

    const full = singleAppends(path.join(dir, 'single-full.sqlite'), 'FULL', 3000, 20_000);
    const normal = singleAppends(path.join(dir, 'single-normal.sqlite'), 'NORMAL', 3000, 20_000);
    console.log(
      `append, 1 event per transaction, synchronous=FULL: ${full.perSecond.toFixed(0)} events/s (${full.count} events)`,
    );
    console.log(
      `  peer: same with synchronous=NORMAL (WAL default, not power-safe): ${normal.perSecond.toFixed(0)} events/s; FULL/NORMAL = ${(full.perSecond / normal.perSecond).toFixed(2)}`,
    );

    // One transaction per hand of 60 events: builds the 1,000-hand session read below.
    const file = path.join(dir, 'session-1000-hands.sqlite');
    const { db, sessionId, log } = openFresh(file, 'FULL');
    const batchStart = performance.now();
    for (let hand = 0; hand < HANDS; hand += 1) {
      const entries: NewEvent<BenchEvent>[] = Array.from({ length: EVENTS_PER_HAND }, (_, i) => ({
        atMs: hand * 60_000 + i * 1000,
        event: handEvent(hand, i),
      }));
      const appended = log.appendBatch(sessionId, hand * EVENTS_PER_HAND + 1, entries);
      if (!appended.ok) throw new Error(appended.message);
    }
    const batchSeconds = (performance.now() - batchStart) / 1000;
    const total = HANDS * EVENTS_PER_HAND;
    console.log(
      `append, 1 transaction per hand (${EVENTS_PER_HAND} events), synchronous=FULL: ${(total / batchSeconds).toFixed(0)} events/s (${total} events, ${(HANDS / batchSeconds).toFixed(0)} hands/s)`,
    );
    db.close();

    const openStart = performance.now();
    const reopened = openDatabase({ path: file });
    if (!reopened.ok) throw new Error(reopened.message);
    const openMs = performance.now() - openStart;
    const readLog = createEventLog(reopened.value.db, validate);
    const readStart = performance.now();
    const events = readLog.read(sessionId);
    const readMs = performance.now() - readStart;
    if (!events.ok || events.value.length !== total) throw new Error('the session did not read back whole');
    const windowStart = performance.now();
    const middleHand = readLog.read(sessionId, 500 * EVENTS_PER_HAND + 1, EVENTS_PER_HAND);
    const windowMs = performance.now() - windowStart;
    if (!middleHand.ok || middleHand.value.length !== EVENTS_PER_HAND)
      throw new Error('the middle hand did not read back');
    const checkStart = performance.now();
    const sequence = readLog.checkSequence(sessionId);
    const checkMs = performance.now() - checkStart;
    if (sequence.firstGap !== null) throw new Error('unexpected gap');
    reopened.value.db.close();
    const sizeMiB = statSync(file).size / (1024 * 1024);
    console.log(
      `open a ${sizeMiB.toFixed(1)} MiB file (header, quick_check, migrations check): ${openMs.toFixed(1)} ms`,
    );
    console.log(
      `read a 1,000-hand session (${total} events, validated with zod): ${readMs.toFixed(1)} ms (${(total / (readMs / 1000)).toFixed(0)} events/s)`,
    );
    console.log(
      `read one hand (60 events) from the middle: ${windowMs.toFixed(2)} ms; gap check over the session: ${checkMs.toFixed(2)} ms`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
