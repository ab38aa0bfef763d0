// Issue 5: the WebSocket API refuses bad payloads, unknown channels, bad origins and hosts, missing tokens; viewers are read-only.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Host } from '../../host/session/host.js';
import { createHostHandlers } from '../../host/server/api.js';
import { startServer, type RunningServer } from '../../host/server/server.js';
import { PublicStateSchema } from '../../contract/ipc-contract.js';

const OPERATOR = 'operator-token-for-tests-0001';
const VIEWER = 'viewer-token-for-tests-00001';
let dir: string;
let host: Host;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'host-server-'));
  mkdirSync(path.join(dir, 'renderer'));
  writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  const opened = Host.open({ dbPath: path.join(dir, 'db.sqlite'), pace: { thinkMs: 5, motorMs: 2 } });
  if (!opened.ok) throw new Error(opened.message);
  host = opened.value;
  await host.startSession({ variant: 'minefield', target: { kind: 'simulator', seed: 5 }, seed: 5 });
  server = await startServer({
    handlers: createHostHandlers(host, null),
    onPublicState: (l) => host.onPublicState(l),
    rendererDir: path.join(dir, 'renderer'),
    port: 0,
    listen: '127.0.0.1',
    operatorToken: OPERATOR,
    viewerToken: VIEWER,
  });
});
afterAll(async () => {
  await server.close();
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const url = (token?: string) =>
  `ws://127.0.0.1:${server.port}/ws${token === undefined ? '' : `?token=${token}`}`;

/** Opens a socket; resolves with it, or with the HTTP status of the refused upgrade. */
function connect(
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url(token), { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

function call(
  ws: WebSocket,
  frame: unknown,
): Promise<{ ok: boolean; code?: string; value?: unknown; message?: string }> {
  const id = (frame as { id?: number }).id ?? 0;
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as { id?: number; reply?: { ok: boolean } };
      if (message.id === id && message.reply) {
        ws.off('message', onMessage);
        resolve(message.reply);
      }
    };
    ws.on('message', onMessage);
    ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  });
}

describe('mahjong-table serve: WebSocket API (issue 5)', () => {
  it('refuses a missing or wrong token, a foreign Origin and an unknown Host', async () => {
    expect(await connect(undefined)).toBe(401);
    expect(await connect('not-the-token')).toBe(401);
    expect(await connect(OPERATOR, { Origin: 'http://evil.example' })).toBe(403);
    expect(await connect(OPERATOR, { Host: 'evil.example:80' })).toBe(421);
    const ok = await connect(OPERATOR, { Origin: `http://127.0.0.1:${server.port}` });
    expect(ok).toBeInstanceOf(WebSocket);
    (ok as WebSocket).close();
  });

  it('answers unknown channels, shell channels, bad frames and bad payloads with stable codes', async () => {
    const ws = (await connect(OPERATOR)) as WebSocket;
    expect((await call(ws, { id: 1, channel: 'nope.nothing', payload: {} })).code).toBe('unknown_channel');
    expect((await call(ws, { id: 2, channel: 'scoreboard.listDisplays', payload: {} })).code).toBe(
      'unknown_channel',
    );
    expect((await call(ws, { id: 3, channel: 'players.create', payload: { name: '', extra: 1 } })).code).toBe(
      'bad_payload',
    );
    expect(
      (
        await call(ws, {
          id: 4,
          channel: 'operator.correctMisread',
          payload: { eventSeq: -1, tiles: [999], note: 'x' },
        })
      ).code,
    ).toBe('bad_payload');
    expect((await call(ws, 'this is not json')).code).toBe('bad_payload');
    expect((await call(ws, { id: 5, channel: 'players.list', payload: {}, sneaky: true })).code).toBe(
      'bad_payload',
    );
    const created = await call(ws, { id: 6, channel: 'players.create', payload: { name: 'Aiko' } });
    expect(created).toEqual({ ok: true, value: { id: 1, name: 'Aiko' } });
    ws.close();
  });

  it('gives a viewer token the public state and the read channels, and refuses it anything else', async () => {
    const ws = (await connect(VIEWER)) as WebSocket;
    const push = await new Promise<unknown>((resolve) =>
      ws.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    expect(PublicStateSchema.safeParse((push as { message: unknown }).message).success).toBe(true);
    expect((await call(ws, { id: 1, channel: 'session.pause', payload: {} })).code).toBe('read_only');
    expect((await call(ws, { id: 2, channel: 'players.create', payload: { name: 'Mallory' } })).code).toBe(
      'read_only',
    );
    const sessions = await call(ws, { id: 3, channel: 'replay.listSessions', payload: {} });
    expect(sessions.ok).toBe(true);
    ws.close();
  });

  it("keeps the operator's running log and the exports from a viewer (issue 12)", async () => {
    await host.waitFor((s) => s.log.length > 0, 30_000);
    const first = (ws: WebSocket) =>
      new Promise<{ message: { log: unknown[] } }>((resolve) =>
        ws.once('message', (data) => resolve(JSON.parse(String(data)))),
      );
    const operator = (await connect(OPERATOR)) as WebSocket;
    const viewer = (await connect(VIEWER)) as WebSocket;
    const [operatorPush, viewerPush] = await Promise.all([first(operator), first(viewer)]);
    expect(operatorPush.message.log.length).toBeGreaterThan(0);
    expect(viewerPush.message.log).toEqual([]);
    expect((await call(viewer, { id: 1, channel: 'export.session', payload: { format: 'csv' } })).code).toBe(
      'read_only',
    );
    const sessions = (await call(viewer, { id: 2, channel: 'replay.listSessions', payload: {} })) as {
      value: { sessions: { id: number; lastSeq: number }[] };
    };
    const latest = sessions.value.sessions[0]!;
    const opened = (await call(viewer, {
      id: 3,
      channel: 'replay.open',
      payload: { sessionId: latest.id, seq: latest.lastSeq },
    })) as { ok: boolean; value: { state: { log: unknown[] } } };
    expect(opened.ok).toBe(true);
    expect(opened.value.state.log).toEqual([]);
    operator.close();
    viewer.close();
  });

  it('serves the renderer with the strict CSP and answers routes with index.html', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/scoreboard`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'.*script-src 'self'/);
    expect(await response.text()).toContain('<title>t</title>');
    expect((await fetch(`http://127.0.0.1:${server.port}/missing.js`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/..%2f..%2fetc%2fpasswd`)).status).toBe(403);
  });
});
