// PROTOCOL.md's worked session is checked byte for byte: each packet encodes to the wire bytes shown and decodes back.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPacket, decodeFrame, encodeFrame } from './codec.js';
import { LINK_VERSION, PROTOCOL_REVISION, decodeMessage, encodeMessage } from './messages.js';
import { FULL_CAPABILITIES, TableModel } from './simulator/table-model.js';

const doc = readFileSync(new URL('./PROTOCOL.md', import.meta.url), 'utf8');
const bytesOf = (text: string): Uint8Array =>
  Uint8Array.from(text.trim().split(/\s+/), (h) => parseInt(h, 16));
const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

describe('PROTOCOL.md worked session', () => {
  const pairs = [
    ...doc.matchAll(/packet ((?:[0-9a-f]{2} )+[0-9a-f]{2})\s+wire\s+((?:[0-9a-f]{2} )+00)/g),
  ].map((m) => ({ packet: bytesOf(m[1]!), wire: bytesOf(m[2]!) }));

  it('documents the revision the codec speaks', () => {
    expect(doc.split('\n')[0]).toBe(
      `# Mahjong table link protocol, version ${LINK_VERSION} (revision ${PROTOCOL_REVISION})`,
    );
  });

  it('has the example frames', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(20);
  });

  it('every packet COBS-encodes to the wire bytes shown, and every wire frame decodes to a valid message', () => {
    for (const { packet, wire } of pairs) {
      const decoded = decodeFrame(wire);
      expect(decoded.kind, hex(wire)).toBe('frame');
      if (decoded.kind !== 'frame') continue;
      expect(decoded.length).toBe(wire.length);
      expect(hex(buildPacket(decoded.packet))).toBe(hex(packet));
      expect(hex(encodeFrame(decoded.packet))).toBe(hex(wire));
      const message = decodeMessage(decoded.packet.type, decoded.packet.payload);
      expect(message.ok, hex(packet)).toBe(true);
      if (message.ok) expect(hex(encodeMessage(message.value).payload)).toBe(hex(decoded.packet.payload));
    }
  });

  it('shows the empty snapshot as encoded', () => {
    const model = new TableModel(FULL_CAPABILITIES, 1);
    const { payload } = encodeMessage({
      kind: 'event',
      event: { type: 'table.state', snapshot: model.snapshot() },
    });
    expect(hex(payload)).toBe(
      [
        'ff 00 00 00 00 00 00',
        ...Array(4).fill('00 00 00 00 00 00 00 00 00 00 00 00'),
        '00 00 00 00 00',
      ].join(' '),
    );
    expect(payload.length).toBe(60);
    expect(doc).toContain(`(${payload.length} payload bytes in all)`);
  });
});
