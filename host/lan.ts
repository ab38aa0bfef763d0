// The LAN scoreboard switch under `mahjong-table serve`: read-only access over the running server, on or off, with a per-session token.
import type { LanStatus } from '../electron/ipc-contract.js';
import type { LanController } from './api.js';
import { newToken, type RunningServer } from './server.js';

/**
 * `serve` already listens for browsers, so the switch does not start or stop a server (the desktop app's
 * does): it grants or revokes read-only access. On: the scoreboard answers to a token (the one given with
 * `--viewer-token`, else a new random one each time it is turned on, so links handed out before stop
 * working), shown with its address for the console's QR code. Off: every viewer is disconnected and no
 * read-only token is accepted; the operator's own connection is unaffected. Host/Origin checks apply as always.
 */
export function createServeLanController(
  server: () => RunningServer | null,
  fixedToken?: string,
): LanController {
  return {
    async setEnabled(enabled): Promise<LanStatus> {
      const running = server();
      if (running === null) throw new Error('the HTTP server is not running yet');
      if (!enabled) {
        running.setViewerAccess(null);
        return { enabled: false };
      }
      const token = running.viewerAccess() ?? fixedToken ?? newToken();
      running.setViewerAccess(token);
      return { enabled: true, url: running.scoreboardUrl(token), token };
    },
  };
}
