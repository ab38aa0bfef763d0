// The Minefield game machine: ante, dealer, hands in turn, and the end of the game (V1.5, V1.6).
import { minefieldHandStates } from './hand.js';
import { initialContext, minefieldSetup } from './setup.js';

/**
 * handStarting ─(someone cannot pay the ante)→ over
 *      └→ hand (hand.ts) ─ onDone ─(someone at 0 or below)→ over
 *                              └→ handStarting
 * Input: the first dealer (chosen by the caller, seeded) and optional starting points and deadlines.
 * Output events are emitted (`actor.on('*')`): the log, the screens and storage consume them.
 */
export const minefieldGameMachine = minefieldSetup.createMachine({
  id: 'minefield',
  context: ({ input }) => initialContext(input),
  entry: 'announceGame',
  initial: 'handStarting',
  states: {
    handStarting: {
      always: [{ guard: 'cannotPayAnte', target: 'over', actions: { type: 'endGame', params: { phase: 'handStart' } } }, { target: 'hand', actions: ['startHand', 'announceHand'] }],
    },
    hand: {
      ...minefieldHandStates,
      onDone: [{ guard: 'runsOutOfPoints', target: 'over', actions: { type: 'endGame', params: { phase: 'afterSettlement' } } }, { target: 'handStarting' }],
    },
    over: { type: 'final' },
  },
});

export type MinefieldGameMachine = typeof minefieldGameMachine;
