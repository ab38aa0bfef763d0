// The host inside Electron's main process: createDesktopHost implements contract/host-api.ts's HostApi with the same Host.
import path from 'node:path';
import type { HostApi, HostFactory } from '../contract/host-api.js';
import type { LanStatus } from '../contract/ipc-contract.js';
import { defaultDatabasePath } from './storage/index.js';
import { createHostHandlers, type LanController } from './server/api.js';
import { Host } from './session/host.js';
import { runnableVariants } from './families/registry.js';
import { defaultRendererDir } from './package-root.js';
import { ALL_ADDRESSES, lanAddresses, startServer, type RunningServer } from './server/server.js';
import { homedir } from 'node:os';

/** Port of the LAN scoreboard when the operator turns it on (off by default). */
const LAN_PORT = 8421;

/**
 * Opens the shared database (the same default file as the CLI), resumes an open session if the app was
 * killed mid-game, and otherwise starts the built-in simulator with bots so a new user sees a game at once.
 */
export const createDesktopHost: HostFactory = async (options) => {
  void options.userDataDir; // the database stays at the host's own default, shared with the CLI
  const opened = Host.open({
    dbPath: defaultDatabasePath(process.platform, process.env, homedir()),
    report: (line) => process.stderr.write(`host: ${line}\n`),
  });
  if (!opened.ok) throw new Error(`${opened.code}: ${opened.message}`);
  const host = opened.value;
  const resumed = await host.resumeOpenSession();
  if (!resumed.ok) {
    await host.close();
    throw new Error(`${resumed.code}: ${resumed.message}`);
  }
  if (resumed.value === null) {
    const started = await host.startSession({
      // The registry's first variant, as `serve` starts by default.
      variant: runnableVariants()[0]!,
      target: { kind: 'simulator', seed: Math.floor(Math.random() * 0x7fffffff) },
    });
    if (!started.ok) {
      await host.close();
      throw new Error(`${started.code}: ${started.message}`);
    }
  }
  let server: RunningServer | null = null;
  const statusOf = (running: RunningServer): LanStatus => {
    const hostName = lanAddresses()[0] ?? '127.0.0.1';
    return {
      enabled: true,
      url: `http://${hostName}:${running.port}/scoreboard?token=${running.viewerToken}`,
      token: running.viewerToken,
    };
  };
  const lan: LanController = {
    status: () => (server === null ? { enabled: false } : statusOf(server)),
    async setEnabled(enabled): Promise<LanStatus> {
      if (!enabled) {
        await server?.close();
        server = null;
        return { enabled: false };
      }
      server ??= await startServer({
        handlers: createHostHandlers(host, null),
        onPublicState: (listener) => host.onPublicState(listener),
        rendererDir: path.resolve(defaultRendererDir()),
        port: LAN_PORT,
        // This server exists for the LAN: it is started by the switch and stopped when it is turned off.
        listen: ALL_ADDRESSES,
      });
      return statusOf(server);
    },
  };
  const api: HostApi = {
    handlers: createHostHandlers(host, lan),
    onPublicState: (listener) => host.onPublicState(listener),
    close: async () => {
      await server?.close();
      await host.close();
    },
  };
  return api;
};
