// Every reading of a complete hand (four sets and a pair, seven pairs, thirteen orphans) and where the winning tile sits in it.
import { decompositionAt, IS_YAOCHU, readHand } from './readings.js';
import { checkMeldCount } from './hand.js';
import type { TileKind } from './tiles.js';

export type {
  ChiitoitsuDecomposition,
  Decomposition,
  Group,
  KokushiDecomposition,
  StandardDecomposition,
  WaitShape,
  WinPlacement,
} from './reading-types.js';
import type { Decomposition, WaitShape, WinPlacement } from './reading-types.js';

/**
 * Every way to read concealed tiles as a complete hand. `counts` (length 34) holds the concealed tiles
 * INCLUDING the winning tile and EXCLUDING declared melds (kans included): 14 - 3*meldCount tiles, or
 * 17 - 3*meldCount with `handSets` 5 (16-tile hands: five sets and a pair).
 * Chiitoitsu and kokushi only when meldCount === 0 and handSets is 4. Returns [] when it is not complete.
 * Duplicates are never returned (e.g. 111222333m as three triplets and as three sequences are two entries).
 * A count may exceed 4 (waits.ts asks about a fifth copy of a kind held four times); the shape rules still apply.
 * Standard readings come first, ordered by pair kind, then chiitoitsu, then kokushi. The work is done by
 * readings.ts (per-suit tables); this builds the objects.
 */
export function decompose(counts: Uint8Array, meldCount: number, handSets = 4): Decomposition[] {
  checkMeldCount(meldCount, handSets);
  const n = readHand(counts, meldCount, handSets);
  const out: Decomposition[] = [];
  for (let i = 0; i < n; i++) out.push(decompositionAt(counts, i));
  return out;
}

/**
 * All placements of the winning kind in a decomposition: the pair (tanki), a triplet (shanpon), or a
 * sequence (ryanmen, kanchan, penchan), or the special shapes. Identical groups (two 123m in one hand) give
 * one placement, at the first of them, since they score the same. Example: pair 5p, groups 345m 345m 567s 789s,
 * win 5m → [{ryanmen, 0}]; win 5s → [{ryanmen, 2}]; win 7s → [{ryanmen, 2}, {penchan, 3}].
 * Returns [] when the winning kind is not in the decomposition.
 */
export function winPlacements(decomposition: Decomposition, winKind: TileKind): WinPlacement[] {
  const out: WinPlacement[] = [];
  switch (decomposition.shape) {
    case 'chiitoitsu':
      if (decomposition.pairs.includes(winKind)) out.push({ shape: 'chiitoitsu', groupIndex: -1 });
      return out;
    case 'kokushi':
      // The winning tile made the pair: the hand held all thirteen and waited on any of them.
      if (decomposition.pair === winKind) out.push({ shape: 'kokushi13', groupIndex: -1 });
      else if (IS_YAOCHU[winKind]) out.push({ shape: 'kokushi', groupIndex: -1 });
      return out;
    case 'standard':
      break;
  }
  if (decomposition.pair === winKind) out.push({ shape: 'tanki', groupIndex: -1 });
  const groups = decomposition.groups;
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index]!;
    let shape: WaitShape;
    if (group.kind === 'triplet') {
      if (group.first !== winKind) continue;
      shape = 'shanpon';
    } else {
      const offset = winKind - group.first;
      if (offset < 0 || offset > 2) continue;
      const position = group.first % 9; // 0 = the sequence 123
      if (offset === 1) shape = 'kanchan';
      else if (offset === 0)
        shape = position === 6 ? 'penchan' : 'ryanmen'; // 7 waiting with 89
      else shape = position === 0 ? 'penchan' : 'ryanmen'; // 3 waiting with 12
    }
    let repeated = false;
    for (let before = 0; before < index; before++) {
      const other = groups[before]!;
      if (other.kind === group.kind && other.first === group.first) repeated = true;
    }
    if (!repeated) out.push({ shape, groupIndex: index });
  }
  return out;
}
