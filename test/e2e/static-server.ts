// A small HTTP + WebSocket server for renderer tests that need fixed states: serves dist/renderer/ with the app's CSP and speaks the contract's WebSocket protocol.
//
// The real host (`mahjong-table serve`) is what the e2e suite drives; this serves recorded PublicState
// fixtures (fixture-states.ts) so a screen can be shown in one exact state (a win breakdown, a fault).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { serveAppRequest } from '../../electron/app-protocol.js';
import {
  PublicStateSchema,
  isInvokeChannel,
  parsePayload,
  type InvokeChannel,
  type PublicState,
} from '../../contract/ipc-contract.js';

export const RENDERER_ROOT = path.resolve('dist/renderer');

export type FixtureHandler = (channel: InvokeChannel, payload: unknown) => unknown;

export interface FixtureServer {
  readonly url: string;
  /** Pushes a state to every connected screen (validated against the contract first). */
  push(state: PublicState): void;
  close(): Promise<void>;
}

export async function startFixtureServer(
  initial: PublicState,
  answer: FixtureHandler,
): Promise<FixtureServer> {
  let current = PublicStateSchema.parse(initial);
  const sockets = new Set<WebSocket>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const response = await serveAppRequest(
        RENDERER_ROOT,
        new Request(`app://mahjong${req.url ?? '/'}`, { method: req.method }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.send(JSON.stringify({ push: 'state.public', message: current }));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { id: number; channel: string; payload: unknown };
      if (!isInvokeChannel(frame.channel)) {
        socket.send(
          JSON.stringify({
            id: frame.id,
            reply: { ok: false, code: 'unknown_channel', message: frame.channel },
          }),
        );
        return;
      }
      const parsed = parsePayload(frame.channel, frame.payload);
      const reply = parsed.ok ? answer(frame.channel, parsed.value) : parsed;
      socket.send(JSON.stringify({ id: frame.id, reply }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    push(state) {
      current = PublicStateSchema.parse(state);
      const frame = JSON.stringify({ push: 'state.public', message: current });
      for (const socket of sockets) socket.send(frame);
    },
    async close() {
      for (const socket of sockets) socket.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
