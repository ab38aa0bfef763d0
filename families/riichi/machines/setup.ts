// The riichi-family machines' setup(): context, events, the named guards (each one a rule, calling rules/ through model.ts) and actions.
import { assign, emit, enqueueActions, setup } from 'xstate';
import {
  afterHand,
  agariYameOffered,
  startGame,
  type GameEndReason,
  type GameProgress,
  type HandEnd,
} from '../../../rules/game-flow.js';
import type { RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { tileKind } from '../../../rules/tiles.js';
import type { AbortiveDrawReason, RiichiInput, RiichiOutcome, RiichiRejectionCode } from './events.js';
import {
  abortHand,
  afterClosedKan,
  allResponded,
  applyDiscard,
  applyDraw,
  claimWindow,
  closedKanTiles,
  addedKanTiles,
  dealWall,
  declareAddedKan,
  declareClosedKan,
  declareNorth,
  drewThisTurn,
  expectedDraw,
  fifthKanAborts,
  formAddedKan,
  fourKansAbort,
  fourRiichiAbort,
  fourWindsAbort,
  isLegalClaim,
  kuikaeForbids,
  liveTilesLeft,
  makeCall,
  mayDeclareNineTerminals,
  mayExtractNorth,
  meetsRiichiConditions,
  newHand,
  offerKind,
  passOffer,
  passOutstanding,
  passTurn,
  resolveClaims,
  respond,
  riichiLocksDiscard,
  ronRefusal,
  setNorthAside,
  settleExhaustive,
  settleRonWin,
  settleTsumoWin,
  tsumoCompletes,
  tsumoHasYaku,
  wallProblem,
  type HandModel,
  type Step,
} from './model.js';
import type { ClaimDecision } from './seat-view.js';
import { startClear, type ClearProgress } from '../../../rules/variants/clear.js';
import { isStageADraw } from '../../../rules/variants/tenpai-race.js';
import {
  applyStageBGuess,
  declareRiichiStageB,
  enterStageB,
  guessFindsWait,
  isLastStageADiscard,
  isRightAfterOwnDiscard,
  isTenpaiRace,
  riichiStageBEntry,
  settleStageB,
  showStageBDraw,
  stageBDrawCompletes,
  stageBEntry,
  stageBGuessProblem,
  stageBSettlementProblem,
  stageBWallExhausted,
} from './tenpai-race.js';
import {
  recordTagTeamDiscard,
  startTagTeam,
  type TagTeamEndReason,
  type TagTeamState,
} from '../../../rules/variants/mangan.js';
import type { RiichiWin } from './events.js';
import {
  burnManganMahjongWin,
  chomboAtDrawRefusal,
  chomboEndsHandNow,
  concludeClearHand,
  concludeTagTeamHand,
  settleChomboHand,
  settlePendingChombos,
  type PendingChombo,
} from './variant-rules.js';

/** Deadlines in ms (`after` delays; tests drive them with xstate's SimulatedClock). */
export interface Deadlines {
  /** Time to take the next tile before the table buzzes the seat (repeats). */
  readonly drawMs: number;
  /** Time to act on one's turn before the table buzzes the seat (repeats). */
  readonly discardMs: number;
  /** Time to claim a tile on offer; after it, whoever has not answered passes. */
  readonly claimMs: number;
  /** Time the dealer has to take agari-yame; after it the game goes on. */
  readonly agariYameMs: number;
}
export const DEFAULT_DEADLINES: Deadlines = {
  drawMs: 30_000,
  discardMs: 60_000,
  claimMs: 10_000,
  agariYameMs: 30_000,
};

/**
 * Input of both machines: the rule options (a preset such as `tenhou`, `club` or `sanma`, rules/options.ts),
 * and either a whole game's first dealer (chosen at random by the caller, so that a seeded game replays) or,
 * for one hand, the game's progress at its start (rules/game-flow.ts).
 */
export interface RiichiMachineInput {
  readonly options: RuleOptions;
  readonly firstDealer?: Seat;
  readonly progress?: GameProgress;
  readonly deadlines?: Partial<Deadlines>;
  /**
   * Agari-yame `optional` (club): ask the dealer (`game.agariYameOffered`, answered by `seat.agariYameDecided`).
   * Off by default: the offer is then declined and the game plays on (headless simulations never stop to ask).
   */
  readonly askAgariYame?: boolean;
  /** Clear Mahjong (variants.md V5, preset `clear`): track the teams' five conditions and its end conditions. */
  readonly clearMahjong?: boolean;
  /** Mangan Mahjong's 8-player tag-team option (V4.3): pairs swap every ten discards; only the seated lose. */
  readonly tagTeam?: boolean;
}

export interface GameOver {
  /** rules/game-flow.ts reasons, or Clear Mahjong's (V5.3): all five conditions, a bust, the tie. */
  readonly reason: GameEndReason | 'clearConditions' | 'opponentBust' | 'clearTie' | TagTeamEndReason;
  readonly points: readonly number[];
  readonly ranking: readonly Seat[];
}

export interface RiichiContext {
  readonly options: RuleOptions;
  /** The game's state at the start of the current hand. */
  readonly progress: GameProgress;
  readonly hand: HandModel;
  /** How the last finished hand ended (rules/game-flow.ts `HandEnd`). */
  readonly lastEnd: HandEnd | null;
  readonly over: GameOver | null;
  /** The dealer's answer to an agari-yame offer for the hand just finished (null: not asked or not answered). */
  readonly agariYame: boolean | null;
  readonly askAgariYame: boolean;
  readonly deadlines: Deadlines;
  /** Clear Mahjong's cleared conditions per team (null: not Clear Mahjong). */
  readonly clear: ClearProgress | null;
  /** The paid wins of the current hand (`hand.won`), for the variants that read the scored yaku. */
  readonly handWins: readonly RiichiWin[];
  /** Tournament V6.3: seats whose hand the operator declared dead in this hand. */
  readonly deadHands: readonly Seat[];
  /** Tournament V6.2 item 1: riichi chombos entered in this hand, settled if it ends in a draw. */
  readonly pendingChombos: readonly PendingChombo[];
  /** Mangan tag-team (V4.3): the eight players, who is seated, discards since sitting down (null: off). */
  readonly tagTeam: TagTeamState | null;
}

type Ev<T extends RiichiInput['type']> = Extract<RiichiInput, { type: T }>;
type SeatEvent = Exclude<RiichiInput, { type: 'hand.wallBuilt' | 'operator.stageBSettled' }>;
const seatOf = (event: RiichiInput): Seat => (event as SeatEvent).seat;

/** What a claim input asks for, as a seat brain's ClaimDecision. */
export function claimDecisionOf(event: RiichiInput): ClaimDecision | null {
  switch (event.type) {
    case 'seat.passed':
      return { type: 'pass' };
    case 'seat.ronDeclared':
      return { type: 'ron' };
    case 'seat.ponDeclared':
      return { type: 'pon', tiles: event.tiles };
    case 'seat.chiDeclared':
      return { type: 'chi', tiles: event.tiles };
    case 'seat.openKanDeclared':
      return { type: 'openKan', tiles: event.tiles };
    default:
      return null;
  }
}

const REJECTION_MESSAGES: Record<RiichiRejectionCode, string> = {
  not_your_turn: 'it is not this seat’s turn (or nothing is on offer for it)',
  wrong_phase: 'that action does not fit this moment of the hand',
  wrong_tile: 'that is not the next tile of the wall',
  not_in_hand: 'the seat does not hold that tile',
  kuikae: 'swap-calling: that tile may not be discarded right after the call (riichi.md 5.5)',
  riichi_locked: 'after riichi the drawn tile must be discarded (riichi.md 6.3)',
  riichi_not_allowed:
    'riichi needs a closed tenpai hand, the points for the stick and enough live tiles (riichi.md 6.1)',
  not_a_win: 'the tile does not complete the hand',
  no_yaku: 'the completed hand has no yaku (riichi.md 9.2)',
  furiten: 'the seat is furiten and may not win by ron (riichi.md 7)',
  call_not_allowed: 'that call is not allowed on this tile',
  kan_not_allowed: 'that kan is not allowed now (riichi.md 5.4, 6.3)',
  north_not_allowed: 'no north may be set aside now (variants.md V3.2)',
  nine_terminals_not_allowed:
    'nine terminals needs the first draw of an uninterrupted go-around and 9 distinct terminals and honors',
  already_responded: 'the seat has already answered this tile',
  dead_hand: 'the seat’s hand is dead: it may only draw and discard until the hand ends (variants.md V6.3)',
  chombo_not_in_preset: 'this preset has no chombo payments (variants.md V6.2)',
  chombo_without_riichi:
    'the seat has not declared riichi in this hand: riichi while not tenpai and an illegal kan after riichi need one (variants.md V6.2 item 1)',
  chombo_already_pending:
    'a chombo is already entered for this seat in this hand; it is settled if the hand ends in a draw (variants.md V6.2 item 1)',
  stage_a_no_win: 'Tenpai Race Stage A allows no win, neither ron nor tsumo (variants.md V2.1 item 3)',
  stage_b_not_in_variant: 'Stage B exists only in Tenpai Race (variants.md V2)',
  stage_b_not_after_own_discard:
    'Stage B may be started only right after one’s own discard has passed, before the opponent draws (variants.md V2.1 item 5)',
  stage_b_not_tenpai: 'Stage B needs a tenpai hand (variants.md V2.1 item 5)',
  stage_b_furiten: 'a furiten player may not start Stage B (variants.md V2.1 item 5)',
  stage_b_already_started: 'Stage B has already started in this hand',
  stage_b_after_last_discard:
    'the 36th discard draws the hand (variants.md V2.1 item 4): no riichi, no Stage B on it',
  riichi_furiten: 'Tenpai Race: a furiten player may not declare riichi (variants.md V2.1 item 5)',
  stage_b_not_defender: 'only the defender names tiles in Stage B',
  stage_b_bad_guess: 'the defender names two distinct kinds (Stage B prototype, variants.md V2.2)',
};

const ronOffer = (context: RiichiContext) => claimWindow(context.hand)?.offer ?? null;
const ronRefusedFor = (context: RiichiContext, event: RiichiInput) => {
  const offer = ronOffer(context);
  return offer === null ? 'not_a_win' : ronRefusal(context.hand, seatOf(event), offer);
};
/** Why the operator's Stage B result is refused (tenpai-race.ts), or null. */
const settlementRefusal = (context: RiichiContext, event: RiichiInput) => {
  const e = event as Ev<'operator.stageBSettled'>;
  return stageBSettlementProblem(context.hand, e)?.code ?? null;
};
/** V2.1 item 4: both players of Tenpai Race Stage A have discarded 18 tiles. */
const stageADrawn = (hand: HandModel): boolean =>
  hand.players === 2 && isStageADraw([hand.discardCount[0]!, hand.discardCount[1]!]);

/** A discard, its pass and the turn handed on, as the three model steps the `passed` state would take. */
type UnclaimedDiscard = readonly [discarded: Step, passed: Step, handedOn: Step];
/** The guard and the action of one transition ask about the same hand and input: computed once. */
const unclaimedDiscards = new WeakMap<
  HandModel,
  { event: RiichiInput; discarded: Step; steps: UnclaimedDiscard | null }
>();

/** The discard's step, as the guard `nobodyCanClaim` already computed it for this hand and input. */
function discardStep(hand: HandModel, event: Ev<'seat.discarded'>): Step {
  const memo = unclaimedDiscards.get(hand);
  return memo !== undefined && memo.event === event
    ? memo.discarded
    : applyDiscard(hand, event.seat, event.tile, event.riichi);
}

/**
 * riichi.md 4.3, 9: the discard no other seat may claim (no ron, call or kan listed for anyone) passes at once:
 * furiten, riichi stick and kan dora as `passOffer`, then the next seat draws. Null when a seat may claim, or when
 * the pass ends the hand (four winds, four riichi, four kans, Stage A's 18 discards, the last discard), which the
 * claim window's `passed` state settles.
 */
function unclaimedDiscard(hand: HandModel, event: Ev<'seat.discarded'>): UnclaimedDiscard | null {
  const memo = unclaimedDiscards.get(hand);
  if (memo !== undefined && memo.event === event) return memo.steps;
  const discarded = applyDiscard(hand, event.seat, event.tile, event.riichi);
  let steps: UnclaimedDiscard | null = null;
  if (claimWindow(discarded.model)!.eligible.length === 0) {
    const passed = passOffer(discarded.model);
    const p = passed.model;
    const endsHand =
      fourWindsAbort(p) || fourRiichiAbort(p) || fourKansAbort(p) || stageADrawn(p) || liveTilesLeft(p) === 0;
    if (!endsHand) steps = [discarded, passed, passTurn(p)];
  }
  unclaimedDiscards.set(hand, { event, discarded, steps });
  return steps;
}

const claimAbortsAsFifthKan = (hand: HandModel): boolean => {
  const r = resolveClaims(hand);
  return r.kind === 'call' && r.decision.type === 'openKan' && fifthKanAborts(hand, r.seat);
};

export const initialContext = (input: RiichiMachineInput): RiichiContext => {
  const progress = input.progress ?? startGame(input.options, input.firstDealer ?? 0);
  return {
    options: input.options,
    progress,
    hand: newHand(progress, input.options),
    lastEnd: null,
    over: null,
    agariYame: null,
    askAgariYame: input.askAgariYame ?? false,
    clear: input.clearMahjong ? startClear() : null,
    tagTeam: input.tagTeam ? startTagTeam(input.options) : null,
    handWins: [],
    deadHands: [],
    pendingChombos: [],
    deadlines: { ...DEFAULT_DEADLINES, ...input.deadlines },
  };
};

export const riichiSetup = setup({
  types: {
    context: {} as RiichiContext,
    events: {} as RiichiInput,
    emitted: {} as RiichiOutcome,
    input: {} as RiichiMachineInput,
  },
  delays: {
    drawLimit: ({ context }: { context: RiichiContext }) => context.deadlines.drawMs,
    discardLimit: ({ context }: { context: RiichiContext }) => context.deadlines.discardMs,
    claimLimit: ({ context }: { context: RiichiContext }) => context.deadlines.claimMs,
    agariYameLimit: ({ context }: { context: RiichiContext }) => context.deadlines.agariYameMs,
  },
  guards: {
    /** riichi.md 3.2: the live and dead walls are the whole set of the preset. */
    wallIsUsable: ({ context, event }) => {
      const e = event as Ev<'hand.wallBuilt'>;
      return wallProblem(context.hand, e.live, e.dead) === null;
    },
    /** riichi.md 4: only the seat on turn draws and acts. */
    isTheirTurn: ({ context, event }) => seatOf(event) === context.hand.turn,
    /** riichi.md 3.2: draws come from the front of the live wall, replacements from the dead wall in order. */
    isNextWallTile: ({ context, event }) => expectedDraw(context.hand) === (event as Ev<'seat.drew'>).tile,
    /** riichi.md 4.2: after a chi or pon the caller only discards. */
    drewThisTurn: ({ context, event }) => drewThisTurn(context.hand, seatOf(event)),
    /** riichi.md 9.1: the drawn tile completes the hand. */
    completesHand: ({ context, event }) => tsumoCompletes(context.hand, seatOf(event)),
    /** riichi.md 9.2: at least one yaku (dora never count). */
    hasYaku: ({ context, event }) => tsumoHasYaku(context.hand, seatOf(event)),
    holdsTile: ({ context, event }) => {
      const e = event as Ev<'seat.discarded'>;
      return context.hand.concealed[e.seat]!.includes(e.tile);
    },
    /** riichi.md 5.5: no swap-calling. */
    kuikaeForbids: ({ context, event }) => {
      const e = event as Ev<'seat.discarded'>;
      return kuikaeForbids(context.hand, e.seat, e.tile);
    },
    /** riichi.md 6.3: the riichi hand is locked. */
    riichiLocksHand: ({ context, event }) => {
      const e = event as Ev<'seat.discarded'>;
      return riichiLocksDiscard(context.hand, e.seat, e.tile);
    },
    /** riichi.md 6.1: a riichi discard must meet every condition. */
    riichiNotAllowed: ({ context, event }) => {
      const e = event as Ev<'seat.discarded'>;
      return (
        e.riichi &&
        context.hand.riichi[e.seat] === 'none' &&
        !meetsRiichiConditions(context.hand, e.seat, e.tile)
      );
    },
    /** riichi.md 5.4, 6.3: four of a kind after a draw, a live tile left, the kan limit, the riichi lock. */
    mayDeclareClosedKan: ({ context, event }) => {
      const e = event as Ev<'seat.closedKanDeclared'>;
      return (
        closedKanTiles(context.hand, e.seat).some((t) => tileKind(t) === tileKind(e.tile)) &&
        context.hand.concealed[e.seat]!.includes(e.tile)
      );
    },
    mayDeclareAddedKan: ({ context, event }) => {
      const e = event as Ev<'seat.addedKanDeclared'>;
      return addedKanTiles(context.hand, e.seat).includes(e.tile);
    },
    /** riichi.md 5.4 `fifthKan: 'abort'`: a kan by another player after one player made four. */
    fifthKanAborts: ({ context, event }) => fifthKanAborts(context.hand, seatOf(event)),
    /** variants.md V3.2. */
    mayExtractNorth: ({ context, event }) => mayExtractNorth(context.hand, seatOf(event)),
    /** riichi.md 10.2.1. */
    mayDeclareNineTerminals: ({ context, event }) => mayDeclareNineTerminals(context.hand, seatOf(event)),
    hasAnswered: ({ context, event }) => {
      const w = claimWindow(context.hand);
      return w !== null && w.responses[seatOf(event)] !== null;
    },
    /** riichi.md 9.1: the tile on offer completes the hand (and is not the seat's own). */
    ronCompletes: ({ context, event }) => ronRefusedFor(context, event) !== 'not_a_win',
    /** riichi.md 7: discard, temporary or riichi furiten forbid a ron. */
    isFuriten: ({ context, event }) => ronRefusedFor(context, event) === 'furiten',
    ronHasYaku: ({ context, event }) => ronRefusedFor(context, event) === null,
    /** riichi.md 4.3, 5.1-5.5: the call is one the seat may make on this tile. */
    isLegalClaim: ({ context, event }) => isLegalClaim(context.hand, seatOf(event), claimDecisionOf(event)!),
    allResponded: ({ context }) => allResponded(context.hand),
    /** riichi.md 9.4, 10.2.5 (option `tripleRon`). */
    tripleRonAborts: ({ context }) => resolveClaims(context.hand).kind === 'tripleRon',
    ronWins: ({ context }) => resolveClaims(context.hand).kind === 'ron',
    /** riichi.md 4.3, 9: no other seat may claim the discard, and its pass leaves the hand going. */
    nobodyCanClaim: ({ context, event }) =>
      unclaimedDiscard(context.hand, event as Ev<'seat.discarded'>) !== null,
    /** riichi.md 4.4: the added kan was not robbed. */
    addedKanStands: ({ context }) => offerKind(context.hand) === 'addedKan',
    closedKanStands: ({ context }) => offerKind(context.hand) === 'closedKan',
    /** variants.md V3.2 item 7: the north was not robbed. */
    northStands: ({ context }) => offerKind(context.hand) === 'north',
    fourWindsAbort: ({ context }) => fourWindsAbort(context.hand),
    fourRiichiAbort: ({ context }) => fourRiichiAbort(context.hand),
    fourKansAbort: ({ context }) => fourKansAbort(context.hand),
    /** riichi.md 4.5: the last discard passed. */
    liveWallExhausted: ({ context }) => liveTilesLeft(context.hand) === 0,
    claimedKanAbortsAsFifth: ({ context }) => claimAbortsAsFifthKan(context.hand),
    /** riichi.md 5.3: an open kan draws a replacement. */
    openKanClaimed: ({ context }) => {
      const r = resolveClaims(context.hand);
      return r.kind === 'call' && r.decision.type === 'openKan';
    },
    /** riichi.md 4.3: pon beats chi; the caller's turn begins. */
    callClaimed: ({ context }) => resolveClaims(context.hand).kind === 'call',
    /** rules/game-flow.ts `afterHand` ended the game. */
    gameIsOver: ({ context }) => context.over !== null,
    /** riichi.md 17.2 item 3 (`agariYame: 'optional'`): the dealer may end the game after this hand. */
    agariYameOffered: ({ context }) =>
      context.askAgariYame &&
      context.hand.end !== null &&
      agariYameOffered(context.progress, context.hand.end, context.options),
    isDealer: ({ context, event }) => seatOf(event) === context.progress.dealer,
    /** variants.md V6.2: an operator-entered chombo of a preset with chombo payments that ends the hand at once. */
    chomboEndsHand: ({ context, event }) =>
      chomboEndsHandNow(context.hand, (event as Ev<'operator.chomboDeclared'>).reason),
    /** V6.2 item 1: a riichi chombo of a seat in riichi, remembered until the hand ends (`chomboAtDrawRefusal`). */
    chomboCountsAtDraw: ({ context, event }) => {
      const e = event as Ev<'operator.chomboDeclared'>;
      return chomboAtDrawRefusal(context.hand, context.pendingChombos, e.seat, e.reason) === null;
    },
    /** Tenpai Race (V2.1 item 3): Stage A allows no win; Stage B ends only by its own inputs (tenpai-race.ts). */
    stageAForbidsWins: ({ context }) => context.hand.players === 2,
    /** Tenpai Race (V2.1 items 5-6): Stage B exists only in this two-player game. */
    isTenpaiRace: ({ context }) => isTenpaiRace(context.hand),
    /** V2.1 item 5: the seat's own discard has just passed and the opponent has not drawn. */
    isRightAfterOwnDiscard: ({ context, event }) => isRightAfterOwnDiscard(context.hand, seatOf(event)),
    /** V2.1 item 5 (a): Stage B needs a tenpai hand. */
    stageBNotTenpai: ({ context, event }) => {
      const entry = stageBEntry(context.hand, seatOf(event));
      return !entry.ok && entry.code === 'not_tenpai';
    },
    /** V2.1 item 5 (b): a furiten player may not start Stage B. */
    stageBFuriten: ({ context, event }) => {
      const entry = stageBEntry(context.hand, seatOf(event));
      return !entry.ok && entry.code === 'furiten';
    },
    /** V2.1 item 5: a furiten player may not declare riichi (the riichi conditions of 6.1 are checked first). */
    riichiWhileFuriten: ({ context, event }) => {
      const e = event as Ev<'seat.discarded'>;
      if (!isTenpaiRace(context.hand) || !e.riichi || context.hand.riichi[e.seat] !== 'none') return false;
      const entry = riichiStageBEntry(context.hand, e.seat, e.tile);
      return !entry.ok && entry.code === 'furiten';
    },
    /** V2.1 item 4 before item 5: the 36th discard draws the hand, so it cannot carry riichi (Stage B). */
    riichiOnLastStageADiscard: ({ context, event }) => {
      const e = event as Ev<'seat.discarded'>;
      return isTenpaiRace(context.hand) && e.riichi && isLastStageADiscard(context.hand, e.seat);
    },
    /** V2.1 item 5: a riichi declaration starts Stage B at once. */
    riichiStartsStageB: ({ context, event }) =>
      isTenpaiRace(context.hand) &&
      (event as Ev<'seat.discarded'>).riichi &&
      context.hand.riichi[seatOf(event)] === 'none',
    /** `tenpaiRaceStageB` on: the unsourced V2.2 placeholder plays Stage B; off: the operator records it. */
    stageBPrototypeOn: ({ context }) => context.options.tenpaiRaceStageB === true,
    /** Prototype: only the defender guesses. */
    isDefender: ({ context, event }) => context.hand.stageB?.defender === seatOf(event),
    /** Prototype: a guess is two distinct kinds. */
    stageBGuessInvalid: ({ context, event }) => {
      const e = event as Ev<'seat.stageBGuessed'>;
      return stageBGuessProblem(context.hand, e.seat, e.kinds) === 'stage_b_bad_guess';
    },
    /** Prototype (V2.2): the guess names a winning kind of the attacker. */
    guessFindsWait: ({ context, event }) =>
      guessFindsWait(context.hand, (event as Ev<'seat.stageBGuessed'>).kinds),
    /** Prototype (R5, unsourced): no live tile is left for the attacker to draw. */
    stageBWallExhausted: ({ context }) => stageBWallExhausted(context.hand),
    /** Prototype: the attacker's drawn tile completes his hand. */
    stageBDrawCompletes: ({ context }) => stageBDrawCompletes(context.hand),
    /** Option off: the operator's result lists both seats. */
    settlementHasWrongSeats: ({ context, event }) =>
      settlementRefusal(context, event) === 'settlement_wrong_seats',
    /** Option off: points are conserved (no sticks on the table in Tenpai Race). */
    settlementNotConserved: ({ context, event }) =>
      settlementRefusal(context, event) === 'settlement_not_conserved',
    /** Option off: nobody pays more than he has. */
    settlementOverdraws: ({ context, event }) => settlementRefusal(context, event) === 'settlement_overdrawn',
    /** Option off: the winner does not lose points. */
    settlementWinnerPays: ({ context, event }) =>
      settlementRefusal(context, event) === 'settlement_winner_pays',
    /** V2.1 item 4: both players have discarded 18 tiles: the hand is drawn. */
    stageADrawn: ({ context }) => stageADrawn(context.hand),
    /** variants.md V6.3: a dead hand only draws and discards. */
    handIsDead: ({ context, event }) => context.deadHands.includes(seatOf(event)),
    /** V6.3 on a riichi discard: a dead hand may not declare riichi. */
    deadHandDeclaresRiichi: ({ context, event }) =>
      (event as Ev<'seat.discarded'>).riichi && context.deadHands.includes(seatOf(event)),
  },
  actions: {
    announceGame: emit(({ context }) => ({
      type: 'game.started' as const,
      players: context.hand.players,
      firstDealer: context.progress.firstDealer,
      points: [...context.progress.points],
    })),
    /** A new hand from the game's progress (riichi.md 16, 17 through rules/game-flow.ts). */
    startHand: enqueueActions(({ context, enqueue }) => {
      const p = context.progress;
      enqueue.assign({ hand: newHand(p, context.options), handWins: [], deadHands: [], pendingChombos: [] });
      enqueue.emit({
        type: 'hand.started',
        roundWind: p.roundWind,
        handNumber: p.handNumber,
        dealer: p.dealer,
        honba: p.honba,
        deposits: p.deposits,
        points: [...p.points],
      });
    }),
    dealWall: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'hand.wallBuilt'>;
      applyStep(enqueue, dealWall(context.hand, e.live, e.dead));
    }),
    rejectWall: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'hand.wallBuilt'>;
      const problem = wallProblem(context.hand, e.live, e.dead)!;
      enqueue.emit({ type: 'hand.setupRejected', code: problem.code, message: problem.message });
    }),
    drawTile: enqueueActions(({ context, enqueue }) => applyStep(enqueue, applyDraw(context.hand))),
    discard: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'seat.discarded'>;
      applyStep(enqueue, discardStep(context.hand, e));
    }),
    /** A discard nobody may claim (guard `nobodyCanClaim`): discarded, passed, the next seat draws. */
    discardAndPassTurn: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'seat.discarded'>;
      const steps = unclaimedDiscard(context.hand, e);
      if (steps === null)
        throw new Error('discardAndPassTurn on a claimable discard (guard nobodyCanClaim first)');
      const [discarded, passed, handedOn] = steps;
      applyStep(enqueue, discarded);
      applyStep(enqueue, passed);
      recordTagTeam(context, e.seat, enqueue);
      applyStep(enqueue, handedOn);
    }),
    declareClosedKan: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'seat.closedKanDeclared'>;
      applyStep(enqueue, declareClosedKan(context.hand, e.seat, e.tile));
    }),
    declareAddedKan: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'seat.addedKanDeclared'>;
      applyStep(enqueue, declareAddedKan(context.hand, e.seat, e.tile));
    }),
    declareNorth: enqueueActions(({ context, event, enqueue }) =>
      applyStep(enqueue, declareNorth(context.hand, seatOf(event))),
    ),
    recordClaim: assign({
      hand: ({ context, event }) => respond(context.hand, seatOf(event), claimDecisionOf(event)!),
    }),
    passOutstanding: assign({ hand: ({ context }) => passOutstanding(context.hand) }),
    settleTsumo: enqueueActions(({ context, event, enqueue }) =>
      applyStep(enqueue, atHandEnd(context, payoutOf(context, settleTsumoWin(context.hand, seatOf(event))))),
    ),
    settleRons: enqueueActions(({ context, enqueue }) => {
      const r = resolveClaims(context.hand);
      if (r.kind !== 'ron') throw new Error('settleRons without a ron (guard ronWins must run first)');
      applyStep(enqueue, atHandEnd(context, payoutOf(context, settleRonWin(context.hand, r.winners))));
    }),
    passOffer: enqueueActions(({ context, enqueue }) => {
      const offer = claimWindow(context.hand)?.offer;
      applyStep(enqueue, passOffer(context.hand));
      if (offer?.kind === 'discard') recordTagTeam(context, offer.from as Seat, enqueue);
    }),
    formAddedKan: enqueueActions(({ context, enqueue }) => applyStep(enqueue, formAddedKan(context.hand))),
    keepClosedKan: enqueueActions(({ context, enqueue }) => applyStep(enqueue, afterClosedKan(context.hand))),
    setNorthAside: enqueueActions(({ context, enqueue }) => applyStep(enqueue, setNorthAside(context.hand))),
    makeCall: enqueueActions(({ context, enqueue }) => {
      const r = resolveClaims(context.hand);
      if (r.kind !== 'call') throw new Error('makeCall without a call (guard callClaimed must run first)');
      applyStep(enqueue, makeCall(context.hand, r.seat, r.decision));
    }),
    passTurn: enqueueActions(({ context, enqueue }) => applyStep(enqueue, passTurn(context.hand))),
    settleExhaustiveDraw: enqueueActions(({ context, enqueue }) =>
      applyStep(
        enqueue,
        atHandEnd(context, settleExhaustive(context.hand, context.deadHands)),
      ),
    ),
    /** variants.md V6.2: the operator's chombo ends the hand, settled by rules/variants/tournament.ts. */
    settleChombo: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'operator.chomboDeclared'>;
      applyStep(enqueue, settleChomboHand(context.hand, e.seat, e.reason, e.operator));
    }),
    /** Tenpai Race V2.1 items 5-6: Stage B starts after the seat's own discard; the roles are public. */
    startStageB: enqueueActions(({ context, event, enqueue }) =>
      applyStep(enqueue, enterStageB(context.hand, seatOf(event), false)),
    ),
    /** V2.1 item 5: the riichi discard, then Stage B at once. */
    declareRiichiStageB: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'seat.discarded'>;
      applyStep(enqueue, declareRiichiStageB(context.hand, e.seat, e.tile));
    }),
    /** Option off: the operator's audited result ends the hand. */
    settleStageB: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'operator.stageBSettled'>;
      applyStep(
        enqueue,
        settleStageB(context.hand, { winner: e.winner, deltas: e.deltas, operator: e.operator }),
      );
    }),
    /** An operator entry refused, with its specific code and message (the operator may enter it again). */
    rejectSettlement: emit(({ context, event }) => {
      const e = event as Ev<'operator.stageBSettled'>;
      const problem = stageBSettlementProblem(context.hand, e) ?? {
        code: 'stage_b_not_awaiting_settlement' as const,
        message: 'no Stage B is waiting for a result in this hand',
      };
      return { type: 'override.rejected' as const, action: e.type, operator: e.operator, ...problem };
    }),
    /** Prototype: the defender's guess. */
    applyStageBGuess: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'seat.stageBGuessed'>;
      applyStep(enqueue, applyStageBGuess(context.hand, e.seat, e.kinds));
    }),
    /** Prototype: the attacker's draw, shown. */
    showStageBDraw: enqueueActions(({ context, enqueue }) =>
      applyStep(enqueue, showStageBDraw(context.hand)),
    ),
    /** V6.2 item 1: a riichi chombo is remembered for the hand (`hand.chomboPending`), settled only at a draw. */
    rememberChombo: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'operator.chomboDeclared'>;
      const pending: PendingChombo = { seat: e.seat, reason: e.reason, operator: e.operator };
      enqueue.assign({ pendingChombos: [...context.pendingChombos, pending] });
      enqueue.emit({ type: 'hand.chomboPending', ...pending });
    }),
    /** The chombo refused with its specific reason (preset, no riichi, already entered). */
    refuseChombo: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'operator.chomboDeclared'>;
      const code = chomboAtDrawRefusal(context.hand, context.pendingChombos, e.seat, e.reason);
      if (code === null)
        throw new Error('refuseChombo on an acceptable chombo (guard chomboCountsAtDraw first)');
      enqueue.emit({
        type: 'seat.actionRejected',
        seat: e.seat,
        action: e.type,
        code,
        message: REJECTION_MESSAGES[code],
      });
    }),
    /** variants.md V6.3: the operator declares a seat's hand dead (audited). */
    declareHandDead: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'operator.deadHandDeclared'>;
      if (!context.deadHands.includes(e.seat)) enqueue.assign({ deadHands: [...context.deadHands, e.seat] });
      enqueue.emit({ type: 'seat.handDeclaredDead', seat: e.seat, reason: e.reason, operator: e.operator });
    }),
    /** riichi.md 10.2: no payments, sticks stay; the seat is the declarer (nine terminals) or the kanner (fifth kan). */
    abortHand: enqueueActions(({ context, event, enqueue }, params: { reason: AbortiveDrawReason }) => {
      const seat =
        params.reason === 'nineTerminals' || params.reason === 'fifthKan'
          ? seatOf(event)
          : params.reason === 'fourKans'
            ? context.hand.kanOwners[3]!
            : null;
      applyStep(enqueue, atHandEnd(context, abortHand(context.hand, params.reason, seat)));
    }),
    /** The claimed open kan is a fifth kan under `fifthKan: 'abort'`. */
    abortFifthKanClaim: enqueueActions(({ context, enqueue }) => {
      const r = resolveClaims(context.hand);
      applyStep(
        enqueue,
        atHandEnd(context, abortHand(context.hand, 'fifthKan', r.kind === 'call' ? r.seat : null)),
      );
    }),
    reject: emit(({ event }, params: { code: RiichiRejectionCode }) => ({
      type: 'seat.actionRejected' as const,
      seat: seatOf(event),
      action: event.type,
      code: params.code,
      message: REJECTION_MESSAGES[params.code],
    })),
    /** An input the current moment does not expect. */
    rejectOutOfPhase: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'hand.wallBuilt') {
        enqueue.emit({
          type: 'hand.setupRejected',
          code: 'already_built',
          message: 'this hand already has its wall',
        });
        return;
      }
      if (!('seat' in event)) return;
      enqueue.emit({
        type: 'seat.actionRejected',
        seat: event.seat,
        action: event.type,
        code: 'wrong_phase',
        message: REJECTION_MESSAGES.wrong_phase,
      });
    }),
    remindTurn: emit(({ context }, params: { stage: 'drawing' | 'discarding' }) => ({
      type: 'seat.overdue' as const,
      seat: context.hand.turn,
      stage: params.stage,
    })),
    offerAgariYame: emit(({ context }) => ({
      type: 'game.agariYameOffered' as const,
      seat: context.progress.dealer,
    })),
    recordAgariYame: assign({ agariYame: ({ event }) => (event as Ev<'seat.agariYameDecided'>).stop }),
    /** rules/game-flow.ts: next dealer, round, honba, deposits, bust, agari-yame, end of game. */
    concludeHand: enqueueActions(({ context, enqueue }) => {
      const ended = context.hand.end;
      if (ended === null) throw new Error('concludeHand before the hand ended');
      const end: HandEnd =
        ended.kind === 'win' && context.agariYame === true ? { ...ended, agariYame: true } : ended;
      enqueue.assign({ agariYame: null });
      if (context.tagTeam !== null) {
        const c = concludeTagTeamHand(context.progress, context.tagTeam, end, context.options);
        enqueue.assign({ progress: c.progress, tagTeam: c.tagTeam, lastEnd: end, over: c.over });
        for (const e of c.emitted) enqueue.emit(e);
        return;
      }
      if (context.clear !== null) {
        const c = concludeClearHand(context.progress, context.clear, end, context.handWins, context.options);
        enqueue.assign({ progress: c.progress, clear: c.clear, lastEnd: end, over: c.over });
        for (const e of c.emitted) enqueue.emit(e);
        return;
      }
      const step = afterHand(context.progress, end, context.options);
      if (!step.ok) throw new Error(`afterHand refused the hand end: ${step.message}`);
      if (step.value.kind === 'next') {
        enqueue.assign({ progress: step.value.progress, lastEnd: end });
        return;
      }
      const standings = step.value.finalStandings;
      const points = standings.ranking
        .slice()
        .sort((a, b) => a.seat - b.seat)
        .map((s) => s.points);
      const ranking = standings.ranking.map((s) => s.seat);
      enqueue.assign({
        progress: step.value.progress,
        lastEnd: end,
        over: { reason: step.value.reason, points, ranking },
      });
      enqueue.emit({
        type: 'game.ended',
        points,
        ranking,
        reason: step.value.reason,
        leftoverDeposits: step.value.progress.deposits,
        handsPlayed: step.value.progress.handsPlayed,
      });
    }),
  },
});

/** Applies a model step: the new hand, then its outcomes in order (a win's entries are kept for the variants). */
function applyStep(
  enqueue: {
    assign: (v: { hand: HandModel } | { handWins: readonly RiichiWin[] }) => void;
    emit: (e: RiichiOutcome) => void;
  },
  step: Step,
): void {
  enqueue.assign({ hand: step.model });
  for (const e of step.emitted) {
    if (e.type === 'hand.won') enqueue.assign({ handWins: e.wins });
    enqueue.emit(e);
  }
}

/** V4.3 item 2: a discard not won on counts toward the seated player's ten (tag team only). */
function recordTagTeam(
  context: RiichiContext,
  from: Seat,
  enqueue: { assign: (v: { tagTeam: TagTeamState }) => void; emit: (e: RiichiOutcome) => void },
): void {
  if (context.tagTeam === null) return;
  const counted = recordTagTeamDiscard(context.tagTeam, from);
  enqueue.assign({ tagTeam: counted.state });
  if (counted.substitution)
    enqueue.emit({ type: 'seat.substituted', ...counted.substitution, why: 'tenDiscards' });
}

/** A hand's end with the riichi chombos remembered in it settled or lapsed (V6.2 items 1, 4; variant-rules.ts). */
const atHandEnd = (context: RiichiContext, step: Step): Step =>
  settlePendingChombos(context.hand, step, context.pendingChombos);

/** A settled win under the preset's payout: Mangan Mahjong burns (V4.1), every other preset pays as settled. */
const payoutOf = (context: RiichiContext, step: Step): Step =>
  context.options.payout === 'manganBurn' ? burnManganMahjongWin(step) : step;
