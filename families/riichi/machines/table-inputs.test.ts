// What a meld laid on the table stands for (table-inputs.ts `meldInput`): a kan or a North from the hand on the seat's turn.
import { describe, expect, it } from 'vitest';
import { makeRules } from '../../../rules/options.js';
import { tilesOf } from '../../../rules/tiles.js';
import { scriptedTable } from './scripted-table.js';
import { meldInput } from './table-inputs.js';

/** Seat 0 deals and holds the turn with its 14 tiles; no claim window is open. */
const table = scriptedTable({
  options: makeRules('tenhou'),
  hands: ['147m369p147s1234z8s', '234m22456p567s88s', '258m258p369s5567z', '369m17p258s66677z'],
  indicators: '7z',
  draws: '',
});

describe('meldInput on the seat’s turn', () => {
  it('reads four alike as a closed kan and one tile as an added kan', () => {
    const four = tilesOf('1111z');
    expect(meldInput(table.hand, 0, four, false)).toEqual({ type: 'seat.closedKanDeclared', seat: 0, tile: four[0] });
    const one = tilesOf('1z');
    expect(meldInput(table.hand, 0, one, false)).toEqual({ type: 'seat.addedKanDeclared', seat: 0, tile: one[0] });
  });

  it('reads a North set aside in Sanma', () => {
    expect(meldInput(table.hand, 0, tilesOf('4z'), true)).toEqual({ type: 'seat.northDeclared', seat: 0 });
  });

  it('reads nothing from a seat whose turn it is not, or from a meld of no shape', () => {
    expect(meldInput(table.hand, 1, tilesOf('1111z'), false)).toBeNull();
    expect(meldInput(table.hand, 0, tilesOf('12z'), false)).toBeNull();
  });
});
