// Issue 13 item 0: whole riichi games through the PTY simulator with 1% corrupted and 1% dropped bytes, unplugs and a
// reboot. Every game finishes; what the host received is what the table reported, in order, once (a reboot drops
// only the events the table still held, as PROTOCOL.md §6 allows). MJ_SOAK_GAMES plays more games per run, MJ_SOAK_HANDS=0 whole ones.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SerialTransport } from '../../hardware/serial-transport.js';
import { parseFaultSpec } from '../../hardware/simulator/faults.js';
import type { TableWireEvent } from '../../hardware/simulator/table-model.js';
import { withSimulatedTable } from '../../host/cli/game-runs.js';
import { playRiichiAtTable } from '../../families/riichi/table-run.js';
import { isHandResult, type RiichiEvent } from '../../families/riichi/machines/events.js';
import { TENHOU } from '../../rules/options.js';

const hasSocat = spawnSync('socat', ['-V']).status === 0;
const GAMES = Number(process.env['MJ_SOAK_GAMES'] ?? 1);
/** Hands per game (a whole game on a noisy, unplugged line takes about a minute on a busy machine); 0: whole games. */
const HANDS = Number(process.env['MJ_SOAK_HANDS'] ?? 4);

/** JSON with keys in order, so that two equal events compare equal whatever order their fields were built in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

async function play(faultText: string, seed: number) {
  const faults = parseFaultSpec(faultText);
  if (!faults.ok) throw new Error(faults.message);
  const dir = mkdtempSync(join(tmpdir(), 'link-soak-games-'));
  const port = join(dir, 'host');
  const reported: string[] = [];
  try {
    const run = await withSimulatedTable(port, seed, faults.value, (tableTransport) =>
      playRiichiAtTable({
        mode: 'standard4',
        preset: 'tenhou',
        rules: TENHOU,
        games: GAMES,
        seed,
        hostTransport: new SerialTransport({ path: port }),
        tableTransport,
        faults: faults.value,
        timeoutMs: 50_000 * GAMES,
        ...(HANDS > 0 ? { handsPerGame: HANDS } : {}),
        onTableEvent: (event: TableWireEvent) => reported.push(canonical(event)),
      }),
    );
    const received = run.log
      .filter((r) => r.source && r.event.type.startsWith('table.') && r.event.type !== 'table.hello')
      .map((r) => {
        // The link maps a refusal's wire seq to the host's command id; the table reported the seq.
        const { commandId: _id, ...rest } = r.event as { commandId?: number };
        return r.event.type === 'table.commandRejected' ? rest : r.event;
      });
    const hands = run.log.filter((r) => !r.source && isHandResult(r.event as RiichiEvent)).length;
    return { run, hands, reported, received: received.map(canonical) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether `sub` is `all` in order with some entries left out (none added, none repeated). */
function leftOut(all: readonly string[], sub: readonly string[]): number | null {
  let at = 0;
  for (const entry of sub) {
    while (at < all.length && all[at] !== entry) at++;
    if (at === all.length) return null;
    at++;
  }
  return all.length - sub.length;
}

const withoutIds = (events: readonly string[]) =>
  events.map((e) => {
    const parsed = JSON.parse(e) as { type: string; commandId?: number };
    if (parsed.type !== 'table.commandRejected') return e;
    const { commandId: _id, ...rest } = parsed;
    return canonical(rest);
  });

/** Every game ended (or, cut after HANDS hands, played them all: the run returns only when it has). */
function expectFinished(games: number, hands: number): void {
  if (HANDS > 0) expect(hands).toBeGreaterThanOrEqual(HANDS * GAMES);
  else expect(games).toBe(GAMES);
}

describe.skipIf(!hasSocat)('riichi games through a noisy, unplugged, rebooting PTY line (issue 13)', () => {
  it(
    '1% corrupt, 1% drop, unplugged every 3 s for 1.5 s: every game ends; every table event arrives once, in order',
    async () => {
      const { run, hands, reported, received } = await play(
        'corrupt=0.01,drop=0.01,unplug-every=3s,unplug-for=1500ms',
        5,
      );
      expectFinished(run.games.length, hands);
      expect(received).toEqual(withoutIds(reported));
      expect(received.length).toBeGreaterThan(150 * GAMES);
    },
    60_000 * GAMES,
  );

  it(
    'the same with the table rebooting after 400 events: the games end; only events the table held are gone',
    async () => {
      const { run, hands, reported, received } = await play('corrupt=0.01,drop=0.01,reboot-at=400', 6);
      expectFinished(run.games.length, hands);
      const dropped = leftOut(withoutIds(reported), received);
      expect(
        dropped,
        'the host got an event the table never reported, or one twice, or out of order',
      ).not.toBeNull();
      // A reboot loses at most the table's queue of unacknowledged events (a window's worth on this line).
      expect(dropped!).toBeLessThanOrEqual(64);
    },
    60_000 * GAMES,
  );
});
