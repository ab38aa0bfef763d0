// The simulated table's dead wall (hardware/PROTOCOL.md §9.1, §13; issue 7): replacement draws, kan dora flips and the snapshot, against the logical wall.
import { describe, expect, it } from 'vitest';
import { logicalWall } from '../../families/riichi/wall-order.js';
import { FULL_CAPABILITIES, TableModel, type TableWireEvent } from '../../hardware/simulator/table-model.js';
import { decodeMessage, encodeMessage, MSG } from '../../hardware/messages.js';
import { parseScenario } from '../../hardware/simulator/actions.js';
import type { Tile } from '../../rules/tiles.js';
import type { Seat, TableCommand, TableMode } from '../../table/table-events.js';

function run(table: TableModel, command: TableCommand): TableWireEvent[] {
  const outcome = table.execute(command);
  if (outcome.kind === 'rejected') throw new Error(`${command.type} refused: ${outcome.code}`);
  return outcome.kind === 'done' ? outcome.events : table.finishMotor(outcome.stage, outcome.complete);
}

/** A table with its walls built, dice rolled and first indicator up, and the logical wall the host derives from it. */
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
  const wall = logicalWall(mode, built.walls, rolled.dice, dealer);
  if (!wall.ok) throw new Error(wall.message);
  return { table, wall: wall.value, dora: flipped.indicator };
}

const drawn = (table: TableModel, seat: Seat, from: 'live' | 'dead'): Tile => {
  const done = table.perform({ do: 'draw', seat, from });
  if (!done.ok) throw new Error(done.reason);
  const event = done.events[0]!;
  if (event.type !== 'table.tileDrawn' || event.tile === null) throw new Error('no sensed draw');
  return event.tile;
};

const flipKanDora = (table: TableModel): Tile => {
  const event = run(table, { type: 'flipDora' })[0]!;
  if (event?.type !== 'table.doraFlipped' || event.indicator === null) throw new Error('no kan dora flipped');
  return event.indicator;
};

describe('the simulated table dead wall (PROTOCOL.md §9.1, §13; issue 7)', () => {
  it('standard4: four replacements from S1-S2, each moving the live tail onto the dead wall; kan dora S4-S7 tops', () => {
    for (const [seed, dealer] of [
      [1, 0],
      [2, 3],
      [5, 1],
    ] as const) {
      const { table, wall, dora } = preparedTable('standard4', seed, dealer);
      // riichi.md 3.2: dead = S1 top, S1 bottom, ..., S7 bottom; S3 top is the first indicator.
      expect(dora).toBe(wall.dead[4]);
      const live = [...wall.live];
      for (let k = 0; k < 4; k++) {
        expect(drawn(table, dealer, 'dead')).toBe(wall.dead[k]);
        live.pop(); // the live wall's last tile went onto the dead wall: never drawn live
        expect(flipKanDora(table)).toBe(wall.dead[6 + 2 * k]);
      }
      expect(table.perform({ do: 'draw', seat: dealer, from: 'dead' })).toEqual({
        ok: false,
        reason: 'all 4 replacement tiles are taken',
      });
      expect(table.execute({ type: 'flipDora' })).toEqual({ kind: 'rejected', code: 'badState' });
      const rest: Tile[] = [];
      for (let i = 0; i < live.length; i++) rest.push(drawn(table, dealer, 'live'));
      expect(rest).toEqual(live);
      expect(table.perform({ do: 'draw', seat: dealer })).toEqual({
        ok: false,
        reason: 'the live wall is exhausted',
      });
      expect(table.snapshot().kanDora).toEqual([wall.dead[6], wall.dead[8], wall.dead[10], wall.dead[12]]);
    }
  });

  it('sanma3: first indicator S5, eight replacements S1-S4; the 4th and 5th indicators lie on the moved tiles (variants.md V3.1.5)', () => {
    for (const [seed, dealer] of [
      [3, 0],
      [4, 2],
    ] as const) {
      const { table, wall, dora } = preparedTable('sanma3', seed, dealer);
      expect(dora).toBe(wall.dead[8]);
      const live = [...wall.live];
      const moved: Tile[] = [];
      expect(flipKanDora(table)).toBe(wall.dead[10]);
      expect(flipKanDora(table)).toBe(wall.dead[12]);
      // The 4th indicator is the first tile moved onto the dead wall: none was moved yet.
      expect(table.execute({ type: 'flipDora' })).toEqual({ kind: 'rejected', code: 'badState' });
      for (let k = 0; k < 8; k++) {
        expect(drawn(table, dealer, 'dead')).toBe(wall.dead[k]);
        moved.push(live.pop()!);
      }
      expect(flipKanDora(table)).toBe(moved[0]);
      expect(flipKanDora(table)).toBe(moved[2]);
      expect(table.execute({ type: 'flipDora' })).toEqual({ kind: 'rejected', code: 'badState' });
      expect(table.perform({ do: 'draw', seat: dealer, from: 'dead' })).toMatchObject({ ok: false });
    }
  });

  it('the snapshot carries the kan dora only once one is flipped (revision 1.2); a 1.1 reader sees the same bytes before', () => {
    const { table, wall } = preparedTable('standard4', 9, 0);
    const before = encodeMessage({
      kind: 'event',
      event: { type: 'table.state', snapshot: table.snapshot() },
    });
    expect(table.snapshot().kanDora).toBeUndefined();
    flipKanDora(table);
    const snapshot = table.snapshot();
    expect(snapshot.kanDora).toEqual([wall.dead[6]]);
    const after = encodeMessage({ kind: 'event', event: { type: 'table.state', snapshot } });
    // The 1.2 section is a tile list at the end: two bytes for one indicator.
    expect(after.payload.length).toBe(before.payload.length + 2);
    expect(Array.from(after.payload.subarray(-2))).toEqual([1, wall.dead[6]]);
    const decoded = decodeMessage(MSG.STATE, after.payload);
    expect(decoded).toEqual({ ok: true, value: { kind: 'event', event: { type: 'table.state', snapshot } } });
    // Present means 1-4 indicators: an empty or a fifth is a bad payload, never misread.
    const empty = Uint8Array.from([...after.payload.subarray(0, -2), 0]);
    expect(decodeMessage(MSG.STATE, empty)).toMatchObject({ ok: false, code: 'bad_payload' });
    const five = Uint8Array.from([...after.payload.subarray(0, -2), 5, 1, 2, 3, 4, 5]);
    expect(decodeMessage(MSG.STATE, five)).toMatchObject({ ok: false, code: 'bad_payload' });
  });

  it('scenario files name a replacement draw with "from": "dead"', () => {
    expect(parseScenario('{"do":"draw","seat":1,"from":"dead"}\n{"do":"draw","seat":2}')).toEqual({
      ok: true,
      steps: [
        { after: 0, action: { do: 'draw', seat: 1, from: 'dead' } },
        { after: 0, action: { do: 'draw', seat: 2 } },
      ],
    });
    expect(parseScenario('{"do":"draw","seat":1,"from":"pit"}')).toMatchObject({
      ok: false,
      code: 'bad_scenario',
    });
  });

  it('a new hand starts with no replacement taken and no kan dora', () => {
    const { table } = preparedTable('standard4', 11, 0);
    drawn(table, 0, 'dead');
    flipKanDora(table);
    run(table, { type: 'shuffle' });
    expect(table.kanDora).toEqual([]);
    expect(table.perform({ do: 'draw', seat: 0, from: 'dead' })).toEqual({
      ok: false,
      reason: 'no dead wall yet (build walls and roll dice)',
    });
  });
});
