// Session export: CSV of results, mjai JSON Lines, tenhou.net/6 JSON; each variant's exporter comes from the registry.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import type { ExportFormat } from '../../contract/ipc-contract.js';
import { getSession, latestSession, type EventLog } from '../storage/index.js';
import { hostFail, type HostResult } from '../errors.js';
import type { LogEvent, LoggedEvent } from '../session/log-events.js';
import { FAMILIES, variantEntry } from '../families/registry.js';
import { sessionImporter } from '../families/record-importers.js';

export interface ExportedFile {
  readonly sessionId: number;
  readonly fileName: string;
  readonly mediaType: string;
  readonly content: string;
}

export interface ExportOptions {
  /** tenhou.net/6 holds one game per file: the game (1, 2...) to export; absent: every game, one file each. */
  readonly game?: number;
  readonly progress?: (done: number, total: number) => void;
}

/** Reads a session's log in pages, reporting progress for long sessions. */
function readAll(
  log: EventLog<LogEvent>,
  sessionId: number,
  progress?: (done: number, total: number) => void,
): HostResult<LoggedEvent[]> {
  const total = log.lastSeq(sessionId);
  const out: LoggedEvent[] = [];
  const page = 20_000;
  for (let from = 1; from <= total; from += page) {
    const read = log.read(sessionId, from, page);
    if (!read.ok) return hostFail('log_unreadable', read.message);
    out.push(...read.value);
    progress?.(out.length, total);
  }
  return ok(out);
}

const MEDIA = { csv: 'text/csv', mjai: 'application/x-ndjson', tenhou: 'application/json' } as const;
/** The file name's ending of a one-file export. */
const SUFFIX = { csv: '.csv', mjai: '.mjai.jsonl', tenhou: '.json' } as const;

/** The families whose games tenhou.net/6 describes (a variant of theirs exports it), as the refusal names them. */
const tenhouFamilies = (): string =>
  FAMILIES.filter((family) => family.variants.some((v) => v.exports.tenhou !== undefined))
    .map((family) => `${family.id}-family`)
    .join(' and ');

/**
 * Exports a session (the latest when `sessionId` is undefined) in `format`: one file, or for tenhou.net/6 one per
 * game. Never an empty file: a session with nothing to export, a variant the format cannot describe, or a damaged
 * log is refused with its reason.
 */
export function exportSessionFiles(
  db: Database.Database,
  log: EventLog<LogEvent>,
  sessionId: number | undefined,
  format: ExportFormat,
  options: ExportOptions = {},
): HostResult<readonly ExportedFile[]> {
  const session = sessionId === undefined ? latestSession(db) : getSession(db, sessionId);
  if (session === undefined)
    return hostFail(
      'unknown_session',
      sessionId === undefined ? 'there is no session to export yet' : `there is no session ${sessionId}`,
    );
  // Every damaged event named at once, before any page is read (issue 12).
  const intact = log.verify(session.id);
  if (!intact.ok) return hostFail('log_unreadable', intact.message);
  const records = readAll(log, session.id, options.progress);
  if (!records.ok) return records;
  const base = `session-${session.id}-${session.variant}`;
  const file = (content: string, suffix: string): ExportedFile => ({
    sessionId: session.id,
    fileName: `${base}${suffix}`,
    mediaType: MEDIA[format],
    content,
  });
  const one = (content: HostResult<string>, suffix: string): HostResult<readonly ExportedFile[]> =>
    content.ok ? ok([file(content.value, suffix)]) : content;

  // An import exports from the record it was stored as, through its format's importer (one game).
  const importer = sessionImporter(session, records.value);
  if (importer !== null) {
    if (!importer.ok) return importer;
    if (options.game !== undefined && options.game !== 1)
      return hostFail('unknown_game', `session ${session.id} is one imported game; it has no game ${options.game}`);
    return one(importer.value.exports[format](session, records.value), SUFFIX[format]);
  }
  const exports = variantEntry(session.variant)?.exports;
  if (exports === undefined)
    return hostFail('export_unsupported', `session ${session.id} is ${session.variant}, which this program cannot export`);
  if (format === 'tenhou') {
    if (exports.tenhou === undefined)
      return hostFail(
        'export_unsupported',
        `tenhou.net/6 describes ${tenhouFamilies()} games; session ${session.id} is ${session.variant} — use --format mjai or csv`,
      );
    const games = exports.tenhou(session, records.value, options.game);
    if (!games.ok) return games;
    return ok(games.value.map((g) => file(g.content, `-game-${g.game}.json`)));
  }
  if (options.game !== undefined)
    return hostFail('export_unsupported', `--game picks a tenhou.net/6 game; ${format} holds the whole session`);
  return one(exports[format](session, records.value), SUFFIX[format]);
}

/**
 * One file of a session (the console's download, `export.session`): a tenhou.net/6 export of a session of several
 * games needs `game`, and is refused without it (`export_ambiguous`) rather than silently giving one of them.
 */
export function exportSession(
  db: Database.Database,
  log: EventLog<LogEvent>,
  sessionId: number | undefined,
  format: ExportFormat,
  progress?: (done: number, total: number) => void,
  game?: number,
): HostResult<ExportedFile> {
  const files = exportSessionFiles(db, log, sessionId, format, {
    ...(progress === undefined ? {} : { progress }),
    ...(game === undefined ? {} : { game }),
  });
  if (!files.ok) return files;
  if (files.value.length > 1)
    return hostFail(
      'export_ambiguous',
      `session ${files.value[0]!.sessionId} has ${files.value.length} games and a tenhou.net/6 file holds one: name the game (${files.value.map((f) => f.fileName.match(/game-(\d+)/)?.[1]).join(', ')})`,
    );
  return ok(files.value[0]!);
}
