// The logical wall (riichi.md 3.1-3.2) from sensed walls and dice: the 3.1 examples, corners, and the simulator's own draws.
import { describe, expect, it } from 'vitest';
import { breakWallOf, logicalWall, wallPlaces } from '../../families/riichi/wall-order.js';
import { FULL_CAPABILITIES, TableModel, type TableWireEvent } from '../../hardware/simulator/table-model.js';
import { countKinds, type Tile } from '../../rules/tiles.js';
import type { Dice, Seat, TableCommand, TableMode } from '../../table/table-events.js';

/** Runs a command on the simulated table to its end (motor runs complete at once). */
function run(table: TableModel, command: TableCommand): TableWireEvent[] {
  const outcome = table.execute(command);
  if (outcome.kind === 'rejected') throw new Error(`${command.type} refused: ${outcome.code}`);
  return outcome.kind === 'done' ? outcome.events : table.finishMotor(outcome.stage, outcome.complete);
}

function preparedTable(mode: TableMode, seed: number, dealer: Seat) {
  const table = new TableModel(FULL_CAPABILITIES, seed);
  run(table, { type: 'setMode', mode });
  run(table, { type: 'setLamp', seat: dealer, lamp: 'dealer', on: true });
  run(table, { type: 'shuffle' });
  const built = run(table, { type: 'buildWalls' })[0]!;
  const rolled = run(table, { type: 'rollDice' })[0]!;
  const flipped = run(table, { type: 'flipDora' })[0]!;
  if (
    built.type !== 'table.wallsBuilt' ||
    rolled.type !== 'table.diceRolled' ||
    flipped.type !== 'table.doraFlipped'
  )
    throw new Error('unexpected preparation events');
  return { table, walls: built.walls, dice: rolled.dice, dora: flipped.indicator };
}

describe('riichi wall order (riichi.md 3.1-3.2, issue 7)', () => {
  it('the dice pick the wall counting the dealer as 1, counter-clockwise (riichi.md 3.1 examples)', () => {
    // Dealer East at seat 0: 5/9 his own wall, 2/6/10 South's, 3/7/11 West's, 4/8/12 North's.
    const expected: Record<number, Seat> = {
      2: 1,
      3: 2,
      4: 3,
      5: 0,
      6: 1,
      7: 2,
      8: 3,
      9: 0,
      10: 1,
      11: 2,
      12: 3,
    };
    for (const [sum, seat] of Object.entries(expected))
      expect(breakWallOf('standard4', 0, Number(sum))).toBe(seat);
    // The count starts at whoever deals: dealer at seat 2, a 2 picks seat 3 (his South), a 4 seat 1.
    expect(breakWallOf('standard4', 2, 2)).toBe(3);
    expect(breakWallOf('standard4', 2, 4)).toBe(1);
    expect(breakWallOf('standard4', 2, 5)).toBe(2);
    // Sanma: three walls round the three seats.
    expect(breakWallOf('sanma3', 1, 2)).toBe(2);
    expect(breakWallOf('sanma3', 1, 4)).toBe(1);
    expect(breakWallOf('sanma3', 0, 3)).toBe(2);
    expect(breakWallOf('standard4', 3, 5)).toBe(3);
    expect(breakWallOf('sanma3', 3, 5)).toBeNull();
  });

  it('breaks the picked wall `sum` stacks from its start; the dead wall is the 7 stacks before (the module example)', () => {
    const places = wallPlaces('standard4', [3, 4], 0)!;
    expect(places.breakWall).toBe(2);
    expect(places.breakStack).toBe(7);
    expect(places.live.slice(0, 4)).toEqual([
      { seat: 2, position: 14 },
      { seat: 2, position: 15 },
      { seat: 2, position: 16 },
      { seat: 2, position: 17 },
    ]);
    // S1 is the stack right before the break; S3's top is the dora indicator, the ura beneath it.
    expect(places.dead[0]).toEqual({ seat: 2, position: 12 });
    expect(places.dead[4]).toEqual({ seat: 2, position: 8 });
    expect(places.dead[5]).toEqual({ seat: 2, position: 9 });
    expect(places.dead[13]).toEqual({ seat: 2, position: 1 });
    // The live wall runs round the ring and ends at the stack before S7.
    expect(places.live.at(-1)).toEqual({ seat: 1, position: 33 });
    expect(places.live).toHaveLength(122);
    expect(places.dead).toHaveLength(14);
  });

  it('continues the dead wall round a corner into the previous wall when the break is near a wall start', () => {
    // Dealer seat 0, 1+1: South's wall (seat 1) breaks 2 stacks in: S1, S2 are its stacks 1, 0; S3 is seat 0's last stack.
    const places = wallPlaces('standard4', [1, 1], 0)!;
    expect(places.dead.slice(0, 6)).toEqual([
      { seat: 1, position: 2 },
      { seat: 1, position: 3 },
      { seat: 1, position: 0 },
      { seat: 1, position: 1 },
      { seat: 0, position: 32 },
      { seat: 0, position: 33 },
    ]);
    expect(places.dead[13]).toEqual({ seat: 0, position: 25 });
    // And the ring wraps from the last seat's wall into seat 0's (dealer seat 1, 6+6 → North's wall, seat 0).
    const wrapped = wallPlaces('standard4', [6, 6], 1)!;
    expect(wrapped.breakWall).toBe(0);
    expect(wrapped.dead[0]).toEqual({ seat: 0, position: 22 });
    expect(new Set(wrapped.live.concat(wrapped.dead).map((p) => `${p.seat}:${p.position}`)).size).toBe(136);
  });

  it('matches the built-in simulator: its draws are the live wall in order, its dora flip is S3 top (standard4)', () => {
    for (const [seed, dealer] of [
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 0],
      [6, 2],
    ] as const) {
      const { table, walls, dice, dora } = preparedTable('standard4', seed, dealer);
      const wall = logicalWall('standard4', walls, dice, dealer);
      if (!wall.ok) throw new Error(wall.message);
      expect(wall.value.live).toHaveLength(122);
      expect(wall.value.dead).toHaveLength(14);
      // The whole set, each kind four times.
      expect(countKinds([...wall.value.live, ...wall.value.dead]).every((n) => n === 4)).toBe(true);
      expect(dora).toBe(wall.value.dead[4]);
      const drawn: Tile[] = [];
      for (let i = 0; i < 122; i++) {
        const done = table.perform({ do: 'draw', seat: dealer });
        if (!done.ok || done.events[0]?.type !== 'table.tileDrawn') throw new Error('draw refused');
        drawn.push(done.events[0].tile!);
      }
      expect(drawn).toEqual(wall.value.live);
    }
  });

  it('sanma: 94 live and 14 dead from three walls of 36; the simulator draws the live wall in order', () => {
    for (const [seed, dealer] of [
      [7, 0],
      [8, 1],
      [9, 2],
    ] as const) {
      const { table, walls, dice, dora } = preparedTable('sanma3', seed, dealer);
      const wall = logicalWall('sanma3', walls, dice, dealer);
      if (!wall.ok) throw new Error(wall.message);
      expect(wall.value.live).toHaveLength(94);
      expect(wall.value.dead).toHaveLength(14);
      // variants.md V3.1.5: Sanma's first indicator is S5's top (four stacks for replacements), on the table too.
      expect(dora).toBe(wall.value.dead[8]);
      const drawn: Tile[] = [];
      for (let i = 0; i < 94; i++) {
        const done = table.perform({ do: 'draw', seat: dealer });
        if (!done.ok || done.events[0]?.type !== 'table.tileDrawn') throw new Error('draw refused');
        drawn.push(done.events[0].tile!);
      }
      expect(drawn).toEqual(wall.value.live);
    }
  });

  it('refuses walls it cannot order: an unread tile, a short wall, a dealer not seated', () => {
    const { walls, dice } = preparedTable('standard4', 11, 0);
    const unread = walls.map((w, seat) => (seat === 3 ? w.map((t, i) => (i === 5 ? null : t)) : w));
    expect(logicalWall('standard4', unread, dice, 0)).toMatchObject({ ok: false, code: 'unread_tile' });
    const short = walls.map((w, seat) => (seat === 1 ? w.slice(1) : w));
    expect(logicalWall('standard4', short, dice, 0)).toMatchObject({ ok: false, code: 'wrong_wall_size' });
    const sanma = preparedTable('sanma3', 12, 0);
    expect(logicalWall('sanma3', sanma.walls, sanma.dice as Dice, 3)).toMatchObject({
      ok: false,
      code: 'dealer_not_seated',
    });
  });
});
