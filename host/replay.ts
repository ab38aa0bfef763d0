// The replay cursor: opens a stored session and seeks to any event from the nearest hand-end snapshot, never reading it all.
import type Database from 'better-sqlite3';
import { ok } from '../rules/result.js';
import type { HandSummary, ReplayEvent, SessionSummary } from '../electron/ipc-contract.js';
import { VARIANTS, type VariantId } from '../electron/ipc-contract.js';
import { getSession, listSessions, type EventLog, type Session } from './storage/index.js';
import { hostFail, type HostResult } from './errors.js';
import { describeEvent, describeLinkStats, redactEvent, timelineKind, type LogEvent } from './log-events.js';
import { applyPublic, initialPublicModel, type PublicModel } from './public-model.js';
import { PUBLIC_MODEL_VERSION } from './recorder.js';
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

interface HandRow {
  game_id: number;
  number: number;
  first_seq: number;
  last_seq: number;
  result_summary: string;
}

/** Sessions for the replay picker, newest first, with their event, game and hand counts (one query each). */
export function sessionSummaries(db: Database.Database): SessionSummary[] {
  const counts = db.prepare(
    `SELECT s.id AS id,
            (SELECT coalesce(max(seq), 0) FROM events e WHERE e.session_id = s.id) AS lastSeq,
            (SELECT count(*) FROM games g WHERE g.session_id = s.id) AS games,
            (SELECT count(*) FROM hands h JOIN games g ON g.id = h.game_id WHERE g.session_id = s.id) AS hands
       FROM sessions s`,
  );
  const byId = new Map(
    (counts.all() as { id: number; lastSeq: number; games: number; hands: number }[]).map((r) => [r.id, r]),
  );
  return listSessions(db)
    .filter((s) => (VARIANTS as readonly string[]).includes(s.variant))
    .map((s) => ({
      id: s.id,
      variant: s.variant as VariantId,
      preset: /^[a-z][a-z0-9-]{0,39}$/.test(s.preset) ? s.preset : 'custom',
      tableId: s.tableId.slice(0, 256),
      startedAtMs: s.startedAtMs,
      endedAtMs: s.endedAtMs,
      lastSeq: byId.get(s.id)?.lastSeq ?? 0,
      games: byId.get(s.id)?.games ?? 0,
      hands: byId.get(s.id)?.hands ?? 0,
    }))
    .reverse();
}

export class ReplayCursor {
  private cachedSeq = -1;
  private cached: PublicModel | null = null;

  private constructor(
    private readonly db: Database.Database,
    private readonly log: EventLog<LogEvent>,
    readonly session: Session,
    readonly lastSeq: number,
    readonly hands: readonly HandSummary[],
    /** Seqs of the stored public snapshots, ascending. */
    private readonly snapshotSeqs: readonly number[],
  ) {}

  /** Opens a session: its hands and the seqs of its snapshots (small queries; no event is read yet). */
  static open(db: Database.Database, log: EventLog<LogEvent>, sessionId: number): HostResult<ReplayCursor> {
    const session = getSession(db, sessionId);
    if (session === undefined) return hostFail('unknown_session', `there is no session ${sessionId}`);
    // A log whose events fail their checksums is not replayed at all (issue 12): what it shows could be false.
    const intact = log.verify(sessionId);
    if (!intact.ok) return hostFail('log_unreadable', intact.message);
    const rows = db
      .prepare(
        'SELECT h.game_id, h.number, h.first_seq, h.last_seq, h.result_summary FROM hands h JOIN games g ON g.id = h.game_id WHERE g.session_id = ? ORDER BY h.first_seq',
      )
      .all(sessionId) as HandRow[];
    const hands = rows.map((row) => {
      let result: string;
      try {
        const summary = JSON.parse(row.result_summary) as { result?: unknown };
        result = typeof summary.result === 'string' ? summary.result : '';
      } catch {
        result = '';
      }
      return {
        gameId: row.game_id,
        number: row.number,
        firstSeq: row.first_seq,
        lastSeq: row.last_seq,
        result: result.slice(0, 500),
      };
    });
    const snapshotSeqs = db
      .prepare('SELECT seq FROM machine_snapshots WHERE session_id = ? AND machine_version = ? ORDER BY seq')
      .pluck()
      .all(sessionId, PUBLIC_MODEL_VERSION) as number[];
    return ok(new ReplayCursor(db, log, session, log.lastSeq(sessionId), hands, snapshotSeqs));
  }

  /** The public state after event `seq` (0: before the first), exactly as the live screens showed it. */
  seek(seq: number): HostResult<PublicModel> {
    const target = Math.max(0, Math.min(seq, this.lastSeq));
    let base: PublicModel = initialPublicModel(this.session.id);
    let from = 0;
    if (this.cached !== null && this.cachedSeq <= target && target - this.cachedSeq < 200) {
      base = this.cached;
      from = this.cachedSeq;
    } else {
      const snapSeq = this.snapshotAtOrBefore(target);
      if (snapSeq > 0) {
        const state = this.db
          .prepare(
            'SELECT state FROM machine_snapshots WHERE session_id = ? AND machine_version = ? AND seq = ?',
          )
          .pluck()
          .get(this.session.id, PUBLIC_MODEL_VERSION, snapSeq) as string | undefined;
        if (state !== undefined) {
          base = JSON.parse(state) as PublicModel;
          from = snapSeq;
        }
      }
    }
    if (target > from) {
      const read = this.log.read(this.session.id, from + 1, target - from);
      if (!read.ok) return hostFail('log_unreadable', read.message);
      for (const record of read.value) base = applyPublic(base, record);
    }
    this.cached = base;
    this.cachedSeq = target;
    return ok(base);
  }

  /**
   * Events for the timeline: whole when their hand is over (all hands open after the hand), in public form
   * while the hand is still being played.
   */
  events(fromSeq: number, limit: number): HostResult<ReplayEvent[]> {
    const read = this.log.read(this.session.id, fromSeq, limit);
    if (!read.ok) return hostFail('log_unreadable', read.message);
    return ok(this.timelineOf(read.value));
  }

  /**
   * `events`, read `slice` records at a time with `pause()` between the slices, so a large page never holds
   * the event loop (and the table link on it) for longer than one slice.
   */
  async eventsInSlices(
    fromSeq: number,
    limit: number,
    pause: () => Promise<void>,
    slice = 250,
  ): Promise<HostResult<ReplayEvent[]>> {
    const out: ReplayEvent[] = [];
    for (let from = fromSeq, left = limit; left > 0; ) {
      const size = Math.min(slice, left);
      const read = this.log.read(this.session.id, from, size);
      if (!read.ok) return hostFail('log_unreadable', read.message);
      out.push(...this.timelineOf(read.value));
      if (read.value.length < size) break;
      from += size;
      left -= size;
      if (left > 0) await pause();
    }
    return ok(out);
  }

  private timelineOf(records: readonly { seq: number; atMs: number; event: LogEvent }[]): ReplayEvent[] {
    const openUpTo = this.session.endedAtMs !== null ? Infinity : (this.hands.at(-1)?.lastSeq ?? 0);
    const out: ReplayEvent[] = [];
    for (const record of records) {
      const shown = record.seq <= openUpTo ? record.event : redactEvent(record.event);
      if (shown === null) continue;
      // A redacted event's own description could name what it hides (a correction's note): its type stands in.
      const whole = shown === record.event;
      out.push({
        seq: record.seq,
        atMs: record.atMs,
        type: record.event.type,
        kind: timelineKind(record.event),
        text: (
          (whole ? describeEvent(record.event) : null) ??
          (record.event.type === 'link.stats' ? describeLinkStats(record.event) : record.event.type)
        ).slice(0, 500),
        event: shown as unknown as Json,
      });
    }
    return out;
  }

  private snapshotAtOrBefore(seq: number): number {
    let lo = 0;
    let hi = this.snapshotSeqs.length - 1;
    let found = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.snapshotSeqs[mid]!;
      if (at <= seq) {
        found = at;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}
