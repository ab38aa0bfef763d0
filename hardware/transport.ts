// The byte transport under the link: open, write, receive, close; serial port and in-process pair implement it.

export type TransportEvent =
  /** The transport is open (again, after a reconnect): the link starts a handshake. */
  | { readonly type: 'open'; readonly path: string }
  | { readonly type: 'data'; readonly bytes: Uint8Array }
  /** The other end went away (unplugged, process gone); a reconnecting transport may open again later. */
  | { readonly type: 'closed'; readonly reason: string }
  | { readonly type: 'error'; readonly message: string }
  /** A reconnecting transport could not open its port (gone, refused, not a serial port); it tries again. */
  | { readonly type: 'openFailed'; readonly path: string | null; readonly message: string };

export interface Transport {
  /** Starts the transport; resolves once it is open the first time, rejects with a clear message if it cannot be. */
  open(): Promise<void>;
  /** Queues bytes for the other end; dropped silently while not open (the link resends what matters). */
  write(bytes: Uint8Array): void;
  /** Stops for good (no reconnect); resolves when the underlying resource is released. */
  close(): Promise<void>;
  readonly isOpen: boolean;
  /** Subscribes to transport events; returns the unsubscribe function. */
  subscribe(listener: (event: TransportEvent) => void): () => void;
}

/** Listener bookkeeping shared by the implementations. */
export class TransportEvents {
  private readonly listeners = new Set<(event: TransportEvent) => void>();

  subscribe(listener: (event: TransportEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: TransportEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

/**
 * Gathers the frames written during one turn of the event loop into a single write: a serial driver or a PTY
 * handles one larger write far more cheaply than many small ones.
 */
export class WriteBatcher {
  private chunks: Uint8Array[] = [];
  private size = 0;

  constructor(private readonly flushTo: (bytes: Uint8Array) => void) {}

  push(bytes: Uint8Array): void {
    if (this.chunks.length === 0) queueMicrotask(() => this.flush());
    this.chunks.push(bytes);
    this.size += bytes.length;
  }

  flush(): void {
    if (this.chunks.length === 0) return;
    const out = this.chunks.length === 1 ? this.chunks[0]! : new Uint8Array(this.size);
    if (this.chunks.length > 1) {
      let at = 0;
      for (const chunk of this.chunks) {
        out.set(chunk, at);
        at += chunk.length;
      }
    }
    this.chunks = [];
    this.size = 0;
    this.flushTo(out);
  }
}
