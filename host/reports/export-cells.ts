// Cell and tile spellings shared by the session exports (CSV quoting, mjai tile names).
import { formatTiles, type Tile } from '../../rules/tiles.js';

/** A CSV cell: empty for null, quoted when it holds a quote, comma or newline. */
export const csvCell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** mjai tile names: 1m..9m, 1p.., 1s.., E S W N P F C, a red five as 5mr. */
export function mjaiTile(tile: Tile): string {
  const kind = tile & 0x3f;
  if (kind >= 27) return ['E', 'S', 'W', 'N', 'P', 'F', 'C'][kind - 27]!;
  const text = formatTiles([tile]);
  return text.startsWith('0') ? `5${text[1]}r` : text;
}
