// Minefield's board (two seats, ponds of up to 17 discards, the ante and the dora indicator, the points chart),
// live on the scoreboard and in the replay viewer.
import { minefieldBoardOf, type MinefieldView, type PublicState } from '../../../contract/ipc-contract.js';
import type { Seat } from '../../../table/table-events.js';
import type { Tile } from '../../../rules/tiles.js';
import { PointsChart } from '../../components/PointsChart.js';
import { SeatName } from '../../components/SeatName.js';
import { TileFace, TileRow } from '../../components/TileFace.js';
import { BoardAlerts } from '../../screens/scoreboard/BoardAlerts.js';
import { fmt, seatName, signed } from '../../screens/scoreboard/format.js';
import type { HandOf } from '../family-screens.js';
import { seriesOf, type PointsHistory } from './points-history.js';

const POSITION: Record<Seat, 'bottom' | 'right' | 'top' | 'left'> = {
  0: 'bottom',
  1: 'right',
  2: 'top',
  3: 'left',
};
const WIND = ['East', 'South', 'West', 'North'] as const;
const POND_LIMIT = 17;

export function MinefieldBoard({
  state,
  view,
  history,
  handOf,
}: {
  state: PublicState;
  view: MinefieldView;
  history: PointsHistory | null;
  /** The replay viewer, after the hand: a seat's hand and stock drawn open. */
  handOf?: HandOf;
}) {
  const board = minefieldBoardOf(view);
  const leader = Math.max(...view.points);
  const { hands, series } = seriesOf(history ?? new Map(), 2);
  const handLabel = (hand: number | undefined): string =>
    hand === undefined ? '' : hand <= 0 ? 'start' : `after hand ${hand}`;
  return (
    <div className="board board-2">
      {([0, 1] as const).map((mineSeat) => {
        const seat = view.tableSeats[mineSeat];
        const points = view.points[mineSeat];
        const gap = points - leader;
        const turn = board.turn === mineSeat;
        const classes = [
          'seat',
          `seat-pos-${POSITION[seat]}`,
          turn ? 'seat-turn' : '',
          board.riichi[mineSeat] ? 'seat-riichi' : '',
        ];
        return (
          <section
            key={mineSeat}
            className={classes.join(' ')}
            data-seat={seat}
            aria-label={`${seatName(state, seat)}, ${WIND[seat]} seat`}
          >
            <div className="seat-id">
              <div className="seat-name-line">
                <span className="seat-wind">{WIND[seat]}</span>
                <SeatName className="seat-name" name={seatName(state, seat)} />
              </div>
              <div className="seat-points-line">
                <span className="seat-points" data-points={points}>
                  {fmt(points)}
                </span>
                {board.dealer === mineSeat ? (
                  <span className="badge dealer" title="dealer">
                    DEALER
                  </span>
                ) : null}
              </div>
              <div className="seat-status">
                {gap === 0 ? (
                  <span className="gap lead">
                    {view.points[0] === view.points[1] ? 'level' : 'leads'}
                    {view.points[0] !== view.points[1]
                      ? ` by ${fmt(Math.abs(view.points[0] - view.points[1]))}`
                      : ''}
                  </span>
                ) : (
                  <span className="gap behind">{signed(gap)} behind</span>
                )}
                {board.riichi[mineSeat] ? <span className="badge riichi">RIICHI</span> : null}
                {turn ? (
                  <span className="badge turn">
                    {board.phase === 'lastClaim' ? 'MAY CLAIM' : 'TO DISCARD'}
                  </span>
                ) : null}
              </div>
            </div>
            <div className="seat-pond">
              <div className="pond-count" data-discards={board.discards[mineSeat].length}>
                <span className="pond-count-num">{board.discards[mineSeat].length}</span>
                <span className="pond-count-of">/ {POND_LIMIT} discards</span>
              </div>
              <div className="pond" data-region="pond">
                {/* The latest discard is the last tile of the seat that just played (the one not on turn). */}
                <TileRow
                  tiles={board.discards[mineSeat] as Tile[]}
                  latestLast={board.turn !== null && !turn}
                />
              </div>
              {handOf?.(seat) ?? null}
            </div>
          </section>
        );
      })}
      <section className={history === null ? 'centre no-chart' : 'centre'}>
        <div className="round-info">
          <div className="round-title">Minefield · Hand {board.handNumber}</div>
          <div className="round-facts">
            <div className="fact">
              <span className="fact-label">Ante</span>
              <span className="fact-value" data-ante={board.ante}>
                {fmt(board.ante)}
              </span>
            </div>
            <div className="fact">
              <span className="fact-label">Dora indicator</span>
              <span className="fact-value dora" data-region="dora">
                {board.doraIndicator === null ? (
                  '—'
                ) : (
                  <TileFace tile={board.doraIndicator as Tile} size={96} />
                )}
              </span>
            </div>
            <div className="fact">
              <span className="fact-label">Phase</span>
              <span className="fact-value phase">{phaseText(view)}</span>
            </div>
          </div>
          <MinefieldResult state={state} view={view} />
          <BoardAlerts state={state} />
        </div>
        {history === null ? null : (
          <div className="chart-box">
            <PointsChart
              series={[0, 1].map((i) => ({
                name: seatName(state, view.tableSeats[i]!),
                points: series[i] ?? [],
              }))}
              firstLabel={handLabel(hands[0])}
              lastLabel={hands.length > 1 ? handLabel(hands.at(-1)) : ''}
            />
            <div className="chart-legend">
              {[0, 1].map((i) => (
                <span key={i} className={`legend seat-${i}`}>
                  {seatName(state, view.tableSeats[i]!)}
                </span>
              ))}
            </div>
          </div>
        )}
      </section>
    </div>
  );
}

/** The hand's result in the centre while it is on show (issue 12): a draw was never shown before. */
function MinefieldResult({ state, view }: { state: PublicState; view: MinefieldView }) {
  if (view.showingResult !== true || view.lastResult === null || view.phase === 'over') return null;
  const result = view.lastResult;
  return (
    <div className="mf-result" data-region="result" data-result={result.kind}>
      {result.kind === 'drawn'
        ? `Drawn · no win in 17 discards · ante doubles to ${fmt(result.nextAnte)}`
        : `${seatName(state, view.tableSeats[result.seat])} wins · +${fmt(result.payment)}`}
    </div>
  );
}

function phaseText(view: MinefieldView): string {
  switch (view.phase) {
    case 'walling':
      return 'Building walls';
    case 'flippingDora':
      return 'Flipping dora';
    case 'settingHands':
      return `Setting hands (${view.handsSet.filter(Boolean).length}/2)`;
    case 'awaitingDiscard':
      return 'Discarding';
    case 'lastClaim':
      return 'Last claim';
    case 'won':
      return 'Won';
    case 'drawn':
      return view.lastResult?.kind === 'drawn' ? `Drawn · ante ${fmt(view.lastResult.nextAnte)}` : 'Drawn';
    case 'over':
      return 'Game over';
  }
}
