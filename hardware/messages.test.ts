// Message layouts: every command and event round-trips through bytes, decodes to schema-valid values, and bad payloads are refused.
import { describe, expect, it } from 'vitest';
import { tilesOf, tileOfText } from '../rules/tiles.js';
import { TableCommandSchema, TableEventSchema, type TableCommand } from '../machines/table-events.js';
import { MSG, decodeMessage, encodeMessage, type WireEvent, type WireMessage } from './messages.js';
import { FULL_CAPABILITIES, TableModel } from './simulator/table-model.js';

const roundTrip = (message: WireMessage): WireMessage => {
  const { type, payload } = encodeMessage(message);
  const decoded = decodeMessage(type, payload);
  if (!decoded.ok) throw new Error(`${decoded.code}: ${decoded.message}`);
  return decoded.value;
};

const COMMANDS: TableCommand[] = [
  { type: 'setMode', mode: 'minefield2' },
  { type: 'shuffle' },
  { type: 'buildWalls' },
  { type: 'dealHands' },
  { type: 'rollDice' },
  { type: 'flipDora' },
  { type: 'revealUra' },
  { type: 'setLamp', seat: 2, lamp: 'riichi', on: true },
  { type: 'setDisplay', seat: 3, points: -12300 },
  { type: 'buzz', ms: 250 },
  { type: 'getState' },
  { type: 'clearFault' },
  { type: 'stop' },
];

const model = new TableModel(FULL_CAPABILITIES, 9);
model.execute({ type: 'setMode', mode: 'standard4' });

const EVENTS: Exclude<WireEvent, { type: 'table.hello' }>[] = [
  { type: 'table.modeSet', mode: 'sanma3' },
  { type: 'table.shuffled' },
  { type: 'table.wallsBuilt', walls: [tilesOf('123m'), [null, tileOfText('0p')], [], tilesOf('7z')] },
  { type: 'table.handsDealt', hands: [tilesOf('1112345678999m'), [], [], []] },
  { type: 'table.diceRolled', dice: [3, 6] },
  { type: 'table.doraFlipped', indicator: tileOfText('9s') },
  { type: 'table.uraRevealed', indicator: null },
  { type: 'table.tileDrawn', seat: 1, tile: tileOfText('5z') },
  { type: 'table.tileDiscarded', seat: 0, tile: tileOfText('0m') },
  { type: 'table.meldLaid', seat: 2, tiles: tilesOf('555p') },
  { type: 'table.handRevealed', seat: 3, tiles: tilesOf('123m456p789s1122z') },
  { type: 'table.handPlaced', seat: 2, tiles: tilesOf('123m456p789s1122z').slice(0, 13) },
  { type: 'table.buttonPressed', seat: 0, button: 'ron' },
  { type: 'table.sticksChanged', seat: 1, sticks: { p100: 10, p1000: 4, p5000: 2, p10000: 1 } },
  { type: 'table.lidChanged', lid: 'open' },
  { type: 'table.sensorsReported', lid: 'closed', tilesInPit: 136, motorTempC: -5 },
  { type: 'table.fault', fault: { code: 'jam', stage: 'build', recoverable: true } },
  { type: 'table.faultCleared', code: 'liftLimit' },
  { type: 'table.commandRejected', commandId: 513, command: 'shuffle', code: 'faultLatched' },
  { type: 'table.state', snapshot: model.snapshot() },
];

describe('messages', () => {
  it('round-trips every command, schema-valid', () => {
    for (const command of COMMANDS) {
      const back = roundTrip({ kind: 'command', command });
      expect(back).toEqual({ kind: 'command', command });
      expect(TableCommandSchema.safeParse(command).success).toBe(true);
    }
  });

  it('round-trips every wire event, schema-valid', () => {
    const covered = new Set(EVENTS.map((e) => e.type));
    expect(covered.size).toBe(EVENTS.length);
    for (const event of EVENTS) {
      const back = roundTrip({ kind: 'event', event });
      expect(back).toEqual({ kind: 'event', event });
      const parsed = TableEventSchema.safeParse(event);
      expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('carries the placed tiles and the ura in the snapshot (revision 1.1), and still reads a 1.0 snapshot', () => {
    const minefield = new TableModel(
      { ...FULL_CAPABILITIES, sensors: { ...FULL_CAPABILITIES.sensors, handPlacement: false } },
      3,
    );
    for (const type of ['setMode', 'shuffle', 'buildWalls', 'flipDora', 'revealUra'] as const) {
      const outcome = minefield.execute(type === 'setMode' ? { type, mode: 'minefield2' } : { type });
      if (outcome.kind === 'motor') minefield.finishMotor(outcome.stage, outcome.complete);
      else expect(outcome.kind).toBe('done');
    }
    const placed = minefield.perform({ do: 'placeHand', seat: 2, tiles: minefield.hands[2]!.slice(0, 13) });
    expect(placed.ok).toBe(true);
    const snapshot = minefield.snapshot();
    // Without the hand-placement sensor the table knows how many tiles lie there, not which.
    expect(snapshot.placedHands).toEqual([[], [], Array(13).fill(null), []]);
    expect(snapshot.ura).toEqual({ indicator: minefield.ura });
    const event = { type: 'table.state', snapshot } as const;
    expect(roundTrip({ kind: 'event', event })).toEqual({ kind: 'event', event });
    const sensed = { ...snapshot, placedHands: [[], [], tilesOf('123m456p789s1122z').slice(0, 13), []] };
    expect(roundTrip({ kind: 'event', event: { type: 'table.state', snapshot: sensed } })).toEqual({
      kind: 'event',
      event: { type: 'table.state', snapshot: sensed },
    });

    const { payload } = encodeMessage({ kind: 'event', event });
    // A revision 1.0 table stops before the placed tiles (4 × (1 + count)) and the ura (2 bytes).
    const legacy = decodeMessage(MSG.STATE, payload.subarray(0, payload.length - (4 + 13) - 2));
    expect(
      legacy.ok &&
        legacy.value.kind === 'event' &&
        legacy.value.event.type === 'table.state' &&
        legacy.value.event.snapshot,
    ).toEqual({
      ...snapshot,
      placedHands: undefined,
      ura: undefined,
    });
    // The placed list must be as long as the count before it.
    const bad = Uint8Array.from(payload);
    bad[payload.length - 2 - 1 - 13 - 1] = 12;
    expect(decodeMessage(MSG.STATE, bad)).toMatchObject({ ok: false, code: 'bad_payload' });
  });

  it('round-trips link control', () => {
    const messages: WireMessage[] = [
      { kind: 'hello', hostSession: 0xdeadbeef, heartbeatMs: 250, hostTimeoutMs: 1000 },
      {
        kind: 'helloReply',
        bootId: 0x12345678,
        hostSession: 0xdeadbeef,
        flags: { sessionReset: true, stateLost: false, faultLatched: true },
        capabilities: FULL_CAPABILITIES,
        firmware: 'acme-amos 2.3.1',
      },
      { kind: 'ack', sack: 0x80000001 >>> 0 },
      { kind: 'ping', token: 7 },
      { kind: 'pong', token: 0xffffffff },
    ];
    for (const message of messages) expect(roundTrip(message)).toEqual(message);
  });

  it('refuses short, long and out-of-range payloads with a code', () => {
    expect(decodeMessage(MSG.TILE_DISCARDED, Uint8Array.of(0))).toMatchObject({
      ok: false,
      code: 'bad_payload',
    });
    expect(decodeMessage(MSG.TILE_DISCARDED, Uint8Array.of(0, 4, 9))).toMatchObject({
      ok: false,
      code: 'bad_payload',
    });
    expect(decodeMessage(MSG.TILE_DISCARDED, Uint8Array.of(4, 4))).toMatchObject({
      ok: false,
      code: 'bad_payload',
    }); // seat 4
    expect(decodeMessage(MSG.TILE_DISCARDED, Uint8Array.of(0, 0x2a))).toMatchObject({
      ok: false,
      code: 'bad_payload',
    }); // kind 42
    expect(decodeMessage(MSG.TILE_DISCARDED, Uint8Array.of(0, 0x40))).toMatchObject({
      ok: false,
      code: 'bad_payload',
    }); // red 1m
    expect(decodeMessage(MSG.DICE_ROLLED, Uint8Array.of(0, 7))).toMatchObject({
      ok: false,
      code: 'bad_payload',
    });
    expect(decodeMessage(0x7e, new Uint8Array(0))).toMatchObject({ ok: false, code: 'unknown_type' });
  });

  it('decodes only schema-valid values from arbitrary payloads (no exception)', () => {
    let seed = 12345;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    let valid = 0;
    for (let n = 0; n < 50_000; n++) {
      const type = n % 2 === 0 ? 0x40 + (next() % 0x14) : next();
      const payload = Uint8Array.from({ length: next() % 12 }, next);
      const decoded = decodeMessage(type, payload);
      if (!decoded.ok || decoded.value.kind !== 'event') continue;
      valid++;
      const parsed = TableEventSchema.safeParse(decoded.value.event);
      expect(parsed.success, JSON.stringify(decoded.value.event)).toBe(true);
    }
    expect(valid).toBeGreaterThan(100);
  });
});
