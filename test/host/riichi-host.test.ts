// The host plays the riichi family on the built-in simulator: every event logged, the log replays to the same results.
import { describe, expect, it } from 'vitest';
import { replayDerived, temporaryDatabases } from './host-harness.js';
import { Host } from '../../host/session/host.js';
import { isSourceEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import { gamesOfSession, handsOfGame } from '../../host/storage/index.js';

import { exportSession } from '../../host/reports/export.js';
import { parseTenhou6 } from '../../families/riichi/formats/tenhou6.js';
import { checkGame } from '../../families/riichi/formats/score-check.js';

const tempDb = temporaryDatabases('riichi-host-');

async function playOneGame(variant: 'riichi' | 'sanma', preset: string, seed: number) {
  const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 0, motorMs: 1 }, maxGames: 1 });
  if (!opened.ok) throw new Error(opened.message);
  const host = opened.value;
  const started = await host.startSession({ variant, preset, target: { kind: 'simulator', seed }, seed });
  if (!started.ok) throw new Error(started.message);
  const sessionId = started.value;
  const t0 = Date.now();
  // The screens see the game live: the public state carries the variant's own view while it is played.
  const live = await host.waitFor((state) => state.view?.variant === variant && state.eventSeq > 200, 60_000);
  expect(live.session?.variant).toBe(variant);
  await host.whenSessionEnded();
  const seconds = (Date.now() - t0) / 1000;
  expect(host.fault).toBeNull();
  const read = host.log.read(sessionId);
  if (!read.ok) throw new Error(read.message);
  const records = read.value;
  expect(records.map((e) => e.seq)).toEqual(records.map((_, i) => i + 1));
  for (const e of records) expect(validateLogEvent(e.event, 'riichi').success).toBe(true);
  // The derived events in the log are exactly what the log's source events give a fresh core.
  const logged = records.filter((r) => !isSourceEvent(r.event)).map((r) => r.event);
  expect(replayDerived(variant, preset, records)).toEqual(logged);
  const ended = logged.filter((e) => e.type === 'game.ended');
  expect(ended).toHaveLength(1);
  const games = gamesOfSession(host.db, sessionId);
  expect(games).toHaveLength(1);
  expect(games[0]!.endedAtMs).not.toBeNull();
  const hands = handsOfGame(host.db, games[0]!.id);
  const handEnds = logged.filter((e) =>
    ['hand.won', 'hand.exhaustiveDraw', 'hand.abortiveDraw'].includes(e.type),
  );
  expect(hands).toHaveLength(handEnds.length);
  const tenhou = exportSession(host.db, host.log, sessionId, 'tenhou');
  const csv = exportSession(host.db, host.log, sessionId, 'csv');
  const mjai = exportSession(host.db, host.log, sessionId, 'mjai');
  await host.close();
  return { records, logged, games, seconds, handEnds, tenhou, csv, mjai };
}

describe('the host runs the riichi family on the built-in simulator (issue 7)', () => {
  it('plays a whole 4-player tenhou game of bots; the log replays to the same events and records', async () => {
    const { records, logged, games, seconds, handEnds, tenhou, csv, mjai } = await playOneGame('riichi', 'tenhou', 11);
    expect(games[0]!.seats.map((s) => s.placement).sort()).toEqual([1, 2, 3, 4]);
    expect(logged.some((e) => e.type === 'seat.discarded')).toBe(true);
    // The played game exports to tenhou.net/6 and reads back through our importer, every result rescored.
    if (!tenhou.ok) throw new Error(tenhou.message);
    const parsed = parseTenhou6(tenhou.value.content);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.rounds).toHaveLength(handEnds.length);
    const check = checkGame(parsed.value);
    expect(check.wins.flatMap((w) => w.differences)).toEqual([]);
    expect(check.paymentDifferences).toEqual([]);
    expect(check.drawDifferences).toEqual([]);
    // CSV: a header and one row per finished hand, each ending in the four seats' points after the hand.
    if (!csv.ok) throw new Error(csv.message);
    const rows = csv.value.content.trim().split('\n');
    expect(rows[0]).toMatch(/^session,game,hand,dealer_seat,result,.*points_seat3$/);
    expect(rows).toHaveLength(handEnds.length + 1);
    handEnds.forEach((end, i) => {
      const points = (end as { points: number[] }).points;
      expect(rows[i + 1]!.split(',').slice(-4).map(Number)).toEqual(points);
    });
    // mjai: one kyoku per hand, each hand's own draws and discards, a hora or ryukyoku closing each.
    if (!mjai.ok) throw new Error(mjai.message);
    const lines = mjai.value.content.trim().split('\n').map((l) => JSON.parse(l) as { type: string; actor?: number });
    expect(lines[0]!.type).toBe('start_game');
    expect(lines.at(-1)!.type).toBe('end_game');
    expect(lines.filter((l) => l.type === 'start_kyoku')).toHaveLength(handEnds.length);
    expect(lines.filter((l) => l.type === 'end_kyoku')).toHaveLength(handEnds.length);
    const discards = logged.filter((e) => e.type === 'seat.discarded').length;
    expect(lines.filter((l) => l.type === 'dahai').length).toBeLessThanOrEqual(discards);
    expect(lines.filter((l) => l.type === 'hora').length).toBe(
      logged.flatMap((e) => (e.type === 'hand.won' ? (e as unknown as { wins: unknown[] }).wins : [])).length,
    );
    console.log(`riichi via the host: ${records.length} log records in ${seconds.toFixed(1)} s`);
  }, 240_000);

  it('plays a whole sanma game of bots; the log replays to the same events and records', async () => {
    const { records, games, seconds, tenhou, csv, mjai } = await playOneGame('sanma', 'sanma', 12);
    expect(games[0]!.seats.map((s) => s.placement).sort()).toEqual([1, 2, 3]);
    expect(tenhou.ok ? 'exported' : tenhou.message).toMatch(/four-player games/);
    expect(mjai.ok ? 'exported' : mjai.message).toMatch(/four-player games/);
    if (!csv.ok) throw new Error(csv.message);
    expect(csv.value.content.split('\n')[0]).toMatch(/points_seat2$/);
    console.log(`sanma via the host: ${records.length} log records in ${seconds.toFixed(1)} s`);
  }, 240_000);
});
