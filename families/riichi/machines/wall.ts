// Walls in the logical order of riichi.md 3.2: a seeded shuffle of the preset's set, and a layout that deals chosen hands and draws (scripted scenarios).
import type { RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { KIND_COUNT, RED_FLAG, tileKind, tilesOf, type Tile } from '../../../rules/tiles.js';
import type { Rng } from '../../../table/rng.js';
import { setSize } from './model.js';

export interface Wall {
  readonly live: Tile[];
  readonly dead: Tile[];
}

/** The preset's whole set (136, Sanma 108) with its red fives, in kind order. */
export function tileSet(options: RuleOptions): Tile[] {
  const removed = new Set(options.removedKinds ?? []);
  const reds = options.redFives === 'none' ? [0, 0, 0] : options.redFives === '3' ? [1, 1, 1] : [1, 2, 1];
  const set: Tile[] = [];
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    if (removed.has(kind)) continue;
    const red = kind < 27 && kind % 9 === 4 ? reds[Math.floor(kind / 9)]! : 0;
    for (let i = 0; i < 4; i++) set.push((i < red ? kind | RED_FLAG : kind) as Tile);
  }
  return set;
}

/** A uniformly shuffled wall (riichi.md 3.1: uniform over all orders). */
export function shuffledWall(options: RuleOptions, rng: Rng): Wall {
  const tiles = rng.shuffle(tileSet(options));
  return { live: tiles.slice(0, tiles.length - 14), dead: tiles.slice(tiles.length - 14) };
}

export interface Layout {
  readonly options: RuleOptions;
  readonly dealer: Seat;
  /** Per seat, in notation; the dealer's may have a 14th tile (his first draw). Missing tiles are filled. */
  readonly hands: readonly string[];
  /** The live draws after the deal, in order. */
  readonly draws?: string;
  /** The last live tiles, in draw order (the last one is the haitei tile when no kan is made). */
  readonly tail?: string;
  /** Replacement tiles in order (riichi.md 3.2: 4; Sanma 8). */
  readonly replacements?: string;
  /** Dora indicators in order, and the ura under each. */
  readonly indicators?: string;
  readonly ura?: string;
}

/**
 * A wall that deals the given hands (riichi.md 3.3 order) and gives the given draws, replacements and
 * indicators; every other tile is placed in kind order. Throws when the tiles are not in the set (a test bug).
 */
export function layWall(layout: Layout): Wall {
  const { options, dealer } = layout;
  const players = options.players;
  const pool = tileSet(options);
  const take = (tile: Tile): Tile => {
    const i = pool.indexOf(tile);
    if (i < 0) throw new Error(`layWall: no ${tile} left in the set`);
    pool.splice(i, 1);
    return tile;
  };
  const hands = Array.from({ length: players }, (_, s) => tilesOf(layout.hands[s] ?? '').map(take));
  const draws = tilesOf(layout.draws ?? '').map(take);
  const tail = tilesOf(layout.tail ?? '').map(take);
  const replacements = tilesOf(layout.replacements ?? '').map(take);
  const indicators = tilesOf(layout.indicators ?? '').map(take);
  const ura = tilesOf(layout.ura ?? '').map(take);
  // Filler order: one copy of every kind, then the second copies, ...: no accidental quads in filled hands.
  const seen = new Map<number, number>();
  const ranked = pool.map((t) => {
    const copy = seen.get(tileKind(t)) ?? 0;
    seen.set(tileKind(t), copy + 1);
    return { t, copy };
  });
  ranked.sort((a, b) => a.copy - b.copy || tileKind(a.t) - tileKind(b.t));
  pool.splice(0, pool.length, ...ranked.map((r) => r.t));
  const filler = (): Tile => {
    const t = pool.shift();
    if (t === undefined) throw new Error('layWall: the set ran out');
    return t;
  };
  const fullHand = (s: number) => {
    const want = s === dealer ? 14 : 13;
    while (hands[s]!.length < want) hands[s]!.push(filler());
    return hands[s]!;
  };
  const full = Array.from({ length: players }, (_, s) => fullHand(s));
  const order = Array.from({ length: players }, (_, i) => (dealer + i) % players);
  const live: Tile[] = [];
  for (let round = 0; round < 3; round++)
    for (const s of order) live.push(...full[s]!.slice(4 * round, 4 * round + 4));
  for (const s of order) live.push(full[s]![12]!);
  live.push(full[dealer]![13]!);
  live.push(...draws);
  const slots = players === 3 ? 8 : 4;
  const dead: Tile[] = [];
  for (let i = 0; i < slots; i++) dead.push(replacements[i] ?? filler());
  for (let i = 0; dead.length < 14; i++) dead.push(indicators[i] ?? filler(), ura[i] ?? filler());
  while (live.length < setSize(options) - 14 - tail.length) live.push(filler());
  live.push(...tail);
  return { live, dead };
}
