// Message layouts: every command and event round-trips through bytes, decodes to schema-valid values, and bad payloads are refused.
import { describe, expect, it } from 'vitest';
import { tilesOf, tileOfText, type Tile } from '../rules/tiles.js';
import { TableCommandSchema, TableEventSchema, type Capabilities, type TableCommand } from '../table/table-events.js';
import { COMMAND_CODES, EVENT_CODES, MSG, decodeMessage, encodeMessage, type WireEvent, type WireMessage } from './messages.js';
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

// Protocol 2 content (PROTOCOL.md §16): issue 13.
describe('protocol 2 messages', () => {
  const V2_COMMANDS: TableCommand[] = [
    { type: 'setMode', mode: 'xiamen4', features: ['replacementDraws', 'bonusTiles', 'goldIndicator'] },
    { type: 'setMode', mode: 'standard4', features: [] },
    { type: 'turnIndicator', count: 12 },
    { type: 'turnBackIndicator' },
  ];
  const V2_EVENTS: Exclude<WireEvent, { type: 'table.hello' }>[] = [
    { type: 'table.modeSet', mode: 'viet160', features: ['replacementDraws', 'allUra'] },
    { type: 'table.replacementDrawn', seat: 2, tile: tileOfText('3s'), reason: 'kan', source: 'deadWall' },
    { type: 'table.replacementDrawn', seat: 1, tile: null, reason: 'bonus', source: 'tail' },
    { type: 'table.bonusSetAside', seat: 3, tile: tileOfText('5f') },
    { type: 'table.indicatorTurned', count: 7, tile: tileOfText('8p'), faceUp: true },
    // A table-only Vietnamese tile (a joker, 0x88) in a draw.
    { type: 'table.tileDrawn', seat: 0, tile: 0x88 as Tile },
  ];

  it('round-trips the protocol 2 commands and events, schema-valid, and every wire type is covered', () => {
    for (const command of V2_COMMANDS) {
      expect(roundTrip({ kind: 'command', command })).toEqual({ kind: 'command', command });
      expect(TableCommandSchema.safeParse(command).success).toBe(true);
    }
    for (const event of V2_EVENTS) {
      expect(roundTrip({ kind: 'event', event })).toEqual({ kind: 'event', event });
      const parsed = TableEventSchema.safeParse(event);
      expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
    }
    const covered = new Set([...EVENTS, ...V2_EVENTS].map((e) => e.type));
    for (const type of Object.keys(EVENT_CODES).filter((t) => t !== 'table.hello')) expect(covered, type).toContain(type);
    const commands = new Set([...COMMANDS, ...V2_COMMANDS].map((c) => c.type));
    for (const type of Object.keys(COMMAND_CODES)) expect(commands, type).toContain(type);
  });

  it('announces the content in a HELLO_REPLY extension; a 1.x reply has none; unknown extensions are skipped', () => {
    const reply = (capabilities: Capabilities): WireMessage => ({
      kind: 'helloReply',
      bootId: 1,
      hostSession: 2,
      flags: { sessionReset: true, stateLost: false, faultLatched: false },
      capabilities,
      firmware: 'acme 2.0',
    });
    expect(roundTrip(reply(FULL_CAPABILITIES))).toEqual(reply(FULL_CAPABILITIES));
    const old = { ...FULL_CAPABILITIES, content: null };
    const { type, payload } = encodeMessage(reply(old));
    // A revision 1.x reply ends with the firmware string: 15 + 8 bytes.
    expect(payload.length).toBe(15 + 8);
    const decoded = decodeMessage(type, payload);
    expect(decoded.ok && decoded.value.kind === 'helloReply' && decoded.value.capabilities.content).toBeUndefined();
    // An extension of a later revision (tag 0x7f) is skipped by its length; the content after it is read.
    const full = encodeMessage(reply(FULL_CAPABILITIES)).payload;
    const withUnknown = Uint8Array.from([...payload, 0x7f, 2, 0xaa, 0xbb, ...full.subarray(payload.length)]);
    expect(decodeMessage(type, withUnknown)).toEqual({ ok: true, value: reply(FULL_CAPABILITIES) });
    // Refused: an extension that runs past the payload, a content extension too short or of revision 1.
    for (const tail of [[0x7f, 3, 0xaa], [0x01, 3, 2, 0, 0], [0x01, 4, 1, 0, 0, 0], [0x01]])
      expect(decodeMessage(type, Uint8Array.from([...payload, ...tail])), tail.join(' ')).toMatchObject({
        ok: false,
        code: 'bad_payload',
      });
  });

  it('carries the protocol 2 snapshot section once features are on: riichi, bonus, replacements, indicator, rolls, every ura', () => {
    const table = new TableModel(FULL_CAPABILITIES, 5);
    const act = (command: TableCommand) => {
      const outcome = table.execute(command);
      if (outcome.kind === 'motor') return table.finishMotor(outcome.stage, outcome.complete);
      if (outcome.kind === 'rejected') throw new Error(`${command.type} refused: ${outcome.code}`);
      return outcome.events;
    };
    act({ type: 'setMode', mode: 'standard4', features: ['replacementDraws', 'allUra', 'riichiDiscards', 'kanDora'] });
    for (const type of ['shuffle', 'buildWalls', 'rollDice', 'dealHands', 'flipDora'] as const) act({ type });
    expect(table.perform({ do: 'draw', seat: 0 }).ok).toBe(true);
    expect(table.perform({ do: 'press', seat: 0, button: 'riichi' }).ok).toBe(true);
    expect(table.perform({ do: 'discard', seat: 0, tile: table.hands[0]![0]! }).ok).toBe(true);
    const replacement = table.perform({ do: 'draw', seat: 1, from: 'dead', reason: 'kan' });
    expect(replacement.ok && replacement.events[0]).toMatchObject({ type: 'table.replacementDrawn', reason: 'kan', source: 'deadWall' });
    act({ type: 'flipDora' });
    act({ type: 'revealUra' });
    act({ type: 'revealUra' }); // the kan dora's ura (allUra)
    expect(table.execute({ type: 'revealUra' })).toEqual({ kind: 'rejected', code: 'badState' });
    const snapshot = table.snapshot();
    expect(snapshot).toMatchObject({ riichiDiscards: [0, null, null, null], replacements: 1, indicator: null });
    expect(snapshot.uras).toHaveLength(2);
    expect(snapshot.rolls).toEqual([table.dice]);
    const event = { type: 'table.state', snapshot } as const;
    expect(roundTrip({ kind: 'event', event })).toEqual({ kind: 'event', event });
    expect(TableEventSchema.safeParse(event).success).toBe(true);
    // With no kan dora yet the protocol 2 section still follows (an empty kan dora list).
    const noKan = { ...snapshot, kanDora: undefined };
    expect(roundTrip({ kind: 'event', event: { type: 'table.state', snapshot: noKan } })).toMatchObject({
      event: { snapshot: { features: snapshot.features, uras: snapshot.uras } },
    });
    // Xiamen rolls up to 8 times a hand (§13); a ninth roll is refused.
    const eight = { ...snapshot, rolls: Array.from({ length: 8 }, () => [6, 6] as [number, number]) };
    expect(roundTrip({ kind: 'event', event: { type: 'table.state', snapshot: eight } })).toMatchObject({ event: { snapshot: { rolls: eight.rolls } } });
    const nine = encodeMessage({ kind: 'event', event: { type: 'table.state', snapshot: { ...snapshot, rolls: [...eight.rolls, [1, 1]] } } });
    expect(decodeMessage(MSG.STATE, nine.payload)).toMatchObject({ ok: false, message: expect.stringMatching(/9 dice rolls \(at most 8\)/) });
    // A riichi discard index past the seat's pond is refused.
    const { payload } = encodeMessage({ kind: 'event', event: { type: 'table.state', snapshot: { ...snapshot, riichiDiscards: [5, null, null, null] } } });
    expect(decodeMessage(MSG.STATE, payload)).toMatchObject({ ok: false, code: 'bad_payload' });
  });

  it('refuses malformed protocol 2 payloads with a specific message', () => {
    const refused = (type: number, bytes: number[], why: RegExp) => {
      const decoded = decodeMessage(type, Uint8Array.from(bytes));
      expect(decoded, bytes.join(' ')).toMatchObject({ ok: false, code: 'bad_payload' });
      if (!decoded.ok) expect(decoded.message).toMatch(why);
    };
    refused(MSG.REPLACEMENT_DRAWN, [0, 4, 3, 0], /replacement reason 3/);
    refused(MSG.REPLACEMENT_DRAWN, [0, 4, 0, 2], /replacement source 2/);
    refused(MSG.REPLACEMENT_DRAWN, [0, 4, 0], /payload ends/);
    refused(MSG.REPLACEMENT_DRAWN, [4, 4, 0, 0], /seat 4/);
    refused(MSG.BONUS_SET_ASIDE, [0, 0x2a], /not a tile/);
    refused(MSG.INDICATOR_TURNED, [0, 4, 1], /count 0/);
    refused(MSG.INDICATOR_TURNED, [3, 4, 2], /boolean byte 2/);
    refused(MSG.TURN_INDICATOR, [0], /count 0/);
    refused(MSG.TURN_INDICATOR, [], /payload ends/);
    refused(MSG.SET_MODE, [0, 1], /payload ends/); // a features bitmap is two bytes
    refused(MSG.MODE_SET, [7], /mode 7/);
  });
});
