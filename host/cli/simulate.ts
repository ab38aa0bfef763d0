// `mahjong-table simulate`: plays whole games of bots through the real machines and prints a summary.
import { InvalidArgumentError, type Command } from 'commander';
import { readFileSync } from 'node:fs';
import { SerialTransport } from '../../hardware/serial-transport.js';
import { NO_FAULTS, parseFaultSpec, type FaultSpec } from '../../hardware/simulator/faults.js';
import { parseStackedWall } from '../../hardware/simulator/stacked-wall.js';
import type { StackedWall } from '../../hardware/simulator/table-model.js';
import { LIMITS, type MinefieldLimit } from '../../families/minefield/machines/events.js';
import { playMinefieldGame, stepEvents, type GameRecord } from '../../families/minefield/machines/simulation.js';
import {
  CALL_KINDS,
  DRAW_KINDS,
  playRiichiGame,
  recordsFromEvents,
  stepEvents as riichiStepEvents,
  summarizeRiichi,
  WIN_TIERS,
  type RiichiRunSummary,
} from '../../families/riichi/machines/simulation.js';
import { CLUB, TENHOU, type RuleOptions } from '../../rules/options.js';
import { SANMA } from '../../rules/variants/sanma.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { playMinefieldAtTable } from '../../families/minefield/table-run.js';
import { playRiichiAtTable, reportRiichiRecords } from '../../families/riichi/table-run.js';
import { PRESET_SIMULATIONS, simulateVariantCommand, VARIANT_SIMULATIONS, variantOfCommand } from './simulate-variants.js';
import { openRunOutput, playGames, withSimulatedTable, type RunReporting } from './game-runs.js';

export interface SimulateOptions {
  readonly variant: string;
  readonly games: number;
  readonly seed: number;
  readonly log?: string;
  readonly port?: string;
  readonly faults?: string;
  /** With `--port` and a riichi-family variant: a file of the first hand's stacked walls. */
  readonly stack?: string;
  readonly motorMs: number;
  readonly json?: boolean;
  readonly maxHands: number;
  /** With `--variant riichi`: the preset, `club` (default) or `tenhou`. */
  readonly preset?: string;
  /** With `--variant mangan`: the 8-player tag-team option (variants.md V4.3). */
  readonly tagTeam?: boolean;
}

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

const positiveInt = (name: string) => (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer, not "${text}"`);
  return n;
};
const seedOf = (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new InvalidArgumentError(`--seed must be an integer 0..4294967295, not "${text}"`);
  return n;
};


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

/** Variants of the riichi family the riichi machine plays headless, each with its presets (the first is the default). */
export const RIICHI_VARIANTS: Readonly<Record<string, Readonly<Record<string, RuleOptions>>>> = {
  riichi: { club: CLUB, tenhou: TENHOU },
  sanma: { sanma: SANMA },
};
export const SIMULATED_VARIANTS: readonly string[] = ['minefield', ...Object.keys(RIICHI_VARIANTS)];

export interface RiichiSimulationSummary extends RiichiRunSummary {
  readonly variant: string;
  readonly preset: string;
  /** `in-process`, or the PTY the games were played through. */
  readonly through: string;
  readonly seed: number;
  readonly seconds: number;
  readonly handsPerSecond: number;
}

/**
 * Plays `games` riichi-family games (4-player riichi or Sanma) of bots headless, in process; game `i` plays
 * from `gameSeed(seed, i)`. Progress and log lines as `runMinefieldSimulation`.
 */
export function runRiichiSimulation(
  options: RunReporting & { variant: string; preset: string; rules: RuleOptions; games: number; seed: number; maxHands?: number },
): RiichiSimulationSummary {
  const { writeLine } = options;
  const { records, seconds } = playGames(options, (seed) =>
    playRiichiGame({
      seed,
      options: options.rules,
      maxHands: options.maxHands,
      onStep: writeLine
        ? (step) => {
            for (const event of riichiStepEvents(step)) writeLine(JSON.stringify(event));
          }
        : undefined,
    }),
  );
  const summary = summarizeRiichi(records);
  return { variant: options.variant, preset: options.preset, through: 'in-process', seed: options.seed, ...summary, seconds, handsPerSecond: summary.hands / seconds };
}

const CALL_NAMES: Readonly<Record<(typeof CALL_KINDS)[number], string>> = {
  chi: 'chi',
  pon: 'pon',
  minkan: 'open kan',
  ankan: 'closed kan',
  kakan: 'added kan',
  north: 'north',
};

export function formatRiichiSummary(summary: RiichiSimulationSummary): string {
  const wins = WIN_TIERS.reduce((n, tier) => n + summary.wins[tier], 0);
  const title = summary.variant === 'sanma' ? `Sanma (${summary.through})` : `Riichi (${summary.preset} preset, ${summary.through})`;
  const lines = [
    `${title}: ${summary.games} game(s) from seed ${summary.seed}, ${summary.hands} hands in ${summary.seconds.toFixed(2)} s (${Math.round(summary.handsPerSecond)} hands/s)`,
    `  wins: ${wins} (tsumo ${summary.tsumo}, ron ${summary.ron}); by limit: ${WIN_TIERS.map((t) => `${t === 'none' ? 'below mangan' : t} ${summary.wins[t]}`).join(', ')}`,
    `  draws: ${DRAW_KINDS.map((d) => `${d} ${summary.draws[d]}`).join(', ')}`,
    `  riichi: ${summary.riichi}   calls: ${CALL_KINDS.filter((c) => c !== 'north' || summary.variant === 'sanma').map((c) => `${CALL_NAMES[c]} ${summary.calls[c]}`).join(', ')}`,
    `  first places by seat (from the first dealer): ${summary.firstPlaces.join(' / ')}${summary.unfinished ? `   unfinished: ${summary.unfinished}` : ''}`,
  ];
  const shown = summary.points.slice(0, 20);
  lines.push(`  final points${summary.points.length > shown.length ? ` (first ${shown.length})` : ''}: ${shown.map((p) => p.join('/')).join('  ')}`);
  return lines.join('\n');
}

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('Play whole games of bots through the game machines (headless, in process) and print a summary')
    .requiredOption('--variant <name>', `the variant to play (${[...SIMULATED_VARIANTS, ...VARIANT_SIMULATIONS].join(', ')})`)
    .option('--preset <name>', 'with --variant riichi: the rule preset, club, tenhou or tournament', 'club')
    .option('--games <n>', 'games to play', positiveInt('--games'), 1)
    .option('--seed <s>', 'seed of the run (each game derives its own)', seedOf, 1)
    .option('--log <file>', 'write every event as JSON lines to this file')
    .option('--port <path>', 'play through the table simulator over a pseudo-terminal pair made with socat: the host end at PATH, the table at PATH.table (minefield, riichi, sanma, mangan, clear, tenpai-race)')
    .option('--faults <spec>', 'with --port: faults injected at the table (see `mahjong-table sim --help`)')
    .option('--motor-ms <ms>', 'with --port: duration of each motor run of the simulated table', positiveInt('--motor-ms'), 2)
    .option('--stack <file>', 'with --port and a riichi-family variant: the first hand\'s walls stacked, as JSON {"dice":[3,4],"live":["1m",null,...],"replacements":["5s"]} (tiles in draw order; null: left shuffled)')
    .option('--max-hands <n>', 'stop a game after this many hands', positiveInt('--max-hands'), 10_000)
    .option('--tag-team', "with --variant mangan: the 8-player tag-team option (pairs swap every ten discards, V4.3)")
    .option('--json', 'print the summary as JSON')
    .action(async (options: SimulateOptions) => {
      // Mangan, Clear, Tenpai Race and the tournament preset: host/cli/simulate-variants.ts.
      const variant = variantOfCommand(options.variant, options.preset);
      if (variant !== null) {
        const ran = await simulateVariantCommand({ ...options, variant });
        if (!ran.ok && ran.code === 'table_run_failed') runFailed(ran.message);
        if (!ran.ok) program.error(`simulate: ${ran.message}`, { exitCode: 2, code: ran.code });
        return;
      }
      if (options.tagTeam === true)
        program.error(`simulate: --tag-team is Mangan Mahjong's 8-player option (variants.md V4.3), not ${options.variant}'s`, { exitCode: 2, code: 'tag_team_not_in_variant' });
      if (!SIMULATED_VARIANTS.includes(options.variant)) {
        program.error(`simulate: unknown variant "${options.variant}" (available: ${[...SIMULATED_VARIANTS, ...VARIANT_SIMULATIONS].join(', ')})`, { exitCode: 2, code: 'unknown_variant' });
      }
      const presets = RIICHI_VARIANTS[options.variant];
      let riichiPreset: string | undefined;
      if (presets !== undefined) {
        riichiPreset = options.variant === 'riichi' ? (options.preset ?? 'club') : Object.keys(presets)[0]!;
        if (presets[riichiPreset] === undefined) {
          program.error(`simulate: unknown preset "${riichiPreset}" for ${options.variant} (available: ${[...Object.keys(presets), ...(PRESET_SIMULATIONS[options.variant] ?? [])].join(', ')})`, { exitCode: 2, code: 'unknown_preset' });
        }
      }
      if (options.stack !== undefined && options.port === undefined)
        program.error('simulate: --stack applies to a --port run (the table simulator stacks its walls)', { exitCode: 2, code: 'stack_needs_port' });
      const output = openRunOutput(options);
      const { writeLine } = output.reporting;
      try {
        let summary: string;
        if (options.port !== undefined) {
          let faults: FaultSpec = NO_FAULTS;
          if (options.faults !== undefined) {
            const parsed = parseFaultSpec(options.faults);
            if (!parsed.ok) program.error(`simulate: ${parsed.message}`, { exitCode: 2, code: parsed.code });
            else faults = parsed.value;
          }
          let stack: StackedWall | undefined;
          if (options.stack !== undefined) {
            if (presets === undefined) program.error('simulate: --stack applies to a riichi-family variant', { exitCode: 2, code: 'stack_needs_riichi' });
            let text = '';
            try {
              text = readFileSync(options.stack, 'utf8');
            } catch (error) {
              program.error(`simulate: cannot read --stack ${options.stack}: ${(error as Error).message}`, { exitCode: 2, code: 'bad_stack' });
            }
            const parsed = parseStackedWall(text);
            if (!parsed.ok) program.error(`simulate: --stack ${options.stack}: ${parsed.message}`, { exitCode: 2, code: parsed.code });
            else stack = parsed.value;
          }
          try {
            summary =
              presets !== undefined && riichiPreset !== undefined
                ? printable(await runRiichiThroughTable(options, riichiPreset, presets[riichiPreset]!, faults, output.reporting, stack), formatRiichiSummary)
                : printable(await runThroughTable(options, faults, writeLine), formatSummary);
          } catch (error) {
            runFailed((error as Error).message);
          }
        } else if (presets !== undefined && riichiPreset !== undefined) {
          summary = printable(
            runRiichiSimulation({ variant: options.variant, preset: riichiPreset, rules: presets[riichiPreset]!, games: options.games, seed: options.seed, maxHands: options.maxHands, ...output.reporting }),
            formatRiichiSummary,
          );
        } else {
          summary = printable(runMinefieldSimulation({ games: options.games, seed: options.seed, maxHands: options.maxHands, ...output.reporting }), formatSummary);
        }
        output.finish();
        console.log(summary);
      } finally {
        output.close();
      }

      /** The summary as JSON with `--json`, else as the variant's text. */
      function printable<S>(value: S, format: (summary: S) => string): string {
        return options.json ? JSON.stringify(value, null, 2) : format(value);
      }
    });
}

/**
 * A table run that failed (it stalled, the table refused, a fault took it out of service): the reason and exit
 * code 1, without the usage text `program.error` adds (the command line was right). The log keeps what was played.
 */
function runFailed(message: string): never {
  process.stderr.write(`simulate: ${message}\n`);
  process.exit(1);
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

/**
 * The --port path for the riichi family: bots at the simulated table over a PTY, the host's RiichiCore on the
 * other end (families/riichi/table-run.ts); the summary is tallied from the run's derived events.
 */
function runRiichiThroughTable(
  options: SimulateOptions,
  preset: string,
  rules: RuleOptions,
  faults: FaultSpec,
  reporting: RunReporting,
  stackedWall: StackedWall | undefined,
): Promise<RiichiSimulationSummary> {
  const started = performance.now();
  return withSimulatedTable(options.port!, options.seed, faults, async (tableTransport) => {
    const run = await playRiichiAtTable({
      mode: rules.players === 3 ? 'sanma3' : 'standard4',
      preset,
      rules,
      games: options.games,
      seed: options.seed,
      hostTransport: new SerialTransport({ path: options.port! }),
      tableTransport,
      motorMs: options.motorMs,
      faults,
      ...(stackedWall === undefined ? {} : { stackedWall }),
      handsPerGame: options.maxHands,
      timeoutMs: 60_000 + options.games * 600_000,
      onRecord: reportRiichiRecords(reporting),
    });
    const derived = run.log.filter((record) => !record.source).map((record) => record.event as RiichiEvent);
    const summary = summarizeRiichi(recordsFromEvents(derived, options.seed, rules));
    const seconds = (performance.now() - started) / 1000;
    return { variant: options.variant, preset, through: options.port!, seed: options.seed, ...summary, seconds, handsPerSecond: summary.hands / seconds };
  });
}
