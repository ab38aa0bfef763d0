// The candidate sets of the unit tables are exactly the units whose needs a feature set meets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidates, UNIT_TABLES, type UnitTable } from './tables.js';

/** The units whose needs `features` meets, one by one (what the byte rows encode). */
function meetsNeeds(table: UnitTable, features: number): number {
  let set = 0;
  table.needs.forEach((need, j) => {
    if ((features & need) === need) set |= 1 << j;
  });
  return set;
}

describe('unit tables', () => {
  const tables = Object.entries(UNIT_TABLES);

  it('candidates agree with the needs on any feature set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (features) => {
        for (const [, table] of tables) expect(candidates(table, features)).toBe(meetsNeeds(table, features));
      }),
      { numRuns: 2000 },
    );
  });

  it('candidates agree with the needs on each unit exactly meeting its own needs, and on nothing', () => {
    for (const [name, table] of tables) {
      expect(candidates(table, 0), name).toBe(meetsNeeds(table, 0));
      table.needs.forEach((need, j) => {
        expect((candidates(table, need) >>> j) & 1, `${name} unit ${j}`).toBe(1);
        expect(candidates(table, need), `${name} unit ${j}`).toBe(meetsNeeds(table, need));
      });
    }
  });

  it('marks the units that have han closed and open', () => {
    for (const [name, table] of tables) {
      table.hanClosed.forEach((han, j) => expect((table.hasHanClosed >>> j) & 1, name).toBe(han > 0 ? 1 : 0));
      table.hanOpen.forEach((han, j) => expect((table.hasHanOpen >>> j) & 1, name).toBe(han > 0 ? 1 : 0));
    }
  });
});
