// Fault injection for the simulator: the `--faults` spec, and a transport wrapper that damages the byte stream.
import type { Clock } from '../clock.js';
import { TransportEvents, type Transport, type TransportEvent } from '../transport.js';
import { TABLE_STAGES, type TableStage } from '../../table/table-events.js';
import type { Rng } from '../../table/rng.js';

export interface FaultSpec {
  /** Probability that a byte is replaced by a different random byte (each direction). */
  readonly corrupt: number;
  /** Probability that a byte is lost (each direction). */
  readonly drop: number;
  /** Added latency on every write, each direction (ms). */
  readonly delayMs: number;
  /** Every so often the cable "comes out": nothing passes for `unplugForMs`. */
  readonly unplugEveryMs: number | null;
  readonly unplugForMs: number;
  /** Reboot the table after this many events, or at this time after start. */
  readonly rebootAt: { readonly events: number } | { readonly ms: number } | null;
  /** Jam the n-th run of a motor stage. */
  readonly jamAt: { readonly stage: TableStage; readonly nth: number } | null;
}

export const NO_FAULTS: FaultSpec = {
  corrupt: 0,
  drop: 0,
  delayMs: 0,
  unplugEveryMs: null,
  unplugForMs: 1500,
  rebootAt: null,
  jamAt: null,
};

export type FaultSpecResult =
  | { readonly ok: true; readonly value: FaultSpec }
  | { readonly ok: false; readonly code: 'bad_faults'; readonly message: string };

const KEYS = ['corrupt', 'drop', 'delay', 'unplug-every', 'unplug-for', 'reboot-at', 'jam-at'];

/** Parses a duration: `250ms`, `5s`, `1.5s`, or a bare number of ms. */
function parseDuration(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
}

/**
 * Parses `corrupt=0.01,drop=0.01,delay=5ms,unplug-every=10s,unplug-for=1500ms,reboot-at=500,jam-at=build:2`.
 * reboot-at takes an event count (`500`) or a time (`3s`); jam-at a stage (shuffle|build|lift|deal|dice|dora)
 * and optionally which run (`:2`, default the first).
 */
export function parseFaultSpec(text: string): FaultSpecResult {
  const fail = (message: string): FaultSpecResult => ({
    ok: false,
    code: 'bad_faults',
    message: `--faults "${text}": ${message}`,
  });
  const spec: { -readonly [K in keyof FaultSpec]: FaultSpec[K] } = { ...NO_FAULTS };
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const eq = part.indexOf('=');
    if (eq < 0) return fail(`"${part}" is not key=value (keys: ${KEYS.join(', ')})`);
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    switch (key) {
      case 'corrupt':
      case 'drop': {
        const p = Number(value);
        if (value === '' || !Number.isFinite(p) || p < 0 || p > 1)
          return fail(`${key} must be a probability between 0 and 1, not "${value}"`);
        spec[key] = p;
        break;
      }
      case 'delay':
      case 'unplug-every':
      case 'unplug-for': {
        const ms = parseDuration(value);
        if (ms === null) return fail(`${key} must be a duration like 5ms or 2s, not "${value}"`);
        if (key === 'delay') spec.delayMs = ms;
        else if (key === 'unplug-every') {
          if (ms <= 0) return fail('unplug-every must be more than 0');
          spec.unplugEveryMs = ms;
        } else spec.unplugForMs = ms;
        break;
      }
      case 'reboot-at':
        if (/^\d+$/.test(value)) spec.rebootAt = { events: Number(value) };
        else {
          const ms = parseDuration(value);
          if (ms === null)
            return fail(`reboot-at must be an event count (500) or a time (3s), not "${value}"`);
          spec.rebootAt = { ms };
        }
        break;
      case 'jam-at': {
        const [stage, nth = '1'] = value.split(':');
        if (!TABLE_STAGES.includes(stage as TableStage) || stage === 'idle' || stage === 'play') {
          return fail(
            `jam-at must name a motor stage (shuffle, build, lift, deal, dice, dora), not "${stage}"`,
          );
        }
        if (!/^[1-9]\d*$/.test(nth)) return fail(`jam-at's run number must be 1 or more, not "${nth}"`);
        spec.jamAt = { stage: stage as TableStage, nth: Number(nth) };
        break;
      }
      default:
        return fail(`unknown fault "${key}" (keys: ${KEYS.join(', ')})`);
    }
  }
  return { ok: true, value: spec };
}

export interface ByteFaultCounters {
  corrupted: number;
  dropped: number;
  unplugs: number;
}

/** Wraps a transport and damages bytes both ways as the spec says (the table end of the cable). */
export class FaultyTransport implements Transport {
  private readonly events = new TransportEvents();
  private unplugged = false;
  private unplugTimer: ReturnType<Clock['setTimeout']> | null = null;
  readonly counters: ByteFaultCounters = { corrupted: 0, dropped: 0, unplugs: 0 };

  constructor(
    private readonly inner: Transport,
    private readonly spec: FaultSpec,
    private readonly rng: Rng,
    private readonly clock: Clock,
  ) {
    inner.subscribe((event) => this.onInner(event));
  }

  get isOpen(): boolean {
    return this.inner.isOpen;
  }

  async open(): Promise<void> {
    await this.inner.open();
    if (this.spec.unplugEveryMs !== null) this.scheduleUnplug();
  }

  write(bytes: Uint8Array): void {
    const damaged = this.damage(bytes);
    if (damaged.length === 0) return;
    if (this.spec.delayMs > 0) this.clock.setTimeout(() => this.inner.write(damaged), this.spec.delayMs);
    else this.inner.write(damaged);
  }

  async close(): Promise<void> {
    if (this.unplugTimer) this.clock.clearTimeout(this.unplugTimer);
    this.unplugTimer = null;
    await this.inner.close();
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  private onInner(event: TransportEvent): void {
    if (event.type !== 'data') {
      this.events.emit(event);
      return;
    }
    const damaged = this.damage(event.bytes);
    if (damaged.length === 0) return;
    if (this.spec.delayMs > 0)
      this.clock.setTimeout(() => this.events.emit({ type: 'data', bytes: damaged }), this.spec.delayMs);
    else this.events.emit({ type: 'data', bytes: damaged });
  }

  private damage(bytes: Uint8Array): Uint8Array {
    if (this.unplugged) {
      this.counters.dropped += bytes.length;
      return new Uint8Array(0);
    }
    if (this.spec.corrupt === 0 && this.spec.drop === 0) return bytes;
    const out = new Uint8Array(bytes.length);
    let o = 0;
    for (const b of bytes) {
      if (this.spec.drop > 0 && this.rng.next() < this.spec.drop) {
        this.counters.dropped++;
        continue;
      }
      if (this.spec.corrupt > 0 && this.rng.next() < this.spec.corrupt) {
        this.counters.corrupted++;
        out[o++] = b ^ (1 + this.rng.int(255));
        continue;
      }
      out[o++] = b;
    }
    return out.subarray(0, o);
  }

  private scheduleUnplug(): void {
    this.unplugTimer = this.clock.setTimeout(() => {
      this.unplugged = true;
      this.counters.unplugs++;
      this.unplugTimer = this.clock.setTimeout(() => {
        this.unplugged = false;
        this.scheduleUnplug();
      }, this.spec.unplugForMs);
    }, this.spec.unplugEveryMs!);
  }
}
