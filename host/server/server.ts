// The host's HTTP + WebSocket server: serves dist/renderer/ with the strict CSP and the contract's API over `/ws`.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { z } from 'zod';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentTypeOf } from '../../electron/app-protocol.js';
import { CONTENT_SECURITY_POLICY } from '../../electron/security.js';
import type { HostHandlers } from '../../contract/host-api.js';
import {
  INVOKE_CONTRACT,
  ipcFail,
  isInvokeChannel,
  parsePayload,
  PublicStateSchema,
  READ_ONLY_CHANNELS,
  describeIssues,
  type HostChannel,
  type IpcReply,
  type PublicState,
} from '../../contract/ipc-contract.js';
import { viewerReply, viewerState } from './viewer-access.js';
import { ClientBudget, HEAVY_CHANNELS, HeavyReads, OPERATOR_LIMITS, VIEWER_LIMITS } from './request-limits.js';

/** A WebSocket request frame: `{id, channel, payload}`. */
const RequestFrameSchema = z
  .object({
    id: z
      .number()
      .int()
      .nonnegative()
      .max(2 ** 31),
    channel: z.string().min(1).max(64),
    payload: z.unknown().optional(),
  })
  .strict();

/** Where a page asks what its token gives (see `answerAccess`). */
export const ACCESS_PATH = '/access';

/** Largest frame a client may send (a correction of 136 tiles is well under 4 KiB). */
const MAX_FRAME_BYTES = 64 * 1024;

export interface ServerOptions {
  readonly handlers: HostHandlers;
  /** Subscribes to the host's public state (called once at once, then at each publication). */
  readonly onPublicState: (listener: (state: PublicState) => void) => () => void;
  /** Folder of the built renderer (index.html and assets). */
  readonly rendererDir: string;
  readonly port: number;
  /** Address to listen on: 127.0.0.1 (the default) for this machine only, 0.0.0.0 for the LAN. */
  readonly listen?: string;
  /** This machine's LAN addresses (default: its non-internal IPv4 addresses); tests give loopback aliases. */
  readonly lanAddresses?: () => string[];
  /** Extra host names (with or without :port) the Host/Origin check accepts besides loopback and this machine's addresses. */
  readonly allowHosts?: readonly string[];
  /** Full-access token (the operator console); random when absent. */
  readonly operatorToken?: string;
  /** Read-only token for LAN scoreboards; random when absent. */
  readonly viewerToken?: string;
  readonly report?: (line: string) => void;
}

export interface RunningServer {
  readonly port: number;
  readonly operatorToken: string;
  /** The read-only token the server started with (see `viewerAccess` for the one in force now). */
  readonly viewerToken: string;
  /** The read-only (LAN scoreboard) token now accepted, or null while read-only access is off. */
  viewerAccess(): string | null;
  /**
   * Turns read-only access on with `token`, or off with null. Viewers connected under another token (or any,
   * when off) are disconnected: a scoreboard link handed out earlier stops working.
   */
  setViewerAccess(token: string | null): void;
  /** The scoreboard's address for `token`: on this machine's first LAN address when the LAN reaches the server. */
  scoreboardUrl(token: string): string;
  /** Whether browsers on the LAN can reach the server now (listening on every address, or `openLan` done). */
  lanReachable(): boolean;
  /**
   * Makes a loopback-only server reachable from the LAN: it listens on each LAN address too, on the same
   * port. Refused (thrown) when the machine has no LAN address. Nothing to do when it listens on all of them.
   */
  openLan(): Promise<void>;
  /** Stops listening on the LAN addresses `openLan` added (a server started on 0.0.0.0 keeps listening). */
  closeLan(): Promise<void>;
  /** URLs to print: the console on this machine, the scoreboard on each LAN address. */
  readonly urls: {
    readonly console: string;
    readonly scoreboard: readonly string[];
    readonly replay: string;
  };
  close(): Promise<void>;
}

/** A random token (144 bits, URL-safe). */
export const newToken = (): string => randomBytes(18).toString('base64url');

/** The shortest token accepted, and how many different characters it must use (see `tokenProblem`). */
export const MIN_TOKEN_LENGTH = 16;
export const MIN_TOKEN_DISTINCT = 8;

/**
 * Why `token` is too weak to guard the host, or null when it will do. A token is at least 16 characters of
 * the URL-safe set A-Z a-z 0-9 - _ (it travels in a URL and a QR code unescaped), with at least 8 different
 * characters: an empty, one-letter or repeated token ("aaaa…") is guessed at once. A random token (`newToken`)
 * has 144 bits; 16 characters from 64 hold up to 96.
 */
export function tokenProblem(token: string): string | null {
  if (token.length < MIN_TOKEN_LENGTH)
    return `a token needs at least ${MIN_TOKEN_LENGTH} characters (this one has ${token.length})`;
  if (token.length > 256) return 'a token has at most 256 characters';
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return 'a token uses only the letters A-Z a-z, digits, - and _';
  if (new Set(token).size < MIN_TOKEN_DISTINCT)
    return `a token needs at least ${MIN_TOKEN_DISTINCT} different characters`;
  return null;
}

/** The address `serve` and the desktop host listen on unless the LAN is asked for: this machine only. */
export const LOOPBACK = '127.0.0.1';
/** Every address: the LAN. */
export const ALL_ADDRESSES = '0.0.0.0';

/** This machine's IPv4 addresses (for the LAN URLs and the Host allowlist). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a): a is NonNullable<typeof a> => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

/** Constant-time comparison of two tokens. */
function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const operatorToken = options.operatorToken ?? newToken();
  const viewerToken = options.viewerToken ?? newToken();
  for (const [name, token] of [
    ['operator', operatorToken],
    ['read-only', viewerToken],
  ] as const) {
    const problem = tokenProblem(token);
    if (problem !== null) throw new Error(`the ${name} token is too weak: ${problem}`);
  }
  if (operatorToken === viewerToken) throw new Error('the operator and read-only tokens must differ');
  const listenOn = options.listen ?? LOOPBACK;
  const lanAddressesOf = options.lanAddresses ?? lanAddresses;
  let viewerAccess: string | null = viewerToken;
  const report = options.report ?? (() => {});
  const rendererRoot = path.resolve(options.rendererDir);
  let boundPort = options.port;

  /** Host names allowed in Host and Origin: loopback, this machine's addresses, and the configured extras (DNS rebinding guard). */
  const allowedHosts = (): Set<string> => {
    const names = ['localhost', '127.0.0.1', '[::1]', ...lanAddressesOf(), ...(options.allowHosts ?? [])];
    const out = new Set<string>();
    for (const name of names) {
      const lower = name.toLowerCase();
      out.add(lower.includes(':') && !lower.startsWith('[') ? lower : `${lower}:${boundPort}`);
    }
    return out;
  };
  const hostAllowed = (host: string | undefined): boolean =>
    host !== undefined && allowedHosts().has(host.toLowerCase());
  const originAllowed = (origin: string | undefined): boolean => {
    if (origin === undefined) return true; // not a browser: the token still decides
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && hostAllowed(url.host);
    } catch {
      return false;
    }
  };

  const securityHeaders = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  const refuse = (response: ServerResponse, status: number, message: string): void => {
    response.writeHead(status, {
      ...securityHeaders,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    response.end(`${message}\n`);
  };

  /** Which access a token gives, as the WebSocket upgrade decides it (null: none). */
  const accessOf = (token: string): 'operator' | 'viewer' | null =>
    sameToken(token, operatorToken)
      ? 'operator'
      : viewerAccess !== null && sameToken(token, viewerAccess)
        ? 'viewer'
        : null;

  /**
   * `GET /access?token=…`: what a page's token gives, or why it gives nothing, in words for the person
   * holding the page. A browser cannot read why a WebSocket upgrade was refused; the page asks here instead.
   * It tells no more than the upgrade's own 401 does.
   */
  const answerAccess = (request: IncomingMessage, response: ServerResponse): void => {
    const token = new URL(request.url ?? '/', 'http://host').searchParams.get('token') ?? '';
    const access = token === '' ? null : accessOf(token);
    const body =
      access !== null
        ? { ok: true, access }
        : token === ''
          ? {
              ok: false,
              code: 'token_required',
              message:
                'This address has no token. Open the console at the address the host printed (…/console?token=…); for the scoreboard, scan the QR code on the console.',
            }
          : {
              ok: false,
              code: 'bad_token',
              message:
                'The token in this address is not accepted: the LAN scoreboard was turned off, its token changed (it does each time it is turned on), or the host restarted with new tokens. Ask the operator for the current address or QR code.',
            };
    response.writeHead(access === null ? 401 : 200, {
      ...securityHeaders,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    response.end(JSON.stringify(body));
  };

  /** Static files of the renderer; any other path without a file extension is a route and gets index.html. */
  const serveFile = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!hostAllowed(request.headers.host)) return refuse(response, 421, 'unknown host');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(response, 405, 'method not allowed');
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    } catch {
      return refuse(response, 400, 'bad path');
    }
    if (pathname === ACCESS_PATH) return answerAccess(request, response);
    if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..'))
      return refuse(response, 403, 'forbidden path');
    const isRoute = path.extname(pathname) === '';
    const file = isRoute ? path.join(rendererRoot, 'index.html') : path.join(rendererRoot, pathname);
    if (file !== rendererRoot && !file.startsWith(rendererRoot + path.sep))
      return refuse(response, 403, 'forbidden path');
    try {
      const info = await stat(file);
      if (!info.isFile()) return refuse(response, 404, 'not found');
      const body = await readFile(file);
      response.writeHead(200, {
        ...securityHeaders,
        'Content-Type': contentTypeOf(file),
        'Content-Length': body.length,
        'Cache-Control': isRoute ? 'no-store' : 'public, max-age=300',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      refuse(response, 404, isRoute ? 'the renderer is not built (npm run build:renderer)' : 'not found');
    }
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    void serveFile(request, response);
  };
  const server: Server = createServer(onRequest);
  /** Listeners on the LAN addresses, added by `openLan` to a loopback server. */
  let lanServers: Server[] = [];
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const clients = new Set<WebSocket>();
  /** The read-only token each viewer connected with (operators are not in it). */
  const viewers = new Map<WebSocket, string>();
  /** The last public state pushed, as operators get it and as viewers get it (viewer-access.ts). */
  let latest: string | null = null;
  let latestForViewers: string | null = null;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const deny = (status: number, message: string): void => {
      socket.write(
        `HTTP/1.1 ${status} ${message}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${message}\n`,
      );
      socket.destroy();
    };
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://host');
    } catch {
      return deny(400, 'Bad Request');
    }
    if (url.pathname !== '/ws') return deny(404, 'Not Found');
    if (!hostAllowed(request.headers.host)) return deny(421, 'Misdirected Request');
    if (!originAllowed(request.headers.origin)) return deny(403, 'Forbidden origin');
    const token = url.searchParams.get('token') ?? '';
    const access = accessOf(token);
    if (access === null) return deny(401, token === '' ? 'Token required' : 'Bad token');
    sockets.handleUpgrade(request, socket, head, (ws) => {
      if (access === 'viewer') viewers.set(ws, token);
      onConnection(ws, access);
    });
  };
  server.on('upgrade', onUpgrade);

  const sendReply = (ws: WebSocket, id: number, reply: IpcReply<unknown>): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, reply }));
  };

  /** Heavy reads of every connection, one at a time, the operator's first (request-limits.ts). */
  const heavyReads = new HeavyReads();

  const onConnection = (ws: WebSocket, access: 'operator' | 'viewer'): void => {
    clients.add(ws);
    const budget = new ClientBudget(access === 'viewer' ? VIEWER_LIMITS : OPERATOR_LIMITS);
    const forget = (): void => {
      clients.delete(ws);
      viewers.delete(ws);
    };
    ws.on('close', forget);
    ws.on('error', forget);
    const pushed = access === 'viewer' ? latestForViewers : latest;
    if (pushed !== null) ws.send(pushed);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return sendReply(ws, 0, ipcFail('bad_payload', 'frames are JSON text'));
      let json: unknown;
      try {
        json = JSON.parse(String(data));
      } catch {
        return sendReply(ws, 0, ipcFail('bad_payload', 'a frame is one JSON object {id, channel, payload}'));
      }
      const frame = RequestFrameSchema.safeParse(json);
      if (!frame.success) {
        // Answer under the request's id when it has a usable one, so the caller's promise settles.
        const id = (json as { id?: unknown } | null)?.id;
        const replyId = typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= 2 ** 31 ? id : 0;
        return sendReply(
          ws,
          replyId,
          ipcFail('bad_payload', `bad request frame: ${describeIssues(frame.error)}`),
        );
      }
      const { id, channel, payload } = frame.data;
      if (!isInvokeChannel(channel) || INVOKE_CONTRACT[channel].owner !== 'host') {
        return sendReply(ws, id, ipcFail('unknown_channel', `no channel "${channel.slice(0, 64)}"`));
      }
      if (access === 'viewer' && !READ_ONLY_CHANNELS.includes(channel)) {
        return sendReply(ws, id, {
          ok: false,
          code: 'read_only',
          message: `${channel} needs the operator's token; this is a read-only scoreboard connection`,
        });
      }
      const parsed = parsePayload(channel, payload);
      if (!parsed.ok) return sendReply(ws, id, parsed);
      const refused = budget.admit();
      if (refused !== null) return sendReply(ws, id, refused);
      const handler = options.handlers[channel as HostChannel] as (p: unknown) => Promise<IpcReply<unknown>>;
      const work = (): Promise<IpcReply<unknown>> => handler(parsed.value);
      (HEAVY_CHANNELS.has(channel) ? heavyReads.run(access, work) : work())
        .finally(() => budget.done())
        .then((result) => {
          if (!result.ok) return sendReply(ws, id, result);
          const checked = INVOKE_CONTRACT[channel].result.safeParse(result.value);
          const value: IpcReply<unknown> = checked.success
            ? { ok: true, value: checked.data }
            : ipcFail('bad_result', `${channel}: ${describeIssues(checked.error)}`);
          sendReply(ws, id, access === 'viewer' ? viewerReply(channel, value) : value);
        })
        .catch((error: Error) => sendReply(ws, id, ipcFail('host_threw', `${channel}: ${error.message}`)));
    });
  };

  const unsubscribe = options.onPublicState((state) => {
    const checked = PublicStateSchema.safeParse(state);
    if (!checked.success) {
      report(
        `public state ${state.seq} is outside the contract and was not pushed: ${describeIssues(checked.error)}`,
      );
      return;
    }
    latest = JSON.stringify({ push: 'state.public', message: checked.data });
    latestForViewers = JSON.stringify({ push: 'state.public', message: viewerState(checked.data) });
    for (const ws of clients)
      if (ws.readyState === ws.OPEN) ws.send(viewers.has(ws) ? latestForViewers : latest);
  });

  const listenAt = (target: Server, port: number, address: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      target.once('error', reject);
      target.listen(port, address, () => {
        target.off('error', reject);
        resolve();
      });
    });
  const closeListener = (target: Server): Promise<void> => {
    const closed = new Promise<void>((resolve) => target.close(() => resolve()));
    target.closeAllConnections();
    return closed;
  };
  await listenAt(server, options.port, listenOn);
  const address = server.address();
  boundPort = typeof address === 'object' && address !== null ? address.port : options.port;
  const local = `http://127.0.0.1:${boundPort}`;
  const listensEverywhere = listenOn === ALL_ADDRESSES;
  const lanReachable = (): boolean => listensEverywhere || lanServers.length > 0;
  const lanHosts = listensEverywhere ? lanAddressesOf() : [];
  const scoreboardHost = (): string =>
    lanReachable() ? (lanAddressesOf()[0] ?? '127.0.0.1') : listensEverywhere ? '127.0.0.1' : listenOn;
  return {
    port: boundPort,
    operatorToken,
    viewerToken,
    viewerAccess: () => viewerAccess,
    setViewerAccess: (token) => {
      const problem = token === null ? null : tokenProblem(token);
      if (problem !== null) throw new Error(`the read-only token is too weak: ${problem}`);
      viewerAccess = token;
      for (const [ws, used] of viewers)
        if (token === null || !sameToken(used, token)) {
          viewers.delete(ws);
          clients.delete(ws);
          ws.close(4001, token === null ? 'the LAN scoreboard was turned off' : 'the LAN token changed');
        }
      report(token === null ? 'LAN scoreboard off' : 'LAN scoreboard on');
    },
    scoreboardUrl: (token) => `http://${scoreboardHost()}:${boundPort}/scoreboard?token=${token}`,
    lanReachable,
    openLan: async () => {
      if (lanReachable()) return;
      const addresses = lanAddressesOf();
      if (addresses.length === 0)
        throw new Error('this machine has no LAN address: connect it to the network, then turn the LAN on again');
      const opened: Server[] = [];
      try {
        for (const lanAddress of addresses) {
          const extra = createServer(onRequest);
          extra.on('upgrade', onUpgrade);
          await listenAt(extra, boundPort, lanAddress);
          opened.push(extra);
        }
      } catch (error) {
        await Promise.all(opened.map(closeListener));
        throw new Error(`cannot listen on the LAN at port ${boundPort}: ${(error as Error).message}`, {
          cause: error,
        });
      }
      lanServers = opened;
      report(`listening on the LAN: ${addresses.map((a) => `${a}:${boundPort}`).join(', ')}`);
    },
    closeLan: async () => {
      const closing = lanServers;
      lanServers = [];
      await Promise.all(closing.map(closeListener));
      if (closing.length > 0) report('no longer listening on the LAN');
    },
    urls: {
      console: `${local}/console?token=${operatorToken}`,
      replay: `${local}/replay?token=${operatorToken}`,
      scoreboard: [
        `${local}/scoreboard?token=${viewerToken}`,
        ...lanHosts.map((h) => `http://${h}:${boundPort}/scoreboard?token=${viewerToken}`),
      ],
    },
    close: async () => {
      unsubscribe();
      for (const ws of clients) ws.terminate();
      sockets.close();
      await Promise.all([server, ...lanServers].map(closeListener));
      lanServers = [];
    },
  };
}
