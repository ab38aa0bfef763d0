// Wire messages ↔ typed objects: the payload layouts of PROTOCOL.md §4-§6, encoded and decoded field by field.
import type { Tile } from '../rules/tiles.js';
import {
  FAULT_CODES,
  LAMPS,
  MAX_DICE_ROLLS,
  REPLACEMENT_REASONS,
  REPLACEMENT_SOURCES,
  TABLE_FEATURES,
  TABLE_TILE_SETS,
  SEAT_BUTTONS,
  TABLE_ERROR_CODES,
  TABLE_MODES,
  TABLE_STAGES,
  isTileValue,
  type Capabilities,
  type Dice,
  type Fault,
  type SensedTile,
  type Seat,
  type TableCommand,
  type TableCommandType,
  type TableErrorCode,
  type TableEvent,
  type TableFeature,
  type TablePhase,
  type TableSnapshot,
} from '../table/table-events.js';

export const PROTOCOL_VERSION = 1;
/**
 * The highest header version this code speaks (PROTOCOL.md §2): 2 adds fragments (§3.6) and damaged-frame
 * reports (§3.7). The handshake agrees on the lower of the two ends' versions.
 */
export const LINK_VERSION = 2;
/** The revision this codec speaks (PROTOCOL.md: a revision only adds fields at the end of a payload). */
export const PROTOCOL_REVISION = '2.0';
/** The content revision a protocol 2 table announces in HELLO_REPLY's content extension (PROTOCOL.md §16.1). */
export const CONTENT_REVISION = 2;
/** HELLO_REPLY extension tags (PROTOCOL.md §5.2): tag-length-value items after the firmware string. */
export const HELLO_EXTENSION = { content: 0x01 } as const;

/** Message type codes (PROTOCOL.md §4). 0x01-0x1F link control (unsequenced), 0x20-0x3F commands, 0x40-0x7F events. */
export const MSG = {
  HELLO: 0x01,
  HELLO_REPLY: 0x02,
  ACK: 0x03,
  PING: 0x04,
  PONG: 0x05,
  SET_MODE: 0x20,
  SHUFFLE: 0x21,
  BUILD_WALLS: 0x22,
  DEAL_HANDS: 0x23,
  ROLL_DICE: 0x24,
  FLIP_DORA: 0x25,
  SET_LAMP: 0x26,
  SET_DISPLAY: 0x27,
  BUZZ: 0x28,
  GET_STATE: 0x29,
  CLEAR_FAULT: 0x2a,
  STOP: 0x2b,
  REVEAL_URA: 0x2c,
  TURN_INDICATOR: 0x2d,
  TURN_BACK_INDICATOR: 0x2e,
  MODE_SET: 0x40,
  SHUFFLED: 0x41,
  WALLS_BUILT: 0x42,
  HANDS_DEALT: 0x43,
  DICE_ROLLED: 0x44,
  DORA_FLIPPED: 0x45,
  TILE_DRAWN: 0x46,
  TILE_DISCARDED: 0x47,
  MELD_LAID: 0x48,
  HAND_REVEALED: 0x49,
  HAND_PLACED: 0x4a,
  BUTTON_PRESSED: 0x4b,
  STICKS_CHANGED: 0x4c,
  LID_CHANGED: 0x4d,
  SENSORS_REPORTED: 0x4e,
  FAULT: 0x4f,
  FAULT_CLEARED: 0x50,
  COMMAND_REJECTED: 0x51,
  STATE: 0x52,
  URA_REVEALED: 0x53,
  REPLACEMENT_DRAWN: 0x54,
  BONUS_SET_ASIDE: 0x55,
  INDICATOR_TURNED: 0x56,
} as const;

/** Sequenced (reliable) messages are commands and events; link control is unsequenced. */
export const isSequencedType = (type: number): boolean => type >= 0x20 && type <= 0x7f;

export const COMMAND_CODES: Readonly<Record<TableCommandType, number>> = {
  setMode: MSG.SET_MODE,
  shuffle: MSG.SHUFFLE,
  buildWalls: MSG.BUILD_WALLS,
  dealHands: MSG.DEAL_HANDS,
  rollDice: MSG.ROLL_DICE,
  flipDora: MSG.FLIP_DORA,
  revealUra: MSG.REVEAL_URA,
  turnIndicator: MSG.TURN_INDICATOR,
  turnBackIndicator: MSG.TURN_BACK_INDICATOR,
  setLamp: MSG.SET_LAMP,
  setDisplay: MSG.SET_DISPLAY,
  buzz: MSG.BUZZ,
  getState: MSG.GET_STATE,
  clearFault: MSG.CLEAR_FAULT,
  stop: MSG.STOP,
};
const COMMAND_BY_CODE = new Map<number, TableCommandType>(
  Object.entries(COMMAND_CODES).map(([k, v]) => [v, k as TableCommandType]),
);
export const commandTypeOfCode = (code: number): TableCommandType | undefined => COMMAND_BY_CODE.get(code);

/** Table events that travel on the wire (the `link.*` ones are made by the link itself). */
export type WireEvent = Exclude<TableEvent, { type: `link.${string}` }>;

export const EVENT_CODES: Readonly<Record<WireEvent['type'], number>> = {
  'table.hello': MSG.HELLO_REPLY,
  'table.modeSet': MSG.MODE_SET,
  'table.shuffled': MSG.SHUFFLED,
  'table.wallsBuilt': MSG.WALLS_BUILT,
  'table.handsDealt': MSG.HANDS_DEALT,
  'table.diceRolled': MSG.DICE_ROLLED,
  'table.doraFlipped': MSG.DORA_FLIPPED,
  'table.uraRevealed': MSG.URA_REVEALED,
  'table.tileDrawn': MSG.TILE_DRAWN,
  'table.replacementDrawn': MSG.REPLACEMENT_DRAWN,
  'table.bonusSetAside': MSG.BONUS_SET_ASIDE,
  'table.indicatorTurned': MSG.INDICATOR_TURNED,
  'table.tileDiscarded': MSG.TILE_DISCARDED,
  'table.meldLaid': MSG.MELD_LAID,
  'table.handRevealed': MSG.HAND_REVEALED,
  'table.handPlaced': MSG.HAND_PLACED,
  'table.buttonPressed': MSG.BUTTON_PRESSED,
  'table.sticksChanged': MSG.STICKS_CHANGED,
  'table.lidChanged': MSG.LID_CHANGED,
  'table.sensorsReported': MSG.SENSORS_REPORTED,
  'table.fault': MSG.FAULT,
  'table.faultCleared': MSG.FAULT_CLEARED,
  'table.commandRejected': MSG.COMMAND_REJECTED,
  'table.state': MSG.STATE,
};

/** Capability bits of HELLO_REPLY (PROTOCOL.md §5.2). */
export const CAPABILITY_BITS = {
  dealsHands: 0,
  sensorWalls: 1,
  sensorDraws: 2,
  sensorDiscards: 3,
  sensorMelds: 4,
  sensorReveal: 5,
  sensorHandPlacement: 6,
  sensorSticks: 7,
  sensorLid: 8,
  sensorDice: 9,
  seatPanels: 10,
  lamps: 11,
  displays: 12,
  buzzer: 13,
} as const;

export interface HelloFlags {
  /** The table started a fresh sequence state for this host session (new session or after boot). */
  readonly sessionReset: boolean;
  /** The table had to discard queued events (queue overflow): the host must resync with GET_STATE. */
  readonly stateLost: boolean;
  readonly faultLatched: boolean;
}

/** Every message, typed. `command` and `event` are sequenced; the rest is link control. */
export type WireMessage =
  | {
      readonly kind: 'hello';
      readonly hostSession: number;
      readonly heartbeatMs: number;
      readonly hostTimeoutMs: number;
    }
  | {
      readonly kind: 'helloReply';
      readonly bootId: number;
      readonly hostSession: number;
      readonly flags: HelloFlags;
      readonly capabilities: Capabilities;
      readonly firmware: string;
    }
  /** `damaged` (version 2): the sender of the ACK received a damaged frame since its last ACK. */
  | { readonly kind: 'ack'; readonly sack: number; readonly damaged?: boolean }
  | { readonly kind: 'ping'; readonly token: number }
  | { readonly kind: 'pong'; readonly token: number }
  | { readonly kind: 'command'; readonly command: TableCommand }
  /** `table.commandRejected` travels with the command's wire seq in `commandId`; the link maps it. */
  | { readonly kind: 'event'; readonly event: Exclude<WireEvent, { type: 'table.hello' }> };

export type WireErrorCode = 'unknown_type' | 'bad_payload' | 'bad_version';
export type Decoded<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: WireErrorCode; readonly message: string };
const bad = (code: WireErrorCode, message: string): Decoded<never> => ({ ok: false, code, message });

// ---------------------------------------------------------------------------------------------
// Byte writer / reader

class Writer {
  private bytes: number[] = [];
  u8(v: number): this {
    this.bytes.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v).u8(v >>> 8);
  }
  u32(v: number): this {
    return this.u8(v)
      .u8(v >>> 8)
      .u8(v >>> 16)
      .u8(v >>> 24);
  }
  i32(v: number): this {
    return this.u32(v >>> 0);
  }
  tile(t: SensedTile): this {
    return this.u8(t === null ? 0xff : t);
  }
  tiles(ts: readonly SensedTile[]): this {
    this.u8(ts.length);
    for (const t of ts) this.tile(t);
    return this;
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** Thrown only inside `decodeMessage` and caught there: a payload shorter or stranger than its layout. */
class PayloadError extends Error {}

class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  u8(): number {
    if (this.at >= this.bytes.length) throw new PayloadError(`payload ends at byte ${this.at}`);
    return this.bytes[this.at++]!;
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u8() | (this.u8() << 8) | (this.u8() << 16) | (this.u8() << 24)) >>> 0;
  }
  i32(): number {
    return this.u32() | 0;
  }
  tile(): SensedTile {
    const b = this.u8();
    if (b === 0xff) return null;
    if (!isTileValue(b)) throw new PayloadError(`0x${b.toString(16)} is not a tile`);
    return b as Tile;
  }
  tiles(): SensedTile[] {
    const n = this.u8();
    const out: SensedTile[] = [];
    for (let i = 0; i < n; i++) out.push(this.tile());
    return out;
  }
  seat(): Seat {
    const s = this.u8();
    if (s > 3) throw new PayloadError(`seat ${s} is not 0-3`);
    return s as Seat;
  }
  pick<T>(list: readonly T[], what: string): T {
    const i = this.u8();
    if (i >= list.length) throw new PayloadError(`${what} ${i} is not 0-${list.length - 1}`);
    return list[i]!;
  }
  bool(): boolean {
    const b = this.u8();
    if (b > 1) throw new PayloadError(`boolean byte ${b} is not 0 or 1`);
    return b === 1;
  }
  get atEnd(): boolean {
    return this.at === this.bytes.length;
  }
  end(): void {
    if (this.at !== this.bytes.length)
      throw new PayloadError(`${this.bytes.length - this.at} bytes left over`);
  }
}

/** A bitmap of items of `list` (bit i = list[i]). */
const bitsOf = <T>(list: readonly T[], items: readonly T[]): number =>
  items.reduce((acc, item) => acc | (1 << list.indexOf(item)), 0) >>> 0;
/** The items of `list` whose bits are set; bits past the list (a later revision's) are ignored. */
const itemsOf = <T>(list: readonly T[], bits: number): T[] => list.filter((_, i) => (bits & (1 << i)) !== 0);

/** The features bitmap (u16, PROTOCOL.md §16.1). */
const readFeatures = (r: Reader): TableFeature[] => itemsOf(TABLE_FEATURES, r.u16());

const TABLE_PHASES: readonly TablePhase[] = [
  'idle',
  'modeSet',
  'shuffled',
  'wallsBuilt',
  'handsDealt',
  'playing',
  'stopped',
];
const LIDS = ['closed', 'open'] as const;

function capabilityBits(c: Capabilities): number {
  const b = CAPABILITY_BITS;
  const bits: [boolean, number][] = [
    [c.dealsHands, b.dealsHands],
    [c.sensors.walls, b.sensorWalls],
    [c.sensors.draws, b.sensorDraws],
    [c.sensors.discards, b.sensorDiscards],
    [c.sensors.melds, b.sensorMelds],
    [c.sensors.reveal, b.sensorReveal],
    [c.sensors.handPlacement, b.sensorHandPlacement],
    [c.sensors.sticks, b.sensorSticks],
    [c.sensors.lid, b.sensorLid],
    [c.sensors.dice, b.sensorDice],
    [c.seatPanels, b.seatPanels],
    [c.lamps, b.lamps],
    [c.displays, b.displays],
    [c.buzzer, b.buzzer],
  ];
  return bits.reduce((acc, [on, bit]) => (on ? acc | (1 << bit) : acc), 0) >>> 0;
}

function capabilitiesOf(bits: number, modeBits: number): Capabilities {
  const has = (bit: number): boolean => (bits & (1 << bit)) !== 0;
  const b = CAPABILITY_BITS;
  return {
    modes: TABLE_MODES.filter((_, i) => (modeBits & (1 << i)) !== 0),
    dealsHands: has(b.dealsHands),
    sensors: {
      walls: has(b.sensorWalls),
      draws: has(b.sensorDraws),
      discards: has(b.sensorDiscards),
      melds: has(b.sensorMelds),
      reveal: has(b.sensorReveal),
      handPlacement: has(b.sensorHandPlacement),
      sticks: has(b.sensorSticks),
      lid: has(b.sensorLid),
      dice: has(b.sensorDice),
    },
    seatPanels: has(b.seatPanels),
    lamps: has(b.lamps),
    displays: has(b.displays),
    buzzer: has(b.buzzer),
  };
}

const writeFault = (w: Writer, f: Fault): Writer =>
  w
    .u8(FAULT_CODES.indexOf(f.code))
    .u8(TABLE_STAGES.indexOf(f.stage))
    .u8(f.recoverable ? 1 : 0);
const readFault = (r: Reader): Fault => ({
  code: r.pick(FAULT_CODES, 'fault code'),
  stage: r.pick(TABLE_STAGES, 'stage'),
  recoverable: r.bool(),
});

function writeSnapshot(w: Writer, s: TableSnapshot): void {
  w.u8(s.mode === null ? 0xff : TABLE_MODES.indexOf(s.mode));
  w.u8(TABLE_PHASES.indexOf(s.phase));
  if (s.fault === null) w.u8(0);
  else writeFault(w.u8(1), s.fault);
  w.u8(LIDS.indexOf(s.lid));
  w.u8(s.dice === null ? 0 : s.dice[0]).u8(s.dice === null ? 0 : s.dice[1]);
  if (s.dora === null) w.u8(0);
  else w.u8(1).tile(s.dora.indicator);
  for (let seat = 0; seat < 4; seat++) {
    w.u8(s.wallRemaining[seat]!).u8(s.handsPlaced[seat]!).i32(s.displays[seat]!);
    const st = s.sticks[seat]!;
    w.u8(st.p100).u8(st.p1000).u8(st.p5000).u8(st.p10000);
    w.tiles(s.discards[seat]!);
    const melds = s.melds[seat]!;
    w.u8(melds.length);
    for (const meld of melds) w.tiles(meld);
  }
  // Revision 1.1 section: the placed tiles (as many as each seat's count; unread when the table did not say) and the ura.
  for (let seat = 0; seat < 4; seat++) {
    const placed = s.placedHands?.[seat];
    const count = s.handsPlaced[seat]!;
    if (placed !== undefined && placed.length !== count)
      throw new Error(`snapshot: seat ${seat} has ${count} tiles placed but ${placed.length} listed`);
    w.tiles(placed ?? Array<SensedTile>(count).fill(null));
  }
  if (s.ura === undefined || s.ura === null) w.u8(0);
  else w.u8(1).tile(s.ura.indicator);
  // Revision 1.2 section, only once a kan dora indicator was flipped: a 1.1 host (which never asks for one) keeps
  // reading every snapshot it can get.
  // Protocol 2 section (PROTOCOL.md §16.6), only to a host that switched features on: the kan dora list is then always
  // there (n = 0..4), followed by the protocol 2 fields.
  if (s.features !== undefined && s.features.length > 0) {
    w.tiles(s.kanDora ?? []);
    writeSnapshotV2(w, s);
  } else if (s.kanDora !== undefined && s.kanDora.length > 0) w.tiles(s.kanDora);
}

function writeSnapshotV2(w: Writer, s: TableSnapshot): void {
  w.u16(bitsOf(TABLE_FEATURES, s.features ?? []));
  w.tiles(s.uras ?? []);
  for (let seat = 0; seat < 4; seat++) {
    const riichi = s.riichiDiscards?.[seat] ?? null;
    w.u8(riichi === null ? 0xff : riichi);
    w.tiles(s.bonus?.[seat] ?? []);
  }
  w.u8(s.replacements ?? 0);
  if (s.indicator === undefined || s.indicator === null) w.u8(0);
  else w.u8(1).u8(s.indicator.count).tile(s.indicator.tile);
  const rolls = s.rolls ?? [];
  w.u8(rolls.length);
  for (const [a, b] of rolls) w.u8(a).u8(b);
}

function readSnapshotV2(r: Reader, discards: readonly (readonly SensedTile[])[]): Partial<TableSnapshot> {
  const features = readFeatures(r);
  const uras = r.tiles();
  if (uras.length > 5) throw new PayloadError(`${uras.length} ura indicators (at most 5)`);
  const riichiDiscards: (number | null)[] = [];
  const bonus: SensedTile[][] = [];
  for (let seat = 0; seat < 4; seat++) {
    const at = r.u8();
    if (at !== 0xff && at >= discards[seat]!.length)
      throw new PayloadError(`seat ${seat}: riichi discard ${at} past its ${discards[seat]!.length} discards`);
    riichiDiscards.push(at === 0xff ? null : at);
    bonus.push(r.tiles());
  }
  const replacements = r.u8();
  const up = r.bool();
  let indicator: TableSnapshot['indicator'] = null;
  if (up) {
    const count = r.u8();
    if (count === 0) throw new PayloadError('indicator count 0 (counted from 1)');
    indicator = { count, tile: r.tile() };
  }
  const n = r.u8();
  if (n > MAX_DICE_ROLLS) throw new PayloadError(`${n} dice rolls (at most ${MAX_DICE_ROLLS})`);
  const rolls: Dice[] = [];
  for (let i = 0; i < n; i++) rolls.push(readDice(r));
  return { features, uras, riichiDiscards, bonus, replacements, indicator, rolls };
}

function readDice(r: Reader): Dice {
  const d1 = r.u8();
  const d2 = r.u8();
  if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6) throw new PayloadError(`dice ${d1},${d2} not 1-6`);
  return [d1, d2];
}

function readSnapshot(r: Reader): TableSnapshot {
  const modeByte = r.u8();
  if (modeByte !== 0xff && modeByte >= TABLE_MODES.length) throw new PayloadError(`mode ${modeByte}`);
  const mode = modeByte === 0xff ? null : TABLE_MODES[modeByte]!;
  const phase = r.pick(TABLE_PHASES, 'phase');
  const fault = r.bool() ? readFault(r) : null;
  const lid = r.pick(LIDS, 'lid');
  const d1 = r.u8();
  const d2 = r.u8();
  if ((d1 === 0) !== (d2 === 0) || d1 > 6 || d2 > 6) throw new PayloadError(`dice ${d1},${d2}`);
  const dora = r.bool() ? { indicator: r.tile() } : null;
  const wallRemaining: number[] = [];
  const handsPlaced: number[] = [];
  const displays: number[] = [];
  const sticks: TableSnapshot['sticks'][number][] = [];
  const discards: SensedTile[][] = [];
  const melds: SensedTile[][][] = [];
  for (let seat = 0; seat < 4; seat++) {
    wallRemaining.push(r.u8());
    handsPlaced.push(r.u8());
    displays.push(r.i32());
    sticks.push({ p100: r.u8(), p1000: r.u8(), p5000: r.u8(), p10000: r.u8() });
    discards.push(r.tiles());
    const n = r.u8();
    const seatMelds: SensedTile[][] = [];
    for (let i = 0; i < n; i++) seatMelds.push(r.tiles());
    melds.push(seatMelds);
  }
  // A revision 1.0 table ends here; 1.1 adds the placed tiles and the ura, 1.2 the kan dora (PROTOCOL.md §12).
  const revised = r.atEnd ? null : readPlacedAndUra(r, handsPlaced, discards);
  return {
    mode,
    phase,
    fault,
    lid,
    dice: d1 === 0 ? null : [d1, d2],
    dora,
    wallRemaining,
    handsPlaced,
    displays,
    sticks,
    discards,
    melds,
    ...revised,
  };
}

function readPlacedAndUra(
  r: Reader,
  counts: readonly number[],
  discards: readonly (readonly SensedTile[])[],
): Partial<TableSnapshot> {
  const placedHands: SensedTile[][] = [];
  for (let seat = 0; seat < 4; seat++) {
    const tiles = r.tiles();
    if (tiles.length !== counts[seat])
      throw new PayloadError(`seat ${seat}: ${counts[seat]} tiles placed but ${tiles.length} listed`);
    placedHands.push(tiles);
  }
  const ura = r.bool() ? { indicator: r.tile() } : null;
  if (r.atEnd) return { placedHands, ura };
  // Revision 1.2: the kan dora indicators (1-4), present only when at least one was flipped; protocol 2: always
  // present (0-4) and followed by the protocol 2 fields.
  const kanDora = r.tiles();
  if (kanDora.length > 4) throw new PayloadError(`${kanDora.length} kan dora indicators (at most 4)`);
  if (r.atEnd) {
    if (kanDora.length === 0) throw new PayloadError('an empty kan dora list ends the snapshot (1-4 when present)');
    return { placedHands, ura, kanDora };
  }
  const v2 = readSnapshotV2(r, discards);
  if (v2.features!.length === 0) throw new PayloadError('a protocol 2 section with no feature in force');
  return { placedHands, ura, ...(kanDora.length > 0 ? { kanDora } : {}), ...v2 };
}

// ---------------------------------------------------------------------------------------------
// Encode

/** The type code and payload bytes of a message. */
export function encodeMessage(message: WireMessage): { type: number; payload: Uint8Array } {
  const w = new Writer();
  switch (message.kind) {
    case 'hello':
      return {
        type: MSG.HELLO,
        payload: w.u32(message.hostSession).u16(message.heartbeatMs).u16(message.hostTimeoutMs).done(),
      };
    case 'helloReply': {
      const f = message.flags;
      const firmware = Array.from(message.firmware.slice(0, 32), (ch) => ch.charCodeAt(0) & 0x7f);
      w.u32(message.bootId).u32(message.hostSession);
      w.u8((f.sessionReset ? 1 : 0) | (f.stateLost ? 2 : 0) | (f.faultLatched ? 4 : 0));
      w.u32(capabilityBits(message.capabilities));
      w.u8(bitsOf(TABLE_MODES, message.capabilities.modes));
      w.u8(firmware.length);
      for (const ch of firmware) w.u8(ch);
      // Extensions (tag, length, value; PROTOCOL.md §5.2): a 1.x table sends none.
      const content = message.capabilities.content;
      if (content !== undefined && content !== null)
        w.u8(HELLO_EXTENSION.content)
          .u8(4)
          .u8(content.revision)
          .u16(bitsOf(TABLE_FEATURES, content.features))
          .u8(bitsOf(TABLE_TILE_SETS, content.tileSets));
      return { type: MSG.HELLO_REPLY, payload: w.done() };
    }
    case 'ack':
      w.u32(message.sack);
      if (message.damaged !== undefined) w.u8(message.damaged ? 1 : 0);
      return { type: MSG.ACK, payload: w.done() };
    case 'ping':
      return { type: MSG.PING, payload: w.u32(message.token).done() };
    case 'pong':
      return { type: MSG.PONG, payload: w.u32(message.token).done() };
    case 'command':
      return encodeCommand(message.command);
    case 'event':
      return encodeEvent(message.event);
  }
}

function encodeCommand(c: TableCommand): { type: number; payload: Uint8Array } {
  const w = new Writer();
  switch (c.type) {
    case 'setMode':
      w.u8(TABLE_MODES.indexOf(c.mode));
      if (c.features !== undefined) w.u16(bitsOf(TABLE_FEATURES, c.features));
      break;
    case 'turnIndicator':
      w.u8(c.count);
      break;
    case 'setLamp':
      w.u8(c.seat)
        .u8(LAMPS.indexOf(c.lamp))
        .u8(c.on ? 1 : 0);
      break;
    case 'setDisplay':
      w.u8(c.seat).i32(c.points);
      break;
    case 'buzz':
      w.u16(c.ms);
      break;
    default:
      break; // the other commands have no payload
  }
  return { type: COMMAND_CODES[c.type], payload: w.done() };
}

function encodeEvent(e: Exclude<WireEvent, { type: 'table.hello' }>): { type: number; payload: Uint8Array } {
  const w = new Writer();
  switch (e.type) {
    case 'table.modeSet':
      w.u8(TABLE_MODES.indexOf(e.mode));
      if (e.features !== undefined) w.u16(bitsOf(TABLE_FEATURES, e.features));
      break;
    case 'table.replacementDrawn':
      w.u8(e.seat)
        .tile(e.tile)
        .u8(REPLACEMENT_REASONS.indexOf(e.reason))
        .u8(REPLACEMENT_SOURCES.indexOf(e.source));
      break;
    case 'table.bonusSetAside':
      w.u8(e.seat).tile(e.tile);
      break;
    case 'table.indicatorTurned':
      w.u8(e.count)
        .tile(e.tile)
        .u8(e.faceUp ? 1 : 0);
      break;
    case 'table.shuffled':
      break;
    case 'table.wallsBuilt':
      for (const wall of e.walls) w.tiles(wall);
      break;
    case 'table.handsDealt':
      for (const hand of e.hands) w.tiles(hand);
      break;
    case 'table.diceRolled':
      w.u8(e.dice[0]).u8(e.dice[1]);
      break;
    case 'table.doraFlipped':
    case 'table.uraRevealed':
      w.tile(e.indicator);
      break;
    case 'table.tileDrawn':
    case 'table.tileDiscarded':
      w.u8(e.seat).tile(e.tile);
      break;
    case 'table.meldLaid':
    case 'table.handRevealed':
    case 'table.handPlaced':
      w.u8(e.seat).tiles(e.tiles);
      break;
    case 'table.buttonPressed':
      w.u8(e.seat).u8(SEAT_BUTTONS.indexOf(e.button));
      break;
    case 'table.sticksChanged':
      w.u8(e.seat).u8(e.sticks.p100).u8(e.sticks.p1000).u8(e.sticks.p5000).u8(e.sticks.p10000);
      break;
    case 'table.lidChanged':
      w.u8(LIDS.indexOf(e.lid));
      break;
    case 'table.sensorsReported':
      w.u8(LIDS.indexOf(e.lid)).u8(Math.min(255, e.tilesInPit)).u8(e.motorTempC);
      break;
    case 'table.fault':
      writeFault(w, e.fault);
      break;
    case 'table.faultCleared':
      w.u8(FAULT_CODES.indexOf(e.code));
      break;
    case 'table.commandRejected':
      w.u16(e.commandId)
        .u8(COMMAND_CODES[e.command as TableCommandType] ?? 0)
        .u8(TABLE_ERROR_CODES.indexOf(e.code));
      break;
    case 'table.state':
      writeSnapshot(w, e.snapshot);
      break;
  }
  return { type: EVENT_CODES[e.type], payload: w.done() };
}

// ---------------------------------------------------------------------------------------------
// Decode

/** Decodes the payload of a message of the given type; never throws. */
export function decodeMessage(type: number, payload: Uint8Array): Decoded<WireMessage> {
  const r = new Reader(payload);
  try {
    const message = decodeBody(type, r);
    if (message === undefined)
      return bad('unknown_type', `unknown message type 0x${type.toString(16).padStart(2, '0')}`);
    r.end();
    return { ok: true, value: message };
  } catch (error) {
    if (error instanceof PayloadError)
      return bad('bad_payload', `message type 0x${type.toString(16).padStart(2, '0')}: ${error.message}`);
    throw error;
  }
}

function decodeBody(type: number, r: Reader): WireMessage | undefined {
  switch (type) {
    case MSG.HELLO:
      return { kind: 'hello', hostSession: r.u32(), heartbeatMs: r.u16(), hostTimeoutMs: r.u16() };
    case MSG.HELLO_REPLY: {
      const bootId = r.u32();
      const hostSession = r.u32();
      const flags = r.u8();
      const capabilities = capabilitiesOf(r.u32(), r.u8());
      const n = r.u8();
      if (n > 32) throw new PayloadError(`firmware string of ${n} bytes (at most 32)`);
      let firmware = '';
      for (let i = 0; i < n; i++) firmware += String.fromCharCode(r.u8() & 0x7f);
      const content = readHelloExtensions(r);
      return {
        kind: 'helloReply',
        bootId,
        hostSession,
        flags: {
          sessionReset: (flags & 1) !== 0,
          stateLost: (flags & 2) !== 0,
          faultLatched: (flags & 4) !== 0,
        },
        capabilities: content === null ? capabilities : { ...capabilities, content },
        firmware,
      };
    }
    case MSG.ACK: {
      const sack = r.u32();
      return r.atEnd ? { kind: 'ack', sack } : { kind: 'ack', sack, damaged: (r.u8() & 1) !== 0 };
    }
    case MSG.PING:
      return { kind: 'ping', token: r.u32() };
    case MSG.PONG:
      return { kind: 'pong', token: r.u32() };
  }
  const commandType = commandTypeOfCode(type);
  if (commandType !== undefined) return { kind: 'command', command: decodeCommand(commandType, r) };
  const event = decodeEvent(type, r);
  return event === undefined ? undefined : { kind: 'event', event };
}

/**
 * HELLO_REPLY's extensions after the firmware string (PROTOCOL.md §5.2): tag-length-value items to the end of the
 * payload; an unknown tag is skipped by its length. Returns the protocol 2 content (§16.1), or null without one.
 */
function readHelloExtensions(r: Reader): NonNullable<Capabilities['content']> | null {
  let content: NonNullable<Capabilities['content']> | null = null;
  while (!r.atEnd) {
    const tag = r.u8();
    const length = r.u8();
    if (tag !== HELLO_EXTENSION.content) {
      for (let i = 0; i < length; i++) r.u8();
      continue;
    }
    if (length < 4) throw new PayloadError(`content extension of ${length} bytes (at least 4)`);
    const revision = r.u8();
    if (revision < CONTENT_REVISION) throw new PayloadError(`content revision ${revision} (2 or later)`);
    const features = readFeatures(r);
    const tileSets = itemsOf(TABLE_TILE_SETS, r.u8());
    for (let i = 4; i < length; i++) r.u8(); // a later revision's fields
    content = { revision, features, tileSets };
  }
  return content;
}

function decodeCommand(type: TableCommandType, r: Reader): TableCommand {
  switch (type) {
    case 'setMode': {
      const mode = r.pick(TABLE_MODES, 'mode');
      // Protocol 2: the features the host switches on follow the mode (a 1.x host sends the mode alone).
      return r.atEnd ? { type, mode } : { type, mode, features: readFeatures(r) };
    }
    case 'turnIndicator': {
      const count = r.u8();
      if (count === 0) throw new PayloadError('indicator count 0 (counted from 1)');
      return { type, count };
    }
    case 'setLamp':
      return { type, seat: r.seat(), lamp: r.pick(LAMPS, 'lamp'), on: r.bool() };
    case 'setDisplay':
      return { type, seat: r.seat(), points: r.i32() };
    case 'buzz':
      return { type, ms: r.u16() };
    default:
      return { type };
  }
}

function decodeEvent(type: number, r: Reader): Exclude<WireEvent, { type: 'table.hello' }> | undefined {
  switch (type) {
    case MSG.MODE_SET: {
      const mode = r.pick(TABLE_MODES, 'mode');
      return r.atEnd ? { type: 'table.modeSet', mode } : { type: 'table.modeSet', mode, features: readFeatures(r) };
    }
    case MSG.REPLACEMENT_DRAWN:
      return {
        type: 'table.replacementDrawn',
        seat: r.seat(),
        tile: r.tile(),
        reason: r.pick(REPLACEMENT_REASONS, 'replacement reason'),
        source: r.pick(REPLACEMENT_SOURCES, 'replacement source'),
      };
    case MSG.BONUS_SET_ASIDE:
      return { type: 'table.bonusSetAside', seat: r.seat(), tile: r.tile() };
    case MSG.INDICATOR_TURNED: {
      const count = r.u8();
      if (count === 0) throw new PayloadError('indicator count 0 (counted from 1)');
      return { type: 'table.indicatorTurned', count, tile: r.tile(), faceUp: r.bool() };
    }
    case MSG.SHUFFLED:
      return { type: 'table.shuffled' };
    case MSG.WALLS_BUILT:
      return { type: 'table.wallsBuilt', walls: [r.tiles(), r.tiles(), r.tiles(), r.tiles()] };
    case MSG.HANDS_DEALT:
      return { type: 'table.handsDealt', hands: [r.tiles(), r.tiles(), r.tiles(), r.tiles()] };
    case MSG.DICE_ROLLED:
      return { type: 'table.diceRolled', dice: readDice(r) };
    case MSG.DORA_FLIPPED:
      return { type: 'table.doraFlipped', indicator: r.tile() };
    case MSG.URA_REVEALED:
      return { type: 'table.uraRevealed', indicator: r.tile() };
    case MSG.TILE_DRAWN:
      return { type: 'table.tileDrawn', seat: r.seat(), tile: r.tile() };
    case MSG.TILE_DISCARDED:
      return { type: 'table.tileDiscarded', seat: r.seat(), tile: r.tile() };
    case MSG.MELD_LAID:
      return { type: 'table.meldLaid', seat: r.seat(), tiles: r.tiles() };
    case MSG.HAND_REVEALED:
      return { type: 'table.handRevealed', seat: r.seat(), tiles: r.tiles() };
    case MSG.HAND_PLACED:
      return { type: 'table.handPlaced', seat: r.seat(), tiles: r.tiles() };
    case MSG.BUTTON_PRESSED:
      return { type: 'table.buttonPressed', seat: r.seat(), button: r.pick(SEAT_BUTTONS, 'button') };
    case MSG.STICKS_CHANGED:
      return {
        type: 'table.sticksChanged',
        seat: r.seat(),
        sticks: { p100: r.u8(), p1000: r.u8(), p5000: r.u8(), p10000: r.u8() },
      };
    case MSG.LID_CHANGED:
      return { type: 'table.lidChanged', lid: r.pick(LIDS, 'lid') };
    case MSG.SENSORS_REPORTED: {
      const lid = r.pick(LIDS, 'lid');
      const tilesInPit = r.u8();
      const temp = r.u8();
      return { type: 'table.sensorsReported', lid, tilesInPit, motorTempC: temp > 127 ? temp - 256 : temp };
    }
    case MSG.FAULT:
      return { type: 'table.fault', fault: readFault(r) };
    case MSG.FAULT_CLEARED:
      return { type: 'table.faultCleared', code: r.pick(FAULT_CODES, 'fault code') };
    case MSG.COMMAND_REJECTED: {
      const commandId = r.u16();
      const command = commandTypeOfCode(r.u8()) ?? 'unknown';
      const code: TableErrorCode = r.pick(TABLE_ERROR_CODES, 'error code');
      return { type: 'table.commandRejected', commandId, command, code };
    }
    case MSG.STATE:
      return { type: 'table.state', snapshot: readSnapshot(r) };
    default:
      return undefined;
  }
}
