// Fragments (PROTOCOL.md §3.6): split and joined again; broken sequences refused with a counted reason; a fuzz of
// the reassembly states.
import { describe, expect, it } from 'vitest';
import { createRng } from '../table/rng.js';
import {
  COMMAND_FRAGMENT,
  EVENT_FRAGMENT,
  MAX_REASSEMBLED,
  Reassembler,
  splitMessage,
  type WholeMessage,
} from './fragments.js';

const bytes = (n: number, seed = 1): Uint8Array => {
  const rng = createRng(seed);
  return Uint8Array.from({ length: n }, () => rng.int(256));
};

/** Feeds the parts of a message to a reassembler as the channel would, numbered from `seq`. */
const feed = (r: Reassembler, parts: { type: number; payload: Uint8Array }[], seq = 0) =>
  parts.map((p, i) => r.push({ seq: seq + i, type: p.type, payload: p.payload }));

describe('fragments', () => {
  it('leaves a message that fits alone, and splits a long one into fragments of at most N data bytes', () => {
    expect(splitMessage(0x42, bytes(24), 24)).toEqual([{ type: 0x42, payload: bytes(24) }]);
    const parts = splitMessage(0x42, bytes(140), 24);
    expect(parts).toHaveLength(6);
    expect(parts.every((p) => p.type === EVENT_FRAGMENT && p.payload[0] === 0x42)).toBe(true);
    expect(parts.map((p) => p.payload[1])).toEqual([3, 1, 1, 1, 1, 0]); // bit 0: more follow; bit 1: the first
    expect(parts.map((p) => p.payload.length - 2)).toEqual([24, 24, 24, 24, 24, 20]);
    expect(splitMessage(0x27, bytes(30), 24)[0]!.type).toBe(COMMAND_FRAGMENT);
  });

  it("joins consecutive fragments into the whole message, known by its first fragment's seq", () => {
    const r = new Reassembler();
    const payload = bytes(300, 4);
    const out = feed(r, splitMessage(0x52, payload, 24), 65530); // across the u16 wrap: seqs are only names here
    expect(out.slice(0, -1).every((m) => m === null)).toBe(true);
    expect(out.at(-1)).toEqual({ seq: 65530, type: 0x52, payload });
    expect(r.pending).toBe(false);
    expect(r.push({ seq: 9, type: 0x46, payload: Uint8Array.of(1, 2) })).toEqual({
      seq: 9,
      type: 0x46,
      payload: Uint8Array.of(1, 2),
    });
  });

  it('drops a broken sequence and counts why: interrupted, orphan, type changed, too short, too long', () => {
    const r = new Reassembler();
    const [first, second] = splitMessage(0x42, bytes(60), 24);
    r.push({ seq: 0, ...first! });
    // A whole message in the middle of a fragmented one: the half message is dropped, the whole one delivered.
    expect(r.push({ seq: 1, type: 0x41, payload: new Uint8Array(0) })).toMatchObject({ type: 0x41 });
    expect(r.errors.interrupted).toBe(1);
    expect(r.push({ seq: 2, ...second! })).toBeNull();
    expect(r.errors.orphan).toBe(1);
    r.push({ seq: 2, ...first! });
    r.push({ seq: 3, type: EVENT_FRAGMENT, payload: Uint8Array.of(0x52, 0, 7) });
    expect(r.errors.typeChanged).toBe(1);
    expect(r.push({ seq: 4, type: EVENT_FRAGMENT, payload: Uint8Array.of(0x52, 0) })).toBeNull(); // no data
    expect(r.push({ seq: 5, type: EVENT_FRAGMENT, payload: Uint8Array.of(0x03, 0, 1) })).toBeNull(); // an ACK inside
    expect(r.errors.badFragment).toBe(2);
    const huge = splitMessage(0x52, bytes(MAX_REASSEMBLED + 1), 200);
    expect(feed(r, huge).every((m) => m === null)).toBe(true);
    expect(r.errors.tooLong).toBe(1);
  });
});

describe('fuzz: reassembly of 50,000 random fragment sequences', () => {
  it('never throws; every message sent whole after junk arrives whole, in order; junk never mixes into one', () => {
    const rng = createRng(13);
    const r = new Reassembler();
    const sent = new Map<number, WholeMessage>(); // well-formed messages by their first seq
    const got: WholeMessage[] = [];
    let seq = 0;
    let junk = 0;
    for (let n = 0; n < 50_000; n++) {
      if (rng.int(10) < 6) {
        // A well-formed message, fragmented or not: its parts arrive together, as the channel delivers them.
        const type = 0x40 + rng.int(0x3f);
        const payload = Uint8Array.from({ length: rng.int(200) }, () => rng.int(256));
        sent.set(seq, { seq, type, payload });
        for (const part of splitMessage(type, payload, 1 + rng.int(40))) {
          const whole = r.push({ seq: seq++, ...part });
          if (whole !== null) got.push(whole);
        }
      } else {
        // Junk: a fragment or any message with random bytes, as a broken peer might send.
        const type = rng.int(3) === 0 ? EVENT_FRAGMENT : rng.int(256);
        const payload = Uint8Array.from({ length: rng.int(8) }, () => rng.int(256));
        const whole = r.push({ seq: seq++, type, payload });
        if (whole !== null) got.push(whole);
        junk++;
      }
    }
    const fromSent = got.filter((m) => sent.has(m.seq));
    const same = (a: WholeMessage, b: WholeMessage) =>
      a.seq === b.seq && a.type === b.type && Buffer.from(a.payload).equals(Buffer.from(b.payload));
    const expected = [...sent.values()];
    expect(fromSent.length).toBe(expected.length);
    expect(fromSent.every((m, i) => same(m, expected[i]!))).toBe(true);
    // What else came out is junk that was itself a whole message (or a one-fragment one), never a mix.
    for (const m of got) if (!sent.has(m.seq)) expect(m.payload.length).toBeLessThanOrEqual(8);
    expect(junk).toBeGreaterThan(15_000);
    expect(Object.values(r.errors).reduce((a, b) => a + b, 0)).toBeGreaterThan(500);
  });
});
