// Exports that hold (issue 12): each variant's own CSV columns with the players' names, tenhou.net/6 for every game, imported sessions as mjai and CSV, voided hands out of mjai, and never an empty file that says it worked.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportSession, exportSessionFiles } from '../../host/reports/export.js';
import { Host, type SessionRequest } from '../../host/session/host.js';
import { importTenhou6File } from '../../families/riichi/import.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { minefieldMjai } from '../../families/minefield/export.js';
import { parseTenhou6 } from '../../families/riichi/formats/index.js';
import { startSession, type Session } from '../../host/storage/index.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('exports-');
const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLE = '/work/shared/data/tenhou6/mjx-2010081709gm-00a9-0000-fe3371ad.json';

const NAMES = ['Aiko', 'Ben, "B"', 'Chiho', 'Dai'];

/** Plays `games` games of `variant` on the built-in simulator, each cut after `hands` hands, with named bots. */
async function play(variant: string, games: number, hands: number, seed = 4) {
  const dbPath = tempDb();
  const opened = Host.open({ dbPath, pace: { thinkMs: 0, motorMs: 1 }, maxGames: games });
  if (!opened.ok) throw new Error(opened.message);
  const host = opened.value;
  const seats = variant === 'tenpai-race' ? [0, 2] : [0, 1, 2, 3];
  const request: SessionRequest = {
    variant,
    target: { kind: 'simulator', seed },
    seed,
    handsPerGame: hands,
    seats: seats.map((seat, i) => ({ seat: seat as 0 | 1 | 2 | 3, playerId: null, name: NAMES[i]!, bot: true })),
  };
  const started = await host.startSession(request);
  if (!started.ok) throw new Error(started.message);
  await host.whenSessionEnded();
  return { host, dbPath, sessionId: started.value };
}

/** A CSV's rows as cells (quoted cells with commas and quotes read back). */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const cells: string[] = [];
      const re = /("((?:[^"]|"")*)"|[^,]*)(,|$)/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line)) !== null) {
        cells.push(m[2] !== undefined ? m[2].replace(/""/g, '"') : m[1]!);
        if (m[3] === '') break;
      }
      return cells;
    });
}

describe('CSV per variant, with the players’ names (issue 12)', () => {
  for (const [variant, extra, seats] of [
    ['mangan', 'burned', 4],
    ['clear', 'cleared', 4],
    ['tenpai-race', null, 2],
  ] as const)
    it(`${variant}: its own columns, ${seats} seats, names, no "undefined"`, async () => {
      const { host, sessionId } = await play(variant, 1, 2);
      const csv = exportSession(host.db, host.log, sessionId, 'csv');
      if (!csv.ok) throw new Error(csv.message);
      expect(csv.value.content).not.toMatch(/undefined/);
      const rows = parseCsv(csv.value.content);
      const header = rows[0]!;
      expect(header.slice(0, 5)).toEqual(['session', 'game', 'hand', 'dealer_seat', 'result']);
      expect(header.filter((h) => h.startsWith('points_seat'))).toHaveLength(seats);
      expect(header.filter((h) => h.startsWith('player_seat'))).toHaveLength(seats);
      expect(header).not.toContain('ante');
      if (extra !== null) expect(header).toContain(extra);
      expect(rows).toHaveLength(3);
      for (const row of rows.slice(1)) {
        expect(row).toHaveLength(header.length);
        expect(row.slice(header.indexOf('player_seat0'), header.indexOf('player_seat0') + seats)).toEqual(
          NAMES.slice(0, seats),
        );
        for (const points of row.slice(-seats)) expect(Number.isInteger(Number(points))).toBe(true);
      }
      await host.close();
    }, 120_000);
});

describe('tenhou.net/6 of a session of several games (issue 12)', () => {
  it('writes every game, one file each; a single-file export must name the game', async () => {
    const { host, dbPath, sessionId } = await play('riichi', 2, 2);
    const files = exportSessionFiles(host.db, host.log, sessionId, 'tenhou');
    if (!files.ok) throw new Error(files.message);
    expect(files.value.map((f) => f.fileName)).toEqual([
      `session-${sessionId}-riichi-game-1.json`,
      `session-${sessionId}-riichi-game-2.json`,
    ]);
    for (const file of files.value) {
      const parsed = parseTenhou6(file.content);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(parsed.value.rounds).toHaveLength(2);
      // Seats counted from the game's first dealer, as tenhou numbers them.
      expect([...parsed.value.players].sort()).toEqual([...NAMES].sort());
    }
    expect(exportSession(host.db, host.log, sessionId, 'tenhou')).toMatchObject({ ok: false, code: 'export_ambiguous' });
    const second = exportSession(host.db, host.log, sessionId, 'tenhou', undefined, 2);
    expect(second.ok && second.value.content).toBe(files.value[1]!.content);
    expect(exportSession(host.db, host.log, sessionId, 'tenhou', undefined, 3)).toMatchObject({ ok: false, code: 'unknown_game' });
    await host.close();

    // The command line writes both files and says so; to standard output it refuses, naming --game.
    const out = path.join(path.dirname(dbPath), 'session.json');
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'host/cli/main.ts', 'export', '--db', dbPath, '--format', 'tenhou', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    const written = cli('--out', out);
    expect(written.status, written.stderr).toBe(0);
    expect(written.stderr).toMatch(/session-game-1\.json/);
    expect(written.stderr).toMatch(/session-game-2\.json/);
    expect(readFileSync(out.replace('.json', '-game-2.json'), 'utf8')).toBe(files.value[1]!.content);
    expect(existsSync(out)).toBe(false);
    const ambiguous = cli();
    expect(ambiguous.status).toBe(1);
    expect(ambiguous.stdout).toBe('');
    expect(ambiguous.stderr).toMatch(/export_ambiguous: .*--game/);
  }, 240_000);
});

describe('an imported tenhou.net/6 session (issue 12)', () => {
  it('exports as mjai (every round) and CSV (a row per round, names and points), not 1 byte or a header', async () => {
    const dbPath = tempDb();
    const opened = Host.open({ dbPath });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const stored = importTenhou6File(host.db, SAMPLE, 1_700_000_000_000);
    if (!stored.ok) throw new Error(stored.message);
    const original = parseTenhou6(readFileSync(SAMPLE, 'utf8'));
    if (!original.ok) throw new Error(original.message);
    const rounds = original.value.rounds.length;
    const mjai = exportSession(host.db, host.log, stored.value.sessionId, 'mjai');
    if (!mjai.ok) throw new Error(mjai.message);
    const lines = mjai.value.content.trim().split('\n').map((l) => JSON.parse(l) as { type: string; names?: string[] });
    expect(lines[0]).toMatchObject({ type: 'start_game', names: original.value.players });
    expect(lines.filter((l) => l.type === 'start_kyoku')).toHaveLength(rounds);
    expect(lines.filter((l) => l.type === 'end_kyoku')).toHaveLength(rounds);
    expect(lines.at(-1)!.type).toBe('end_game');
    const csv = exportSession(host.db, host.log, stored.value.sessionId, 'csv');
    if (!csv.ok) throw new Error(csv.message);
    const rows = parseCsv(csv.value.content);
    expect(rows).toHaveLength(rounds + 1);
    expect(rows[1]!.slice(rows[0]!.indexOf('player_seat0'), rows[0]!.indexOf('player_seat0') + 4)).toEqual([
      ...original.value.players,
    ]);
    // The points after each round are the next round's starting points.
    expect(rows[1]!.slice(-4).map(Number)).toEqual(original.value.rounds[1]!.startScores);
    await host.close();
  });
});

describe('never an empty export (issue 12)', () => {
  it('a session with no finished hand is refused in every format, with the reason', async () => {
    const opened = Host.open({ dbPath: tempDb() });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    for (const variant of ['riichi', 'minefield', 'mangan']) {
      const session = startSession(host.db, { variant, preset: variant === 'riichi' ? 'club' : variant, tableId: 'sim', startedAtMs: 1 });
      for (const format of ['csv', 'mjai', 'tenhou'] as const) {
        const file = exportSession(host.db, host.log, session.id, format);
        expect(file.ok, `${variant} ${format}`).toBe(false);
        if (!file.ok) expect(['export_empty', 'export_unsupported']).toContain(file.code);
      }
    }
    await host.close();
  });
});

describe('mjai and a voided hand (issue 12)', () => {
  it('a hand voided by a host restart is dropped, never written as a ryukyoku', () => {
    const session: Session = { id: 1, variant: 'minefield', preset: 'minefield', tableId: 'sim', startedAtMs: 0, endedAtMs: null };
    const at = (seq: number, event: unknown): LoggedEvent => ({ sessionId: 1, seq, atMs: seq, event } as unknown as LoggedEvent);
    const hand = (n: number) => [
      { type: 'hand.started', hand: n, dealer: 0, ante: 1000, points: [30000, 30000] },
      { type: 'hand.doraFlipped', indicator: 1 },
      { type: 'seat.handSet', seat: 0, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] },
      { type: 'seat.handSet', seat: 1, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] },
      { type: 'hand.playStarted' },
      { type: 'seat.discarded', seat: 0, tile: 20 },
    ];
    const events = [
      { type: 'game.started', points: [30000, 30000] },
      ...hand(1),
      { type: 'host.handVoided', game: 1, hand: 1, dealer: 0, ante: 1000, reason: 'simulator_lost' },
      ...hand(1),
      { type: 'hand.drawn', nextAnte: 2000 },
    ];
    const mjai = minefieldMjai(session, events.map((e, i) => at(i + 1, e)));
    if (!mjai.ok) throw new Error(mjai.message);
    const lines = mjai.value.trim().split('\n').map((l) => JSON.parse(l) as { type: string; reason?: string });
    expect(lines.filter((l) => l.type === 'start_kyoku')).toHaveLength(1);
    expect(lines.filter((l) => l.type === 'dahai')).toHaveLength(1);
    expect(lines.filter((l) => l.reason === 'voided')).toEqual([]);
    expect(lines.filter((l) => l.type === 'ryukyoku')).toEqual([expect.objectContaining({ reason: 'exhaustive_draw' })]);
  });
});
