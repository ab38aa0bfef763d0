// Schema migrations: numbered steps, each applied in its own transaction and recorded in `schema_version`.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';
import { eventChecksum } from './events.js';

/** One schema step. `up` runs inside the transaction that also records `version` in `schema_version`. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly up: (db: Database.Database) => void;
}

/** Written into the SQLite header (`PRAGMA application_id`) so a file can be told apart from other programs' databases: 'MJTB'. */
export const APPLICATION_ID = 0x4d4a5442;

const V1_CORE = `
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
  created_at_ms INTEGER NOT NULL
);
CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  variant TEXT NOT NULL,
  preset TEXT NOT NULL,
  table_id TEXT NOT NULL,
  started_at_ms INTEGER NOT NULL,
  ended_at_ms INTEGER CHECK (ended_at_ms IS NULL OR ended_at_ms >= started_at_ms)
);
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions(id),
  started_at_ms INTEGER NOT NULL,
  ended_at_ms INTEGER,
  final_result TEXT CHECK (final_result IS NULL OR json_valid(final_result)),
  CHECK ((ended_at_ms IS NULL) = (final_result IS NULL))
);
CREATE INDEX games_by_session ON games(session_id);
-- A NULL player is a guest or a bot: the seat plays but counts in nobody's standings.
CREATE TABLE game_seats (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  player_id INTEGER REFERENCES players(id),
  final_points INTEGER,
  placement INTEGER CHECK (placement IS NULL OR placement BETWEEN 1 AND 4),
  PRIMARY KEY (game_id, seat),
  UNIQUE (game_id, player_id)
) WITHOUT ROWID;
-- first_seq..last_seq: the hand's events in its session's log, so a replay can seek to a hand.
CREATE TABLE hands (
  game_id INTEGER NOT NULL REFERENCES games(id),
  number INTEGER NOT NULL CHECK (number >= 1),
  first_seq INTEGER NOT NULL CHECK (first_seq >= 1),
  last_seq INTEGER NOT NULL CHECK (last_seq >= first_seq),
  result_summary TEXT NOT NULL CHECK (json_valid(result_summary)),
  recorded_at_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, number)
) WITHOUT ROWID;
-- The source of truth. WITHOUT ROWID clusters rows by (session_id, seq), so a session reads in order
-- from one b-tree range; the primary key refuses a second event with the same seq.
CREATE TABLE events (
  session_id INTEGER NOT NULL REFERENCES sessions(id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  type TEXT NOT NULL CHECK (length(type) > 0),
  at_ms INTEGER NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
`;

const V2_SNAPSHOTS = `
-- A cache for start-up: the machine state after event \`seq\`, valid only for the same machine_version.
CREATE TABLE machine_snapshots (
  session_id INTEGER NOT NULL REFERENCES sessions(id),
  machine_version TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq >= 0),
  saved_at_ms INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (json_valid(state)),
  PRIMARY KEY (session_id, machine_version, seq)
) WITHOUT ROWID;
CREATE INDEX game_seats_by_player ON game_seats(player_id);
`;

/**
 * Each event row gets its checksum (events.ts `eventChecksum`), written with it from now on. The rows already there
 * are summed as they stand (the past cannot be checked, only protected from here on); the append-only trigger is
 * lifted for that one step and put back in the same transaction.
 */
function addEventChecksums(db: Database.Database): void {
  db.exec('ALTER TABLE events ADD COLUMN checksum BLOB');
  db.exec('DROP TRIGGER events_append_only_update');
  const rows = db
    .prepare('SELECT session_id, seq, type, at_ms, payload FROM events ORDER BY session_id, seq')
    .iterate() as IterableIterator<{ session_id: number; seq: number; type: string; at_ms: number; payload: string }>;
  const set = db.prepare('UPDATE events SET checksum = ? WHERE session_id = ? AND seq = ?');
  const pending: Array<[Buffer, number, number]> = [];
  for (const row of rows)
    pending.push([eventChecksum(row.session_id, row.seq, row.type, row.at_ms, row.payload), row.session_id, row.seq]);
  for (const args of pending) set.run(...args);
  db.exec(
    "CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;",
  );
}

const V4_PLAYER_CHANGES = `
-- A merged player keeps his row and his games; standings count them for the player he was merged into.
ALTER TABLE players ADD COLUMN merged_into INTEGER REFERENCES players(id);
-- Every rename and merge, who entered it and why: the audit trail of the club's player list.
CREATE TABLE player_changes (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players(id),
  action TEXT NOT NULL CHECK (action IN ('renamed', 'merged')),
  old_name TEXT NOT NULL,
  new_name TEXT,
  merged_into INTEGER REFERENCES players(id),
  operator TEXT NOT NULL CHECK (length(trim(operator)) > 0),
  reason TEXT,
  at_ms INTEGER NOT NULL,
  CHECK ((action = 'renamed') = (new_name IS NOT NULL)),
  CHECK ((action = 'merged') = (merged_into IS NOT NULL))
);
CREATE INDEX player_changes_by_player ON player_changes(player_id);
`;

/**
 * Each event row says which family's vocabulary it speaks (issue 14): the reader validates it by that family's schema
 * instead of guessing from its fields. The tag is a column beside the row, not a field of its JSON, so every logged
 * payload and checksum stays as written (the checksum covers the record; the family is the log's tag for it). The
 * column admits NULL only because SQLite cannot add a NOT NULL column without a default, and a default would be a
 * guess; the log writes a family with every row and refuses to read a row without one (events.ts). The append-only
 * trigger is lifted for the one UPDATE that tags the old rows and put back in the same transaction.
 *
 * Old rows take the family of their session's variant. This is the one place that maps old variants to families,
 * and it must stay frozen as the code that wrote them read them (host/session/log-events.ts `logFamilyOf` before
 * this step): Minefield's sessions speak Minefield's vocabulary, every other variant (riichi, sanma, mangan, clear,
 * tenpai-race, tenhou.net/6 imports) the riichi family's. New rows are tagged by their writer, which knows its family.
 */
const V5_EVENT_FAMILIES = `
ALTER TABLE events ADD COLUMN family TEXT CHECK (family IS NULL OR length(family) > 0);
DROP TRIGGER events_append_only_update;
UPDATE events SET family = CASE (SELECT variant FROM sessions WHERE id = events.session_id)
  WHEN 'minefield' THEN 'minefield' ELSE 'riichi' END;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
`;

/** Every schema step this program knows, in order. Never edit a released step: add a new one. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'players, sessions, games, seats, hands, append-only event log',
    up: (db) => db.exec(V1_CORE),
  },
  {
    version: 2,
    description: 'machine snapshots; seats indexed by player for standings',
    up: (db) => db.exec(V2_SNAPSHOTS),
  },
  {
    version: 3,
    description: 'a checksum on every logged event, verified whenever the log is read',
    up: addEventChecksums,
  },
  {
    version: 4,
    description: 'players renamed and merged, with their audit trail',
    up: (db) => db.exec(V4_PLAYER_CHANGES),
  },
  {
    version: 5,
    description: 'each logged event tagged with its family, old rows from their session variant',
    up: (db) => db.exec(V5_EVENT_FAMILIES),
  },
];

/** The schema version this program writes. */
export const SCHEMA_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1]!.version;

const VERSION_TABLE = `
CREATE TABLE IF NOT EXISTS schema_version (
  version INTEGER PRIMARY KEY,
  description TEXT NOT NULL,
  applied_at_ms INTEGER NOT NULL
)`;

/** The highest applied migration; 0 for a database without a `schema_version` table. */
export function readSchemaVersion(db: Database.Database): number {
  const table = db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'`)
    .get();
  if (table === undefined) return 0;
  const row = db.prepare('SELECT max(version) AS version FROM schema_version').get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

export interface MigrationOutcome {
  readonly from: number;
  readonly to: number;
}

/**
 * Brings the database up to the last of `migrations`, one transaction per step, so a crash or a failing
 * step leaves the database at the previous complete version. Refuses (without writing) a database whose
 * version is newer than the steps known here.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
  nowMs: () => number = Date.now,
): StorageResult<MigrationOutcome> {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `migrations must be numbered 1, 2, 3...: position ${index} holds version ${migration.version}`,
      );
    }
  });
  const latest = migrations.length;
  const from = readSchemaVersion(db);
  if (from > latest) {
    return storageFail(
      'db_newer_version',
      `the database has schema version ${from}; this program knows up to ${latest}. Use a newer mahjong-table.`,
    );
  }
  for (const migration of migrations.slice(from)) {
    const step = db.transaction(() => {
      db.exec(VERSION_TABLE);
      // Re-read inside the write lock: another process may have migrated since we looked.
      const current = readSchemaVersion(db);
      if (current >= migration.version) return;
      migration.up(db);
      db.prepare('INSERT INTO schema_version (version, description, applied_at_ms) VALUES (?, ?, ?)').run(
        migration.version,
        migration.description,
        nowMs(),
      );
    });
    try {
      step.immediate();
    } catch (error) {
      return storageFail(
        'migration_failed',
        `schema migration ${migration.version} (${migration.description}) failed and was rolled back: ${(error as Error).message}`,
      );
    }
  }
  return ok({ from, to: readSchemaVersion(db) });
}
