// The desktop shell: app lifecycle, the app:// protocol, the console and scoreboard windows, and IPC wiring.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  BrowserWindow,
  app,
  ipcMain,
  protocol,
  screen,
  session,
  type BrowserWindowConstructorOptions,
} from 'electron';
import { serveAppRequest } from './app-protocol.js';
import { chooseScoreboardPlacement, type Placement } from './displays.js';
import type { HostApi, HostStartOptions } from '../contract/host-api.js';
import {
  PUSH_CONTRACT,
  type DisplayInfo,
  type IpcReply,
  type PublicState,
  type ScoreboardPlacement,
} from '../contract/ipc-contract.js';
import { registerIpcHandlers } from './ipc-main.js';
import { PLACEMENT_FILE, loadRememberedDisplay, saveRememberedDisplay } from './placement-store.js';
import {
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  devToolsAllowed,
  hardenWebContents,
  isTrustedSender,
  screenUrl,
  secureWebPreferences,
  withCspHeader,
} from './security.js';

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
  /** Opens the scoreboard, or moves it, where the placement rule (displays.ts) says now. */
  placeScoreboard(): Placement | null;
}

const BACKGROUND = '#0d1117';

function screenWindow(
  title: string,
  preloadPath: string,
  extra: BrowserWindowConstructorOptions,
): BrowserWindow {
  const devTools = devToolsAllowed(app.isPackaged);
  const window = new BrowserWindow({
    title,
    show: false,
    backgroundColor: BACKGROUND,
    ...extra,
    webPreferences: secureWebPreferences(preloadPath, devTools),
  });
  // Also hardened by the app-wide 'web-contents-created' hook; done here too so a window never depends on hook order.
  hardenWebContents(window.webContents, devTools);
  window.once('ready-to-show', () => window.show());
  return window;
}

const samePlacement = (a: Placement, b: Placement): boolean =>
  a.displayId === b.displayId &&
  a.fullscreen === b.fullscreen &&
  a.bounds.x === b.bounds.x &&
  a.bounds.y === b.bounds.y &&
  a.bounds.width === b.bounds.width &&
  a.bounds.height === b.bounds.height;

const displayInfos = (): DisplayInfo[] => {
  const primaryId = screen.getPrimaryDisplay().id;
  return screen
    .getAllDisplays()
    .map((d) => ({ id: d.id, label: d.label, bounds: { ...d.bounds }, primary: d.id === primaryId }));
};

/**
 * Registers what must precede `ready` (the privileged scheme, the sandbox, the hardening hook), then
 * opens the windows once the app is ready. Only one instance runs: two would fight over the serial port.
 */
export function startShell(options: ShellOptions): Promise<Shell | null> {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, devToolsAllowed(app.isPackaged)),
  );
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
  ses.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withCspHeader(details.responseHeaders) }),
  );
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(options.rendererRoot, request));
  for (const file of [path.join(options.rendererRoot, 'index.html'), options.preloadPath]) {
    if (!existsSync(file)) options.log(`missing ${file}: run \`npm run build\` first`);
  }

  const userDataDir = app.getPath('userData');
  const placementFile = path.join(userDataDir, PLACEMENT_FILE);
  const loaded = await loadRememberedDisplay(placementFile);
  if (!loaded.ok) options.log(`${loaded.code}: ${loaded.message}; placing the scoreboard automatically`);
  let rememberedId = loaded.ok ? loaded.displayId : null;

  const host = await options.startHost({ userDataDir });

  let scoreboard: BrowserWindow | null = null;
  let applied: Placement | null = null;
  // The latest public state goes to every screen, and again to a screen that (re)loads.
  let latest: PublicState | null = null;
  const send = (window: BrowserWindow | null): void => {
    if (latest !== null && window !== null && !window.isDestroyed())
      window.webContents.send('state.public', latest);
  };
  const load = (window: BrowserWindow, url: string): Promise<void> =>
    window
      .loadURL(url)
      .catch((error: unknown) => options.log(`could not load ${url}: ${(error as Error).message}`));

  /**
   * Moves an open scoreboard to where the placement says; with `open`, also (re)opens a closed one (at
   * start, and when the operator picks a display). A display change only moves it: a scoreboard the
   * operator closed stays closed.
   */
  const placeScoreboard = ({ open }: { open: boolean }): Placement | null => {
    const choice = chooseScoreboardPlacement({
      displays: screen.getAllDisplays(),
      primaryId: screen.getPrimaryDisplay().id,
      rememberedId,
    });
    if (!choice.ok) {
      options.log(`${choice.code}: ${choice.message}`);
      return null;
    }
    const { bounds, fullscreen } = choice.value;
    if (scoreboard !== null && !scoreboard.isDestroyed()) {
      // A display event that changes nothing leaves it alone (going fullscreen can itself report new metrics).
      if (!open && applied !== null && samePlacement(applied, choice.value)) return choice.value;
      // Leave fullscreen before moving: a fullscreen window ignores new bounds on some platforms.
      if (scoreboard.isFullScreen()) scoreboard.setFullScreen(false);
      scoreboard.setBounds(bounds);
      scoreboard.setFullScreen(fullscreen);
    } else if (open) {
      const window = screenWindow('Mahjong table: scoreboard', options.preloadPath, {
        ...bounds,
        fullscreen,
        autoHideMenuBar: true,
      });
      window.removeMenu();
      window.on('closed', () => {
        if (scoreboard === window) scoreboard = null;
      });
      window.webContents.on('did-finish-load', () => send(window));
      scoreboard = window;
      void load(window, screenUrl('scoreboard'));
    } else {
      return choice.value;
    }
    applied = choice.value;
    return choice.value;
  };

  const shellHandlers = {
    'scoreboard.listDisplays': async () => ({ ok: true as const, value: { displays: displayInfos() } }),
    'scoreboard.placement': async ({
      displayId,
    }: {
      displayId: number | null;
    }): Promise<IpcReply<ScoreboardPlacement>> => {
      if (displayId !== null && !screen.getAllDisplays().some((d) => d.id === displayId))
        return { ok: false, code: 'unknown_display', message: `display ${displayId} is not connected` };
      rememberedId = displayId;
      await saveRememberedDisplay(placementFile, displayId);
      const placed = placeScoreboard({ open: true });
      if (placed === null)
        return { ok: false, code: 'no_display', message: 'no connected display has usable bounds' };
      return { ok: true, value: placed };
    },
  };
  registerIpcHandlers(ipcMain, { ...host.handlers, ...shellHandlers }, isTrustedSender);

  const consoleWindow = screenWindow('Mahjong table: console', options.preloadPath, {
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
  });
  consoleWindow.webContents.on('did-finish-load', () => send(consoleWindow));
  placeScoreboard({ open: true });

  host.onPublicState((state) => {
    const checked = PUSH_CONTRACT['state.public'].safeParse(state);
    if (!checked.success) {
      options.log(
        `bad_result: the host published a public state outside the contract: ${checked.error.issues[0]?.message ?? ''}`,
      );
      return;
    }
    latest = checked.data;
    send(consoleWindow);
    send(scoreboard);
  });

  // A display unplugged or rearranged: re-place, so the scoreboard is never left off-screen.
  screen.on('display-added', () => placeScoreboard({ open: false }));
  screen.on('display-removed', () => placeScoreboard({ open: false }));
  screen.on('display-metrics-changed', () => placeScoreboard({ open: false }));

  // A second launch (the app is single-instance) brings the console forward instead.
  app.on('second-instance', () => {
    if (consoleWindow.isMinimized()) consoleWindow.restore();
    consoleWindow.focus();
  });
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

  await load(consoleWindow, screenUrl('console'));
  return {
    host,
    consoleWindow,
    scoreboardWindow: () => scoreboard,
    placeScoreboard: () => placeScoreboard({ open: true }),
  };
}
