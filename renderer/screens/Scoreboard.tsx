// The second-monitor scoreboard: seats by position, points and gaps, dealer, turn, ponds, dora, the win breakdown, the points chart.
//
// It shows only the PublicState the host pushes (never hidden information): the ponds, the dora indicator,
// and after a win the winner's hand from the host's `lastWin`.
import { useEffect, useRef, useState } from 'react';
import {
  minefieldBoardOf,
  riichiViewOf,
  type MinefieldView,
  type PublicState,
  type WinBreakdown,
} from '../../contract/ipc-contract.js';
import type { Seat } from '../../table/table-events.js';
import type { Tile } from '../../rules/tiles.js';
import { mahjongApi } from '../api/api.js';
import { PointsChart } from '../components/PointsChart.js';
import { SeatName } from '../components/SeatName.js';
import { TileFace, TileRow } from '../components/TileFace.js';
import { recordPoints, seriesOf, type PointsHistory } from '../state/points-history.js';
import { usePublicState } from '../state/usePublicState.js';
import { BoardAlerts } from './scoreboard/BoardAlerts.js';
import { GameOverPanel } from './scoreboard/GameOverPanel.js';
import { RiichiBoard, seatName, type HandOf } from './scoreboard/RiichiBoard.js';
import { RiichiWinPanel } from './scoreboard/RiichiWinPanel.js';

/** How long the win breakdown stays up after a win. */
export const WIN_BREAKDOWN_MS = 8_000;

const POSITION: Record<Seat, 'bottom' | 'right' | 'top' | 'left'> = {
  0: 'bottom',
  1: 'right',
  2: 'top',
  3: 'left',
};
const WIND = ['East', 'South', 'West', 'North'] as const;
const POND_LIMIT = 17;

const fmt = (points: number): string => points.toLocaleString('en-US');
const signed = (points: number): string =>
  points > 0 ? `+${fmt(points)}` : points < 0 ? `−${fmt(-points)}` : '±0';

export function Scoreboard() {
  const state = usePublicState();
  const [history, setHistory] = useState<PointsHistory>(new Map());
  const [shownWin, setShownWin] = useState<WinBreakdown | null>(null);
  const lastWinSeq = useRef<number | null>(null);
  const sessionId = state?.session?.id ?? null;

  // Backfill the chart from the session's finished hands when the scoreboard opens mid-session.
  useEffect(() => {
    if (sessionId === null) return;
    let live = true;
    void (async () => {
      const api = mahjongApi();
      const hands = await api.replay.listHands({ sessionId });
      if (!hands.ok || !live) return;
      let found: PointsHistory = new Map();
      for (const hand of hands.value.hands.slice(-100)) {
        const opened = await api.replay.open({ sessionId, seq: hand.lastSeq });
        const view = opened.ok ? opened.value.state.view : null;
        if (view !== null && view.variant === 'minefield') found = recordPoints(found, view);
      }
      if (live) setHistory((now) => new Map([...found, ...now]));
    })();
    return () => {
      live = false;
    };
  }, [sessionId]);

  const view = state?.view ?? null;
  useEffect(() => {
    if (view !== null && view.variant === 'minefield') setHistory((now) => recordPoints(now, view));
  }, [view]);

  // A new win (by its event seq) shows the breakdown for a few seconds. A win already there when the
  // scoreboard opens is shown only while its hand is still at the win (not in the middle of the next hand).
  const lastWin = state?.lastWin ?? null;
  // A riichi-family win is still on show through the next deal (`showingResult`), though `phase` is already
  // `dealing`: a scoreboard opened then shows its breakdown too (then the board keeps the result line).
  const riichiWinUp =
    view !== null &&
    view.variant !== 'minefield' &&
    view.phase !== 'over' &&
    view.showingResult &&
    view.lastResult?.kind === 'won';
  const atWin = view !== null && (view.phase === 'won' || view.phase === 'over' || riichiWinUp);
  useEffect(() => {
    if (state === null) return;
    const seen = lastWinSeq.current;
    lastWinSeq.current = lastWin?.seq ?? 0;
    if (lastWin === null || seen === lastWin.seq) return;
    if (seen === null && !atWin) return;
    setShownWin(lastWin);
  }, [state, lastWin, atWin]);
  useEffect(() => {
    if (shownWin === null) return;
    const timer = setTimeout(() => setShownWin(null), WIN_BREAKDOWN_MS);
    return () => clearTimeout(timer);
  }, [shownWin]);

  if (state === null)
    return (
      <main className="scoreboard waiting">
        <p className="big-message">Waiting for the host…</p>
      </main>
    );
  if (state.session === null || view === null)
    return (
      <main className="scoreboard waiting">
        <p className="big-message">No game running</p>
      </main>
    );
  const riichi = riichiViewOf(state);
  // A hand's result leaves with the next hand's play (issue 12): its win panel too, even within its 8 seconds.
  const resultUp = view.showingResult !== false;
  const gameOver = state.gameOver ?? null;
  const ended = state.session.status === 'ended';
  return (
    <main
      className={`scoreboard${ended ? ' scoreboard-ended' : ''}`}
      data-variant={view.variant}
      data-seq={state.seq}
      data-event-seq={state.eventSeq}
    >
      {riichi !== null ? (
        <RiichiBoard state={state} view={riichi} />
      ) : view.variant === 'minefield' ? (
        <MinefieldBoard state={state} view={view} history={history} />
      ) : null}
      {shownWin !== null && resultUp ? (
        riichi !== null ? (
          <RiichiWinPanel state={state} win={shownWin} order={riichi.seats.map((s) => s.seat)} />
        ) : (
          <WinPanel state={state} win={shownWin} />
        )
      ) : gameOver !== null ? (
        <GameOverPanel state={state} over={gameOver} />
      ) : null}
    </main>
  );
}

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

export function WinPanel({ state, win }: { state: PublicState; win: WinBreakdown }) {
  const payments = win.payments
    .map((amount, seat) => ({ seat: seat as Seat, amount }))
    .filter((p) => p.amount !== 0 || state.seats.some((s) => s.seat === p.seat));
  return (
    <section className="win-panel" role="dialog" aria-label="Win breakdown" data-win-seq={win.seq}>
      <h1 className="win-title">
        {seatName(state, win.seat)} wins
        {win.from !== win.seat ? ` off ${seatName(state, win.from)}` : ' by self-draw'}
        {win.limit !== null ? <span className="win-limit">{win.limit.toUpperCase()}</span> : null}
      </h1>
      <div className="win-hand" data-region="win-hand">
        <TileRow tiles={win.hand as Tile[]} size={88} />
        <span className="win-plus">+</span>
        <TileFace tile={win.tile as Tile} size={88} latest />
      </div>
      <div className="win-body">
        <table className="yaku-table">
          <tbody>
            {win.yaku.map((y, i) => (
              <tr key={i}>
                <td>{y.name}</td>
                <td className="num">
                  {y.yakuman !== undefined
                    ? y.yakuman > 1
                      ? `${y.yakuman}× yakuman`
                      : 'yakuman'
                    : `${y.han ?? 0} han`}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>
                {win.han !== null ? `${win.han} han` : ''}
                {win.fu !== null ? ` · ${win.fu} fu` : ''}
              </td>
              <td className="num">{win.limit ?? ''}</td>
            </tr>
          </tfoot>
        </table>
        <div className="win-side">
          <div className="win-indicators" data-region="win-indicators">
            <span className="fact-label">Dora</span>
            <TileRow tiles={win.doraIndicators as Tile[]} size={64} />
            {win.uraIndicators.length > 0 ? (
              <>
                <span className="fact-label">Ura</span>
                <TileRow tiles={win.uraIndicators as Tile[]} size={64} />
              </>
            ) : null}
          </div>
          {win.stake ? (
            <div className="win-stake" data-stake={`${win.stake.ante}x${win.stake.multiplier}`}>
              Ante {fmt(win.stake.ante)} × {win.stake.multiplier}
              {win.limit !== null ? ` (${win.limit})` : ''}
            </div>
          ) : null}
          <table className="payments">
            <tbody>
              {payments.map((p) => (
                <tr key={p.seat} className={p.amount > 0 ? 'gain' : p.amount < 0 ? 'loss' : ''}>
                  <td>{seatName(state, p.seat)}</td>
                  <td className="num" data-payment={p.amount}>
                    {signed(p.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
