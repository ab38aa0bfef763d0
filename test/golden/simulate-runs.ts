// The `simulate` runs the lock covers: every variant, preset and play option of the command, a few seeds each, run in process through the command itself.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { registerSimulate } from '../../host/cli/simulate.js';
import type { LoggedEvent, LogEvent } from '../../host/session/log-events.js';
import type { Session } from '../../host/storage/index.js';
import { variantEntry } from '../../host/families/registry.js';
import { canonicalJson, FIXTURES, type Artifacts } from './golden-files.js';
import { exportArtifacts, foldArtifacts } from './log-artifacts.js';

export interface SimulateRun {
  /** Fixture name: `<variant>[-<preset>][-tag-team]-seed<N>`. */
  readonly name: string;
  /** The command line after `simulate` (without --log and --json, which every run adds). */
  readonly args: readonly string[];
  /** The session the log is exported as: the host's variant id, preset and play option. */
  readonly variant: string;
  readonly preset: string;
  readonly tagTeam: boolean;
}

/** Each game is cut after this many hands: whole games of some variants run to 200 hands (Mangan's tag-team). */
const MAX_HANDS = 8;
const SEEDS = [1, 2, 3] as const;

/** Every `--variant` and `--preset` `simulate` knows (simulate.ts, simulate-variants.ts), and Mangan's `--tag-team`. */
const PLAYS: readonly Omit<SimulateRun, 'name' | 'args'>[] = [
  { variant: 'minefield', preset: 'minefield', tagTeam: false },
  { variant: 'riichi', preset: 'club', tagTeam: false },
  { variant: 'riichi', preset: 'tenhou', tagTeam: false },
  { variant: 'riichi', preset: 'tournament', tagTeam: false },
  { variant: 'sanma', preset: 'sanma', tagTeam: false },
  { variant: 'mangan', preset: 'mangan', tagTeam: false },
  { variant: 'mangan', preset: 'mangan', tagTeam: true },
  { variant: 'clear', preset: 'clear', tagTeam: false },
  { variant: 'tenpai-race', preset: 'tenpai-race', tagTeam: false },
];

export const SIMULATE_RUNS: readonly SimulateRun[] = PLAYS.flatMap((play) =>
  SEEDS.map((seed) => ({
    ...play,
    name: `${play.variant}${play.variant === 'riichi' ? `-${play.preset}` : ''}${play.tagTeam ? '-tag-team' : ''}-seed${seed}`,
    args: [
      '--variant',
      play.variant,
      ...(play.variant === 'riichi' ? ['--preset', play.preset] : []),
      ...(play.tagTeam ? ['--tag-team'] : []),
      '--games',
      '1',
      '--seed',
      String(seed),
      '--max-hands',
      String(MAX_HANDS),
    ],
  })),
);

export const fixtureOf = (run: SimulateRun): string => path.join(FIXTURES, 'simulate', `${run.name}.json.gz`);

/** `mahjong-table simulate <args> --json --log FILE`, in process: the log's exact text and the printed summary. */
export async function runSimulate(args: readonly string[]): Promise<{ log: string; summary: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'golden-simulate-'));
  const printed: string[] = [];
  const consoleLog = console.log;
  try {
    const logFile = path.join(dir, 'run.jsonl');
    const program = new Command().exitOverride();
    registerSimulate(program);
    console.log = (...values: unknown[]) => printed.push(values.join(' '));
    await program.parseAsync(['simulate', ...args, '--json', '--log', logFile], { from: 'user' });
    return { log: readFileSync(logFile, 'utf8'), summary: printed.join('\n') };
  } finally {
    console.log = consoleLog;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The summary without its timings (`seconds`, `handsPerSecond`): the only wall-clock fields of a run. */
function summaryWithoutTimings(text: string): string {
  const { seconds: _s, handsPerSecond: _h, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return canonicalJson(rest, 1);
}

/**
 * A simulate log as the records of a host session, so the host's exporters and folds read it: a `host.sessionOpened`
 * seating bots first, then the log's events in order. A simulate log keeps no times: every record is at 0 ms.
 */
export function sessionOfLog(run: SimulateRun, log: string): { session: Session; records: LoggedEvent[] } {
  const entry = variantEntry(run.variant)!;
  const seed = Number(run.args[run.args.indexOf('--seed') + 1]);
  const opened: LogEvent = {
    type: 'host.sessionOpened',
    variant: run.variant,
    preset: run.preset,
    target: { kind: 'simulator', seed },
    seed,
    seats: entry.tableSeats.map((seat, i) => ({ seat, playerId: null, name: `Bot ${i + 1}`, bot: true })),
    autopilot: true,
    ...(run.tagTeam ? { tagTeam: true as const } : {}),
  };
  const events = log
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogEvent);
  const records = [opened, ...events].map((event, i) => ({ seq: i + 1, atMs: 0, event }));
  return {
    session: {
      id: 1,
      variant: run.variant,
      preset: run.preset,
      tableId: 'sim',
      startedAtMs: 0,
      endedAtMs: null,
    },
    records,
  };
}

/** What the host derives from a (stored or fresh) simulate log: its exports and folds. */
export function logDerivedArtifacts(run: SimulateRun, log: string): Artifacts {
  const { session, records } = sessionOfLog(run, log);
  return { ...exportArtifacts(session, records), ...foldArtifacts(session, records) };
}

/**
 * Everything the lock keeps of a run: the log as `--log` writes it, the summary, and what the host derives from a
 * log. The derived artifacts are made from `storedLog` when there is one (the golden's): a changed exporter or fold
 * is then reported as such even when the machines changed too; with an unchanged log both give the same.
 */
export async function simulateArtifacts(run: SimulateRun, storedLog?: string): Promise<Artifacts> {
  const { log, summary } = await runSimulate(run.args);
  return {
    'log.jsonl': log,
    'summary.json': summaryWithoutTimings(summary),
    ...logDerivedArtifacts(run, storedLog ?? log),
  };
}
