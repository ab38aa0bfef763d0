// Where the screens get their MahjongApi: Electron's preload when present, otherwise the host's WebSocket.
import type { MahjongApi } from '../../contract/ipc-contract.js';
import './window-api.js';
import { connectWsApi, hostSocketUrl, type WsLinkStatus } from './ws-client.js';

type StatusListener = (status: WsLinkStatus) => void;
const statusListeners = new Set<StatusListener>();
let lastStatus: WsLinkStatus = 'open';
let cached: MahjongApi | null = null;

/** The one API of this page (created on first use). */
export function mahjongApi(): MahjongApi {
  if (cached !== null) return cached;
  if (window.mahjong !== undefined) {
    cached = window.mahjong;
    return cached;
  }
  lastStatus = 'connecting';
  const client = connectWsApi({
    url: hostSocketUrl(window.location),
    onStatus: (status) => {
      lastStatus = status;
      for (const listener of statusListeners) listener(status);
      if (status === 'open') setAccessProblem(null);
      else if (status === 'closed') void checkAccess();
    },
    onProblem: (problem) => console.warn(`[ws] ${problem}`),
  });
  cached = client.api;
  return cached;
}

/** True when running inside the Electron shell (the operator's PC), false in a LAN browser. */
export const isDesktop = (): boolean => window.mahjong !== undefined;

export function linkStatus(): WsLinkStatus {
  return lastStatus;
}

export function onLinkStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

type ProblemListener = (problem: string | null) => void;
const problemListeners = new Set<ProblemListener>();
let accessProblem: string | null = null;
let lastCheck = 0;

function setAccessProblem(problem: string | null): void {
  if (problem === accessProblem) return;
  accessProblem = problem;
  for (const listener of problemListeners) listener(problem);
}

/**
 * Why this page cannot reach the host, in words for the person holding it: asked of the host (`/access`)
 * when the connection closes, since a browser cannot read why a WebSocket upgrade was refused.
 */
async function checkAccess(): Promise<void> {
  const now = Date.now();
  if (now - lastCheck < 2000) return;
  lastCheck = now;
  try {
    const response = await fetch(`/access${window.location.search}`, { cache: 'no-store' });
    const body = (await response.json()) as { ok?: boolean; message?: unknown };
    setAccessProblem(
      body.ok === true
        ? null
        : typeof body.message === 'string'
          ? body.message
          : 'the host refused this page',
    );
  } catch {
    setAccessProblem(
      "The host does not answer: is `mahjong-table serve` (or the desktop app) still running on the table's PC? This page keeps trying.",
    );
  }
}

/** The access problem now (null: none), then each change. */
export function onAccessProblem(listener: ProblemListener): () => void {
  problemListeners.add(listener);
  listener(accessProblem);
  return () => problemListeners.delete(listener);
}
