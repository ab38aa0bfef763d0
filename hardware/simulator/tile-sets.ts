// The physical tile sets a shuffler holds, per table mode (red fives where the mode uses them).
import { RED_FLAG, plainTile, type Tile } from '../../rules/tiles.js';
import { TABLE_MODE_SPECS, TABLE_ONLY_TILES, type TableMode } from '../../table/table-events.js';

/**
 * Red fives in each set: standard4 one each of 0m 0p 0s; sanma3 0p and 0s (no manzu 2-8 in the set);
 * minefield2 none (the seed: "red dora are not used in the game"); the Chinese family's sets none.
 */
const RED_KINDS: Readonly<Record<TableMode, readonly number[]>> = {
  standard4: [4, 13, 22],
  sanma3: [13, 22],
  minefield2: [],
  flowers4: [],
  xiamen4: [],
  viet160: [],
  viet176: [],
};

/** Flowers 1-4 and seasons 1-4 (kinds 34-41), and the Vietnamese kings and queens (0x80-0x87): one of each. */
const FLOWERS = { first: 34, last: 41 } as const;
const KINGS_AND_QUEENS = { first: TABLE_ONLY_TILES.first, last: TABLE_ONLY_TILES.first + 7 } as const;
/** The eight Vietnamese jokers (0x88-0x8f): one each in a 160-tile set, three each in a 176 (PROTOCOL.md §10.1). */
const JOKERS = { first: TABLE_ONLY_TILES.first + 8, last: TABLE_ONLY_TILES.last } as const;

/** A table-only tile's byte as a tile value (the table vocabulary accepts 0x80-0x8f, PROTOCOL.md §10.1). */
const tableTile = (value: number): Tile => (value < TABLE_ONLY_TILES.first ? plainTile(value) : (value as Tile));

/** A bonus tile: set aside and replaced, never part of a set (flowers, seasons, kings, queens). */
export const isBonusTile = (tile: Tile): boolean =>
  (tile >= FLOWERS.first && tile <= FLOWERS.last) || (tile >= KINGS_AND_QUEENS.first && tile <= KINGS_AND_QUEENS.last);

/** Every tile of the mode's set, in kind order (length 136, 108, 144, 160 or 176). */
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
  const spec = TABLE_MODE_SPECS[mode];
  const add = (range: { first: number; last: number }, copies: number) => {
    for (let kind = range.first; kind <= range.last; kind++)
      for (let copy = 0; copy < copies; copy++) tiles.push(tableTile(kind));
  };
  if (spec.tileSet >= 144) add(FLOWERS, 1);
  if (spec.tileSet >= 160) {
    add(KINGS_AND_QUEENS, 1);
    add(JOKERS, spec.tileSet === 176 ? 3 : 1);
  }
  if (tiles.length !== spec.tileSet) throw new Error(`${mode} set has ${tiles.length} tiles, not ${spec.tileSet}`);
  return tiles;
}
