// Issue 12: weak tokens are refused, `serve` listens on this machine only unless the LAN is asked for, and the console's LAN switch really opens and closes it.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';
import { createHostHandlers } from '../../host/server/api.js';
import { createServeLanController } from '../../host/server/lan.js';
import { startServer, tokenProblem, type RunningServer } from '../../host/server/server.js';

/** Runs `serve` with `args`; resolves with its exit code and stderr (it must exit by itself). */
function serveExits(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'host/cli/main.ts', 'serve', '--sim', '--http-port', '0', ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** The HTTP status of GET / at `address:port`, or the connection error's code (ECONNREFUSED when nothing listens). */
function statusAt(address: string, port: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      { host: address, port, path: '/', agent: false, headers: { host: `${address}:${port}` } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

describe('tokens (issue 12)', () => {
  it('refuses empty, short, one-letter and non-URL-safe tokens; accepts a random one', () => {
    for (const weak of [
      '',
      'a',
      'short-token',
      'aaaaaaaaaaaaaaaaaaaa',
      'abababababababababab',
      'has spaces in it 12345',
      'ümlaut-token-0123456',
    ])
      expect(tokenProblem(weak), JSON.stringify(weak)).not.toBeNull();
    expect(tokenProblem('lan-test-operator-token-01')).toBeNull();
    expect(tokenProblem('Vx3_q9-LmP0aZr7Ty2Nw')).toBeNull();
  });

  it('serve exits with code 2 and says why for --token=, --token=a and --viewer-token=, before it listens', async () => {
    const runs = await Promise.all([
      serveExits(['--token=']),
      serveExits(['--token=a']),
      serveExits(['--viewer-token=']),
      serveExits(['--token=same-token-0123456789', '--viewer-token=same-token-0123456789']),
    ]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).not.toMatch(/console\s+http/);
    }
    expect(runs[0]!.stderr).toMatch(
      /--token is too weak: a token needs at least 16 characters \(this one has 0\)/,
    );
    expect(runs[1]!.stderr).toMatch(/--token is too weak/);
    expect(runs[2]!.stderr).toMatch(/--viewer-token is too weak/);
    expect(runs[3]!.stderr).toMatch(/must differ/);
  }, 60_000);
});

describe('listening (issue 12)', () => {
  let dir: string;
  let host: Host;
  let server: RunningServer;
  // A loopback alias stands for the LAN address: the test never sends to a real network address.
  const LAN = '127.0.0.2';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'serve-security-'));
    mkdirSync(path.join(dir, 'renderer'));
    writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
    const opened = Host.open({ dbPath: path.join(dir, 'db.sqlite'), pace: { thinkMs: 5, motorMs: 2 } });
    if (!opened.ok) throw new Error(opened.message);
    host = opened.value;
    let running: RunningServer | null = null;
    server = await startServer({
      handlers: createHostHandlers(
        host,
        createServeLanController(() => running),
      ),
      onPublicState: (l) => host.onPublicState(l),
      rendererDir: path.join(dir, 'renderer'),
      port: 0,
      lanAddresses: () => [LAN],
    });
    running = server;
  });
  afterAll(async () => {
    await server.close();
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with a weak token', async () => {
    await expect(
      startServer({
        handlers: createHostHandlers(host, null),
        onPublicState: (l) => host.onPublicState(l),
        rendererDir: path.join(dir, 'renderer'),
        port: 0,
        operatorToken: '',
      }),
    ).rejects.toThrow(/operator token is too weak/);
  });

  it('listens on loopback by default; the LAN switch opens the LAN and closes it again, and lan.status says which', async () => {
    const handlers = createHostHandlers(
      host,
      createServeLanController(() => server),
    );
    expect(await statusAt('127.0.0.1', server.port)).toBe(200);
    expect(await statusAt(LAN, server.port)).toBe('ECONNREFUSED');
    expect(server.lanReachable()).toBe(false);
    expect(await handlers['lan.status']({})).toEqual({ ok: true, value: { enabled: false } });

    const on = await handlers['lan.setEnabled']({ enabled: true });
    if (!on.ok || !on.value.enabled) throw new Error(JSON.stringify(on));
    expect(new URL(on.value.url).host).toBe(`${LAN}:${server.port}`);
    expect(await statusAt(LAN, server.port)).toBe(200);
    // A reloaded console asks: the switch shows "on" with the same address and token.
    expect(await handlers['lan.status']({})).toEqual(on);

    expect(await handlers['lan.setEnabled']({ enabled: false })).toEqual({
      ok: true,
      value: { enabled: false },
    });
    expect(await statusAt(LAN, server.port)).toBe('ECONNREFUSED');
    expect(await statusAt('127.0.0.1', server.port)).toBe(200);
    expect(await handlers['lan.status']({})).toEqual({ ok: true, value: { enabled: false } });
  });
});
