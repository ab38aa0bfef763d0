// The second-monitor scoreboard: the board of the game's family (renderer/families/), the win breakdown, the game's end.
//
// It shows only the PublicState the host pushes (never hidden information): the ponds, the dora indicator,
// and after a win the winner's hand from the host's `lastWin`.
import { useEffect, useRef, useState } from 'react';
import type { WinBreakdown } from '../../contract/ipc-contract.js';
import { screensOf } from '../families/index.js';
import { usePublicState } from '../state/usePublicState.js';
import { GameOverPanel } from './scoreboard/GameOverPanel.js';
import { NoBoard } from './scoreboard/NoBoard.js';
import { WinPanel } from './scoreboard/WinPanel.js';

/** How long the win breakdown stays up after a win. */
export const WIN_BREAKDOWN_MS = 8_000;

export function Scoreboard() {
  const state = usePublicState();
  const [shownWin, setShownWin] = useState<WinBreakdown | null>(null);
  const lastWinSeq = useRef<number | null>(null);

  const view = state?.view ?? null;
  const family = state === null ? null : screensOf(state);
  // A new win (by its event seq) shows the breakdown for a few seconds. A win already there when the
  // scoreboard opens is shown only while its hand is still at the win (not in the middle of the next hand),
  // or while its family still has it on show (then the board keeps the result line).
  const lastWin = state?.lastWin ?? null;
  const atWin =
    state !== null &&
    view !== null &&
    (view.phase === 'won' || view.phase === 'over' || (family?.winOnShow(state) ?? false));
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
  // A hand's result leaves with the next hand's play (issue 12): its win panel too, even within its 8 seconds.
  const resultUp = view.showingResult !== false;
  const gameOver = state.gameOver ?? null;
  const ended = state.session.status === 'ended';
  const Win = family?.WinPanel ?? WinPanel;
  return (
    <main
      className={`scoreboard${ended ? ' scoreboard-ended' : ''}`}
      data-variant={view.variant}
      data-seq={state.seq}
      data-event-seq={state.eventSeq}
    >
      {family !== null ? <family.Board state={state} live /> : <NoBoard variant={view.variant} />}
      {shownWin !== null && resultUp ? (
        <Win state={state} win={shownWin} />
      ) : gameOver !== null ? (
        <GameOverPanel state={state} over={gameOver} />
      ) : null}
    </main>
  );
}
