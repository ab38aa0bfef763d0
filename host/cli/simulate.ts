// `mahjong-table simulate`: plays whole games of bots through the real machines and prints a summary; each family
// plays its own variants (its `simulation`, from the registry).
import { InvalidArgumentError, type Command } from 'commander';
import { FAMILIES } from '../families/registry.js';
import type { SimulateOptions } from './simulate-options.js';
import { orList, presetChoices, tagTeamVariants } from './variant-help.js';

const positiveInt = (name: string) => (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer, not "${text}"`);
  return n;
};
const seedOf = (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new InvalidArgumentError(`--seed must be an integer 0..4294967295, not "${text}"`);
  return n;
};

/** Every variant `simulate` plays, family by family (the registry's order). */
const simulatedVariants = (): string[] => FAMILIES.flatMap((family) => family.simulation.variants);

/** The families whose `--port` runs take `--stack`, as the help names them. */
const stackingFamilies = (): string =>
  orList(FAMILIES.filter((family) => family.simulation.stacksWalls === true).map((family) => `${family.id}-family`));

/** `--preset`'s default (the tests and the golden runs play it). */
const DEFAULT_PRESET = 'club';

/** Each variant with a choice of presets, and its presets with `simulate`'s default first. */
const presetHelp = (): string =>
  presetChoices()
    .map((v) => {
      const presets = v.presets.includes(DEFAULT_PRESET)
        ? [DEFAULT_PRESET, ...v.presets.filter((p) => p !== DEFAULT_PRESET)]
        : v.presets;
      return `with --variant ${v.id}: the rule preset, ${orList(presets)}`;
    })
    .join('; ');

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('Play whole games of bots through the game machines (headless, in process) and print a summary')
    .requiredOption('--variant <name>', `the variant to play (${simulatedVariants().join(', ')})`)
    .option('--preset <name>', presetHelp(), DEFAULT_PRESET)
    .option('--games <n>', 'games to play', positiveInt('--games'), 1)
    .option('--seed <s>', 'seed of the run (each game derives its own)', seedOf, 1)
    .option('--log <file>', 'write every event as JSON lines to this file')
    .option('--port <path>', `play through the table simulator over a pseudo-terminal pair made with socat: the host end at PATH, the table at PATH.table (${simulatedVariants().join(', ')})`)
    .option('--faults <spec>', 'with --port: faults injected at the table (see `mahjong-table sim --help`)')
    .option('--motor-ms <ms>', 'with --port: duration of each motor run of the simulated table', positiveInt('--motor-ms'), 2)
    .option('--stack <file>', `with --port and a ${stackingFamilies()} variant: the first hand's walls stacked, as JSON {"dice":[3,4],"live":["1m",null,...],"replacements":["5s"]} (tiles in draw order; null: left shuffled)`)
    .option('--max-hands <n>', 'stop a game after this many hands', positiveInt('--max-hands'), 10_000)
    .option('--tag-team', `with --variant ${orList(tagTeamVariants().map((v) => v.id))}: the 8-player tag-team option (pairs swap every ten discards, V4.3)`)
    .option('--json', 'print the summary as JSON')
    .action(async (options: SimulateOptions) => {
      const simulation = FAMILIES.find((family) => family.simulation.variants.includes(options.variant))?.simulation;
      if (simulation === undefined)
        program.error(`simulate: unknown variant "${options.variant}" (available: ${simulatedVariants().join(', ')})`, { exitCode: 2, code: 'unknown_variant' });
      await simulation.run(options, {
        fail: (message, code) => program.error(`simulate: ${message}`, { exitCode: 2, code }),
        runFailed,
      });
    });
}

/**
 * A table run that failed (it stalled, the table refused, a fault took it out of service): the reason and exit
 * code 1, without the usage text `program.error` adds (the command line was right). The log keeps what was played.
 */
function runFailed(message: string): never {
  process.stderr.write(`simulate: ${message}\n`);
  process.exit(1);
}
