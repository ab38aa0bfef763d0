// Both framings (PROTOCOL.md §2, §2.2): streams split at every boundary, garbage between frames, a fuzz of random and
// mutated frames; the line framing's worked example; the host's detection of the framing a table speaks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from './messages.js';
import { createRng, type Rng } from '../table/rng.js';
import { MAX_PAYLOAD, type DecodeResult, type Packet } from './codec.js';
import {
  FRAMINGS,
  FRAMING_NAMES,
  FramingDetector,
  LINE_ANNOUNCE,
  decodeLine,
  encodeLine,
} from './framing.js';

const FUZZ_FRAMES = Number(process.env['MJ_FUZZ_FRAMES'] ?? 200_000);

const randomPacket = (rng: Rng, maxPayload = 24): Packet => {
  const payload = new Uint8Array(rng.int(maxPayload + 1));
  for (let i = 0; i < payload.length; i++) payload[i] = rng.int(4) === 0 ? 0 : rng.int(256);
  return { version: 1 + rng.int(2), type: rng.int(256), seq: rng.int(65536), ack: rng.int(65536), payload };
};
const keyOf = (p: Packet): string =>
  `${p.version}/${p.type}/${p.seq}/${p.ack}/${Buffer.from(p.payload).toString('hex')}`;
const framesIn = (results: DecodeResult[]): Packet[] =>
  results.flatMap((r) => (r.kind === 'frame' ? [r.packet] : []));
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

describe.each(FRAMING_NAMES)('%s framing', (name) => {
  const framing = FRAMINGS[name];

  it('decodes a stream split at every possible write boundary, and carries the largest payload', () => {
    const rng = createRng(21);
    const packets = [
      ...Array.from({ length: 5 }, () => randomPacket(rng)),
      randomPacket(rng, 0),
      { version: 2, type: 0x52, seq: 1, ack: 2, payload: new Uint8Array(MAX_PAYLOAD).fill(0xa5) },
    ];
    const stream = Buffer.concat(packets.map((p) => framing.encode(p)));
    for (let cut = 0; cut <= stream.length; cut += packets.length > 6 ? 7 : 1) {
      const decoder = framing.decoder();
      const out = framesIn([...decoder.push(stream.subarray(0, cut)), ...decoder.push(stream.subarray(cut))]);
      expect(out.map(keyOf)).toEqual(packets.map(keyOf));
    }
    // One byte at a time.
    const decoder = framing.decoder();
    const out: Packet[] = [];
    for (const b of stream) out.push(...framesIn(decoder.push(Uint8Array.of(b))));
    expect(out.map(keyOf)).toEqual(packets.map(keyOf));
  });

  it('resynchronises after garbage between frames and keeps every good frame', () => {
    const rng = createRng(22);
    const packets = Array.from({ length: 50 }, () => randomPacket(rng));
    const chunks: Uint8Array[] = [];
    for (const p of packets) {
      chunks.push(Uint8Array.from({ length: rng.int(40) }, () => rng.int(256)));
      chunks.push(name === 'cobs' ? Uint8Array.of(0) : ascii('\n')); // garbage ends at the next delimiter
      chunks.push(framing.encode(p));
    }
    const decoder = framing.decoder();
    const results = decoder.push(Buffer.concat(chunks));
    expect(framesIn(results).map(keyOf)).toEqual(packets.map(keyOf));
    expect(results.some((r) => r.kind === 'skip' && r.reason !== 'idle')).toBe(true);
  });

  it(`fuzz: ${FUZZ_FRAMES} random and mutated frames: never crashes, never accepts a frame that was not sent`, () => {
    const rng = createRng(23);
    const decoder = framing.decoder();
    const sent = new Set<string>();
    let accepted = 0;
    let falseFrames = 0;
    for (let n = 0; n < FUZZ_FRAMES; n++) {
      const packet = randomPacket(rng);
      const bytes = framing.encode(packet).slice();
      sent.add(keyOf(packet));
      const roll = rng.int(4);
      if (roll === 0) {
        // Flip, drop or insert a few bytes anywhere but the delimiter.
        for (let k = 1 + rng.int(3); k > 0; k--) bytes[rng.int(bytes.length - 1)] = rng.int(256);
      } else if (roll === 1) {
        const junk = Uint8Array.from({ length: rng.int(60) }, () => rng.int(256));
        for (const r of decoder.push(junk))
          if (r.kind === 'frame' && !sent.has(keyOf(r.packet))) falseFrames++;
      }
      for (const r of decoder.push(roll === 2 ? bytes.subarray(0, rng.int(bytes.length)) : bytes)) {
        if (r.kind !== 'frame') continue;
        accepted++;
        if (!sent.has(keyOf(r.packet))) falseFrames++;
      }
      if (sent.size > 50_000) sent.clear();
    }
    expect(falseFrames).toBe(0);
    // Junk and cut frames run into the next frame, which is lost with them: about a fifth survive whole.
    expect(accepted).toBeGreaterThan(FUZZ_FRAMES / 6);
  }, 120_000);
});

describe('line framing (§2.2)', () => {
  it('writes the worked example of PROTOCOL.md §2.2 byte for byte', () => {
    // HELLO, header version 2, session 0x12345678, heartbeat 250 ms, host timeout 1000 ms.
    const hello: Packet = {
      version: 2,
      type: 0x01,
      seq: 0,
      ack: 0,
      payload: Uint8Array.of(0x78, 0x56, 0x34, 0x12, 0xfa, 0x00, 0xe8, 0x03),
    };
    const line = new TextDecoder().decode(encodeLine(hello));
    expect(line).toBe(':02010000000078563412fa00e803836d4db1\n');
    // Upper case, a CR before the LF and comment lines are accepted: a person may type a line.
    const typed = ascii(line.trim().toUpperCase() + '\r');
    expect(decodeLine(typed)).toMatchObject({ kind: 'frame', packet: { version: 2, type: 1 } });
    expect(decodeLine(ascii('# firmware 1.0 booting'))).toMatchObject({ kind: 'skip', reason: 'idle' });
    expect(decodeLine(ascii(':02010000000078563412fa00e8030000000'))).toMatchObject({ reason: 'hex' });
    expect(decodeLine(ascii(line.trim().slice(0, -2) + '00'))).toMatchObject({ reason: 'crc' });
  });

  it('reads every line of the worked example in PROTOCOL.md §2.2 as a valid message', () => {
    const doc = readFileSync(new URL('./PROTOCOL.md', import.meta.url), 'utf8');
    const lines = [...doc.matchAll(/^(?:table|host) → (?:table|host) +(:[0-9a-f]+) /gm)].map((m) => m[1]!);
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) {
      const result = decodeLine(ascii(line));
      expect(result.kind, line).toBe('frame');
      if (result.kind !== 'frame') continue;
      expect(new TextDecoder().decode(encodeLine(result.packet))).toBe(`${line}\n`);
      expect(decodeMessage(result.packet.type, result.packet.payload).ok, line).toBe(true);
    }
    expect(doc).toContain('`7e 4c 49 4e 45 0a`');
    expect(Buffer.from(`${LINE_ANNOUNCE}\n`).toString('hex')).toBe('7e4c494e450a');
  });

  it('drops a run without a newline that is longer than any line, and keeps reading after it', () => {
    const decoder = FRAMINGS.line.decoder();
    const results = decoder.push(new Uint8Array(5000).fill(0x41));
    expect(results).toEqual([{ kind: 'skip', length: 5000, reason: 'oversize' }]);
    const packet = randomPacket(createRng(2));
    expect(framesIn(decoder.push(Buffer.concat([ascii('\n'), encodeLine(packet)]))).map(keyOf)).toEqual([
      keyOf(packet),
    ]);
  });
});

describe('FramingDetector (the host end, §2.2)', () => {
  const packet: Packet = { version: 2, type: 0x02, seq: 0, ack: 0, payload: Uint8Array.of(1, 2, 3) };

  it('starts in COBS, switches to lines on the announce line or a good line, and back on a good COBS frame', () => {
    const d = new FramingDetector();
    expect(d.current.name).toBe('cobs');
    d.push(FRAMINGS.cobs.encode(randomPacket(createRng(1)))); // binary noise from the host's own HELLO echo, say
    d.redetect();
    expect(framesIn(d.push(ascii(`${LINE_ANNOUNCE}\r\n`)))).toEqual([]);
    expect(d.current.name).toBe('line');
    expect(framesIn(d.push(encodeLine(packet))).map(keyOf)).toEqual([keyOf(packet)]);
    // Decided: COBS bytes are line garbage now, until the link is lost and the detector reads both ways again.
    expect(framesIn(d.push(FRAMINGS.cobs.encode(packet)))).toEqual([]);
    d.redetect();
    expect(framesIn(d.push(FRAMINGS.cobs.encode(packet))).map(keyOf)).toEqual([keyOf(packet)]);
    expect(d.current.name).toBe('cobs');
  });
});

describe('FramingDetector fuzz (§2.2): garbage, partial announces, a table of the other framing after each loss', () => {
  const ROUNDS = Number(process.env['MJ_FUZZ_ROUNDS'] ?? 3000);
  const ANNOUNCE = ascii(`${LINE_ANNOUNCE}\n`);
  // The announce line's bytes inside a COBS payload: no CRC guards an announce, so a COBS table's event may carry it.
  const HOSTILE = Uint8Array.of(0x0a, ...ANNOUNCE);

  /** Cuts a stream into 1 to 5 writes at random places, as a serial driver hands bytes over. */
  const chunked = (rng: Rng, bytes: Uint8Array): Uint8Array[] => {
    const cuts = Array.from({ length: rng.int(5) }, () => rng.int(bytes.length + 1)).sort((a, b) => a - b);
    return [0, ...cuts].map((from, i) => bytes.subarray(from, [...cuts, bytes.length][i]));
  };

  /** What a port carries before a table's frames: line noise, and announce lines cut short. */
  const prelude = (rng: Rng): Uint8Array[] =>
    Array.from({ length: rng.int(4) }, () => {
      if (rng.int(2) === 0) return Uint8Array.from({ length: rng.int(50) }, () => rng.int(256));
      const partial = ANNOUNCE.subarray(0, 1 + rng.int(ANNOUNCE.length - 2)); // '~' to '~LINE', no LF
      const tail = [ascii('\n'), ascii('X\n'), Uint8Array.of(0), new Uint8Array(0)][rng.int(4)]!;
      return Buffer.concat([partial, tail]);
    });

  it(`${ROUNDS} rounds: never a frame that was not sent, and it settles on the framing the table speaks`, () => {
    const rng = createRng(31);
    const detector = new FramingDetector();
    const stats = { rounds: 0, decoded: 0, hostile: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const name = FRAMING_NAMES[rng.int(2)]!;
      const framing = FRAMINGS[name];
      // The link was lost (or the port just opened): another table, of either framing, may answer now.
      detector.redetect();
      const sent = new Set<string>();
      const stream: Uint8Array[] = prelude(rng);
      // A delimiter ends whatever the noise left half-read; a line table announces itself while it waits.
      stream.push(name === 'cobs' ? Uint8Array.of(0) : ascii('\n'));
      if (name === 'line' && rng.int(2) === 0) stream.push(ANNOUNCE);
      const packets = Array.from({ length: 1 + rng.int(4) }, () => {
        const random = randomPacket(rng);
        const hostile = name === 'cobs' && rng.int(3) === 0;
        if (hostile) stats.hostile++;
        const packet: Packet = hostile
          ? { ...random, payload: Buffer.concat([random.payload.subarray(0, rng.int(8)), HOSTILE]) }
          : random;
        sent.add(keyOf(packet));
        return packet;
      });
      for (const packet of packets) stream.push(framing.encode(packet));
      const decoded: Packet[] = [];
      for (const piece of stream)
        for (const chunk of chunked(rng, piece)) decoded.push(...framesIn(detector.push(chunk)));
      for (const packet of decoded)
        expect(sent.has(keyOf(packet)), `round ${round}: a frame never sent`).toBe(true);
      expect(detector.current.name, `round ${round}: the framing of a ${name} table`).toBe(name);
      // Every frame after the delimiter arrives: the detector reads both ways until one of them is good.
      expect(decoded.map(keyOf), `round ${round}`).toEqual(packets.map(keyOf));
      stats.rounds++;
      stats.decoded += decoded.length;
    }
    expect(stats.hostile).toBeGreaterThan(ROUNDS / 10);
    console.log(`FramingDetector fuzz: ${JSON.stringify(stats)}`);
  });

  it('an announce line inside a COBS frame does not turn the host to lines', () => {
    const packet: Packet = {
      version: 2,
      type: 0x10,
      seq: 3,
      ack: 1,
      payload: Uint8Array.of(7, ...HOSTILE, 9),
    };
    const frame = FRAMINGS.cobs.encode(packet);
    const d = new FramingDetector();
    const end = Buffer.from(frame).indexOf(0x0a, Buffer.from(frame).indexOf(0x7e)) + 1;
    // The serial driver hands the frame over in two writes, the first ending just after the announce line.
    expect(framesIn(d.push(frame.subarray(0, end)))).toEqual([]);
    expect(framesIn(d.push(frame.subarray(end))).map(keyOf)).toEqual([keyOf(packet)]);
    expect(d.current.name).toBe('cobs');
    // A line table's announce still turns the host's writes to lines before its first good line.
    d.redetect();
    d.push(ascii(`${LINE_ANNOUNCE}\n`));
    expect(d.current.name).toBe('line');
  });
});
