// `serve`'s play options (issue 7): Tenpai Race games end at the hands-per-game limit so `--games N` ends the run; Mangan's tag-team shows who sits for each pair; options a variant does not take are refused.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { riichiViewOf } from '../../contract/ipc-contract.js';
import { createHostHandlers } from '../../host/server/api.js';
import { Host } from '../../host/session/host.js';
import { TENPAI_RACE_HANDS_PER_GAME } from '../../host/families/registry.js';
import { observeHost } from '../e2e/host-observer.js';
import { startServe } from '../e2e/serve-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'serve-play-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `serve` to its exit (or kills it at the time limit): exit code and stderr. */
function serveToExit(
  args: readonly string[],
  limitMs: number,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'host/cli/main.ts', 'serve', '--http-port', '0', '--listen', '127.0.0.1', ...args],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('serve play options (issue 7)', () => {
  it('`serve --games 1 --variant tenpai-race` ends by itself after the default hands per game', async () => {
    const db = path.join(dir, 'race.sqlite');
    const t0 = Date.now();
    const run = await serveToExit(
      [
        '--sim',
        '--variant',
        'tenpai-race',
        '--exit-after-games',
        '--games',
        '1',
        '--seed',
        '3',
        '--think-ms',
        '0',
        '--motor-ms',
        '2',
        '--db',
        db,
      ],
      90_000,
    );
    const seconds = (Date.now() - t0) / 1000;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/session 1 ended after 1 game\(s\)/);
    const opened = Host.open({ dbPath: db });
    if (!opened.ok) throw new Error(opened.message);
    const read = opened.value.log.read(1);
    if (!read.ok) throw new Error(read.message);
    const types = read.value.map((r) => r.event.type as string);
    expect(read.value[0]!.event).toMatchObject({
      type: 'host.sessionOpened',
      handsPerGame: TENPAI_RACE_HANDS_PER_GAME,
    });
    // Eight hands dealt and played (the machine opens a ninth at the cut; the host never asks the table to deal it).
    expect(types.filter((t) => t === 'hand.dealt')).toHaveLength(TENPAI_RACE_HANDS_PER_GAME);
    expect(types.filter((t) => t === 'hand.abortiveDraw')).toHaveLength(TENPAI_RACE_HANDS_PER_GAME);
    expect(types.at(-1)).toBe('host.sessionEnded');
    await opened.value.close();
    console.log(
      `serve --games 1 --variant tenpai-race: ${TENPAI_RACE_HANDS_PER_GAME} hands, exited in ${seconds.toFixed(1)} s`,
    );
  }, 120_000);

  it('refuses a tag-team outside Mangan and a hands-per-game limit on Minefield, with their code', async () => {
    const run = await serveToExit(
      ['--sim', '--variant', 'riichi', '--tag-team', '--db', path.join(dir, 'refused.sqlite')],
      30_000,
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/option_not_in_variant: riichi has no tag-team option/);
    const opened = Host.open({ dbPath: path.join(dir, 'refused-host.sqlite') });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const refused = await host.startSession({
      variant: 'minefield',
      target: { kind: 'simulator', seed: 1 },
      handsPerGame: 3,
    });
    expect(refused.ok ? null : refused.code).toBe('option_not_in_variant');
    await host.close();
  }, 60_000);

  it('the console starts a session with the options (session.start), shown in the public state', async () => {
    const opened = Host.open({ dbPath: path.join(dir, 'console-start.sqlite') });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const handlers = createHostHandlers(host, null);
    const seats = [];
    for (const seat of [0, 1, 2, 3] as const) {
      const player = await handlers['players.create']({ name: `Pair ${seat + 1}` });
      if (!player.ok) throw new Error(player.message);
      seats.push({ seat, playerId: player.value.id });
    }
    const started = await handlers['session.start']({
      variant: 'mangan',
      preset: 'mangan',
      table: { kind: 'simulator' },
      seats,
      handsPerGame: 2,
      tagTeam: true,
    });
    if (!started.ok) throw new Error(started.message);
    expect(host.publicState().session).toMatchObject({ variant: 'mangan', handsPerGame: 2, tagTeam: true });
    await host.endSession();
    await host.close();
  }, 60_000);

  it('`serve --variant mangan --tag-team` plays the tag-team game and shows who sits for each pair', async () => {
    const serve = await startServe({
      variant: 'mangan',
      extraArgs: [
        '--tag-team',
        '--listen',
        '127.0.0.1',
        '--seed',
        '4',
        '--think-ms',
        '0',
        '--motor-ms',
        '2',
        '--token',
        'tag-team-operator-token-01',
      ],
    });
    const observer = await observeHost(`${serve.origin}/console?token=tag-team-operator-token-01`);
    try {
      const state = await observer.waitFor(
        (s) => riichiViewOf(s)?.tagTeam !== undefined,
        90_000,
        'the first tag-team swap',
      );
      expect(state.session).toMatchObject({ variant: 'mangan', tagTeam: true });
      const view = riichiViewOf(state)!;
      const seated = view.tagTeam!.seated;
      expect(seated.map((s) => s.seat)).toEqual(view.seats.map((s) => s.seat));
      // Each seat holds one of its own pair (players 2i and 2i+1), and a swap put a second player at one seat.
      seated.forEach((s, i) => expect([2 * i, 2 * i + 1]).toContain(s.player));
      expect(seated.some((s, i) => s.player === 2 * i + 1)).toBe(true);
    } finally {
      observer.close();
      await serve.stop();
    }
  }, 150_000);
});
