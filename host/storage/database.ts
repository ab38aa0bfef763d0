// Opens the club's SQLite database: refuses foreign, corrupt or newer files untouched, creates new ones atomically, migrates ours.
import Database from 'better-sqlite3';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  existsSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageError, type StorageResult } from './errors.js';
import { APPLICATION_ID, MIGRATIONS, migrate, readSchemaVersion, type Migration } from './migrations.js';
import { defaultDatabasePath } from './paths.js';

export interface OpenDatabaseOptions {
  /** The database file; default: `mahjong-table.sqlite` in the user's data folder (see paths.ts). */
  readonly path?: string;
  /** How long a statement waits for another process's lock before failing with `db_busy`. */
  readonly busyTimeoutMs?: number;
  /** The schema steps to apply; tests pass a prefix to build an older database. */
  readonly migrations?: readonly Migration[];
  readonly nowMs?: () => number;
}

export interface OpenedDatabase {
  readonly db: Database.Database;
  readonly path: string;
  /** True when this call created the file. */
  readonly created: boolean;
  /** The schema version found on disk before migrating (0 for a new file). */
  readonly migratedFrom: number;
  readonly schemaVersion: number;
}

export interface DatabaseFileReport {
  readonly schemaVersion: number;
  readonly pageSize: number;
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const HEADER_SIZE = 100;
const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** The default database path for this user and platform. */
export const defaultPathHere = (): string => defaultDatabasePath(process.platform, process.env, homedir());

/**
 * Opens (creating if absent) the database at `options.path`. An existing file is first inspected through
 * a read-only connection and refused, byte for byte unchanged, when it is not ours, corrupt or newer;
 * only then is it opened for writing and migrated.
 */
export function openDatabase(options: OpenDatabaseOptions = {}): StorageResult<OpenedDatabase> {
  const file = path.resolve(options.path ?? defaultPathHere());
  const migrations = options.migrations ?? MIGRATIONS;
  const nowMs = options.nowMs ?? Date.now;
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  let created = false;
  if (!existsSync(file)) {
    const made = createDatabaseFile(file, migrations, nowMs);
    if (!made.ok) return made;
    created = made.value;
  }
  const report = inspectDatabaseFile(file, migrations.length);
  if (!report.ok) return report;

  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, timeout: busyTimeoutMs });
    const configured = configureConnection(db, busyTimeoutMs);
    if (!configured.ok) {
      db.close();
      return configured;
    }
    const migrated = migrate(db, migrations, nowMs);
    if (!migrated.ok) {
      db.close();
      return migrated;
    }
    return ok({
      db,
      path: file,
      created,
      migratedFrom: created ? 0 : migrated.value.from,
      schemaVersion: migrated.value.to,
    });
  } catch (error) {
    db?.close();
    return fromSqliteError(error, file);
  }
}

/**
 * A second, read-only connection to a database another connection of this process opened (and migrated) with
 * `openDatabase`: heavy reads on a worker thread (host/server/read-worker.ts). WAL gives it a consistent view of every
 * committed transaction while the host appends; it can never write.
 */
export function openReadOnlyDatabase(file: string, busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS): StorageResult<Database.Database> {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    return ok(db);
  } catch (error) {
    return fromSqliteError(error, file);
  }
}

/**
 * Per-connection settings. WAL lets the screens read while the host appends. `synchronous = FULL`
 * fsyncs the WAL at every commit: with the WAL default (NORMAL) a committed event survives a crash of
 * the process but may be lost on a power cut, and a club's table loses power. macOS needs F_FULLFSYNC
 * for the same guarantee, since its plain fsync does not flush the drive's cache.
 */
function configureConnection(db: Database.Database, busyTimeoutMs: number): StorageResult<void> {
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') {
    return storageFail(
      'db_unreadable',
      `${db.name}: the file system does not support SQLite's WAL mode (journal_mode stayed '${String(mode)}')`,
    );
  }
  db.pragma('synchronous = FULL');
  if (process.platform === 'darwin') {
    db.pragma('fullfsync = ON');
    db.pragma('checkpoint_fullfsync = ON');
  }
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  return ok(undefined);
}

/**
 * Checks an existing file without writing to it: SQLite header, `PRAGMA quick_check`, our application id,
 * a schema version we know. Sidecar files (-wal, -shm) that the read-only connection had to create are
 * removed again when they hold nothing.
 */
export function inspectDatabaseFile(file: string, knownVersion: number): StorageResult<DatabaseFileReport> {
  const header = readHeader(file);
  if (!header.ok) return header;
  const pageSize = header.value.readUInt16BE(16) === 1 ? 65536 : header.value.readUInt16BE(16);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    return storageFail(
      'db_corrupt',
      `${file}: the SQLite header names an impossible page size (${pageSize}); the file is damaged`,
    );
  }
  const sidecarsBefore = existingSidecars(file);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: false }) as Array<{ quick_check: string }>;
    const problems = check.map((row) => row.quick_check).filter((line) => line !== 'ok');
    if (problems.length > 0) {
      return storageFail(
        'db_corrupt',
        `${file} failed SQLite's quick_check: ${problems.slice(0, 3).join('; ')}. The file was left untouched; restore a backup or move it away.`,
      );
    }
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    if (applicationId !== APPLICATION_ID) {
      return storageFail(
        'db_not_ours',
        `${file} is a SQLite database of another program (application_id ${applicationId}); refusing to use it`,
      );
    }
    const version = readSchemaVersion(db);
    if (version === 0) {
      return storageFail(
        'db_corrupt',
        `${file} carries mahjong-table's application id but no schema_version table; the file is damaged`,
      );
    }
    if (version > knownVersion) {
      return storageFail(
        'db_newer_version',
        `${file} has schema version ${version}; this program knows up to ${knownVersion}. Use a newer mahjong-table; the file was left untouched.`,
      );
    }
    return ok({ schemaVersion: version, pageSize });
  } catch (error) {
    return fromSqliteError(error, file);
  } finally {
    db?.close();
    removeEmptySidecarsCreatedSince(file, sidecarsBefore);
  }
}

/** `PRAGMA integrity_check` (thorough, O(size)) or `quick_check` on an open connection. */
export function checkIntegrity(db: Database.Database, depth: 'full' | 'quick' = 'full'): StorageResult<void> {
  const pragma = depth === 'full' ? 'integrity_check' : 'quick_check';
  const rows = db.pragma(pragma) as Array<Record<string, string>>;
  const problems = rows.map((row) => Object.values(row)[0]).filter((line) => line !== 'ok');
  if (problems.length > 0)
    return storageFail('db_corrupt', `${db.name} failed ${pragma}: ${problems.slice(0, 3).join('; ')}`);
  return ok(undefined);
}

function readHeader(file: string): StorageResult<Buffer> {
  let fd: number | undefined;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return storageFail('db_unreadable', `${file} is not a regular file`);
    if (stat.size === 0)
      return storageFail(
        'db_not_ours',
        `${file} is empty (0 bytes), not a mahjong-table database; refusing to use it`,
      );
    fd = openSync(file, 'r');
    const header = Buffer.alloc(HEADER_SIZE);
    const read = readSync(fd, header, 0, HEADER_SIZE, 0);
    if (read < SQLITE_MAGIC.length || !header.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
      return storageFail('db_not_ours', `${file} is not a SQLite database; refusing to use it`);
    }
    if (read < HEADER_SIZE)
      return storageFail('db_corrupt', `${file} is truncated inside its SQLite header (${read} bytes)`);
    return ok(header);
  } catch (error) {
    return storageFail('db_unreadable', `${file} cannot be read: ${(error as Error).message}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Builds a new database under a temporary name and links it into place, so a file at `file` is always a
 * complete, migrated database (a crash mid-creation leaves only the temporary file). Returns false when
 * another process created `file` first; that file is then inspected like any other.
 */
function createDatabaseFile(
  file: string,
  migrations: readonly Migration[],
  nowMs: () => number,
): StorageResult<boolean> {
  const folder = path.dirname(file);
  const temp = `${file}.${process.pid}.creating`;
  try {
    mkdirSync(folder, { recursive: true });
    for (const stale of [temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`])
      rmSync(stale, { force: true });
    const db = new Database(temp);
    try {
      db.pragma(`application_id = ${APPLICATION_ID}`);
      const migrated = migrate(db, migrations, nowMs);
      if (!migrated.ok) {
        db.close();
        rmSync(temp, { force: true });
        return migrated;
      }
      // Stored in the header: every later connection finds the file already in WAL mode.
      db.pragma('journal_mode = WAL');
    } finally {
      if (db.open) db.close();
    }
    fsyncPath(temp);
    try {
      // link() fails when the target exists, where rename() would silently replace another process's file.
      linkSync(temp, file);
      unlinkSync(temp);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        unlinkSync(temp);
        return ok(false);
      }
      if (existsSync(file)) {
        unlinkSync(temp);
        return ok(false);
      }
      // File systems without hard links (FAT, some network shares).
      renameSync(temp, file);
    }
    if (process.platform !== 'win32') fsyncPath(folder);
    return ok(true);
  } catch (error) {
    return storageFail('db_unreadable', `cannot create the database ${file}: ${(error as Error).message}`);
  }
}

function fsyncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const SIDECARS = ['-wal', '-shm'] as const;

function existingSidecars(file: string): Set<string> {
  return new Set(SIDECARS.filter((suffix) => existsSync(file + suffix)));
}

/** Removes the -wal/-shm a read-only probe created, but only when the -wal holds nothing (nobody wrote). */
function removeEmptySidecarsCreatedSince(file: string, before: Set<string>): void {
  try {
    if (before.has('-wal')) return;
    const wal = file + '-wal';
    if (existsSync(wal) && statSync(wal).size !== 0) return;
    for (const suffix of SIDECARS) if (!before.has(suffix)) rmSync(file + suffix, { force: true });
  } catch {
    // Leaving an empty sidecar behind is harmless; SQLite recreates or ignores it.
  }
}

/** Maps better-sqlite3's errors to stable codes; anything that is not a SqliteError is a broken invariant. */
export function fromSqliteError(error: unknown, file: string): StorageError {
  if (!(error instanceof Database.SqliteError)) throw error;
  const code = error.code;
  if (code === 'SQLITE_NOTADB')
    return storageFail(
      'db_not_ours',
      `${file} is not a SQLite database (${error.message}); refusing to use it`,
    );
  if (code.startsWith('SQLITE_CORRUPT'))
    return storageFail('db_corrupt', `${file} is damaged (${error.message}); the file was left untouched`);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return storageFail('db_busy', `${file} is locked by another process (${error.message})`);
  return storageFail('db_unreadable', `${file} cannot be used: ${code} ${error.message}`);
}
