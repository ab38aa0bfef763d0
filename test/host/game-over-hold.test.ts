// After a game over the host holds the next game for the operator, and the screens keep the final result (issue 12).
import { describe, expect, it } from 'vitest';
import { riichiViewOf } from '../../contract/ipc-contract.js';
import { Host } from '../../host/session/host.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('game-over-hold-');

describe('game over (issue 12)', () => {
  it('an operator session holds the next game until session.nextGame; the final result stays until it is played', async () => {
    const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 0, motorMs: 1 }, maxGames: 2 });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    // An operator at the console: no autopilot (the console's session.start never sets one).
    const started = await host.startSession({
      variant: 'sanma',
      target: { kind: 'simulator', seed: 6 },
      seed: 6,
      autopilot: false,
    });
    if (!started.ok) throw new Error(started.message);
    expect(host.nextGame()).toMatchObject({ ok: false, code: 'not_awaiting' });
    const held = await host.waitFor((s) => s.session?.awaitingNextGame === true, 90_000);
    const over = held.gameOver!;
    expect(over.game).toBe(1);
    expect(over.places.map((p) => p.place)).toEqual([1, 2, 3]);
    const view = riichiViewOf(held)!;
    expect(view.phase).toBe('over');
    expect(over.places.map((p) => p.seat)).toEqual(view.ranking);
    for (const p of over.places) expect(p.points).toBe(view.seats.find((s) => s.seat === p.seat)!.points);
    // The chart: each seat's points at every hand's start, then the final points.
    expect(over.chart.seats).toEqual(view.seats.map((s) => s.seat));
    over.chart.points.forEach((series, i) => {
      expect(series[0]).toBe(35000);
      expect(series.at(-1)).toBe(view.seats[i]!.points);
    });
    // Held: nothing more happens until the operator asks.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const log = () => {
      const read = host.log.read(started.value);
      if (!read.ok) throw new Error(read.message);
      return read.value.map((r) => r.event.type as string);
    };
    expect(log().filter((t) => t === 'host.gameRequested')).toHaveLength(1);
    expect(log().at(-1)).toBe('host.gameHeld');
    expect(host.publicState().gameOver?.game).toBe(1);
    const next = host.nextGame();
    expect(next).toEqual({ ok: true, value: { sessionId: started.value, game: 2 } });
    expect(host.nextGame()).toMatchObject({ ok: false, code: 'not_awaiting' });
    const playing = await host.waitFor((s) => {
      const v = riichiViewOf(s);
      return v !== null && v.phase === 'playing' && v.seats.some((seat) => seat.pond.length > 0);
    }, 30_000);
    expect(playing.gameOver ?? null).toBeNull();
    expect(playing.session?.awaitingNextGame).toBeUndefined();
    await host.endSession();
    await host.close();
  }, 120_000);

  it('an autopilot (the simulator with bots) plays the next game at once; the result stays through its deal', async () => {
    const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 0, motorMs: 1 }, maxGames: 2 });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const seen: { game: number | null; phase: string | null }[] = [];
    host.onPublicState((s) =>
      seen.push({ game: s.gameOver?.game ?? null, phase: riichiViewOf(s)?.phase ?? null }),
    );
    const started = await host.startSession({
      variant: 'sanma',
      target: { kind: 'simulator', seed: 6 },
      seed: 6,
    });
    if (!started.ok) throw new Error(started.message);
    await host.whenSessionEnded();
    const read = host.log.read(started.value);
    if (!read.ok) throw new Error(read.message);
    expect(read.value.some((r) => r.event.type === 'host.gameHeld')).toBe(false);
    // Game 1's result was on show while game 2 was dealt.
    expect(seen.some((s) => s.game === 1 && s.phase === 'dealing')).toBe(true);
    await host.close();
  }, 120_000);
});
