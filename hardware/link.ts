// The host end of the table link: handshake, acks and resends, heartbeat, resync after reconnect or reboot,
// turning frames into typed TableEvents in order and exactly once; keeps statistics for diagnostics.
import { isDamage, type Packet } from './codec.js';
import { FramingDetector, type FramingName } from './framing.js';
import { systemClock, type Clock, type TimerHandle } from './clock.js';
import {
  LINK_VERSION,
  MSG,
  PROTOCOL_VERSION,
  decodeMessage,
  encodeMessage,
  isSequencedType,
  type WireMessage,
} from './messages.js';
import { DEFAULT_RELIABLE, ReliableChannel, type ReliableOptions } from './reliable.js';
import { WriteBatcher, type Transport } from './transport.js';
import type {
  Capabilities,
  Fault,
  LinkStats,
  TableCommand,
  TableCommandType,
  TableEvent,
} from '../table/table-events.js';

export interface LinkOptions {
  readonly clock?: Clock;
  /** Host PING interval; the table sees a beat at least this often. */
  readonly heartbeatMs?: number;
  /** Beats without any valid frame from the table before the link is declared lost. */
  readonly missedBeats?: number;
  /** Silence after which the table stops its motors (sent in HELLO). */
  readonly hostTimeoutMs?: number;
  readonly reliable?: Partial<ReliableOptions>;
  /** Sends getState after every handshake, so the machines can compare (default true). */
  readonly resyncOnConnect?: boolean;
  /** Host session id (random by default); a host that persists it and its acks could resume after a restart. */
  readonly hostSession?: number;
  /** Resumes the link session `hostSession` that a previous host process had with the table (PROTOCOL.md §6). */
  readonly resume?: LinkResume;
  /** The framing HELLOs go out in until the table shows its own (PROTOCOL.md §2.2; default COBS). */
  readonly framing?: FramingName;
  /** The highest header version offered in HELLO (default LINK_VERSION; 1 turns fragments and damage reports off). */
  readonly linkVersion?: number;
  /** How long HELLOs may go unanswered on an open port before `link.unreachable` (noAnswer) says so (default 5 s). */
  readonly answerTimeoutMs?: number;
}

/** What a host process that persisted its link session knows of it. */
export interface LinkResume {
  /**
   * `Link.received` as it stood after the last table event the previous process kept: the sequenced messages it
   * had taken in the session (a fragmented event takes several), so the next event seq is this modulo 65536.
   */
  readonly received: number;
  /** The table started the session afresh (it rebooted, or never knew it): the count starts again at 0. */
  readonly onSessionReset: () => void;
}

export type LinkState = LinkStats['state'];

interface TableIdentity {
  readonly protocol: number;
  readonly firmware: string;
  readonly capabilities: Capabilities;
  readonly bootId: number;
}

const RTT_SAMPLES = 512;

export class Link {
  private readonly clock: Clock;
  private readonly heartbeatMs: number;
  private readonly missedBeats: number;
  private readonly hostTimeoutMs: number;
  private readonly resyncOnConnect: boolean;
  readonly hostSession: number;
  private readonly resume: LinkResume | null;
  private readonly linkVersion: number;
  private readonly answerTimeoutMs: number;
  private receivedThrough = 0;
  private readonly channel: ReliableChannel;
  private readonly framing: FramingDetector;
  private readonly out: WriteBatcher;
  private readonly listeners = new Set<(event: TableEvent) => void>();
  private unsubscribe: (() => void) | null = null;
  private timer: TimerHandle | null = null;
  private timerAt = Infinity;
  private state: LinkState = 'connecting';
  private identity: TableIdentity | null = null;
  private everUp = false;
  private lastHeardAt = 0;
  private nextPingAt = 0;
  private nextHelloAt = 0;
  /** The port the transport last opened (or tried), and since when the HELLOs have gone unanswered on it. */
  private port: string | null = null;
  private waitingSince = 0;
  /** `link.unreachable` said this (reason and detail) since the link was last up: it is not said again. */
  private unreachableSaid: string | null = null;
  private noAnswerSaid = false;
  private pingToken = 1;
  private readonly pings = new Map<number, number>();
  private readonly rtts: number[] = [];
  private lastRtt: number | null = null;
  private nextCommandId = 1;
  /** Wire seq → command id and type, for `table.commandRejected`. Cleared with the channel. */
  private readonly commandsBySeq = new Map<number, { id: number; type: TableCommandType }>();
  private readonly faults: (Fault & { at: number })[] = [];
  private readonly counts = {
    framesSent: 0,
    framesReceived: 0,
    eventsDelivered: 0,
    crcErrors: 0,
    badFrames: 0,
    reconnects: 0,
    reboots: 0,
    droppedOnReboot: 0,
  };

  constructor(
    private readonly transport: Transport,
    options: LinkOptions = {},
  ) {
    this.clock = options.clock ?? systemClock();
    this.heartbeatMs = options.heartbeatMs ?? 250;
    this.missedBeats = options.missedBeats ?? 4;
    this.hostTimeoutMs = options.hostTimeoutMs ?? 1000;
    this.resyncOnConnect = options.resyncOnConnect ?? true;
    this.hostSession = (options.hostSession ?? Math.floor(Math.random() * 0xffffffff)) >>> 0;
    this.out = new WriteBatcher((bytes) => this.transport.write(bytes));
    this.channel = new ReliableChannel((packet) => this.writePacket(packet), {
      ...DEFAULT_RELIABLE,
      ...options.reliable,
    });
    this.channel.sending = false;
    this.framing = new FramingDetector(options.framing ?? 'cobs');
    this.resume = options.resume ?? null;
    this.linkVersion = options.linkVersion ?? LINK_VERSION;
    this.answerTimeoutMs = options.answerTimeoutMs ?? 5000;
    // The HELLO's ack tells the table which events this host already has.
    if (this.resume !== null) this.channel.reset(true, { tx: 0, rx: this.resume.received });
    this.receivedThrough = this.channel.received;
  }

  /** Receives every TableEvent (table.* in order, exactly once; link.* as they happen). */
  subscribe(listener: (event: TableEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the transport and starts handshaking; resolves when the transport is open (not when the link is up). */
  async start(): Promise<void> {
    this.unsubscribe = this.transport.subscribe((event) => {
      switch (event.type) {
        case 'open':
          this.onOpen(event.path);
          break;
        case 'data':
          this.onData(event.bytes);
          break;
        case 'closed':
          this.onClosed(event.reason);
          break;
        case 'error':
          this.emit({ type: 'link.lost', reason: 'error', detail: event.message });
          break;
        case 'openFailed':
          if (event.path !== null) this.port = event.path;
          if (this.state !== 'up' && this.state !== 'closed')
            this.sayUnreachable('cannotOpen', event.message, Math.round(this.clock.now() - this.waitingSince));
          break;
      }
    });
    this.waitingSince = this.clock.now();
    await this.transport.open(); // every transport announces itself with an `open` event
  }

  /** Resolves once the link is up (handshake done), or rejects after `timeoutMs`. */
  whenUp(timeoutMs = 5000): Promise<void> {
    if (this.state === 'up') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = this.clock.setTimeout(() => {
        off();
        reject(new Error(`the table did not answer the handshake within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.subscribe((event) => {
        if (event.type === 'link.up') {
          this.clock.clearTimeout(timer);
          off();
          resolve();
        }
      });
    });
  }

  /**
   * Sends a command reliably (queued across reconnects; dropped if the table reboots, which the
   * `link.rebooted` event announces). Returns the command id that a `table.commandRejected` would name.
   */
  send(command: TableCommand): number {
    const id = this.nextCommandId++;
    const { type, payload } = encodeMessage({ kind: 'command', command });
    const seq = this.channel.enqueue(type, payload, this.clock.now());
    this.commandsBySeq.set(seq, { id, type: command.type });
    if (this.commandsBySeq.size > 4096) this.commandsBySeq.delete(this.commandsBySeq.keys().next().value!);
    this.reschedule();
    return id;
  }

  async close(): Promise<void> {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.state = 'closed';
    this.unsubscribe?.();
    await this.transport.close();
  }

  get linkState(): LinkState {
    return this.state;
  }

  get table(): TableIdentity | null {
    return this.identity;
  }

  /** The framing the table speaks (COBS until a line table shows itself). */
  get framingName(): FramingName {
    return this.framing.current.name;
  }

  /**
   * Sequenced messages taken from the table in this link session through the last table event emitted (a
   * fragmented event takes several; an event this host cannot decode one too). A host that persists it after
   * each event resumes the session after a restart with `LinkOptions.resume` and loses nothing.
   */
  get received(): number {
    return this.receivedThrough;
  }

  /** Unacknowledged commands. */
  get backlog(): number {
    return this.channel.backlog;
  }

  stats(): LinkStats {
    const sorted = [...this.rtts].sort((a, b) => a - b);
    const pct = (p: number): number | null =>
      sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
    return {
      state: this.state,
      protocol: this.identity?.protocol ?? null,
      firmware: this.identity?.firmware ?? null,
      bootId: this.identity?.bootId ?? null,
      framesSent: this.counts.framesSent,
      framesReceived: this.counts.framesReceived,
      eventsDelivered: this.counts.eventsDelivered,
      resends: this.channel.counters.resends,
      crcErrors: this.counts.crcErrors,
      badFrames: this.counts.badFrames,
      duplicates: this.channel.counters.duplicates,
      reconnects: this.counts.reconnects,
      reboots: this.counts.reboots,
      rttMs: { p50: pct(0.5), p99: pct(0.99), last: this.lastRtt },
      lastFaults: [...this.faults],
    };
  }

  // -------------------------------------------------------------------------------------------

  private onOpen(path: string): void {
    if (this.state === 'closed') return;
    this.framing.redetect(); // another table may be on the port now
    const now = this.clock.now();
    this.port = path;
    this.waitingSince = now;
    this.noAnswerSaid = false;
    this.lastHeardAt = now;
    this.nextHelloAt = now;
    this.reschedule();
  }

  /**
   * `link.unreachable`, once per cause until the link is up again: the operator learns why it is not, in words,
   * instead of a session that sits "connecting" (issue 12); the transport and the HELLOs keep trying.
   */
  private sayUnreachable(reason: 'cannotOpen' | 'noAnswer', detail: string, waitedMs: number): void {
    const said = `${reason} ${detail}`;
    if (said === this.unreachableSaid) return;
    this.unreachableSaid = said;
    this.emit({ type: 'link.unreachable', reason, port: this.port, detail: detail.slice(0, 1000), waitedMs: Math.max(0, waitedMs) });
  }

  private onClosed(reason: string): void {
    if (this.state === 'closed') return;
    this.channel.sending = false;
    if (this.state === 'up') this.declareLost('closed', `transport closed: ${reason}`);
    this.state = 'connecting';
  }

  private declareLost(reason: 'heartbeat' | 'closed' | 'error', detail: string): void {
    this.state = 'lost';
    this.channel.sending = false;
    this.framing.redetect();
    this.emit({ type: 'link.lost', reason, detail });
    this.nextHelloAt = this.waitingSince = this.clock.now();
    this.noAnswerSaid = false;
  }

  private onData(bytes: Uint8Array): void {
    const now = this.clock.now();
    for (const result of this.framing.push(bytes)) {
      if (result.kind === 'skip') {
        if (result.reason === 'crc') this.counts.crcErrors++;
        else if (result.reason !== 'idle') this.counts.badFrames++;
        if (isDamage(result.reason) && this.state === 'up') this.channel.noteDamaged(now);
        continue;
      }
      if (result.kind !== 'frame') continue;
      this.onPacket(result.packet, now);
    }
    this.reschedule();
  }

  private onPacket(packet: Packet, now: number): void {
    if (packet.version !== this.channel.version && packet.type !== MSG.HELLO_REPLY) {
      this.counts.badFrames++;
      return;
    }
    const decoded = decodeMessage(packet.type, packet.payload);
    if (!decoded.ok && !(isSequencedType(packet.type) && this.state === 'up')) {
      this.counts.badFrames++;
      return;
    }
    this.counts.framesReceived++;
    // An event this host cannot decode (a newer firmware's) is still acknowledged in order, then skipped below.
    const message: WireMessage = decoded.ok ? decoded.value : { kind: 'ack', sack: 0 };
    if (message.kind === 'helloReply') {
      this.onHelloReply(packet, message, now);
      return;
    }
    if (this.state !== 'up') return; // nothing but a HELLO_REPLY counts until the handshake is done
    this.lastHeardAt = now;
    if (message.kind === 'ping') this.sendControl({ kind: 'pong', token: message.token });
    if (message.kind === 'pong') {
      const sentAt = this.pings.get(message.token);
      if (sentAt !== undefined) {
        this.pings.delete(message.token);
        this.recordRtt(now - sentAt);
      }
    }
    const ack = message.kind === 'ack' && decoded.ok ? message : null;
    const delivered = this.channel.receive(packet, now, ack?.sack ?? 0, ack?.damaged ?? false);
    for (const d of delivered) {
      this.receivedThrough = d.through ?? this.receivedThrough;
      const m = decodeMessage(d.type, d.payload);
      if (!m.ok || m.value.kind !== 'event') {
        this.counts.badFrames++;
        continue;
      }
      let event: TableEvent = m.value.event;
      if (event.type === 'table.commandRejected') {
        const sent = this.commandsBySeq.get(event.commandId);
        event = { ...event, commandId: sent?.id ?? 0, command: sent?.type ?? event.command };
      }
      if (event.type === 'table.fault') {
        this.faults.push({ ...event.fault, at: Date.now() });
        if (this.faults.length > 16) this.faults.shift();
      }
      this.counts.eventsDelivered++;
      this.emit(event);
    }
    if (this.channel.gaveUp)
      this.declareLost('heartbeat', 'a message went unacknowledged through every resend');
  }

  private onHelloReply(
    packet: Packet,
    message: Extract<WireMessage, { kind: 'helloReply' }>,
    now: number,
  ): void {
    if (message.hostSession !== this.hostSession) return; // a reply to some other host's HELLO
    if (packet.version < PROTOCOL_VERSION || packet.version > this.linkVersion) {
      this.emit({
        type: 'link.lost',
        reason: 'error',
        detail: `the table speaks protocol ${packet.version}, this host ${PROTOCOL_VERSION} to ${this.linkVersion}`,
      });
      return;
    }
    if (this.state === 'up') return; // a late duplicate reply
    // The table answers with the lower of its version and ours: from 2, fragments and damage reports (§3.6, §3.7).
    this.channel.version = packet.version;
    this.lastHeardAt = now;
    const previous = this.identity;
    const rebooted = previous !== null && previous.bootId !== message.bootId;
    this.identity = {
      protocol: packet.version,
      firmware: message.firmware,
      capabilities: message.capabilities,
      bootId: message.bootId,
    };
    if (message.flags.sessionReset || rebooted) {
      // The table starts from seq 0 both ways: what it never acknowledged is gone with its old state.
      // Commands queued for a table that then rebooted are dropped (the machines resync from `link.rebooted`
      // and the snapshot); commands queued before a first handshake or a session reset are kept, renumbered.
      if (message.flags.sessionReset) this.resume?.onSessionReset();
      this.restartChannel(!rebooted, { tx: 0, rx: 0 });
    } else if (!this.everUp && this.resume !== null) {
      // The session of a previous host process goes on: the table's ack is the seq it expects for our next command.
      this.restartChannel(true, { tx: packet.ack, rx: this.channel.received });
    }
    if (this.everUp) this.counts.reconnects++;
    if (rebooted) this.counts.reboots++;
    this.state = 'up';
    this.unreachableSaid = null;
    this.emit({
      type: 'table.hello',
      protocol: packet.version,
      firmware: message.firmware,
      capabilities: message.capabilities,
      bootId: message.bootId,
    });
    if (rebooted)
      this.emit({ type: 'link.rebooted', previousBootId: previous.bootId, bootId: message.bootId });
    this.emit({ type: 'link.up', bootId: message.bootId, reconnect: this.everUp });
    this.everUp = true;
    this.nextPingAt = now;
    this.channel.resume(packet.ack, now);
    if (this.resyncOnConnect) this.send({ type: 'getState' });
  }

  /** Restarts the reliable channel's numbering; the commands kept keep their ids for `table.commandRejected`. */
  private restartChannel(keepPending: boolean, start: { tx: number; rx: number }): void {
    const { dropped, renumbered } = this.channel.reset(keepPending, start);
    this.receivedThrough = start.rx;
    this.counts.droppedOnReboot += dropped.length;
    const bySeq = new Map(this.commandsBySeq);
    this.commandsBySeq.clear();
    for (const [from, to] of renumbered) {
      const sent = bySeq.get(from);
      if (sent !== undefined) this.commandsBySeq.set(to, sent);
    }
  }

  private tick(): void {
    this.timer = null;
    this.timerAt = Infinity;
    if (this.state === 'closed') return;
    const now = this.clock.now();
    if (this.transport.isOpen) {
      if (this.state === 'up') {
        if (now - this.lastHeardAt > this.heartbeatMs * this.missedBeats) {
          this.declareLost(
            'heartbeat',
            `no frame from the table for ${Math.round(now - this.lastHeardAt)} ms (${this.missedBeats} beats of ${this.heartbeatMs} ms)`,
          );
        } else {
          if (now >= this.nextPingAt) {
            const token = this.pingToken++ >>> 0;
            this.pings.set(token, now);
            if (this.pings.size > 64) this.pings.delete(this.pings.keys().next().value!);
            this.sendControl({ kind: 'ping', token });
            this.nextPingAt = now + this.heartbeatMs;
          }
          this.channel.poll(now);
          if (this.channel.gaveUp)
            this.declareLost('heartbeat', 'a message went unacknowledged through every resend');
        }
      }
      if (this.state !== 'up' && !this.noAnswerSaid && now - this.waitingSince >= this.answerTimeoutMs) {
        this.noAnswerSaid = true;
        this.sayUnreachable('noAnswer', 'nothing answered the handshake (HELLO)', Math.round(now - this.waitingSince));
      }
      if (this.state !== 'up' && now >= this.nextHelloAt) {
        this.sendControl({
          kind: 'hello',
          hostSession: this.hostSession,
          heartbeatMs: this.heartbeatMs,
          hostTimeoutMs: this.hostTimeoutMs,
        });
        this.nextHelloAt = now + this.heartbeatMs;
      }
    }
    this.reschedule();
  }

  private reschedule(): void {
    if (this.state === 'closed') return;
    let at: number;
    if (!this.transport.isOpen) at = Infinity;
    else if (this.state === 'up')
      at = Math.min(
        this.nextPingAt,
        this.lastHeardAt + this.heartbeatMs * this.missedBeats + 1,
        this.channel.nextDeadline(),
      );
    else at = this.nextHelloAt;
    if (at === Infinity) return;
    if (this.timer !== null && this.timerAt <= at) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.clock.setTimeout(() => this.tick(), Math.max(0, at - this.clock.now()));
  }

  private sendControl(message: WireMessage): void {
    const { type, payload } = encodeMessage(message);
    // HELLO offers the highest version this host speaks; everything else goes in the version agreed.
    this.channel.sendControl(
      type,
      payload,
      message.kind === 'hello' ? this.linkVersion : this.channel.version,
    );
  }

  private writePacket(packet: Packet): void {
    this.counts.framesSent++;
    this.out.push(this.framing.current.encode(packet));
  }

  private recordRtt(ms: number): void {
    this.lastRtt = ms;
    this.rtts.push(ms);
    if (this.rtts.length > RTT_SAMPLES) this.rtts.shift();
  }

  private emit(event: TableEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
