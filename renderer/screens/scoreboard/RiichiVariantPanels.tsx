// The scoreboard's own panels for the riichi variants: Clear Mahjong's two teams with their five conditions, Mangan Mahjong's burned points.
import type { ClearView, ManganView, PublicState } from '../../../electron/ipc-contract.js';
import type { Seat } from '../../../machines/table-events.js';
import '../../styles/riichi-variants.css';

const fmt = (points: number): string => points.toLocaleString('en-US');
const nameOf = (state: PublicState, seat: Seat): string =>
  state.seats.find((info) => info.seat === seat)?.name || `Seat ${seat + 1}`;

/** The team a table seat plays for (Clear Mahjong), or null. */
export const teamOfSeat = (clear: ClearView | undefined, seat: Seat): 'A' | 'B' | null =>
  clear?.teams.find((t) => t.seats.includes(seat))?.team ?? null;

/** Clear Mahjong's result line (V5.3), or null while the game goes on. */
export function clearDecidedText(clear: ClearView): string | null {
  const d = clear.decided;
  if (d === null) return null;
  // Short enough for the centre panel on a laptop screen (it ends in an ellipsis there when longer).
  if (d.result === 'tieByTenpaiRace') return 'Tie · Tenpai Race decides';
  return `Team ${d.team} wins · ${d.reason === 'allConditions' ? 'all five' : 'bust'}`;
}

/** Both teams side by side: players, count cleared, and each of the five conditions as a check mark or an open ring. */
export function ClearTeams({ state, clear }: { readonly state: PublicState; readonly clear: ClearView }) {
  return (
    <section className="cl-teams" aria-label="Clear Mahjong teams" data-region="clear-teams">
      {clear.teams.map((team) => {
        const winner = clear.decided?.result === 'teamWins' && clear.decided.team === team.team;
        return (
          <div
            key={team.team}
            className={`cl-team cl-team-${team.team}${winner ? ' cl-team-winner' : ''}`}
            data-team={team.team}
            data-cleared={team.cleared.join(' ')}
          >
            <div className="cl-team-head">
              <span className="cl-team-name">Team {team.team}</span>
              <span className="cl-team-players">{team.seats.map((s) => nameOf(state, s)).join(' & ')}</span>
              {winner ? <span className="badge cl-team-wins">WINS</span> : null}
              <span className="cl-team-count" data-count={team.cleared.length}>
                {team.cleared.length}/5
              </span>
            </div>
            <ol className="cl-conditions">
              {clear.conditions.map((c) => {
                const done = team.cleared.includes(c.id);
                return (
                  <li
                    key={c.id}
                    className={`cl-condition${done ? ' cl-done' : ''}`}
                    data-condition={c.id}
                    data-done={done ? 'yes' : 'no'}
                  >
                    <span className="cl-mark" aria-hidden="true">
                      {done ? '✓' : '○'}
                    </span>
                    <span className="cl-condition-name">{c.name}</span>
                  </li>
                );
              })}
            </ol>
          </div>
        );
      })}
    </section>
  );
}

/**
 * Mangan Mahjong's points that have left the game (V4.1), as the centre panel's first fact: the preset has no
 * honba and free riichi (rules/variants/mangan.ts), so this takes the place of those sticks.
 */
export function ManganBurned({
  mangan,
  justBurned,
}: {
  readonly mangan: ManganView;
  readonly justBurned: boolean;
}) {
  return (
    <span className="rb-fact mg-burned" data-burned={mangan.burned} aria-label="Points burned">
      <span className="rb-fact-value mg-burned-value">{fmt(mangan.burned)}</span>
      <span className="rb-label">points burned</span>
      {justBurned && mangan.lastHandBurned > 0 ? (
        <span className="mg-burned-last" data-last-burned={mangan.lastHandBurned}>
          +{fmt(mangan.lastHandBurned)} this hand
        </span>
      ) : null}
    </span>
  );
}
