// The `mahjong-table` command line: one entry point, one subcommand module each.
import { Command } from 'commander';

const program = new Command();
program
  .name('mahjong-table')
  .description('Runs an automatic mahjong table: scoring, the table link, simulations, the host and its screens.')
  .showHelpAfterError();


await program.parseAsync(process.argv);
