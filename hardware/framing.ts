// The two framings of the same packets (PROTOCOL.md §2): COBS frames ended by 0x00, and text lines for retrofitted
// tables (`:` + the packet in hex + `\n`, read with @serialport/parser-readline); and the host's detection of which
// one a table speaks.
import { ReadlineParser } from '@serialport/parser-readline';
import {
  FrameReader,
  MAX_PACKET,
  buildPacket,
  encodeFrame,
  parsePacket,
  type DecodeResult,
  type Packet,
} from './codec.js';

export type FramingName = 'cobs' | 'line';
export const FRAMING_NAMES: readonly FramingName[] = ['cobs', 'line'];

/** Turns a byte stream into decode results, whatever the framing (the caller pushes bytes, nothing else). */
export interface FrameDecoder {
  push(chunk: Uint8Array): DecodeResult[];
  /** Forgets a partial frame (after a reconnect the bytes before it are meaningless). */
  reset(): void;
  /** Bytes held waiting for the end of a frame. */
  readonly pending: number;
}

export interface Framing {
  readonly name: FramingName;
  encode(packet: Packet): Uint8Array;
  decoder(): FrameDecoder;
}

/** The line a line-framed table sends while it waits for a host (PROTOCOL.md §2.2). */
export const LINE_ANNOUNCE = '~LINE';
/** `:` + two hex digits per packet byte: the longest line a receiver must hold (without its `\r\n`). */
export const MAX_LINE = 1 + 2 * MAX_PACKET;

const HEX = '0123456789abcdef';

/** A packet as one text line: `:` + header, payload and CRC in lowercase hex + `\n`. */
export function encodeLine(packet: Packet): Uint8Array {
  const bytes = buildPacket(packet);
  const line = new Uint8Array(2 + 2 * bytes.length);
  line[0] = 0x3a; // ':'
  for (let i = 0; i < bytes.length; i++) {
    line[1 + 2 * i] = HEX.charCodeAt(bytes[i]! >> 4);
    line[2 + 2 * i] = HEX.charCodeAt(bytes[i]! & 0xf);
  }
  line[line.length - 1] = 0x0a; // '\n'
  return line;
}

const hexValue = (c: number): number => {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
};

/**
 * Pure decoder of one line (without its `\n`; a trailing `\r` is allowed): a packet, or why it is not one.
 * Empty lines, comment lines (`#`) and the announce line are `idle`: a firmware may print between frames.
 */
export function decodeLine(line: Uint8Array): DecodeResult {
  const length = line.length + 1;
  let end = line.length;
  if (end > 0 && line[end - 1] === 0x0d) end--;
  if (end === 0 || line[0] === 0x23 || isAnnounce(line, end)) return { kind: 'skip', length, reason: 'idle' };
  if (line[0] !== 0x3a || (end - 1) % 2 !== 0) return { kind: 'skip', length, reason: 'hex' };
  const bytes = new Uint8Array((end - 1) / 2);
  for (let i = 0; i < bytes.length; i++) {
    const hi = hexValue(line[1 + 2 * i]!);
    const lo = hexValue(line[2 + 2 * i]!);
    if (hi < 0 || lo < 0) return { kind: 'skip', length, reason: 'hex' };
    bytes[i] = (hi << 4) | lo;
  }
  const packet = parsePacket(bytes);
  if (packet === 'short' || packet === 'crc') return { kind: 'skip', length, reason: packet };
  return { kind: 'frame', length, packet };
}

function isAnnounce(line: Uint8Array, end: number): boolean {
  if (end !== LINE_ANNOUNCE.length) return false;
  for (let i = 0; i < end; i++) if (line[i] !== LINE_ANNOUNCE.charCodeAt(i)) return false;
  return true;
}

/**
 * Splits the stream into lines with @serialport/parser-readline (read synchronously: paused, one line per read)
 * and decodes each. A run longer than any legal line without a `\n` is dropped as `oversize`.
 */
export class LineReader implements FrameDecoder {
  private parser = LineReader.parser();
  /** Set when the announce line arrived (the host's framing detection reads and clears it). */
  announced = false;

  private static parser(): ReadlineParser {
    return new ReadlineParser({
      delimiter: '\n',
      encoding: undefined,
      readableObjectMode: true,
      readableHighWaterMark: 1 << 16,
    });
  }

  push(chunk: Uint8Array): DecodeResult[] {
    this.parser.write(chunk);
    const results: DecodeResult[] = [];
    for (
      let line = this.parser.read() as Buffer | null;
      line !== null;
      line = this.parser.read() as Buffer | null
    ) {
      const result = decodeLine(line);
      if (
        result.kind === 'skip' &&
        result.reason === 'idle' &&
        isAnnounce(line, line.length - (line.at(-1) === 0x0d ? 1 : 0))
      )
        this.announced = true;
      results.push(result);
    }
    const held = this.pending;
    if (held > MAX_LINE + 1) {
      this.reset();
      results.push({ kind: 'skip', length: held, reason: 'oversize' });
    }
    return results;
  }

  get pending(): number {
    return (this.parser as unknown as { buffer: Buffer }).buffer.length;
  }

  reset(): void {
    this.parser.destroy();
    this.parser = LineReader.parser();
  }
}

export const FRAMINGS: Readonly<Record<FramingName, Framing>> = {
  cobs: { name: 'cobs', encode: encodeFrame, decoder: () => new FrameReader() },
  line: { name: 'line', encode: encodeLine, decoder: () => new LineReader() },
};

/**
 * The host's side: which framing the table speaks (PROTOCOL.md §2.2). Until it knows, it reads the bytes both ways;
 * the first good frame of either framing decides; a line table's announce line turns the writes to lines at once. It writes in the framing it
 * last decided on (COBS at first). `redetect` after the link is lost: the table on the port may have changed.
 */
export class FramingDetector implements FrameDecoder {
  private readonly cobs = new FrameReader();
  private readonly line = new LineReader();
  private decided = false;
  current: Framing;

  constructor(initial: FramingName = 'cobs') {
    this.current = FRAMINGS[initial];
  }

  push(chunk: Uint8Array): DecodeResult[] {
    if (this.decided) return (this.current.name === 'cobs' ? this.cobs : this.line).push(chunk);
    const fromCobs = this.cobs.push(chunk);
    const fromLine = this.line.push(chunk);
    const announced = this.line.announced;
    this.line.announced = false;
    if (fromCobs.some((r) => r.kind === 'frame')) this.decide('cobs');
    else if (fromLine.some((r) => r.kind === 'frame')) this.decide('line');
    // An announce has no CRC, and a COBS frame may carry its bytes: it turns the writes to lines, but both
    // readers stay on until a good packet decides.
    else if (announced) this.current = FRAMINGS.line;
    return this.current.name === 'cobs' ? fromCobs : fromLine;
  }

  get pending(): number {
    return (this.current.name === 'cobs' ? this.cobs : this.line).pending;
  }

  reset(): void {
    this.cobs.reset();
    this.line.reset();
  }

  /** Reads both framings again until one of them carries a good frame. */
  redetect(): void {
    this.decided = false;
    this.reset();
  }

  private decide(name: FramingName): void {
    this.decided = true;
    this.current = FRAMINGS[name];
    (name === 'cobs' ? this.line : this.cobs).reset();
  }
}
