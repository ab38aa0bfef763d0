// The logical wall of riichi.md 3.2 (live draw order, 14-tile dead wall) from the walls the table sensed, its dice and the dealer.
import type { Tile } from '../../rules/tiles.js';
import {
  TABLE_MODE_SPECS,
  type Dice,
  type SensedTile,
  type Seat,
  type TableMode,
} from '../../table/table-events.js';

/** Stacks in the dead wall (riichi.md 3.1: 7 stacks, 14 tiles). */
export const DEAD_WALL_STACKS = 7;

export interface LogicalWall {
  /** Dealt and drawn from the front (standard4: 122 tiles; sanma3: 94). */
  readonly live: Tile[];
  /**
   * S1 top, S1 bottom, S2 top, ... S7 bottom: S1 is the stack right of the break (the replacement end), S7 the
   * one next to the live wall's tail. In 4-player riichi S3's top is the first dora indicator (riichi.md 3.2), in
   * Sanma S5's (variants.md V3.1.5). Replacement draws take S1, S2 (Sanma: to S4) in order, and the kan dora
   * indicators follow the first towards the tail; the table deals and flips them from the same places
   * (hardware/PROTOCOL.md §9.1, §13), so its TILE_DRAWN and DORA_FLIPPED name the tiles the machine expects.
   */
  readonly dead: Tile[];
  /** The wall the dice picked (a table seat) and the stack of it where the live wall starts. */
  readonly breakWall: Seat;
  readonly breakStack: number;
}

export type WallOrderResult =
  | { readonly ok: true; readonly value: LogicalWall }
  | {
      readonly ok: false;
      readonly code: 'unread_tile' | 'wrong_wall_size' | 'dealer_not_seated';
      readonly message: string;
    };

/**
 * The wall the dice pick (riichi.md 3.1): counting the dealer's wall as 1 and going on round the seats in play
 * in turn order (counter-clockwise), the `sum`-th. With four seats: 5 and 9 pick the dealer's own wall, 2/6/10
 * the next seat's (South of the dealer), 3/7/11 the one after (West), 4/8/12 the last (North).
 */
export function breakWallOf(mode: TableMode, dealer: Seat, sum: number): Seat | null {
  const seats = TABLE_MODE_SPECS[mode].seats;
  const dealerIndex = seats.indexOf(dealer);
  if (dealerIndex < 0) return null;
  return seats[(dealerIndex + sum - 1) % seats.length]!;
}

/**
 * riichi.md 3.1-3.2 in the table's wall geometry (hardware/PROTOCOL.md 13): each wall is reported from its start
 * (the right end as its owner sees it), position 2k the top of stack k and 2k+1 its bottom; the walls join in
 * seat order into one ring and drawing runs forward round it. The picked wall breaks `sum` stacks from its start;
 * the live wall runs forward from there, the dead wall is the 7 stacks before the break (round a corner when
 * the break is near a wall's start), S1 being the stack right next to the break.
 *
 * Example (standard4, dealer seat 0, dice 3+4 = 7 → seat 2's wall, stack 7): the ring has 68 stacks, seat 2's
 * wall starts at ring stack 34, so the live wall starts at ring stack 41 (tiles 82, 83, 84, ...) and S1..S7 are
 * ring stacks 40 down to 34 (S3 = 38: its top, ring tile 76, is the dora indicator).
 */
/** A place in the table's walls: the seat whose wall it is and the position reported in WALLS_BUILT. */
export interface WallPlace {
  readonly seat: Seat;
  readonly position: number;
}

export interface WallPlaces {
  readonly live: WallPlace[];
  readonly dead: WallPlace[];
  readonly breakWall: Seat;
  readonly breakStack: number;
}

/**
 * riichi.md 3.1-3.2 in the table's wall geometry (hardware/PROTOCOL.md 13): each wall is reported from its start
 * (the right end as its owner sees it), position 2k the top of stack k and 2k+1 its bottom; the walls join in
 * seat order into one ring and drawing runs forward round it. The picked wall breaks `sum` stacks from its start;
 * the live wall runs forward from there, the dead wall is the 7 stacks before the break (round a corner when
 * the break is near a wall's start), S1 being the stack right next to the break.
 *
 * Example (standard4, dealer seat 0, dice 3+4 = 7 → seat 2's wall, stack 7): the live wall starts with seat 2's
 * positions 14, 15 (stack 7), then 16, 17, ...; S1..S7 are seat 2's stacks 6 down to 0, and S3 = stack 4: its
 * top (position 8) is the dora indicator.
 */
export function wallPlaces(mode: TableMode, dice: Dice, dealer: Seat): WallPlaces | null {
  const spec = TABLE_MODE_SPECS[mode];
  const sum = dice[0] + dice[1];
  const breakWall = breakWallOf(mode, dealer, sum);
  if (breakWall === null) return null;
  const stacksPerWall = spec.wallTiles / 2;
  const stacks = spec.seats.length * stacksPerWall;
  const breakStack = sum % stacksPerWall;
  const start = spec.seats.indexOf(breakWall) * stacksPerWall + breakStack;
  const placesOf = (ringStack: number): WallPlace[] => {
    const stack = ((ringStack % stacks) + stacks) % stacks;
    const seat = spec.seats[Math.floor(stack / stacksPerWall)]!;
    const k = stack % stacksPerWall;
    return [
      { seat, position: 2 * k },
      { seat, position: 2 * k + 1 },
    ];
  };
  const live: WallPlace[] = [];
  for (let k = 0; k < stacks - DEAD_WALL_STACKS; k++) live.push(...placesOf(start + k));
  const dead: WallPlace[] = [];
  for (let k = 1; k <= DEAD_WALL_STACKS; k++) dead.push(...placesOf(start - k));
  return { live, dead, breakWall, breakStack };
}

/** The logical wall from the sensed walls: refused when a wall is short or a tile was not read. */
export function logicalWall(
  mode: TableMode,
  walls: readonly (readonly SensedTile[])[],
  dice: Dice,
  dealer: Seat,
): WallOrderResult {
  const spec = TABLE_MODE_SPECS[mode];
  for (const seat of spec.seats) {
    const wall = walls[seat] ?? [];
    if (wall.length !== spec.wallTiles)
      return {
        ok: false,
        code: 'wrong_wall_size',
        message: `seat ${seat}'s wall has ${wall.length} tiles, not ${spec.wallTiles}`,
      };
    const unread = wall.indexOf(null);
    if (unread >= 0)
      return {
        ok: false,
        code: 'unread_tile',
        message: `seat ${seat}'s wall: the sensors could not read position ${unread}`,
      };
  }
  const places = wallPlaces(mode, dice, dealer);
  if (places === null)
    return { ok: false, code: 'dealer_not_seated', message: `seat ${dealer} does not play in ${mode}` };
  const tileAt = (place: WallPlace): Tile => walls[place.seat]![place.position]!;
  return {
    ok: true,
    value: {
      live: places.live.map(tileAt),
      dead: places.dead.map(tileAt),
      breakWall: places.breakWall,
      breakStack: places.breakStack,
    },
  };
}
