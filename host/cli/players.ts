// `mahjong-table players list|add|rename|merge|history`: the club's players; renames and merges are audited.
import { userInfo } from 'node:os';
import { InvalidArgumentError, type Command } from 'commander';
import {
  addPlayer,
  listPlayers,
  mergePlayers,
  openDatabase,
  playerChanges,
  renamePlayer,
  type PlayerChangeAudit,
} from '../storage/index.js';

const openOrDie = (file: string | undefined) => {
  const opened = openDatabase(file === undefined ? {} : { path: file });
  if (!opened.ok) {
    process.stderr.write(`mahjong-table players: ${opened.code}: ${opened.message}\n`);
    process.exit(3);
  }
  return opened.value.db;
};

const playerId = (text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`a player id is a positive integer, not "${text}"`);
  return n;
};

/** Who entered a change: `--by`, else the account running the command. */
const auditOf = (options: { by?: string; reason?: string }): PlayerChangeAudit => ({
  operator: options.by ?? userInfo().username,
  ...(options.reason === undefined ? {} : { reason: options.reason }),
  atMs: Date.now(),
});

const fail = (result: { code: string; message: string }): never => {
  process.stderr.write(`mahjong-table players: ${result.code}: ${result.message}\n`);
  process.exit(1);
};

export function registerPlayers(program: Command): void {
  const players = program.command('players').description('List, add, rename or merge club players (renames and merges are audited)');
  players
    .command('list')
    .description('List the club players (id, name); --all adds merged players and whom they were merged into')
    .option('--all', 'include players merged into another')
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((options: { db?: string; all?: boolean }) => {
      const db = openOrDie(options.db);
      for (const player of listPlayers(db, { includeMerged: options.all === true }))
        process.stdout.write(`${player.id}\t${player.name}${player.mergedInto === null ? '' : `\tmerged into ${player.mergedInto}`}\n`);
      db.close();
    });
  players
    .command('add')
    .description('Add a club player')
    .argument('<name>', "the player's name (unique, case-insensitive; 1 to 64 characters, no control or bidi-override characters, no < >)")
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((name: string, options: { db?: string }) => {
      const db = openOrDie(options.db);
      const added = addPlayer(db, name, Date.now());
      db.close();
      if (!added.ok) return fail(added);
      process.stdout.write(`${added.value.id}\t${added.value.name}\n`);
    });
  players
    .command('rename')
    .description("Rename a player; the change is kept with who made it and why (games keep the name logged at the table)")
    .argument('<id>', 'the player id (players list)', playerId)
    .argument('<name>', 'the new name')
    .option('--by <operator>', 'who makes the change (default: this account)')
    .option('--reason <text>', 'why')
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((id: number, name: string, options: { db?: string; by?: string; reason?: string }) => {
      const db = openOrDie(options.db);
      const renamed = renamePlayer(db, id, name, auditOf(options));
      db.close();
      if (!renamed.ok) return fail(renamed);
      process.stdout.write(`${renamed.value.id}\t${renamed.value.name}\n`);
    });
  players
    .command('merge')
    .description(
      'Merge a player into another (one person entered twice): both rows and all games are kept, standings count the games for the second; refused if they sat in the same game',
    )
    .argument('<from>', 'the player id to merge away', playerId)
    .argument('<into>', 'the player id who keeps the games', playerId)
    .option('--by <operator>', 'who makes the change (default: this account)')
    .option('--reason <text>', 'why')
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((from: number, into: number, options: { db?: string; by?: string; reason?: string }) => {
      const db = openOrDie(options.db);
      const merged = mergePlayers(db, from, into, auditOf(options));
      db.close();
      if (!merged.ok) return fail(merged);
      process.stdout.write(`player ${from} merged into ${merged.value.id}\t${merged.value.name}\n`);
    });
  players
    .command('history')
    .description('The audit trail of renames and merges (of one player, or all)')
    .argument('[id]', 'the player id', playerId)
    .option('--db <file>', 'SQLite database (default: the user data folder)')
    .action((id: number | undefined, options: { db?: string }) => {
      const db = openOrDie(options.db);
      for (const c of playerChanges(db, id))
        process.stdout.write(
          `${new Date(c.atMs).toISOString()}\tplayer ${c.playerId}\t${c.action === 'renamed' ? `renamed ${JSON.stringify(c.oldName)} -> ${JSON.stringify(c.newName)}` : `${JSON.stringify(c.oldName)} merged into player ${c.mergedInto}`}\tby ${c.operator}${c.reason === null ? '' : `\t${c.reason}`}\n`,
        );
      db.close();
    });
}
