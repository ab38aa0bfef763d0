// The Minefield hand machine: walls, dora, secret waiting hands, alternate discards, ron checks, win or draw.
import { not } from 'xstate';
import { minefieldSetup } from './setup.js';

/**
 * One hand as a state machine, run inside the game machine (game.ts) so that the game and its hands
 * share one actor, one context and one stream of emitted events. Its final states (`won`, `drawn`) end
 * the hand; the game settles and starts the next one.
 *
 * walling → flippingDora → settingHands → discarding.awaitingDiscard ⇄ (discards) → discarding.lastClaim
 *                                                   └─ seat.ronDeclared (legal) → won      lastClaim ─ pass/deadline → drawn
 */
export const minefieldHandStates = minefieldSetup.createStateConfig({
  initial: 'walling',
  states: {
    walling: {
      on: {
        'hand.wallsBuilt': [
          { guard: 'wallsAreAFullSet', target: 'flippingDora', actions: 'recordWalls' },
          { actions: { type: 'rejectSetup', params: { code: 'not_the_whole_set' } } },
        ],
      },
    },
    flippingDora: {
      on: {
        'hand.doraFlipped': [
          { guard: 'indicatorsFromUnusedTiles', target: 'settingHands', actions: 'recordDora' },
          { actions: { type: 'rejectSetup', params: { code: 'indicators_not_unused' } } },
        ],
      },
    },
    settingHands: {
      always: { guard: 'bothHandsSet', target: 'discarding', actions: 'startPlay' },
      after: { handSettingLimit: { target: 'settingHands', reenter: true, actions: 'remindUnsetSeats' } },
      on: {
        'seat.handSet': [
          { guard: 'handAlreadySet', actions: { type: 'rejectHand', params: { code: 'already_set' } } },
          { guard: not('hasThirteenTiles'), actions: { type: 'rejectHand', params: { code: 'bad_hand_size' } } },
          { guard: not('handComesFromWall'), actions: { type: 'rejectHand', params: { code: 'not_from_wall' } } },
          { guard: not('isTenpai'), actions: { type: 'rejectHand', params: { code: 'not_tenpai' } } },
          { actions: ['acceptHand', 'confirmHand'] },
        ],
      },
    },
    discarding: {
      initial: 'awaitingDiscard',
      on: {
        'seat.ronDeclared': [
          { guard: 'noDiscardToClaim', actions: { type: 'refuseWin', params: { code: 'no_discard' } } },
          { guard: 'claimsOwnDiscard', actions: { type: 'refuseWin', params: { code: 'not_your_turn' } } },
          // In the order of rules/variants/minefield.ts checkMinefieldWin: completes, furiten, floor.
          { guard: not('completesHand'), actions: { type: 'refuseWin', params: { code: 'not_a_win' } } },
          { guard: 'isFuriten', actions: { type: 'refuseWin', params: { code: 'furiten' } } },
          { guard: not('reachesMangan'), actions: { type: 'refuseWin', params: { code: 'below_mangan' } } },
          { target: 'won', actions: ['settleWin', 'announceWin'] },
        ],
      },
      states: {
        awaitingDiscard: {
          // The deadline runs from the last discard. A discard restarts it in place (cancel + schedule the same
          // delayed event, DISCARD_DEADLINE in setup.ts) instead of re-entering this state: the exit and entry
          // work on every discard was a large share of a headless hand (bench/minefield.bench.ts).
          after: { discardLimit: { target: 'awaitingDiscard', reenter: true, actions: { type: 'remindTurn', params: { stage: 'discarding' } } } },
          on: {
            'seat.discarded': [
              { guard: not('isTheirTurn'), actions: { type: 'rejectDiscard', params: { code: 'not_your_turn' } } },
              { guard: not('tileInStock'), actions: { type: 'rejectDiscard', params: { code: 'not_in_stock' } } },
              // Announcements first: they read the hand before the discard (`recordDiscard` assigns the new one).
              { guard: 'isLastDiscard', target: 'lastClaim', actions: ['announceDiscard', 'recordDiscard'] },
              { guard: 'declaresRiichiOrFuriten', actions: ['announceDiscard', 'recordDiscard', 'restartDiscardDeadline'] },
              { actions: ['recordDiscard', 'restartDiscardDeadline'] },
            ],
          },
        },
        lastClaim: {
          after: { lastClaimLimit: { target: '#minefield.hand.drawn', actions: { type: 'remindTurn', params: { stage: 'claiming' } } } },
          on: {
            'seat.passed': { guard: 'isTheirTurn', target: '#minefield.hand.drawn' },
            'seat.discarded': { actions: { type: 'rejectDiscard', params: { code: 'no_discards_left' } } },
          },
        },
      },
    },
    won: { type: 'final' },
    drawn: { type: 'final', entry: ['settleDraw', 'announceDraw'] },
  },
});
