// The latest `state.public` push as React state; a push older than the one shown is dropped (its `seq` is lower).
import { useEffect, useState } from 'react';
import type { PublicState } from '../../electron/ipc-contract.js';
import { mahjongApi } from '../api/api.js';

export function usePublicState(): PublicState | null {
  const [state, setState] = useState<PublicState | null>(null);
  useEffect(() => {
    let lastSeq = -1;
    return mahjongApi().on('state.public', (message) => {
      // The host restarted (seq counts from 0 again) when a much lower seq arrives after a long run.
      if (message.seq <= lastSeq && message.seq !== 0) return;
      lastSeq = message.seq;
      setState(message);
    });
  }, []);
  return state;
}
