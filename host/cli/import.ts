// `mahjong-table import FILE`: stores a tenhou.net/6 game log as a replayable session (all or nothing).
import type { Command } from 'commander';
import { openDatabase } from '../storage/index.js';
import { recordImporter } from '../families/record-importers.js';

/** The format `import` reads: tenhou.net/6, the one a family imports today (a second would bring a --format option). */
const FORMAT = 'tenhou6';

export function registerImport(program: Command): void {
  program
    .command('import')
    .description(
      'Import a tenhou.net/6 JSON game log as a replayable session; a corrupt or newer file is refused and nothing is stored',
    )
    .argument('<file>', 'tenhou.net/6 JSON file')
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((file: string, options: { db?: string }) => {
      const importer = recordImporter(FORMAT);
      if (!importer.ok) {
        process.stderr.write(`mahjong-table import: ${importer.code}: ${importer.message}\n`);
        process.exit(1);
      }
      const opened = openDatabase(options.db === undefined ? {} : { path: options.db });
      if (!opened.ok) {
        process.stderr.write(`mahjong-table import: ${opened.code}: ${opened.message}\n`);
        process.exit(3);
      }
      const db = opened.value.db;
      process.stderr.write(`import: reading ${file}\n`);
      const imported = importer.value.importFile(db, file, Date.now(), (done, total) =>
        process.stderr.write(`import: ${done}/${total} records stored\n`),
      );
      db.close();
      if (!imported.ok) {
        process.stderr.write(`mahjong-table import: ${imported.code}: ${imported.message}\n`);
        process.exit(1);
      }
      process.stdout.write(
        `session ${imported.value.sessionId}: ${imported.value.rounds} rounds, players ${imported.value.players.join(', ')}\n`,
      );
    });
}
