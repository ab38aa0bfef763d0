// `mahjong-table export [--session ID] --format tenhou|mjai|csv [--game N] [--out FILE]`: writes a session's log in a standard format.
import { writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { EXPORT_FORMATS, type ExportFormat } from '../../contract/ipc-contract.js';
import { createEventLog, openDatabase } from '../storage/index.js';
import type { LogEvent } from '../session/log-events.js';
import { validateLogEvent } from '../families/log-vocabulary.js';
import { exportSessionFiles, type ExportedFile } from '../reports/export.js';

interface ExportOptions {
  session?: number;
  format: ExportFormat;
  game?: number;
  out?: string;
  db?: string;
}

const die = (message: string, code = 2): never => {
  process.stderr.write(`mahjong-table export: ${message}\n`);
  process.exit(code);
};

const positive = (what: string) => (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${what} is a positive integer, not "${text}"`);
  return n;
};

/** Written beside the target and renamed, so an interrupted export never leaves half a file. */
function writeWhole(target: string, content: string): void {
  const temporary = `${target}.partial-${process.pid}`;
  writeFileSync(temporary, content);
  renameSync(temporary, target);
}

/** Where each file goes: `--out` itself for one file; for several (tenhou, one per game) `--out` with `-game-N` before its extension. */
function targets(out: string, files: readonly ExportedFile[]): string[] {
  if (files.length === 1) return [out];
  const ext = path.extname(out);
  const stem = out.slice(0, out.length - ext.length);
  return files.map((f) => `${stem}-game-${f.fileName.match(/-game-(\d+)\./)?.[1] ?? '?'}${ext}`);
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(
      'Export a session (the latest when none is named) as tenhou.net/6 JSON (one file per game), mjai JSON Lines or CSV of results; a session with nothing to export is refused, never written empty',
    )
    .option('--session <id>', 'session id', positive('a session id'))
    .requiredOption('--format <format>', `one of ${EXPORT_FORMATS.join(', ')}`, (text: string) => {
      if (!(EXPORT_FORMATS as readonly string[]).includes(text))
        throw new InvalidArgumentError(`the format is one of ${EXPORT_FORMATS.join(', ')}, not "${text}"`);
      return text as ExportFormat;
    })
    .option(
      '--game <n>',
      'tenhou: only this game of the session (a tenhou.net/6 file holds one game; without --game every game is written, one file each, which needs --out unless the session has one game)',
      positive('a game number'),
    )
    .option('--out <file>', 'write here instead of standard output (tenhou, several games: FILE-game-N.json each)')
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((options: ExportOptions) => {
      const opened = openDatabase(options.db === undefined ? {} : { path: options.db });
      if (!opened.ok) return die(`${opened.code}: ${opened.message}`, 3);
      const db = opened.value.db;
      const log = createEventLog<LogEvent>(db, validateLogEvent);
      let lastShown = 0;
      const files = exportSessionFiles(db, log, options.session, options.format, {
        ...(options.game === undefined ? {} : { game: options.game }),
        progress: (done, total) => {
          if (total >= 20_000 && done - lastShown >= 20_000) {
            lastShown = done;
            process.stderr.write(`export: ${done}/${total} events read\n`);
          }
        },
      });
      db.close();
      if (!files.ok) return die(`${files.code}: ${files.message}`, 1);
      const written = files.value;
      if (options.out === undefined) {
        if (written.length > 1)
          return die(
            `export_ambiguous: session ${written[0]!.sessionId} has ${written.length} games and tenhou.net/6 holds one per file: pick one with --game N, or give --out FILE to write ${written.map((f) => f.fileName).join(', ')}`,
            1,
          );
        process.stdout.write(written[0]!.content);
        process.stderr.write(`export: session ${written[0]!.sessionId} as ${written[0]!.fileName} (${written[0]!.content.length} bytes) to standard output\n`);
        return;
      }
      const paths = targets(options.out, written);
      written.forEach((file, i) => {
        writeWhole(paths[i]!, file.content);
        process.stderr.write(`export: session ${file.sessionId} (${file.fileName}) written to ${paths[i]} (${file.content.length} bytes)\n`);
      });
    });
}
