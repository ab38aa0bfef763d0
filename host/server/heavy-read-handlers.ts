// The heavy reads of the contract (replays, standings, exports) over one database connection: the read worker's own, or the host's when no worker can run.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import type { HostHandlers } from '../../contract/host-api.js';
import type { IpcReply, StandingRow } from '../../contract/ipc-contract.js';
import { clubStandings, type EventLog } from '../storage/index.js';
import { standingsReport, tournamentScoring } from '../reports/standings-report.js';
import type { HostResult } from '../errors.js';
import { exportSession } from '../reports/export.js';
import type { LogEvent } from '../session/log-events.js';
import { ReplayCursor, sessionSummaries } from '../replay/replay.js';
import { toPublicState } from '../view/public-model.js';
import type { HeavyReadChannel } from './request-limits.js';

export type HeavyReadHandlers = Pick<HostHandlers, HeavyReadChannel>;

const reply = <T>(result: HostResult<T>): IpcReply<T> =>
  result.ok ? result : { ok: false, code: result.code, message: result.message };

/**
 * `pause` runs between slices of a large `replay.events` page or `replay.timeline` range: on the host's own thread it yields to the event
 * loop (the table link runs there); on the read worker's thread nothing waits on it.
 */
export function createHeavyReadHandlers(
  db: Database.Database,
  log: EventLog<LogEvent>,
  pause: () => Promise<void>,
): HeavyReadHandlers {
  /** Replay cursors stay open between calls, so stepping through a session does not reopen it each time. */
  const cursors = new Map<number, ReplayCursor>();
  const cursor = (sessionId: number): HostResult<ReplayCursor> => {
    const cached = cursors.get(sessionId);
    // A live session grows: reopen when the log moved on.
    if (cached && cached.storedLastSeq === log.lastSeq(sessionId)) return ok(cached);
    const opened = ReplayCursor.open(db, log, sessionId);
    if (opened.ok) {
      if (cursors.size > 8) cursors.clear();
      cursors.set(sessionId, opened.value);
    }
    return opened;
  };

  return {
    'standings.list': async ({ scoring }) => {
      const standings = clubStandings(db, scoring === 'tournament' ? { finalScoring: tournamentScoring } : {});
      return ok({ standings: standings.map((s): StandingRow => ({ ...s, placements: [...s.placements] })) });
    },
    'standings.report': async (query) => {
      const report = standingsReport(db, query);
      return ok({
        variants: report.variants.map((v) => ({
          ...v,
          standings: v.standings.map((s): StandingRow => ({ ...s, placements: [...s.placements] })),
        })),
        unfinished: [...report.unfinished],
      });
    },
    'replay.listSessions': async () => ok({ sessions: sessionSummaries(db) }),
    'replay.listHands': async ({ sessionId }) => {
      const opened = cursor(sessionId);
      if (!opened.ok) return reply(opened);
      return ok({ sessionId, lastSeq: opened.value.lastSeq, hands: [...opened.value.hands] });
    },
    'replay.open': async ({ sessionId, seq }) => {
      const opened = cursor(sessionId);
      if (!opened.ok) return reply(opened);
      const model = opened.value.seek(seq);
      if (!model.ok) return reply(model);
      const hands = opened.value.openHands(seq);
      if (!hands.ok) return reply(hands);
      return ok({
        sessionId,
        seq: model.value.eventSeq,
        lastSeq: opened.value.lastSeq,
        state: toPublicState(model.value, model.value.eventSeq),
        hands: hands.value,
      });
    },
    'replay.timeline': async ({ sessionId, fromSeq, toSeq }) => {
      const opened = cursor(sessionId);
      if (!opened.ok) return reply(opened);
      const steps = await opened.value.timeline(fromSeq, toSeq, pause);
      return steps.ok ? ok({ sessionId, steps: steps.value }) : reply(steps);
    },
    'replay.events': async ({ sessionId, fromSeq, limit }) => {
      const opened = cursor(sessionId);
      if (!opened.ok) return reply(opened);
      const events = await opened.value.eventsInSlices(fromSeq, limit, pause);
      return events.ok ? ok({ sessionId, events: events.value }) : reply(events);
    },
    'export.session': async ({ sessionId, format, game }) => {
      const file = exportSession(db, log, sessionId, format, undefined, game);
      return file.ok ? ok(file.value) : reply(file);
    },
  };
}
