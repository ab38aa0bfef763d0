// The simulated table's physical state: tiles, walls, dice, dora, seats; executes commands and physical actions into events.
//
// Wall geometry (the simulator's convention, documented in PROTOCOL.md §13): each seat in play has a wall of
// `wallTiles` tiles = stacks of two (index 2k is the top of stack k, 2k+1 its bottom). The walls form a ring of
// stacks in seat order; drawing runs forward around the ring. After a dice roll of sum S, the wall of the seat
// S-1 places after the dealer (counter-clockwise, dealer = 1) breaks S stacks from its start: live draws start at
// that stack; the 7 stacks before it are the dead wall, S1 (next to the break) to S7. Replacement tiles are taken
// from S1 on (top, then bottom); each one moves the live wall's last tile onto the dead wall's far end (riichi.md
// 3.2). The dora indicator is S3's top (Sanma: S5's, variants.md V3.1.5), the ura beneath it; kan dora indicators
// follow towards the live wall (riichi.md 3.5), in Sanma continuing on the moved tiles. Minefield: each player's
// wall of 34 is their private stock; the dora indicator and the ura beneath it are two of the remaining tiles.
// Protocol 2 tail modes (flowers4, viet160, viet176: PROTOCOL.md §13, §16): the same ring and break, no dead wall;
// live draws run forward from the break (the head), replacements backward from it (the tail: S1 top, S1 bottom, S2
// top, ...) until the two ends meet. xiamen4 (xiamen.md §4): each seat's 36 are an inner wall of 8 stacks
// (positions 0-15) dealt at once, and an outer wall of 20 single tiles (16-35) that a second roll breaks.
import type { Tile } from '../../rules/tiles.js';
import {
  FAULT_ALLOWED_COMMANDS,
  MAX_DICE_ROLLS,
  TABLE_FEATURES,
  TABLE_MODE_SPECS,
  type Capabilities,
  type ReplacementReason,
  type TableFeature,
  type Dice,
  type Fault,
  type LidState,
  type SensedTile,
  type Seat,
  type Sticks,
  type TableCommand,
  type TableErrorCode,
  type TableMode,
  type TablePhase,
  type TableSnapshot,
  type TableStage,
} from '../../table/table-events.js';
import type { WireEvent } from '../messages.js';
import type { PhysicalAction } from './actions.js';
import { createRng, type Rng } from '../../table/rng.js';
import { isBonusTile, tileSetOf } from './tile-sets.js';
import { NORTH, tileKind } from '../../rules/tiles.js';

export type TableWireEvent = Exclude<WireEvent, { type: 'table.hello' }>;

/** What a command does: refused, done at once, or a motor run that completes (or jams) later. */
export type CommandOutcome =
  | { readonly kind: 'rejected'; readonly code: TableErrorCode }
  | { readonly kind: 'done'; readonly events: TableWireEvent[] }
  | { readonly kind: 'motor'; readonly stage: TableStage; readonly complete: () => TableWireEvent[] };

export type ActionOutcome =
  { readonly ok: true; readonly events: TableWireEvent[] } | { readonly ok: false; readonly reason: string };

export interface LampState {
  turn: boolean;
  dealer: boolean;
  riichi: boolean;
}

export const FULL_CAPABILITIES: Capabilities = {
  modes: ['standard4', 'sanma3', 'minefield2', 'flowers4', 'xiamen4', 'viet160', 'viet176'],
  dealsHands: true,
  sensors: {
    walls: true,
    draws: true,
    discards: true,
    melds: true,
    reveal: true,
    handPlacement: true,
    sticks: true,
    lid: true,
    dice: true,
  },
  seatPanels: true,
  lamps: true,
  displays: true,
  buzzer: true,
  content: {
    revision: 2,
    features: ['replacementDraws', 'bonusTiles', 'kanDora', 'allUra', 'goldIndicator', 'riichiDiscards'],
    tileSets: [136, 108, 144, 160, 176],
  },
};

const DEAD_WALL_STACKS = 7;
/** Kan dora indicators after the first: one per kan, at most four kans in a hand. */
const MAX_KAN_DORA = 4;
const emptySticks = (): Sticks => ({ p100: 0, p1000: 0, p5000: 0, p10000: 0 });

/**
 * A stacked wall (tests; rare hands played through the table): the tiles the live wall and the dead wall give, in
 * the order they are taken, swapped into place in the shuffled walls as they are built (so the walls the table
 * reports are the stacked ones), for the break the plan's dice give. A null, or a tile past the end, stays shuffled. The wall knows nothing of how a deal takes its tiles: whoever stacks it does.
 */
export interface StackedWall {
  /** The roll that breaks the walls (the next DICE rolls it): the walls are stacked as they are built, before it. */
  readonly dice: Dice;
  /** The live wall from the break, in draw order (the deal's tiles first). */
  readonly live?: readonly (Tile | null)[];
  /** The dead wall's replacement tiles, in the order they are taken. */
  readonly replacements?: readonly (Tile | null)[];
}

export class TableModel {
  mode: TableMode | null = null;
  /** Stacks the walls at the next build, and gives its dice at the next roll (then is cleared): see StackedWall. */
  stacked: StackedWall | null = null;
  private stackedDice: Dice | null = null;
  phase: TablePhase = 'idle';
  fault: Fault | null = null;
  lid: LidState = 'closed';
  dice: Dice | null = null;
  /** The motor stage running now, or null. */
  running: TableStage | null = null;
  /** Stages that jam on their next run (fault injection). */
  readonly jams = new Map<TableStage, number>();
  /** Wall tiles by ring position (seat-major); null where taken. */
  private ring: (Tile | null)[] = [];
  private ringSeats: Seat[] = [];
  private pit: Tile[] = [];
  private drawOrder: number[] = [];
  private drawAt = 0;
  /**
   * The dead wall as ring positions in the engine's order (riichi.md 3.2): S1 top, S1 bottom, ... S7 bottom, then
   * each live tile moved onto it after a replacement draw.
   */
  private deadOrder: number[] = [];
  private replacementsTaken = 0;
  private doraPos: number | null = null;
  private uraPos: number | null = null;
  private minefieldDora: [Tile, Tile] | null = null;
  dora: Tile | null = null;
  ura: Tile | null = null;
  /** Kan dora indicators flipped after the first this hand, in order. */
  readonly kanDora: Tile[] = [];
  /** Every ura indicator revealed this hand, in order (REVEAL_URA repeated, protocol 2 `allUra`). */
  readonly uras: Tile[] = [];
  /** Protocol 2 features the host switched on with SET_MODE (kept across a reboot, like the mode). */
  readonly features = new Set<TableFeature>();
  /** Every dice roll of this hand. */
  readonly rolls: Dice[] = [];
  /** Per seat: the index in its pond of the tile lying sideways (a riichi declaration), or null. */
  readonly riichiDiscards: (number | null)[] = [null, null, null, null];
  /** Seats that pressed riichi: their next discard is laid sideways. */
  private readonly sideways = new Set<Seat>();
  /** Per seat: the bonus tiles set aside this hand. */
  readonly bonus: Tile[][] = [[], [], [], []];
  /** Per seat: the replacement draws it owes, in order, and why (each kan, North or bonus tile set aside). */
  private readonly owed: ReplacementReason[][] = [[], [], [], []];
  /** Tail modes: ring positions from the head forward and from the tail backward (both over the same tiles). */
  private headOrder: number[] = [];
  private tailOrder: number[] = [];
  private headAt = 0;
  private tailAt = 0;
  /** Xiamen: the seat that took the deal first (the first roll), for the inner walls. */
  private firstTaker: Seat | null = null;
  /** The indicator face up at a position the host named (Xiamen's gold), still standing in the wall. */
  indicator: { readonly count: number; readonly pos: number; readonly tile: Tile } | null = null;
  readonly walls: Tile[][] = [[], [], [], []];
  readonly hands: Tile[][] = [[], [], [], []];
  readonly placed: Tile[][] = [[], [], [], []];
  readonly discards: Tile[][] = [[], [], [], []];
  readonly melds: Tile[][][] = [[], [], [], []];
  readonly sticks: Sticks[] = [emptySticks(), emptySticks(), emptySticks(), emptySticks()];
  readonly displays: number[] = [0, 0, 0, 0];
  readonly lamps: LampState[] = [0, 1, 2, 3].map(() => ({ turn: false, dealer: false, riichi: false }));
  buzzes = 0;
  shuffles = 0;
  private readonly rng: Rng;

  constructor(
    readonly capabilities: Capabilities,
    seed: number,
    private readonly reds = true,
  ) {
    this.rng = createRng(seed);
  }

  get seats(): readonly Seat[] {
    return this.mode === null ? [] : TABLE_MODE_SPECS[this.mode].seats;
  }

  // -------------------------------------------------------------------------------------------
  // Commands

  execute(command: TableCommand): CommandOutcome {
    if (this.fault !== null && !FAULT_ALLOWED_COMMANDS.includes(command.type))
      return { kind: 'rejected', code: 'faultLatched' };
    const motor = (
      stage: TableStage,
      precondition: TableErrorCode | null,
      complete: () => TableWireEvent[],
    ): CommandOutcome => {
      if (this.running !== null) return { kind: 'rejected', code: 'busy' };
      if (precondition !== null) return { kind: 'rejected', code: precondition };
      this.running = stage;
      return { kind: 'motor', stage, complete };
    };
    switch (command.type) {
      case 'setMode':
        if (!this.capabilities.modes.includes(command.mode)) return { kind: 'rejected', code: 'unsupported' };
        if (this.running !== null) return { kind: 'rejected', code: 'busy' };
        this.mode = command.mode;
        this.phase = 'modeSet';
        this.clearHand();
        this.pit = tileSetOf(command.mode, this.reds);
        this.features.clear();
        if (command.features === undefined)
          return { kind: 'done', events: [{ type: 'table.modeSet', mode: command.mode }] };
        // Protocol 2: the features the host asked for that this table has are in force from now on.
        for (const f of TABLE_FEATURES)
          if (command.features.includes(f) && this.hasFeature(f)) this.features.add(f);
        return {
          kind: 'done',
          events: [{ type: 'table.modeSet', mode: command.mode, features: [...this.features] }],
        };
      case 'shuffle':
        return motor('shuffle', this.mode === null ? 'badState' : null, () => this.completeShuffle());
      case 'buildWalls':
        return motor('build', this.phase === 'shuffled' ? null : 'badState', () => this.completeBuild());
      case 'rollDice':
        return motor('dice', this.mayRoll() ? null : 'badState', () => this.completeDice());
      case 'dealHands':
        if (!this.capabilities.dealsHands) return { kind: 'rejected', code: 'unsupported' };
        return motor(
          'deal',
          this.phase === 'wallsBuilt' && this.dice !== null && this.mode !== 'minefield2' ? null : 'badState',
          () => (this.mode === 'xiamen4' ? this.completeXiamenDeal() : this.completeDeal()),
        );
      case 'flipDora': {
        // The Chinese family's tail modes have no dora (and no dead wall to lay it on).
        if (this.tailMode) return { kind: 'rejected', code: 'badState' };
        // Revision 1.2: once the hand's indicator is up, FLIP_DORA turns the next kan dora indicator.
        if (this.dora !== null && this.mode !== 'minefield2')
          return motor('dora', this.kanDoraPos() === null ? 'badState' : null, () => this.completeKanDora());
        const ready =
          this.dora === null &&
          (this.mode === 'minefield2'
            ? this.phase !== 'modeSet' && this.phase !== 'idle' && this.minefieldDora !== null
            : this.doraPos !== null);
        return motor('dora', ready ? null : 'badState', () => this.completeDora());
      }
      case 'revealUra': {
        if (this.dora === null) return { kind: 'rejected', code: 'badState' };
        if (this.ura === null) {
          this.ura = this.mode === 'minefield2' ? this.minefieldDora![1] : this.takeRing(this.uraPos!);
          this.uras.push(this.ura);
          return { kind: 'done', events: [{ type: 'table.uraRevealed', indicator: this.ura }] };
        }
        // Protocol 2 (`allUra`): the ura under each kan dora indicator shown, in order.
        const pos = this.hasFeature('allUra') ? this.nextUraPos() : null;
        if (pos === null) return { kind: 'rejected', code: 'badState' };
        const ura = this.takeRing(pos);
        this.uras.push(ura);
        return { kind: 'done', events: [{ type: 'table.uraRevealed', indicator: ura }] };
      }
      case 'turnIndicator': {
        if (!this.hasFeature('goldIndicator')) return { kind: 'rejected', code: 'unsupported' };
        if (!this.tailMode || this.tailOrder.length === 0 || this.indicator !== null)
          return { kind: 'rejected', code: 'badState' };
        const pos = this.fromTail(command.count);
        if (pos === null) return { kind: 'rejected', code: 'badArgument' };
        return motor('dora', null, () => this.completeTurn(command.count, pos));
      }
      case 'turnBackIndicator': {
        if (!this.hasFeature('goldIndicator')) return { kind: 'rejected', code: 'unsupported' };
        return motor('dora', this.indicator === null ? 'badState' : null, () => this.completeTurnBack());
      }
      case 'setLamp':
        if (!this.capabilities.lamps) return { kind: 'rejected', code: 'unsupported' };
        this.lamps[command.seat]![command.lamp] = command.on;
        return { kind: 'done', events: [] };
      case 'setDisplay':
        if (!this.capabilities.displays) return { kind: 'rejected', code: 'unsupported' };
        this.displays[command.seat] = command.points;
        return { kind: 'done', events: [] };
      case 'buzz':
        if (!this.capabilities.buzzer) return { kind: 'rejected', code: 'unsupported' };
        this.buzzes++;
        return { kind: 'done', events: [] };
      case 'getState':
        return { kind: 'done', events: [{ type: 'table.state', snapshot: this.snapshot() }] };
      case 'clearFault': {
        if (this.fault === null) return { kind: 'rejected', code: 'noFault' };
        if (!this.fault.recoverable) return { kind: 'rejected', code: 'notRecoverable' };
        const code = this.fault.code;
        this.fault = null;
        return { kind: 'done', events: [{ type: 'table.faultCleared', code }] };
      }
      case 'stop':
        this.running = null;
        return { kind: 'done', events: [] };
    }
  }

  /** Called when a motor run finishes: its events, or a jam fault if one was injected for the stage. */
  finishMotor(stage: TableStage, complete: () => TableWireEvent[]): TableWireEvent[] {
    this.running = null;
    const jam = this.jams.get(stage);
    if (jam !== undefined) {
      if (jam <= 1) {
        this.jams.delete(stage);
        return [this.latch({ code: 'jam', stage, recoverable: true })];
      }
      this.jams.set(stage, jam - 1);
    }
    return complete();
  }

  /** Motors off (host silent, or the firmware rebooting): a run in progress is abandoned and latched as a fault. */
  safeStop(code: 'hostSilent'): TableWireEvent[] {
    if (this.running === null) return [];
    const stage = this.running;
    this.running = null;
    return [this.latch({ code, stage, recoverable: true })];
  }

  latch(fault: Fault): TableWireEvent {
    this.fault = fault;
    return { type: 'table.fault', fault };
  }

  // -------------------------------------------------------------------------------------------
  // Physical actions

  perform(action: PhysicalAction): ActionOutcome {
    const no = (reason: string): ActionOutcome => ({ ok: false, reason });
    const yes = (...events: TableWireEvent[]): ActionOutcome => {
      if (
        action.do !== 'lid' &&
        action.do !== 'sticks' &&
        action.do !== 'press' &&
        (this.phase === 'wallsBuilt' || this.phase === 'handsDealt')
      )
        this.phase = 'playing';
      return { ok: true, events };
    };
    const s = this.capabilities.sensors;
    switch (action.do) {
      case 'draw': {
        if (this.mode === 'minefield2') return no('nothing is drawn in Minefield');
        if (action.from === 'dead' || action.from === 'tail') {
          const source = TABLE_MODE_SPECS[this.mode!].replacementFrom;
          if ((action.from === 'dead') !== (source === 'deadWall'))
            return no(
              `${this.mode} takes replacement tiles from the ${source === 'tail' ? 'tail' : 'dead wall'}`,
            );
          const taken = this.tailMode ? this.takeTail() : this.takeReplacement();
          if (typeof taken === 'string') return no(taken);
          this.hands[action.seat]!.push(taken);
          const owed = this.owed[action.seat]!.shift();
          const reason = action.reason ?? owed ?? 'kan';
          const tile = s.draws ? taken : null;
          // A 1.x host hears a replacement as a plain draw, told apart by its position (§9.1).
          return yes(
            this.features.has('replacementDraws')
              ? { type: 'table.replacementDrawn', seat: action.seat, tile, reason, source }
              : { type: 'table.tileDrawn', seat: action.seat, tile },
          );
        }
        if (this.tailMode) {
          const live = this.takeHead();
          if (typeof live === 'string') return no(live);
          this.hands[action.seat]!.push(live);
          return yes({ type: 'table.tileDrawn', seat: action.seat, tile: s.draws ? live : null });
        }
        if (this.drawAt >= this.drawOrder.length)
          return no(
            this.drawOrder.length === 0
              ? 'no live wall yet (build walls and roll dice)'
              : 'the live wall is exhausted',
          );
        const tile = this.takeRing(this.drawOrder[this.drawAt++]!);
        this.hands[action.seat]!.push(tile);
        return yes({ type: 'table.tileDrawn', seat: action.seat, tile: s.draws ? tile : null });
      }
      case 'discard': {
        if (!this.removeFrom(this.hands[action.seat]!, action.tile))
          return no(`seat ${action.seat} holds no ${action.tile} to discard`);
        this.discards[action.seat]!.push(action.tile);
        // The discard after a riichi press lies sideways: the declaration the snapshot shows (protocol 2).
        if (this.sideways.delete(action.seat))
          this.riichiDiscards[action.seat] = this.discards[action.seat]!.length - 1;
        return yes({ type: 'table.tileDiscarded', seat: action.seat, tile: s.discards ? action.tile : null });
      }
      case 'meld': {
        const hand = [...this.hands[action.seat]!];
        const needed = [...action.tiles];
        if (action.claimFrom !== undefined) {
          const pond = this.discards[action.claimFrom]!;
          const last = pond[pond.length - 1];
          if (last === undefined || !this.removeFrom(needed, last))
            return no(`the last discard of seat ${action.claimFrom} is not part of the meld`);
        }
        for (const tile of needed)
          if (!this.removeFrom(hand, tile)) return no(`seat ${action.seat} holds no ${tile} for the meld`);
        if (action.claimFrom !== undefined) {
          const pond = this.discards[action.claimFrom]!;
          pond.pop();
          // A riichi tile claimed: the declarer's next discard is laid sideways instead (riichi.md 6.2).
          if (this.riichiDiscards[action.claimFrom] === pond.length) {
            this.riichiDiscards[action.claimFrom] = null;
            this.sideways.add(action.claimFrom);
          }
        }
        this.hands[action.seat] = hand;
        this.melds[action.seat]!.push([...action.tiles]);
        if (action.tiles.length === 4 || action.tiles.length === 1)
          this.owed[action.seat]!.push(
            this.mode === 'sanma3' && action.tiles.length === 1 && tileKind(action.tiles[0]!) === NORTH
              ? 'north'
              : 'kan',
          );
        return yes({
          type: 'table.meldLaid',
          seat: action.seat,
          tiles: s.melds ? [...action.tiles] : action.tiles.map(() => null),
        });
      }
      case 'reveal': {
        const tiles = this.mode === 'minefield2' ? this.placed[action.seat]! : this.hands[action.seat]!;
        return yes({
          type: 'table.handRevealed',
          seat: action.seat,
          tiles: tiles.map((t) => (s.reveal ? t : null)),
        });
      }
      case 'placeHand': {
        if (this.mode !== 'minefield2') return no('hands are placed only in Minefield');
        if (this.placed[action.seat]!.length > 0) return no(`seat ${action.seat} already placed its hand`);
        if (action.tiles.length !== 13) return no(`a hand is 13 tiles, not ${action.tiles.length}`);
        const stock = [...this.hands[action.seat]!];
        for (const tile of action.tiles)
          if (!this.removeFrom(stock, tile)) return no(`seat ${action.seat}'s wall holds no ${tile}`);
        this.hands[action.seat] = stock;
        this.placed[action.seat] = [...action.tiles];
        return yes({
          type: 'table.handPlaced',
          seat: action.seat,
          tiles: action.tiles.map((t) => (s.handPlacement ? t : null)),
        });
      }
      case 'press':
        if (!this.capabilities.seatPanels) return no('this table has no seat panels');
        if (action.button === 'riichi') this.sideways.add(action.seat);
        return yes({ type: 'table.buttonPressed', seat: action.seat, button: action.button });
      case 'setAside': {
        if (!isBonusTile(action.tile)) return no(`${action.tile} is not a bonus tile`);
        if (!this.removeFrom(this.hands[action.seat]!, action.tile))
          return no(`seat ${action.seat} holds no ${action.tile} to set aside`);
        this.bonus[action.seat]!.push(action.tile);
        this.owed[action.seat]!.push('bonus');
        const tile = s.melds ? action.tile : null;
        // A 1.x host has no bonus tiles: it would hear a one-tile meld.
        return yes(
          this.features.has('bonusTiles')
            ? { type: 'table.bonusSetAside', seat: action.seat, tile }
            : { type: 'table.meldLaid', seat: action.seat, tiles: [tile] },
        );
      }
      case 'sticks':
        this.sticks[action.seat] = { ...action.sticks };
        return yes({ type: 'table.sticksChanged', seat: action.seat, sticks: { ...action.sticks } });
      case 'lid': {
        if (action.lid === this.lid) return no(`the lid is already ${action.lid}`);
        this.lid = action.lid;
        const events: TableWireEvent[] = [{ type: 'table.lidChanged', lid: action.lid }];
        if (action.lid === 'open' && this.running !== null) {
          const stage = this.running;
          this.running = null;
          events.push(this.latch({ code: 'lidOpen', stage, recoverable: true }));
        }
        return yes(...events);
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Views

  snapshot(): TableSnapshot {
    const wallRemaining = [0, 0, 0, 0];
    if (this.mode === 'minefield2')
      for (const seat of this.seats) wallRemaining[seat] = this.hands[seat]!.length;
    else this.ring.forEach((tile, pos) => tile !== null && wallRemaining[this.ringSeats[pos]!]!++);
    const sense = (on: boolean, tiles: readonly Tile[]): SensedTile[] => tiles.map((t) => (on ? t : null));
    // Protocol 2 fields go only to a host that switched features on (PROTOCOL.md §16.6).
    const v2: Partial<TableSnapshot> =
      this.features.size === 0
        ? {}
        : {
            features: [...this.features],
            uras: [...this.uras],
            riichiDiscards: [...this.riichiDiscards],
            bonus: this.bonus.map((b) => sense(this.capabilities.sensors.melds, b)),
            replacements: this.replacementsTaken,
            indicator:
              this.indicator === null ? null : { count: this.indicator.count, tile: this.indicator.tile },
            rolls: this.rolls.map((d) => [...d] as Dice),
          };
    const s = this.capabilities.sensors;
    return {
      mode: this.mode,
      phase: this.phase,
      fault: this.fault,
      lid: this.lid,
      dice: this.dice,
      dora: this.dora === null ? null : { indicator: this.dora },
      wallRemaining,
      discards: this.discards.map((d) => sense(s.discards, d)),
      melds: this.melds.map((ms) => ms.map((m) => sense(s.melds, m))),
      handsPlaced: this.placed.map((p) => p.length),
      sticks: this.sticks.map((x) => ({ ...x })),
      displays: [...this.displays],
      placedHands: this.placed.map((p) => sense(s.handPlacement, p)),
      ura: this.ura === null ? null : { indicator: this.ura },
      ...(this.kanDora.length > 0 ? { kanDora: [...this.kanDora] } : {}),
      ...v2,
    };
  }

  /** Tiles in the shuffler's pit (not in walls, hands, ponds or melds). */
  get tilesInPit(): number {
    return this.pit.length;
  }

  /** The seat whose dealer lamp is on (the first seat in play if none). */
  get dealer(): Seat {
    const seats = this.seats;
    return seats.find((seat) => this.lamps[seat]!.dealer) ?? seats[0] ?? 0;
  }

  // -------------------------------------------------------------------------------------------

  private completeShuffle(): TableWireEvent[] {
    if (this.mode === null) return [];
    this.clearHand();
    this.pit = this.rng.shuffle(tileSetOf(this.mode, this.reds));
    this.shuffles++;
    this.phase = 'shuffled';
    return [{ type: 'table.shuffled' }];
  }

  private completeBuild(): TableWireEvent[] {
    const spec = TABLE_MODE_SPECS[this.mode!];
    this.ring = [];
    this.ringSeats = [];
    for (const seat of spec.seats) {
      const wall = this.pit.splice(0, spec.wallTiles);
      this.walls[seat] = wall;
      for (const tile of wall) {
        this.ring.push(tile);
        this.ringSeats.push(seat);
      }
    }
    if (this.stacked !== null && (this.mode === 'standard4' || this.mode === 'sanma3')) {
      this.stackedDice = this.stacked.dice;
      this.layOutDraws(this.stackedDice[0] + this.stackedDice[1]);
      this.stackWall(this.stacked);
      spec.seats.forEach(
        (seat, i) =>
          (this.walls[seat] = this.ring.slice(i * spec.wallTiles, (i + 1) * spec.wallTiles) as Tile[]),
      );
    }
    this.stacked = null;
    if (this.mode === 'minefield2') {
      // Each player's wall is their private stock; two more tiles, stacked, will give the dora and ura indicators.
      for (const seat of spec.seats) this.hands[seat] = [...this.walls[seat]!];
      this.ring = this.ring.map(() => null);
      this.minefieldDora = [this.pit.shift()!, this.pit.shift()!];
    }
    this.phase = 'wallsBuilt';
    const sensed = this.capabilities.sensors.walls;
    return [{ type: 'table.wallsBuilt', walls: this.walls.map((w) => w.map((t) => (sensed ? t : null))) }];
  }

  private completeDice(): TableWireEvent[] {
    const dice: Dice = this.stackedDice ?? [1 + this.rng.int(6), 1 + this.rng.int(6)];
    this.stackedDice = null;
    const sum = dice[0] + dice[1];
    const roll = this.rolls.length;
    this.dice = dice;
    this.rolls.push(dice);
    if (this.mode === 'xiamen4') {
      // xiamen.md §4.3-4.4: the banker's roll picks who takes first; that seat's roll breaks the outer wall; later
      // rolls are the host's (the gold indicator's count).
      if (roll === 0) this.firstTaker = this.seatFrom(this.dealer, sum);
      else if (roll === 1) this.layOutXiamenOuter(this.seatFrom(this.firstTaker!, sum), sum);
    } else if (this.tailMode) this.layOutHeadAndTail(sum);
    else if (this.mode !== 'minefield2') this.layOutDraws(sum);
    return [{ type: 'table.diceRolled', dice }];
  }

  /** The dice counting function (xiamen.md §3): from `from` as 1, counter-clockwise, the seat the sum reaches. */
  private seatFrom(from: Seat, sum: number): Seat {
    return ((from + sum - 1) % 4) as Seat;
  }

  /**
   * ROLL_DICE: once a hand, after the walls are built; xiamen4 rolls again once its hands are dealt (the wall break,
   * then the gold indicator's counts).
   */
  private mayRoll(): boolean {
    if (this.phase === 'wallsBuilt' && this.dice === null) return true;
    return (
      this.mode === 'xiamen4' &&
      this.rolls.length > 0 &&
      this.rolls.length < MAX_DICE_ROLLS &&
      (this.phase === 'handsDealt' || this.phase === 'playing')
    );
  }

  private get tailMode(): boolean {
    return this.mode !== null && TABLE_MODE_SPECS[this.mode].replacementFrom === 'tail';
  }

  /** A protocol 2 feature this table has (announced in its HELLO_REPLY). */
  private hasFeature(feature: TableFeature): boolean {
    return this.capabilities.content?.features.includes(feature) ?? false;
  }

  /**
   * Tail modes (flowers4, viet160, viet176): the ring broken as in standard4 (the S-th wall from the dealer, S stacks
   * in); the head runs forward from the break, the tail backward (S1 top, S1 bottom, S2 top, ...).
   */
  private layOutHeadAndTail(sum: number): void {
    const spec = TABLE_MODE_SPECS[this.mode!];
    const seats = spec.seats;
    const stacksPerWall = spec.wallTiles / 2;
    const stacks = (seats.length * spec.wallTiles) / 2;
    const wallIndex = (Math.max(0, seats.indexOf(this.dealer)) + sum - 1) % seats.length;
    const breakStack = (wallIndex * stacksPerWall + (sum % stacksPerWall)) % stacks;
    this.headOrder = [];
    this.tailOrder = [];
    for (let k = 0; k < stacks; k++) {
      const head = (breakStack + k) % stacks;
      const tail = (breakStack - 1 - k + stacks) % stacks;
      this.headOrder.push(head * 2, head * 2 + 1);
      this.tailOrder.push(tail * 2, tail * 2 + 1);
    }
    this.headAt = this.tailAt = 0;
  }

  /**
   * xiamen4's outer walls (xiamen.md §4.2, 4.4): single tiles, Outer[p][j] at ring position p·36 + 15 + j, in a
   * clockwise ring where seat p's tile 20 is followed by tile 1 of seat p−1. Seat `breaker` opens a gap after its
   * tile `sum`: the head is Outer[b][s+1] onward, the tail Outer[b][s] backward.
   */
  private layOutXiamenOuter(breaker: Seat, sum: number): void {
    const ring: number[] = [];
    for (let i = 0; i < 4; i++) {
      const seat = (breaker - i + 4) % 4;
      for (let j = 1; j <= 20; j++) ring.push(seat * 36 + 15 + j);
    }
    // ring[0] is Outer[b][1]; the head is Outer[b][s+1] = ring[sum], the tail ring[sum - 1] going back.
    this.headOrder = [...ring.slice(sum), ...ring.slice(0, sum)];
    this.tailOrder = [...ring.slice(0, sum).reverse(), ...ring.slice(sum).reverse()];
    this.headAt = this.tailAt = 0;
  }

  /** The next standing tile from the head (a live draw), or why there is none. */
  private takeHead(): Tile | string {
    if (this.headOrder.length === 0) return 'no live wall yet (build walls and roll dice)';
    while (this.headAt < this.headOrder.length && this.ring[this.headOrder[this.headAt]!] === null)
      this.headAt++;
    if (this.headAt >= this.headOrder.length) return 'the wall is exhausted';
    if (this.indicator?.pos === this.headOrder[this.headAt]) this.indicator = null;
    return this.takeRing(this.headOrder[this.headAt++]!);
  }

  /** The next standing tile from the tail (a replacement; the face-up indicator too, as an ordinary tile). */
  private takeTail(): Tile | string {
    const pos = this.fromTail(1);
    if (pos === null) return this.tailOrder.length === 0 ? 'no wall broken yet' : 'the wall is exhausted';
    if (this.indicator?.pos === pos) this.indicator = null;
    this.replacementsTaken++;
    return this.takeRing(pos);
  }

  /** The ring position `count` standing tiles from the current tail (1 = the tail tile itself), or null. */
  private fromTail(count: number): number | null {
    while (this.tailAt < this.tailOrder.length && this.ring[this.tailOrder[this.tailAt]!] === null)
      this.tailAt++;
    let seen = 0;
    for (let i = this.tailAt; i < this.tailOrder.length; i++) {
      const pos = this.tailOrder[i]!;
      if (this.ring[pos] === null) continue;
      if (++seen === count) return pos;
    }
    return null;
  }

  private completeTurn(count: number, pos: number): TableWireEvent[] {
    const tile = this.ring[pos]!;
    this.indicator = { count, pos, tile };
    return [{ type: 'table.indicatorTurned', count, tile, faceUp: true }];
  }

  private completeTurnBack(): TableWireEvent[] {
    const { count, tile } = this.indicator!;
    this.indicator = null;
    return [{ type: 'table.indicatorTurned', count, tile, faceUp: false }];
  }

  /** The ring position of the ura under the next kan dora indicator shown without its ura, or null. */
  private nextUraPos(): number | null {
    const i = this.uras.length; // the ura of indicator i (0 = the hand's first)
    if (i > this.kanDora.length || this.deadOrder.length === 0) return null;
    const pos = this.deadOrder[this.indicatorIndex(i) + 1];
    return pos === undefined || this.ring[pos] === null ? null : pos;
  }

  /**
   * xiamen.md §4.3: from every inner wall, the first taker's seat takes stacks 1-2, the next seat 3-4, and so on:
   * 16 tiles each; the banker's 17th comes from the head after the wall break.
   */
  private completeXiamenDeal(): TableWireEvent[] {
    const hands: Tile[][] = [[], [], [], []];
    for (let i = 0; i < 4; i++) {
      const seat = ((this.firstTaker! + i) % 4) as Seat;
      for (let wall = 0; wall < 4; wall++)
        for (const stack of [2 * i, 2 * i + 1])
          for (const pos of [wall * 36 + stack * 2, wall * 36 + stack * 2 + 1]) {
            const tile = this.takeRing(pos);
            hands[seat]!.push(tile);
            this.hands[seat]!.push(tile);
          }
    }
    this.phase = 'handsDealt';
    return [{ type: 'table.handsDealt', hands }];
  }

  private layOutDraws(sum: number): void {
    const spec = TABLE_MODE_SPECS[this.mode!];
    const seats = spec.seats;
    const stacksPerWall = spec.wallTiles / 2;
    const stacks = (seats.length * spec.wallTiles) / 2;
    const dealerIndex = Math.max(0, seats.indexOf(this.dealer));
    const wallIndex = (dealerIndex + sum - 1) % seats.length;
    const breakStack = (wallIndex * stacksPerWall + (sum % stacksPerWall)) % stacks;
    this.drawOrder = [];
    for (let k = 0; k < stacks - DEAD_WALL_STACKS; k++) {
      const stack = (breakStack + k) % stacks;
      this.drawOrder.push(stack * 2, stack * 2 + 1);
    }
    this.deadOrder = [];
    for (let k = 1; k <= DEAD_WALL_STACKS; k++) {
      const stack = (breakStack - k + stacks) % stacks;
      this.deadOrder.push(stack * 2, stack * 2 + 1);
    }
    this.doraPos = this.deadOrder[this.indicatorIndex(0)]!;
    this.uraPos = this.doraPos + 1;
    this.drawAt = 0;
    this.replacementsTaken = 0;
  }

  /** Replacement tiles before the first indicator: S1-S2 (4), Sanma S1-S4 (8, variants.md V3.1.5). */
  private get replacementSlots(): number {
    return this.mode === 'sanma3' ? 8 : 4;
  }

  /**
   * Where indicator i (0 = the hand's first) lies in `deadOrder`: the tops of the stacks after the replacement
   * slots, then (Sanma, whose first indicator is S5's top) the tiles moved onto the dead wall, top then bottom.
   * The same places as the engine's `indicatorIndex` (families/riichi/machines/hand-state.ts).
   */
  private indicatorIndex(i: number): number {
    const first = this.replacementSlots;
    const fixed = (DEAD_WALL_STACKS * 2 - first) / 2;
    return i < fixed ? first + 2 * i : DEAD_WALL_STACKS * 2 + 2 * (i - fixed);
  }

  /** The ring position of the next kan dora indicator, or null when none can be flipped now. */
  private kanDoraPos(): number | null {
    if (this.kanDora.length >= MAX_KAN_DORA || this.deadOrder.length === 0) return null;
    const pos = this.deadOrder[this.indicatorIndex(this.kanDora.length + 1)];
    return pos === undefined || this.ring[pos] === null ? null : pos;
  }

  private completeKanDora(): TableWireEvent[] {
    const pos = this.kanDoraPos();
    if (pos === null) throw new Error('kan dora flip: the FLIP_DORA command found an indicator to flip');
    const indicator = this.takeRing(pos);
    this.kanDora.push(indicator);
    return [{ type: 'table.doraFlipped', indicator }];
  }

  /**
   * A replacement draw (riichi.md 3.2): the next tile from the dead wall's replacement end; the live wall's last
   * tile moves onto the dead wall, which stays at 14. A reason string when no replacement can be taken.
   */
  private takeReplacement(): Tile | string {
    if (this.deadOrder.length === 0) return 'no dead wall yet (build walls and roll dice)';
    if (this.replacementsTaken >= this.replacementSlots)
      return `all ${this.replacementSlots} replacement tiles are taken`;
    if (this.drawAt >= this.drawOrder.length) return 'the live wall is exhausted';
    const tile = this.takeRing(this.deadOrder[this.replacementsTaken++]!);
    this.deadOrder.push(this.drawOrder.pop()!);
    return tile;
  }

  private completeDeal(): TableWireEvent[] {
    const seats = this.seats;
    const start = Math.max(0, seats.indexOf(this.dealer));
    const hands: Tile[][] = [[], [], [], []];
    for (let round = 0; round < 13; round++) {
      for (let i = 0; i < seats.length; i++) {
        const seat = seats[(start + i) % seats.length]!;
        const tile = this.tailMode
          ? (this.takeHead() as Tile)
          : this.takeRing(this.drawOrder[this.drawAt++]!);
        hands[seat]!.push(tile);
        this.hands[seat]!.push(tile);
      }
    }
    this.phase = 'handsDealt';
    return [{ type: 'table.handsDealt', hands }];
  }

  /** Swaps the plan's tiles into the ring positions the live draws and the replacements will take them from. */
  private stackWall(plan: StackedWall): void {
    const wanted: [number, Tile | null][] = [
      ...(plan.live ?? []).map((tile, i): [number, Tile | null] => [this.drawOrder[i]!, tile]),
      ...(plan.replacements ?? []).map((tile, i): [number, Tile | null] => [this.deadOrder[i]!, tile]),
    ];
    const placed = new Set<number>();
    for (const [pos, tile] of wanted) {
      if (tile === null || pos === undefined) continue;
      if (this.ring[pos] !== tile) {
        const from = this.ring.findIndex((t, p) => t === tile && !placed.has(p));
        if (from < 0) throw new Error(`stacked wall: no ${tile} left in the walls for ring position ${pos}`);
        [this.ring[from], this.ring[pos]] = [this.ring[pos]!, tile];
      }
      placed.add(pos);
    }
  }

  private completeDora(): TableWireEvent[] {
    this.dora = this.mode === 'minefield2' ? this.minefieldDora![0] : this.takeRing(this.doraPos!);
    return [{ type: 'table.doraFlipped', indicator: this.dora }];
  }

  private takeRing(pos: number): Tile {
    const tile = this.ring[pos];
    if (tile === null || tile === undefined) throw new Error(`wall position ${pos} is empty`);
    this.ring[pos] = null;
    return tile;
  }

  private removeFrom(tiles: Tile[], tile: Tile): boolean {
    const i = tiles.indexOf(tile);
    if (i < 0) return false;
    tiles.splice(i, 1);
    return true;
  }

  private clearHand(): void {
    this.ring = [];
    this.ringSeats = [];
    this.drawOrder = [];
    this.drawAt = 0;
    this.deadOrder = [];
    this.replacementsTaken = 0;
    this.kanDora.length = 0;
    this.uras.length = 0;
    this.rolls.length = 0;
    this.sideways.clear();
    this.headOrder = [];
    this.tailOrder = [];
    this.headAt = this.tailAt = 0;
    this.firstTaker = null;
    this.indicator = null;
    this.doraPos = this.uraPos = null;
    this.minefieldDora = null;
    this.dora = this.ura = null;
    this.dice = null;
    for (let seat = 0; seat < 4; seat++) {
      this.walls[seat] = [];
      this.hands[seat] = [];
      this.placed[seat] = [];
      this.discards[seat] = [];
      this.melds[seat] = [];
      this.bonus[seat] = [];
      this.riichiDiscards[seat] = null;
      this.owed[seat] = [];
    }
  }
}
