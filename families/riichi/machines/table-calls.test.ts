// The table's grant between calls announced with buttons (riichi.md 4.3): every open seat announced, ron beats all, pon beats chi.
import { describe, expect, it } from 'vitest';
import { tilesOf } from '../../../rules/tiles.js';
import type { ClaimWindow } from './hand-state.js';
import { callPossible, grantCall, type CallIntent } from './table-calls.js';

const window = (responses: ClaimWindow['responses']): ClaimWindow => ({
  offer: { tile: tilesOf('5m')[0]!, from: 0, addedKan: false, kind: 'discard' },
  eligible: [1, 2],
  responses,
});
const OPEN = window([null, null, null, null]);

describe('grantCall', () => {
  it('waits while a seat still to answer has announced nothing', () => {
    expect(grantCall(OPEN, new Map())).toBeNull();
    expect(grantCall(OPEN, new Map<0 | 1 | 2 | 3, CallIntent>([[1, 'chi']]))).toBeNull();
  });

  it('grants pon over chi and the chi passes', () => {
    const intents = new Map<0 | 1 | 2 | 3, CallIntent>([
      [1, 'chi'],
      [2, 'pon'],
    ]);
    expect(grantCall(OPEN, intents)).toEqual({ granted: 2, losers: [1] });
  });

  it('grants the first announced of a rank', () => {
    const intents = new Map<0 | 1 | 2 | 3, CallIntent>([
      [2, 'kan'],
      [1, 'pon'],
    ]);
    expect(grantCall(OPEN, intents)).toEqual({ granted: 2, losers: [1] });
  });

  it('grants nothing once a ron was declared: every call passes', () => {
    const ron = window([null, null, { type: 'ron' }, null]);
    expect(grantCall(ron, new Map<0 | 1 | 2 | 3, CallIntent>([[1, 'pon']]))).toEqual({ granted: null, losers: [1] });
  });
});

describe('callPossible', () => {
  const legal = { ron: false, chi: [tilesOf('46m')], pon: [], openKan: [] };
  it('allows a call the seat has a legal meld for', () => {
    expect(callPossible(legal, 'chi')).toBe(true);
    expect(callPossible(legal, 'pon')).toBe(false);
    expect(callPossible(legal, 'kan')).toBe(false);
  });
});
