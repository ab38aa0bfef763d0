// What stops the game, for every scoreboard across the room (issue 12): paused, the session ended, the table's link or a fault.
import type { PublicState } from '../../../contract/ipc-contract.js';

/** The alert for the table link: null while it is up (or no table is connected yet). */
function linkAlert(state: PublicState): string | null {
  const link = state.table.link;
  if (link === null || link.state === 'up') return null;
  if (link.state === 'connecting') return 'Connecting to the table…';
  return 'Table link lost · reconnecting';
}

export function BoardAlerts({ state }: { readonly state: PublicState }) {
  const ended = state.session?.status === 'ended';
  const link = ended ? null : linkAlert(state);
  return (
    <div className="board-alerts" data-region="alerts">
      {ended ? (
        <div className="ended-banner" role="status" data-testid="session-ended">
          SESSION ENDED
        </div>
      ) : null}
      {state.session?.status === 'paused' ? <div className="paused-banner">PAUSED</div> : null}
      {link !== null ? (
        <div
          className="link-banner"
          role="alert"
          data-testid="link-alert"
          data-link={state.table.link?.state}
        >
          {link}
        </div>
      ) : null}
      {state.table.fault !== null ? (
        <div className="fault-banner">Table fault: {state.table.fault.code}</div>
      ) : null}
    </div>
  );
}
