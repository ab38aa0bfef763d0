// `mahjong-table simulate --variant mangan|clear|tenpai-race` and `--variant riichi --preset tournament`: seeded bot games of the Japanese-family variants, in process or through the PTY table, with each variant's summary.
import { NO_FAULTS, parseFaultSpec, type FaultSpec } from '../../hardware/simulator/faults.js';
import { SerialTransport } from '../../hardware/serial-transport.js';
import type { Transport } from '../../hardware/transport.js';
import type { VariantId } from '../../contract/ipc-contract.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { stepEvents } from '../../families/riichi/machines/simulation.js';
import type { RiichiBot } from '../../families/riichi/machines/seat-view.js';
import {
  playVariantGame,
  stageABot,
  summarizeVariant,
  TENPAI_RACE_HANDS,
  VARIANT_SETUP,
  type RiichiVariant,
  type VariantRunSummary,
} from '../../families/riichi/machines/variant-simulation.js';
import type { Seat } from '../../table/table-events.js';
import type { TagTeamPlayer } from '../../rules/variants/mangan.js';
import { openRunOutput, playGames, withSimulatedTable, type RunReporting } from './game-runs.js';
import { playRiichiAtTable, reportRiichiRecords, type RiichiTableRun } from '../../families/riichi/table-run.js';
import {
  TagTeamTally,
  variantRecordsFromEvents,
  type TagTeamDecision,
  type VariantRunRecord,
} from './variant-tally.js';

/** Variant names `simulate --variant` accepts beyond riichi, sanma and minefield. */
export const VARIANT_SIMULATIONS = ['mangan', 'clear', 'tenpai-race'] as const;

/** Presets of `simulate --variant riichi` played as variant games here, besides simulate.ts's own (club, tenhou). */
export const PRESET_SIMULATIONS: Readonly<Record<string, readonly RiichiVariant[]>> = {
  riichi: ['tournament'],
};

/** Which variant game a command line asks for: null when it is not one of these (riichi, sanma, minefield). */
export function variantOfCommand(variant: string, preset: string | undefined): RiichiVariant | null {
  const named = VARIANT_SIMULATIONS.find((v) => v === variant);
  if (named !== undefined) return named;
  return PRESET_SIMULATIONS[variant]?.find((p) => p === preset) ?? null;
}

/** Mangan's tag-team option over a run (V4.3): swaps, players out, how the games were decided, the winners. */
export interface TagTeamRunSummary {
  readonly substitutions: number;
  readonly playersOut: number;
  readonly decided: Readonly<Partial<Record<TagTeamDecision | 'unfinished', number>>>;
  /** The first place of each decided game (players 0-7; the pair at seat s is 2s and 2s + 1). */
  readonly winners: readonly TagTeamPlayer[];
}

export interface VariantSimulationSummary extends VariantRunSummary {
  /** `in-process`, or the PTY the games were played through. */
  readonly through: string;
  readonly seed: number;
  readonly seconds: number;
  readonly handsPerSecond: number;
  /** Mangan with `--tag-team`; null otherwise. */
  readonly tagTeam: TagTeamRunSummary | null;
}

export interface VariantRunOptions extends RunReporting {
  readonly variant: RiichiVariant;
  readonly games: number;
  readonly seed: number;
  readonly maxHands?: number;
  /** Mangan's 8-player tag-team option (V4.3). */
  readonly tagTeam?: boolean;
}

/** Hands a game of the variant plays at most: Stage A alone never ends a Tenpai Race game, so it is cut. */
const handsCap = (variant: RiichiVariant, maxHands: number | undefined): number | undefined =>
  variant === 'tenpai-race' ? Math.min(maxHands ?? TENPAI_RACE_HANDS, TENPAI_RACE_HANDS) : maxHands;

function summarizeTagTeam(records: readonly VariantRunRecord[]): TagTeamRunSummary | null {
  const tagTeams = records.flatMap((r) => (r.tagTeam === null ? [] : [r.tagTeam]));
  if (tagTeams.length === 0) return null;
  const decided: Partial<Record<TagTeamDecision | 'unfinished', number>> = {};
  for (const t of tagTeams) decided[t.reason ?? 'unfinished'] = (decided[t.reason ?? 'unfinished'] ?? 0) + 1;
  return {
    substitutions: tagTeams.reduce((n, t) => n + t.substitutions, 0),
    playersOut: tagTeams.reduce((n, t) => n + t.playersOut, 0),
    decided,
    winners: tagTeams.flatMap((t) => (t.ranking === null ? [] : [t.ranking[0]!.player])),
  };
}

function summaryOf(
  options: VariantRunOptions,
  records: readonly VariantRunRecord[],
  seconds: number,
  through: string,
): VariantSimulationSummary {
  const summary = summarizeVariant(options.variant, records);
  return {
    ...summary,
    through,
    seed: options.seed,
    seconds,
    handsPerSecond: summary.hands / seconds,
    tagTeam: summarizeTagTeam(records),
  };
}

/** Plays `games` games of the variant in process; game `i` from `gameSeed(seed, i)`, as every `simulate` run. */
export function runVariantSimulation(options: VariantRunOptions): VariantSimulationSummary {
  if (options.tagTeam === true && options.variant !== 'mangan')
    throw new Error(`the tag-team option is Mangan's (V4.3), not ${options.variant}'s`);
  const { writeLine } = options;
  const { records, seconds } = playGames(options, (seed) => {
    const tagTeam = new TagTeamTally();
    const record = playVariantGame({
      seed,
      variant: options.variant,
      maxHands: handsCap(options.variant, options.maxHands),
      tagTeam: options.tagTeam,
      onStep: (step) => {
        for (const event of stepEvents(step)) {
          tagTeam.add(event);
          writeLine?.(JSON.stringify(event));
        }
      },
    });
    return { ...record, tagTeam: options.tagTeam === true ? tagTeam.record() : null };
  });
  return summaryOf(options, records, seconds, 'in-process');
}

/** How a variant sits at the table: the mode, the seats in play, what the game machine tracks, what bots are shown. */
interface TableSetup {
  readonly id: VariantId;
  readonly seats?: readonly Seat[];
  readonly seatBot?: (bot: RiichiBot) => RiichiBot;
}

/**
 * The variants the PTY table plays, on a standard4 table. Tenpai Race sits its two players across the table
 * (seats 0 and 2, V2.2's suggested seating) with the four walls of riichi (V2.1 item 1); its bots are shown
 * Stage A's choices only, as in process. The tournament preset is riichi's session: the host core asks the dealer
 * agari-yame (VARIANT_SETUP's `askAgariYame`), answered with the table's `confirm`/`pass` buttons.
 */
const TABLE_SETUPS: Record<RiichiVariant, TableSetup> = {
  mangan: { id: 'mangan' },
  clear: { id: 'clear' },
  'tenpai-race': { id: 'tenpai-race', seats: [0, 2], seatBot: stageABot },
  tournament: { id: 'riichi' },
};

export interface VariantTableRunOptions extends VariantRunOptions {
  /** The host end of the link (a PTY, or an in-process pair in tests) and the simulated table's end. */
  readonly hostTransport: Transport;
  readonly tableTransport: Transport;
  readonly through: string;
  readonly motorMs?: number;
  /** Table-level faults of the simulated table (`--faults` reboot-at, jam-at). */
  readonly faults?: FaultSpec;
  /** Reject if the run has not finished by then (default: a minute, and 10 more per game). */
  readonly timeoutMs?: number;
}

/**
 * Plays the variant's games at the simulated table (families/riichi/table-run.ts): the bots as seat drivers,
 * the host's RiichiCore on the other end of the link. The summary is tallied from the run's derived events,
 * which the log's source events replay to (a core made with `run.core` gives the same).
 */
export async function playVariantAtTable(
  options: VariantTableRunOptions,
): Promise<{ summary: VariantSimulationSummary; run: RiichiTableRun }> {
  const setup = TABLE_SETUPS[options.variant];
  if (options.tagTeam === true && options.variant !== 'mangan')
    throw new Error(`the tag-team option is Mangan's (V4.3), not ${options.variant}'s`);
  const { options: rules, machine } = VARIANT_SETUP[options.variant];
  const started = performance.now();
  const run = await playRiichiAtTable({
    mode: 'standard4',
    preset: options.variant,
    rules,
    variant: setup.id,
    seats: setup.seats,
    seatBot: setup.seatBot,
    clearMahjong: machine.clearMahjong === true,
    askAgariYame: machine.askAgariYame === true,
    tagTeam: options.tagTeam === true,
    handsPerGame: handsCap(options.variant, options.maxHands),
    games: options.games,
    seed: options.seed,
    hostTransport: options.hostTransport,
    tableTransport: options.tableTransport,
    motorMs: options.motorMs,
    faults: options.faults,
    timeoutMs: options.timeoutMs ?? 60_000 + options.games * 600_000,
    onRecord: reportRiichiRecords(options),
  });
  const derived = run.log.filter((record) => !record.source).map((record) => record.event as RiichiEvent);
  const records = variantRecordsFromEvents(options.variant, derived, options.seed, options.tagTeam === true);
  const seconds = (performance.now() - started) / 1000;
  return { summary: summaryOf(options, records, seconds, options.through), run };
}

const TITLES: Record<RiichiVariant, string> = {
  mangan: 'Mangan Mahjong',
  clear: 'Clear Mahjong',
  tournament: 'Riichi (tournament preset)',
  'tenpai-race': 'Tenpai Race (Stage A)',
};

const counts = (record: Readonly<Record<string, number | undefined>>): string =>
  Object.entries(record)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

export function formatVariantSummary(s: VariantSimulationSummary): string {
  const title = s.tagTeam === null ? TITLES[s.variant] : `${TITLES[s.variant]}, tag-team`;
  const lines = [
    `${title} (${s.through}): ${s.games} game(s) from seed ${s.seed}, ${s.hands} hands in ${s.seconds.toFixed(2)} s (${Math.round(s.handsPerSecond)} hands/s)${s.unfinished ? `, unfinished: ${s.unfinished}` : ''}`,
  ];
  if (s.variant === 'mangan')
    lines.push(
      `  points burned (V4.1): ${s.burned} in all, ${Math.round(s.burned / Math.max(1, s.games))} per game`,
    );
  if (s.tagTeam !== null) {
    lines.push(
      `  tag-team (V4.3): ${s.tagTeam.substitutions} substitutions; ${s.tagTeam.playersOut} players at 0 or fewer when decided; decided: ${counts(s.tagTeam.decided)}`,
    );
    lines.push(
      `  winners (players 0-7, seat s = players 2s and 2s+1): ${s.tagTeam.winners.join(' ') || 'none'}`,
    );
  }
  if (s.variant === 'clear') {
    lines.push(`  decided: ${counts(s.decided)}`);
    lines.push(`  conditions cleared (by any team): ${counts(s.conditionsCleared)}`);
  }
  if (s.variant === 'tenpai-race') {
    lines.push(
      `  Stage A only (Stage B is unsourced, V2.2): Stage A draws ${s.draws.tenpaiRaceStageA}, other draws ${s.draws.nineTerminals + s.draws.exhaustive}, calls ${s.calls}; each game cut after its hands (Stage A never ends a game)`,
    );
  }
  if (s.variant === 'tournament') {
    lines.push(`  agari-yame: offered ${s.agariYame.offered}, taken ${s.agariYame.taken}`);
    lines.push(
      `  tournament results (V6.5): ${s.tournament
        .slice(0, 20)
        .map((r) => r.join('/'))
        .join('  ')}`,
    );
  }
  lines.push(
    `  final points: ${s.points
      .slice(0, 20)
      .map((p) => p.join('/'))
      .join('  ')}`,
  );
  return lines.join('\n');
}

export interface VariantCommandOptions {
  readonly variant: RiichiVariant;
  readonly games: number;
  readonly seed: number;
  readonly maxHands: number;
  readonly log?: string;
  readonly port?: string;
  readonly faults?: string;
  readonly motorMs?: number;
  readonly json?: boolean;
  readonly tagTeam?: boolean;
}

export type VariantCommandResult = { ok: true } | { ok: false; code: string; message: string };

/** Why a variant command line cannot be played (a stable code and message), or null when it can. */
export function refusalOf(options: VariantCommandOptions): { code: string; message: string } | null {
  if (options.tagTeam === true && options.variant !== 'mangan')
    return {
      code: 'tag_team_not_in_variant',
      message: `--tag-team is Mangan Mahjong's 8-player option (variants.md V4.3), not ${options.variant}'s`,
    };
  if (options.port === undefined && options.faults !== undefined)
    return { code: 'faults_need_port', message: '--faults applies to a --port run only' };
  return null;
}

/**
 * Runs a variant simulation for `simulate` and prints its summary, progress on stderr. Returns an error (code,
 * message) instead of printing when the request cannot be played.
 */
export async function simulateVariantCommand(options: VariantCommandOptions): Promise<VariantCommandResult> {
  const refused = refusalOf(options);
  if (refused !== null) return { ok: false, ...refused };
  let faults: FaultSpec = NO_FAULTS;
  if (options.faults !== undefined) {
    const parsed = parseFaultSpec(options.faults);
    if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
    faults = parsed.value;
  }
  const output = openRunOutput(options);
  const run = { ...options, ...output.reporting };
  try {
    let summary: VariantSimulationSummary;
    if (options.port !== undefined) {
      const port = options.port;
      try {
        summary = await withSimulatedTable(port, options.seed, faults, async (tableTransport) => {
          const played = await playVariantAtTable({
            ...run,
            hostTransport: new SerialTransport({ path: port }),
            tableTransport,
            through: port,
            faults,
          });
          return played.summary;
        });
      } catch (error) {
        return { ok: false, code: 'table_run_failed', message: (error as Error).message };
      }
    } else summary = runVariantSimulation(run);
    output.finish();
    console.log(options.json ? JSON.stringify(summary, null, 2) : formatVariantSummary(summary));
    return { ok: true };
  } finally {
    output.close();
  }
}
