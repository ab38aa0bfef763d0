// A Node-side client of the host's WebSocket for the e2e tests: records every pushed PublicState (the truth the screens are compared with) and calls channels.
import WebSocket from 'ws';
import { PublicStateSchema, describeIssues, type PublicState } from '../../contract/ipc-contract.js';

export interface HostObserver {
  /** Every state pushed so far, in order. */
  readonly states: PublicState[];
  /** The newest state pushed for each log seq (`eventSeq`). */
  readonly byEventSeq: Map<number, PublicState>;
  /** When (wall clock, performance.timeOrigin + now) the first state of each log seq arrived. */
  readonly arrivals: Map<number, number>;
  latest(): PublicState | null;
  /** Resolves with the first state (already pushed or coming) that satisfies `test`. */
  waitFor(test: (state: PublicState) => boolean, timeoutMs?: number, what?: string): Promise<PublicState>;
  call(
    channel: string,
    payload?: unknown,
  ): Promise<{ ok: boolean; value?: unknown; code?: string; message?: string }>;
  close(): void;
}

/** `pageUrl` is a screen URL the host printed (`http://127.0.0.1:PORT/scoreboard?token=...`). */
export async function observeHost(pageUrl: string): Promise<HostObserver> {
  const page = new URL(pageUrl);
  const socket = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token') ?? ''}`, {
    headers: { origin: page.origin },
  });
  const states: PublicState[] = [];
  const byEventSeq = new Map<number, PublicState>();
  const arrivals = new Map<number, number>();
  const waiters = new Set<() => void>();
  const pending = new Map<number, (reply: { ok: boolean }) => void>();
  let nextId = 1;
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as {
      push?: string;
      message?: unknown;
      id?: number;
      reply?: { ok: boolean };
    };
    if (frame.push === 'state.public') {
      const at = performance.timeOrigin + performance.now();
      const parsed = PublicStateSchema.safeParse(frame.message);
      if (!parsed.success)
        throw new Error(`the host pushed a state outside the contract: ${describeIssues(parsed.error)}`);
      states.push(parsed.data);
      byEventSeq.set(parsed.data.eventSeq, parsed.data);
      if (!arrivals.has(parsed.data.eventSeq)) arrivals.set(parsed.data.eventSeq, at);
      for (const wake of waiters) wake();
    } else if (frame.id !== undefined && frame.reply !== undefined) {
      pending.get(frame.id)?.(frame.reply);
      pending.delete(frame.id);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    states,
    byEventSeq,
    arrivals,
    latest: () => states.at(-1) ?? null,
    waitFor(test, timeoutMs = 60_000, what = 'a state') {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = states.find(test);
          if (found === undefined) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `no ${what} within ${timeoutMs} ms (last: ${JSON.stringify(states.at(-1)?.view ?? null).slice(0, 400)})`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    call(channel, payload = {}) {
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve as (reply: { ok: boolean }) => void);
        socket.send(JSON.stringify({ id, channel, payload }));
      });
    },
    close: () => socket.close(),
  };
}
