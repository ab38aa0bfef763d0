// Issue 6: the console's LAN switch works under `mahjong-table serve` (a real child process): token on/off, rotation, allowlist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServe, type ServeProcess } from '../e2e/serve-process.js';

const OPERATOR = 'lan-test-operator-token-01';
let serve: ServeProcess;
let printedViewer: string;

beforeAll(async () => {
  serve = await startServe({
    extraArgs: ['--listen', '127.0.0.1', '--token', OPERATOR, '--think-ms', '50', '--motor-ms', '5'],
  });
  const scoreboard = serve.urls.find((u) => u.includes('/scoreboard?token='));
  printedViewer = new URL(scoreboard!).searchParams.get('token')!;
}, 40_000);
afterAll(async () => {
  await serve?.stop();
});

interface Client {
  readonly ws: WebSocket;
  readonly pushes: () => number;
  readonly closed: Promise<number>;
  call(channel: string, payload: unknown): Promise<{ ok: boolean; value?: unknown; code?: string }>;
}

/** Connects with `token`; resolves with a client, or with the HTTP status of the refused upgrade. */
function connect(token: string, origin = serve.origin): Promise<Client | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${serve.origin.replace('http', 'ws')}/ws?token=${token}`, {
      headers: { origin },
    });
    let pushes = 0;
    let nextId = 1;
    const pending = new Map<number, (reply: { ok: boolean }) => void>();
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { push?: string; id?: number; reply?: { ok: boolean } };
      if (frame.push === 'state.public') pushes++;
      else if (frame.id !== undefined && frame.reply) pending.get(frame.id)?.(frame.reply);
    });
    ws.once('open', () =>
      resolve({
        ws,
        pushes: () => pushes,
        closed,
        call: (channel, payload) =>
          new Promise((done) => {
            const id = nextId++;
            pending.set(id, done);
            ws.send(JSON.stringify({ id, channel, payload }));
          }),
      }),
    );
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

const client = async (token: string): Promise<Client> => {
  const c = await connect(token);
  if (typeof c === 'number') throw new Error(`connection refused with ${c}`);
  return c;
};

const until = async (test: () => boolean, what: string, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('LAN scoreboard switch under serve (issue 6)', () => {
  it('turns read-only access off and on with a new per-session token; the operator stays connected', async () => {
    const operator = await client(OPERATOR);
    const viewer = await client(printedViewer);
    await until(() => viewer.pushes() > 0, 'the first state on the scoreboard');
    // A scoreboard may not flip the switch.
    expect(await viewer.call('lan.setEnabled', { enabled: false })).toMatchObject({
      ok: false,
      code: 'read_only',
    });

    // Off: the scoreboard is disconnected and its token refused; the operator is unaffected.
    expect(await operator.call('lan.setEnabled', { enabled: false })).toEqual({
      ok: true,
      value: { enabled: false },
    });
    expect(await viewer.closed).toBe(4001);
    expect(await connect(printedViewer)).toBe(401);
    expect(operator.ws.readyState).toBe(WebSocket.OPEN);

    // On: a fresh token (links handed out earlier stay dead), its scoreboard address for the QR code.
    const on = (await operator.call('lan.setEnabled', { enabled: true })) as {
      ok: true;
      value: { enabled: true; url: string; token: string };
    };
    expect(on.ok).toBe(true);
    expect(on.value.enabled).toBe(true);
    expect(on.value.token).not.toBe(printedViewer);
    expect(on.value.token.length).toBeGreaterThanOrEqual(16);
    const url = new URL(on.value.url);
    expect(url.pathname).toBe('/scoreboard');
    expect(url.searchParams.get('token')).toBe(on.value.token);
    expect(url.port).toBe(new URL(serve.origin).port);
    expect(await connect(printedViewer)).toBe(401);
    const fresh = await client(on.value.token);
    await until(() => fresh.pushes() > 0, 'a state on the new scoreboard');
    // Turning it on again keeps the token in force (and the scoreboard connected).
    const again = (await operator.call('lan.setEnabled', { enabled: true })) as typeof on;
    expect(again.value.token).toBe(on.value.token);
    expect(fresh.ws.readyState).toBe(WebSocket.OPEN);

    // The Host/Origin allowlist still guards the token.
    expect(await connect(on.value.token, 'http://evil.example')).toBe(403);
    operator.ws.close();
    fresh.ws.close();
  }, 30_000);
});
