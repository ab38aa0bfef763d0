// The game-over screen (issue 12): places, final points, the tournament's final score, points over the game, and what comes next.
import type { GameOver, PublicState } from '../../../contract/ipc-contract.js';
import type { Seat } from '../../../table/table-events.js';
import { PointsChart } from '../../components/PointsChart.js';
import { fmt, seatName } from './format.js';

const ORDINAL = ['1st', '2nd', '3rd', '4th'] as const;

/** What happens next, in one line: the session ended, the operator starts the next game, or it is being dealt. */
function nextLine(state: PublicState): string {
  if (state.session?.status === 'ended') return 'The session has ended';
  if (state.session?.awaitingNextGame === true)
    return 'The next game starts when the operator presses Next game';
  return 'The next game is being dealt';
}

export function GameOverPanel({ state, over }: { readonly state: PublicState; readonly over: GameOver }) {
  const tournament = over.places.some((p) => p.score !== undefined);
  const hands = Math.max(0, (over.chart.points[0]?.length ?? 1) - 1);
  return (
    <section
      className="game-over"
      role="dialog"
      aria-label="Game over"
      data-game={over.game}
      data-session-ended={state.session?.status === 'ended' ? 'yes' : 'no'}
    >
      <h1 className="go-title">
        Game {over.game} over
        {state.session?.status === 'ended' ? <span className="go-ended">SESSION ENDED</span> : null}
      </h1>
      <div className="go-body">
        <table className="go-places" data-region="places">
          <thead>
            <tr>
              <th />
              <th />
              <th className="num">Points</th>
              {tournament ? (
                <th
                  className="num"
                  title="tournament final score (V6.5): points − 30,000, first +20,000, ÷1000, uma +20/+10/−10/−20"
                >
                  Score
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {over.places.map((p) => (
              <tr
                key={p.seat}
                className={`go-place go-place-${p.place}`}
                data-seat={p.seat}
                data-place={p.place}
              >
                <td className="go-rank">{ORDINAL[p.place - 1] ?? `${p.place}th`}</td>
                <td className="go-name">{seatName(state, p.seat as Seat)}</td>
                <td className="num go-points" data-points={p.points}>
                  {fmt(p.points)}
                </td>
                {tournament ? (
                  <td className="num go-score" data-score={p.score}>
                    {p.score === undefined
                      ? ''
                      : p.score > 0
                        ? `+${p.score}`
                        : p.score < 0
                          ? `−${-p.score}`
                          : '0'}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="go-chart" data-region="chart">
          <PointsChart
            series={over.chart.seats.map((seat, i) => ({
              name: seatName(state, seat as Seat),
              points: over.chart.points[i] ?? [],
            }))}
            firstLabel="start"
            lastLabel={`end · ${hands} ${hands === 1 ? 'hand' : 'hands'}`}
          />
          <div className="chart-legend">
            {over.chart.seats.map((seat, i) => (
              <span key={seat} className={`legend seat-${i}`}>
                {seatName(state, seat as Seat)}
              </span>
            ))}
          </div>
        </div>
      </div>
      <p className="go-next" data-testid="game-over-next">
        {nextLine(state)}
      </p>
    </section>
  );
}
