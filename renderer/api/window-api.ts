// The renderer's view of `window.mahjong`, derived from the IPC contract (absent in a LAN browser, hence optional).
import type { MahjongApi } from '../../contract/ipc-contract.js';

declare global {
  interface Window {
    readonly mahjong?: MahjongApi;
  }
}

export type { MahjongApi };
