// How a replayed hand ended, over its board: the win breakdown (the scoreboard's own panels), a draw's tenpai and payments, a voided or cut-off hand.
import { useEffect, useState } from 'react';
import {
  riichiViewOf,
  type HandSummary,
  type PublicState,
  type RiichiView,
} from '../../../contract/ipc-contract.js';
import { WinPanel } from '../Scoreboard.js';
import { fmt, seatName, signed } from '../scoreboard/RiichiBoard.js';
import { RiichiWinPanel } from '../scoreboard/RiichiWinPanel.js';

const STATUS_NOTE = {
  voided: 'VOIDED · this hand did not happen: no points moved and it was dealt again',
  unfinished: 'UNFINISHED · the session ended during this hand',
  inPlay: 'IN PLAY · every hand is shown open once this hand is over',
} as const;

/** A hand that did not end with a result: said over the board for all of its steps. */
export function HandStatusNote({ hand }: { readonly hand: HandSummary }) {
  if (hand.status === undefined || hand.status === 'finished') return null;
  return (
    <p className={`rp-status rp-status-${hand.status}`} data-status={hand.status} role="status">
      {STATUS_NOTE[hand.status]}
    </p>
  );
}

/** The riichi family's per-seat result rows: tenpai or noten at an exhaustive draw, and what each paid or got. */
function DrawRows({ state, view }: { readonly state: PublicState; readonly view: RiichiView }) {
  const result = view.lastResult;
  if (result === null || result.kind === 'won') return null;
  const deltas = 'deltas' in result ? result.deltas : null;
  return (
    <table className="rp-draw-rows">
      <tbody>
        {view.seats.map((s) => {
          const tenpai =
            result.kind === 'exhaustiveDraw' ? result.tenpai.some((t) => t.seat === s.seat) : null;
          const delta = deltas?.[s.seat] ?? 0;
          return (
            <tr key={s.seat} data-seat={s.seat} className={delta > 0 ? 'gain' : delta < 0 ? 'loss' : ''}>
              <td>{seatName(state, s.seat)}</td>
              <td>{tenpai === null ? '' : tenpai ? 'TENPAI' : 'NOTEN'}</td>
              <td className="num" data-delta={delta}>
                {signed(delta)}
              </td>
              <td className="num">{fmt(s.points)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The hand's result over the board from its result event on (the steps after it, a Mangan burn or the game's
 * end, keep it): a win as the live scoreboard's breakdown, anything else as the host's result line with the
 * seats' payments. The panel can be put aside to look at the hands under it; a new step brings it back.
 */
export function HandResult({
  state,
  hand,
  seq,
}: {
  readonly state: PublicState;
  readonly hand: HandSummary;
  readonly seq: number;
}) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => setHidden(false), [seq]);
  if (hand.status !== undefined && hand.status !== 'finished') return null;
  if (seq < hand.lastSeq) return null;
  const riichi = riichiViewOf(state);
  const win =
    state.lastWin !== null && state.lastWin.seq >= hand.firstSeq && state.lastWin.seq <= hand.lastSeq
      ? state.lastWin
      : null;
  if (hidden)
    return (
      <button type="button" className="rp-show-result" onClick={() => setHidden(false)}>
        Show the result
      </button>
    );
  const close = (
    <button
      type="button"
      className="rp-hide-result"
      onClick={() => setHidden(true)}
      aria-label="Hide the result"
    >
      Board ✕
    </button>
  );
  if (win !== null)
    return (
      <div className="rp-result rp-result-win" data-region="replay-result">
        {riichi !== null ? (
          <RiichiWinPanel state={state} win={win} order={riichi.seats.map((s) => s.seat)} />
        ) : (
          <WinPanel state={state} win={win} />
        )}
        {close}
      </div>
    );
  return (
    <div className="rp-result rp-result-draw" data-region="replay-result">
      <section className="rp-draw" aria-label="Hand result">
        <h2 className="rp-draw-title">{hand.result}</h2>
        {riichi !== null ? <DrawRows state={state} view={riichi} /> : null}
      </section>
      {close}
    </div>
  );
}
