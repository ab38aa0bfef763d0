// `mahjong-table simulate --variant mangan|clear|tenpai-race` and `--variant riichi --preset tournament`: seeded bot games of the Japanese-family variants, in process, with each variant's summary.
import { closeSync, openSync, writeSync } from 'node:fs';
import { playGames, type RunReporting } from './game-runs.js';
import { stepEvents } from '../../machines/riichi/simulation.js';
import {
  playVariantGame,
  summarizeVariant,
  type RiichiVariant,
  type VariantRunSummary,
  TENPAI_RACE_HANDS,
} from '../../machines/riichi/variant-simulation.js';

/** Variant names `simulate --variant` accepts beyond riichi, sanma and minefield. */
export const VARIANT_SIMULATIONS = ['mangan', 'clear', 'tenpai-race'] as const;

/** Which variant game a command line asks for: null when it is not one of these (riichi, sanma, minefield). */
export function variantOfCommand(variant: string, preset: string | undefined): RiichiVariant | null {
  if (variant === 'mangan' || variant === 'clear' || variant === 'tenpai-race') return variant;
  if (variant === 'riichi' && preset === 'tournament') return 'tournament';
  return null;
}

export interface VariantSimulationSummary extends VariantRunSummary {
  readonly seed: number;
  readonly seconds: number;
  readonly handsPerSecond: number;
}

/** Plays `games` games of the variant; game `i` from `gameSeed(seed, i)`, as every `simulate` run. */
export function runVariantSimulation(
  options: RunReporting & { variant: RiichiVariant; games: number; seed: number; maxHands?: number },
): VariantSimulationSummary {
  const { writeLine } = options;
  const { records, seconds } = playGames(options, (seed) =>
    playVariantGame({
      seed,
      variant: options.variant,
      maxHands: options.maxHands,
      onStep: writeLine
        ? (step) => {
            for (const event of stepEvents(step)) writeLine(JSON.stringify(event));
          }
        : undefined,
    }),
  );
  const summary = summarizeVariant(options.variant, records);
  return { ...summary, seed: options.seed, seconds, handsPerSecond: summary.hands / seconds };
}

const TITLES: Record<RiichiVariant, string> = {
  mangan: 'Mangan Mahjong',
  clear: 'Clear Mahjong',
  tournament: 'Riichi (tournament preset)',
  'tenpai-race': 'Tenpai Race (Stage A)',
};

export function formatVariantSummary(s: VariantSimulationSummary): string {
  const lines = [
    `${TITLES[s.variant]} (in-process): ${s.games} game(s) from seed ${s.seed}, ${s.hands} hands in ${s.seconds.toFixed(2)} s (${Math.round(s.handsPerSecond)} hands/s)${s.unfinished ? `, unfinished: ${s.unfinished}` : ''}`,
  ];
  if (s.variant === 'mangan')
    lines.push(
      `  points burned (V4.1): ${s.burned} in all, ${Math.round(s.burned / Math.max(1, s.games))} per game`,
    );
  if (s.variant === 'clear') {
    lines.push(
      `  decided: ${
        Object.entries(s.decided)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || 'none'
      }`,
    );
    lines.push(
      `  conditions cleared (by any team): ${
        Object.entries(s.conditionsCleared)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || 'none'
      }`,
    );
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

/**
 * Runs a variant simulation for `simulate`. Returns an error (code, message) instead of printing when the
 * request cannot be played: the variants are not wired to the PTY table run.
 */
export function simulateVariantCommand(options: {
  variant: RiichiVariant;
  games: number;
  seed: number;
  maxHands: number;
  log?: string;
  port?: string;
  json?: boolean;
}): { ok: true } | { ok: false; code: string; message: string } {
  if (options.port !== undefined)
    return {
      ok: false,
      code: 'variant_not_playable',
      message: `${options.variant} plays in process only (no --port)`,
    };
  const fd = options.log ? openSync(options.log, 'w') : null;
  let pending: string[] = [];
  const flush = () => {
    if (fd !== null && pending.length > 0) writeSync(fd, pending.join('\n') + '\n');
    pending = [];
  };
  try {
    const summary = runVariantSimulation({
      variant: options.variant,
      games: options.games,
      seed: options.seed,
      // Stage A alone never ends a Tenpai Race game: it is cut after a few hands unless fewer are asked for.
      maxHands:
        options.variant === 'tenpai-race' ? Math.min(options.maxHands, TENPAI_RACE_HANDS) : options.maxHands,
      writeLine:
        fd === null
          ? undefined
          : (line) => {
              pending.push(line);
              if (pending.length >= 4096) flush();
            },
    });
    flush();
    console.log(options.json ? JSON.stringify(summary, null, 2) : formatVariantSummary(summary));
    return { ok: true };
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
