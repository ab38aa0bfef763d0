// `mahjong-table standings [--session ID] [--variant V] [--since DATE] [--until DATE] [--scoring tournament] [--csv]`: the club's standings per variant.
import { InvalidArgumentError, type Command } from 'commander';
import { csvCell } from '../reports/export-cells.js';
import { openDatabase } from '../storage/index.js';
import { standingsReport, type StandingsReport } from '../reports/standings-report.js';

interface StandingsOptions {
  session?: number;
  variant?: string;
  since?: number;
  until?: number;
  scoring: 'points' | 'tournament';
  csv?: boolean;
  db?: string;
}

/** "2026-11-27" is that local day's midnight; anything else Date.parse reads (an ISO time) is taken as given. */
function parseDate(text: string, endOfDay: boolean): number {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day !== null) {
    const [, y, m, d] = day.map(Number) as [number, number, number, number];
    const at = new Date(y, m - 1, d + (endOfDay ? 1 : 0)).getTime();
    if (new Date(y, m - 1, d).getDate() === d) return at;
  } else {
    const at = Date.parse(text);
    if (Number.isFinite(at)) return at;
  }
  throw new InvalidArgumentError(`"${text}" is not a date like 2026-11-27 (or an ISO time like 2026-11-27T18:00)`);
}

const placeNames = (placements: readonly number[]) => placements.map((n) => String(n)).join('/');

function printText(report: StandingsReport): string {
  const lines: string[] = [];
  if (report.variants.length === 0) lines.push('no finished game matches');
  for (const v of report.variants) {
    lines.push(
      `${v.variant}: ${v.games} game(s)${v.cutGames > 0 ? `, ${v.cutGames} cut by the end of their session (counted as they stood)` : ''}${v.emptyGames > 0 ? `, ${v.emptyGames} closed before any hand (not counted)` : ''}`,
    );
    if (v.standings.length === 0) lines.push('  (no registered player: guests and bots are not ranked)');
    const width = Math.max(6, ...v.standings.map((s) => [...s.name].length));
    lines.push(`  ${'rank'.padStart(4)}  ${'player'.padEnd(width)}  games  ${'total'.padStart(9)}  ${'score'.padStart(9)}  places 1/2/3/4  avg place`);
    for (const s of v.standings)
      lines.push(
        `  ${String(s.rank).padStart(4)}  ${s.name.padEnd(width)}  ${String(s.games).padStart(5)}  ${String(s.totalPoints).padStart(9)}  ${String(Math.round(s.score * 10) / 10).padStart(9)}  ${placeNames(s.placements).padEnd(14)}  ${s.averagePlacement.toFixed(2)}`,
      );
  }
  for (const g of report.unfinished)
    lines.push(`not counted: game ${g.gameId} of session ${g.sessionId} (${g.variant}) was never closed`);
  return lines.join('\n') + '\n';
}

function printCsv(report: StandingsReport): string {
  const rows: (string | number)[][] = [
    ['variant', 'rank', 'player_id', 'player', 'games', 'total_points', 'score', 'firsts', 'seconds', 'thirds', 'fourths', 'average_place'],
  ];
  for (const v of report.variants)
    for (const s of v.standings)
      rows.push([v.variant, s.rank, s.playerId, s.name, s.games, s.totalPoints, s.score, ...s.placements, Number(s.averagePlacement.toFixed(4))]);
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

export function registerStandings(program: Command): void {
  program
    .command('standings')
    .description(
      "The club's standings per variant (totals, places, average place) over finished games: all, one session, or a date range; games cut by the end of a session count as they stood, games never closed are listed",
    )
    .option('--session <id>', 'only this session', (text: string) => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`a session id is a positive integer, not "${text}"`);
      return n;
    })
    .option('--variant <variant>', 'only this variant (minefield, riichi, sanma, mangan, clear, tenpai-race)')
    .option('--since <date>', 'games that ended on or after this day (2026-11-27) or time', (t: string) => parseDate(t, false))
    .option('--until <date>', 'games that ended up to this day, inclusive (or before this ISO time)', (t: string) =>
      parseDate(t, true),
    )
    .option('--scoring <rule>', 'points (final points) or tournament (uma and oka, V6.5)', (text: string) => {
      if (text !== 'points' && text !== 'tournament')
        throw new InvalidArgumentError(`the scoring is points or tournament, not "${text}"`);
      return text;
    }, 'points')
    .option('--csv', 'CSV on standard output (one row per player and variant)')
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((options: StandingsOptions) => {
      const opened = openDatabase(options.db === undefined ? {} : { path: options.db });
      if (!opened.ok) {
        process.stderr.write(`mahjong-table standings: ${opened.code}: ${opened.message}\n`);
        process.exit(3);
      }
      const report = standingsReport(opened.value.db, {
        ...(options.session === undefined ? {} : { sessionId: options.session }),
        ...(options.variant === undefined ? {} : { variant: options.variant }),
        ...(options.since === undefined ? {} : { sinceMs: options.since }),
        ...(options.until === undefined ? {} : { untilMs: options.until }),
        scoring: options.scoring,
      });
      opened.value.db.close();
      process.stdout.write(options.csv === true ? printCsv(report) : printText(report));
      if (options.csv === true)
        for (const g of report.unfinished)
          process.stderr.write(`standings: game ${g.gameId} of session ${g.sessionId} (${g.variant}) was never closed and is not counted\n`);
    });
}
