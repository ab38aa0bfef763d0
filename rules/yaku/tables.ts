// The yaku registry by scope as parallel typed arrays, the form the scoring loops read (rebuilt on demand).
import type { YakuContext } from './context.js';
import { ORDINARY_YAKU } from './ordinary.js';
import { YAKUMAN } from './yakuman.js';

/**
 * The registry units of one scope: registry index, needs, han closed/open (1 for a yakuman) and test, so
 * the evaluation loops read small typed arrays and touch a unit's test only when its needs are met.
 */
export interface UnitTable {
  readonly index: Uint8Array;
  readonly needs: Int32Array;
  readonly hanClosed: Uint8Array;
  readonly hanOpen: Uint8Array;
  readonly test: readonly ((ctx: YakuContext) => boolean)[];
  /**
   * The needs as lookups, one 256-entry row per byte of the feature bits: bit j of `byByte[256·b + v]` is set
   * when unit j's needs within byte b are all in v. ANDing the four rows of a feature set gives the units
   * whose needs it meets (`candidates`), so a scope is one bit loop over those, not a loop over every unit.
   */
  readonly byByte: Int32Array;
  /** Bit j set: unit j has han when closed / open (a closed-only yaku is never a candidate for an open hand). */
  readonly hasHanClosed: number;
  readonly hasHanOpen: number;
}

/** The units of a table whose needs `features` (bits 0-30) meets, as a bit set over table positions. */
export const candidates = (table: UnitTable, features: number): number => {
  const rows = table.byByte;
  return (
    rows[features & 255]! &
    rows[256 + ((features >>> 8) & 255)]! &
    rows[512 + ((features >>> 16) & 255)]! &
    rows[768 + (features >>> 24)]!
  );
};

/** The position of the lowest set bit of a non-zero candidate set. */
export const lowestUnit = (set: number): number => 31 - Math.clz32(set & -set);

/** The byte rows of `candidates` for these needs (at most 32 units: one bit each). */
function byteRows(needs: readonly number[]): Int32Array {
  if (needs.length > 32) throw new Error(`${needs.length} units in one scope: the candidate sets hold 32`);
  const rows = new Int32Array(4 * 256);
  for (let b = 0; b < 4; b++) {
    for (let v = 0; v < 256; v++) {
      let set = 0;
      needs.forEach((need, j) => {
        const part = (need >>> (8 * b)) & 255;
        if ((v & part) === part) set |= 1 << j;
      });
      rows[256 * b + v] = set;
    }
  }
  return rows;
}

const bitsWhere = (flags: ArrayLike<number>): number => {
  let set = 0;
  for (let j = 0; j < flags.length; j++) if (flags[j]! !== 0) set |= 1 << j;
  return set;
};

interface Unit {
  readonly scope: string;
  readonly needs: number;
  readonly test: (ctx: YakuContext) => boolean;
}

function unitTable(
  units: readonly Unit[],
  scope: string,
  han: (i: number, closed: boolean) => number,
): UnitTable {
  const index = units.flatMap((unit, i) => (unit.scope === scope ? [i] : []));
  const needs = index.map((i) => units[i]!.needs);
  const hanClosed = Uint8Array.from(index, (i) => han(i, true));
  const hanOpen = Uint8Array.from(index, (i) => han(i, false));
  return {
    index: Uint8Array.from(index),
    needs: Int32Array.from(needs),
    hanClosed,
    hanOpen,
    test: index.map((i) => units[i]!.test),
    byByte: byteRows(needs),
    hasHanClosed: bitsWhere(hanClosed),
    hasHanOpen: bitsWhere(hanOpen),
  };
}

const ordinaryHan = (i: number, closed: boolean): number =>
  closed ? ORDINARY_YAKU[i]!.hanClosed : ORDINARY_YAKU[i]!.hanOpen;

/** Hand-scope units run once per hand, reading-scope units once per reading. */
export const UNIT_TABLES = {
  handOrdinary: unitTable(ORDINARY_YAKU, 'hand', ordinaryHan),
  readingOrdinary: unitTable(ORDINARY_YAKU, 'reading', ordinaryHan),
  handYakuman: unitTable(YAKUMAN, 'hand', () => 1),
  readingYakuman: unitTable(YAKUMAN, 'reading', () => 1),
};

/** Rebuilds the tables from the registry (the tables copy it: call after changing a unit, as needs.test.ts does). */
export function refreshUnitTables(): void {
  UNIT_TABLES.handOrdinary = unitTable(ORDINARY_YAKU, 'hand', ordinaryHan);
  UNIT_TABLES.readingOrdinary = unitTable(ORDINARY_YAKU, 'reading', ordinaryHan);
  UNIT_TABLES.handYakuman = unitTable(YAKUMAN, 'hand', () => 1);
  UNIT_TABLES.readingYakuman = unitTable(YAKUMAN, 'reading', () => 1);
}
