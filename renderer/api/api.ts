// Where the screens get their MahjongApi: Electron's preload when present, otherwise the host's WebSocket.
import type { MahjongApi } from '../../electron/ipc-contract.js';
import '../../electron/window-api.js';
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
