// Reliable delivery without I/O: two channels over a simulated lossy FIFO line, driven by a manual time value.
import { describe, expect, it } from 'vitest';
import type { Packet } from './codec.js';
import { MSG } from './messages.js';
import { DEFAULT_RELIABLE, ReliableChannel, type Delivered } from './reliable.js';
import { createRng } from '../machines/rng.js';

/** Two channels joined by a line that loses packets with probability `loss`, delivering after `delayMs`, in order. */
function line(loss: number, seed = 1, delayMs = 1) {
  const rng = createRng(seed);
  let now = 0;
  const inFlight: { at: number; to: 'a' | 'b'; packet: Packet }[] = [];
  const got = { a: [] as Delivered[], b: [] as Delivered[] };
  const send = (to: 'a' | 'b') => (packet: Packet) => {
    if (rng.next() >= loss) inFlight.push({ at: now + delayMs, to, packet });
  };
  const a: ReliableChannel = new ReliableChannel(send('b'));
  const b: ReliableChannel = new ReliableChannel(send('a'));
  const deliver = (to: 'a' | 'b', packet: Packet): void => {
    const channel = to === 'a' ? a : b;
    const sack =
      packet.type === MSG.ACK
        ? packet.payload[0]! |
          (packet.payload[1]! << 8) |
          (packet.payload[2]! << 16) |
          (packet.payload[3]! << 24)
        : 0;
    got[to].push(...channel.receive(packet, now, sack >>> 0));
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
