// Tenpai Race on the host: two bots across the built-in simulator's standard4 table play Stage A; the log replays, the view shows two seats (issue 7).
import { describe, expect, it } from 'vitest';
import { riichiViewOf } from '../../contract/ipc-contract.js';
import { Host } from '../../host/session/host.js';
import { isSourceEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { VARIANT_REGISTRY } from '../../host/families/registry.js';
import { startServe } from '../e2e/serve-process.js';
import { observeHost } from '../e2e/host-observer.js';
import { replayDerived, temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('tenpai-race-host-');

describe('the host runs Tenpai Race (issue 7)', () => {
  it('registers tenpai-race on a standard4 table with its two players across it (seats 0 and 2)', () => {
    expect(VARIANT_REGISTRY['tenpai-race']).toMatchObject({
      mode: 'standard4',
      presets: ['tenpai-race'],
      tableSeats: [0, 2],
      tenhouExport: false,
    });
  });

  it('plays Stage A hands on the built-in simulator: 18 discards each, a draw, honba +1; the log replays', async () => {
    const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 0, motorMs: 1 } });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const seed = 6;
    const started = await host.startSession({
      variant: 'tenpai-race',
      target: { kind: 'simulator', seed },
      seed,
    });
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.value;
    const t0 = Date.now();
    // Stage A never ends a game (V2.1 item 4): the test stops the session after the third hand has started.
    const live = await host.waitFor((state) => (riichiViewOf(state)?.honba ?? 0) >= 2, 90_000);
    const seconds = (Date.now() - t0) / 1000;
    const view = riichiViewOf(live)!;
    expect(view).toMatchObject({ variant: 'tenpai-race', players: 2 });
    expect(view.seats.map((s) => s.seat)).toEqual([0, 2]);
    expect(view.seats.map((s) => s.points)).toEqual([10000, 10000]);
    const ended = await host.endSession();
    expect(ended.ok).toBe(true);
    expect(host.fault).toBeNull();
    const read = host.log.read(sessionId);
    if (!read.ok) throw new Error(read.message);
    const records = read.value;
    for (const e of records) expect(validateLogEvent(e.event, 'riichi').success).toBe(true);
    const logged = records.filter((r) => !isSourceEvent(r.event)).map((r) => r.event);
    expect(replayDerived('tenpai-race', 'tenpai-race', records)).toEqual(logged);
    // The log's riichi-family events (validated above).
    const events = logged as unknown as { type: string; seat?: number; reason?: string }[];
    const types = events.map((e) => e.type);
    const draws = events.filter((e) => e.type === 'hand.abortiveDraw');
    expect(draws.length).toBeGreaterThanOrEqual(2);
    expect(draws.every((d) => d.reason === 'tenpaiRaceStageA')).toBe(true);
    expect(types).not.toContain('hand.won');
    // Each drawn hand: both players discarded 18 tiles (the table's seats 0 and 2 are the machine's 0 and 1).
    let discards = [0, 0];
    for (const e of events) {
      if (e.type === 'hand.started') discards = [0, 0];
      if (e.type === 'seat.discarded') discards[e.seat!]!++;
      if (e.type === 'hand.abortiveDraw') expect(discards).toEqual([18, 18]);
    }
    await host.close();
    console.log(
      `tenpai race via the host: ${records.length} log records, ${draws.length} Stage A draws in ${seconds.toFixed(1)} s`,
    );
  }, 120_000);

  it('`serve --sim --variant tenpai-race` serves the race live', async () => {
    const viewer = 'tenpai-race-viewer-token-0123456789';
    const serve = await startServe({
      variant: 'tenpai-race',
      extraArgs: [
        '--listen',
        '127.0.0.1',
        '--seed',
        '2',
        '--think-ms',
        '0',
        '--motor-ms',
        '2',
        '--viewer-token',
        viewer,
      ],
    });
    const observer = await observeHost(`${serve.origin}/scoreboard?token=${viewer}`);
    try {
      const state = await observer.waitFor(
        (s) => (riichiViewOf(s)?.honba ?? 0) >= 1,
        90_000,
        'a Stage A draw',
      );
      expect(state.session).toMatchObject({ variant: 'tenpai-race', preset: 'tenpai-race' });
      const view = riichiViewOf(state)!;
      expect(view.seats.map((s) => s.seat)).toEqual([0, 2]);
      expect(view.lastResult).not.toBeNull();
    } finally {
      observer.close();
      await serve.stop();
    }
  }, 150_000);
});
