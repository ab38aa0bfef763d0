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
  /** OR of every unit's needs: a reading with none of these bits passes no unit... */
  readonly anyNeeds: number;
  /** ...unless some unit needs nothing. */
  readonly someNeedsNothing: boolean;
}

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
  return {
    index: Uint8Array.from(index),
    needs: Int32Array.from(index, (i) => units[i]!.needs),
    hanClosed: Uint8Array.from(index, (i) => han(i, true)),
    hanOpen: Uint8Array.from(index, (i) => han(i, false)),
    test: index.map((i) => units[i]!.test),
    anyNeeds: index.reduce((mask, i) => mask | units[i]!.needs, 0),
    someNeedsNothing: index.some((i) => units[i]!.needs === 0),
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
