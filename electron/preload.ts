// The sandboxed preload: exposes `window.mahjong`, built from the IPC contract, and nothing else.
// Bundled to one CommonJS file (dist/electron/preload.cjs, see build-preload.ts): a sandboxed preload can require only 'electron'.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { z } from 'zod';
import { buildMahjongApi } from '../contract/ipc-api.js';
import { API_NAME } from '../contract/ipc-contract.js';

// No code generation in the preload: zod's compiled validators would need eval.
z.config({ jitless: true });

contextBridge.exposeInMainWorld(
  API_NAME,
  buildMahjongApi({
    invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
    subscribe: (channel, listener) => {
      // The renderer gets the message only, never the IpcRendererEvent (which carries `sender`).
      const handler = (_event: IpcRendererEvent, message: unknown): void => listener(message);
      ipcRenderer.on(channel, handler);
      return () => {
        ipcRenderer.removeListener(channel, handler);
      };
    },
    reportInvalidPush: (channel, problem) =>
      console.error(`mahjong: dropped an invalid ${channel} message: ${problem}`),
  }),
);
