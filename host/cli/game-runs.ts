// The loop of a headless simulation run: game i from its own derived seed, progress reported as it goes.
import { deriveSeed } from '../../machines/rng.js';

/** Game `i` of a run plays from its own seed derived from the run's seed, so one game can be replayed alone. */
export const gameSeed = (seed: number, game: number): number => deriveSeed(seed, game);

/** How a run of headless games reports: progress at most every `progressEveryMs`, log records as JSON lines. */
export interface RunReporting {
  writeLine?: (line: string) => void;
  onProgress?: (done: number, hands: number, elapsedMs: number) => void;
  progressEveryMs?: number;
}

/** Plays `games` games, game `i` from `gameSeed(seed, i)`, reporting progress; returns the records and seconds. */
export function playGames<R extends { readonly hands: number }>(
  options: RunReporting & { games: number; seed: number },
  playOne: (seed: number) => R,
): { records: R[]; seconds: number } {
  const started = performance.now();
  const records: R[] = [];
  let hands = 0;
  let lastProgress = started;
  for (let game = 0; game < options.games; game++) {
    const record = playOne(gameSeed(options.seed, game));
    records.push(record);
    hands += record.hands;
    const now = performance.now();
    if (options.onProgress && now - lastProgress >= (options.progressEveryMs ?? 1000)) {
      lastProgress = now;
      options.onProgress(game + 1, hands, now - started);
    }
  }
  return { records, seconds: (performance.now() - started) / 1000 };
}
