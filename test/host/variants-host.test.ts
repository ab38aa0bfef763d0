// The host plays Clear Mahjong on the built-in simulator: the teams' conditions reach the log and the live view, and the log replays to the same derived events (issues 6, 7).
import { describe, expect, it } from 'vitest';
import { replayDerived, temporaryDatabases } from './host-harness.js';
import type { RiichiView } from '../../contract/ipc-contract.js';
import { Host } from '../../host/session/host.js';
import { isSourceEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { VARIANT_REGISTRY } from '../../host/families/registry.js';
import { CLEAR_CONDITIONS } from '../../rules/variants/clear.js';

const tempDb = temporaryDatabases('variants-host-');

describe('the host runs Mangan and Clear Mahjong (issues 6, 7)', () => {
  it('registers mangan and clear on the 4-seat table, and the tournament preset for riichi', () => {
    expect(VARIANT_REGISTRY.mangan).toMatchObject({
      mode: 'standard4',
      presets: ['mangan'],
      tableSeats: [0, 1, 2, 3],
    });
    expect(VARIANT_REGISTRY.clear).toMatchObject({
      mode: 'standard4',
      presets: ['clear'],
      tableSeats: [0, 1, 2, 3],
    });
    expect(VARIANT_REGISTRY.riichi!.presets).toContain('tournament');
    // The tournament has no red fives (V6.1 item 1): the simulated set has none either.
    const core = VARIANT_REGISTRY.riichi!.createCore({ startAtMs: 0 }, 'tournament');
    expect(VARIANT_REGISTRY.riichi!.simulatorSeats!(1, core, 'tournament').reds).toBe(false);
    core.stop();
  });

  it('plays a whole Clear Mahjong game of bots; conditions are logged and shown, the log replays to the same events', async () => {
    const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 0, motorMs: 1 }, maxGames: 1 });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const seed = 4;
    const started = await host.startSession({
      variant: 'clear',
      preset: 'clear',
      target: { kind: 'simulator', seed },
      seed,
    });
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.value;
    const t0 = Date.now();
    // The screens see the game live, with both teams and nothing cleared yet at the start.
    const live = await host.waitFor(
      (state) => state.view?.variant === 'clear' && state.eventSeq > 50,
      60_000,
    );
    const liveView = live.view as RiichiView;
    expect(liveView.clear!.teams.map((t) => t.team)).toEqual(['A', 'B']);
    expect(liveView.clear!.conditions.map((c) => c.id)).toEqual([...CLEAR_CONDITIONS]);
    await host.whenSessionEnded();
    const seconds = (Date.now() - t0) / 1000;
    expect(host.fault).toBeNull();
    const read = host.log.read(sessionId);
    if (!read.ok) throw new Error(read.message);
    const records = read.value;
    for (const e of records) expect(validateLogEvent(e.event, 'riichi').success).toBe(true);
    const logged = records.filter((r) => !isSourceEvent(r.event)).map((r) => r.event);
    expect(replayDerived('clear', 'clear', records)).toEqual(logged);
    // Clear's own ending: decided, then the game's end.
    const types: string[] = logged.map((e) => e.type);
    const decidedAt = types.indexOf('clear.gameDecided');
    expect(decidedAt).toBeGreaterThan(0);
    expect(types[decidedAt + 1]).toBe('game.ended');
    // The public view at the end holds what the log cleared for each team, and the result.
    const decided = logged[decidedAt] as unknown as {
      result: string;
      team: 'A' | 'B' | null;
      reason: string | null;
      cleared: Record<'A' | 'B', string[]>;
    };
    const end = host.publicState().view as RiichiView;
    expect(end.variant).toBe('clear');
    expect(end.phase).toBe('over');
    expect(end.clear!.decided).toEqual({
      result: decided.result,
      team: decided.team,
      reason: decided.reason,
    });
    for (const team of end.clear!.teams) expect(team.cleared).toEqual(decided.cleared[team.team]);
    const clearedEvents = types.filter((t) => t === 'team.conditionCleared').length;
    expect(clearedEvents).toBe(decided.cleared.A.length + decided.cleared.B.length);
    await host.close();
    console.log(
      `clear via the host: ${records.length} log records, ${clearedEvents} conditions cleared, ${decided.result} ${decided.team ?? ''} ${decided.reason ?? ''}, in ${seconds.toFixed(1)} s`,
    );
  }, 240_000);
});
