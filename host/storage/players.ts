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

/** Adds a player; names are trimmed and compared without case ("Aiko" and "aiko" are one player). */
export function addPlayer(db: Database.Database, name: string, createdAtMs: number): StorageResult<Player> {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 64)
    return storageFail(
      'invalid_name',
      `a player's name needs 1 to 64 characters, got ${JSON.stringify(name)}`,
    );
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
