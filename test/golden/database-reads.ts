// What the current code reads from the golden database (host.sqlite.gz): its sessions, records, replays, exports and standings, as artifacts.
import type Database from 'better-sqlite3';
import { EXPORT_FORMATS } from '../../contract/ipc-contract.js';
import { exportSessionFiles } from '../../host/reports/export.js';
import { coreInputOf } from '../../host/session/operator-overrides.js';
import { isSourceEvent, type LogEvent, type LoggedEvent, type SourceEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { ReplayCursor, sessionSummaries } from '../../host/replay/replay.js';
import {
  clubStandings,
  finishedGames,
  gamesOfSession,
  handsOfGame,
  listPlayers,
  listSessions,
  unfinishedGames,
  type EventLog,
  type Session,
} from '../../host/storage/index.js';
import { familyOfVariant, variantEntry } from '../../host/families/registry.js';
import { canonicalJson, jsonLines, type Artifacts } from './golden-files.js';
import { exported, foldArtifacts } from './log-artifacts.js';

/** A session's log as stored; throws when it cannot be read (the test then fails on that message). */
export function storedLog(log: EventLog<LogEvent>, sessionId: number): readonly LoggedEvent[] {
  const read = log.read(sessionId);
  if (!read.ok) throw new Error(`session ${sessionId}: ${read.message}`);
  return read.value;
}

/**
 * The recovery path of `Host.resumeOpenSession` (host.ts `rebuild`) without a table: each source event of the log
 * stepped through a fresh core of the session's variant, preset and play options, its derived events collected in
 * order, each as the log stores it (validated at the boundary, whose schema orders its keys) and as JSON.
 */
export function rederived(records: readonly LoggedEvent[]): string[] {
  const opened = records[0]!.event;
  if (opened.type !== 'host.sessionOpened') throw new Error('the log does not begin with host.sessionOpened');
  const entry = variantEntry(opened.variant)!;
  const core = entry.createCore(
    {
      startAtMs: records[0]!.atMs,
      ...(entry.requiredFeatures === undefined ? {} : { requiredFeatures: entry.requiredFeatures }),
    },
    opened.preset,
    { handsPerGame: opened.handsPerGame, tagTeam: opened.tagTeam === true },
  );
  const derived: string[] = [];
  for (const record of records)
    if (isSourceEvent(record.event))
      for (const event of core.step(record.seq, record.atMs, coreInputOf(record.event as SourceEvent))
        .derived) {
        const checked = validateLogEvent(event, familyOfVariant(opened.variant)!.id);
        derived.push(checked.success ? JSON.stringify(checked.data) : `invalid ${JSON.stringify(event)}`);
      }
  core.stop();
  return derived;
}

/** The replay viewer's cursor over a session (replay.ts): its hands, the final model, open hands at each hand's end, the timeline. */
async function replayArtifacts(
  db: Database.Database,
  log: EventLog<LogEvent>,
  session: Session,
): Promise<Artifacts> {
  const opened = ReplayCursor.open(db, log, session.id);
  if (!opened.ok) return { 'replay.json': canonicalJson({ refused: opened.code, message: opened.message }) };
  const cursor = opened.value;
  const final = cursor.seek(cursor.lastSeq);
  const openHands = cursor.hands.map((hand) => ({
    lastSeq: hand.lastSeq,
    hands: cursor.openHands(hand.lastSeq),
  }));
  const timeline = await cursor.timeline(1, cursor.lastSeq);
  const events = cursor.events(1, cursor.lastSeq);
  return {
    'replay.hands.json': canonicalJson({ lastSeq: cursor.lastSeq, hands: cursor.hands, openHands }, 1),
    'replay.final.json': canonicalJson(final, 1),
    'replay.timeline.jsonl': timeline.ok ? jsonLines(timeline.value) : canonicalJson(timeline),
    'replay.events.jsonl': events.ok ? jsonLines(events.value) : canonicalJson(events),
  };
}

/** Each export format through the host's export path (export.ts), every tenhou.net/6 game: the files, the refusal or the throw. */
function exportFiles(db: Database.Database, log: EventLog<LogEvent>, session: Session): Artifacts {
  return Object.fromEntries(
    EXPORT_FORMATS.map((format) => {
      const text = exported(
        () => exportSessionFiles(db, log, session.id, format),
        (files) => files.map((f) => `${f.fileName} ${f.mediaType}\n${f.content}`).join('\n'),
      );
      return [`export.${format}`, text];
    }),
  );
}

/** Everything read from the database, keyed `<what>` for the whole file and `session-<id>/<what>` per session. */
export async function databaseArtifacts(db: Database.Database, log: EventLog<LogEvent>): Promise<Artifacts> {
  const artifacts: Record<string, string> = {
    'sessions.json': canonicalJson({ sessions: listSessions(db), summaries: sessionSummaries(db) }, 1),
    'players.json': canonicalJson(listPlayers(db, { includeMerged: true }), 1),
    'standings.json': canonicalJson(
      { standings: clubStandings(db), finished: finishedGames(db), unfinished: unfinishedGames(db) },
      1,
    ),
  };
  for (const session of listSessions(db)) {
    const records = storedLog(log, session.id);
    const games = gamesOfSession(db, session.id).map((game) => ({ game, hands: handsOfGame(db, game.id) }));
    const own: Artifacts = {
      // The records as stored (their key order is the stored JSON's): a log is bytes, not only meaning.
      'records.jsonl': records.map((r) => JSON.stringify(r)).join('\n'),
      'games.json': canonicalJson(games, 1),
      ...exportFiles(db, log, session),
      ...(await replayArtifacts(db, log, session)),
      ...(variantEntry(session.variant) === undefined || session.tableId.startsWith('import:')
        ? {}
        : foldArtifacts(session, records)),
    };
    for (const [key, text] of Object.entries(own)) artifacts[`session-${session.id}/${key}`] = text;
  }
  return artifacts;
}
