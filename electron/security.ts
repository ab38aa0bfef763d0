// The shell's security settings in one place: the app origin, window preferences, CSP, and the navigation/sender checks.
import type { IpcMainInvokeEvent, WebContents, WebPreferences } from 'electron';

/** Content is served only from `app://mahjong/...` (see app-protocol.ts), never from `file://`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'mahjong';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The privileges `app://` is registered with before the app is ready: a standard, secure scheme (no CSP bypass). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

/**
 * The page URL of a screen. Each screen is a path of the one renderer (`/console`, `/scoreboard`), the
 * same paths `mahjong-table serve` uses, so the renderer routes by `location.pathname` in both places.
 */
export const screenUrl = (screen: 'console' | 'scoreboard'): string => `${APP_ORIGIN}/${screen}`;

/**
 * True only for `app://mahjong/...`. Compares scheme and host, not `URL.origin`: WHATWG gives non-special
 * schemes an opaque origin (`new URL('app://mahjong/').origin === 'null'`), so an origin comparison would
 * match every custom-scheme URL.
 */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/**
 * The Content-Security-Policy of every response: only our own files, no eval, no inline script, no
 * plugins, no framing, no form posts, no <base> tricks. `data:` images allow the LAN QR code.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
].join('; ');

/** Sets the CSP on a response's headers, replacing any CSP header in any letter case. */
export function withCspHeader(headers: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value;
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return out;
}

/**
 * Whether windows may open DevTools: in development only. A packaged app (what a club installs) never does:
 * DevTools at the console would hand anyone at the PC the operator's page (every channel, the LAN token).
 */
export const devToolsAllowed = (isPackaged: boolean): boolean => !isPackaged;

/** The preferences of every window: isolated, sandboxed, no Node in the page, web security on, DevTools as allowed. */
export function secureWebPreferences(preloadPath: string, devTools: boolean): WebPreferences {
  return {
    preload: preloadPath,
    devTools,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

/**
 * Every web contents (windows and anything they might spawn) may neither navigate, redirect, open a window
 * nor attach a <webview>: the screens are one page each and route inside it. Without `devTools`, none keeps
 * DevTools open.
 */
export function hardenWebContents(contents: WebContents, devTools: boolean): void {
  // `devTools: false` already keeps them shut; a contents made without our preferences is closed on opening.
  if (!devTools) contents.on('devtools-opened', () => contents.closeDevTools());
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/**
 * An IPC call is trusted only from the top frame of one of our pages. A null `senderFrame` (the frame
 * navigated away or was destroyed) is refused.
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame;
  if (frame === null || frame === undefined) return false;
  return frame.parent === null && isAppUrl(frame.url);
}
