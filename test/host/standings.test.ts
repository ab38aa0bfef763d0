// Standings per variant, for a session or a date range, and players renamed and merged with their history kept (issue 12).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  addPlayer,
  endGame,
  endSession,
  listPlayers,
  mergePlayers,
  openDatabase,
  playerChanges,
  renamePlayer,
  startGame,
  startSession,
  type Seat,
} from '../../host/storage/index.js';
import { standingsReport } from '../../host/standings-report.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('standings-');
const ROOT = path.resolve(import.meta.dirname, '../..');
const audit = (atMs: number) => ({ operator: 'Kenji', reason: 'entered twice', atMs });

function mustOk<T>(result: { ok: true; value: T } | { ok: false; code: string; message: string }): T {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.value;
}

/** A finished game at `atMs`: seat i holds `players[i]` with `points[i]`; `reason` as the host logs it. */
function game(
  db: Database.Database,
  sessionId: number,
  atMs: number,
  players: readonly (number | null)[],
  points: readonly number[],
  extra: Record<string, unknown> = {},
): number {
  const seats = players.map((playerId, seat) => ({ seat: seat as Seat, playerId }));
  const started = mustOk(startGame(db, { sessionId, startedAtMs: atMs - 10, seats }));
  const order = points.map((_, i) => i).sort((a, b) => points[b]! - points[a]!);
  mustOk(
    endGame(db, started.id, {
      endedAtMs: atMs,
      seats: seats.map((s) => ({ seat: s.seat, finalPoints: points[s.seat]!, placement: order.indexOf(s.seat) + 1 })),
      finalResult: { type: 'game.ended', points: [...points], handsPlayed: 4, ...extra },
    }),
  );
  return started.id;
}

function club() {
  const dbPath = tempDb();
  const db = mustOk(openDatabase({ path: dbPath })).db;
  const [aiko, ben, chiho, ben2] = ['Aiko', 'Ben', 'Chiho', 'Benjamin'].map((n) => mustOk(addPlayer(db, n, 1)).id) as [
    number,
    number,
    number,
    number,
  ];
  const monday = startSession(db, { variant: 'riichi', preset: 'club', tableId: 'sim', startedAtMs: 1000 }).id;
  game(db, monday, 2000, [aiko, ben, chiho, null], [40000, 30000, 20000, 10000]);
  game(db, monday, 3000, [aiko, ben2, chiho, null], [10000, 40000, 30000, 20000], { reason: 'sessionEnded' });
  game(db, monday, 3500, [aiko, ben, chiho, null], [25000, 25000, 25000, 25000], { reason: 'sessionEnded', handsPlayed: 0 });
  mustOk(endSession(db, monday, 4000));
  const tuesday = startSession(db, { variant: 'riichi', preset: 'club', tableId: 'sim', startedAtMs: 5000 }).id;
  game(db, tuesday, 6000, [chiho, aiko, ben, null], [50000, 20000, 20000, 10000]);
  const mangan = startSession(db, { variant: 'mangan', preset: 'mangan', tableId: 'sim', startedAtMs: 5000 }).id;
  game(db, mangan, 6500, [ben, aiko, null, null], [30000, 20000, 10000, 5000]);
  // A game left open when its session ended (a Minefield game cut by End, or a database from before issue 12).
  mustOk(startGame(db, { sessionId: mangan, startedAtMs: 6600, seats: [{ seat: 0, playerId: aiko }, { seat: 1, playerId: ben }] }));
  mustOk(endSession(db, mangan, 7000));
  return { db, dbPath, aiko, ben, chiho, ben2, monday, tuesday, mangan };
}

describe('standings (issue 12)', () => {
  it('per variant, never adding points of two variants; cut games counted, empty ones not, open ones named', () => {
    const { db, aiko, monday } = club();
    const report = standingsReport(db);
    expect(report.variants.map((v) => [v.variant, v.games, v.cutGames, v.emptyGames])).toEqual([
      ['mangan', 1, 0, 0],
      ['riichi', 3, 1, 1],
    ]);
    const riichi = report.variants.find((v) => v.variant === 'riichi')!.standings;
    expect(riichi.map((s) => [s.name, s.games, s.totalPoints, s.placements, s.averagePlacement])).toEqual([
      ['Chiho', 3, 100000, [1, 1, 1, 0], 2],
      ['Aiko', 3, 70000, [1, 1, 0, 1], 2.3333333333333335],
      ['Ben', 2, 50000, [0, 1, 1, 0], 2.5],
      ['Benjamin', 1, 40000, [1, 0, 0, 0], 1],
    ]);
    expect(report.unfinished).toEqual([expect.objectContaining({ variant: 'mangan' })]);
    // One session; a date range (games that ended in [2500, 6000)).
    expect(standingsReport(db, { sessionId: monday }).variants[0]!.standings.find((s) => s.playerId === aiko)).toMatchObject({
      games: 2,
      totalPoints: 50000,
    });
    expect(
      standingsReport(db, { sinceMs: 2500, untilMs: 6000 }).variants.map((v) => [v.variant, v.games]),
    ).toEqual([['riichi', 1]]);
    db.close();
  });

  it('a renamed player keeps his games; a merged one counts for the other, both rows and the audit kept', () => {
    const { db, ben, ben2 } = club();
    expect(renamePlayer(db, ben, 'Ben <b>', audit(10))).toMatchObject({ ok: false, code: 'invalid_name' });
    expect(renamePlayer(db, ben, 'aiko', audit(10))).toMatchObject({ ok: false, code: 'player_name_taken' });
    mustOk(renamePlayer(db, ben, 'Ben T.', audit(10)));
    mustOk(mergePlayers(db, ben2, ben, audit(20)));
    const riichi = standingsReport(db, { variant: 'riichi' }).variants[0]!.standings;
    expect(riichi.find((s) => s.name === 'Ben T.')).toMatchObject({ playerId: ben, games: 3, totalPoints: 90000 });
    expect(riichi.some((s) => s.name === 'Benjamin')).toBe(false);
    expect(listPlayers(db).map((p) => p.name)).toEqual(['Aiko', 'Ben T.', 'Chiho']);
    expect(listPlayers(db, { includeMerged: true }).find((p) => p.id === ben2)).toMatchObject({ mergedInto: ben });
    expect(playerChanges(db, ben).map((c) => [c.action, c.oldName, c.newName, c.mergedInto, c.operator])).toEqual([
      ['renamed', 'Ben', 'Ben T.', null, 'Kenji'],
      ['merged', 'Benjamin', null, ben, 'Kenji'],
    ]);
    // A merged player is history: not renamed, merged or seated again.
    expect(renamePlayer(db, ben2, 'Benji', audit(30))).toMatchObject({ ok: false, code: 'player_merged' });
    const session = startSession(db, { variant: 'riichi', preset: 'club', tableId: 'sim', startedAtMs: 9000 }).id;
    expect(startGame(db, { sessionId: session, startedAtMs: 9001, seats: [{ seat: 0, playerId: ben2 }, { seat: 1, playerId: null }] })).toMatchObject({
      ok: false,
      code: 'player_merged',
    });
    db.close();
  });

  it('refuses to merge two players who sat in the same game', () => {
    const { db, aiko, ben } = club();
    expect(mergePlayers(db, aiko, ben, audit(5))).toMatchObject({
      ok: false,
      code: 'bad_merge',
      message: expect.stringMatching(/sat at the same table \(game 1/),
    });
    expect(playerChanges(db)).toEqual([]);
    db.close();
  });

  it('`mahjong-table standings` prints them per variant, as CSV too, and `players rename|merge` are audited', () => {
    const { db, dbPath, ben, ben2 } = club();
    db.close();
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'host/cli/main.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
    const help = cli('standings', '--help');
    expect(help.stdout).toMatch(/--session <id>/);
    expect(help.stdout).toMatch(/--since <date>/);
    expect(help.stdout).toMatch(/--csv/);
    const merged = cli('players', 'merge', String(ben2), String(ben), '--by', 'Kenji', '--db', dbPath);
    expect(merged.status, merged.stderr).toBe(0);
    const text = cli('standings', '--db', dbPath);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/riichi: 3 game\(s\), 1 cut by the end of their session .*1 closed before any hand/);
    expect(text.stdout).toMatch(/not counted: game 6 of session 3 \(mangan\) was never closed/);
    const csv = cli('standings', '--csv', '--variant', 'riichi', '--db', dbPath);
    expect(csv.stdout.trim().split('\n')).toEqual([
      'variant,rank,player_id,player,games,total_points,score,firsts,seconds,thirds,fourths,average_place',
      'riichi,1,3,Chiho,3,100000,100000,1,1,1,0,2',
      `riichi,2,${ben},Ben,3,90000,90000,1,1,1,0,2`,
      'riichi,3,1,Aiko,3,70000,70000,1,1,0,1,2.3333',
    ]);
    const history = cli('players', 'history', String(ben), '--db', dbPath);
    expect(history.stdout).toMatch(/"Benjamin" merged into player 2\tby Kenji/);
  }, 60_000);
});
