// `mahjong-table tenhou6 FILE...`: reads tenhou.net/6 logs strictly, replays them and scores every win against the log.
import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { recordImporter } from '../families/record-importers.js';

/** The format this command checks, as the command is named. */
const FORMAT = 'tenhou6';

const HELP = `
Output: one JSON line per file, in order:
  {file, ok: true, rounds, events, wins, winsAgreeing, wonRounds, wonRoundsPaidAsRecorded,
   exhaustiveDraws, exhaustiveDrawsAgreeing, disagreements: [...]}
  or {file, ok: false, code, message} for a file that is refused whole
  (bad_json, bad_log, bad_tile, unsupported_version, unsupported_rules; the message names round, seat, entry).
Exit code 0 when every file is read, 1 when some file is refused, 2 when a file cannot be opened.
`;

export function registerTenhou6(program: Command): void {
  program
    .command(FORMAT)
    .description(
      'Check tenhou.net/6 JSON logs: strict import, replay with invariants, scoring against the recorded results',
    )
    .argument('<files...>', 'tenhou.net/6 JSON files')
    .addHelpText('after', HELP)
    .action(async (files: string[]) => {
      const importer = recordImporter(FORMAT);
      if (!importer.ok) {
        console.error(`mahjong-table tenhou6: ${importer.code}: ${importer.message}`);
        process.exitCode = 2;
        return;
      }
      for (const file of files) {
        let text: string;
        try {
          text = await readFile(file, 'utf8');
        } catch (error) {
          console.error(`mahjong-table tenhou6: cannot read ${file}: ${(error as Error).message}`);
          process.exitCode = 2;
          continue;
        }
        const report = importer.value.check(text);
        if (!report.ok && process.exitCode === undefined) process.exitCode = 1;
        process.stdout.write(JSON.stringify({ file, ...report }) + '\n');
      }
    });
}
