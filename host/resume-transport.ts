// Resumes the table's link session across a host restart (PROTOCOL.md §6): shifts sequence numbers between a fresh Link and the table.
import { FrameReader, encodeFrame, type Packet } from '../hardware/codec.js';
import { MSG, decodeMessage, isSequencedType } from '../hardware/messages.js';
import type { Transport, TransportEvent } from '../hardware/transport.js';

/**
 * A host that persists its `hostSession` and how many table events it had received can resume the same
 * session after a restart and lose nothing: the table keeps the events it had not had acknowledged and
 * resends them (PROTOCOL.md §6.3). A new Link numbers both directions from 0, so this transport sits under
 * it and shifts the numbers: table seq = link seq + `received`, and the table's expected host seq (its
 * HELLO_REPLY ack) = link seq + `txOffset`. When the table answers with `sessionReset` (it rebooted, or never
 * knew this session) both offsets drop to 0 and `onSessionReset` tells the host to count afresh.
 *
 * Frames the decoder rejects (bad CRC) are dropped here; the link's resends cover them.
 */
export class ResumeTransport implements Transport {
  private rxOffset: number;
  private txOffset = 0;
  private readonly fromTable = new FrameReader();
  private readonly fromLink = new FrameReader();

  constructor(
    private readonly inner: Transport,
    /** Table events the previous host process received in this session (0 for a new session). */
    received: number,
    private readonly onSessionReset: () => void,
  ) {
    this.rxOffset = received & 0xffff;
  }

  get isOpen(): boolean {
    return this.inner.isOpen;
  }

  open(): Promise<void> {
    return this.inner.open();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  write(bytes: Uint8Array): void {
    const frames: Uint8Array[] = [];
    for (const result of this.fromLink.push(bytes)) {
      if (result.kind !== 'frame') continue;
      const p = result.packet;
      frames.push(
        this.encode(p, isSequencedType(p.type) ? p.seq + this.txOffset : p.seq, p.ack + this.rxOffset),
      );
    }
    if (frames.length === 1) this.inner.write(frames[0]!);
    else if (frames.length > 1) this.inner.write(concat(frames));
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.inner.subscribe((event) => {
      if (event.type === 'open' || event.type === 'closed') {
        this.fromTable.reset();
        this.fromLink.reset();
      }
      if (event.type !== 'data') return listener(event);
      const frames: Uint8Array[] = [];
      for (const result of this.fromTable.push(event.bytes)) {
        if (result.kind !== 'frame') continue;
        const p = result.packet;
        if (p.type === MSG.HELLO_REPLY) {
          const reply = decodeMessage(p.type, p.payload);
          if (reply.ok && reply.value.kind === 'helloReply') {
            if (reply.value.flags.sessionReset) {
              this.onSessionReset();
              this.rxOffset = 0;
              this.txOffset = 0;
            } else {
              // The table expects our next command as `ack`; a fresh Link sends it as seq 0.
              this.txOffset = p.ack;
            }
          }
        }
        frames.push(
          this.encode(p, isSequencedType(p.type) ? p.seq - this.rxOffset : p.seq, p.ack - this.txOffset),
        );
      }
      if (frames.length > 0)
        listener({ type: 'data', bytes: frames.length === 1 ? frames[0]! : concat(frames) });
    });
  }

  private encode(packet: Packet, seq: number, ack: number): Uint8Array {
    if (seq === packet.seq && ack === packet.ack) return encodeFrame(packet);
    return encodeFrame({ ...packet, seq: seq & 0xffff, ack: ack & 0xffff });
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
