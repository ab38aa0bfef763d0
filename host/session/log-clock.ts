// The machines' clock in a host core: simulated, moved only by the log's times, minus the time the host was down.
import { SimulatedClock } from 'xstate';

/**
 * Before a source event is applied the clock is set to its atMs (minus the time the host was down), so a deadline
 * that came due fires exactly where it did live, in replay too. One per core (families/minefield/core.ts,
 * families/riichi/core.ts); its `clock` is given to every machine actor the core creates.
 */
export class LogClock {
  readonly clock = new SimulatedClock();
  private downtimeMs = 0;
  private latestAtMs: number;

  constructor(private readonly startAtMs: number) {
    this.latestAtMs = startAtMs;
  }

  /** The latest log time seen (wall-clock ms). */
  get lastAtMs(): number {
    return this.latestAtMs;
  }

  /** Moves to a source event's time; `host.restarted` (`restarted`) adds the gap since the last event as downtime. */
  advance(atMs: number, restarted: boolean): void {
    if (restarted) this.downtimeMs += Math.max(0, atMs - this.latestAtMs);
    this.latestAtMs = Math.max(this.latestAtMs, atMs);
    const machineTime = this.latestAtMs - this.startAtMs - this.downtimeMs;
    if (machineTime > this.clock.now()) this.clock.set(machineTime);
  }

  /** Wall-clock ms at which the machines' earliest deadline comes due, or null when none is pending. */
  nextDeadlineAtMs(): number | null {
    let earliest = Infinity;
    for (const timeout of (
      this.clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }
    ).timeouts.values()) {
      earliest = Math.min(earliest, timeout.start + timeout.timeout);
    }
    return earliest === Infinity ? null : earliest + this.startAtMs + this.downtimeMs;
  }
}
