// Import of a tenhou.net/6 game log as a replayable session, in one transaction; and its export back to tenhou.net/6.
import type Database from 'better-sqlite3';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ok } from '../../rules/result.js';
import { exportTenhou6Text, parseTenhou6, type GameRecord } from './formats/index.js';
import { checkPlayerName, createEventLog, endSession, startSession } from '../../host/storage/index.js';
import { hostFail, type HostResult } from '../../host/errors.js';
import type { LogEvent, LoggedEvent } from '../../host/session/log-events.js';
import { RIICHI_LOG } from './log.js';
import type { ImportedSession } from '../../host/families/record-importer.js';
/** JSON as zod's `z.json()` types it (mutable arrays). */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Reads FILE and stores it as a new, ended session. A corrupt or newer file is refused and nothing is written. */
export function importTenhou6File(
  db: Database.Database,
  file: string,
  now: number,
  progress?: (done: number, total: number) => void,
): HostResult<ImportedSession> {
  // Refused by its size before a byte is read: the whole file is parsed in memory (a 22 MB file once took 1.2 GB).
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    return hostFail('import_failed', `cannot read ${file}: ${(error as Error).message}`);
  }
  if (size > MAX_IMPORT_BYTES)
    return hostFail(
      'import_too_large',
      `${file} was not imported: ${size} bytes; a tenhou.net/6 game log is at most ${MAX_IMPORT_BYTES} bytes (a real game takes about 10 kB)`,
    );
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return hostFail('import_failed', `cannot read ${file}: ${(error as Error).message}`);
  }
  const parsed = parseTenhou6(text);
  if (!parsed.ok) {
    const code = parsed.code === 'unsupported_version' ? 'import_newer_version' : 'import_corrupt';
    return hostFail(code, `${file} was not imported (${parsed.code}): ${parsed.message}`);
  }
  const players = checkImportedNames(parsed.value.players);
  if (!players.ok) return hostFail('import_invalid', `${file} was not imported: ${players.message}`);
  return importGameRecord(
    db,
    { ...parsed.value, players: players.value },
    path.basename(file),
    now,
    progress,
  );
}

/** The largest file `import` reads: 100 times a real game's log, far below what would strain memory. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/** Each player's name passes the club's own check (storage `checkPlayerName`), as the file names them, trimmed. */
function checkImportedNames(names: readonly string[]): HostResult<string[]> {
  const out: string[] = [];
  for (const [seat, name] of names.entries()) {
    const checked = checkPlayerName(name);
    if (!checked.ok) return hostFail('import_invalid', `seat ${seat}'s name: ${checked.message}`);
    out.push(checked.value);
  }
  return ok(out);
}

export function importGameRecord(
  db: Database.Database,
  record: GameRecord,
  fileName: string,
  now: number,
  progress?: (done: number, total: number) => void,
): HostResult<ImportedSession> {
  const { rounds, ...header } = record;
  const events: LogEvent[] = [
    { type: 'record.gameImported', format: 'tenhou6', fileName, game: header as unknown as Json },
    ...rounds.map((round, index): LogEvent => ({
      type: 'record.round',
      index,
      round: round as unknown as Json,
    })),
  ];
  // An imported game is this family's: its records are logged under the riichi vocabulary.
  const log = createEventLog<LogEvent>(db, (value) => RIICHI_LOG.schema.safeParse(value), 'riichi');
  let failure: HostResult<never> | null = null;
  let sessionId = 0;
  const write = db.transaction(() => {
    const session = startSession(db, {
      variant: 'riichi',
      preset: 'tenhou',
      tableId: `import:${fileName}`.slice(0, 256),
      startedAtMs: now,
    });
    sessionId = session.id;
    const appended = log.appendBatch(
      session.id,
      1,
      events.map((event) => ({ atMs: now, event })),
    );
    if (!appended.ok) {
      failure = hostFail('import_failed', appended.message);
      throw new Error('rollback');
    }
    progress?.(events.length, events.length);
    const ended = endSession(db, session.id, now);
    if (!ended.ok) {
      failure = hostFail('import_failed', ended.message);
      throw new Error('rollback');
    }
  });
  try {
    write();
  } catch (error) {
    return failure ?? hostFail('import_failed', `${fileName} was not imported: ${(error as Error).message}`);
  }
  return ok({ sessionId, rounds: rounds.length, players: record.players });
}

/** The GameRecord of an imported session, or null when the log is not an import. */
export function importedRecord(records: readonly LoggedEvent[]): GameRecord | null {
  const first = records[0]?.event;
  if (first?.type !== 'record.gameImported') return null;
  const rounds = records.flatMap((r) => (r.event.type === 'record.round' ? [r.event.round] : []));
  return { ...(first.game as object), rounds } as unknown as GameRecord;
}

/** tenhou.net/6 text of an imported game, written back from the record it was stored as. */
export function importedTenhou6Text(record: GameRecord): HostResult<string> {
  const text = exportTenhou6Text(record);
  return text.ok ? ok(text.value) : hostFail('export_unsupported', text.message);
}
