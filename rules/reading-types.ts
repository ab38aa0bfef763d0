// The readings of a complete hand as data: groups, decompositions, wait shapes and where the winning tile sits.
import type { TileKind } from './tiles.js';

/** A concealed group found in the hand. A sequence covers first, first+1, first+2. */
export interface Group {
  readonly kind: 'sequence' | 'triplet';
  readonly first: TileKind;
}
export interface StandardDecomposition {
  readonly shape: 'standard';
  readonly pair: TileKind;
  /** Concealed groups in ascending order of `first` (a triplet before a sequence of the same first). */
  readonly groups: readonly Group[];
}
export interface ChiitoitsuDecomposition {
  readonly shape: 'chiitoitsu';
  /** Seven distinct kinds, ascending. */
  readonly pairs: readonly TileKind[];
}
export interface KokushiDecomposition {
  readonly shape: 'kokushi';
  /** The terminal or honour held twice. */
  readonly pair: TileKind;
}
export type Decomposition = StandardDecomposition | ChiitoitsuDecomposition | KokushiDecomposition;

export type WaitShape =
  'ryanmen' | 'kanchan' | 'penchan' | 'shanpon' | 'tanki' | 'kokushi' | 'kokushi13' | 'chiitoitsu';
/** One way the winning tile sits in a decomposition: which group it completed (index into groups, or -1 = the pair). */
export interface WinPlacement {
  readonly shape: WaitShape;
  readonly groupIndex: number;
}
