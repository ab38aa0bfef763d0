// The riichi-family game machine: hands in turn, each concluded by rules/game-flow.ts (dealer, round, honba, sticks, end of game).
import { riichiHandStates } from './hand.js';
import { initialContext, riichiSetup } from './setup.js';

/**
 * hand (hand.ts) ─onDone→ between ─agari-yame offered→ askingAgariYame ─answer or deadline→ concluding
 *                                  └────────────────────────────────────────────────→ concluding (afterHand)
 * concluding ─game over→ over | └→ hand (the next one, from the new progress)
 * Input: the options (preset) and the first dealer (chosen by the caller, seeded), or a progress to resume
 * from. Outcomes are emitted (`actor.on('*')`): the log, the screens and storage consume them.
 */
export const riichiGameMachine = riichiSetup.createMachine({
  id: 'riichi',
  context: ({ input }) => initialContext(input),
  entry: 'announceGame',
  initial: 'hand',
  states: {
    hand: { ...riichiHandStates, onDone: { target: 'between' } },
    between: {
      always: [
        { guard: 'agariYameOffered', target: 'askingAgariYame', actions: 'offerAgariYame' },
        { target: 'concluding' },
      ],
    },
    askingAgariYame: {
      after: { agariYameLimit: { target: 'concluding' } },
      on: {
        'seat.agariYameDecided': [
          { guard: 'isDealer', target: 'concluding', actions: 'recordAgariYame' },
          { actions: { type: 'reject', params: { code: 'not_your_turn' } } },
        ],
        '*': { actions: 'rejectOutOfPhase' },
      },
    },
    concluding: {
      entry: 'concludeHand',
      always: [{ guard: 'gameIsOver', target: 'over' }, { target: 'hand' }],
    },
    over: { type: 'final' },
  },
});

export type RiichiGameMachine = typeof riichiGameMachine;
