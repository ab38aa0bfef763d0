// Framing tests: CRC check value, COBS round trips, bytes split at every boundary, garbage between frames, a 1,000,000-frame fuzz.
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  FrameReader,
  MAX_ENCODED,
  MAX_PAYLOAD,
  cobsDecode,
  cobsEncode,
  decodeFrame,
  encodeFrame,
  type DecodeResult,
  type Packet,
} from './codec.js';
import { crc32 } from './crc.js';
import { createRng, type Rng } from '../table/rng.js';

const packetOf = (type: number, seq: number, ack: number, payload: number[]): Packet => ({
  version: 1,
  type,
  seq,
  ack,
  payload: Uint8Array.from(payload),
});

const randomPacket = (rng: Rng, maxPayload = 24): Packet => {
  const payload = new Uint8Array(rng.int(maxPayload + 1));
  for (let i = 0; i < payload.length; i++) payload[i] = rng.int(4) === 0 ? 0 : rng.int(256); // plenty of zeros for COBS
  return { version: 1, type: rng.int(256), seq: rng.int(65536), ack: rng.int(65536), payload };
};

const samePacket = (a: Packet, b: Packet): boolean =>
  a.version === b.version &&
  a.type === b.type &&
  a.seq === b.seq &&
  a.ack === b.ack &&
  a.payload.length === b.payload.length &&
  a.payload.every((x, i) => x === b.payload[i]);

const framesIn = (results: DecodeResult[]): Packet[] =>
  results.flatMap((r) => (r.kind === 'frame' ? [r.packet] : []));

describe('crc32', () => {
  it('gives the CRC-32/ISO-HDLC check value and agrees with zlib', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const rng = createRng(3);
    for (let n = 0; n < 200; n++) {
      const bytes = Uint8Array.from({ length: rng.int(300) }, () => rng.int(256));
      expect(crc32(bytes)).toBe(zlibCrc32(bytes));
    }
  });
});

describe('COBS', () => {
  it('round-trips and never emits 0x00, including runs of 254 and more non-zero bytes', () => {
    const rng = createRng(4);
    const cases: Uint8Array[] = [
      new Uint8Array(0),
      Uint8Array.of(0),
      Uint8Array.of(0, 0),
      new Uint8Array(253).fill(7),
      new Uint8Array(254).fill(7),
      new Uint8Array(255).fill(7),
      new Uint8Array(600).fill(9),
    ];
    for (let n = 0; n < 500; n++)
      cases.push(Uint8Array.from({ length: rng.int(700) }, () => (rng.int(3) === 0 ? 0 : rng.int(256))));
    for (const data of cases) {
      const encoded = cobsEncode(data);
      expect(encoded.includes(0)).toBe(false);
      expect(Array.from(cobsDecode(encoded, 0, encoded.length)!)).toEqual(Array.from(data));
    }
  });

  it('encodes a worked example as PROTOCOL.md shows it', () => {
    // 11 22 00 33 → 03 11 22 02 33
    expect(Array.from(cobsEncode(Uint8Array.of(0x11, 0x22, 0x00, 0x33)))).toEqual([
      0x03, 0x11, 0x22, 0x02, 0x33,
    ]);
  });
});

describe('decodeFrame', () => {
  it('answers need / skip / frame', () => {
    const frame = encodeFrame(packetOf(0x47, 5, 9, [2, 0x04]));
    expect(decodeFrame(frame.subarray(0, frame.length - 1)).kind).toBe('need');
    const whole = decodeFrame(frame);
    expect(whole.kind).toBe('frame');
    expect(whole.kind === 'frame' && whole.length).toBe(frame.length);
    expect(decodeFrame(Uint8Array.of(0))).toEqual({ kind: 'skip', length: 1, reason: 'idle' });
    expect(decodeFrame(Uint8Array.of(5, 1, 2, 0))).toMatchObject({ kind: 'skip', length: 4, reason: 'cobs' });
    expect(decodeFrame(Uint8Array.of(3, 1, 2, 0))).toMatchObject({
      kind: 'skip',
      length: 4,
      reason: 'short',
    });
    const corrupted = frame.slice();
    corrupted[3] = corrupted[3]! ^ 0x10;
    expect(decodeFrame(corrupted)).toMatchObject({ kind: 'skip', reason: 'crc' });
    expect(decodeFrame(new Uint8Array(MAX_ENCODED + 10).fill(1))).toMatchObject({
      kind: 'skip',
      reason: 'oversize',
    });
  });

  it('carries the largest payload', () => {
    const payload = Array.from({ length: MAX_PAYLOAD }, (_, i) => i % 256);
    const result = decodeFrame(encodeFrame(packetOf(0x52, 1, 2, payload)));
    expect(result.kind === 'frame' && result.packet.payload.length).toBe(MAX_PAYLOAD);
  });

  it('decodes a stream split at every possible write boundary, into two and three pieces', () => {
    const rng = createRng(5);
    const packets = Array.from({ length: 6 }, () => randomPacket(rng));
    const stream = Uint8Array.from(packets.flatMap((p) => Array.from(encodeFrame(p))));
    for (let a = 0; a <= stream.length; a++) {
      const reader = new FrameReader();
      const got = [
        ...framesIn(reader.push(stream.subarray(0, a))),
        ...framesIn(reader.push(stream.subarray(a))),
      ];
      expect(got.length).toBe(packets.length);
      got.forEach((p, i) => expect(samePacket(p, packets[i]!)).toBe(true));
    }
    for (let a = 0; a <= stream.length; a += 3) {
      for (let b = a; b <= stream.length; b += 2) {
        const reader = new FrameReader();
        const got = [stream.subarray(0, a), stream.subarray(a, b), stream.subarray(b)].flatMap((c) =>
          framesIn(reader.push(c)),
        );
        expect(got.length).toBe(packets.length);
      }
    }
    // One byte at a time.
    const reader = new FrameReader();
    const got = Array.from(stream).flatMap((b) => framesIn(reader.push(Uint8Array.of(b))));
    got.forEach((p, i) => expect(samePacket(p, packets[i]!)).toBe(true));
  });

  it('resynchronises after garbage between frames and keeps every good frame', () => {
    const rng = createRng(6);
    const reader = new FrameReader();
    const sent: Packet[] = [];
    const got: Packet[] = [];
    for (let n = 0; n < 2000; n++) {
      const garbage = Uint8Array.from({ length: rng.int(40) }, () => rng.int(256));
      const packet = randomPacket(rng);
      sent.push(packet);
      // Garbage ends with a delimiter so it cannot swallow the next frame's start (what a sender's leading 0x00 does).
      got.push(
        ...framesIn(reader.push(garbage)),
        ...framesIn(reader.push(Uint8Array.of(0))),
        ...framesIn(reader.push(encodeFrame(packet))),
      );
    }
    expect(got.length).toBe(sent.length);
    got.forEach((p, i) => expect(samePacket(p, sent[i]!)).toBe(true));
  });
});

describe('fuzz: 1,000,000 random and mutated frames', () => {
  it('never crashes and never accepts a frame that was not sent', () => {
    const rng = createRng(20261122);
    const started = performance.now();
    let accepted = 0;
    let falseFrames = 0;
    let mutatedIntact = 0;
    const N = 1_000_000;
    const reader = new FrameReader();
    for (let n = 0; n < N; n++) {
      let bytes: Uint8Array;
      let original: Packet | null = null;
      if (n % 2 === 0) {
        // Random bytes, terminated by a delimiter.
        bytes = Uint8Array.from({ length: 1 + rng.int(40) }, () => rng.int(256));
        bytes[bytes.length - 1] = 0;
      } else {
        original = randomPacket(rng, 16);
        const frame = Array.from(encodeFrame(original));
        const mutations = 1 + rng.int(4);
        for (let m = 0; m < mutations; m++) {
          const at = rng.int(frame.length - 1);
          switch (rng.int(4)) {
            case 0:
              frame[at] = frame[at]! ^ (1 << rng.int(8)); // bit flip
              break;
            case 1:
              frame[at] = rng.int(256); // byte replaced
              break;
            case 2:
              frame.splice(at, 1); // byte lost
              break;
            default:
              frame.splice(at, 0, rng.int(256)); // byte inserted
          }
        }
        if (frame[frame.length - 1] !== 0) frame.push(0);
        bytes = Uint8Array.from(frame);
      }
      // Half through the pure decoder, half through the streaming reader in two random pieces.
      let results: DecodeResult[];
      if (n % 4 < 2) {
        results = [];
        let at = 0;
        while (at < bytes.length) {
          const r = decodeFrame(bytes, at);
          if (r.kind === 'need') break;
          results.push(r);
          at += r.length;
        }
      } else {
        const cut = rng.int(bytes.length + 1);
        results = [...reader.push(bytes.subarray(0, cut)), ...reader.push(bytes.subarray(cut))];
      }
      for (const packet of framesIn(results)) {
        accepted++;
        if (original !== null && samePacket(packet, original)) mutatedIntact++;
        else falseFrames++;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${N} frames in ${seconds.toFixed(2)} s; accepted ${accepted} (all identical to what was sent: ${mutatedIntact}), false ${falseFrames}`,
    );
    expect(falseFrames).toBe(0);
  });
});
