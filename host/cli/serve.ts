// `mahjong-table serve`: runs the host headless (resuming an open session first) and serves the screens over HTTP + WebSocket.
import { InvalidArgumentError, type Command } from 'commander';
import { Host } from '../session/host.js';
import { createHostHandlers } from '../server/api.js';
import {
  ALL_ADDRESSES,
  LOOPBACK,
  MIN_TOKEN_DISTINCT,
  MIN_TOKEN_LENGTH,
  startServer,
  tokenProblem,
  type RunningServer,
} from '../server/server.js';
import { createServeLanController } from '../server/lan.js';
import { defaultRendererDir } from '../package-root.js';
import { FAMILIES, runnableVariants } from '../families/registry.js';
import { orList, presetChoices, tagTeamVariants } from './variant-help.js';

interface ServeOptions {
  port?: string;
  sim?: boolean;
  variant: string;
  preset?: string;
  httpPort: number;
  db?: string;
  seed?: number;
  games?: number;
  exitAfterGames?: boolean;
  thinkMs: number;
  motorMs: number;
  listen?: string;
  lan?: boolean;
  lanAddress: string[];
  allowHost: string[];
  token?: string;
  viewerToken?: string;
  renderer?: string;
  autopilot?: boolean;
  handsPerGame?: number;
  tagTeam?: boolean;
}

const int = (name: string, min: number) => (text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}, not "${text}"`);
  return n;
};

const die = (message: string, code = 2): never => {
  process.stderr.write(`mahjong-table serve: ${message}\n`);
  process.exit(code);
};

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description(
      'Run the host headless and serve the console, scoreboard and replay viewer over HTTP + WebSocket',
    )
    .option('--port <path>', 'serial port of the table (default: the built-in simulator with bots)')
    .option('--sim', 'use the built-in simulator with bots at the seats (the default without --port)')
    .option('--variant <id>', `variant to run: ${runnableVariants().join(', ')}`, runnableVariants()[0])
    .option(
      '--preset <name>',
      `the variant's rule preset (${presetChoices().map((v) => `${v.id}: ${orList(v.presets)}`).join('; ')}; default: the variant's first)`,
    )
    .option('--http-port <n>', 'HTTP port (0 = any free port)', int('--http-port', 0), 8420)
    .option('--db <file>', 'SQLite database (default: mahjong-table.sqlite in the user data folder)')
    .option('--seed <n>', "seed for the simulator and the host's draws", int('--seed', 0))
    .option(
      '--games <n>',
      'end the session after this many games; the screens keep showing the final result (the server stays up)',
      int('--games', 1),
    )
    .option('--exit-after-games', 'with --games: exit once the session has ended (scripts, tests)')
    .option(
      '--hands-per-game <n>',
      `end each game after this many hands (${handsPerGameHelp()})`,
      int('--hands-per-game', 1),
    )
    .option('--tag-team', `${orList(tagTeamVariants().map((v) => `${v.name}'s`))} 8-player tag-team option (variants.md V4.3)`)
    .option('--think-ms <ms>', "simulator: bots' thinking time per action", int('--think-ms', 0), 600)
    .option('--motor-ms <ms>', 'simulator: duration of each motor run', int('--motor-ms', 0), 300)
    .option('--lan', 'let browsers on the LAN in (listen on every address); without it only this machine can connect')
    .option(
      '--lan-address <addr>',
      "this machine's LAN address for the scoreboard's QR code and the console's LAN switch (repeatable; default: every non-internal IPv4 address)",
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option('--listen <addr>', 'address to listen on (default 127.0.0.1, this machine only; --lan: 0.0.0.0)')
    .option(
      '--allow-host <name>',
      'an extra Host/Origin name to accept (repeatable)',
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option(
      '--token <token>',
      `operator token (default: random per run); at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 - _, ${MIN_TOKEN_DISTINCT} of them different`,
    )
    .option('--viewer-token <token>', 'read-only scoreboard token (default: random per run); the same rules as --token')
    .option('--renderer <dir>', 'built renderer folder (default: dist/renderer)')
    .option(
      '--autopilot',
      'no operator: clear recoverable faults and start games automatically (always on with the simulator)',
    )
    .action(async (options: ServeOptions) => {
      if (options.port !== undefined && options.sim) die('--port and --sim exclude each other');
      // A weak token would hand the table to anyone who can reach the port: refused before anything starts.
      for (const [flag, token] of [
        ['--token', options.token],
        ['--viewer-token', options.viewerToken],
      ] as const) {
        const problem = token === undefined ? null : tokenProblem(token);
        if (problem !== null) die(`${flag} is too weak: ${problem}; leave it out for a random one`);
      }
      if (options.token !== undefined && options.token === options.viewerToken)
        die('--token and --viewer-token must differ: the read-only token would give operator rights');
      if (options.lan && options.listen !== undefined && options.listen !== ALL_ADDRESSES)
        die(`--lan listens on every address (${ALL_ADDRESSES}); it excludes --listen ${options.listen}`);
      const listen = options.listen ?? (options.lan ? ALL_ADDRESSES : LOOPBACK);
      const opened = Host.open({
        dbPath: options.db,
        pace: { thinkMs: options.thinkMs, motorMs: options.motorMs },
        maxGames: options.games,
        report: (line) => process.stderr.write(`host: ${line}\n`),
      });
      if (!opened.ok) return die(`${opened.code}: ${opened.message}`, 3);
      const host = opened.value;
      const resumed = await host.resumeOpenSession();
      if (!resumed.ok) {
        await host.close();
        return die(`${resumed.code}: ${resumed.message}`, 3);
      }
      if (resumed.value === null) {
        const started = await host.startSession({
          variant: options.variant,
          ...(options.preset === undefined ? {} : { preset: options.preset }),
          target:
            options.port !== undefined
              ? { kind: 'serial', path: options.port }
              : { kind: 'simulator', seed: options.seed ?? Math.floor(Math.random() * 0x7fffffff) },
          ...(options.seed === undefined ? {} : { seed: options.seed }),
          autopilot: options.port === undefined || options.autopilot === true,
          ...(options.handsPerGame === undefined ? {} : { handsPerGame: options.handsPerGame }),
          ...(options.tagTeam === true ? { tagTeam: true } : {}),
        });
        if (!started.ok) {
          await host.close();
          return die(`${started.code}: ${started.message}`, 3);
        }
        process.stderr.write(`host: session ${started.value} started\n`);
      }
      let server: RunningServer;
      let running: RunningServer | null = null;
      try {
        server = await startServer({
          // The console's LAN switch grants or revokes the read-only scoreboard token on this server.
          handlers: createHostHandlers(
            host,
            createServeLanController(() => running, options.viewerToken),
          ),
          onPublicState: (listener) => host.onPublicState(listener),
          rendererDir: options.renderer ?? defaultRendererDir(),
          port: options.httpPort,
          listen,
          ...(options.lanAddress.length > 0 ? { lanAddresses: () => [...options.lanAddress] } : {}),
          allowHosts: options.allowHost,
          operatorToken: options.token,
          viewerToken: options.viewerToken,
          report: (line) => process.stderr.write(`serve: ${line}\n`),
        });
      } catch (error) {
        await host.close();
        return die(`cannot listen on port ${options.httpPort}: ${(error as Error).message}`, 2);
      }
      running = server;
      process.stdout.write(`console    ${server.urls.console}\n`);
      process.stdout.write(`replay     ${server.urls.replay}\n`);
      for (const url of server.urls.scoreboard) process.stdout.write(`scoreboard ${url}\n`);
      if (!server.lanReachable())
        process.stderr.write(
          'serve: only this machine can connect; to show the scoreboard on phones and other PCs start with --lan, or turn the LAN on in the console\n',
        );
      if (options.games !== undefined) {
        // The session ends by itself once it has played them; the server stays up so every screen shows the final
        // result and that the session ended (issue 12), unless the run is a script's (--exit-after-games).
        void host.whenSessionEnded().then(async (sessionId) => {
          process.stderr.write(`host: session ${sessionId} ended after ${options.games} game(s)\n`);
          if (options.exitAfterGames !== true) return;
          await server.close();
          await host.close();
          process.exit(0);
        });
      }
      const quit = async (): Promise<void> => {
        await server.close();
        await host.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void quit());
      process.once('SIGTERM', () => void quit());
    });
}

/** Which variants take a hands-per-game cut, and their defaults, from the registry (for `--help`). */
function handsPerGameHelp(): string {
  const variants = FAMILIES.flatMap((family) => family.variants).filter((v) => v.playOptions !== undefined);
  const defaults = variants.flatMap((v) =>
    v.playOptions?.defaultHandsPerGame === undefined ? [] : [`${v.id} ${v.playOptions.defaultHandsPerGame}`],
  );
  return `${variants.map((v) => v.id).join(', ')}; default: the game's own end${defaults.length > 0 ? `, ${defaults.join(', ')}` : ''}`;
}
