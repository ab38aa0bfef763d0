// Random complete MCR wins as FORMAT-chinese.md records, from any random source: for property tests and the chinese bench.
import { KNITTED_SEQUENCES } from '../../rules/special-shapes.js';
import { formatTiles, plainTile } from '../../rules/tiles.js';

/** A number in [0, 1). */
export type Random = () => number;

/** A whole number in [0, n). */
export const int = (next: Random, n: number): number => Math.floor(next() * n);
/** Kinds as a sorted compact tile string. */
export const text = (kinds: readonly number[]): string =>
  formatTiles([...kinds].sort((a, b) => a - b).map(plainTile));
/** The eight bonus tiles. */
export const BONUS = ['1f', '2f', '3f', '4f', '5f', '6f', '7f', '8f'];

/**
 * Four random sets (the first `melds` declared: chi, or pon / minkan / ankan / kakan) and a pair, a winning
 * tile taken from the concealed part, random winds, flowers and flags that fit the hand. `oneSuit` keeps the
 * tiles in characters with at most one meld (many readings). Null when a kind would exceed four copies.
 */
export function randomMcrWin(
  next: Random,
  options: { readonly oneSuit?: boolean } = {},
): Record<string, unknown> | null {
  const oneSuit = options.oneSuit ?? false;
  const meldCount = int(next, oneSuit ? 2 : 5);
  const all = new Uint8Array(34);
  const melds: Record<string, unknown>[] = [];
  const concealed: number[] = [];
  for (let i = 0; i < 4; i++) {
    const chow = next() < 0.5;
    const kind = chow ? int(next, oneSuit ? 1 : 3) * 9 + int(next, 7) : int(next, oneSuit ? 9 : 34);
    const kinds = chow ? [kind, kind + 1, kind + 2] : [kind, kind, kind];
    for (const k of kinds) all[k]!++;
    if (i >= meldCount) concealed.push(...kinds);
    else if (chow) melds.push({ type: 'chi', tiles: text(kinds), from: 3 });
    else {
      const type = ['pon', 'minkan', 'ankan', 'kakan'][int(next, 4)]!;
      const tiles = type === 'pon' ? kinds : [...kinds, kind];
      if (type !== 'pon') all[kind]!++;
      melds.push({ type, tiles: text(tiles), ...(type === 'ankan' ? {} : { from: 2 }) });
    }
  }
  const pair = int(next, oneSuit ? 9 : 34);
  concealed.push(pair, pair);
  all[pair]! += 2;
  if (!all.every((n) => n <= 4)) return null;
  const winKind = concealed.splice(int(next, concealed.length), 1)[0]!;
  const tsumo = next() < 0.5;
  const hasKong = melds.some((m) => m.type !== 'chi' && m.type !== 'pon');
  return record(concealed, melds, winKind, tsumo, next, {
    haitei: tsumo && next() < 0.1,
    rinshan: tsumo && hasKong && next() < 0.3,
    lastOfKind: !concealed.includes(winKind) && next() < 0.1,
  });
}

/** Seven pairs (four of a kind allowed), a knitted straight with a pung and a pair, or honors and knitted tiles; concealed. */
export function randomSpecialMcrWin(next: Random): Record<string, unknown> | null {
  const shape = int(next, 3);
  const knitted = KNITTED_SEQUENCES[int(next, 6)]!;
  let tiles: number[];
  if (shape === 0) tiles = Array.from({ length: 7 }, () => int(next, 34)).flatMap((k) => [k, k]);
  else if (shape === 1) {
    const pung = int(next, 34);
    const pair = int(next, 34);
    tiles = [...knitted, pung, pung, pung, pair, pair];
  } else {
    const knittedCount = 7 + int(next, 3);
    tiles = [...knitted.slice(0, knittedCount), 27, 28, 29, 30, 31, 32, 33].slice(0, 14);
  }
  const counts = new Uint8Array(34);
  for (const k of tiles) counts[k]!++;
  if (!counts.every((n) => n <= 4)) return null;
  const winKind = tiles.splice(int(next, tiles.length), 1)[0]!;
  return record(tiles, [], winKind, next() < 0.5, next, {});
}

function record(
  concealed: readonly number[],
  melds: readonly Record<string, unknown>[],
  winKind: number,
  tsumo: boolean,
  next: Random,
  flags: Record<string, boolean>,
): Record<string, unknown> {
  const seatWind = 1 + int(next, 4);
  const flowers = BONUS.filter(() => next() < 0.15);
  return {
    id: 'generated',
    preset: 'mcr',
    closedTiles: text(concealed),
    melds,
    winTile: text([winKind]),
    tsumo,
    ...(tsumo ? {} : { discarder: (seatWind % 4) + 1 }),
    seatWind,
    roundWind: 1 + int(next, 4),
    flowers,
    ...flags,
    rules: { minimumFan: 0 },
  };
}
