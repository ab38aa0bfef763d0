// Minefield's part of `mahjong-table simulate`: whole games of bots, headless through the machines or at the PTY
// table through the host stack, and the run's summary.
import type { FamilySimulation, SimulateOptions } from '../../host/cli/simulate-options.js';
import { playAndPrint, playGames, withSimulatedTable, type RunReporting } from '../../host/cli/game-runs.js';
import { SerialTransport } from '../../hardware/serial-transport.js';
import type { FaultSpec } from '../../hardware/simulator/faults.js';
import { LIMITS, type MinefieldLimit } from './machines/events.js';
import { playMinefieldGame, stepEvents, type GameRecord } from './machines/simulation.js';
import { playMinefieldAtTable } from './table-run.js';

export interface SimulationSummary {
  readonly variant: 'minefield';
  /** `in-process`, or the PTY the games were played through. */
  readonly through: string;
  readonly games: number;
  readonly seed: number;
  readonly hands: number;
  readonly wins: Readonly<Record<MinefieldLimit, number>>;
  readonly draws: number;
  readonly refusals: number;
  readonly antePeak: number;
  readonly gamesLostBySeat: readonly [number, number];
  readonly unfinished: number;
  readonly endReasons: Readonly<Record<string, number>>;
  /** Final points of each game, in order. */
  readonly points: readonly (readonly [number, number])[];
  readonly seconds: number;
  readonly handsPerSecond: number;
}

/** Plays `games` Minefield games headless, in process (progress and log lines as `RunReporting`). */
export function runMinefieldSimulation(
  options: RunReporting & { games: number; seed: number; maxHands?: number },
): SimulationSummary {
  const { writeLine } = options;
  const { records, seconds } = playGames(options, (seed) =>
    playMinefieldGame({
      seed,
      maxHands: options.maxHands,
      onStep: writeLine
        ? (step) => {
            for (const event of stepEvents(step)) writeLine(JSON.stringify(event));
          }
        : undefined,
    }),
  );
  return summarize(records, options.seed, seconds, 'in-process');
}

/** Totals over the games of a run. */
export function summarize(records: readonly GameRecord[], seed: number, seconds: number, through: string): SimulationSummary {
  const hands = records.reduce((sum, r) => sum + r.hands, 0);
  const wins = Object.fromEntries(LIMITS.map((limit) => [limit, records.reduce((sum, r) => sum + r.wins[limit], 0)])) as Record<MinefieldLimit, number>;
  const endReasons: Record<string, number> = {};
  for (const r of records) endReasons[r.reason ?? 'unfinished'] = (endReasons[r.reason ?? 'unfinished'] ?? 0) + 1;
  return {
    variant: 'minefield',
    through,
    games: records.length,
    seed,
    hands,
    wins,
    draws: records.reduce((sum, r) => sum + r.draws, 0),
    refusals: records.reduce((sum, r) => sum + r.refusals, 0),
    antePeak: records.reduce((max, r) => Math.max(max, r.antePeak), 0),
    gamesLostBySeat: [records.filter((r) => r.loser === 0).length, records.filter((r) => r.loser === 1).length],
    unfinished: records.filter((r) => r.loser === null).length,
    endReasons,
    points: records.map((r) => [r.points[0], r.points[1]] as const),
    seconds,
    handsPerSecond: hands / seconds,
  };
}

export function formatSummary(summary: SimulationSummary): string {
  const lines = [
    `Minefield (${summary.through}): ${summary.games} game(s) from seed ${summary.seed}, ${summary.hands} hands in ${summary.seconds.toFixed(2)} s (${Math.round(summary.handsPerSecond)} hands/s)`,
    `  wins by limit: ${LIMITS.map((l) => `${l} ${summary.wins[l]}`).join(', ')}`,
    `  draws: ${summary.draws}   refused declarations: ${summary.refusals}   ante peak: ${summary.antePeak}`,
    `  games lost: seat 0 ${summary.gamesLostBySeat[0]}, seat 1 ${summary.gamesLostBySeat[1]}${summary.unfinished ? `, unfinished ${summary.unfinished}` : ''}   (${Object.entries(summary.endReasons).map(([r, n]) => `${r} ${n}`).join(', ')})`,
  ];
  const shown = summary.points.slice(0, 20);
  lines.push(`  final points${summary.points.length > shown.length ? ` (first ${shown.length})` : ''}: ${shown.map((p) => `${p[0]}/${p[1]}`).join('  ')}`);
  return lines.join('\n');
}

/** The --port path: bots at the simulated table over a PTY, the host stack (link, session, game machines) on the other end. */
function runThroughTable(options: SimulateOptions, faults: FaultSpec, writeLine: ((line: string) => void) | undefined): Promise<SimulationSummary> {
  const started = performance.now();
  return withSimulatedTable(options.port!, options.seed, faults, async (tableTransport) => {
    let done = 0;
    const records = await playMinefieldAtTable({
      games: options.games,
      seed: options.seed,
      hostTransport: new SerialTransport({ path: options.port! }),
      tableTransport,
      motorMs: options.motorMs,
      faults,
      maxHands: options.maxHands,
      timeoutMs: 60_000 + options.games * 120_000,
      onEvent: (event) => {
        if (options.log !== undefined) writeLine?.(JSON.stringify(event));
        if (event.type === 'game.ended') process.stderr.write(`simulate: game ${++done}/${options.games} ended (${event.reason})\n`);
      },
    });
    return summarize(records, options.seed, (performance.now() - started) / 1000, options.port!);
  });
}

export const MINEFIELD_SIMULATION: FamilySimulation = {
  variants: ['minefield'],
  async run(options, cli) {
    if (options.tagTeam === true)
      cli.fail(`--tag-team is Mangan Mahjong's 8-player option (variants.md V4.3), not ${options.variant}'s`, 'tag_team_not_in_variant');
    if (options.stack !== undefined && options.port === undefined)
      cli.fail('--stack applies to a --port run (the table simulator stacks its walls)', 'stack_needs_port');
    if (options.stack !== undefined) cli.fail('--stack applies to a riichi-family variant', 'stack_needs_riichi');
    await playAndPrint(
      options,
      cli,
      {
        atTable: (reporting, faults) => runThroughTable(options, faults, reporting.writeLine),
        inProcess: (reporting) =>
          runMinefieldSimulation({ games: options.games, seed: options.seed, maxHands: options.maxHands, ...reporting }),
      },
      formatSummary,
    );
  },
};
