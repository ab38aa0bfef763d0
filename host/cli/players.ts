// `mahjong-table players list|add NAME`: the club's players.
import type { Command } from 'commander';
import { addPlayer, listPlayers, openDatabase } from '../storage/index.js';

const openOrDie = (file: string | undefined) => {
  const opened = openDatabase(file === undefined ? {} : { path: file });
  if (!opened.ok) {
    process.stderr.write(`mahjong-table players: ${opened.code}: ${opened.message}\n`);
    process.exit(3);
  }
  return opened.value.db;
};

export function registerPlayers(program: Command): void {
  const players = program.command('players').description('List or add club players');
  players
    .command('list')
    .description('List the club players')
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((options: { db?: string }) => {
      const db = openOrDie(options.db);
      for (const player of listPlayers(db)) process.stdout.write(`${player.id}\t${player.name}\n`);
      db.close();
    });
  players
    .command('add')
    .description('Add a club player')
    .argument('<name>', "the player's name (unique, case-insensitive)")
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((name: string, options: { db?: string }) => {
      const db = openOrDie(options.db);
      const added = addPlayer(db, name, Date.now());
      db.close();
      if (!added.ok) {
        process.stderr.write(`mahjong-table players: ${added.code}: ${added.message}\n`);
        process.exit(1);
      }
      process.stdout.write(`${added.value.id}\t${added.value.name}\n`);
    });
}
