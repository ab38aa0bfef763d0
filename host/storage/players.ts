// Club players: a unique name (case-insensitive) and when they joined.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';

export interface Player {
  readonly id: number;
  readonly name: string;
  readonly createdAtMs: number;
}

interface PlayerRow {
  id: number;
  name: string;
  created_at_ms: number;
}

const toPlayer = (row: PlayerRow): Player => ({ id: row.id, name: row.name, createdAtMs: row.created_at_ms });

/** The longest player name, in characters (code points), after trimming. */
export const PLAYER_NAME_MAX = 64;

/**
 * Characters a player's name may not hold: control characters (a newline would split a CSV row or a log line), the
 * bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069, and the marks U+200E, U+200F, U+061C, which
 * can turn "Aiko" into "okiA" on a screen), line and paragraph separators, and `<` `>` (no club name needs markup;
 * the screens escape anyway, this keeps a stored name harmless wherever it is pasted).
 */
const FORBIDDEN_IN_NAME = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u2028\u2029<>]/u;

/**
 * A player's name as stored: trimmed, NFC-normalised, 1 to 64 characters, none of `FORBIDDEN_IN_NAME`. The one check
 * for every way a name comes in (players add and rename, the console, imported logs). Example: " Aiko " → "Aiko";
 * "A\u202Eiko" → invalid_name.
 */
export function checkPlayerName(name: string): StorageResult<string> {
  const trimmed = name.normalize('NFC').trim();
  const length = [...trimmed].length;
  if (length === 0 || length > PLAYER_NAME_MAX)
    return storageFail(
      'invalid_name',
      `a player's name needs 1 to ${PLAYER_NAME_MAX} characters, got ${length === 0 ? 'none' : length}${length > PLAYER_NAME_MAX ? '' : ` (${JSON.stringify(name)})`}`,
    );
  const bad = FORBIDDEN_IN_NAME.exec(trimmed);
  if (bad !== null)
    return storageFail(
      'invalid_name',
      `a player's name may not hold U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} (control, bidirectional-override or markup characters): ${JSON.stringify(trimmed.slice(0, PLAYER_NAME_MAX))}`,
    );
  return ok(trimmed);
}

/** Adds a player; names are checked (`checkPlayerName`) and compared without case ("Aiko" and "aiko" are one player). */
export function addPlayer(db: Database.Database, name: string, createdAtMs: number): StorageResult<Player> {
  const checked = checkPlayerName(name);
  if (!checked.ok) return checked;
  const trimmed = checked.value;
  const taken = findPlayerByName(db, trimmed);
  if (taken !== undefined)
    return storageFail('player_name_taken', `there is already a player named ${JSON.stringify(taken.name)}`);
  const info = db
    .prepare('INSERT INTO players (name, created_at_ms) VALUES (?, ?)')
    .run(trimmed, createdAtMs);
  return ok({ id: Number(info.lastInsertRowid), name: trimmed, createdAtMs });
}

export function getPlayer(db: Database.Database, playerId: number): Player | undefined {
  const row = db.prepare('SELECT id, name, created_at_ms FROM players WHERE id = ?').get(playerId) as
    PlayerRow | undefined;
  return row && toPlayer(row);
}

export function findPlayerByName(db: Database.Database, name: string): Player | undefined {
  const row = db.prepare('SELECT id, name, created_at_ms FROM players WHERE name = ?').get(name.trim()) as
    PlayerRow | undefined;
  return row && toPlayer(row);
}

export function listPlayers(db: Database.Database): readonly Player[] {
  return (db.prepare('SELECT id, name, created_at_ms FROM players ORDER BY name').all() as PlayerRow[]).map(
    toPlayer,
  );
}
