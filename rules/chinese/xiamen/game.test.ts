// Xiamen at game level: dice, the single winner on a shared discard, following discarded honors, payments, who may win or claim (xiamen.md §3, §8, §9, §12).
import { describe, expect, it } from 'vitest';
import { countKinds, tilesOf } from '../../tiles.js';
import {
  diceSeat,
  discardClaimRefusal,
  discardWinRefusal,
  honorsToFollow,
  nearestClaimant,
  xiamenPayments,
} from './game.js';
import { XIAMEN_PRESETS } from './rules.js';
import { NOTHING_SPECIAL } from './fixtures/records.js';

const XIAMEN = XIAMEN_PRESETS.xiamen;
const plain = NOTHING_SPECIAL;

describe('Xiamen game level', () => {
  it('dice count the thrower as 1, then on in turn order (§3)', () => {
    expect(diceSeat(0, 2)).toBe(1);
    expect(diceSeat(0, 6)).toBe(1);
    expect(diceSeat(0, 5)).toBe(0);
    expect(diceSeat(3, 12)).toBe(2);
  });

  it('one winner: the claimant nearest the discarder in turn order (§8.3)', () => {
    expect(nearestClaimant(1, [0, 3])).toBe(3);
    expect(nearestClaimant(1, [0, 2, 3])).toBe(2);
    expect(nearestClaimant(1, [1])).toBeNull(); // the discarder does not win on his own tile
    expect(nearestClaimant(1, [])).toBeNull();
  });

  it('following discarded honors: the honors held once whose copy was discarded (§8.2)', () => {
    const discarded = new Uint8Array(34);
    discarded[27] = 1; // an East was discarded
    discarded[29] = 1; // a West was discarded
    expect(honorsToFollow(countKinds(tilesOf('123m1z33z6z')), discarded)).toEqual([27]);
    expect(honorsToFollow(countKinds(tilesOf('123m1z3z6z')), discarded)).toEqual([27, 29]);
    expect(honorsToFollow(countKinds(tilesOf('123m11z6z')), discarded)).toEqual([]); // a pair is kept
  });

  it('payments: (base + flowers) × multiplier, the banker base to and from East (§12.1)', () => {
    expect(xiamenPayments(XIAMEN, 4, 6, 1, 2)).toEqual({ 1: 8, 2: 7, 3: 7 });
    expect(xiamenPayments(XIAMEN, 1, 6, 2, 8)).toEqual({ 2: 28, 3: 28, 4: 28 });
  });

  it('a discarded gold is never won on or claimed; after his own gold discard a player wins only by self-draw (§9)', () => {
    expect(discardWinRefusal(XIAMEN, plain)).toBeNull();
    expect(discardClaimRefusal(XIAMEN, plain)).toBeNull();
    expect(discardWinRefusal(XIAMEN, { ...plain, discardIsGold: true })).toContain('gold');
    expect(discardClaimRefusal(XIAMEN, { ...plain, discardIsGold: true })).toContain('gold');
    expect(discardWinRefusal(XIAMEN, { ...plain, ownGoldRound: true })).toContain('self-draw');
    expect(discardWinRefusal(XIAMEN, { ...plain, forfeited: true })).toContain('lost the right');
    // Holding a gold restricts nothing by default (the switch's own test: switches.test.ts).
    expect(discardWinRefusal(XIAMEN, { ...plain, holdsGold: true })).toBeNull();
  });
});
