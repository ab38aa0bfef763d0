// How a replayed hand ended, over its board: the win breakdown (the scoreboard's own panels), a draw's rows from its family, a voided or cut-off hand.
import { useEffect, useState } from 'react';
import type { HandSummary, PublicState } from '../../../contract/ipc-contract.js';
import { screensOf } from '../../families/index.js';
import { WinPanel } from '../scoreboard/WinPanel.js';

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

/**
 * The hand's result over the board from its result event on (the steps after it, a burn or the game's
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
  const family = screensOf(state);
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
  const Win = family?.WinPanel ?? WinPanel;
  if (win !== null)
    return (
      <div className="rp-result rp-result-win" data-region="replay-result">
        <Win state={state} win={win} />
        {close}
      </div>
    );
  return (
    <div className="rp-result rp-result-draw" data-region="replay-result">
      <section className="rp-draw" aria-label="Hand result">
        <h2 className="rp-draw-title">{hand.result}</h2>
        {family?.ResultRows != null ? <family.ResultRows state={state} /> : null}
      </section>
      {close}
    </div>
  );
}
