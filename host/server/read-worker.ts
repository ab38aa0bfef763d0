// The host's heavy reads on a worker thread with its own read-only SQLite connection: the table link's heartbeat never waits for an export or a replay page (issue 12).
import { Worker } from 'node:worker_threads';
import type { IpcReply } from '../../contract/ipc-contract.js';
import { createHeavyReadHandlers, type HeavyReadHandlers } from './heavy-read-handlers.js';
import { HEAVY_READ_CHANNELS, yieldToEventLoop, type HeavyReadChannel } from './request-limits.js';
import type { EventLog } from '../storage/index.js';
import type { LogEvent } from '../session/log-events.js';
import type Database from 'better-sqlite3';

/** To the thread: one contract call. */
export interface ReadRequest {
  readonly id: number;
  readonly channel: HeavyReadChannel;
  readonly payload: unknown;
}

/**
 * From the thread: it is ready, it could not open the database, or a call's reply as JSON text. Text, because
 * the host's thread parses a 5000-event page's JSON in about a third of the time it takes to receive the same
 * page as a structured clone (bench/reads.bench.ts), and that time is the table link's.
 */
export type ReadThreadMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'reply'; readonly id: number; readonly json: string };

/**
 * Starts the thread. From the built `dist/` it is `read-thread.js` beside this module; from the TypeScript
 * sources (tests, `tsx`) the thread registers tsx first, as the process that runs the sources did.
 */
function startThread(dbPath: string): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./read-thread.js', here), { workerData: { dbPath } });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./read-thread.ts', here).href;
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { workerData: { dbPath } });
}

/**
 * The heavy reads of `HEAVY_READ_CHANNELS`, answered by the read thread. The database is in WAL mode, so the
 * thread sees every committed event while the host appends. A thread that stops (a crash, out of memory) fails
 * its pending calls with `host_threw` and is started again at the next call; a thread that cannot open the
 * database at all (or a system without workers) leaves the reads on the host's thread, in slices as before.
 */
export class ReadWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { readonly request: ReadRequest; readonly resolve: (reply: IpcReply<unknown>) => void }>();
  private nextId = 1;
  private inProcess: HeavyReadHandlers | null = null;
  private closed = false;

  readonly handlers: HeavyReadHandlers;

  constructor(
    private readonly dbPath: string,
    private readonly local: { readonly db: Database.Database; readonly log: EventLog<LogEvent> },
    private readonly report: (line: string) => void,
  ) {
    this.handlers = Object.fromEntries(
      HEAVY_READ_CHANNELS.map((channel) => [channel, (payload: unknown) => this.call(channel, payload)]),
    ) as unknown as HeavyReadHandlers;
  }

  /** Ends the thread (the host closes). */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private call(channel: HeavyReadChannel, payload: unknown): Promise<IpcReply<unknown>> {
    if (this.closed) return Promise.resolve({ ok: false, code: 'host_unavailable', message: 'the host is closing' });
    const fallback = this.inProcess;
    if (fallback !== null) return (fallback[channel] as (p: unknown) => Promise<IpcReply<unknown>>)(payload);
    let worker: Worker;
    try {
      worker = this.started();
    } catch (error) {
      this.runHere(`the read thread cannot start: ${(error as Error).message}`);
      return this.call(channel, payload);
    }
    const request: ReadRequest = { id: this.nextId++, channel, payload };
    return new Promise((resolve) => {
      this.pending.set(request.id, { request, resolve });
      worker.postMessage(request);
    });
  }

  private started(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = startThread(this.dbPath);
    // The thread never keeps the process alive by itself.
    worker.unref();
    // A thread that fails before it is ready would fail again: the reads stay on the host's thread.
    let ready = false;
    worker.on('message', (message: ReadThreadMessage) => {
      if (message.kind === 'reply') {
        const call = this.pending.get(message.id);
        this.pending.delete(message.id);
        call?.resolve(JSON.parse(message.json) as IpcReply<unknown>);
      } else if (message.kind === 'ready') ready = true;
      else {
        this.runHere(`the read thread cannot open the database (${message.message})`);
        this.stopped(worker, 'it could not open the database');
        void worker.terminate();
      }
    });
    const gone = (why: string): void => {
      if (!ready && !this.closed) this.runHere(`the read thread did not start (${why})`);
      this.stopped(worker, why);
    };
    worker.on('error', (error) => gone(error.message));
    worker.on('exit', (code) => gone(`it exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  /** The thread is gone: its pending calls are answered (or, after a fallback, run here); the next call starts another. */
  private stopped(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const calls = [...this.pending.values()];
    this.pending.clear();
    if (this.inProcess !== null) {
      for (const { request, resolve } of calls) void this.call(request.channel, request.payload).then(resolve);
      return;
    }
    if (!this.closed) this.report(`read thread stopped: ${why}`);
    const failure: IpcReply<unknown> = { ok: false, code: 'host_threw', message: `the read thread stopped (${why}): try again` };
    for (const { resolve } of calls) resolve(failure);
  }

  /** No thread: the reads run on the host's thread, a large page in slices that yield to the table link. */
  private runHere(why: string): void {
    if (this.inProcess !== null) return;
    this.report(`${why}; heavy reads run on the host's thread`);
    this.inProcess = createHeavyReadHandlers(this.local.db, this.local.log, yieldToEventLoop);
  }
}
