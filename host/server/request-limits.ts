// What one WebSocket client may ask of the host: a request rate, a cap on requests in flight, and heavy reads served one at a time, operators first.
import type { HostChannel, IpcFailure } from '../../contract/ipc-contract.js';

/** Per connection: requests a second (refilled continuously), the burst allowed, and requests unanswered at once. */
export interface ClientLimits {
  readonly perSecond: number;
  readonly burst: number;
  readonly inFlight: number;
}

/**
 * A scoreboard asks for a state now and then; a replay viewer steps (a held arrow key) and pages: 20 a second.
 * The operator's console asks more (it refetches reads as the log grows) and is trusted more, but still bounded.
 */
export const VIEWER_LIMITS: ClientLimits = { perSecond: 20, burst: 40, inFlight: 4 };
export const OPERATOR_LIMITS: ClientLimits = { perSecond: 50, burst: 100, inFlight: 16 };

/**
 * The channels whose work grows with the log (reads of events, snapshots, every game): served one at a time by
 * `HeavyReads`, on the read worker's own thread and connection (read-worker.ts), off the table link's event loop.
 */
export const HEAVY_READ_CHANNELS = [
  'replay.listSessions',
  'replay.listHands',
  'replay.open',
  'replay.events',
  'replay.timeline',
  'standings.list',
  'standings.report',
  'export.session',
] as const satisfies readonly HostChannel[];
export type HeavyReadChannel = (typeof HEAVY_READ_CHANNELS)[number];
export const HEAVY_CHANNELS: ReadonlySet<string> = new Set(HEAVY_READ_CHANNELS);

/** One connection's budget: a token bucket for the rate and a counter for requests in flight. */
export class ClientBudget {
  private tokens: number;
  private last: number;
  private pending = 0;

  constructor(
    private readonly limits: ClientLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = limits.burst;
    this.last = now();
  }

  /** Takes one request in, or says why not (the request is answered with it at once, never queued). */
  admit(): IpcFailure | null {
    const t = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((t - this.last) / 1000) * this.limits.perSecond);
    this.last = t;
    if (this.pending >= this.limits.inFlight)
      return {
        ok: false,
        code: 'busy',
        message: `${this.limits.inFlight} requests of this connection are still being answered: wait for them`,
      };
    if (this.tokens < 1)
      return {
        ok: false,
        code: 'rate_limited',
        message: `more than ${this.limits.perSecond} requests a second on this connection: slow down`,
      };
    this.tokens -= 1;
    this.pending += 1;
    return null;
  }

  /** The request admitted last has been answered. */
  done(): void {
    this.pending = Math.max(0, this.pending - 1);
  }
}

/** Lets the event loop run what waits (link frames, heartbeats, other clients) before going on. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Heavy reads, one at a time: the operator's before any viewer's, each started after the event loop has had
 * a turn. Together with reads done in slices (api.ts), the table's I/O never waits behind more than one
 * slice of a client's read.
 */
export class HeavyReads {
  private readonly queues = { operator: [] as (() => void)[], viewer: [] as (() => void)[] };
  private running = false;

  constructor(private readonly maxViewerQueue = 32) {}

  /** Runs `job` in its turn; a viewer's job is refused when too many viewer jobs already wait. */
  async run<T>(who: 'operator' | 'viewer', job: () => Promise<T>): Promise<T | IpcFailure> {
    if (who === 'viewer' && this.queues.viewer.length >= this.maxViewerQueue)
      return {
        ok: false,
        code: 'busy',
        message: 'the host is answering many replay requests: try again in a moment',
      };
    await new Promise<void>((resolve) => {
      this.queues[who].push(resolve);
      this.next();
    });
    try {
      await yieldToEventLoop();
      return await job();
    } finally {
      this.running = false;
      this.next();
    }
  }

  private next(): void {
    if (this.running) return;
    const start = this.queues.operator.shift() ?? this.queues.viewer.shift();
    if (start === undefined) return;
    this.running = true;
    start();
  }
}
