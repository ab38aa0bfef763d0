// Turns a SQLite error thrown by a write into a stable code; anything else is a broken invariant and is rethrown.
import Database from 'better-sqlite3';
import { storageFail, type StorageError, type StorageErrorCode } from './errors.js';

/** `duplicate`: the code for a primary-key or unique clash, which the caller's checks should have caught first. */
export function writeFailure(error: unknown, what: string, duplicate: StorageErrorCode): StorageError {
  if (!(error instanceof Database.SqliteError)) throw error;
  const code = error.code;
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return storageFail(duplicate, `${what}: already stored (${error.message})`);
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return storageFail('db_busy', `${what}: the database is locked by another process (${error.message})`);
  }
  if (code.startsWith('SQLITE_CORRUPT'))
    return storageFail('db_corrupt', `${what}: the database is damaged (${error.message})`);
  if (
    code === 'SQLITE_FULL' ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_READONLY') ||
    code === 'SQLITE_CANTOPEN'
  ) {
    return storageFail(
      'db_write_failed',
      `${what}: the write failed and was rolled back: ${code} ${error.message}`,
    );
  }
  throw error;
}
