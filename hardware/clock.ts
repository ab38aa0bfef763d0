// Time for the link and the simulator: the system clock at the edge, a manual clock in tests.

export type TimerHandle = { readonly id: number };

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The real clock: performance.now() and Node timers. */
export function systemClock(): Clock {
  const handles = new Map<number, NodeJS.Timeout>();
  let next = 1;
  return {
    now: () => performance.now(),
    setTimeout(fn, ms) {
      const id = next++;
      const timer = setTimeout(
        () => {
          handles.delete(id);
          fn();
        },
        Math.max(0, ms),
      );
      handles.set(id, timer);
      return { id };
    },
    clearTimeout(handle) {
      const timer = handles.get(handle.id);
      if (timer !== undefined) clearTimeout(timer);
      handles.delete(handle.id);
    },
  };
}

/** A clock that moves only when told to: `advance(ms)` runs the timers that fall due, in time order. */
export class ManualClock implements Clock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle.id);
  }

  /** Moves time forward by `ms`, running due timers (and letting microtasks settle between them). */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await settle();
      let dueId = -1;
      let dueAt = Infinity;
      for (const [id, t] of this.timers) {
        if (t.at <= target && (t.at < dueAt || (t.at === dueAt && id < dueId))) {
          dueAt = t.at;
          dueId = id;
        }
      }
      if (dueId < 0) break;
      const timer = this.timers.get(dueId)!;
      this.timers.delete(dueId);
      this.time = Math.max(this.time, timer.at);
      timer.fn();
    }
    this.time = target;
    await settle();
  }
}

/** Lets queued microtasks (memory transport deliveries) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
