// The vocabulary between the table link and the machines: TableEvent (from the table), TableCommand (to it), with zod schemas.
//
// Tiles are rules/ `Tile` values (kind 0..41, | RED_FLAG 0x40 for a red five). The wire protocol
// (hardware/PROTOCOL.md) sends exactly that number as one byte, and 0xFF for "a tile the sensors could
// not read", which appears here as `null` (`SensedTile`). Seats are `Seat` (0 = East at the table's
// seat 0 position, counter-clockwise), never bare numbers.
//
// Event types are `domain.verb`: `table.*` come from the table, `link.*` from the link itself.
// Schemas validate at a boundary (serial frames after decoding, WebSocket, IPC, log import); inside the
// process the types alone are trusted.
import { z } from 'zod';
import { KIND_MASK, RED_FLAG, tileOf, type Tile } from '../rules/tiles.js';

// ---------------------------------------------------------------------------------------------
// Basic values

export type Seat = 0 | 1 | 2 | 3;
export const SEATS: readonly Seat[] = [0, 1, 2, 3];
export const SeatSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/**
 * Tiles only a table knows (PROTOCOL.md §10.1, protocol 2), one byte with bit 7 set: the Vietnamese sets' eight kings
 * and queens (0x80-0x87: kings 1-4, queens 1-4) and eight jokers (0x88-0x8f: emperor, dots, bamboo, characters,
 * suited, wind, dragon, flower; seed 003). rules/ has no kind for them: only the 160/176-tile modes deal them, and a
 * host core reads one in another mode as a tile it could not read (`withoutTableOnlyTiles`).
 */
export const TABLE_ONLY_TILES = { first: 0x80, last: 0x8f } as const;
export const isTableOnlyTile = (value: number): boolean =>
  value >= TABLE_ONLY_TILES.first && value <= TABLE_ONLY_TILES.last;

/**
 * True when `value` is a tile a table may report: a Tile rules/ accepts (kind 0..41, red flag only on fives), or one
 * of the table-only Vietnamese tiles.
 */
export function isTileValue(value: unknown): value is Tile {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  if (isTableOnlyTile(value)) return true;
  if ((value & ~(KIND_MASK | RED_FLAG)) !== 0) return false;
  return tileOf(value & KIND_MASK, (value & RED_FLAG) !== 0).ok;
}
export const TileSchema = z.custom<Tile>(isTileValue, {
  message: 'not a tile (kind 0..41, | 0x40 for a red five; 0x80-0x8f table-only)',
});
/** A tile as a sensor reports it: `null` when the table could not read it (0xFF on the wire). */
export type SensedTile = Tile | null;
export const SensedTileSchema = TileSchema.nullable();

/**
 * The tile sets and player counts a shuffler can be set to (one byte on the wire, see PROTOCOL.md §10.2, §13):
 * - `standard4`: 136 tiles, 4 players, 4 walls of 34 (17 stacks of 2)
 * - `sanma3`: 108 tiles (no 2m-8m), 3 players, 3 walls of 36
 * - `minefield2`: 136 tiles, 2 players, one private wall of 34 per player (the rest stays in the pit)
 * - `flowers4`: 144 tiles (with flowers and seasons), 4 players, 4 walls of 36 (18 stacks): MCR, Hong Kong, Zung Jung
 * - `xiamen4` (protocol 2): 144 tiles, 4 walls of 36 = an inner wall of 8 stacks and an outer wall of 20 single
 *   tiles (xiamen.md §4), 16 dealt to each seat from the inner walls
 * - `viet160`, `viet176` (protocol 2): 160 or 176 tiles (the 144 with kings, queens and 8 or 24 jokers, seed 003),
 *   4 walls of 40 or 44 (20 or 22 stacks), no dead wall
 */
export type TableMode = 'standard4' | 'sanma3' | 'minefield2' | 'flowers4' | 'xiamen4' | 'viet160' | 'viet176';
export const TABLE_MODES: readonly TableMode[] = [
  'standard4',
  'sanma3',
  'minefield2',
  'flowers4',
  'xiamen4',
  'viet160',
  'viet176',
];
export const TableModeSchema = z.enum(['standard4', 'sanma3', 'minefield2', 'flowers4', 'xiamen4', 'viet160', 'viet176']);

/** The physical tile sets a table can hold (HELLO_REPLY's content extension announces which, PROTOCOL.md §16). */
export type TableTileSet = 136 | 108 | 144 | 160 | 176;
export const TABLE_TILE_SETS: readonly TableTileSet[] = [136, 108, 144, 160, 176];
export const TableTileSetSchema = z.union([z.literal(136), z.literal(108), z.literal(144), z.literal(160), z.literal(176)]);

export interface TableModeSpec {
  /** Tiles in the set the shuffler holds. */
  readonly tileSet: TableTileSet;
  readonly players: 2 | 3 | 4;
  /** Tiles in each player's wall after building. */
  readonly wallTiles: number;
  /** The seats in play, in turn order. */
  readonly seats: readonly Seat[];
  /**
   * Where replacement draws come from (PROTOCOL.md §16.2): the riichi dead wall (S1 on, at most 4 or 8 a hand), or
   * the tail of the wall (the far end from the live draws, until the two ends meet).
   */
  readonly replacementFrom: ReplacementSource;
  /** Tiles DEAL_HANDS gives each seat. */
  readonly dealt: number;
}
export const TABLE_MODE_SPECS: Readonly<Record<TableMode, TableModeSpec>> = {
  standard4: { tileSet: 136, players: 4, wallTiles: 34, seats: [0, 1, 2, 3], replacementFrom: 'deadWall', dealt: 13 },
  sanma3: { tileSet: 108, players: 3, wallTiles: 36, seats: [0, 1, 2], replacementFrom: 'deadWall', dealt: 13 },
  // Minefield seats face each other across the table: seats 0 and 2.
  minefield2: { tileSet: 136, players: 2, wallTiles: 34, seats: [0, 2], replacementFrom: 'deadWall', dealt: 13 },
  flowers4: { tileSet: 144, players: 4, wallTiles: 36, seats: [0, 1, 2, 3], replacementFrom: 'tail', dealt: 13 },
  xiamen4: { tileSet: 144, players: 4, wallTiles: 36, seats: [0, 1, 2, 3], replacementFrom: 'tail', dealt: 16 },
  viet160: { tileSet: 160, players: 4, wallTiles: 40, seats: [0, 1, 2, 3], replacementFrom: 'tail', dealt: 13 },
  viet176: { tileSet: 176, players: 4, wallTiles: 44, seats: [0, 1, 2, 3], replacementFrom: 'tail', dealt: 13 },
};

/** Where a replacement draw was taken from: the riichi dead wall, or the tail of the wall (the Chinese family). */
export type ReplacementSource = 'deadWall' | 'tail';
export const REPLACEMENT_SOURCES: readonly ReplacementSource[] = ['deadWall', 'tail'];
export const ReplacementSourceSchema = z.enum(['deadWall', 'tail']);

/** Why a seat takes a replacement tile: after its kan, its North set aside (Sanma), or a bonus tile set aside. */
export type ReplacementReason = 'kan' | 'north' | 'bonus';
export const REPLACEMENT_REASONS: readonly ReplacementReason[] = ['kan', 'north', 'bonus'];
export const ReplacementReasonSchema = z.enum(['kan', 'north', 'bonus']);

/**
 * What a protocol 2 table can do beyond revision 1.2 (PROTOCOL.md §16.1), announced in HELLO_REPLY and switched on
 * by the host with SET_MODE (a table sends protocol 2 events only to a host that asked for them):
 * - `replacementDraws`: a replacement draw is REPLACEMENT_DRAWN, with its reason and where it came from;
 * - `bonusTiles`: a bonus tile set aside is BONUS_SET_ASIDE (sensed);
 * - `kanDora`: FLIP_DORA repeated turns the next kan dora indicator (revision 1.2, now announced);
 * - `allUra`: REVEAL_URA repeated turns the next ura indicator (one under each dora indicator shown);
 * - `goldIndicator`: TURN_INDICATOR / TURN_BACK_INDICATOR at a position the host names, and ROLL_DICE more than once;
 * - `riichiDiscards`: the discard sensors see a tile laid sideways; the snapshot shows each seat's riichi discard.
 */
export type TableFeature = 'replacementDraws' | 'bonusTiles' | 'kanDora' | 'allUra' | 'goldIndicator' | 'riichiDiscards';
export const TABLE_FEATURES: readonly TableFeature[] = [
  'replacementDraws',
  'bonusTiles',
  'kanDora',
  'allUra',
  'goldIndicator',
  'riichiDiscards',
];
export const TableFeatureSchema = z.enum(['replacementDraws', 'bonusTiles', 'kanDora', 'allUra', 'goldIndicator', 'riichiDiscards']);

export type SeatButton = 'riichi' | 'chi' | 'pon' | 'kan' | 'ron' | 'tsumo' | 'pass' | 'confirm';
export const SEAT_BUTTONS: readonly SeatButton[] = [
  'riichi',
  'chi',
  'pon',
  'kan',
  'ron',
  'tsumo',
  'pass',
  'confirm',
];
export const SeatButtonSchema = z.enum(['riichi', 'chi', 'pon', 'kan', 'ron', 'tsumo', 'pass', 'confirm']);

export type Lamp = 'turn' | 'dealer' | 'riichi';
export const LAMPS: readonly Lamp[] = ['turn', 'dealer', 'riichi'];
export const LampSchema = z.enum(['turn', 'dealer', 'riichi']);

export type LidState = 'closed' | 'open';
export const LidStateSchema = z.enum(['closed', 'open']);

/** Point sticks counted in one seat's tray. */
export interface Sticks {
  readonly p100: number;
  readonly p1000: number;
  readonly p5000: number;
  readonly p10000: number;
}
const count = z.number().int().min(0).max(255);
export const SticksSchema = z.object({ p100: count, p1000: count, p5000: count, p10000: count });
export const sticksPoints = (s: Sticks): number =>
  s.p100 * 100 + s.p1000 * 1000 + s.p5000 * 5000 + s.p10000 * 10000;

/** Where the table's machinery was when something happened (faults name one). */
export type TableStage = 'idle' | 'shuffle' | 'build' | 'lift' | 'deal' | 'dice' | 'dora' | 'play';
export const TABLE_STAGES: readonly TableStage[] = [
  'idle',
  'shuffle',
  'build',
  'lift',
  'deal',
  'dice',
  'dora',
  'play',
];
export const TableStageSchema = z.enum(['idle', 'shuffle', 'build', 'lift', 'deal', 'dice', 'dora', 'play']);

/**
 * Faults the table latches. `hostSilent` is the table's own safe stop after missed host heartbeats.
 * A latched fault refuses every command except FAULT_ALLOWED_COMMANDS until `clearFault` succeeds.
 */
export type FaultCode =
  'jam' | 'tileCountMismatch' | 'liftLimit' | 'diceSensor' | 'sensorMisread' | 'hostSilent' | 'lidOpen';
export const FAULT_CODES: readonly FaultCode[] = [
  'jam',
  'tileCountMismatch',
  'liftLimit',
  'diceSensor',
  'sensorMisread',
  'hostSilent',
  'lidOpen',
];
export const FaultCodeSchema = z.enum([
  'jam',
  'tileCountMismatch',
  'liftLimit',
  'diceSensor',
  'sensorMisread',
  'hostSilent',
  'lidOpen',
]);

export interface Fault {
  readonly code: FaultCode;
  readonly stage: TableStage;
  /** Whether `clearFault` can resume; an unrecoverable fault needs a technician (power cycle). */
  readonly recoverable: boolean;
}
export const FaultSchema = z.object({
  code: FaultCodeSchema,
  stage: TableStageSchema,
  recoverable: z.boolean(),
});

/** Why the table refused a command (typed error codes; one byte on the wire). */
export type TableErrorCode =
  | 'faultLatched' // a fault is latched; only getState, clearFault, stop are accepted
  | 'badState' // not possible now (e.g. dealHands before buildWalls, flipDora twice)
  | 'unsupported' // the table lacks the capability (e.g. dealHands on a walls-only table)
  | 'badArgument' // a field out of range (seat 3 in sanma, unknown mode)
  | 'busy' // the machinery is still running the previous motor command
  | 'notRecoverable' // clearFault on a fault that needs a technician
  | 'noFault' // clearFault with nothing latched
  | 'unknownCommand';
export const TABLE_ERROR_CODES: readonly TableErrorCode[] = [
  'faultLatched',
  'badState',
  'unsupported',
  'badArgument',
  'busy',
  'notRecoverable',
  'noFault',
  'unknownCommand',
];
export const TableErrorCodeSchema = z.enum([
  'faultLatched',
  'badState',
  'unsupported',
  'badArgument',
  'busy',
  'notRecoverable',
  'noFault',
  'unknownCommand',
]);

/** What a table announces it has, in its HELLO (a bitmap plus a mode list on the wire). */
export const CapabilitiesSchema = z.object({
  modes: z.array(TableModeSchema),
  dealsHands: z.boolean(),
  sensors: z.object({
    walls: z.boolean(),
    draws: z.boolean(),
    discards: z.boolean(),
    melds: z.boolean(),
    reveal: z.boolean(),
    handPlacement: z.boolean(),
    sticks: z.boolean(),
    lid: z.boolean(),
    dice: z.boolean(),
  }),
  seatPanels: z.boolean(),
  lamps: z.boolean(),
  displays: z.boolean(),
  buzzer: z.boolean(),
  /**
   * Protocol 2 content (HELLO_REPLY's content extension, PROTOCOL.md §16.1): the content revision, the features and
   * the tile sets the table holds. Absent or null: a table of revision 1.x.
   */
  content: z
    .object({
      revision: z.number().int().min(2),
      features: z.array(TableFeatureSchema),
      tileSets: z.array(TableTileSetSchema),
    })
    .nullable()
    .optional(),
});
/**
 * `dealsHands`: AMOS-style tables raise dealt hands, others raise walls only. `sensors.walls`: reads every wall
 * position after building; `sensors.handPlacement`: reads the 13 tiles a Minefield seat sets up as its hand.
 */
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

/** Where the table's cycle is; reported in snapshots. */
export type TablePhase =
  'idle' | 'modeSet' | 'shuffled' | 'wallsBuilt' | 'handsDealt' | 'playing' | 'stopped';
export const TablePhaseSchema = z.enum([
  'idle',
  'modeSet',
  'shuffled',
  'wallsBuilt',
  'handsDealt',
  'playing',
  'stopped',
]);

/** Dice rolls a hand may have (Xiamen: who takes first, the wall break, the gold indicator and its re-rolls; §13). */
export const MAX_DICE_ROLLS = 8;
const die = z.number().int().min(1).max(6);
export const DiceSchema = z.tuple([die, die]);
export type Dice = z.infer<typeof DiceSchema>;

const perSeat = <T extends z.ZodType>(item: T) => z.array(item).length(4);
export const TableSnapshotSchema = z.object({
  mode: TableModeSchema.nullable(),
  phase: TablePhaseSchema,
  fault: FaultSchema.nullable(),
  lid: LidStateSchema,
  dice: DiceSchema.nullable(),
  dora: z.object({ indicator: SensedTileSchema }).nullable(),
  wallRemaining: perSeat(z.number().int().min(0)),
  discards: perSeat(z.array(SensedTileSchema)),
  melds: perSeat(z.array(z.array(SensedTileSchema))),
  handsPlaced: perSeat(z.number().int().min(0)),
  sticks: perSeat(SticksSchema),
  displays: perSeat(z.number().int()),
  /**
   * The tiles in each seat's hand zone as its sensors read them (null where unread), one entry per placed
   * tile (length = `handsPlaced`). Secret during a hand. Absent from tables that predate protocol revision 1.1.
   */
  placedHands: perSeat(z.array(SensedTileSchema)).optional(),
  /** The under-dora indicator once revealUra turned it over, else null (secret). Absent before revision 1.1. */
  ura: z.object({ indicator: SensedTileSchema }).nullable().optional(),
  /**
   * Kan dora indicators flipped after the first (FLIP_DORA repeated after kans), in order; absent when none was
   * flipped this hand (and from tables before revision 1.2).
   */
  kanDora: z.array(SensedTileSchema).min(1).max(4).optional(),
  /** Protocol 2 (PROTOCOL.md §16.6), present only once the host switched features on: the features in force. */
  features: z.array(TableFeatureSchema).optional(),
  /** Every ura indicator turned so far this hand, in order (the first is also `ura`). */
  uras: z.array(SensedTileSchema).max(5).optional(),
  /** Per seat: the index in its `discards` of the tile lying sideways (its riichi declaration), or null. */
  riichiDiscards: perSeat(z.number().int().min(0).nullable()).optional(),
  /** Per seat: the bonus tiles it set aside this hand, in order. */
  bonus: perSeat(z.array(SensedTileSchema)).optional(),
  /** Replacement draws taken this hand (from the dead wall or the tail). */
  replacements: z.number().int().min(0).optional(),
  /** The indicator lying face up at a position the host named (Xiamen's gold indicator), or null. */
  indicator: z.object({ count: z.number().int().min(1).max(255), tile: SensedTileSchema }).nullable().optional(),
  /** Every dice roll of this hand, in order (Xiamen rolls three times). */
  rolls: z.array(DiceSchema).max(MAX_DICE_ROLLS).optional(),
});
/**
 * What the table knows right now (GET_STATE). Per-seat arrays are indexed by Seat (length 4):
 * `wallRemaining` tiles still standing in each wall, `discards` in placement order, `melds` one array per meld,
 * `handsPlaced` how many tiles each seat set up as its hand (Minefield), `placedHands` which ones (secret: the host uses
 * them only to rebuild a lost `table.handPlaced`, never publishes them), `dora` null before flipDora.
 */
export type TableSnapshot = z.infer<typeof TableSnapshotSchema>;

// ---------------------------------------------------------------------------------------------
// TableEvent: from the table (and the link)

export const TableEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('table.hello'),
    /** Protocol version the table speaks (PROTOCOL.md). */
    protocol: z.number().int(),
    /** Firmware version string, e.g. "sim-1.0.0". */
    firmware: z.string(),
    capabilities: CapabilitiesSchema,
    /** Random 32-bit id chosen at each boot: a new value means the table rebooted. */
    bootId: z.number().int().min(0),
  }),
  /** `features`: the protocol 2 features now in force, when the SET_MODE asked for some (PROTOCOL.md §16.1). */
  z.object({ type: z.literal('table.modeSet'), mode: TableModeSchema, features: z.array(TableFeatureSchema).optional() }),
  z.object({ type: z.literal('table.shuffled') }),
  /** Walls indexed by seat (empty for seats not in play); a tile is null where the table cannot read it. */
  z.object({ type: z.literal('table.wallsBuilt'), walls: perSeat(z.array(SensedTileSchema)) }),
  z.object({ type: z.literal('table.handsDealt'), hands: perSeat(z.array(SensedTileSchema)) }),
  z.object({ type: z.literal('table.diceRolled'), dice: DiceSchema }),
  z.object({ type: z.literal('table.doraFlipped'), indicator: SensedTileSchema }),
  /** The under-dora (ura) indicator beneath the dora indicator, turned over at a riichi win. */
  z.object({ type: z.literal('table.uraRevealed'), indicator: SensedTileSchema }),
  z.object({ type: z.literal('table.tileDrawn'), seat: SeatSchema, tile: SensedTileSchema }),
  /**
   * Protocol 2: a replacement draw, sensed like any draw, with why and from where (PROTOCOL.md §16.2): after the
   * seat's kan, its North (Sanma) or a bonus tile it set aside; from the dead wall (riichi) or the tail.
   */
  z.object({
    type: z.literal('table.replacementDrawn'),
    seat: SeatSchema,
    tile: SensedTileSchema,
    reason: ReplacementReasonSchema,
    source: ReplacementSourceSchema,
  }),
  /** Protocol 2: a bonus tile (flower, season; Vietnamese king, queen) a seat set aside, in the deal or in play. */
  z.object({ type: z.literal('table.bonusSetAside'), seat: SeatSchema, tile: SensedTileSchema }),
  /**
   * Protocol 2: the indicator at `count` tiles from the tail was turned face up (`faceUp`) or back down (PROTOCOL.md
   * §16.4; Xiamen's gold indicator).
   */
  z.object({
    type: z.literal('table.indicatorTurned'),
    count: z.number().int().min(1).max(255),
    tile: SensedTileSchema,
    faceUp: z.boolean(),
  }),
  z.object({ type: z.literal('table.tileDiscarded'), seat: SeatSchema, tile: SensedTileSchema }),
  z.object({ type: z.literal('table.meldLaid'), seat: SeatSchema, tiles: z.array(SensedTileSchema) }),
  z.object({ type: z.literal('table.handRevealed'), seat: SeatSchema, tiles: z.array(SensedTileSchema) }),
  /** Minefield: the 13 tiles a seat set up as its hand (secret: machines must not publish them). */
  z.object({ type: z.literal('table.handPlaced'), seat: SeatSchema, tiles: z.array(SensedTileSchema) }),
  z.object({ type: z.literal('table.buttonPressed'), seat: SeatSchema, button: SeatButtonSchema }),
  z.object({ type: z.literal('table.sticksChanged'), seat: SeatSchema, sticks: SticksSchema }),
  z.object({ type: z.literal('table.lidChanged'), lid: LidStateSchema }),
  /** Periodic idle report of the sensors, so a technician sees a live table. */
  z.object({
    type: z.literal('table.sensorsReported'),
    lid: LidStateSchema,
    tilesInPit: z.number().int().min(0),
    motorTempC: z.number().int(),
  }),
  z.object({ type: z.literal('table.fault'), fault: FaultSchema }),
  z.object({ type: z.literal('table.faultCleared'), code: FaultCodeSchema }),
  /** The table refused a command; `commandId` is what `Link.send` returned for it. */
  z.object({
    type: z.literal('table.commandRejected'),
    commandId: z.number().int().min(0),
    command: z.string(),
    code: TableErrorCodeSchema,
  }),
  z.object({ type: z.literal('table.state'), snapshot: TableSnapshotSchema }),
  /** The link completed a handshake (first connect or reconnect); a `table.hello` precedes it. */
  z.object({ type: z.literal('link.up'), bootId: z.number().int().min(0), reconnect: z.boolean() }),
  z.object({
    type: z.literal('link.lost'),
    reason: z.enum(['heartbeat', 'closed', 'error']),
    detail: z.string(),
  }),
  /**
   * The link is not up and says why, once per cause (the link keeps trying): the port cannot be opened (gone,
   * refused, not a serial port: `cannotOpen`), or it is open and nothing answered the HELLOs for `waitedMs`
   * (`noAnswer`: not the table's port, or the table is off). `port` is the path the transport tried, when it knows it.
   */
  z.object({
    type: z.literal('link.unreachable'),
    reason: z.enum(['cannotOpen', 'noAnswer']),
    port: z.string().max(1024).nullable(),
    detail: z.string().max(1000),
    waitedMs: z.number().int().min(0),
  }),
  /** The table's boot id changed across a reconnect: its state was lost; a `table.state` follows. */
  z.object({
    type: z.literal('link.rebooted'),
    previousBootId: z.number().int().min(0),
    bootId: z.number().int().min(0),
  }),
]);
export type TableEvent = z.infer<typeof TableEventSchema>;
export type TableEventType = TableEvent['type'];
export type TableEventOf<T extends TableEventType> = Extract<TableEvent, { type: T }>;

// ---------------------------------------------------------------------------------------------
// TableCommand: to the table

export const TableCommandSchema = z.discriminatedUnion('type', [
  /** `features`: the protocol 2 features the host wants (only to a table that announced them, PROTOCOL.md §16.1). */
  z.object({ type: z.literal('setMode'), mode: TableModeSchema, features: z.array(TableFeatureSchema).optional() }),
  z.object({ type: z.literal('shuffle') }),
  z.object({ type: z.literal('buildWalls') }),
  z.object({ type: z.literal('dealHands') }),
  z.object({ type: z.literal('rollDice') }),
  z.object({ type: z.literal('flipDora') }),
  /** Turn over the tile under the dora indicator (riichi wins); after flipDora only. Repeated (`allUra`): the next one. */
  z.object({ type: z.literal('revealUra') }),
  /** Protocol 2 (`goldIndicator`): turn face up the tile `count` tiles from the tail, counted the way replacements go. */
  z.object({ type: z.literal('turnIndicator'), count: z.number().int().min(1).max(255) }),
  /** Protocol 2 (`goldIndicator`): turn the face-up indicator back down (it was a bonus tile; Xiamen counts again). */
  z.object({ type: z.literal('turnBackIndicator') }),
  z.object({ type: z.literal('setLamp'), seat: SeatSchema, lamp: LampSchema, on: z.boolean() }),
  z.object({
    type: z.literal('setDisplay'),
    seat: SeatSchema,
    points: z.number().int().min(-2_147_483_648).max(2_147_483_647),
  }),
  z.object({ type: z.literal('buzz'), ms: z.number().int().min(0).max(65535) }),
  z.object({ type: z.literal('getState') }),
  z.object({ type: z.literal('clearFault') }),
  /** Stop all motors now (also accepted while a fault is latched). */
  z.object({ type: z.literal('stop') }),
]);
export type TableCommand = z.infer<typeof TableCommandSchema>;
export type TableCommandType = TableCommand['type'];

/** The only commands a table accepts while a fault is latched. */
export const FAULT_ALLOWED_COMMANDS: readonly TableCommandType[] = ['getState', 'clearFault', 'stop'];

// ---------------------------------------------------------------------------------------------
// Link statistics (for the diagnostics screen; the link keeps them, the host publishes them)

export const LinkStatsSchema = z.object({
  state: z.enum(['connecting', 'up', 'lost', 'closed']),
  protocol: z.number().int().nullable(),
  firmware: z.string().nullable(),
  bootId: z.number().int().nullable(),
  framesSent: z.number().int(),
  framesReceived: z.number().int(),
  eventsDelivered: z.number().int(),
  /** Commands this host had to send again (timeouts and fast retransmits). */
  resends: z.number().int(),
  /** Frames from the table dropped for a CRC mismatch. */
  crcErrors: z.number().int(),
  /** Other frames dropped: COBS errors, runts, oversize garbage, undecodable payloads. */
  badFrames: z.number().int(),
  /** Events the table sent again that had already arrived (its resends whose acks were lost). */
  duplicates: z.number().int(),
  reconnects: z.number().int(),
  reboots: z.number().int(),
  rttMs: z.object({ p50: z.number().nullable(), p99: z.number().nullable(), last: z.number().nullable() }),
  lastFaults: z.array(FaultSchema.extend({ at: z.number() })),
});
export type LinkStats = z.infer<typeof LinkStatsSchema>;

// ---------------------------------------------------------------------------------------------
// What a variant needs of a table

/** A variant's needs: the mode it plays, and the protocol 2 features it cannot play without (PROTOCOL.md §16.1). */
export interface TableNeeds {
  readonly mode: TableMode;
  readonly features?: readonly TableFeature[];
}

/**
 * What the table lacks for `needs`, one line each (empty when it has everything): the mode, or a protocol 2 feature.
 * Example: a revision 1.2 table offered Xiamen → ["mode xiamen4 (the table offers standard4, sanma3)",
 * "protocol 2 feature goldIndicator (the table speaks revision 1.x)"].
 */
export function tableShortfall(needs: TableNeeds, capabilities: Capabilities): string[] {
  const missing: string[] = [];
  if (!capabilities.modes.includes(needs.mode))
    missing.push(`mode ${needs.mode} (the table offers ${capabilities.modes.join(', ') || 'no mode'})`);
  const content = capabilities.content ?? null;
  for (const feature of needs.features ?? [])
    if (content === null || !content.features.includes(feature))
      missing.push(
        `protocol 2 feature ${feature} (${content === null ? 'the table speaks revision 1.x' : `the table offers ${content.features.join(', ') || 'none'}`})`,
      );
  return missing;
}

/** The features to switch on with SET_MODE: those the host would use that the table has (none for a 1.x table). */
export function featuresToUse(wanted: readonly TableFeature[], capabilities: Capabilities): TableFeature[] | undefined {
  const content = capabilities.content ?? null;
  if (content === null) return undefined;
  return TABLE_FEATURES.filter((f) => wanted.includes(f) && content.features.includes(f));
}

/** Fields of table events and snapshots that hold a tile, or (nested) lists of tiles. */
const TILE_FIELDS: ReadonlySet<string> = new Set(['tile', 'indicator', 'tiles', 'walls', 'hands', 'discards', 'melds', 'placedHands', 'kanDora', 'uras', 'bonus']);

/**
 * The event with every table-only tile (PROTOCOL.md §10.1, the Vietnamese sets' extras) read as a tile the sensors
 * could not read (null): in a mode whose set has none, such a byte is a misread, and rules/ has no kind for it. The
 * event is returned as it is when it holds none.
 */
export function withoutTableOnlyTiles<E extends TableEvent>(event: E): E {
  let found = false;
  const walk = (value: unknown, tileField: boolean): unknown => {
    if (typeof value === 'number') {
      if (!tileField || !isTableOnlyTile(value)) return value;
      found = true;
      return null;
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, tileField));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, TILE_FIELDS.has(k))]));
    return value;
  };
  const mapped = walk(event, false) as E;
  return found ? mapped : event;
}
