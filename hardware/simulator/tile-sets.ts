// The physical tile sets a shuffler holds, per table mode (red fives where the mode uses them).
import { RED_FLAG, plainTile, type Tile } from '../../rules/tiles.js';
import { TABLE_MODE_SPECS, type TableMode } from '../../machines/table-events.js';

/**
 * Red fives in each set: standard4 one each of 0m 0p 0s; sanma3 0p and 0s (no manzu 2-8 in the set);
 * minefield2 none (the seed: "red dora are not used in the game"); flowers4 none.
 */
const RED_KINDS: Readonly<Record<TableMode, readonly number[]>> = {
  standard4: [4, 13, 22],
  sanma3: [13, 22],
  minefield2: [],
  flowers4: [],
};

/** Every tile of the mode's set, in kind order (length 136, 108 or 144). */
export function tileSetOf(mode: TableMode, reds = true): Tile[] {
  const tiles: Tile[] = [];
  const redKinds = reds ? RED_KINDS[mode] : [];
  for (let kind = 0; kind < 34; kind++) {
    if (mode === 'sanma3' && kind >= 1 && kind <= 7) continue; // sanma drops 2m-8m
    for (let copy = 0; copy < 4; copy++) {
      const red = copy === 0 && redKinds.includes(kind);
      tiles.push((red ? kind | RED_FLAG : kind) as Tile);
    }
  }
  if (mode === 'flowers4') for (let kind = 34; kind < 42; kind++) tiles.push(plainTile(kind));
  if (tiles.length !== TABLE_MODE_SPECS[mode].tileSet)
    throw new Error(`${mode} set has ${tiles.length} tiles, not ${TABLE_MODE_SPECS[mode].tileSet}`);
  return tiles;
}
