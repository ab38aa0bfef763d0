// The latest `state.public` push as React state; a push older than the one shown is dropped (its `seq` is lower).
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PublicState } from '../../contract/ipc-contract.js';
import { mahjongApi } from '../api/api.js';

export function usePublicState(): PublicState | null {
  const [state, setState] = useState<PublicState | null>(null);
  useEffect(() => {
    let lastSeq = -1;
    return mahjongApi().on('state.public', (message) => {
      // seq 0 again means the host restarted and counts afresh.
      if (message.seq <= lastSeq && message.seq !== 0) return;
      lastSeq = message.seq;
      // Commit in the push's own task: the scoreboard's latency budget (p99 ≤ 20 ms from the table's frame)
      // has no room for a scheduler hop on a busy machine.
      flushSync(() => setState(message));
    });
  }, []);
  return state;
}
