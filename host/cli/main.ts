// The `mahjong-table` command line: one entry point, one subcommand module each.
import { Command } from 'commander';
import { registerScore } from './score.js';
import { registerSim } from './sim.js';
import { registerMonitor } from './monitor.js';
import { registerSimulate } from './simulate.js';
import { registerTenhou6 } from './tenhou6.js';
import { registerServe } from './serve.js';
import { registerExport } from './export.js';
import { registerImport } from './import.js';
import { registerPlayers } from './players.js';
import { registerStandings } from './standings.js';

const program = new Command();
program
  .name('mahjong-table')
  .description('Runs an automatic mahjong table: scoring, the table link, simulations, the host and its screens.')
  .showHelpAfterError();
registerScore(program);
registerSim(program);
registerMonitor(program);
registerSimulate(program);
registerTenhou6(program);
registerServe(program);
registerExport(program);
registerImport(program);
registerPlayers(program);
registerStandings(program);


await program.parseAsync(process.argv);
