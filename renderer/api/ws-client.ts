// The same MahjongApi as Electron's preload, over WebSocket to `mahjong-table serve` (LAN browsers and tests).
//
// Wire format (CONTRACT-host-screens.md): requests `{id, channel, payload}`, replies `{id, reply}` where
// `reply` is an IpcReply; pushes `{push: channel, message}`. buildMahjongApi (contract/ipc-api.ts) checks
// payloads before sending and replies and pushes against the contract's schemas on the way in, so this
// file only moves JSON and never trusts it.
import { z } from 'zod';
import { buildMahjongApi, type IpcTransport } from '../../contract/ipc-api.js';
import {
  ipcFail,
  type InvokeChannel,
  type MahjongApi,
  type PushChannel,
} from '../../contract/ipc-contract.js';

const ReplyFrameSchema = z.object({ id: z.number().int().nonnegative(), reply: z.unknown() }).strict();
const PushFrameSchema = z.object({ push: z.string().min(1).max(64), message: z.unknown() }).strict();

/** What the client reports about its connection (for the screens' "link to host" badge). */
export type WsLinkStatus = 'connecting' | 'open' | 'closed';

export interface WsClientOptions {
  /** `ws://host:port/ws?token=...`. */
  readonly url: string;
  /** A request not answered within this many ms resolves to `host_unavailable`. */
  readonly timeoutMs?: number;
  readonly onStatus?: (status: WsLinkStatus) => void;
  readonly onProblem?: (problem: string) => void;
  /** Reconnect delay after a close (the host restarted, the Wi-Fi dropped). */
  readonly reconnectMs?: number;
}

interface Pending {
  readonly resolve: (reply: unknown) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** The WebSocket URL of the host that served this page, carrying the page's `?token=` along. */
export function hostSocketUrl(location: Pick<Location, 'protocol' | 'host' | 'search'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = new URLSearchParams(location.search).get('token');
  return `${scheme}//${location.host}/ws${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
}

export interface WsClient {
  readonly api: MahjongApi;
  close(): void;
}

export function connectWsApi(options: WsClientOptions): WsClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const reconnectMs = options.reconnectMs ?? 1_000;
  const pending = new Map<number, Pending>();
  const listeners = new Map<PushChannel, Set<(message: unknown) => void>>();
  // The host pushes its state once on connect: a screen that subscribes a moment later still gets it.
  const lastPush = new Map<PushChannel, unknown>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket | null = null;
  let closedByUs = false;

  const problem = (text: string): void => options.onProblem?.(text);

  const open = (): void => {
    options.onStatus?.('connecting');
    const ws = new WebSocket(options.url);
    socket = ws;
    ws.addEventListener('open', () => {
      options.onStatus?.('open');
      for (const frame of queue.splice(0)) ws.send(frame);
    });
    ws.addEventListener('message', (event) => onFrame(event.data));
    ws.addEventListener('close', () => {
      options.onStatus?.('closed');
      // Requests in flight will never be answered by this socket.
      for (const [id, request] of pending) {
        clearTimeout(request.timer);
        request.resolve(ipcFail('host_unavailable', 'the connection to the host closed'));
        pending.delete(id);
      }
      if (!closedByUs) setTimeout(open, reconnectMs);
    });
  };

  const onFrame = (data: unknown): void => {
    if (typeof data !== 'string') return problem('binary frame ignored');
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return problem('a frame that is not JSON was ignored');
    }
    const reply = ReplyFrameSchema.safeParse(json);
    if (reply.success) {
      const request = pending.get(reply.data.id);
      if (request === undefined) return problem(`reply to unknown request ${reply.data.id}`);
      pending.delete(reply.data.id);
      clearTimeout(request.timer);
      request.resolve(reply.data.reply);
      return;
    }
    const push = PushFrameSchema.safeParse(json);
    if (push.success) {
      lastPush.set(push.data.push as PushChannel, push.data.message);
      for (const listener of listeners.get(push.data.push as PushChannel) ?? []) listener(push.data.message);
      return;
    }
    problem('a frame that is neither a reply nor a push was ignored');
  };

  const send = (frame: string): void => {
    if (socket !== null && socket.readyState === WebSocket.OPEN) socket.send(frame);
    else queue.push(frame);
  };

  const transport: IpcTransport = {
    invoke(channel: InvokeChannel, payload: unknown): Promise<unknown> {
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(ipcFail('host_unavailable', `${channel}: no answer within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, timer });
        send(JSON.stringify({ id, channel, payload }));
      });
    },
    subscribe(channel: PushChannel, listener: (message: unknown) => void): () => void {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      if (lastPush.has(channel)) {
        const message = lastPush.get(channel);
        queueMicrotask(() => set.has(listener) && listener(message));
      }
      return () => set.delete(listener);
    },
    reportInvalidPush(channel: PushChannel, text: string): void {
      problem(`invalid ${channel} push dropped: ${text}`);
    },
  };

  open();
  return {
    api: buildMahjongApi(transport),
    close(): void {
      closedByUs = true;
      socket?.close();
    },
  };
}
