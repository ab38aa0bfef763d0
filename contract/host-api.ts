// What the shell needs from the host (which runs in the main process): one handler per host channel, public state, close.
import type { HostChannel, IpcFailure, IpcReply, Payload, PublicState, ResultOf } from './ipc-contract.js';

/** One answer per host channel of the contract; payloads arrive already validated by main. */
export type HostHandlers = {
  readonly [C in HostChannel]: (payload: Payload<C>) => Promise<IpcReply<ResultOf<C>>>;
};

export interface HostApi {
  readonly handlers: HostHandlers;
  /** Calls `listener` with every public state the host publishes (and once at once with the current one); returns the unsubscribe function. */
  onPublicState(listener: (state: PublicState) => void): () => void;
  /** Stops the table session cleanly and closes storage; called once before the app quits. */
  close(): Promise<void>;
}

export interface HostStartOptions {
  /** Electron's userData folder. The database stays where the host's own default puts it, so the CLI and the app share it. */
  readonly userDataDir: string;
}

export type HostFactory = (options: HostStartOptions) => Promise<HostApi>;

/**
 * The module, relative to the built electron/ folder, that exports `createDesktopHost: HostFactory`.
 * It is loaded at run time so the shell builds and runs before the host is wired.
 */
export const DESKTOP_HOST_MODULE = '../host/desktop.js';

/**
 * A host that answers every call with `host_unavailable` and why: the console still opens and tells
 * the operator what failed (say, a locked database) instead of the app dying without a window.
 */
export function unavailableHost(reason: string): HostApi {
  const failure: IpcFailure = { ok: false, code: 'host_unavailable', message: reason };
  const refuse = async (): Promise<IpcFailure> => failure;
  const handlers = {
    'table.listPorts': refuse,
    'players.list': refuse,
    'players.create': refuse,
    'session.start': refuse,
    'session.pause': refuse,
    'session.resume': refuse,
    'session.end': refuse,
    'session.nextGame': refuse,
    'operator.clearFault': refuse,
    'operator.correctMisread': refuse,
    'operator.correctableReads': refuse,
    'operator.enterButtonPress': refuse,
    'operator.declareChombo': refuse,
    'operator.declareDeadHand': refuse,
    'operator.settleStageB': refuse,
    'lan.setEnabled': refuse,
    'lan.status': refuse,
    'standings.list': refuse,
    'standings.report': refuse,
    'players.rename': refuse,
    'players.merge': refuse,
    'replay.listSessions': refuse,
    'replay.listHands': refuse,
    'replay.open': refuse,
    'replay.events': refuse,
    'replay.timeline': refuse,
    'export.session': refuse,
    'diagnostics.link': refuse,
  } satisfies HostHandlers;
  return { handlers, onPublicState: () => () => {}, close: async () => {} };
}

/** Loads and starts the desktop host; any failure becomes an unavailable host carrying the reason, which is also reported. */
export async function loadDesktopHost(
  importModule: (specifier: string) => Promise<unknown>,
  options: HostStartOptions,
  report: (message: string) => void,
): Promise<HostApi> {
  const unavailable = (reason: string): HostApi => {
    report(`host_unavailable: ${reason}`);
    return unavailableHost(reason);
  };
  let loaded: unknown;
  try {
    loaded = await importModule(DESKTOP_HOST_MODULE);
  } catch (error) {
    return unavailable(
      `the host module ${DESKTOP_HOST_MODULE} could not be loaded: ${(error as Error).message}`,
    );
  }
  const factory = (loaded as { createDesktopHost?: unknown } | null)?.createDesktopHost;
  if (typeof factory !== 'function')
    return unavailable(`${DESKTOP_HOST_MODULE} does not export createDesktopHost`);
  try {
    return await (factory as HostFactory)(options);
  } catch (error) {
    return unavailable(`the host did not start: ${(error as Error).message}`);
  }
}
