// Vietnamese wins with jokers from any complete FORMAT-chinese.md record: for property tests and the chinese bench.
import { JOKER_NAMES, jokerRange, type JokerName } from '../../rules/chinese/vietnamese/jokers.js';
import { formatTiles, KIND_MASK, plainTile, tilesOf, type Tile } from '../../rules/tiles.js';
import type { Random } from './mcr-wins.js';

/**
 * The record with up to `n` of its concealed tiles or its winning tile turned into jokers whose range covers
 * them (an 8-joker set: each joker at most once; a tile no free joker covers stays). `jokers` / `winJoker` as
 * the vietnamese preset reads them.
 */
export function withRandomJokers(
  record: Record<string, unknown>,
  next: Random,
  n: number,
): Record<string, unknown> {
  const tiles: (Tile | null)[] = [...tilesOf(record.closedTiles as string)];
  const jokers: JokerName[] = [];
  let winJoker: JokerName | null = null;
  const pick = (kind: number): JokerName | null => {
    const fits = JOKER_NAMES.filter(
      (j) => jokerRange(j, false)[kind] && !jokers.includes(j) && j !== winJoker,
    );
    return fits.length === 0 ? null : fits[Math.floor(next() * fits.length)]!;
  };
  for (let i = 0; i < n; i++) {
    const at = Math.floor(next() * (tiles.length + 1));
    if (at === tiles.length) {
      if (winJoker === null) winJoker = pick(tilesOf(record.winTile as string)[0]! & KIND_MASK);
      continue;
    }
    const tile = tiles[at];
    if (tile === null || tile === undefined) continue;
    const joker = pick(tile & KIND_MASK);
    if (joker === null) continue;
    jokers.push(joker);
    tiles[at] = null;
  }
  return {
    ...record,
    closedTiles: formatTiles(tiles.filter((t): t is Tile => t !== null).map((t) => plainTile(t & KIND_MASK))),
    jokers,
    ...(winJoker === null ? {} : { winTile: undefined, winJoker }),
  };
}
