// Standings per variant, for a session or a date range, and players renamed and merged with their history kept (issue 12).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listPlayers,
  mergePlayers,
  playerChanges,
  renamePlayer,
  startGame,
  startSession,
} from '../../host/storage/index.js';
import { club, mustOk } from './fixtures/club-records.js';
import { standingsReport } from '../../host/reports/standings-report.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('standings-');
const ROOT = path.resolve(import.meta.dirname, '../..');
const audit = (atMs: number) => ({ operator: 'Kenji', reason: 'entered twice', atMs });

describe('standings (issue 12)', () => {
  it('per variant, never adding points of two variants; cut games counted, empty ones not, open ones named', () => {
    const { db, aiko, monday } = club(tempDb());
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
    const { db, ben, ben2 } = club(tempDb());
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
    const { db, aiko, ben } = club(tempDb());
    expect(mergePlayers(db, aiko, ben, audit(5))).toMatchObject({
      ok: false,
      code: 'bad_merge',
      message: expect.stringMatching(/sat at the same table \(game 1/),
    });
    expect(playerChanges(db)).toEqual([]);
    db.close();
  });

  it('`mahjong-table standings` prints them per variant, as CSV too, and `players rename|merge` are audited', () => {
    const { db, dbPath, ben, ben2 } = club(tempDb());
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
