// A game cut short is closed like any other: places by points (ties to the first dealer's side), sticks to first.
import { describe, expect, it } from 'vitest';
import { startGame } from '../../../rules/game-flow.js';
import { makeRules } from '../../../rules/options.js';
import { cutGameEnded } from './game-cut.js';

describe('cutGameEnded', () => {
  it('ranks the seats by points and hands the leftover sticks to first place', () => {
    const progress = { ...startGame(makeRules('tenhou'), 0), points: [24000, 31000, 25000, 19000], deposits: 1 };
    expect(cutGameEnded(progress, 'first', 'handLimit')).toMatchObject({
      type: 'game.ended',
      points: [24000, 32000, 25000, 19000],
      ranking: [1, 2, 0, 3],
      reason: 'handLimit',
      leftoverDeposits: 1,
    });
  });
});
