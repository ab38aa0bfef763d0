// A game tile in the families' event vocabularies: rules/ `Tile` numbers (kind 0..33, plus RED_FLAG for a red
// five), so the machines work on them directly and a JSONL log stays compact; `formatTiles` renders them for people.
import { z } from 'zod';
import { KIND_COUNT, RED_FLAG, type Tile } from '../rules/tiles.js';

const isTileValue = (value: unknown): value is Tile =>
  typeof value === 'number' && Number.isInteger(value) && (value & ~RED_FLAG) >= 0 && (value & ~RED_FLAG) < KIND_COUNT && (value < RED_FLAG || (value & ~RED_FLAG) % 9 === 4);

export const tileSchema = z.custom<Tile>(isTileValue, { message: 'a tile is a kind 0..33, plus 64 for a red five' });
