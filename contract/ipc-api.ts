// Builds the renderer's `window.mahjong` from the contract: validated calls out, validated replies and pushes in.
import {
  INVOKE_CHANNELS,
  PUSH_CONTRACT,
  ipcFail,
  isInvokeChannel,
  parsePayload,
  replySchema,
  describeIssues,
  type InvokeChannel,
  type IpcReply,
  type MahjongApi,
  type PushChannel,
} from './ipc-contract.js';

/** How the API reaches main; the preload backs it with ipcRenderer, tests with a recorder. */
export interface IpcTransport {
  invoke(channel: InvokeChannel, payload: unknown): Promise<unknown>;
  subscribe(channel: PushChannel, listener: (message: unknown) => void): () => void;
  /** Told about a push that failed its schema (it is dropped, never shown). */
  reportInvalidPush(channel: PushChannel, problem: string): void;
}

const isPushChannel = (value: unknown): value is PushChannel =>
  typeof value === 'string' && Object.hasOwn(PUSH_CONTRACT, value);

async function invokeChecked(
  transport: IpcTransport,
  channel: InvokeChannel,
  payload: unknown,
): Promise<IpcReply<unknown>> {
  const parsed = parsePayload(channel, payload);
  if (!parsed.ok) return parsed;
  let raw: unknown;
  try {
    raw = await transport.invoke(channel, parsed.value);
  } catch (error) {
    return ipcFail('host_threw', `${channel}: ${(error as Error).message}`);
  }
  const reply = replySchema(channel).safeParse(raw);
  if (!reply.success) return ipcFail('bad_result', `${channel}: ${describeIssues(reply.error)}`);
  return reply.data as IpcReply<unknown>;
}

/** The API object, grouped by the channel's domain: channel `session.start` is `api.session.start(payload)`. */
export function buildMahjongApi(transport: IpcTransport): MahjongApi {
  const domains: Record<string, Record<string, (payload?: unknown) => Promise<IpcReply<unknown>>>> = {};
  for (const channel of INVOKE_CHANNELS) {
    if (!isInvokeChannel(channel))
      throw new Error(`contract lists ${String(channel)} but it is not a channel`);
    const dot = channel.indexOf('.');
    const domain = channel.slice(0, dot);
    const method = channel.slice(dot + 1);
    (domains[domain] ??= {})[method] = (payload?: unknown) => invokeChecked(transport, channel, payload);
  }
  const on = (channel: unknown, listener: unknown): (() => void) => {
    if (!isPushChannel(channel)) throw new TypeError(`no push channel ${String(channel)}`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    return transport.subscribe(channel, (message) => {
      const parsed = PUSH_CONTRACT[channel].safeParse(message);
      if (parsed.success) (listener as (message: unknown) => void)(parsed.data);
      else transport.reportInvalidPush(channel, describeIssues(parsed.error));
    });
  };
  const api: Record<string, unknown> = { on };
  for (const [domain, methods] of Object.entries(domains)) api[domain] = Object.freeze(methods);
  return Object.freeze(api) as unknown as MahjongApi;
}
