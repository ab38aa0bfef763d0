// The desktop shell: app lifecycle, the app:// protocol, the console and scoreboard windows, and IPC wiring.
import path from 'node:path';
import { BrowserWindow, app, ipcMain, protocol, screen, session, type BrowserWindowConstructorOptions } from 'electron';
import { serveAppRequest } from './app-protocol.js';
import { chooseScoreboardPlacement, type Placement } from './displays.js';
import type { HostApi, HostStartOptions } from './host-api.js';
import { PUSH_CONTRACT, type DisplayInfo, type IpcReply, type PublicState, type ScoreboardPlacement } from './ipc-contract.js';
import { registerIpcHandlers } from './ipc-main.js';
import { PLACEMENT_FILE, loadRememberedDisplay, saveRememberedDisplay } from './placement-store.js';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, hardenWebContents, isTrustedSender, screenUrl, secureWebPreferences, withCspHeader } from './security.js';

export interface ShellOptions {
  /** The built renderer folder (dist/renderer/) that app:// serves. */
  readonly rendererRoot: string;
  /** The bundled CommonJS preload (dist/electron/preload.cjs): sandboxed preloads cannot load ES modules. */
  readonly preloadPath: string;
  readonly startHost: (options: HostStartOptions) => Promise<HostApi>;
  /** Where the shell reports problems it recovers from (an unreadable display choice). */
  readonly log: (message: string) => void;
}

export interface Shell {
  readonly host: HostApi;
  readonly consoleWindow: BrowserWindow;
  scoreboardWindow(): BrowserWindow | null;
  /** Re-places the scoreboard after a display change or a new choice. */
  placeScoreboard(): Placement | null;
}

const BACKGROUND = '#0d1117';

function screenWindow(title: string, preloadPath: string, extra: BrowserWindowConstructorOptions): BrowserWindow {
  const window = new BrowserWindow({
    title,
    show: false,
    backgroundColor: BACKGROUND,
    ...extra,
    webPreferences: secureWebPreferences(preloadPath),
  });
  // Also hardened by the app-wide 'web-contents-created' hook; done here too so a window never depends on hook order.
  hardenWebContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  return window;
}

const displayInfos = (): DisplayInfo[] => {
  const primaryId = screen.getPrimaryDisplay().id;
  return screen.getAllDisplays().map((d) => ({ id: d.id, label: d.label, bounds: { ...d.bounds }, primary: d.id === primaryId }));
};

/**
 * Registers what must precede `ready` (the privileged scheme, the sandbox, the hardening hook), then
 * opens the windows once the app is ready. Only one instance runs: two would fight over the serial port.
 */
export function startShell(options: ShellOptions): Promise<Shell | null> {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return Promise.resolve(null);
  }
  app.on('window-all-closed', () => app.quit());
  return app.whenReady().then(() => onReady(options));
}

async function onReady(options: ShellOptions): Promise<Shell> {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: withCspHeader(details.responseHeaders) }));
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(options.rendererRoot, request));

  const userDataDir = app.getPath('userData');
  const placementFile = path.join(userDataDir, PLACEMENT_FILE);
  const loaded = await loadRememberedDisplay(placementFile);
  if (!loaded.ok) options.log(`${loaded.code}: ${loaded.message}; placing the scoreboard automatically`);
  let rememberedId = loaded.ok ? loaded.displayId : null;

  const host = await options.startHost({ userDataDir });

  let scoreboard: BrowserWindow | null = null;
  const placeScoreboard = (): Placement | null => {
    const choice = chooseScoreboardPlacement({ displays: screen.getAllDisplays(), primaryId: screen.getPrimaryDisplay().id, rememberedId });
    if (!choice.ok) {
      options.log(`${choice.code}: ${choice.message}`);
      return null;
    }
    if (scoreboard !== null && !scoreboard.isDestroyed()) {
      // Leave fullscreen before moving: a fullscreen window ignores new bounds on some platforms.
      if (scoreboard.isFullScreen()) scoreboard.setFullScreen(false);
      scoreboard.setBounds(choice.value.bounds);
      scoreboard.setFullScreen(choice.value.fullscreen);
    }
    return choice.value;
  };

  const shellHandlers = {
    'scoreboard.listDisplays': async () => ({ ok: true as const, value: { displays: displayInfos() } }),
    'scoreboard.placement': async ({ displayId }: { displayId: number | null }): Promise<IpcReply<ScoreboardPlacement>> => {
      if (displayId !== null && !screen.getAllDisplays().some((d) => d.id === displayId))
        return { ok: false, code: 'unknown_display', message: `display ${displayId} is not connected` };
      rememberedId = displayId;
      await saveRememberedDisplay(placementFile, displayId);
      const placed = placeScoreboard();
      if (placed === null) return { ok: false, code: 'no_display', message: 'no connected display has usable bounds' };
      return { ok: true, value: placed };
    },
  };
  registerIpcHandlers(ipcMain, { ...host.handlers, ...shellHandlers }, isTrustedSender);

  const consoleWindow = screenWindow('Mahjong table: console', options.preloadPath, { width: 1280, height: 800, minWidth: 960, minHeight: 600 });
  const first = placeScoreboard();
  if (first !== null) {
    scoreboard = screenWindow('Mahjong table: scoreboard', options.preloadPath, { ...first.bounds, fullscreen: first.fullscreen, autoHideMenuBar: true });
    scoreboard.removeMenu();
    scoreboard.on('closed', () => {
      scoreboard = null;
    });
  }

  // The latest public state goes to every screen, and again to a screen that (re)loads.
  let latest: PublicState | null = null;
  const send = (window: BrowserWindow | null): void => {
    if (latest !== null && window !== null && !window.isDestroyed()) window.webContents.send('state.public', latest);
  };
  host.onPublicState((state) => {
    const checked = PUSH_CONTRACT['state.public'].safeParse(state);
    if (!checked.success) {
      options.log(`bad_result: the host published a public state outside the contract: ${checked.error.issues[0]?.message ?? ''}`);
      return;
    }
    latest = checked.data;
    send(consoleWindow);
    send(scoreboard);
  });
  for (const window of [consoleWindow, scoreboard]) window?.webContents.on('did-finish-load', () => send(window));

  for (const event of ['display-added', 'display-removed', 'display-metrics-changed'] as const) screen.on(event as 'display-added', () => placeScoreboard());

  consoleWindow.on('closed', () => app.quit());
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    // Electron does not wait for async listeners: hold the quit until the host has closed storage.
    closing = true;
    event.preventDefault();
    void host
      .close()
      .catch((error: unknown) => options.log(`host close failed: ${(error as Error).message}`))
      .finally(() => app.quit());
  });

  await consoleWindow.loadURL(screenUrl('console'));
  if (scoreboard !== null) await scoreboard.loadURL(screenUrl('scoreboard'));
  return { host, consoleWindow, scoreboardWindow: () => scoreboard, placeScoreboard };
}
