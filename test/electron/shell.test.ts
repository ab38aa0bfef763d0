// The desktop shell under a stand-in `electron`: fails if any window's security settings, the CSP, the sender check or placement regress (issue 6).
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostApi, HostHandlers } from '../../contract/host-api.js';
import { INVOKE_CHANNELS, idlePublicState, type PublicState } from '../../contract/ipc-contract.js';
import { PLACEMENT_FILE } from '../../electron/placement-store.js';
import { app as fakeApp, display, fake, type FakeBrowserWindow, type FakeWebContents } from './fake-electron.js';

vi.mock('electron', async () => await import('./fake-electron.js'));

const { startShell } = await import('../../electron/shell.js');

const PRELOAD = '/opt/app/dist/electron/preload.cjs';

/** A host that records what reached it and answers with contract-shaped values. */
function recordingHost() {
  const calls: { channel: string; payload: unknown }[] = [];
  const listeners: ((state: PublicState) => void)[] = [];
  let closed = 0;
  const answer =
    <T>(channel: string, value: T) =>
    async (payload: unknown) => {
      calls.push({ channel, payload });
      return { ok: true as const, value };
    };
  const handlers: HostHandlers = {
    'table.listPorts': answer('table.listPorts', {
      ports: [
        {
          path: '/dev/ttyACM0',
          manufacturer: 'Table Co',
          vendorId: '2341',
          productId: '0043',
          serialNumber: null,
        },
      ],
    }),
    'players.list': answer('players.list', { players: [] }),
    'players.create': answer('players.create', { id: 1, name: 'Aiko' }),
    'session.start': answer('session.start', { sessionId: 7 }),
    'session.pause': answer('session.pause', { sessionId: 7 }),
    'session.resume': answer('session.resume', { sessionId: 7 }),
    'session.end': answer('session.end', { sessionId: 7 }),
    'session.nextGame': answer('session.nextGame', { sessionId: 7, game: 2 }),
    'operator.clearFault': answer('operator.clearFault', {}),
    'operator.correctMisread': answer('operator.correctMisread', { correctionSeq: 12 }),
    'operator.correctableReads': answer('operator.correctableReads', { reads: [] }),
    'operator.enterButtonPress': answer('operator.enterButtonPress', { eventSeq: 13 }),
    'operator.declareChombo': answer('operator.declareChombo', { eventSeq: 14 }),
    'operator.declareDeadHand': answer('operator.declareDeadHand', { eventSeq: 15 }),
    'operator.settleStageB': answer('operator.settleStageB', { eventSeq: 16 }),
    'lan.setEnabled': answer('lan.setEnabled', { enabled: false as const }),
    'lan.status': answer('lan.status', { enabled: false as const }),
    'standings.list': answer('standings.list', { standings: [] }),
    'standings.report': answer('standings.report', { variants: [], unfinished: [] }),
    'players.rename': answer('players.rename', { id: 1, name: 'Aiko' }),
    'players.merge': answer('players.merge', { id: 1, name: 'Aiko' }),
    'replay.listSessions': answer('replay.listSessions', { sessions: [] }),
    'replay.listHands': answer('replay.listHands', { sessionId: 7, lastSeq: 0, hands: [] }),
    'replay.open': answer('replay.open', { sessionId: 7, seq: 0, lastSeq: 0, state: idlePublicState() }),
    'replay.events': answer('replay.events', { sessionId: 7, events: [] }),
    'replay.timeline': answer('replay.timeline', { sessionId: 7, steps: [] }),
    'export.session': answer('export.session', { sessionId: 7, fileName: 's7.csv', mediaType: 'text/csv', content: '' }),
    'diagnostics.link': answer('diagnostics.link', idlePublicState().table),
  };
  const host: HostApi = {
    handlers,
    onPublicState: (listener) => {
      listeners.push(listener);
      return () => {};
    },
    close: async () => {
      closed += 1;
    },
  };
  return {
    host,
    calls,
    publish: (state: unknown) => listeners.forEach((l) => l(state as PublicState)),
    closed: () => closed,
  };
}

let userData: string;
let rendererRoot: string;
let logs: string[];

async function start(
  displays = [display(1, 0, 0, 1920, 1080), display(2, 1920, 0, 1920, 1080)],
  primaryId = 1,
  packaged = false,
) {
  fake.reset({ userData, displays, primaryId });
  fakeApp.isPackaged = packaged;
  const recorder = recordingHost();
  const shell = await startShell({
    rendererRoot,
    preloadPath: PRELOAD,
    startHost: async () => recorder.host,
    log: (m) => logs.push(m),
  });
  if (shell === null) throw new Error('the shell did not start');
  return { shell, recorder, windows: fake.state.windows as FakeBrowserWindow[] };
}

const windowOf = (shellWindow: unknown): FakeBrowserWindow => shellWindow as FakeBrowserWindow;

/** An invoke event as Electron builds it, from a frame at `url`. */
const eventFrom = (url: string | null, parent: unknown = null) => ({
  senderFrame: url === null ? null : { url, parent },
});

const invoke = (channel: string, event: unknown, payload: unknown) => {
  const handler = fake.state.ipcHandlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, payload) as Promise<{ ok: boolean; code?: string; value?: unknown }>;
};

beforeEach(async () => {
  userData = await mkdtemp(path.join(tmpdir(), 'mahjong-shell-'));
  rendererRoot = path.join(userData, 'renderer');
  await mkdir(path.join(rendererRoot, 'assets'), { recursive: true });
  await writeFile(
    path.join(rendererRoot, 'index.html'),
    '<!doctype html><title>screens</title><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(path.join(rendererRoot, 'assets', 'app.js'), 'console.log("screens");');
  logs = [];
});
afterEach(async () => {
  await rm(userData, { recursive: true, force: true });
});

/** Fails on any CSP weaker than the shell's promise: own files only, no eval, no inline script. */
function expectStrictCsp(policy: string): void {
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map((parts) => [parts[0]!, parts.slice(1)]),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  for (const [name, sources] of directives) {
    for (const source of sources) {
      expect(source, `${name} ${source}`).not.toMatch(
        /unsafe-(eval|inline|hashes)|wasm-unsafe-eval|^\*$|^https?:$|^http:|^ws:|^file:/,
      );
    }
  }
  const scripts = directives.get('script-src') ?? directives.get('default-src');
  expect(scripts).toEqual(["'self'"]);
}

describe('window security', () => {
  it('every window is isolated, sandboxed, without Node, with web security, and loads from app://', async () => {
    const { windows } = await start();
    expect(windows).toHaveLength(2);
    expect(fake.state.sandboxEnabled).toBe(true);
    for (const window of windows) {
      const prefs = window.options.webPreferences;
      expect(prefs?.contextIsolation).toBe(true);
      expect(prefs?.sandbox).toBe(true);
      expect(prefs?.nodeIntegration).toBe(false);
      expect(prefs?.nodeIntegrationInWorker).toBe(false);
      expect(prefs?.nodeIntegrationInSubFrames).toBe(false);
      expect(prefs?.webSecurity).toBe(true);
      expect(prefs?.allowRunningInsecureContent).toBe(false);
      expect(prefs?.webviewTag).toBe(false);
      expect(prefs?.experimentalFeatures).toBe(false);
      expect(prefs?.preload).toBe(PRELOAD);
      expect(window.url).toMatch(/^app:\/\/mahjong\//);
    }
    expect(windows.map((w) => w.url)).toEqual(['app://mahjong/console', 'app://mahjong/scoreboard']);
  });

  it('an installed (packaged) build opens no DevTools; a development run keeps them (issue 12)', async () => {
    const packaged = await start(undefined, undefined, true);
    for (const window of packaged.windows) {
      expect(window.options.webPreferences?.devTools).toBe(false);
      // Even a contents that opened them anyway has them closed at once.
      window.webContents.openDevTools();
      expect(window.webContents.devToolsOpen).toBe(false);
    }
    const development = await start();
    for (const window of development.windows) {
      expect(window.options.webPreferences?.devTools).toBe(true);
      window.webContents.openDevTools();
      expect(window.webContents.devToolsOpen).toBe(true);
    }
  });

  it('every window refuses navigation, redirects, webviews and new windows', async () => {
    const { windows } = await start();
    const expectHardened = (contents: FakeWebContents) => {
      for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
        expect(contents.count(event), event).toBeGreaterThan(0);
        const navigation = { url: 'https://evil.example/', preventDefault: vi.fn() };
        contents.emit(event, navigation, {}, {});
        expect(navigation.preventDefault, event).toHaveBeenCalled();
      }
      expect(contents.windowOpenHandlers.length).toBeGreaterThan(0);
      for (const handler of contents.windowOpenHandlers)
        expect(handler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    };
    for (const window of windows) expectHardened(window.webContents);
    // Any other web contents the app ever creates is hardened by the app-wide hook.
    const { FakeWebContents: Contents, app } = await import('./fake-electron.js');
    const other = new Contents();
    app.emit('web-contents-created', {}, other);
    expectHardened(other);
  });

  it('puts a strict CSP on every response, ours and any other', async () => {
    await start();
    expect(fake.state.headersListeners).toHaveLength(1);
    let headers: Record<string, string[]> = {};
    fake.state.headersListeners[0]!(
      {
        url: 'https://example.com/',
        responseHeaders: {
          'content-security-policy': ["default-src *; script-src 'unsafe-eval'"],
          'X-Other': ['1'],
        },
      },
      (response: { responseHeaders: Record<string, string[]> }) => {
        headers = response.responseHeaders;
      },
    );
    const cspNames = Object.keys(headers).filter((name) => name.toLowerCase() === 'content-security-policy');
    expect(cspNames).toHaveLength(1);
    expect(headers['X-Other']).toEqual(['1']);
    expectStrictCsp(headers[cspNames[0]!]![0]!);
    const served = await fake.state.protocolHandlers.get('app')!(new Request('app://mahjong/console'));
    expectStrictCsp(served.headers.get('content-security-policy') ?? '');
  });

  it('denies every permission request and check', async () => {
    await start();
    const callback = vi.fn();
    fake.state.permissionRequestHandler!({}, 'media', callback);
    fake.state.permissionRequestHandler!({}, 'fullscreen', callback);
    expect(callback.mock.calls).toEqual([[false], [false]]);
    expect(fake.state.permissionCheckHandler!({}, 'serial')).toBe(false);
  });

  it('registers app:// as a standard, secure scheme before ready, without a CSP bypass', async () => {
    await start();
    expect(fake.state.schemes).toHaveLength(1);
    const [registration] = fake.state.schemes;
    expect(registration!.beforeReady).toBe(true);
    expect(registration!.schemes).toHaveLength(1);
    const scheme = registration!.schemes[0]!;
    expect(scheme.scheme).toBe('app');
    expect(scheme.privileges?.standard).toBe(true);
    expect(scheme.privileges?.secure).toBe(true);
    expect(scheme.privileges?.bypassCSP ?? false).toBe(false);
    expect([...fake.state.protocolHandlers.keys()]).toEqual(['app']);
  });
});

describe('the app:// protocol handler', () => {
  const get = (url: string, method = 'GET') =>
    fake.state.protocolHandlers.get('app')!(new Request(url, { method }));

  it('serves the renderer: routes get index.html, assets their type', async () => {
    await start();
    const page = await get('app://mahjong/scoreboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<title>screens</title>');
    const script = await get('app://mahjong/assets/app.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toBe('console.log("screens");');
    expect((await get('app://mahjong/assets/missing.js')).status).toBe(404);
    expect((await get('app://mahjong/console', 'POST')).status).toBe(405);
  });

  it('refuses app://x/../../etc/passwd and every other way out of the renderer folder', async () => {
    await start();
    await writeFile(path.join(userData, 'secret.txt'), 'top secret');
    // Refused outright: another host, or a `..` that only appears after decoding.
    const refused = [
      'app://x/../../etc/passwd',
      'app://mahjong/..%2F..%2F..%2Fetc%2Fpasswd',
      'app://mahjong/assets/..%2F..%2Fsecret.txt',
      'app://mahjong/..%5C..%5Csecret.txt',
      'app://mahjong/assets%00.js',
      'app://evil/index.html',
    ];
    // The URL parser itself removes these dot segments, so they resolve inside the folder (the page, or 404).
    const normalised = [
      'app://mahjong/../../etc/passwd',
      'app://mahjong/%2e%2e/%2e%2e/etc/passwd',
      'app://mahjong/../secret.txt',
    ];
    for (const url of [...refused, ...normalised]) {
      const response = await get(url);
      const body = await response.text();
      expect(body, url).not.toContain('root:');
      expect(body, url).not.toContain('top secret');
      expectStrictCsp(response.headers.get('content-security-policy') ?? '');
      if (refused.includes(url)) expect([400, 403], url).toContain(response.status);
      else expect(response.status === 404 || body.includes('<title>screens</title>'), url).toBe(true);
    }
  });
});

describe('IPC handlers', () => {
  it('registers one handler per contract channel', async () => {
    await start();
    expect([...fake.state.ipcHandlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('refuses a sender from another origin, a subframe or a destroyed frame, before looking at the payload', async () => {
    const { recorder } = await start();
    const valid = {
      variant: 'minefield',
      preset: 'minefield',
      table: { kind: 'simulator' },
      seats: [
        { seat: 0, playerId: 1 },
        { seat: 1, playerId: 2 },
      ],
    };
    for (const event of [
      eventFrom('https://evil.example/console'),
      eventFrom('file:///opt/app/dist/renderer/index.html'),
      eventFrom('app://evil/console'),
      eventFrom('app://mahjong.evil/console'),
      eventFrom('app://mahjong/console', { url: 'app://mahjong/console' }),
      eventFrom(null),
    ]) {
      for (const channel of INVOKE_CHANNELS) {
        const reply = await invoke(channel, event, channel === 'session.start' ? valid : {});
        expect(reply, `${channel} from ${JSON.stringify(event)}`).toMatchObject({
          ok: false,
          code: 'bad_sender',
        });
      }
    }
    expect(recorder.calls).toEqual([]);
  });

  it('refuses an invalid payload from our own page and passes a valid one through', async () => {
    const { recorder } = await start();
    const ours = eventFrom('app://mahjong/console');
    const bad = [
      ['session.start', { variant: 'poker', preset: 'club', table: { kind: 'simulator' }, seats: [] }],
      [
        'session.start',
        {
          variant: 'minefield',
          preset: 'minefield',
          table: { kind: 'serial' },
          seats: [
            { seat: 0, playerId: 1 },
            { seat: 0, playerId: 2 },
          ],
        },
      ],
      ['operator.correctMisread', { eventSeq: 3, tiles: [99], note: 'read 5p as 6p' }],
      ['operator.correctMisread', { eventSeq: 3, tiles: [4], note: '   ' }],
      ['operator.clearFault', { code: 'fire' }],
      ['lan.setEnabled', { enabled: 'yes' }],
      ['session.pause', { extra: true }],
      ['scoreboard.placement', { displayId: 'left' }],
    ] as const;
    for (const [channel, payload] of bad) {
      expect(await invoke(channel, ours, payload), `${channel} ${JSON.stringify(payload)}`).toMatchObject({
        ok: false,
        code: 'bad_payload',
      });
    }
    expect(recorder.calls).toEqual([]);
    const reply = await invoke('operator.correctMisread', ours, {
      eventSeq: 3,
      tiles: [13],
      note: '  read 5p as 6p ',
    });
    expect(reply).toEqual({ ok: true, value: { correctionSeq: 12 } });
    expect(recorder.calls).toEqual([
      { channel: 'operator.correctMisread', payload: { eventSeq: 3, tiles: [13], note: 'read 5p as 6p' } },
    ]);
  });

  it('turns a host result outside the contract into bad_result, and a throw into host_threw', async () => {
    const { recorder } = await start();
    const ours = eventFrom('app://mahjong/console');
    (recorder.host.handlers as unknown as Record<string, unknown>)['players.list'] = async () => ({
      ok: true,
      value: { players: [{ id: -1, name: '' }] },
    });
    (recorder.host.handlers as unknown as Record<string, unknown>)['session.end'] = async () => {
      throw new Error('disk full');
    };
    // Handlers were registered with the original functions; register a fresh shell to pick up the broken ones.
    fake.reset({ userData, displays: [display(1, 0, 0, 1920, 1080)], primaryId: 1 });
    await startShell({
      rendererRoot,
      preloadPath: PRELOAD,
      startHost: async () => recorder.host,
      log: (m) => logs.push(m),
    });
    expect(await invoke('players.list', ours, {})).toMatchObject({ ok: false, code: 'bad_result' });
    expect(await invoke('session.end', ours, {})).toMatchObject({
      ok: false,
      code: 'host_threw',
      message: 'session.end: disk full',
    });
  });
});

describe('scoreboard placement', () => {
  it('goes fullscreen on the second display when there is one', async () => {
    const { shell } = await start([display(1, 0, 0, 1920, 1080), display(2, 1920, 0, 2560, 1440)], 1);
    const scoreboard = windowOf(shell.scoreboardWindow());
    expect(scoreboard.options.fullscreen).toBe(true);
    expect(scoreboard.bounds).toEqual({ x: 1920, y: 0, width: 2560, height: 1440 });
  });

  it('stays windowed on the primary when it is the only display', async () => {
    const { shell } = await start([display(5, 0, 0, 1366, 768)], 5);
    const scoreboard = windowOf(shell.scoreboardWindow());
    expect(scoreboard.options.fullscreen).toBe(false);
    const { x, y, width, height } = scoreboard.bounds;
    expect(x >= 0 && y >= 0 && x + width <= 1366 && y + height <= 768).toBe(true);
  });

  it('remembers the operator’s choice in userData and falls back when that display is gone', async () => {
    const displays = [
      display(1, 0, 0, 1920, 1080),
      display(2, 1920, 0, 1920, 1080),
      display(3, -1280, 0, 1280, 1024),
    ];
    const { shell } = await start(displays, 1);
    const ours = eventFrom('app://mahjong/console');
    expect(await invoke('scoreboard.placement', ours, { displayId: 42 })).toMatchObject({
      ok: false,
      code: 'unknown_display',
    });
    const reply = await invoke('scoreboard.placement', ours, { displayId: 3 });
    expect(reply).toMatchObject({
      ok: true,
      value: {
        displayId: 3,
        fullscreen: true,
        reason: 'remembered',
        bounds: { x: -1280, y: 0, width: 1280, height: 1024 },
      },
    });
    expect(windowOf(shell.scoreboardWindow()).bounds).toEqual({ x: -1280, y: 0, width: 1280, height: 1024 });
    expect(JSON.parse(await readFile(path.join(userData, PLACEMENT_FILE), 'utf8'))).toEqual({
      version: 1,
      displayId: 3,
    });

    // The next start reads the choice back.
    const again = await start(displays, 1);
    expect(windowOf(again.shell.scoreboardWindow()).bounds).toEqual({
      x: -1280,
      y: 0,
      width: 1280,
      height: 1024,
    });

    // Display 3 and then display 2 are unplugged: back to the second display, then to the primary, never off-screen.
    const { screen } = await import('./fake-electron.js');
    fake.state.displays = [display(1, 0, 0, 1920, 1080), display(2, 1920, 0, 1920, 1080)];
    screen.emit('display-removed', {}, {});
    expect(windowOf(again.shell.scoreboardWindow()).bounds).toEqual({
      x: 1920,
      y: 0,
      width: 1920,
      height: 1080,
    });
    fake.state.displays = [display(1, 0, 0, 1920, 1080)];
    screen.emit('display-removed', {}, {});
    const alone = windowOf(again.shell.scoreboardWindow());
    expect(alone.fullscreen).toBe(false);
    expect(alone.bounds.x + alone.bounds.width).toBeLessThanOrEqual(1920);
  });

  it('reopens a closed scoreboard only when the operator picks a display, not on a display change', async () => {
    const { shell, windows } = await start();
    const { screen } = await import('./fake-electron.js');
    windows[1]!.close();
    expect(shell.scoreboardWindow()).toBeNull();
    screen.emit('display-removed', {}, {});
    expect(fake.state.windows).toHaveLength(2);
    const reply = await invoke('scoreboard.placement', eventFrom('app://mahjong/console'), {
      displayId: null,
    });
    expect(reply).toMatchObject({ ok: true, value: { displayId: 2, reason: 'second' } });
    expect(fake.state.windows).toHaveLength(3);
    const reopened = windowOf(shell.scoreboardWindow());
    expect(reopened).toBe(fake.state.windows[2]);
    expect(reopened.url).toBe('app://mahjong/scoreboard');
    expect(reopened.options.webPreferences?.sandbox).toBe(true);
  });

  it('leaves the scoreboard alone on a display event that changes nothing, and follows one that does', async () => {
    const { shell } = await start();
    const { screen } = await import('./fake-electron.js');
    const scoreboard = windowOf(shell.scoreboardWindow());
    screen.emit('display-metrics-changed', {}, {}, ['workArea']);
    expect(scoreboard.moves).toEqual([]);
    fake.state.displays = [display(1, 0, 0, 1920, 1080), display(2, 1920, 0, 3840, 2160)];
    screen.emit('display-metrics-changed', {}, {}, ['bounds']);
    expect(scoreboard.moves).toEqual(['fullscreen false', 'bounds 1920,0 3840x2160', 'fullscreen true']);
  });

  it('lists the displays with the primary marked', async () => {
    await start(
      [display(1, 0, 0, 1920, 1080, 'Built-in'), display(2, 1920, 0, 1920, 1080, 'DELL U2720Q')],
      1,
    );
    const reply = await invoke('scoreboard.listDisplays', eventFrom('app://mahjong/console'), undefined);
    expect(reply).toEqual({
      ok: true,
      value: {
        displays: [
          { id: 1, label: 'Built-in', bounds: { x: 0, y: 0, width: 1920, height: 1080 }, primary: true },
          {
            id: 2,
            label: 'DELL U2720Q',
            bounds: { x: 1920, y: 0, width: 1920, height: 1080 },
            primary: false,
          },
        ],
      },
    });
  });

  it('ignores an unreadable choice file and says why', async () => {
    await writeFile(path.join(userData, PLACEMENT_FILE), '{"displayId": ');
    const { shell } = await start();
    expect(windowOf(shell.scoreboardWindow()).bounds.x).toBe(1920);
    expect(logs.some((m) => m.startsWith('unreadable_choice'))).toBe(true);
  });
});

describe('public state and lifecycle', () => {
  const state: PublicState = {
    ...idlePublicState(3),
    session: { id: 7, variant: 'minefield', preset: 'minefield', status: 'running' },
  };

  it('pushes each valid public state to both screens, and drops one outside the contract', async () => {
    const { recorder, windows } = await start();
    recorder.publish(state);
    recorder.publish({ seq: -1, session: null, view: {} });
    for (const window of windows)
      expect(window.webContents.sent).toEqual([{ channel: 'state.public', message: state }]);
    expect(logs.some((m) => m.startsWith('bad_result'))).toBe(true);
    // A screen that reloads gets the latest state again.
    windows[1]!.webContents.emit('did-finish-load');
    expect(windows[1]!.webContents.sent).toHaveLength(2);
  });

  it('brings the console forward on a second launch, and quits when the console closes', async () => {
    const { app } = await import('./fake-electron.js');
    const { windows } = await start();
    windows[0]!.minimized = true;
    app.emit('second-instance', {}, [], '/');
    expect(windows[0]!.minimized).toBe(false);
    expect(windows[0]!.focused).toBe(1);
    windows[0]!.close();
    expect(fake.state.quitCalls).toBe(1);
  });

  it('closes the host once before quitting', async () => {
    const { app } = await import('./fake-electron.js');
    const { recorder } = await start();
    const first = { preventDefault: vi.fn() };
    app.emit('before-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fake.state.quitCalls).toBe(1));
    app.emit('before-quit', { preventDefault: vi.fn() });
    expect(recorder.closed()).toBe(1);
  });
});
