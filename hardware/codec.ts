// Framing: packets (header + payload + CRC-32) COBS-encoded and delimited by 0x00; a pure decoder and encoder.
//
// Packet (before COBS), all integers little-endian (PROTOCOL.md §2):
//   0 version u8 | 1 type u8 | 2 seq u16 | 4 ack u16 | 6 payload (0..MAX_PAYLOAD) | crc32 u32 over bytes 0..end-4
// COBS (Cheshire & Baker, "Consistent Overhead Byte Stuffing", 1999) removes every 0x00 from the packet,
// so 0x00 only ever appears as the delimiter: after garbage, the receiver resynchronises at the next 0x00.
import { crc32 } from './crc.js';

export const HEADER_SIZE = 6;
export const CRC_SIZE = 4;
export const MIN_PACKET = HEADER_SIZE + CRC_SIZE;
export const MAX_PAYLOAD = 1014;
export const MAX_PACKET = HEADER_SIZE + MAX_PAYLOAD + CRC_SIZE; // 1024
/** COBS adds one byte per 254 and one at the start: the longest legal run of bytes between two 0x00. */
export const MAX_ENCODED = MAX_PACKET + Math.ceil(MAX_PACKET / 254) + 1;

export interface Packet {
  readonly version: number;
  readonly type: number;
  readonly seq: number;
  readonly ack: number;
  readonly payload: Uint8Array;
}

/** Why bytes were dropped; `hex` is the line framing's `cobs`: a line that is not `:` and pairs of hex digits. */
export type SkipReason = 'idle' | 'cobs' | 'hex' | 'short' | 'crc' | 'oversize';

/** A frame that arrived damaged (not idle fill, not a run of garbage without a delimiter): its sender resends it. */
export const isDamage = (reason: SkipReason): boolean =>
  reason === 'crc' || reason === 'cobs' || reason === 'hex' || reason === 'short';

/** What the decoder makes of the bytes at the front of a buffer. */
export type DecodeResult =
  | { readonly kind: 'need' }
  /** Drop `length` bytes (a bad frame and its delimiter, or garbage); `idle` is an empty frame, not an error. */
  | { readonly kind: 'skip'; readonly length: number; readonly reason: SkipReason }
  /** A good frame occupying `length` bytes (including its delimiter). */
  | { readonly kind: 'frame'; readonly length: number; readonly packet: Packet };

/** COBS-encodes `data` (no delimiter appended). */
export function cobsEncode(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length + Math.ceil(data.length / 254) + 1);
  let codeAt = 0;
  let code = 1;
  let o = 1;
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!;
    if (b !== 0) {
      out[o++] = b;
      code++;
    }
    if (b === 0 || code === 0xff) {
      out[codeAt] = code;
      codeAt = o++;
      code = 1;
    }
  }
  out[codeAt] = code;
  return out.subarray(0, o);
}

/**
 * COBS-decodes bytes[start, end) (which contain no 0x00) into a new array, or returns null when the
 * encoding is inconsistent (a code byte pointing past the end).
 */
export function cobsDecode(bytes: Uint8Array, start: number, end: number): Uint8Array | null {
  const out = new Uint8Array(end - start);
  let o = 0;
  let i = start;
  while (i < end) {
    const code = bytes[i]!;
    if (code === 0) return null;
    const next = i + code;
    if (next > end) return null;
    for (let j = i + 1; j < next; j++) out[o++] = bytes[j]!;
    i = next;
    // A code of 0xFF means "254 data bytes, no zero follows"; any other code implies a zero, except at the very end.
    if (code !== 0xff && i < end) out[o++] = 0;
  }
  return out.subarray(0, o);
}

/** Builds the packet bytes (header, payload, CRC) without framing. */
export function buildPacket(packet: Packet): Uint8Array {
  if (packet.payload.length > MAX_PAYLOAD)
    throw new Error(`payload of ${packet.payload.length} bytes exceeds ${MAX_PAYLOAD}`);
  const bytes = new Uint8Array(HEADER_SIZE + packet.payload.length + CRC_SIZE);
  bytes[0] = packet.version & 0xff;
  bytes[1] = packet.type & 0xff;
  bytes[2] = packet.seq & 0xff;
  bytes[3] = (packet.seq >>> 8) & 0xff;
  bytes[4] = packet.ack & 0xff;
  bytes[5] = (packet.ack >>> 8) & 0xff;
  bytes.set(packet.payload, HEADER_SIZE);
  const end = HEADER_SIZE + packet.payload.length;
  const crc = crc32(bytes, 0, end);
  bytes[end] = crc & 0xff;
  bytes[end + 1] = (crc >>> 8) & 0xff;
  bytes[end + 2] = (crc >>> 16) & 0xff;
  bytes[end + 3] = (crc >>> 24) & 0xff;
  return bytes;
}

/** Encodes a packet for the wire: COBS(packet) followed by the 0x00 delimiter. */
export function encodeFrame(packet: Packet): Uint8Array {
  const encoded = cobsEncode(buildPacket(packet));
  const frame = new Uint8Array(encoded.length + 1);
  frame.set(encoded, 0);
  return frame; // last byte is already 0x00
}

/** Parses decoded packet bytes (CRC included), or returns the reason they are not a packet. */
export function parsePacket(bytes: Uint8Array): Packet | 'short' | 'crc' {
  if (bytes.length < MIN_PACKET) return 'short';
  if (bytes.length > MAX_PACKET) return 'short';
  const end = bytes.length - CRC_SIZE;
  const expected =
    (bytes[end]! | (bytes[end + 1]! << 8) | (bytes[end + 2]! << 16) | (bytes[end + 3]! << 24)) >>> 0;
  if (crc32(bytes, 0, end) !== expected) return 'crc';
  return {
    version: bytes[0]!,
    type: bytes[1]!,
    seq: bytes[2]! | (bytes[3]! << 8),
    ack: bytes[4]! | (bytes[5]! << 8),
    payload: bytes.slice(HEADER_SIZE, end),
  };
}

/**
 * Pure decoder: looks at bytes[start, end) and says what the first frame there is.
 * Never throws on any input; a caller drops `length` bytes after `skip` or `frame` and asks again.
 */
export function decodeFrame(bytes: Uint8Array, start = 0, end = bytes.length): DecodeResult {
  const limit = Math.min(end, start + MAX_ENCODED + 1);
  let zero = -1;
  for (let i = start; i < limit; i++) {
    if (bytes[i] === 0) {
      zero = i;
      break;
    }
  }
  if (zero < 0) {
    // No delimiter within the longest legal frame: everything scanned is garbage.
    if (end - start > MAX_ENCODED) return { kind: 'skip', length: limit - start, reason: 'oversize' };
    return { kind: 'need' };
  }
  const length = zero - start + 1;
  if (zero === start) return { kind: 'skip', length: 1, reason: 'idle' };
  const decoded = cobsDecode(bytes, start, zero);
  if (decoded === null) return { kind: 'skip', length, reason: 'cobs' };
  const packet = parsePacket(decoded);
  if (packet === 'short' || packet === 'crc') return { kind: 'skip', length, reason: packet };
  return { kind: 'frame', length, packet };
}

/**
 * Accumulates chunks as they arrive and hands out decode results in order (no I/O: the caller pushes
 * bytes and reads results). Keeps at most one partial frame buffered.
 */
export class FrameReader {
  private buffer = new Uint8Array(4096);
  private start = 0;
  private end = 0;

  /** Appends bytes and returns every complete result (frames and skips) now available. */
  push(chunk: Uint8Array): DecodeResult[] {
    this.append(chunk);
    const results: DecodeResult[] = [];
    for (;;) {
      const result = decodeFrame(this.buffer, this.start, this.end);
      if (result.kind === 'need') break;
      this.start += result.length;
      results.push(result);
    }
    if (this.start === this.end) this.start = this.end = 0;
    return results;
  }

  /** Bytes held waiting for a delimiter. */
  get pending(): number {
    return this.end - this.start;
  }

  /** Forgets a partial frame (after a reconnect the bytes before it are meaningless). */
  reset(): void {
    this.start = this.end = 0;
  }

  private append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.buffer.length) {
      const live = this.end - this.start;
      if (live + chunk.length > this.buffer.length) {
        const grown = new Uint8Array(Math.max(this.buffer.length * 2, live + chunk.length));
        grown.set(this.buffer.subarray(this.start, this.end), 0);
        this.buffer = grown;
      } else {
        this.buffer.copyWithin(0, this.start, this.end);
      }
      this.start = 0;
      this.end = live;
    }
    this.buffer.set(chunk, this.end);
    this.end += chunk.length;
  }
}
