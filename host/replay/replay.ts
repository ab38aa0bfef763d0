// The replay cursor: opens a stored session and seeks to any event from the nearest hand-end snapshot, never reading it all.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import type {
  HandStatus,
  HandSummary,
  ReplayEvent,
  ReplayHand,
  ReplayStep,
  SeatInfo,
  SessionSummary,
} from '../../contract/ipc-contract.js';
import type { Seat } from '../../table/table-events.js';
import { gamesOfSession, getSession, listSessions, type EventLog, type Session } from '../storage/index.js';
import { hostFail, type HostResult } from '../errors.js';
import type { LogEvent, LoggedEvent } from '../session/log-events.js';
import { validateLogEvent } from '../families/log-vocabulary.js';
import { describeEvent, describeLinkStats, redactEvent, timelineKind } from '../session/log-text.js';
import { applyPublic, initialPublicModel } from '../view/public-model.js';
import type { PublicModel } from '../view/model.js';
import { PUBLIC_MODEL_VERSION } from '../session/recorder.js';
import { seatNames, type VariantReplay } from './replay-hands.js';
import type { ImportedReplay } from '../families/record-importer.js';
import { sessionImporter } from '../families/record-importers.js';
import { stepsOf } from './replay-model.js';
import { familyOfVariant, variantEntry } from '../families/registry.js';
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
  // An import keeps no game or hand rows: its rounds are its hands (one game).
  const rounds = db
    .prepare(`SELECT count(*) FROM events WHERE session_id = ? AND type = 'record.round'`)
    .pluck();
  const importCounts = (s: Session): { games: number; hands: number } | null => {
    if (!s.tableId.startsWith('import:')) return null;
    const hands = rounds.get(s.id) as number;
    return { games: hands > 0 ? 1 : 0, hands };
  };
  return listSessions(db)
    .filter((s) => variantEntry(s.variant) !== undefined)
    .map((s) => ({
      id: s.id,
      variant: s.variant,
      preset: /^[a-z][a-z0-9-]{0,39}$/.test(s.preset) ? s.preset : 'custom',
      tableId: s.tableId.slice(0, 256),
      startedAtMs: s.startedAtMs,
      endedAtMs: s.endedAtMs,
      lastSeq: byId.get(s.id)?.lastSeq ?? 0,
      ...(importCounts(s) ?? { games: byId.get(s.id)?.games ?? 0, hands: byId.get(s.id)?.hands ?? 0 }),
    }))
    .reverse();
}

/** The deals (riichi family, Minefield's walls): a hand that has one has something to show. */
const DEAL_TYPES = ['hand.dealt', 'hand.wallsBuilt'];
/** The records that mark where hands begin and end, read by type for the hand list (no other event is read). */
const MARKER_TYPES = [
  'host.sessionOpened',
  'game.started',
  'hand.started',
  'host.handVoided',
  'host.sessionEnded',
  ...DEAL_TYPES,
];

const UNSEEN_RESULT: Record<Exclude<HandStatus, 'finished'>, string> = {
  voided: 'Voided: the hand did not happen (no points moved); it was dealt again',
  unfinished: 'Unfinished: the session ended during the hand',
  inPlay: 'In play',
};

/** What the cursor needs of its variant: the replay part and the table seats of its own seat numbers. */
interface VariantPart {
  readonly replay: VariantReplay | null;
  readonly tableSeats: readonly Seat[];
}

export class ReplayCursor {
  private cachedSeq = -1;
  private cached: PublicModel | null = null;
  private listed: readonly HandSummary[] | null = null;
  /** Imports: the public model before each round (the replay's own snapshots). */
  private readonly importCheckpoints: readonly { seq: number; model: PublicModel }[];
  /** The vocabulary the session's records speak (null for a variant this build does not know). */
  private readonly family: string | null;

  private constructor(
    private readonly db: Database.Database,
    private readonly log: EventLog<LogEvent>,
    readonly session: Session,
    readonly lastSeq: number,
    /** Seqs of the stored public snapshots, ascending. */
    private readonly snapshotSeqs: readonly number[],
    private readonly imported: ImportedReplay | null,
    /** Events up to here are whole for everyone: their hand is over (every event once the session ended). */
    private readonly openUpTo: number,
    private readonly variant: VariantPart,
    /** The stored log's last seq when opened (an import's replay counts its own): a cursor is stale once it moves. */
    readonly storedLastSeq: number,
  ) {
    this.importCheckpoints = imported === null ? [] : checkpointsOf(session.id, imported);
    this.family = familyOfVariant(session.variant)?.id ?? null;
  }

  /** Opens a session: the seqs of its snapshots (small queries; no event is read yet, but an import's rounds). */
  static open(db: Database.Database, log: EventLog<LogEvent>, sessionId: number): HostResult<ReplayCursor> {
    const session = getSession(db, sessionId);
    if (session === undefined) return hostFail('unknown_session', `there is no session ${sessionId}`);
    // A log whose events fail their checksums is not replayed at all (issue 12): what it shows could be false.
    const intact = log.verify(sessionId);
    if (!intact.ok) return hostFail('log_unreadable', intact.message);
    const firstType = db
      .prepare('SELECT type FROM events WHERE session_id = ? AND seq = 1')
      .pluck()
      .get(sessionId);
    let imported: ImportedReplay | null = null;
    if (firstType === 'record.gameImported') {
      const stored = log.read(sessionId);
      if (!stored.ok) return hostFail('log_unreadable', stored.message);
      // The importer of the session's format replays it (an import stores whole rounds, not the steps to show).
      const importer = sessionImporter(session, stored.value);
      if (importer !== null && !importer.ok) return importer;
      imported = importer?.value.replay(stored.value) ?? null;
    }
    const snapshotSeqs = db
      .prepare('SELECT seq FROM machine_snapshots WHERE session_id = ? AND machine_version = ? ORDER BY seq')
      .pluck()
      .all(sessionId, PUBLIC_MODEL_VERSION) as number[];
    const lastHandEnd = db
      .prepare(
        'SELECT coalesce(max(h.last_seq), 0) FROM hands h JOIN games g ON g.id = h.game_id WHERE g.session_id = ?',
      )
      .pluck()
      .get(sessionId) as number;
    // An import is stored as a session of the variant its record plays (a tenhou.net/6 game: riichi), on four seats.
    const entry = variantEntry(session.variant);
    const variant: VariantPart = {
      replay: entry?.replay ?? null,
      tableSeats: imported === null ? (entry?.tableSeats ?? [0, 1, 2, 3]) : [0, 1, 2, 3],
    };
    const storedLastSeq = log.lastSeq(sessionId);
    return ok(
      new ReplayCursor(
        db,
        log,
        session,
        imported === null ? storedLastSeq : imported.records.length,
        imported === null ? snapshotSeqs : [],
        imported,
        session.endedAtMs !== null ? Infinity : lastHandEnd,
        variant,
        storedLastSeq,
      ),
    );
  }

  /**
   * The session's hands for the picker, in order: finished ones (a result), voided ones, and the hand the session
   * ended in (unfinished) or is playing (in play), each with its name and a result line naming the players.
   */
  get hands(): readonly HandSummary[] {
    this.listed ??= this.imported !== null ? this.importedHands(this.imported) : this.storedHands();
    return this.listed;
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
      const snapshot = this.snapshotAtOrBefore(target);
      if (snapshot !== null) [base, from] = [snapshot.model, snapshot.seq];
    }
    if (target > from) {
      const read = this.read(from + 1, target - from);
      if (!read.ok) return read;
      for (const record of read.value) base = applyPublic(base, record);
    }
    this.cached = base;
    this.cachedSeq = target;
    return ok(base);
  }

  /**
   * Every seat's concealed tiles after event `seq`, folded from the whole log from its hand's start (issue 12), by
   * table seat. Null while the hand is being played (a replay of the hand in play is a viewer's: public only), and
   * before the first hand.
   */
  openHands(seq: number): HostResult<ReplayHand[] | null> {
    const reduce = this.variant.replay?.hands ?? null;
    const target = Math.max(0, Math.min(seq, this.lastSeq));
    if (reduce === null || target > this.openUpTo) return ok(null);
    const start = this.handStartAtOrBefore(target);
    if (start === null) return ok(null);
    const read = this.read(start, target - start + 1);
    if (!read.ok) return read;
    let hands = null;
    for (const record of read.value) hands = reduce(hands, record, this.variant.tableSeats);
    return ok(hands === null ? null : [...hands.seats]);
  }

  /**
   * The steps of events `fromSeq..toSeq` for the viewer's stepping and key-event list (issue 12), their lines
   * naming the players. Events of a hand still being played are described in their public form (redactEvent).
   * Read `slice` records at a time with `pause()` between the slices (a long range never holds the event loop
   * the table link runs on).
   */
  async timeline(
    fromSeq: number,
    toSeq: number,
    pause: () => Promise<void> = async () => {},
    slice = 250,
  ): Promise<HostResult<ReplayStep[]>> {
    const to = Math.min(toSeq, this.lastSeq);
    if (to < fromSeq) return ok([]);
    const start = this.seek(fromSeq - 1);
    if (!start.ok) return start;
    const describe = this.variant.replay?.line ?? (() => null);
    const shownOf = (record: LoggedEvent): LogEvent | Record<string, unknown> | null =>
      record.seq <= this.openUpTo ? record.event : redactEvent(record.event, this.family);
    let model = start.value;
    const out: ReplayStep[] = [];
    for (let from = fromSeq; from <= to; from += slice) {
      const size = Math.min(slice, to - from + 1);
      // One record more: the verdict that may refuse the slice's last draw or discard.
      const read = this.read(from, size + 1);
      if (!read.ok) return read;
      const part = stepsOf(read.value, model, shownOf, describe, () => this.variant.tableSeats, size);
      out.push(...part.steps);
      model = part.model;
      if (from + size <= to) await pause();
    }
    return ok(out);
  }

  /**
   * Events for the timeline: whole when their hand is over (all hands open after the hand), in public form
   * while the hand is still being played.
   */
  events(fromSeq: number, limit: number): HostResult<ReplayEvent[]> {
    const read = this.log.read(this.session.id, fromSeq, limit);
    if (!read.ok) return hostFail('log_unreadable', read.message);
    return ok(this.replayEventsOf(read.value));
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
    for (let from = fromSeq, left = limit; left > 0;) {
      const size = Math.min(slice, left);
      const read = this.log.read(this.session.id, from, size);
      if (!read.ok) return hostFail('log_unreadable', read.message);
      out.push(...this.replayEventsOf(read.value));
      if (read.value.length < size) break;
      from += size;
      left -= size;
      if (left > 0) await pause();
    }
    return ok(out);
  }

  private replayEventsOf(records: readonly { seq: number; atMs: number; event: LogEvent }[]): ReplayEvent[] {
    const out: ReplayEvent[] = [];
    for (const record of records) {
      const shown = record.seq <= this.openUpTo ? record.event : redactEvent(record.event, this.family);
      if (shown === null) continue;
      // A redacted event's own description could name what it hides (a correction's note): its type stands in.
      const whole = shown === record.event;
      out.push({
        seq: record.seq,
        atMs: record.atMs,
        type: record.event.type,
        kind: timelineKind(record.event, this.family),
        text: (
          (whole ? describeEvent(record.event, this.family) : null) ??
          (record.event.type === 'link.stats' ? describeLinkStats(record.event) : record.event.type)
        ).slice(0, 500),
        event: shown as unknown as Json,
      });
    }
    return out;
  }

  /** Records `from..` (at most `limit`): the stored log's, or an import's replay records. */
  private read(from: number, limit: number): HostResult<readonly LoggedEvent[]> {
    if (this.imported !== null) return ok(this.imported.records.slice(from - 1, from - 1 + limit));
    const read = this.log.read(this.session.id, from, limit);
    return read.ok ? ok(read.value) : hostFail('log_unreadable', read.message);
  }

  private snapshotAtOrBefore(seq: number): { seq: number; model: PublicModel } | null {
    if (this.imported !== null) return this.importCheckpoints.findLast((c) => c.seq <= seq) ?? null;
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
    if (found === 0) return null;
    const state = this.db
      .prepare('SELECT state FROM machine_snapshots WHERE session_id = ? AND machine_version = ? AND seq = ?')
      .pluck()
      .get(this.session.id, PUBLIC_MODEL_VERSION, found) as string | undefined;
    return state === undefined ? null : { seq: found, model: JSON.parse(state) as PublicModel };
  }

  /** The seq of the last `hand.started` at or before `seq` (a backwards scan that stops at the first). */
  private handStartAtOrBefore(seq: number): number | null {
    if (this.imported !== null)
      return this.imported.rounds.findLast((r) => r.firstSeq <= seq)?.firstSeq ?? null;
    const found = this.db
      .prepare(
        `SELECT seq FROM events WHERE session_id = ? AND seq <= ? AND type = 'hand.started' ORDER BY seq DESC LIMIT 1`,
      )
      .pluck()
      .get(this.session.id, seq) as number | undefined;
    return found ?? null;
  }

  private importedHands(imported: ImportedReplay): HandSummary[] {
    const names = seatNames(imported.seating, [0, 1, 2, 3]);
    return imported.rounds.map((round) => ({
      // An import has no game rows: its one game is game 1.
      gameId: 1,
      game: 1,
      number: round.index + 1,
      firstSeq: round.firstSeq,
      lastSeq: round.lastSeq,
      label: (
        this.variant.replay?.label(round.handStarted) ?? `Round ${round.index + 1}`
      ).slice(0, 100),
      status: 'finished' as const,
      result: (this.variant.replay?.result(round.result, names) ?? '').slice(0, 500),
    }));
  }

  /** The hand list of a stored session, from its hand rows and the records that start, void and end hands. */
  private storedHands(): HandSummary[] {
    const rows = this.db
      .prepare(
        'SELECT h.game_id, h.number, h.first_seq, h.last_seq, h.result_summary FROM hands h JOIN games g ON g.id = h.game_id WHERE g.session_id = ? ORDER BY h.first_seq',
      )
      .all(this.session.id) as HandRow[];
    const finished = new Map(rows.map((r) => [r.first_seq, r]));
    // A deal only marks its hand as dealt: its tiles (a Minefield wall is 136 of them) are not read.
    const markers = this.db
      .prepare(
        `SELECT seq, family, type, CASE WHEN type IN (${DEAL_TYPES.map(() => '?').join(', ')}) THEN NULL ELSE payload END AS payload
           FROM events WHERE session_id = ? AND type IN (${MARKER_TYPES.map(() => '?').join(', ')}) ORDER BY seq`,
      )
      .all(...DEAL_TYPES, this.session.id, ...MARKER_TYPES) as {
      seq: number;
      family: string;
      type: string;
      payload: string | null;
    }[];
    const gameIds = gamesOfSession(this.db, this.session.id).map((g) => g.id);
    const replay = this.variant.replay;
    let seating: SeatInfo[] = [];
    let game = 0;
    let number = 0;
    let open: { firstSeq: number; label: string; dealt: boolean } | null = null;
    const out: HandSummary[] = [];
    const listed = new Set<number>();
    const close = (status: HandStatus, lastSeq: number, result: string): void => {
      if (open === null) return;
      // A hand that was never dealt (the session ended before the table prepared it) has nothing to show.
      if (status === 'finished' || status === 'voided' || open.dealt)
        out.push({
          gameId: gameIds[game - 1] ?? gameIds.at(-1) ?? 1,
          game: Math.max(1, game),
          number: number + 1,
          firstSeq: open.firstSeq,
          lastSeq: Math.max(open.firstSeq, lastSeq),
          label: open.label.slice(0, 100),
          status,
          result: result.slice(0, 500),
        });
      open = null;
    };
    for (const marker of markers) {
      if (marker.payload === null) {
        if (open !== null) open.dealt = true;
        continue;
      }
      let event: LogEvent;
      try {
        const checked = validateLogEvent(
          { type: marker.type, ...(JSON.parse(marker.payload) as object) },
          marker.family,
        );
        if (!checked.success) continue;
        event = checked.data;
      } catch {
        continue;
      }
      switch (event.type) {
        case 'host.sessionOpened':
          seating = event.seats.map((s) => ({
            seat: s.seat,
            playerId: s.playerId,
            name: s.name,
            bot: s.bot,
          }));
          break;
        case 'game.started':
          game++;
          number = 0;
          break;
        case 'hand.started': {
          // A hand still open here ended without a result or a void: it is listed as cut off.
          close('unfinished', marker.seq - 1, UNSEEN_RESULT.unfinished);
          const row = finished.get(marker.seq);
          open = { firstSeq: marker.seq, label: replay?.label(event) ?? `Hand ${number + 1}`, dealt: false };
          if (row !== undefined) {
            listed.add(row.first_seq);
            out.push({
              gameId: row.game_id,
              game: Math.max(1, game),
              number: row.number,
              firstSeq: row.first_seq,
              lastSeq: row.last_seq,
              label: open.label.slice(0, 100),
              status: 'finished',
              result: this.resultLine(row, seating).slice(0, 500),
            });
            number = row.number;
            open = null;
          }
          break;
        }
        case 'host.handVoided':
          close('voided', marker.seq, UNSEEN_RESULT.voided);
          break;
        case 'host.sessionEnded':
          close('unfinished', marker.seq, UNSEEN_RESULT.unfinished);
          break;
        default:
      }
    }
    if (open !== null) {
      const ended = this.session.endedAtMs !== null;
      close(
        ended ? 'unfinished' : 'inPlay',
        this.lastSeq,
        ended ? UNSEEN_RESULT.unfinished : UNSEEN_RESULT.inPlay,
      );
    }
    // Rows whose hand.started was not found (an older log): listed as they are.
    for (const row of rows)
      if (!listed.has(row.first_seq))
        out.push({
          gameId: row.game_id,
          number: row.number,
          firstSeq: row.first_seq,
          lastSeq: row.last_seq,
          status: 'finished',
          result: this.resultLine(row, seating).slice(0, 500),
        });
    return out.sort((a, b) => a.firstSeq - b.firstSeq);
  }

  /** A finished hand's result naming the players, from the result event its row keeps (the stored line otherwise). */
  private resultLine(row: HandRow, seating: readonly SeatInfo[]): string {
    let summary: { result?: unknown; event?: unknown };
    try {
      summary = JSON.parse(row.result_summary) as { result?: unknown; event?: unknown };
    } catch {
      return '';
    }
    const stored = typeof summary.result === 'string' ? summary.result : '';
    const event = summary.event as LogEvent | undefined;
    if (
      this.variant.replay === null ||
      typeof event !== 'object' ||
      event === null ||
      typeof event.type !== 'string'
    )
      return stored;
    try {
      return this.variant.replay.result(event, seatNames(seating, this.variant.tableSeats)) ?? stored;
    } catch {
      // A summary of another shape (an older version's): its own line.
      return stored;
    }
  }
}

/** An import's public model before each of its rounds, folded once when it is opened. */
function checkpointsOf(sessionId: number, imported: ImportedReplay): { seq: number; model: PublicModel }[] {
  const starts = new Set(imported.rounds.map((r) => r.firstSeq - 1));
  const out: { seq: number; model: PublicModel }[] = [];
  let model = initialPublicModel(sessionId);
  for (const record of imported.records) {
    if (starts.has(record.seq - 1) && record.seq > 1) out.push({ seq: record.seq - 1, model });
    model = applyPublic(model, record);
  }
  return out;
}
