// Players, sessions, games, hands, snapshots and club standings on a real SQLite file.
import { tournamentScoring } from '../../host/server/api.js';
import type Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addPlayer,
  clubStandings,
  createEventLog,
  endGame,
  endSession,
  findPlayerByName,
  gamesOfSession,
  getSession,
  handsOfGame,
  latestSession,
  listPlayers,
  loadSnapshot,
  openGame,
  openSessions,
  pruneSnapshots,
  recordHand,
  saveSnapshot,
  startGame,
  startSession,
  type FinalScoring,
  type Player,
  type SeatResult,
} from '../../host/storage/index.js';
import { makeTempDir, mustOpen, removeDir, tickFor, validateTestEvent } from './fixtures.js';

let dir: string;
let db: Database.Database;

beforeEach(() => {
  dir = makeTempDir('records');
  db = mustOpen(path.join(dir, 'club.sqlite')).db;
});
afterEach(() => {
  db.close();
  removeDir(dir);
});

const player = (name: string): Player => {
  const added = addPlayer(db, name, 1000);
  if (!added.ok) throw new Error(added.message);
  return added.value;
};

describe('players', () => {
  it('are unique by name without regard to case or surrounding spaces', () => {
    const aiko = player('Aiko');
    expect(addPlayer(db, '  aiko ', 2)).toMatchObject({ ok: false, code: 'player_name_taken' });
    expect(addPlayer(db, '   ', 2)).toMatchObject({ ok: false, code: 'invalid_name' });
    expect(findPlayerByName(db, 'AIKO')).toEqual(aiko);
    player('Bruno');
    expect(listPlayers(db).map((p) => p.name)).toEqual(['Aiko', 'Bruno']);
  });
});

describe('sessions', () => {
  it('start open, end once, and the latest and open ones can be found', () => {
    const first = startSession(db, { variant: 'riichi', preset: 'tenhou', tableId: 'T-1', startedAtMs: 100 });
    const second = startSession(db, { variant: 'sanma', preset: 'seed', tableId: 'sim', startedAtMs: 200 });
    expect(openSessions(db).map((s) => s.id)).toEqual([first.id, second.id]);
    expect(latestSession(db)?.id).toBe(second.id);
    expect(endSession(db, first.id, 50)).toMatchObject({ ok: false, code: 'invalid_time' });
    expect(endSession(db, first.id, 150)).toMatchObject({ ok: true, value: { endedAtMs: 150 } });
    expect(endSession(db, first.id, 160)).toMatchObject({ ok: false, code: 'session_already_ended' });
    expect(endSession(db, 999, 160)).toMatchObject({ ok: false, code: 'unknown_session' });
    expect(openSessions(db).map((s) => s.id)).toEqual([second.id]);
    expect(getSession(db, first.id)).toEqual({
      id: first.id,
      variant: 'riichi',
      preset: 'tenhou',
      tableId: 'T-1',
      startedAtMs: 100,
      endedAtMs: 150,
    });
  });
});

describe('games and hands', () => {
  it('seat players, record hands against the log, and end with results per seat', () => {
    const [a, b, c] = [player('Aiko'), player('Bruno'), player('Chen')];
    const session = startSession(db, {
      variant: 'riichi',
      preset: 'tenhou',
      tableId: 'T-1',
      startedAtMs: 100,
    });
    const seats = [
      { seat: 0, playerId: a.id },
      { seat: 1, playerId: b.id },
      { seat: 2, playerId: c.id },
      { seat: 3, playerId: null },
    ] as const;
    const started = startGame(db, { sessionId: session.id, startedAtMs: 110, seats });
    if (!started.ok) throw new Error(started.message);
    const game = started.value;
    expect(openGame(db, session.id)?.id).toBe(game.id);

    const log = createEventLog(db, validateTestEvent, 'test');
    log.appendBatch(
      session.id,
      1,
      Array.from({ length: 6 }, (_, i) => ({ atMs: 120 + i, event: tickFor(i + 1) })),
    );
    expect(
      recordHand(db, {
        gameId: game.id,
        number: 1,
        firstSeq: 1,
        lastSeq: 6,
        summary: { winner: 0, han: 3 },
        recordedAtMs: 130,
      }).ok,
    ).toBe(true);
    expect(
      recordHand(db, { gameId: game.id, number: 1, firstSeq: 1, lastSeq: 6, summary: {}, recordedAtMs: 131 }),
    ).toMatchObject({ ok: false, code: 'hand_duplicate' });
    expect(
      recordHand(db, { gameId: game.id, number: 2, firstSeq: 7, lastSeq: 9, summary: {}, recordedAtMs: 131 }),
    ).toMatchObject({ ok: false, code: 'invalid_hand' });
    expect(
      recordHand(db, { gameId: 999, number: 2, firstSeq: 1, lastSeq: 2, summary: {}, recordedAtMs: 131 }),
    ).toMatchObject({ ok: false, code: 'unknown_game' });
    expect(handsOfGame(db, game.id)).toEqual([
      {
        gameId: game.id,
        number: 1,
        firstSeq: 1,
        lastSeq: 6,
        summary: { winner: 0, han: 3 },
        recordedAtMs: 130,
      },
    ]);

    const results: SeatResult[] = [
      { seat: 0, finalPoints: 41000, placement: 1 },
      { seat: 1, finalPoints: 30000, placement: 2 },
      { seat: 2, finalPoints: 20000, placement: 3 },
      { seat: 3, finalPoints: 9000, placement: 4 },
    ];
    expect(endGame(db, game.id, { endedAtMs: 105, seats: results, finalResult: {} })).toMatchObject({
      ok: false,
      code: 'invalid_time',
    });
    expect(
      endGame(db, game.id, { endedAtMs: 200, seats: results.slice(0, 3), finalResult: {} }),
    ).toMatchObject({ ok: false, code: 'bad_seats' });
    expect(
      endGame(db, game.id, {
        endedAtMs: 200,
        seats: [...results.slice(0, 3), { seat: 3, finalPoints: 9000, placement: 5 }],
        finalResult: {},
      }),
    ).toMatchObject({
      ok: false,
      code: 'bad_seats',
    });
    const ended = endGame(db, game.id, {
      endedAtMs: 200,
      seats: results,
      finalResult: { hands: 1, note: 'tobi' },
    });
    expect(ended.ok && ended.value.seats).toEqual([
      { seat: 0, playerId: a.id, finalPoints: 41000, placement: 1 },
      { seat: 1, playerId: b.id, finalPoints: 30000, placement: 2 },
      { seat: 2, playerId: c.id, finalPoints: 20000, placement: 3 },
      { seat: 3, playerId: null, finalPoints: 9000, placement: 4 },
    ]);
    expect(ended.ok && ended.value.finalResult).toEqual({ hands: 1, note: 'tobi' });
    expect(endGame(db, game.id, { endedAtMs: 210, seats: results, finalResult: {} })).toMatchObject({
      ok: false,
      code: 'game_already_ended',
    });
    expect(openGame(db, session.id)).toBeUndefined();
    expect(gamesOfSession(db, session.id).map((g) => g.id)).toEqual([game.id]);
  });

  it('refuse bad seatings', () => {
    const a = player('Aiko');
    const session = startSession(db, {
      variant: 'riichi',
      preset: 'tenhou',
      tableId: 'T-1',
      startedAtMs: 100,
    });
    expect(
      startGame(db, { sessionId: session.id, startedAtMs: 1, seats: [{ seat: 0, playerId: a.id }] }),
    ).toMatchObject({ ok: false, code: 'bad_seats' });
    expect(
      startGame(db, {
        sessionId: session.id,
        startedAtMs: 1,
        seats: [
          { seat: 0, playerId: a.id },
          { seat: 0, playerId: null },
        ],
      }),
    ).toMatchObject({ ok: false, code: 'bad_seats' });
    expect(
      startGame(db, {
        sessionId: session.id,
        startedAtMs: 1,
        seats: [
          { seat: 0, playerId: a.id },
          { seat: 2, playerId: a.id },
        ],
      }),
    ).toMatchObject({ ok: false, code: 'bad_seats' });
    expect(
      startGame(db, {
        sessionId: session.id,
        startedAtMs: 1,
        seats: [
          { seat: 0, playerId: 77 },
          { seat: 2, playerId: null },
        ],
      }),
    ).toMatchObject({ ok: false, code: 'unknown_player' });
    expect(
      startGame(db, {
        sessionId: 999,
        startedAtMs: 1,
        seats: [
          { seat: 0, playerId: null },
          { seat: 2, playerId: null },
        ],
      }),
    ).toMatchObject({ ok: false, code: 'unknown_session' });
    // Minefield: two seats facing each other.
    expect(
      startGame(db, {
        sessionId: session.id,
        startedAtMs: 1,
        seats: [
          { seat: 0, playerId: a.id },
          { seat: 2, playerId: null },
        ],
      }).ok,
    ).toBe(true);
    expect(gamesOfSession(db, session.id)).toHaveLength(1);
  });
});

describe('machine snapshots', () => {
  it('are used only with the same machine version and never beyond the log', () => {
    const session = startSession(db, { variant: 'riichi', preset: 'tenhou', tableId: 'sim', startedAtMs: 1 });
    const log = createEventLog(db, validateTestEvent, 'test');
    log.appendBatch(
      session.id,
      1,
      [1, 2, 3, 4].map((seq) => ({ atMs: seq, event: tickFor(seq) })),
    );
    expect(
      saveSnapshot(db, { sessionId: session.id, seq: 5, machineVersion: 'v1', savedAtMs: 9, state: {} }),
    ).toMatchObject({ ok: false, code: 'snapshot_ahead_of_log' });
    expect(
      saveSnapshot(db, { sessionId: 999, seq: 0, machineVersion: 'v1', savedAtMs: 9, state: {} }),
    ).toMatchObject({ ok: false, code: 'unknown_session' });
    saveSnapshot(db, { sessionId: session.id, seq: 2, machineVersion: 'v1', savedAtMs: 9, state: { at: 2 } });
    saveSnapshot(db, { sessionId: session.id, seq: 4, machineVersion: 'v1', savedAtMs: 9, state: { at: 4 } });
    saveSnapshot(db, {
      sessionId: session.id,
      seq: 3,
      machineVersion: 'v0',
      savedAtMs: 9,
      state: { at: 3, old: true },
    });
    expect(loadSnapshot(db, session.id, 'v1')).toMatchObject({ seq: 4, state: { at: 4 } });
    expect(loadSnapshot(db, session.id, 'v0')).toMatchObject({ seq: 3, state: { at: 3, old: true } });
    expect(loadSnapshot(db, session.id, 'v2')).toBeUndefined();
    expect(pruneSnapshots(db, session.id, 'v1')).toBe(2);
    expect(loadSnapshot(db, session.id, 'v1')).toMatchObject({ seq: 4 });
    expect(loadSnapshot(db, session.id, 'v0')).toBeUndefined();
  });
});

describe('club standings', () => {
  /** Plays a finished game with final points per seat (placement by points, seat order breaking ties). */
  function finishedGame(
    sessionId: number,
    players: readonly (Player | null)[],
    points: readonly number[],
    endedAtMs: number,
  ): void {
    const seats = players.map((p, seat) => ({ seat: seat as 0 | 1 | 2 | 3, playerId: p?.id ?? null }));
    const started = startGame(db, { sessionId, startedAtMs: endedAtMs - 10, seats });
    if (!started.ok) throw new Error(started.message);
    const order = points
      .map((value, seat) => ({ value, seat }))
      .sort((x, y) => y.value - x.value || x.seat - y.seat);
    const results = order.map(({ value, seat }, index) => ({
      seat: seat as 0 | 1 | 2 | 3,
      finalPoints: value,
      placement: index + 1,
    }));
    const ended = endGame(db, started.value.id, {
      endedAtMs,
      seats: results,
      finalResult: { points: [...points] },
    });
    if (!ended.ok) throw new Error(ended.message);
  }

  it('sum final points and placements across sessions, skipping unfinished games and guests', () => {
    const [a, b, c, d] = [player('Aiko'), player('Bruno'), player('Chen'), player('Dana')];
    const monday = startSession(db, {
      variant: 'riichi',
      preset: 'tenhou',
      tableId: 'T-1',
      startedAtMs: 1000,
    });
    finishedGame(monday.id, [a, b, c, d], [40000, 30000, 20000, 10000], 1100);
    finishedGame(monday.id, [b, a, d, null], [35000, 25000, 25000, 15000], 1200);
    startGame(db, {
      sessionId: monday.id,
      startedAtMs: 1300,
      seats: [
        { seat: 0, playerId: c.id },
        { seat: 1, playerId: d.id },
      ],
    });
    const tuesday = startSession(db, {
      variant: 'riichi',
      preset: 'tenhou',
      tableId: 'T-1',
      startedAtMs: 2000,
    });
    finishedGame(tuesday.id, [c, d, a, b], [50000, 30000, 12000, 8000], 2100);

    const all = clubStandings(db);
    expect(
      all.map((s) => [s.rank, s.name, s.games, s.totalPoints, s.score, s.placements, s.averagePlacement]),
    ).toEqual([
      [1, 'Aiko', 3, 77000, 77000, [1, 1, 1, 0], 2],
      [2, 'Bruno', 3, 73000, 73000, [1, 1, 0, 1], 2 + 1 / 3],
      [3, 'Chen', 2, 70000, 70000, [1, 0, 1, 0], 2],
      [4, 'Dana', 3, 65000, 65000, [0, 1, 1, 1], 3],
    ]);
    const mondayOnly = clubStandings(db, { sessionIds: [monday.id] });
    expect(mondayOnly.map((s) => [s.name, s.games, s.totalPoints])).toEqual([
      ['Aiko', 2, 65000],
      ['Bruno', 2, 65000],
      ['Dana', 2, 35000],
      ['Chen', 1, 20000],
    ]);
    // Aiko and Bruno: same points, same average placement (1.5): they share first place.
    expect(mondayOnly.map((s) => s.rank)).toEqual([1, 1, 3, 4]);
    expect(clubStandings(db, { sinceMs: 2000 }).map((s) => s.name)).toEqual([
      'Chen',
      'Dana',
      'Aiko',
      'Bruno',
    ]);
    expect(clubStandings(db, { variant: 'sanma' })).toEqual([]);
  });

  it('use a tournament final-scoring function when one is passed', () => {
    const [a, b, c, d] = [player('Aiko'), player('Bruno'), player('Chen'), player('Dana')];
    const session = startSession(db, {
      variant: 'riichi',
      preset: 'tournament',
      tableId: 'T-1',
      startedAtMs: 1000,
    });
    finishedGame(session.id, [a, b, c, d], [40000, 30000, 20000, 10000], 1100);
    finishedGame(session.id, [a, b, c, d], [26000, 25000, 25000, 24000], 1200);
    // A test-only uma/oka shape: (points - 30000) / 1000 plus +15/+5/-5/-15 by placement.
    const uma = [15, 5, -5, -15];
    const scoring: FinalScoring = (seat, game) => {
      expect(game.seats).toHaveLength(4);
      return (seat.finalPoints - 30000) / 1000 + uma[seat.placement - 1]!;
    };
    const standings = clubStandings(db, { finalScoring: scoring });
    expect(standings.map((s) => [s.name, s.score, s.totalPoints])).toEqual([
      ['Aiko', 25 + 11, 66000],
      ['Bruno', 5 + 0, 55000],
      ['Chen', -15 + -10, 45000],
      ['Dana', -35 + -21, 34000],
    ]);
  });

  it('score tournament games by V6.5 with the host\'s tournament scoring (first place +20,000, truncation, first absorbs)', () => {
    const [a, b, c, d] = [player('Aiko'), player('Bruno'), player('Chen'), player('Dana')];
    const session = startSession(db, { variant: 'riichi', preset: 'tournament', tableId: 'T-1', startedAtMs: 1000 });
    // variants.md V6.5 worked example: 45,500 / 25,500 / 15,500 / 13,500 → 54 / 6 / -24 / -36.
    finishedGame(session.id, [a, b, c, d], [45500, 25500, 15500, 13500], 1100);
    const standings = clubStandings(db, { finalScoring: tournamentScoring });
    expect(standings.map((s) => [s.name, s.score])).toEqual([
      ['Aiko', 54],
      ['Bruno', 6],
      ['Chen', -24],
      ['Dana', -36],
    ]);
  });
});
