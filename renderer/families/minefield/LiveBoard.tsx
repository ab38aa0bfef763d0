// Minefield's board on the live scoreboard: with the points chart, backfilled from the session's finished hands
// when the scoreboard opens mid-session, then kept from each public view.
import { useEffect, useState } from 'react';
import { minefieldViewOf, type MinefieldView, type PublicState } from '../../../contract/ipc-contract.js';
import { mahjongApi } from '../../api/api.js';
import { MinefieldBoard } from './MinefieldBoard.js';
import { recordPoints, type PointsHistory } from './points-history.js';

export function LiveBoard({ state, view }: { readonly state: PublicState; readonly view: MinefieldView }) {
  const [history, setHistory] = useState<PointsHistory>(new Map());
  const sessionId = state.session?.id ?? null;

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
        const view = opened.ok ? minefieldViewOf(opened.value.state) : null;
        if (view !== null) found = recordPoints(found, view);
      }
      if (live) setHistory((now) => new Map([...found, ...now]));
    })();
    return () => {
      live = false;
    };
  }, [sessionId]);

  useEffect(() => setHistory((now) => recordPoints(now, view)), [view]);

  return <MinefieldBoard state={state} view={view} history={history} />;
}
