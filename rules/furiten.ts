// Furiten (riichi.md §7): discard, temporary (same go-around) and riichi furiten, as pure functions over plain data.
import { KIND_MASK, type Tile, type TileKind } from './tiles.js';

/*
 * The waits given here are those of riichi.md §7: every kind that completes the hand's shape, yaku or not,
 * minus kinds of which the player holds all four copies — `tenpaiWaitKinds` in waits.ts.
 * A pond may list tiles (red fives included) or kinds: only the kind is read.
 */

/**
 * When temporary furiten ends (riichi.md §7.2, A4; the option `tempFuritenEnds`): at the player's next draw
 * (`ownDraw`, McGill and `seed`: a call that skips his draw does not release him) or at his next own discard
 * (`ownDiscard`, `tenhou`). Spelled as in rules/options.ts.
 */
export type TempFuritenEnd = 'ownDraw' | 'ownDiscard';

/** The furiten that a player's passes have caused, carried through the hand (his waits and pond are separate). */
export interface FuritenState {
  /** Temporary furiten (§7.2): he passed a wait since his turn; cleared by `afterOwnDraw`/`afterOwnDiscard`. */
  readonly temporary: boolean;
  /** Riichi furiten (§7.4): he let a wait go by after riichi; lasts the rest of the hand. */
  readonly riichi: boolean;
}

/** A hand starts with no passes. */
export const NOT_FURITEN: FuritenState = Object.freeze({ temporary: false, riichi: false });

export type FuritenCause = 'discard' | 'temporary' | 'riichi';

/** A tile that would have completed the player's hand and that he did not win on. */
export interface PassedWait {
  /** The tile's kind (or the tile). */
  readonly kind: TileKind | Tile;
  /** The player's waits at that moment (§7 waits). A tile outside them changes nothing. */
  readonly waits: readonly TileKind[];
  /** He had declared riichi. */
  readonly inRiichi: boolean;
  /**
   * `offered`: another player's discard, added-kan tile (chankan) or Sanma north, on which he did not ron —
   * for any reason: he passed, no yaku, already furiten (§7.2, §7.3). `ownDraw`: his own drawn tile, not
   * declared as tsumo; it only matters in riichi (§7.4) — outside riichi, discarding it puts it in his pond.
   */
  readonly source: 'offered' | 'ownDraw';
}

const kindOf = (tile: TileKind | Tile): TileKind => tile & KIND_MASK;

/** Discard furiten (§7.1): one of his waits is among his own discards (claimed ones included). */
export function isDiscardFuriten(waits: readonly TileKind[], pond: readonly (TileKind | Tile)[]): boolean {
  for (const tile of pond) if (waits.includes(kindOf(tile))) return true;
  return false;
}

/** The state after a wait went by. Example: waits 3p 6p, another player discards 6p and he passes → temporary. */
export function afterWaitPassed(state: FuritenState, passed: PassedWait): FuritenState {
  if (!passed.waits.includes(kindOf(passed.kind))) return state;
  const temporary = state.temporary || passed.source === 'offered';
  const riichi = state.riichi || passed.inRiichi;
  return temporary === state.temporary && riichi === state.riichi ? state : { temporary, riichi };
}

/** The state after he draws a tile (live wall or replacement): ends temporary furiten under `ownDraw`. */
export function afterOwnDraw(state: FuritenState, end: TempFuritenEnd): FuritenState {
  return end === 'ownDraw' && state.temporary ? { ...state, temporary: false } : state;
}

/** The state after he discards: ends temporary furiten under `ownDiscard`. */
export function afterOwnDiscard(state: FuritenState, end: TempFuritenEnd): FuritenState {
  return end === 'ownDiscard' && state.temporary ? { ...state, temporary: false } : state;
}

/**
 * Why the player may not win by ron now, or undefined when he may (furiten never forbids tsumo).
 * Checked in the order discard, riichi, temporary: the first that lasts longest is the one reported.
 */
export function furitenCause(
  waits: readonly TileKind[],
  pond: readonly (TileKind | Tile)[],
  state: FuritenState,
): FuritenCause | undefined {
  if (isDiscardFuriten(waits, pond)) return 'discard';
  if (state.riichi) return 'riichi';
  if (state.temporary) return 'temporary';
  return undefined;
}

/** Whether the player is furiten (may not ron): any of the three kinds. */
export const isFuriten = (
  waits: readonly TileKind[],
  pond: readonly (TileKind | Tile)[],
  state: FuritenState,
): boolean => furitenCause(waits, pond, state) !== undefined;
