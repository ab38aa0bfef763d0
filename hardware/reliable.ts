// Reliable delivery for one direction pair, without I/O or timers: sequence numbers, cumulative + selective acks,
// resend with exponential backoff, duplicate suppression, a send window. Both the host link and the simulated
// firmware use it; the owner passes the time in and calls `poll` at `nextDeadline()` (PROTOCOL.md §3).
import { LINK_VERSION, PROTOCOL_VERSION, isSequencedType } from './messages.js';
import type { Packet } from './codec.js';
import { Reassembler, splitMessage, type WholeMessage } from './fragments.js';

export interface ReliableOptions {
  /** Most messages in flight unacknowledged (≤ 32: the SACK bitmap covers 32). */
  readonly window: number;
  readonly minRtoMs: number;
  readonly maxRtoMs: number;
  readonly initialRtoMs: number;
  /** Resends of one message per connection before the owner must declare the link lost. */
  readonly maxResends: number;
  /** Longest a received message waits for its acknowledgement (it rides on any packet sent meanwhile). */
  readonly ackDelayMs: number;
  /** Link version 2: data bytes per fragment of a long message (PROTOCOL.md §3.6). */
  readonly fragmentBytes: number;
}

export const DEFAULT_RELIABLE: ReliableOptions = {
  window: 32,
  minRtoMs: 10,
  maxRtoMs: 2000,
  initialRtoMs: 100,
  maxResends: 24,
  ackDelayMs: 5,
  fragmentBytes: 24,
};

/** u16 sequence arithmetic: distance from a forward to b. */
export const seqDiff = (b: number, a: number): number => (b - a) & 0xffff;

interface Outgoing {
  readonly seq: number;
  /** The whole message this is (a fragment of): kept so a session reset can send it again from the start. */
  readonly message: WholeMessage;
  readonly type: number;
  readonly payload: Uint8Array;
  /** Time of the last send, or -1 if never sent. */
  sentAt: number;
  sends: number;
  /** Timeout for the current transmission: the RTO when it was sent. */
  rto: number;
  sacked: boolean;
  /** Order of the last transmission among all transmissions of this end (for loss inference). */
  txSerial: number;
  /** Whether this message already gave an RTT sample (or cannot: it was resent). */
  sampled: boolean;
}

/**
 * When a message's resend falls due. `poll` and `nextDeadline` must agree to the last bit: with fractional times,
 * `now - sentAt >= rto` can be false at `now === sentAt + rto`, and the owner's timer then fires for ever.
 */
const dueAt = (m: Outgoing): number => (m.sentAt === -Infinity ? 0 : m.sentAt + m.rto);

export interface Delivered {
  readonly seq: number;
  readonly type: number;
  readonly payload: Uint8Array;
  /**
   * For a message `receive` delivers: how many sequenced messages (fragments count one each) this end has taken
   * in order in the session through this one, from `reset`'s `start.rx`. A host that persists it can resume.
   */
  readonly through?: number;
}

export interface ReliableCounters {
  sent: number;
  resends: number;
  duplicates: number;
  outOfWindow: number;
  rttSamples: number;
  /** Resends made at once because the peer reported a damaged frame (link version 2). */
  damagedResends: number;
}

export class ReliableChannel {
  private txNext = 0;
  private readonly queue: Outgoing[] = []; // unacked, in seq order; the first `window` of them may be in flight
  private rxNext = 0;
  private readonly rxBuffer = new Map<number, Delivered>();
  private readonly reassembler = new Reassembler();
  /** Sequenced messages taken in order in this session (not wrapped at 65536): see `Delivered.through`. */
  private taken = 0;
  private ackDueAt = Infinity;
  /** A damaged frame arrived since the last ACK: the next ACK says so (version 2). */
  private damagedSeen = false;
  /** The latest transmission the peer has acknowledged (cumulatively or selectively). */
  private ackedSerial = 0;
  private srtt = -1;
  private rttvar = 0;
  private txSerial = 0;
  /** Timeouts since the last round-trip sample: the RTO is doubled this many times. */
  private backoff = 0;
  /** Set when a message exceeded maxResends: the owner declares the link lost. */
  gaveUp = false;
  /** Whether new and resent sequenced messages may go out (false while the peer is unreachable). */
  sending = true;
  /**
   * The header version this end speaks with its peer, agreed in the handshake (PROTOCOL.md §2): from 2, long
   * messages are fragmented and damaged frames reported at once.
   */
  version: number = PROTOCOL_VERSION;
  readonly counters: ReliableCounters = {
    sent: 0,
    resends: 0,
    duplicates: 0,
    outOfWindow: 0,
    rttSamples: 0,
    damagedResends: 0,
  };

  constructor(
    private readonly output: (packet: Packet) => void,
    private readonly options: ReliableOptions = DEFAULT_RELIABLE,
  ) {}

  /**
   * Queues a sequenced message; returns its seq (its first fragment's, when fragmented). Sent at once if the
   * window allows.
   */
  enqueue(type: number, payload: Uint8Array, now: number): number {
    if (!isSequencedType(type)) throw new Error(`type 0x${type.toString(16)} is not a sequenced message`);
    const seq = this.push({ seq: this.txNext, type, payload });
    this.poll(now);
    return seq;
  }

  /** Numbers a whole message (or its fragments, from version 2) into the queue; returns its first seq. */
  private push(message: WholeMessage): number {
    const first = this.txNext;
    const whole = { ...message, seq: first };
    const parts =
      this.version >= LINK_VERSION
        ? splitMessage(message.type, message.payload, this.options.fragmentBytes)
        : [message];
    for (const part of parts) {
      this.queue.push({
        seq: this.txNext,
        message: whole,
        type: part.type,
        payload: part.payload,
        sentAt: -1,
        sends: 0,
        rto: 0,
        sacked: false,
        txSerial: 0,
        sampled: false,
      });
      this.txNext = (this.txNext + 1) & 0xffff;
    }
    return first;
  }

  /** Sends an unsequenced message now, carrying the current cumulative ack. */
  sendControl(type: number, payload: Uint8Array, version = this.version): void {
    // The cumulative ack rides on this packet; a damaged-frame report needs an ACK of its own.
    if (!this.damagedSeen || type === 0x03) this.ackDueAt = Infinity;
    if (type === 0x03) this.damagedSeen = false;
    this.output({ version, type, seq: 0, ack: this.rxNext, payload });
  }

  /** Sequenced messages taken in order in this session, not wrapped (`expected` is this modulo 65536). */
  get received(): number {
    return this.taken;
  }

  /** The cumulative ack this end would send: the next seq it expects. */
  get expected(): number {
    return this.rxNext;
  }

  /** Unacknowledged messages held (in flight or waiting for the window). */
  get backlog(): number {
    return this.queue.length;
  }

  /** The smoothed round-trip estimate, or null before the first sample. */
  get smoothedRtt(): number | null {
    return this.srtt < 0 ? null : this.srtt;
  }

  /**
   * Handles a packet's header ack and, if sequenced, its seq. Returns messages now deliverable, in order,
   * each exactly once. `sack` is the selective-ack bitmap when the packet was an ACK.
   */
  receive(packet: Packet, now: number, sack = 0, damaged = false): Delivered[] {
    this.onAck(packet.ack, sack, now);
    if (damaged) this.onDamaged();
    if (!isSequencedType(packet.type)) return [];
    const ahead = seqDiff(packet.seq, this.rxNext);
    if (ahead === 0) {
      const delivered: Delivered[] = [];
      const take = (d: Delivered): void => {
        this.taken++;
        const whole = this.reassembler.push(d);
        if (whole !== null) delivered.push({ ...whole, through: this.taken });
      };
      take({ seq: packet.seq, type: packet.type, payload: packet.payload });
      this.rxNext = (this.rxNext + 1) & 0xffff;
      for (
        let next = this.rxBuffer.get(this.rxNext);
        next !== undefined;
        next = this.rxBuffer.get(this.rxNext)
      ) {
        this.rxBuffer.delete(this.rxNext);
        take(next);
        this.rxNext = (this.rxNext + 1) & 0xffff;
      }
      // A gap still open after this delivery is reported at once; otherwise the ack may wait a little.
      this.ackDueAt = this.rxBuffer.size > 0 ? now : Math.min(this.ackDueAt, now + this.options.ackDelayMs);
      if (seqDiff(this.rxNext, 0) % 8 === 0) this.ackDueAt = now;
      this.poll(now);
      return delivered;
    }
    if (ahead >= 0x8000) {
      // Behind: a duplicate of something delivered. Re-ack at once so the sender stops resending.
      this.counters.duplicates++;
      this.ackDueAt = now;
    } else if (ahead < 32) {
      if (this.rxBuffer.has(packet.seq)) this.counters.duplicates++;
      else this.rxBuffer.set(packet.seq, { seq: packet.seq, type: packet.type, payload: packet.payload });
      this.ackDueAt = now; // a gap: tell the sender now, with the SACK bitmap
    } else {
      this.counters.outOfWindow++;
    }
    this.poll(now);
    return [];
  }

  /** Sends whatever is due (new messages in the window, resends, a pending ack). */
  poll(now: number): void {
    if (this.sending) {
      const limit = Math.min(this.queue.length, this.options.window);
      for (let i = 0; i < limit; i++) {
        const m = this.queue[i]!;
        if (m.sacked) continue;
        if (m.sentAt === -1) {
          this.transmit(m, now);
        } else if (now >= dueAt(m)) {
          if (m.sends > this.options.maxResends) {
            this.gaveUp = true;
            continue;
          }
          // Exponential backoff on timeouts (Karn): the RTO stays doubled until a fresh round-trip sample;
          // a fast retransmit (a known loss, not a slow peer) does not back off.
          if (m.sentAt !== -Infinity) this.backoff = Math.min(this.backoff + 1, 8);
          this.counters.resends++;
          this.transmit(m, now);
        }
      }
    }
    if (this.ackDueAt <= now) this.sendControl(0x03, this.ackBytes());
  }

  /**
   * A frame arrived damaged (bad CRC or framing): from version 2 the peer hears of it in an ACK at once, and
   * resends the frame it lost without waiting for its timeout.
   */
  noteDamaged(now: number): void {
    if (this.version < LINK_VERSION) return;
    this.damagedSeen = true;
    this.ackDueAt = now;
  }

  /** Fragments reassembly found broken (a peer that broke §3.6), by kind. */
  get reassemblyErrors(): Readonly<Record<string, number>> {
    return this.reassembler.errors;
  }

  /** When `poll` next has something to do (Infinity if nothing). */
  nextDeadline(): number {
    let at = this.ackDueAt;
    if (!this.sending) return at;
    const limit = Math.min(this.queue.length, this.options.window);
    for (let i = 0; i < limit; i++) {
      const m = this.queue[i]!;
      if (m.sacked) continue;
      at = Math.min(at, m.sentAt === -1 ? 0 : dueAt(m));
    }
    return at;
  }

  /**
   * After a handshake with the same peer session: the peer's cumulative ack settles what it has; everything
   * else is resent at once with a fresh resend budget.
   */
  resume(peerAck: number, now: number): void {
    this.onAck(peerAck, 0, now);
    for (const m of this.queue) {
      m.sentAt = -1;
      m.sends = 0;
      m.sacked = false;
    }
    this.ackedSerial = this.txSerial;
    this.gaveUp = false;
    this.sending = true;
    this.poll(now);
  }

  /**
   * Forgets both directions' state (new peer session or peer reboot): both sequences restart at `start` (0 and 0
   * for a new session; a host resuming a session from a previous process starts where the table stands). With
   * `keepPending`, queued messages survive, renumbered from `start.tx` (returned as [old seq, new seq] pairs);
   * otherwise they are dropped and returned.
   */
  reset(
    keepPending = false,
    start: { readonly tx: number; readonly rx: number } = { tx: 0, rx: 0 },
  ): { dropped: Delivered[]; renumbered: [number, number][] } {
    const dropped: Delivered[] = [];
    const renumbered: [number, number][] = [];
    // Whole messages, each once, in order: a half-sent fragmented one starts again from its first fragment.
    const messages = [...new Set(this.queue.map((m) => m.message))];
    this.queue.length = 0;
    this.txNext = start.tx & 0xffff;
    for (const message of messages) {
      if (keepPending) renumbered.push([message.seq, this.push(message)]);
      else dropped.push(message);
    }
    this.rxNext = start.rx & 0xffff;
    this.taken = start.rx;
    this.rxBuffer.clear();
    this.reassembler.reset();
    this.ackDueAt = Infinity;
    this.damagedSeen = false;
    this.gaveUp = false;
    return { dropped, renumbered };
  }

  private transmit(m: Outgoing, now: number): void {
    m.sentAt = now;
    m.sends++;
    // The timeout is taken at each transmission from the current estimate, so messages queued while the
    // estimate was low (before a burst filled a slow line) do not time out spuriously.
    m.rto = this.rto();
    m.txSerial = ++this.txSerial;
    this.counters.sent++;
    if (!this.damagedSeen) this.ackDueAt = Infinity; // the ack rides on this packet
    this.output({
      version: this.version,
      type: m.type,
      seq: m.seq,
      ack: this.rxNext,
      payload: m.payload,
    });
  }

  /** ACK payload: the selective-ack bitmap, and from version 2 a flags byte (bit 0: a frame arrived damaged). */
  private ackBytes(): Uint8Array {
    let bits = 0;
    for (let i = 0; i < 32; i++) if (this.rxBuffer.has((this.rxNext + 1 + i) & 0xffff)) bits |= 1 << i;
    const sack = [bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff];
    return this.version >= LINK_VERSION
      ? Uint8Array.of(...sack, this.damagedSeen ? 1 : 0)
      : Uint8Array.from(sack);
  }

  /**
   * The peer got a damaged frame. A serial line never reorders, so it was the first frame sent after the latest
   * one the peer acknowledged: the oldest message transmitted since then (not yet known to have arrived) is
   * resent at once, without backing off (it is damaged, not late). A guess that hits a control frame costs one
   * duplicate, which the peer drops.
   */
  private onDamaged(): void {
    let oldest: Outgoing | undefined;
    const limit = Math.min(this.queue.length, this.options.window);
    for (let i = 0; i < limit; i++) {
      const m = this.queue[i]!;
      if (m.sacked || m.sentAt < 0 || m.txSerial <= this.ackedSerial) continue;
      if (oldest === undefined || m.txSerial < oldest.txSerial) oldest = m;
    }
    if (oldest === undefined) return;
    oldest.sentAt = -Infinity;
    this.counters.damagedResends++;
  }

  private onAck(ack: number, sack: number, now: number): void {
    if (this.queue.length === 0) return;
    const acked = seqDiff(ack, this.queue[0]!.seq);
    // An ack outside [oldest unacked, next to send] is stale or foreign: ignore it.
    if (acked > seqDiff(this.txNext, this.queue[0]!.seq)) return;
    for (let i = 0; i < acked; i++) this.settle(this.queue.shift()!, now);
    if (sack !== 0) {
      let highest: Outgoing | undefined;
      for (let i = 0; i < 32; i++) {
        if ((sack & (1 << i)) === 0) continue;
        const m = this.queue[i + 1];
        if (m === undefined) continue;
        m.sacked = true;
        this.settle(m, now);
        if (highest === undefined || m.txSerial > highest.txSerial) highest = m;
      }
      // Fast retransmit. A serial line never reorders: if a message transmitted later has arrived, every unsacked
      // message whose last transmission came before it was lost. Resend those now instead of at their timeout.
      if (highest !== undefined) {
        for (const m of this.queue) {
          if (m === highest) break;
          if (!m.sacked && m.sentAt >= 0 && m.txSerial < highest.txSerial) m.sentAt = -Infinity;
        }
      }
    }
  }

  /** A message the peer acknowledged: it may give a round-trip sample, and it moves the acknowledged mark. */
  private settle(m: Outgoing, now: number): void {
    if (m.txSerial > this.ackedSerial) this.ackedSerial = m.txSerial;
    this.sample(m, now);
  }

  /** Karn's rule: only a message transmitted once gives a round-trip sample, at its first (s)ack. */
  private sample(m: Outgoing, now: number): void {
    if (m.sampled) return;
    m.sampled = true;
    if (m.sends === 1 && m.sentAt >= 0) this.sampleRtt(now - m.sentAt);
  }

  private sampleRtt(sample: number): void {
    this.counters.rttSamples++;
    this.backoff = 0;
    // RFC 6298 smoothing.
    if (this.srtt < 0) {
      this.srtt = sample;
      this.rttvar = sample / 2;
    } else {
      this.rttvar = 0.75 * this.rttvar + 0.25 * Math.abs(this.srtt - sample);
      this.srtt = 0.875 * this.srtt + 0.125 * sample;
    }
  }

  private rto(): number {
    const base =
      this.srtt < 0
        ? this.options.initialRtoMs
        : Math.max(this.options.minRtoMs, this.srtt + 4 * this.rttvar);
    return Math.min(this.options.maxRtoMs, base * 2 ** this.backoff);
  }
}
