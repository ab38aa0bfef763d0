// Reliable delivery without I/O: two channels over a simulated lossy FIFO line, driven by a manual time value.
import { describe, expect, it } from 'vitest';
import type { Packet } from './codec.js';
import { MSG } from './messages.js';
import { DEFAULT_RELIABLE, ReliableChannel, type Delivered } from './reliable.js';
import { createRng } from '../table/rng.js';

/**
 * Two channels joined by a line that loses packets with probability `loss`, delivering after `delayMs`, in order.
 * From version 2 a lost packet arrives damaged: the receiver notices it (§3.7).
 */
function line(loss: number, seed = 1, delayMs = 1, version = 1) {
  const rng = createRng(seed);
  let now = 0;
  const inFlight: { at: number; to: 'a' | 'b'; packet: Packet | null }[] = [];
  const got = { a: [] as Delivered[], b: [] as Delivered[] };
  const send = (to: 'a' | 'b') => (packet: Packet) => {
    inFlight.push({ at: now + delayMs, to, packet: rng.next() >= loss ? packet : null });
  };
  const a: ReliableChannel = new ReliableChannel(send('b'));
  const b: ReliableChannel = new ReliableChannel(send('a'));
  a.version = b.version = version;
  const deliver = (to: 'a' | 'b', packet: Packet | null): void => {
    const channel = to === 'a' ? a : b;
    if (packet === null) return channel.noteDamaged(now);
    const sack =
      packet.type === MSG.ACK
        ? packet.payload[0]! |
          (packet.payload[1]! << 8) |
          (packet.payload[2]! << 16) |
          (packet.payload[3]! << 24)
        : 0;
    const damaged = packet.type === MSG.ACK && packet.payload.length > 4 && (packet.payload[4]! & 1) === 1;
    got[to].push(...channel.receive(packet, now, sack >>> 0, damaged));
  };
  const step = (ms: number): void => {
    const end = now + ms;
    while (now < end) {
      now += 1;
      while (inFlight.length > 0 && inFlight[0]!.at <= now) {
        const { to, packet } = inFlight.shift()!;
        deliver(to, packet);
      }
      if (a.nextDeadline() <= now) a.poll(now);
      if (b.nextDeadline() <= now) b.poll(now);
    }
  };
  return { a, b, got, step, now: () => now, inFlight };
}

const payloadOf = (i: number): Uint8Array => Uint8Array.of(i & 0xff, (i >> 8) & 0xff, (i >> 16) & 0xff);
const indexOf = (d: Delivered): number => d.payload[0]! | (d.payload[1]! << 8) | (d.payload[2]! << 16);

describe('ReliableChannel', () => {
  it('delivers both ways exactly once and in order through 30% packet loss, across the u16 seq wrap', () => {
    const l = line(0.3, 7);
    const N = 70_000; // past 65,535: the sequence numbers wrap
    let sentA = 0;
    let sentB = 0;
    while (l.got.b.length < N || l.got.a.length < 500) {
      while (l.a.backlog < 64 && sentA < N) l.a.enqueue(0x47, payloadOf(sentA++), l.now());
      while (l.b.backlog < 8 && sentB < 500) l.b.enqueue(0x21, payloadOf(sentB++), l.now());
      l.step(5);
      expect(l.now()).toBeLessThan(3_600_000);
    }
    expect(l.got.b.map(indexOf).every((v, i) => v === i)).toBe(true);
    expect(l.got.a.map(indexOf).every((v, i) => v === i)).toBe(true);
    expect(l.a.counters.resends).toBeGreaterThan(0);
    expect(l.a.gaveUp).toBe(false);
  });

  it('keeps at most the window in flight', () => {
    const l = line(1); // nothing arrives
    for (let i = 0; i < 100; i++) l.a.enqueue(0x47, payloadOf(i), 0);
    expect(l.a.counters.sent).toBe(DEFAULT_RELIABLE.window);
  });

  it('backs off exponentially and gives up after the bounded number of resends', () => {
    const l = line(1);
    l.a.enqueue(0x47, payloadOf(0), 0);
    const resendTimes: number[] = [];
    let last = l.a.counters.sent;
    while (!l.a.gaveUp && l.now() < 600_000) {
      l.step(1);
      if (l.a.counters.sent !== last) {
        resendTimes.push(l.now());
        last = l.a.counters.sent;
      }
    }
    expect(l.a.gaveUp).toBe(true);
    expect(l.a.counters.resends).toBe(DEFAULT_RELIABLE.maxResends);
    const gaps = resendTimes.map((t, i) => t - (i === 0 ? 0 : resendTimes[i - 1]!));
    expect(gaps[0]).toBe(DEFAULT_RELIABLE.initialRtoMs); // the first transmission's timeout
    expect(gaps[1]).toBe(2 * DEFAULT_RELIABLE.initialRtoMs); // then doubled at each timeout
    expect(gaps[2]).toBe(4 * DEFAULT_RELIABLE.initialRtoMs);
    expect(Math.max(...gaps)).toBe(DEFAULT_RELIABLE.maxRtoMs);
  });

  it('suppresses duplicates: a resent message whose ack was lost is delivered once', () => {
    const l = line(0);
    l.a.enqueue(0x47, payloadOf(1), 0);
    l.step(2);
    // Replay the very same packet, as a resend after a lost ack would.
    const copy: Packet = { version: 1, type: 0x47, seq: 0, ack: 0, payload: payloadOf(1) };
    l.got.b.push(...l.b.receive(copy, l.now()));
    expect(l.got.b.length).toBe(1);
    expect(l.b.counters.duplicates).toBe(1);
  });

  it('resumes after a handshake: everything unacknowledged is resent once the peer acks what it has', () => {
    // The peer says it has seq 0 and 1; a resumes and resends 2, 3, 4 at once.
    const out: Packet[] = [];
    const c = new ReliableChannel((p) => out.push(p));
    for (let i = 0; i < 5; i++) c.enqueue(0x47, payloadOf(i), 0);
    out.length = 0;
    c.resume(2, 100);
    expect(out.filter((p) => p.type === 0x47).map((p) => p.seq)).toEqual([2, 3, 4]);
    expect(c.backlog).toBe(3);
  });
});

describe('ReliableChannel timing (issue 13 item 0)', () => {
  it('resends at exactly the deadline it announced, also at fractional times (the owner timer never spins)', () => {
    const sent: Packet[] = [];
    const channel = new ReliableChannel((p) => sent.push(p));
    // 29.23 + 100 - 29.23 < 100 in binary floating point.
    channel.enqueue(0x47, Uint8Array.of(1), 29.23);
    const due = channel.nextDeadline();
    expect(due).toBeCloseTo(129.23);
    channel.poll(due);
    // Before the fix, `now - sentAt >= rto` was false at `now === sentAt + rto` (float rounding): no resend,
    // the same deadline again, and the link's timer fired at that instant for ever.
    expect(sent.filter((p) => p.type === 0x47)).toHaveLength(2);
    expect(channel.nextDeadline()).toBeGreaterThan(due);
  });
});

describe('ReliableChannel, version 2 (issue 13 item 2: PROTOCOL.md §3.6, §3.7)', () => {
  const long = (i: number): Uint8Array => Uint8Array.from({ length: 140 }, (_, k) => (i * 7 + k) & 0xff);

  it('carries long messages in fragments through 30% loss, each whole, exactly once and in order', () => {
    const l = line(0.3, 8, 1, 2);
    const N = 2000;
    let sent = 0;
    while (l.got.b.length < N) {
      while (l.a.backlog < 40 && sent < N) l.a.enqueue(0x42, long(sent++), l.now());
      l.step(5);
      expect(l.now()).toBeLessThan(3_600_000);
    }
    expect(l.got.b.map((d) => d.type).every((t) => t === 0x42)).toBe(true);
    expect(l.got.b.every((d, i) => Buffer.from(d.payload).equals(Buffer.from(long(i))))).toBe(true);
    expect(l.a.counters.sent).toBeGreaterThan(N * 6); // six fragments of 24 bytes each
    expect(l.b.reassemblyErrors).toMatchObject({ badFragment: 0, orphan: 0, interrupted: 0, typeChanged: 0 });
  });

  it('resends a damaged frame at once instead of at its timeout, without backing off', () => {
    for (const version of [1, 2]) {
      const sent: Packet[] = [];
      const a = new ReliableChannel((p) => sent.push(p));
      const b = new ReliableChannel((p) => a.receive(p, 0, sackOf(p), damagedOf(p)));
      a.version = b.version = version;
      a.enqueue(0x47, payloadOf(1), 0);
      // The frame arrives damaged: b cannot read it, only notice it.
      b.noteDamaged(0);
      b.poll(0);
      const data = sent.filter((p) => p.type === 0x47);
      // Version 2: b's ACK says "damaged" and a resends at once; version 1 waits for the 100 ms timeout.
      expect(data.length).toBe(1);
      a.poll(1);
      expect(sent.filter((p) => p.type === 0x47).length, `version ${version}`).toBe(version === 2 ? 2 : 1);
    }
  });

  it('sends a half-sent fragmented message again from its first fragment after a session reset', () => {
    const out: Packet[] = [];
    const c = new ReliableChannel((p) => out.push(p));
    c.version = 2;
    const seq = c.enqueue(0x42, long(1), 0);
    expect(out.map((p) => p.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    c.receive({ version: 2, type: MSG.ACK, seq: 0, ack: 3, payload: new Uint8Array(5) }, 1); // 3 arrived
    expect(c.backlog).toBe(3);
    out.length = 0;
    const { renumbered } = c.reset(true);
    expect(renumbered).toEqual([[seq, 0]]);
    c.poll(2);
    expect(out.map((p) => p.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(out[0]!.payload[1]).toBe(3); // first, more
  });
});

function sackOf(p: Packet): number {
  if (p.type !== MSG.ACK) return 0;
  return (p.payload[0]! | (p.payload[1]! << 8) | (p.payload[2]! << 16) | (p.payload[3]! << 24)) >>> 0;
}
function damagedOf(p: Packet): boolean {
  return p.type === MSG.ACK && p.payload.length > 4 && (p.payload[4]! & 1) === 1;
}
