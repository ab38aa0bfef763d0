// An in-process transport pair (host end ↔ simulator end), with unplug/replug for tests.
import { TransportEvents, type Transport, type TransportEvent } from './transport.js';

class MemoryEnd implements Transport {
  readonly events = new TransportEvents();
  peer!: MemoryEnd;
  wanted = false;
  plugged = true;

  constructor(readonly path: string) {}

  get isOpen(): boolean {
    return this.wanted && this.plugged;
  }

  open(): Promise<void> {
    this.wanted = true;
    if (this.plugged)
      queueMicrotask(() => this.isOpen && this.events.emit({ type: 'open', path: this.path }));
    return Promise.resolve();
  }

  write(bytes: Uint8Array): void {
    if (!this.isOpen || !this.peer.isOpen) return;
    const copy = bytes.slice();
    // Deliver asynchronously, like a real port: no re-entrancy between the two ends.
    queueMicrotask(() => {
      if (this.isOpen && this.peer.isOpen) this.peer.events.emit({ type: 'data', bytes: copy });
    });
  }

  close(): Promise<void> {
    const was = this.isOpen;
    this.wanted = false;
    if (was) this.events.emit({ type: 'closed', reason: 'closed by this end' });
    return Promise.resolve();
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.events.subscribe(listener);
  }
}

/** Both ends of an in-process cable. */
export interface MemoryPair {
  readonly host: Transport;
  readonly table: Transport;
  /** Pulls the cable: both ends see `closed`, bytes in flight are lost. */
  unplug(): void;
  /** Plugs it back: both ends see `open` again. */
  replug(): void;
}

export function createMemoryPair(): MemoryPair {
  const host = new MemoryEnd('memory:host');
  const table = new MemoryEnd('memory:table');
  host.peer = table;
  table.peer = host;
  const ends = [host, table];
  return {
    host,
    table,
    unplug() {
      for (const end of ends) {
        const was = end.isOpen;
        end.plugged = false;
        if (was) end.events.emit({ type: 'closed', reason: 'unplugged' });
      }
    },
    replug() {
      for (const end of ends) {
        end.plugged = true;
        if (end.isOpen) queueMicrotask(() => end.isOpen && end.events.emit({ type: 'open', path: end.path }));
      }
    },
  };
}
