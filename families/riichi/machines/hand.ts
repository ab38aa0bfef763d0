// The riichi-family hand machine: wall and deal, draws, turns, claim windows (ron, pon, kan, chi, chankan, north), wins and draws.
import { not } from 'xstate';
import type { RiichiRejectionCode } from './events.js';
import { initialContext, riichiSetup } from './setup.js';

const reject = (code: RiichiRejectionCode) => ({ type: 'reject' as const, params: { code } });
const TURN_FIRST = [{ guard: not('isTheirTurn'), actions: reject('not_your_turn') }] as const;
/** variants.md V6.3: a dead hand only draws and discards. */
const DEAD_HAND = { guard: 'handIsDead', actions: reject('dead_hand') } as const;
const claimInput = [
  DEAD_HAND,
  { guard: 'hasAnswered', actions: reject('already_responded') },
  { guard: not('isLegalClaim'), actions: reject('call_not_allowed') },
  { actions: 'recordClaim' },
] as const;

/**
 * One hand (riichi.md 3-10), run on its own (`riichiHandMachine`) or inside the game machine (game.ts).
 *
 * dealing ─hand.wallBuilt→ turn (the dealer's 14th tile is his first draw)
 * drawing ─seat.drew→ turn ─seat.discarded / closed, added kan / north→ claiming ─all answered or deadline→ resolving
 * turn ─seat.discarded nobody may claim (and the hand goes on)→ drawing (next seat; the pass as in `passed`)
 * resolving ─ron→ won | triple ron→ abortiveDraw | else→ passed (furiten, riichi stick, kan dora)
 * passed ─kan or north stands→ drawing (replacement) | four winds/riichi/kans→ abortiveDraw | last discard→ exhaustiveDraw
 *        | open kan→ drawing | chi, pon→ turn | nothing→ drawing (next seat)
 * turn ─tsumo→ won | nine terminals / fifth kan→ abortiveDraw
 * any state ─operator.chomboDeclared→ chombo (the four triggers that end the hand); the two riichi triggers are
 *   remembered and settled by the hand's draw in place of its payments, or lapse on a win (variants.md V6.2)
 * Tenpai Race (tenpai-race.ts): drawing ─seat.stageBStarted (right after own discard)→ stageBStarting;
 *   turn ─riichi discard→ stageBStarting; stageBStarting ─option off→ stageBSettling ─operator.stageBSettled→ stageBEnded
 *   └ option on (V2.2 prototype)→ stageBGuessing ─found / wall out→ stageBEnded | miss→ stageBDrawing
 *   stageBDrawing ─completes→ stageBEnded | else→ stageBGuessing
 */
export const riichiHandStates = riichiSetup.createStateConfig({
  initial: 'dealing',
  entry: 'startHand',
  on: {
    // Operator overrides (variants.md V6.2, V6.3): audited inputs entered on the console at any moment of the hand.
    'operator.chomboDeclared': [
      { guard: 'chomboEndsHand', target: '.chombo', actions: 'settleChombo' },
      // The two riichi triggers count only if the hand ends in a draw (V6.2 item 1): remembered until it ends.
      { guard: 'chomboCountsAtDraw', actions: 'rememberChombo' },
      { actions: 'refuseChombo' },
    ],
    'operator.deadHandDeclared': { actions: 'declareHandDead' },
    // Tenpai Race (V2.1 item 5): only the `drawing` state right after one's own discard accepts it.
    'seat.stageBStarted': [
      { guard: not('isTenpaiRace'), actions: reject('stage_b_not_in_variant') },
      { actions: reject('stage_b_not_after_own_discard') },
    ],
    // Only `stageBSettling` accepts the operator's Stage B result.
    'operator.stageBSettled': { actions: 'rejectSettlement' },
    '*': { actions: 'rejectOutOfPhase' },
  },
  states: {
    dealing: {
      on: {
        'hand.wallBuilt': [
          { guard: 'wallIsUsable', target: 'turn', actions: 'dealWall' },
          { actions: 'rejectWall' },
        ],
      },
    },
    drawing: {
      after: {
        drawLimit: {
          target: 'drawing',
          reenter: true,
          actions: { type: 'remindTurn', params: { stage: 'drawing' } },
        },
      },
      on: {
        'seat.drew': [
          ...TURN_FIRST,
          { guard: not('isNextWallTile'), actions: reject('wrong_tile') },
          { target: 'turn', actions: 'drawTile' },
        ],
        'seat.stageBStarted': [
          { guard: not('isTenpaiRace'), actions: reject('stage_b_not_in_variant') },
          { guard: not('isRightAfterOwnDiscard'), actions: reject('stage_b_not_after_own_discard') },
          { guard: 'stageBNotTenpai', actions: reject('stage_b_not_tenpai') },
          { guard: 'stageBFuriten', actions: reject('stage_b_furiten') },
          { target: 'stageBStarting', actions: 'startStageB' },
        ],
      },
    },
    turn: {
      after: {
        discardLimit: {
          target: 'turn',
          reenter: true,
          actions: { type: 'remindTurn', params: { stage: 'discarding' } },
        },
      },
      on: {
        'seat.tsumoDeclared': [
          ...TURN_FIRST,
          DEAD_HAND,
          { guard: 'stageAForbidsWins', actions: reject('stage_a_no_win') },
          { guard: not('drewThisTurn'), actions: reject('wrong_phase') },
          { guard: not('completesHand'), actions: reject('not_a_win') },
          { guard: not('hasYaku'), actions: reject('no_yaku') },
          { target: 'won', actions: 'settleTsumo' },
        ],
        'seat.discarded': [
          ...TURN_FIRST,
          { guard: not('holdsTile'), actions: reject('not_in_hand') },
          { guard: 'kuikaeForbids', actions: reject('kuikae') },
          { guard: 'riichiLocksHand', actions: reject('riichi_locked') },
          { guard: 'riichiNotAllowed', actions: reject('riichi_not_allowed') },
          { guard: 'deadHandDeclaresRiichi', actions: reject('dead_hand') },
          // Tenpai Race (V2.1 items 4-5): no furiten riichi, none on the 36th discard; riichi starts Stage B.
          { guard: 'riichiOnLastStageADiscard', actions: reject('stage_b_after_last_discard') },
          { guard: 'riichiWhileFuriten', actions: reject('riichi_furiten') },
          { guard: 'riichiStartsStageB', target: 'stageBStarting', actions: 'declareRiichiStageB' },
          // Most discards: nobody may claim them, so they pass in one step rather than through the claim window.
          { guard: 'nobodyCanClaim', target: 'drawing', actions: 'discardAndPassTurn' },
          { target: 'claiming', actions: 'discard' },
        ],
        'seat.closedKanDeclared': [
          ...TURN_FIRST,
          DEAD_HAND,
          { guard: not('mayDeclareClosedKan'), actions: reject('kan_not_allowed') },
          {
            guard: 'fifthKanAborts',
            target: 'abortiveDraw',
            actions: { type: 'abortHand', params: { reason: 'fifthKan' } },
          },
          { target: 'claiming', actions: 'declareClosedKan' },
        ],
        'seat.addedKanDeclared': [
          ...TURN_FIRST,
          DEAD_HAND,
          { guard: not('mayDeclareAddedKan'), actions: reject('kan_not_allowed') },
          {
            guard: 'fifthKanAborts',
            target: 'abortiveDraw',
            actions: { type: 'abortHand', params: { reason: 'fifthKan' } },
          },
          { target: 'claiming', actions: 'declareAddedKan' },
        ],
        'seat.northDeclared': [
          ...TURN_FIRST,
          { guard: not('mayExtractNorth'), actions: reject('north_not_allowed') },
          { target: 'claiming', actions: 'declareNorth' },
        ],
        'seat.nineTerminalsDeclared': [
          ...TURN_FIRST,
          { guard: not('mayDeclareNineTerminals'), actions: reject('nine_terminals_not_allowed') },
          { target: 'abortiveDraw', actions: { type: 'abortHand', params: { reason: 'nineTerminals' } } },
        ],
      },
    },
    claiming: {
      always: { guard: 'allResponded', target: 'resolving' },
      after: { claimLimit: { target: 'resolving', actions: 'passOutstanding' } },
      on: {
        'seat.ronDeclared': [
          DEAD_HAND,
          { guard: 'stageAForbidsWins', actions: reject('stage_a_no_win') },
          { guard: 'hasAnswered', actions: reject('already_responded') },
          { guard: not('ronCompletes'), actions: reject('not_a_win') },
          { guard: 'isFuriten', actions: reject('furiten') },
          { guard: not('ronHasYaku'), actions: reject('no_yaku') },
          { actions: 'recordClaim' },
        ],
        'seat.ponDeclared': [...claimInput],
        'seat.chiDeclared': [...claimInput],
        'seat.openKanDeclared': [...claimInput],
        'seat.passed': [
          { guard: 'hasAnswered', actions: reject('already_responded') },
          { guard: not('isLegalClaim'), actions: reject('not_your_turn') },
          { actions: 'recordClaim' },
        ],
      },
    },
    resolving: {
      always: [
        {
          guard: 'tripleRonAborts',
          target: 'abortiveDraw',
          actions: { type: 'abortHand', params: { reason: 'tripleRon' } },
        },
        { guard: 'ronWins', target: 'won', actions: 'settleRons' },
        { target: 'passed', actions: 'passOffer' },
      ],
    },
    passed: {
      always: [
        { guard: 'addedKanStands', target: 'drawing', actions: 'formAddedKan' },
        { guard: 'closedKanStands', target: 'drawing', actions: 'keepClosedKan' },
        { guard: 'northStands', target: 'drawing', actions: 'setNorthAside' },
        // riichi.md 9.3: these aborts happen only once the discard has passed without a ron.
        {
          guard: 'fourWindsAbort',
          target: 'abortiveDraw',
          actions: { type: 'abortHand', params: { reason: 'fourWinds' } },
        },
        {
          guard: 'fourRiichiAbort',
          target: 'abortiveDraw',
          actions: { type: 'abortHand', params: { reason: 'fourRiichi' } },
        },
        {
          guard: 'fourKansAbort',
          target: 'abortiveDraw',
          actions: { type: 'abortHand', params: { reason: 'fourKans' } },
        },
        {
          guard: 'stageADrawn',
          target: 'abortiveDraw',
          actions: { type: 'abortHand', params: { reason: 'tenpaiRaceStageA' } },
        },
        { guard: 'liveWallExhausted', target: 'exhaustiveDraw', actions: 'settleExhaustiveDraw' },
        { guard: 'claimedKanAbortsAsFifth', target: 'abortiveDraw', actions: 'abortFifthKanClaim' },
        { guard: 'openKanClaimed', target: 'drawing', actions: 'makeCall' },
        { guard: 'callClaimed', target: 'turn', actions: 'makeCall' },
        { target: 'drawing', actions: 'passTurn' },
      ],
    },
    /** Tenpai Race Stage B (families/riichi/machines/tenpai-race.ts): the prototype plays it, or the operator records it. */
    stageBStarting: {
      always: [{ guard: 'stageBPrototypeOn', target: 'stageBGuessing' }, { target: 'stageBSettling' }],
    },
    stageBSettling: {
      on: {
        'seat.stageBStarted': { actions: reject('stage_b_already_started') },
        'operator.stageBSettled': [
          { guard: 'settlementHasWrongSeats', actions: 'rejectSettlement' },
          { guard: 'settlementNotConserved', actions: 'rejectSettlement' },
          { guard: 'settlementOverdraws', actions: 'rejectSettlement' },
          { guard: 'settlementWinnerPays', actions: 'rejectSettlement' },
          { target: 'stageBEnded', actions: 'settleStageB' },
        ],
      },
    },
    stageBGuessing: {
      on: {
        'seat.stageBStarted': { actions: reject('stage_b_already_started') },
        'seat.stageBGuessed': [
          { guard: not('isDefender'), actions: reject('stage_b_not_defender') },
          { guard: 'stageBGuessInvalid', actions: reject('stage_b_bad_guess') },
          { guard: 'guessFindsWait', target: 'stageBEnded', actions: 'applyStageBGuess' },
          { guard: 'stageBWallExhausted', target: 'stageBEnded', actions: 'applyStageBGuess' },
          { target: 'stageBDrawing', actions: 'applyStageBGuess' },
        ],
      },
    },
    stageBDrawing: {
      on: {
        'seat.stageBStarted': { actions: reject('stage_b_already_started') },
        'seat.drew': [
          ...TURN_FIRST,
          { guard: not('isNextWallTile'), actions: reject('wrong_tile') },
          { guard: 'stageBDrawCompletes', target: 'stageBEnded', actions: 'showStageBDraw' },
          { target: 'stageBGuessing', actions: 'showStageBDraw' },
        ],
      },
    },
    stageBEnded: { type: 'final' },
    won: { type: 'final' },
    exhaustiveDraw: { type: 'final' },
    abortiveDraw: { type: 'final' },
    /** variants.md V6.2: ended by the operator's chombo; the game replays the hand. */
    chombo: { type: 'final' },
  },
});

/** One hand on its own: input `{ options, progress }` (tests, replays of single hands). */
export const riichiHandMachine = riichiSetup.createMachine({
  id: 'riichiHand',
  context: ({ input }) => initialContext(input),
  ...riichiHandStates,
});
