// The preload's API built from the contract: validated on the way out and in, and the bundled preload.cjs really works sandboxed (issue 6).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { buildPreload } from '../../electron/build-preload.js';
import { buildMahjongApi, type IpcTransport } from '../../contract/ipc-api.js';
import {
  API_NAME,
  INVOKE_CHANNELS,
  type InvokeChannel,
  type IpcReply,
  type MahjongApi,
  idlePublicState,
  type PublicState,
} from '../../contract/ipc-contract.js';

/** A transport that records calls and answers from a table of canned replies. */
function recordingTransport(replies: Partial<Record<InvokeChannel, unknown>> = {}) {
  const invoked: { channel: string; payload: unknown }[] = [];
  const subscribers = new Map<string, ((message: unknown) => void)[]>();
  const invalid: string[] = [];
  const transport: IpcTransport = {
    invoke: async (channel, payload) => {
      invoked.push({ channel, payload });
      return replies[channel] ?? { ok: false, code: 'host_unavailable', message: 'no reply recorded' };
    },
    subscribe: (channel, listener) => {
      subscribers.set(channel, [...(subscribers.get(channel) ?? []), listener]);
      return () =>
        subscribers.set(
          channel,
          (subscribers.get(channel) ?? []).filter((l) => l !== listener),
        );
    },
    reportInvalidPush: (channel, problem) => invalid.push(`${channel}: ${problem}`),
  };
  const push = (channel: string, message: unknown) =>
    (subscribers.get(channel) ?? []).forEach((l) => l(message));
  return { transport, invoked, invalid, push, subscribers };
}

const state: PublicState = idlePublicState(1);

describe('buildMahjongApi', () => {
  it('offers every contract channel as domain.method, and nothing else but `on`', () => {
    const api = buildMahjongApi(recordingTransport().transport) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    const offered = Object.entries(api).flatMap(([domain, methods]) =>
      typeof methods === 'function' ? [domain] : Object.keys(methods).map((m) => `${domain}.${m}`),
    );
    expect(offered.sort()).toEqual([...INVOKE_CHANNELS, 'on'].sort());
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api['session'])).toBe(true);
  });

  it('validates the payload before sending: an invalid one never reaches main', async () => {
    const { transport, invoked } = recordingTransport({
      'lan.setEnabled': { ok: true, value: { enabled: false } },
    });
    const api = buildMahjongApi(transport);
    const loose = api as unknown as Record<
      string,
      Record<string, (payload?: unknown) => Promise<IpcReply<unknown>>>
    >;
    expect(await loose['lan']!['setEnabled']!({ enabled: 'please' })).toMatchObject({
      ok: false,
      code: 'bad_payload',
    });
    expect(await loose['session']!['start']!({ variant: 'minefield' })).toMatchObject({
      ok: false,
      code: 'bad_payload',
    });
    expect(await loose['players']!['create']!({ name: '' })).toMatchObject({
      ok: false,
      code: 'bad_payload',
    });
    expect(invoked).toEqual([]);
    expect(await api.lan.setEnabled({ enabled: false })).toEqual({ ok: true, value: { enabled: false } });
    expect(await api.table.listPorts()).toMatchObject({ ok: false, code: 'host_unavailable' });
    expect(invoked).toEqual([
      { channel: 'lan.setEnabled', payload: { enabled: false } },
      { channel: 'table.listPorts', payload: {} },
    ]);
  });

  it('checks replies too: a reply outside the contract becomes bad_result, a rejected invoke host_threw', async () => {
    const { transport } = recordingTransport({
      'players.list': { ok: true, value: { players: [{ id: 'one', name: 'Aiko' }] } },
    });
    const api = buildMahjongApi(transport);
    expect(await api.players.list()).toMatchObject({ ok: false, code: 'bad_result' });
    const throwing = buildMahjongApi({
      ...transport,
      invoke: () => Promise.reject(new Error("No handler registered for 'players.list'")),
    });
    expect(await throwing.players.list()).toMatchObject({ ok: false, code: 'host_threw' });
  });

  it('delivers valid pushes, drops invalid ones, unsubscribes, and refuses unknown channels', () => {
    const { transport, push, invalid } = recordingTransport();
    const api = buildMahjongApi(transport);
    const seen: PublicState[] = [];
    const off = api.on('state.public', (message) => seen.push(message));
    push('state.public', state);
    push('state.public', { seq: 'two', session: null, view: null });
    expect(seen).toEqual([state]);
    expect(invalid).toHaveLength(1);
    off();
    push('state.public', { ...state, seq: 2 });
    expect(seen).toHaveLength(1);
    expect(() => api.on('session.start' as 'state.public', () => {})).toThrow(TypeError);
    expect(() => api.on('state.public', 'not a function' as unknown as () => void)).toThrow(TypeError);
  });

  it('derives the renderer type from the contract', () => {
    // Checked by tsc (`npm run typecheck`): a wrong payload is a compile error, not only a runtime one.
    expectTypeOf<MahjongApi['session']['start']>().parameter(0).toHaveProperty('seats');
    expectTypeOf<MahjongApi['operator']['correctMisread']>().returns.resolves.toEqualTypeOf<
      IpcReply<{ correctionSeq: number }>
    >();
    expectTypeOf<MahjongApi['table']['listPorts']>().toBeCallableWith();
    expectTypeOf<Window['mahjong']>().toEqualTypeOf<MahjongApi | undefined>();
    const api = buildMahjongApi(recordingTransport().transport);
    // @ts-expect-error: lan.setEnabled needs { enabled: boolean }
    void api.lan.setEnabled({ enabled: 'yes' });
    // @ts-expect-error: no such channel
    void api.session.restart;
    expect(typeof api.session.start).toBe('function');
  });
});

describe('preload.ts', () => {
  it('exposes the contract API under window.mahjong through contextBridge, forwarding to ipcRenderer', async () => {
    const exposed = new Map<string, unknown>();
    const invokes: unknown[][] = [];
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
      ipcRenderer: {
        invoke: async (...args: unknown[]) => {
          invokes.push(args);
          return { ok: true, value: { sessionId: 9 } };
        },
        on: () => {},
        removeListener: () => {},
      },
    }));
    await import('../../electron/preload.js');
    vi.doUnmock('electron');
    expect([...exposed.keys()]).toEqual([API_NAME]);
    const api = exposed.get(API_NAME) as MahjongApi;
    expect(await api.session.end()).toEqual({ ok: true, value: { sessionId: 9 } });
    expect(invokes).toEqual([['session.end', {}]]);
  });
});

describe('the bundled preload (dist/electron/preload.cjs)', () => {
  let dir: string;
  let bundle: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mahjong-preload-'));
    const outfile = path.join(dir, 'preload.cjs');
    await buildPreload(outfile);
    bundle = await readFile(outfile, 'utf8');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('requires nothing but electron (a sandboxed preload can load no other module)', () => {
    const required = new Set([...bundle.matchAll(/require\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]));
    expect([...required]).toEqual(['electron']);
    expect(bundle).not.toMatch(/\bimport\s*\(|^\s*import\s|^\s*export\s/m);
  });

  it('runs as a sandboxed preload would: CommonJS, no Node globals, no eval', async () => {
    const exposed = new Map<string, unknown>();
    const sent: unknown[][] = [];
    const listeners = new Map<string, (event: unknown, message: unknown) => void>();
    const electron = {
      contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
      ipcRenderer: {
        invoke: async (...args: unknown[]) => {
          sent.push(args);
          return { ok: true, value: { ports: [] } };
        },
        on: (channel: string, listener: (event: unknown, message: unknown) => void) =>
          listeners.set(channel, listener),
        removeListener: (channel: string) => listeners.delete(channel),
      },
    };
    const module = { exports: {} };
    const sandbox = {
      module,
      exports: module.exports,
      require: (name: string) => {
        if (name !== 'electron') throw new Error(`module not found: ${name}`);
        return electron;
      },
      console,
      Promise,
    };
    // codeGeneration off: the bundle must not need eval or new Function (the page's CSP forbids them).
    vm.runInNewContext(bundle, sandbox, {
      filename: 'preload.cjs',
      contextCodeGeneration: { strings: false, wasm: false },
    });
    const api = exposed.get(API_NAME) as MahjongApi;
    expect(await api.table.listPorts()).toEqual({ ok: true, value: { ports: [] } });
    expect(sent).toEqual([['table.listPorts', {}]]);
    expect(await (api.lan.setEnabled as (p: unknown) => Promise<unknown>)({ enabled: 1 })).toMatchObject({
      ok: false,
      code: 'bad_payload',
    });
    expect(sent).toHaveLength(1);
    const seen: unknown[] = [];
    const off = api.on('state.public', (message) => seen.push(message));
    listeners.get('state.public')!({ sender: 'not for the page' }, state);
    expect(seen).toEqual([state]);
    off();
    expect(listeners.has('state.public')).toBe(false);
  });
});
