// `simulate --variant mangan|clear|tenpai-race --port` and `--preset tournament --port`: bot games through the table simulator over a socat PTY pair; summaries, replays of the log, faults, refusals (issue 7).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSimulate } from '../../test/simulate-cli.js';
import { NO_FAULTS, parseFaultSpec, type FaultSpec } from '../../hardware/simulator/faults.js';
import { SerialTransport } from '../../hardware/serial-transport.js';
import { createActor, SimulatedClock } from 'xstate';
import { riichiInputSchema, type RiichiEvent } from '../../families/riichi/machines/events.js';
import { riichiGameMachine } from '../../families/riichi/machines/game.js';
import { VARIANT_SETUP, type RiichiVariant } from '../../families/riichi/machines/variant-simulation.js';
import type { SourceEvent } from '../session/log-events.js';
import { RiichiCore } from '../../families/riichi/core.js';
import { withSimulatedTable } from './game-runs.js';
import type { RiichiTableRun } from '../../families/riichi/table-run.js';
import {
  playVariantAtTable,
  refusalOf,
  simulateVariantCommand,
  type VariantSimulationSummary,
} from './simulate-variants.js';
import { variantRecordsFromEvents } from './variant-tally.js';

const socat = spawnSync('socat', ['-V']).status === 0;

/** Plays at the simulated table over a fresh PTY pair, as `simulate --port` does. */
async function playThroughPty(
  variant: RiichiVariant,
  games: number,
  seed: number,
  extra: { maxHands?: number; tagTeam?: boolean; faults?: FaultSpec } = {},
): Promise<{ summary: VariantSimulationSummary; run: RiichiTableRun }> {
  const dir = mkdtempSync(join(tmpdir(), 'simulate-variants-port-'));
  const port = join(dir, 'host');
  try {
    return await withSimulatedTable(port, seed, extra.faults ?? NO_FAULTS, (tableTransport) =>
      playVariantAtTable({
        variant,
        games,
        seed,
        ...extra,
        hostTransport: new SerialTransport({ path: port }),
        tableTransport,
        through: port,
        timeoutMs: 60_000,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The log's source events through a fresh core made as the run's gives the same derived events, and those tally to
 * the same summary: what was printed is what the host's machines made of the table's events.
 */
/**
 * The same games in process: the game machine alone (as `simulate` without --port runs it) given the inputs the
 * table's events became (the walls, draws, discards, calls, declarations), game by game. Its outcomes.
 */
function playInProcess(
  variant: RiichiVariant,
  derived: readonly RiichiEvent[],
  tagTeam: boolean,
): RiichiEvent[] {
  const { options, machine } = VARIANT_SETUP[variant];
  const out: RiichiEvent[] = [];
  let actor: ReturnType<typeof createActor<typeof riichiGameMachine>> | null = null;
  for (const event of derived) {
    if (event.type === 'game.started') {
      actor?.stop();
      actor = createActor(riichiGameMachine, {
        input: { ...machine, options, firstDealer: event.firstDealer, tagTeam },
        clock: new SimulatedClock(),
      });
      actor.on('*', (outcome) => out.push(outcome as RiichiEvent));
      actor.start();
    } else if (actor !== null && riichiInputSchema.safeParse(event).success) {
      out.push(event);
      actor.send(event as Parameters<typeof actor.send>[0]);
    }
  }
  actor?.stop();
  return out;
}

/**
 * Buttons a seat pressed twice for one question: the log is cut where a new question opens (a discard or an added
 * kan offers a tile, a hand starts, agari-yame is offered); within a piece a seat presses each button at most once.
 */
function duplicatePresses(run: RiichiTableRun): string[] {
  const opens = new Set(['seat.discarded', 'seat.addedKanDeclared', 'hand.started', 'game.agariYameOffered']);
  const duplicates: string[] = [];
  let pressed = new Set<string>();
  for (const record of run.log) {
    const event = record.event;
    if (!record.source && opens.has(event.type)) pressed = new Set();
    if (record.source && event.type === 'table.buttonPressed') {
      const press = `${event.seat}:${event.button}`;
      if (pressed.has(press)) duplicates.push(`seq ${record.seq}: seat ${press}`);
      pressed.add(press);
    }
  }
  return duplicates;
}

function expectReplays(
  variant: RiichiVariant,
  { summary, run }: { summary: VariantSimulationSummary; run: RiichiTableRun },
  tagTeam = false,
) {
  const core = new RiichiCore(run.core);
  const replayed: RiichiEvent[] = [];
  for (const record of run.log)
    if (record.source)
      replayed.push(...core.step(record.seq, record.atMs, record.event as SourceEvent).derived);
  core.stop();
  expect(replayed).toEqual(run.log.filter((r) => !r.source).map((r) => r.event));
  const records = variantRecordsFromEvents(variant, replayed, summary.seed, tagTeam);
  expect(records.map((r) => r.points)).toEqual(summary.points);
  expect(records.reduce((n, r) => n + r.hands, 0)).toBe(summary.hands);
  expect(records.reduce((n, r) => n + r.burned, 0)).toBe(summary.burned);
  // The bots act only on what their panels offer, and press once per decision even when a panel moves on before
  // the press reached the host (another seat announced a call): nothing is refused, no button pressed twice.
  const rejected = replayed.flatMap((e) => (e.type === 'seat.actionRejected' ? [e.action] : []));
  expect(rejected).toEqual([]);
  expect(duplicatePresses(run)).toEqual([]);
  // Where the bots decided the same, the in-process machine gives the same results as the table run.
  const inProcess = variantRecordsFromEvents(
    variant,
    playInProcess(variant, replayed, tagTeam),
    summary.seed,
    tagTeam,
  );
  expect(inProcess).toEqual(records);
}

describe.runIf(socat)('simulate --port for Mangan, Clear and Tenpai Race (issue 7)', () => {
  it('Tenpai Race: two players at table seats 0 and 2, Stage A draws after 18 discards each, honba +1, no points move', async () => {
    const t0 = performance.now();
    const played = await playThroughPty('tenpai-race', 2, 3, { maxHands: 3 });
    const seconds = (performance.now() - t0) / 1000;
    const { summary, run } = played;
    expectReplays('tenpai-race', played);
    // Each game is cut after 3 hands (Stage A never ends a game): 3 Stage A draws, the 4th hand started.
    expect(summary).toMatchObject({ games: 2, unfinished: 2, hands: 8 });
    expect(summary.draws.tenpaiRaceStageA).toBe(6);
    expect(summary.points).toEqual([
      [10000, 10000],
      [10000, 10000],
    ]);
    const derived = run.log.filter((r) => !r.source).map((r) => r.event as RiichiEvent);
    // The honba grows by one per Stage A draw and the dealer stays (V2.1 item 4).
    const starts = derived.filter((e) => e.type === 'hand.started');
    expect(starts.map((e) => e.honba)).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    for (let i = 1; i < 4; i++) expect(starts[i]!.dealer).toBe(starts[0]!.dealer);
    // Both players discarded 18 tiles in each drawn hand.
    let discards = [0, 0];
    for (const e of derived) {
      if (e.type === 'hand.started') discards = [0, 0];
      if (e.type === 'seat.discarded') discards[e.seat]!++;
      if (e.type === 'hand.abortiveDraw') expect(discards).toEqual([18, 18]);
    }
    // The table's seats in play are 0 and 2 (the opponent across, V2.2): nobody acts at seats 1 and 3.
    const tableSeats = new Set(
      run.log.flatMap((r) =>
        r.source && 'seat' in r.event && typeof r.event.seat === 'number' ? [r.event.seat] : [],
      ),
    );
    expect([...tableSeats].sort()).toEqual([0, 2]);
    // The table's `confirm` button right after a seat's own discard starts Stage B (V2.1 item 5): replayed with
    // such a press inserted, the core gives the machine `seat.stageBStarted`, which it takes or refuses (not tenpai).
    const sources = run.log.filter((r) => r.source);
    const at = sources.findIndex((r) => r.event.type === 'table.tileDiscarded' && r.event.seat === 2);
    const pressed = [
      ...sources.slice(0, at + 1),
      { ...sources[at]!, event: { type: 'table.buttonPressed', seat: 2, button: 'confirm' } as SourceEvent },
    ];
    const core = new RiichiCore(run.core);
    const out = pressed.flatMap((r, i) => core.step(i + 1, r.atMs, r.event as SourceEvent).derived);
    core.stop();
    const started = out.findIndex((e) => e.type === 'seat.stageBStarted');
    expect(out[started]).toEqual({ type: 'seat.stageBStarted', seat: 1 });
    expect(
      out.slice(started + 1).some((e) => e.type === 'hand.stageBRoles' || e.type === 'seat.actionRejected'),
    ).toBe(true);
    console.log(
      `tenpai race through the PTY: ${summary.hands} hands, ${run.log.length} records in ${seconds.toFixed(1)} s (${(summary.hands / seconds).toFixed(1)} hands/s)`,
    );
  }, 90_000);

  it('Mangan: a whole game; points burned leave the game (V4.1), it ends with a player at 0 or below', async () => {
    const t0 = performance.now();
    const played = await playThroughPty('mangan', 1, 10);
    const seconds = (performance.now() - t0) / 1000;
    const { summary } = played;
    expectReplays('mangan', played);
    expect(summary).toMatchObject({ games: 1, unfinished: 0 });
    expect(summary.burned).toBeGreaterThan(0);
    for (const points of summary.points) expect(Math.min(...points)).toBeLessThanOrEqual(0);
    // No honba, no riichi sticks, no tenpai payments (G1): what is not burned is still at the table.
    const left = summary.points.reduce((n, p) => n + p.reduce((a, b) => a + b, 0), 0);
    expect(left + summary.burned).toBe(100_000);
    console.log(
      `mangan through the PTY: ${summary.hands} hands, ${summary.burned} burned, in ${seconds.toFixed(1)} s (${(summary.hands / seconds).toFixed(1)} hands/s)`,
    );
  }, 90_000);

  it("Clear: a whole game to its decision, the teams' conditions in the summary", async () => {
    const t0 = performance.now();
    const played = await playThroughPty('clear', 1, 4);
    const seconds = (performance.now() - t0) / 1000;
    const { summary, run } = played;
    expectReplays('clear', played);
    expect(summary).toMatchObject({ games: 1, unfinished: 0 });
    expect(Object.values(summary.decided)).toEqual([1]);
    const derived = run.log.filter((r) => !r.source).map((r) => r.event as RiichiEvent);
    const cleared = derived.filter((e) => e.type === 'team.conditionCleared').length;
    expect(Object.values(summary.conditionsCleared).reduce((a, b) => a + b, 0)).toBe(cleared);
    console.log(
      `clear through the PTY: ${summary.hands} hands in ${seconds.toFixed(1)} s (${(summary.hands / seconds).toFixed(1)} hands/s)`,
    );
  }, 90_000);

  it('Mangan tag-team through the table: partners swap after ten discards', async () => {
    const played = await playThroughPty('mangan', 1, 5, { maxHands: 4, tagTeam: true });
    expectReplays('mangan', played, true);
    expect(played.summary.tagTeam!.substitutions).toBeGreaterThan(0);
  }, 90_000);

  it("tournament preset: the dealer's agari-yame is asked at the table, answered with `confirm` (stop) or `pass`", async () => {
    const t0 = performance.now();
    // Seed 11: the dealer wins the last hand while first, 4000 or more ahead: the bots' rule takes agari-yame.
    const played = await playThroughPty('tournament', 1, 11);
    const seconds = (performance.now() - t0) / 1000;
    const { summary, run } = played;
    expectReplays('tournament', played);
    expect(summary).toMatchObject({ games: 1, unfinished: 0, agariYame: { offered: 1, taken: 1 } });
    expect(summary.tournament).toHaveLength(1);
    expect(run.log[0]!.event).toMatchObject({
      type: 'host.sessionOpened',
      variant: 'riichi',
      preset: 'tournament',
    });
    const derived = run.log.filter((r) => !r.source).map((r) => r.event as RiichiEvent);
    const offer = derived.find((e) => e.type === 'game.agariYameOffered')!;
    expect(derived.at(-1)).toMatchObject({ type: 'game.ended', reason: 'agariYame' });
    expect(derived).toContainEqual({ type: 'seat.agariYameDecided', seat: offer.seat, stop: true });
    // The dealer's answer is the table's `confirm` button (PROTOCOL.md §10.4).
    const sources = run.log.filter((r) => r.source);
    const at = sources.findIndex(
      (r) => r.event.type === 'table.buttonPressed' && r.event.button === 'confirm',
    );
    expect(sources[at]!.event).toEqual({ type: 'table.buttonPressed', seat: offer.seat, button: 'confirm' });
    // Replayed with `pass` in its place the dealer plays on: the answer goes to the machine, a next hand starts.
    const core = new RiichiCore(run.core);
    const passed = sources
      .slice(0, at + 1)
      .map((r, i) =>
        i === at
          ? { ...r, event: { type: 'table.buttonPressed', seat: offer.seat, button: 'pass' } as SourceEvent }
          : r,
      );
    const out = passed.flatMap((r, i) => core.step(i + 1, r.atMs, r.event as SourceEvent).derived);
    expect(core.panel(offer.seat).kind).not.toBe('agariYame');
    core.stop();
    const decided = out.findIndex((e) => e.type === 'seat.agariYameDecided');
    expect(out[decided]).toEqual({ type: 'seat.agariYameDecided', seat: offer.seat, stop: false });
    expect(out.slice(decided).some((e) => e.type === 'hand.started')).toBe(true);
    expect(out.some((e) => e.type === 'game.ended')).toBe(false);
    console.log(`tournament through the PTY: ${summary.hands} hands in ${seconds.toFixed(1)} s`);
  }, 90_000);

  it('faults reach riichi runs: a jam and a reboot mid-game, the game ends with the results of the run without faults', async () => {
    const parsed = parseFaultSpec('jam-at=build:2,reboot-at=1500');
    if (!parsed.ok) throw new Error(parsed.message);
    const t0 = performance.now();
    const faulty = await playThroughPty('tournament', 1, 3, { faults: parsed.value });
    const seconds = (performance.now() - t0) / 1000;
    const clean = await playThroughPty('tournament', 1, 3);
    expectReplays('tournament', faulty);
    const sources = faulty.run.log.filter((r) => r.source).map((r) => r.event);
    // The jam latched a fault that the run's operator cleared; the reboot lost the events the table had queued.
    expect(sources.filter((e) => e.type === 'table.fault')).toHaveLength(1);
    expect(sources.filter((e) => e.type === 'link.rebooted')).toHaveLength(1);
    expect(sources.filter((e) => e.type === 'operator.faultCleared').length).toBeGreaterThanOrEqual(1);
    expect(
      clean.run.log.some((r) => r.event.type === 'link.rebooted' || r.event.type === 'table.fault'),
    ).toBe(false);
    // The bots decide the same on the same walls: the same hands, points and tournament result.
    expect(faulty.summary).toMatchObject({ games: 1, unfinished: 0 });
    expect(faulty.summary.points).toEqual(clean.summary.points);
    expect(faulty.summary.hands).toBe(clean.summary.hands);
    expect(faulty.summary.tournament).toEqual(clean.summary.tournament);
    console.log(
      `tournament through the PTY with a jam and a reboot: ${faulty.summary.hands} hands in ${seconds.toFixed(1)} s`,
    );
  }, 120_000);

  it('runs from the command line: --variant tenpai-race --port --json --log', () => {
    const { summary, log, port } = runSimulate<VariantSimulationSummary>(
      ['--variant', 'tenpai-race', '--games', '1', '--seed', '2', '--max-hands', '2'],
      { withPort: true },
    );
    expect(summary).toMatchObject({ variant: 'tenpai-race', through: port, games: 1, hands: 3 });
    expect(summary.draws.tenpaiRaceStageA).toBe(2);
    expect(log.filter((r) => !r.source && r.event.type === 'hand.started')).toHaveLength(3);
    expect(log[0]!.event).toMatchObject({
      type: 'host.sessionOpened',
      variant: 'tenpai-race',
      preset: 'tenpai-race',
    });
  }, 90_000);
});

describe.runIf(socat)('simulate --variant riichi --preset tournament --port --faults (issue 7)', () => {
  it('runs from the command line with a jam: the fault reaches the table, the game ends', () => {
    const { summary, log } = runSimulate<VariantSimulationSummary>(
      [
        '--variant',
        'riichi',
        '--preset',
        'tournament',
        '--games',
        '1',
        '--seed',
        '11',
        '--faults',
        'jam-at=build:1',
      ],
      { withPort: true },
    );
    expect(summary).toMatchObject({ variant: 'tournament', games: 1, unfinished: 0 });
    expect(summary.tournament).toHaveLength(1);
    const faults = log.filter((r) => r.source && r.event.type === 'table.fault');
    expect(faults.map((r) => (r.event.fault as { code: string }).code)).toEqual(['jam']);
    expect(log.some((r) => !r.source && r.event.type === 'game.ended')).toBe(true);
  }, 90_000);
});

describe('simulate variant refusals', () => {
  it('refuses what cannot be played, each with a stable code', async () => {
    expect(refusalOf({ variant: 'tournament', games: 1, seed: 1, maxHands: 10, port: '/tmp/x' })).toBeNull();
    expect(refusalOf({ variant: 'clear', games: 1, seed: 1, maxHands: 10, tagTeam: true })).toMatchObject({
      code: 'tag_team_not_in_variant',
    });
    expect(
      refusalOf({ variant: 'mangan', games: 1, seed: 1, maxHands: 10, faults: 'drop=0.1' }),
    ).toMatchObject({
      code: 'faults_need_port',
    });
    expect(
      refusalOf({ variant: 'mangan', games: 1, seed: 1, maxHands: 10, port: '/tmp/x', tagTeam: true }),
    ).toBeNull();
    expect(
      await simulateVariantCommand({
        variant: 'mangan',
        games: 1,
        seed: 1,
        maxHands: 10,
        port: '/tmp/x',
        faults: 'nonsense',
      }),
    ).toMatchObject({ ok: false, code: 'bad_faults' });
  });

  it('the command line refuses --tag-team outside Mangan', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'host/cli/main.ts', 'simulate', '--variant', 'riichi', '--tag-team'],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--tag-team is Mangan Mahjong's 8-player option");
  }, 30_000);
});
