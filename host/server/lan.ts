// The LAN scoreboard switch under `mahjong-table serve`: read-only access over the running server, on or off, with a per-session token.
import type { LanStatus } from '../../contract/ipc-contract.js';
import type { LanController } from './api.js';
import { newToken, type RunningServer } from './server.js';

/**
 * `serve` listens on this machine only unless started with `--lan` (or `--listen 0.0.0.0`). The switch makes
 * the LAN really reach it: on, the server also listens on this machine's LAN addresses (when it did not
 * already) and the scoreboard answers to a token (the one given with `--viewer-token`, else the one in force,
 * else a new random one), shown with its address for the console's QR code. Off: every viewer is disconnected,
 * no read-only token is accepted, and the LAN listeners the switch opened are closed; the operator's own
 * connection is unaffected. Host/Origin checks apply as always.
 */
export function createServeLanController(
  server: () => RunningServer | null,
  fixedToken?: string,
): LanController {
  const running = (): RunningServer => {
    const now = server();
    if (now === null) throw new Error('the HTTP server is not running yet');
    return now;
  };
  return {
    status(): LanStatus {
      const now = server();
      const token = now?.viewerAccess() ?? null;
      if (now === null || token === null || !now.lanReachable()) return { enabled: false };
      return { enabled: true, url: now.scoreboardUrl(token), token };
    },
    async setEnabled(enabled): Promise<LanStatus> {
      const now = running();
      if (!enabled) {
        now.setViewerAccess(null);
        await now.closeLan();
        return { enabled: false };
      }
      await now.openLan();
      const token = now.viewerAccess() ?? fixedToken ?? newToken();
      now.setViewerAccess(token);
      return { enabled: true, url: now.scoreboardUrl(token), token };
    },
  };
}
