// The seam for game records made elsewhere (tenhou.net/6 files): a family declares the formats it imports
// (`GameFamily.importers`), and the CLI, the replay viewer and the exports find each importer through the registry
// (host/families/record-importers.ts), by format name or by the session an import stored.
import type Database from 'better-sqlite3';
import type { ExportFormat, SeatInfo } from '../../contract/ipc-contract.js';
import type { HostResult } from '../errors.js';
import type { LogEvent, LoggedEvent } from '../session/log-events.js';
import type { Session } from '../storage/index.js';

/** A game record stored as a new, ended session. */
export interface ImportedSession {
  readonly sessionId: number;
  readonly rounds: number;
  readonly players: readonly string[];
}

/** A round of an import as the replay lists it: its range among the replay's records, and the records naming it. */
export interface ImportedRound {
  readonly index: number;
  readonly firstSeq: number;
  readonly lastSeq: number;
  /** Its result record, for the hand list's result line. */
  readonly result: LogEvent;
  /** Its `hand.started`, for the hand list's label. */
  readonly handStarted: LogEvent;
}

/** An imported session as the replay viewer steps through it: one game, its rounds its hands. */
export interface ImportedReplay {
  /** The replay's records, seqs 1..n (not the stored log's: an import may store a round as one record). */
  readonly records: readonly LoggedEvent[];
  readonly rounds: readonly ImportedRound[];
  readonly seating: readonly SeatInfo[];
}

/**
 * One file's check (`mahjong-table tenhou6`): refused whole with a code, or what the format's own check counted.
 * The CLI prints it as one JSON line.
 */
export type RecordCheck =
  | { readonly ok: false; readonly code: string; readonly message: string }
  | ({ readonly ok: true } & Readonly<Record<string, unknown>>);

/** An import's export in one format, from the stored log of the session it made. */
export type ImportedExport = (session: Session, records: readonly LoggedEvent[]) => HostResult<string>;

/** A game-record format a family imports, with everything generic code asks of a session it stored. */
export interface RecordImporter {
  /** Its name on the command line and in the log (`record.gameImported`'s `format`): `tenhou6`. */
  readonly format: string;
  /** Stores FILE as a new, ended session, all or nothing: a corrupt or newer file is refused and nothing is written. */
  importFile(
    db: Database.Database,
    file: string,
    now: number,
    progress?: (done: number, total: number) => void,
  ): HostResult<ImportedSession>;
  /** Reads one file's text strictly, replays it and checks its recorded results. */
  check(text: string): RecordCheck;
  /**
   * The replay of a session it stored (the whole stored log); null when the log is not its import. A round that no
   * longer replays ends the replay there.
   */
  replay(stored: readonly LoggedEvent[]): ImportedReplay | null;
  /** The session's exports, each as one file (an import is one game). */
  readonly exports: Readonly<Record<ExportFormat, ImportedExport>>;
}
