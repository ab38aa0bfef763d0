// Finds the tile lists inside a logged event's JSON (hands, walls, discards), for drawing them open.
import { isTileValue } from '../../table/table-events.js';
import type { Tile } from '../../rules/tiles.js';

/** Fields that hold tiles; other number arrays (dice, points, seats) only look like tiles. */
const TILE_FIELD = /tile|hand|wall|discard|indicator|stock|pond|meld/i;

/** Named tile lists inside a logged event (`hand`, `tiles`, `walls[0]`...), for drawing open hands. */
export function tileListsOf(
  value: unknown,
  path = '',
  inTileField = false,
): { label: string; tiles: Tile[] }[] {
  if (Array.isArray(value)) {
    if (inTileField && value.length > 0 && value.every(isTileValue))
      return [{ label: path, tiles: value as Tile[] }];
    return value.flatMap((item, i) => tileListsOf(item, `${path}[${i}]`, inTileField));
  }
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      tileListsOf(item, path === '' ? key : `${path}.${key}`, inTileField || TILE_FIELD.test(key)),
    );
  return [];
}
