// Club players: a unique name (case-insensitive) and when they joined.
import type Database from 'better-sqlite3';
import { ok } from '../../rules/result.js';
import { storageFail, type StorageResult } from './errors.js';

export interface Player {
  readonly id: number;
  readonly name: string;
  readonly createdAtMs: number;
  /** The player this one was merged into (his games count for that player), or null. */
  readonly mergedInto: number | null;
}

interface PlayerRow {
  id: number;
  name: string;
  created_at_ms: number;
  merged_into: number | null;
}

const PLAYER_COLUMNS = 'id, name, created_at_ms, merged_into';

const toPlayer = (row: PlayerRow): Player => ({
  id: row.id,
  name: row.name,
  createdAtMs: row.created_at_ms,
  mergedInto: row.merged_into,
});

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
  // Only the name column: a database built with an older prefix of the migrations (tests) adds players too.
  const taken = db.prepare('SELECT name FROM players WHERE name = ?').pluck().get(trimmed) as string | undefined;
  if (taken !== undefined)
    return storageFail('player_name_taken', `there is already a player named ${JSON.stringify(taken)}`);
  const info = db
    .prepare('INSERT INTO players (name, created_at_ms) VALUES (?, ?)')
    .run(trimmed, createdAtMs);
  return ok({ id: Number(info.lastInsertRowid), name: trimmed, createdAtMs, mergedInto: null });
}

export function getPlayer(db: Database.Database, playerId: number): Player | undefined {
  const row = db.prepare(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = ?`).get(playerId) as PlayerRow | undefined;
  return row && toPlayer(row);
}

export function findPlayerByName(db: Database.Database, name: string): Player | undefined {
  const row = db.prepare(`SELECT ${PLAYER_COLUMNS} FROM players WHERE name = ?`).get(name.normalize('NFC').trim()) as
    PlayerRow | undefined;
  return row && toPlayer(row);
}

/** The club's players by name; merged players (kept for their history) only when asked. */
export function listPlayers(db: Database.Database, options: { includeMerged?: boolean } = {}): readonly Player[] {
  const where = options.includeMerged === true ? '' : 'WHERE merged_into IS NULL';
  return (db.prepare(`SELECT ${PLAYER_COLUMNS} FROM players ${where} ORDER BY name`).all() as PlayerRow[]).map(
    toPlayer,
  );
}

/** Who entered a change to the player list, and why (kept in `player_changes`). */
export interface PlayerChangeAudit {
  readonly operator: string;
  readonly reason?: string;
  readonly atMs: number;
}

export interface PlayerChange {
  readonly playerId: number;
  readonly action: 'renamed' | 'merged';
  readonly oldName: string;
  readonly newName: string | null;
  readonly mergedInto: number | null;
  readonly operator: string;
  readonly reason: string | null;
  readonly atMs: number;
}

/** A player who can still be changed: he exists and was not merged away. */
function livePlayer(db: Database.Database, playerId: number): StorageResult<Player> {
  const player = getPlayer(db, playerId);
  if (player === undefined) return storageFail('unknown_player', `no player ${playerId}`);
  if (player.mergedInto !== null)
    return storageFail(
      'player_merged',
      `player ${playerId} (${JSON.stringify(player.name)}) was merged into player ${player.mergedInto}; change that player instead`,
    );
  return ok(player);
}

function checkAudit(audit: PlayerChangeAudit): StorageResult<void> {
  if (audit.operator.trim().length === 0 || audit.operator.length > 64)
    return storageFail('invalid_name', 'a change to the player list names who entered it (1 to 64 characters)');
  return ok(undefined);
}

const recordChange = (db: Database.Database, change: Omit<PlayerChange, 'atMs' | 'operator' | 'reason'>, audit: PlayerChangeAudit) =>
  db
    .prepare(
      'INSERT INTO player_changes (player_id, action, old_name, new_name, merged_into, operator, reason, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(change.playerId, change.action, change.oldName, change.newName, change.mergedInto, audit.operator.trim(), audit.reason ?? null, audit.atMs);

/**
 * Renames a player (audited): the name passes `checkPlayerName` and is not another player's. Games keep the name a
 * session logged at the table (its log is the record of that evening); standings and the player list show the new one.
 */
export function renamePlayer(
  db: Database.Database,
  playerId: number,
  name: string,
  audit: PlayerChangeAudit,
): StorageResult<Player> {
  const checked = checkPlayerName(name);
  if (!checked.ok) return checked;
  const audited = checkAudit(audit);
  if (!audited.ok) return audited;
  const rename = db.transaction((): StorageResult<Player> => {
    const player = livePlayer(db, playerId);
    if (!player.ok) return player;
    const taken = findPlayerByName(db, checked.value);
    if (taken !== undefined && taken.id !== playerId)
      return storageFail('player_name_taken', `there is already a player named ${JSON.stringify(taken.name)}`);
    db.prepare('UPDATE players SET name = ? WHERE id = ?').run(checked.value, playerId);
    recordChange(db, { playerId, action: 'renamed', oldName: player.value.name, newName: checked.value, mergedInto: null }, audit);
    return ok({ ...player.value, name: checked.value });
  });
  return rename.immediate();
}

/**
 * Merges player `fromId` into `intoId` (audited), e.g. one person entered twice: `from` keeps his row and games,
 * marked merged, and standings count his games for `into`. Refused when both sat in one game (one person cannot
 * have held two seats), when either was merged away already, or for a player into himself.
 */
export function mergePlayers(
  db: Database.Database,
  fromId: number,
  intoId: number,
  audit: PlayerChangeAudit,
): StorageResult<Player> {
  if (fromId === intoId) return storageFail('bad_merge', `player ${fromId} cannot be merged into himself`);
  const audited = checkAudit(audit);
  if (!audited.ok) return audited;
  const merge = db.transaction((): StorageResult<Player> => {
    const from = livePlayer(db, fromId);
    if (!from.ok) return from;
    const into = livePlayer(db, intoId);
    if (!into.ok) return into;
    const shared = db
      .prepare(
        `SELECT a.game_id FROM game_seats a JOIN game_seats b ON a.game_id = b.game_id
          WHERE a.player_id IN (SELECT id FROM players WHERE id = @from OR merged_into = @from)
            AND b.player_id IN (SELECT id FROM players WHERE id = @into OR merged_into = @into)
          ORDER BY a.game_id LIMIT 5`,
      )
      .pluck()
      .all({ from: fromId, into: intoId }) as number[];
    if (shared.length > 0)
      return storageFail(
        'bad_merge',
        `${JSON.stringify(from.value.name)} and ${JSON.stringify(into.value.name)} sat at the same table (game ${shared.join(', ')}): they are two people`,
      );
    // Players merged into `from` earlier follow him, so no chain is ever longer than one step.
    db.prepare('UPDATE players SET merged_into = ? WHERE id = ? OR merged_into = ?').run(intoId, fromId, fromId);
    recordChange(db, { playerId: fromId, action: 'merged', oldName: from.value.name, newName: null, mergedInto: intoId }, audit);
    return ok(into.value);
  });
  return merge.immediate();
}

/** A player's renames and merges, oldest first (the audit trail). */
export function playerChanges(db: Database.Database, playerId?: number): readonly PlayerChange[] {
  const rows = db
    .prepare(
      `SELECT player_id, action, old_name, new_name, merged_into, operator, reason, at_ms FROM player_changes
        ${playerId === undefined ? '' : 'WHERE player_id = ? OR merged_into = ?'} ORDER BY id`,
    )
    .all(...(playerId === undefined ? [] : [playerId, playerId])) as Array<{
    player_id: number;
    action: 'renamed' | 'merged';
    old_name: string;
    new_name: string | null;
    merged_into: number | null;
    operator: string;
    reason: string | null;
    at_ms: number;
  }>;
  return rows.map((r) => ({
    playerId: r.player_id,
    action: r.action,
    oldName: r.old_name,
    newName: r.new_name,
    mergedInto: r.merged_into,
    operator: r.operator,
    reason: r.reason,
    atMs: r.at_ms,
  }));
}
