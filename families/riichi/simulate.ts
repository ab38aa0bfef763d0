// The riichi family's part of `mahjong-table simulate`: riichi (club, tenhou) and Sanma games of bots through the riichi
// machines, the variant games (Mangan, Clear, Tenpai Race, the tournament preset: simulate-variants.ts), headless or at
// the PTY table through the host's RiichiCore, and each run's summary.
import { readFileSync } from 'node:fs';
import type { FamilySimulation, SimulateOptions } from '../../host/cli/simulate-options.js';
import { playAndPrint, playGames, withSimulatedTable, type RunReporting } from '../../host/cli/game-runs.js';
import { SerialTransport } from '../../hardware/serial-transport.js';
import type { FaultSpec } from '../../hardware/simulator/faults.js';
import { parseStackedWall } from '../../hardware/simulator/stacked-wall.js';
import type { StackedWall } from '../../hardware/simulator/table-model.js';
import { CLUB, TENHOU, type RuleOptions } from '../../rules/options.js';
import { SANMA } from '../../rules/variants/sanma.js';
import type { RiichiEvent } from './machines/events.js';
import {
  CALL_KINDS,
  DRAW_KINDS,
  playRiichiGame,
  recordsFromEvents,
  stepEvents as riichiStepEvents,
  summarizeRiichi,
  WIN_TIERS,
  type RiichiRunSummary,
} from './machines/simulation.js';
import { PRESET_SIMULATIONS, simulateVariantCommand, VARIANT_SIMULATIONS, variantOfCommand } from './simulate-variants.js';
import { playRiichiAtTable, reportRiichiRecords } from './table-run.js';

/** Variants of the riichi family the riichi machine plays headless, each with its presets (the first is the default). */
export const RIICHI_VARIANTS: Readonly<Record<string, Readonly<Record<string, RuleOptions>>>> = {
  riichi: { club: CLUB, tenhou: TENHOU },
  sanma: { sanma: SANMA },
};

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

export const RIICHI_SIMULATION: FamilySimulation = {
  variants: [...Object.keys(RIICHI_VARIANTS), ...VARIANT_SIMULATIONS],
  stacksWalls: true,
  async run(options, cli) {
    // Mangan, Clear, Tenpai Race and the tournament preset: simulate-variants.ts.
    const variant = variantOfCommand(options.variant, options.preset);
    if (variant !== null) {
      const ran = await simulateVariantCommand({ ...options, variant });
      if (!ran.ok && ran.code === 'table_run_failed') cli.runFailed(ran.message);
      if (!ran.ok) cli.fail(ran.message, ran.code);
      return;
    }
    if (options.tagTeam === true)
      cli.fail(`--tag-team is Mangan Mahjong's 8-player option (variants.md V4.3), not ${options.variant}'s`, 'tag_team_not_in_variant');
    const presets = RIICHI_VARIANTS[options.variant]!;
    const preset = options.variant === 'riichi' ? (options.preset ?? 'club') : Object.keys(presets)[0]!;
    const rules = presets[preset];
    if (rules === undefined)
      cli.fail(`unknown preset "${preset}" for ${options.variant} (available: ${[...Object.keys(presets), ...(PRESET_SIMULATIONS[options.variant] ?? [])].join(', ')})`, 'unknown_preset');
    if (options.stack !== undefined && options.port === undefined)
      cli.fail('--stack applies to a --port run (the table simulator stacks its walls)', 'stack_needs_port');
    let stack: StackedWall | undefined;
    if (options.stack !== undefined) {
      let text = '';
      try {
        text = readFileSync(options.stack, 'utf8');
      } catch (error) {
        cli.fail(`cannot read --stack ${options.stack}: ${(error as Error).message}`, 'bad_stack');
      }
      const parsed = parseStackedWall(text);
      if (!parsed.ok) cli.fail(`--stack ${options.stack}: ${parsed.message}`, parsed.code);
      else stack = parsed.value;
    }
    await playAndPrint(
      options,
      cli,
      {
        atTable: (reporting, faults) => runRiichiThroughTable(options, preset, rules, faults, reporting, stack),
        inProcess: (reporting) =>
          runRiichiSimulation({ variant: options.variant, preset, rules, games: options.games, seed: options.seed, maxHands: options.maxHands, ...reporting }),
      },
      formatRiichiSummary,
    );
  },
};
