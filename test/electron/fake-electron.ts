// A stand-in for the `electron` module (its binary cannot be downloaded here) that records what the shell asks of it.
import type { BrowserWindowConstructorOptions, CustomScheme, Rectangle } from 'electron';

type Listener = (...args: unknown[]) => unknown;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  removeListener(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    return (this.listeners.get(event) ?? []).map((listener) => listener(...args));
  }
  count(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

export interface FakeDisplay {
  id: number;
  label: string;
  bounds: Rectangle;
  workArea: Rectangle;
}

export class FakeWebContents extends Emitter {
  readonly sent: { channel: string; message: unknown }[] = [];
  windowOpenHandlers: Listener[] = [];
  setWindowOpenHandler(handler: Listener): void {
    this.windowOpenHandlers.push(handler);
  }
  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message });
  }
  devToolsOpen = false;
  openDevTools(): void {
    this.devToolsOpen = true;
    this.emit('devtools-opened');
  }
  closeDevTools(): void {
    this.devToolsOpen = false;
  }
}

const state = {
  ready: false,
  sandboxEnabled: false,
  quitCalls: 0,
  userData: '/nonexistent',
  schemes: [] as { schemes: CustomScheme[]; beforeReady: boolean }[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
  ipcHandlers: new Map<string, Listener>(),
  headersListeners: [] as Listener[],
  permissionRequestHandler: null as Listener | null,
  permissionCheckHandler: null as Listener | null,
  windows: [] as FakeBrowserWindow[],
  displays: [] as FakeDisplay[],
  primaryId: 0,
};

export class FakeBrowserWindow extends Emitter {
  readonly webContents = new FakeWebContents();
  readonly options: BrowserWindowConstructorOptions;
  url: string | null = null;
  bounds: Rectangle;
  fullscreen: boolean;
  destroyed = false;
  menuRemoved = false;
  constructor(options: BrowserWindowConstructorOptions) {
    super();
    this.options = options;
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    this.fullscreen = options.fullscreen ?? false;
    state.windows.push(this);
    // As Electron does: every new web contents is announced to the app.
    app.emit('web-contents-created', {}, this.webContents);
  }
  async loadURL(url: string): Promise<void> {
    this.url = url;
  }
  show(): void {}
  removeMenu(): void {
    this.menuRemoved = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** What the user closing the window does. */
  close(): void {
    this.destroyed = true;
    this.emit('closed');
  }
  minimized = false;
  focused = 0;
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  focus(): void {
    this.focused += 1;
  }
  isFullScreen(): boolean {
    return this.fullscreen;
  }
  /** Every call that moved or resized the window, in order. */
  readonly moves: string[] = [];
  setFullScreen(flag: boolean): void {
    this.moves.push(`fullscreen ${flag}`);
    this.fullscreen = flag;
  }
  setBounds(bounds: Rectangle): void {
    this.moves.push(`bounds ${bounds.x},${bounds.y} ${bounds.width}x${bounds.height}`);
    this.bounds = { ...bounds };
  }
}

class FakeApp extends Emitter {
  /** Electron's `app.isPackaged`: false when run from the sources (development), true in an installed build. */
  isPackaged = false;
  enableSandbox(): void {
    state.sandboxEnabled = true;
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  quit(): void {
    state.quitCalls += 1;
  }
  whenReady(): Promise<void> {
    state.ready = true;
    return Promise.resolve();
  }
  getPath(name: string): string {
    if (name !== 'userData') throw new Error(`fake electron: getPath(${name}) not recorded`);
    return state.userData;
  }
}

export const app = new FakeApp();

export const protocol = {
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    state.schemes.push({ schemes, beforeReady: !state.ready });
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
    state.protocolHandlers.set(scheme, handler);
  },
};

export const ipcMain = {
  handle(channel: string, handler: Listener): void {
    if (state.ipcHandlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    state.ipcHandlers.set(channel, handler);
  },
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: Listener): void {
      state.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: Listener): void {
      state.permissionCheckHandler = handler;
    },
    webRequest: {
      onHeadersReceived(listener: Listener): void {
        state.headersListeners.push(listener);
      },
    },
  },
};

class FakeScreen extends Emitter {
  getAllDisplays(): FakeDisplay[] {
    return state.displays.map((d) => ({ ...d }));
  }
  getPrimaryDisplay(): FakeDisplay {
    const primary = state.displays.find((d) => d.id === state.primaryId);
    if (!primary) throw new Error('fake electron: no primary display');
    return { ...primary };
  }
}

export const screen = new FakeScreen();

export const BrowserWindow = FakeBrowserWindow;

/** The recorder the tests read and reset. */
export const fake = {
  state,
  reset(options: { userData: string; displays: FakeDisplay[]; primaryId: number }): void {
    state.ready = false;
    state.sandboxEnabled = false;
    state.quitCalls = 0;
    state.userData = options.userData;
    state.schemes = [];
    state.protocolHandlers.clear();
    state.ipcHandlers.clear();
    state.headersListeners = [];
    state.permissionRequestHandler = null;
    state.permissionCheckHandler = null;
    state.windows = [];
    state.displays = options.displays;
    state.primaryId = options.primaryId;
    app.listeners.clear();
    app.isPackaged = false;
    screen.listeners.clear();
  },
};

export const display = (
  id: number,
  x: number,
  y: number,
  width: number,
  height: number,
  label = `display ${id}`,
): FakeDisplay => ({
  id,
  label,
  bounds: { x, y, width, height },
  workArea: { x, y, width, height: height - 40 },
});
