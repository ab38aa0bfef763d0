// `mahjong-table export [--session ID] --format tenhou|mjai|csv [--out FILE]`: writes a session's log in a standard format.
import { writeFileSync, renameSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { EXPORT_FORMATS, type ExportFormat } from '../../electron/ipc-contract.js';
import { createEventLog, openDatabase } from '../storage/index.js';
import { validateLogEvent, type LogEvent } from '../log-events.js';
import { exportSession } from '../export.js';

interface ExportOptions {
  session?: number;
  format: ExportFormat;
  out?: string;
  db?: string;
}

const die = (message: string, code = 2): never => {
  process.stderr.write(`mahjong-table export: ${message}\n`);
  process.exit(code);
};

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(
      'Export a session (the latest when none is named) as tenhou.net/6 JSON, mjai JSON Lines or CSV of results',
    )
    .option('--session <id>', 'session id', (text: string) => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1)
        throw new InvalidArgumentError(`a session id is a positive integer, not "${text}"`);
      return n;
    })
    .requiredOption('--format <format>', `one of ${EXPORT_FORMATS.join(', ')}`, (text: string) => {
      if (!(EXPORT_FORMATS as readonly string[]).includes(text))
        throw new InvalidArgumentError(`the format is one of ${EXPORT_FORMATS.join(', ')}, not "${text}"`);
      return text as ExportFormat;
    })
    .option('--out <file>', 'write here instead of standard output')
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((options: ExportOptions) => {
      const opened = openDatabase(options.db === undefined ? {} : { path: options.db });
      if (!opened.ok) return die(`${opened.code}: ${opened.message}`, 3);
      const db = opened.value.db;
      const log = createEventLog<LogEvent>(db, validateLogEvent);
      let lastShown = 0;
      const file = exportSession(db, log, options.session, options.format, (done, total) => {
        if (total >= 20_000 && done - lastShown >= 20_000) {
          lastShown = done;
          process.stderr.write(`export: ${done}/${total} events read\n`);
        }
      });
      db.close();
      if (!file.ok) return die(`${file.code}: ${file.message}`, 1);
      if (options.out === undefined) {
        process.stdout.write(file.value.content);
        return;
      }
      // Written beside the target and renamed, so an interrupted export never leaves half a file.
      const temporary = `${options.out}.partial-${process.pid}`;
      writeFileSync(temporary, file.value.content);
      renameSync(temporary, options.out);
      process.stderr.write(
        `export: session ${file.value.sessionId} written to ${options.out} (${file.value.content.length} bytes)\n`,
      );
    });
}
