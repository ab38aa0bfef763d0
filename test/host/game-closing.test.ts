// Games the rules did not end are closed, never left open (issue 12): cut at `--hands-per-game`, or by ending the session mid-game.
import { describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';
import { gamesOfSession, clubStandings, addPlayer } from '../../host/storage/index.js';
import { logOf, replayDerived, temporaryDatabases } from './host-harness.js';
import { isSourceEvent } from '../../host/session/log-events.js';

const tempDb = temporaryDatabases('game-closing-');

describe('games cut by the host are closed (issue 12)', () => {
  it('serve --sim --variant riichi --hands-per-game 2 --games 2 --seed 4: both games end with game.ended (handLimit), results and places', async () => {
    const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 0, motorMs: 1 }, maxGames: 2 });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const aiko = addPlayer(host.storage.db, 'Aiko', 1);
    if (!aiko.ok) throw new Error(aiko.message);
    const started = await host.startSession({
      variant: 'riichi',
      preset: 'club',
      target: { kind: 'simulator', seed: 4 },
      seed: 4,
      handsPerGame: 2,
      seats: [
        { seat: 0, playerId: aiko.value.id, name: 'Aiko', bot: true },
        { seat: 1, playerId: null, name: 'Bot 2', bot: true },
        { seat: 2, playerId: null, name: 'Bot 3', bot: true },
        { seat: 3, playerId: null, name: 'Bot 4', bot: true },
      ],
    });
    if (!started.ok) throw new Error(started.message);
    await host.whenSessionEnded();
    const records = logOf(host, started.value);
    const ends = records.filter((r) => r.event.type === 'game.ended').map((r) => r.event);
    expect(ends).toHaveLength(2);
    for (const end of ends) expect(end).toMatchObject({ reason: 'handLimit', handsPlayed: 2 });
    const games = gamesOfSession(host.storage.db, started.value);
    expect(games).toHaveLength(2);
    for (const game of games) {
      expect(game.endedAtMs).not.toBeNull();
      expect(game.finalResult).toMatchObject({ type: 'game.ended', reason: 'handLimit' });
      expect(game.seats.map((s) => s.placement).sort()).toEqual([1, 2, 3, 4]);
      expect(game.seats.reduce((sum, s) => sum + s.finalPoints!, 0)).toBeLessThanOrEqual(100_000);
    }
    // Standings see both games.
    expect(clubStandings(host.storage.db)).toMatchObject([{ name: 'Aiko', games: 2 }]);
    // The log replays to the same derived events (the cut is the core's, not the recorder's).
    const logged = records.filter((r) => !isSourceEvent(r.event)).map((r) => r.event);
    expect(replayDerived('riichi', 'club', records, { handsPerGame: 2 })).toEqual(logged);
    await host.close();
  });

  it('Tenpai Race (table seats 0 and 2) closes its cut game with the right seats’ points and places', async () => {
    const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 0, motorMs: 1 }, maxGames: 1 });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const started = await host.startSession({
      variant: 'tenpai-race',
      target: { kind: 'simulator', seed: 3 },
      seed: 3,
      handsPerGame: 2,
    });
    if (!started.ok) throw new Error(started.message);
    await host.whenSessionEnded();
    const [game] = gamesOfSession(host.storage.db, started.value);
    const end = logOf(host, started.value).find((r) => r.event.type === 'game.ended')!.event as unknown as {
      points: number[];
    };
    expect(game!.seats.map((s) => [s.seat, s.finalPoints])).toEqual([
      [0, end.points[0]],
      [2, end.points[1]],
    ]);
    expect(game!.seats.map((s) => s.placement).sort()).toEqual([1, 2]);
    await host.close();
  });

  it('ending the session mid-game closes the game as it stood after its last finished hand (sessionEnded)', async () => {
    const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 0, motorMs: 1 } });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const started = await host.startSession({
      variant: 'riichi',
      preset: 'club',
      target: { kind: 'simulator', seed: 5 },
      seed: 5,
    });
    if (!started.ok) throw new Error(started.message);
    // Two hands finished, the third in play.
    const handsFinished = () => host.storage.db.prepare('SELECT count(*) FROM hands').pluck().get() as number;
    await host.waitFor(() => handsFinished() >= 2, 120_000);
    const ended = await host.endSession();
    expect(ended.ok).toBe(true);
    const records = logOf(host, started.value);
    const end = records.find((r) => r.event.type === 'game.ended');
    expect(end?.event).toMatchObject({ reason: 'sessionEnded' });
    const lastHand = records.filter((r) => ['hand.won', 'hand.exhaustiveDraw', 'hand.abortiveDraw'].includes(r.event.type)).at(-1)!;
    const game = gamesOfSession(host.storage.db, started.value)[0]!;
    expect(game.endedAtMs).not.toBeNull();
    expect(game.finalResult).toMatchObject({ reason: 'sessionEnded' });
    const pointsAfterLastHand = (lastHand.event as unknown as { points: number[] }).points;
    // The sticks on the table go to first place, as at any game end (club preset).
    const total = (end!.event as unknown as { points: number[] }).points.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(pointsAfterLastHand.reduce((a, b) => a + b, 0));
    await host.close();
  });
});
