// Paces writes to a baud rate (10 bits per byte: start, 8 data, stop), since a PTY delivers bytes as fast as it can.
import type { Clock } from '../clock.js';
import type { Transport, TransportEvent } from '../transport.js';

export class PacedTransport implements Transport {
  private freeAt = 0;

  constructor(
    private readonly inner: Transport,
    private readonly baud: number,
    private readonly clock: Clock,
  ) {
    if (!(baud > 0)) throw new Error(`baud must be positive, not ${baud}`);
  }

  get isOpen(): boolean {
    return this.inner.isOpen;
  }

  open(): Promise<void> {
    return this.inner.open();
  }

  /** The bytes leave when the wire is free; they arrive once their last bit is sent. */
  write(bytes: Uint8Array): void {
    const now = this.clock.now();
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + (bytes.length * 10 * 1000) / this.baud;
    const copy = bytes.slice();
    this.clock.setTimeout(() => this.inner.write(copy), this.freeAt - now);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.inner.subscribe(listener);
  }
}

/**
 * A retransmission timeout floor for a line of this baud rate: a full window of typical frames (32 × 20 bytes)
 * takes this long to leave, so an acknowledgement cannot come sooner for the last of them.
 * Example: 115200 baud → 56 ms.
 */
export const minRtoForBaud = (baud: number, window = 32, frameBytes = 20): number =>
  Math.ceil((window * frameBytes * 10 * 1000) / baud);
