// The Minefield machines' setup(): context, events, the named guards (each one a rule) and actions.
import { assign, emit, enqueueActions, setup } from 'xstate';
import { opponentOf, type GameEndReason, type HandWon, type MinefieldInput, type MinefieldOutcome, type MinefieldSeat, type WinRefusalCode, type DiscardRejectionCode, type HandRejectionCode } from './events.js';
import { minefieldGameEnd, MINEFIELD_FIRST_ANTE, MINEFIELD_STARTING_POINTS, nextMinefieldAnte, nextMinefieldDealer } from '../../../rules/variants/minefield-points.js';
import { checkMinefieldWin, validateMinefieldHand } from '../../../rules/variants/minefield.js';
import { tileKind, type Tile, type TileKind } from '../../../rules/tiles.js';
import {
  applyDiscard,
  emptyHand,
  HAND_TILES,
  isFullSet,
  MAX_DISCARDS,
  removeTiles,
  withDora,
  withHandSet,
  withSeat,
  withWalls,
  type DiscardOutcome,
  type HandModel,
  type Pair,
} from './model.js';

/** Deadlines in ms (`after` delays; tests drive them with xstate's SimulatedClock). */
export interface Deadlines {
  /** Time to set a hand before the table buzzes the seat (repeats). */
  readonly handSettingMs: number;
  /** Time to discard before the table buzzes the seat (repeats). */
  readonly discardMs: number;
  /** Time the dealer has to claim the hand's last discard; after it the hand is drawn. */
  readonly lastClaimMs: number;
}
export const DEFAULT_DEADLINES: Deadlines = { handSettingMs: 180_000, discardMs: 60_000, lastClaimMs: 15_000 };

export interface MinefieldGameInput {
  /** V1.6: the first dealer is chosen at random — by the caller, so that a seeded game replays exactly. */
  readonly firstDealer: MinefieldSeat;
  readonly startingPoints?: number;
  readonly deadlines?: Partial<Deadlines>;
}

/** The hand just finished, for the public view between hands. */
export type HandResult = { readonly kind: 'won'; readonly win: HandWon } | { readonly kind: 'drawn'; readonly nextAnte: number };

export interface MinefieldContext {
  readonly points: Pair<number>;
  readonly dealer: MinefieldSeat;
  /** The ante A of the current (or next) hand (V1.5). */
  readonly ante: number;
  readonly antePeak: number;
  /** Hands started so far; the current hand's number. */
  readonly handNumber: number;
  readonly hand: HandModel;
  readonly lastResult: HandResult | null;
  readonly ended: { readonly loser: MinefieldSeat; readonly reason: GameEndReason } | null;
  readonly deadlines: Deadlines;
}

export type MinefieldMachineEvent = MinefieldInput;

type Ev<T extends MinefieldInput['type']> = Extract<MinefieldInput, { type: T }>;

const turnSeat = (context: MinefieldContext): MinefieldSeat => context.hand.turn;
const offerFailsWith = (context: MinefieldContext, event: MinefieldInput, code: string): boolean => {
  const offer = context.hand.offers[(event as Ev<'seat.ronDeclared'>).seat];
  return offer !== null && !offer.ok && offer.code === code;
};

/**
 * The seat's live waits (V1.1 item 4), as rules/ computes them; empty when the hand is not tenpai.
 * Remembered per event tile list: the `isTenpai` guard and the `acceptHand` action ask about the same hand.
 */
const waitsSeen = new WeakMap<readonly Tile[], TileKind[]>();
export const waitsOf = (tiles: readonly Tile[]): TileKind[] => {
  let waits = waitsSeen.get(tiles);
  if (waits === undefined) {
    const result = validateMinefieldHand(tiles);
    waits = result.ok ? result.value : [];
    waitsSeen.set(tiles, waits);
  }
  return waits;
};

/**
 * One discard's outcome (model.ts `applyDiscard`, the rules' judgement of the tile included), computed once:
 * the `declaresRiichiOrFuriten` guard, then the `announceDiscard` and `recordDiscard` actions of the chosen
 * transition all ask about the same discard from the same context. A one-entry memo keyed by the context
 * and event objects (both immutable; `recordDiscard`, the transition's only assign, runs after the
 * announcements), so any other actor, snapshot or event simply computes afresh.
 */
let memoContext: MinefieldContext | null = null;
let memoEvent: MinefieldInput | null = null;
let memoOutcome: DiscardOutcome | null = null;
const discardOutcome = (context: MinefieldContext, event: MinefieldInput): DiscardOutcome => {
  if (memoContext === context && memoEvent === event) return memoOutcome!;
  const e = event as Ev<'seat.discarded'>;
  const hand = context.hand;
  const opponent = opponentOf(e.seat);
  // One-Shot (M1: the opponent's first discard, and the non-dealer's window over the dealer's second;
  // minefieldOneShot) and Last Tile Discard (the dealer on the 17th) are rules/' business: the discard number tells.
  const outcome = applyDiscard(hand, e.seat, e.tile, (tile) =>
    checkMinefieldWin({
      hand: hand.hands[opponent]!,
      winTile: tile,
      dealer: context.dealer === opponent,
      discardNumber: hand.discards[e.seat].length + 1,
      ownDiscards: hand.discards[opponent].map(tileKind),
      passedWin: hand.passedWin[opponent],
      doraIndicator: hand.doraIndicator!,
      uraIndicator: hand.underIndicator!,
      ante: context.ante,
    }),
  );
  memoContext = context;
  memoEvent = event;
  memoOutcome = outcome;
  return outcome;
};

/**
 * The delayed event of `awaitingDiscard`'s `after: { discardLimit }` (hand.ts), and its id: xstate names an
 * `after` timer `xstate.after.<delay>.<state id>` and schedules it under that id on entry (cancelled on
 * exit). A discard restarts this very timer in place. test/machines/minefield-deadlines.test.ts checks the
 * name against the machine: an xstate that names it otherwise fails a test instead of leaving a stale deadline.
 */
export const DISCARD_DEADLINE = 'xstate.after.discardLimit.minefield.hand.discarding.awaitingDiscard';
const discardDeadlineEvent = { type: DISCARD_DEADLINE } as unknown as MinefieldMachineEvent;
/** The `discardLimit` delay: the `after` on entry and every restart by a discard use this one figure. */
const discardLimitMs = (context: MinefieldContext): number => context.deadlines.discardMs;

/** V1.6 (rules/variants/minefield-points.ts): who cannot afford the ante now, or who ran out after a payment. */
const gameEndAt = (context: MinefieldContext, phase: 'handStart' | 'afterSettlement') => minefieldGameEnd(context.points, context.ante, phase);

export const minefieldSetup = setup({
  types: {
    context: {} as MinefieldContext,
    events: {} as MinefieldMachineEvent,
    emitted: {} as MinefieldOutcome,
    input: {} as MinefieldGameInput,
  },
  delays: {
    handSettingLimit: ({ context }: { context: MinefieldContext }) => context.deadlines.handSettingMs,
    discardLimit: ({ context }: { context: MinefieldContext }) => discardLimitMs(context),
    lastClaimLimit: ({ context }: { context: MinefieldContext }) => context.deadlines.lastClaimMs,
  },
  guards: {
    /** V1.6: at the start of a hand a player below the ante cannot pay it. */
    cannotPayAnte: ({ context }) => gameEndAt(context, 'handStart') !== null,
    /** V1.6, M3: a player at 0 points or fewer after a payment has run out. */
    runsOutOfPoints: ({ context }) => gameEndAt(context, 'afterSettlement') !== null,
    /** V1.1: 34 tiles per wall + 68 unused = the 136-tile set without red fives. */
    wallsAreAFullSet: ({ event }) => {
      const e = event as Ev<'hand.wallsBuilt'>;
      return isFullSet([...e.walls[0], ...e.walls[1], ...e.unused]);
    },
    /** V1.1 item 3: the dora and under-dora indicators are two of the unused tiles. */
    indicatorsFromUnusedTiles: ({ context, event }) => {
      const e = event as Ev<'hand.doraFlipped'>;
      return removeTiles(context.hand.unused ?? [], [e.indicator, e.underIndicator]) !== null;
    },
    handAlreadySet: ({ context, event }) => context.hand.hands[(event as Ev<'seat.handSet'>).seat] !== null,
    /** V1.1 item 4: a hand is 13 tiles (a console entry may send fewer or more). */
    hasThirteenTiles: ({ event }) => (event as Ev<'seat.handSet'>).tiles.length === HAND_TILES,
    /** V1.1 item 4: the 13 tiles are taken from the seat's own wall. */
    handComesFromWall: ({ context, event }) => {
      const e = event as Ev<'seat.handSet'>;
      const wall = context.hand.walls?.[e.seat];
      return wall !== undefined && removeTiles(wall, e.tiles) !== null;
    },
    /** V1.1 item 4: the hand must be tenpai (a wait on a kind it holds all four of does not count). */
    isTenpai: ({ event }) => waitsOf((event as Ev<'seat.handSet'>).tiles).length > 0,
    bothHandsSet: ({ context }) => context.hand.hands[0] !== null && context.hand.hands[1] !== null,
    /** V1.2: players alternate, the dealer first. */
    isTheirTurn: ({ context, event }) => (event as Ev<'seat.discarded' | 'seat.passed'>).seat === turnSeat(context),
    /** V1.1 item 4: a discard comes from the seat's 21-tile stock, never from its hand. */
    tileInStock: ({ context, event }) => {
      const e = event as Ev<'seat.discarded'>;
      return context.hand.stocks[e.seat].includes(e.tile);
    },
    /** V1.2 item 3: this discard is the 34th (the non-dealer's 17th); only a claim on it remains. */
    isLastDiscard: ({ context }) => context.hand.discards[0].length + context.hand.discards[1].length === 2 * MAX_DISCARDS - 1,
    /**
     * V1.2 item 2 (riichi on the first discard), V1.3 item 2 (furiten): this discard has something to announce.
     * Most discards have not: their transition assigns the hand without resolving an `enqueueActions`.
     */
    declaresRiichiOrFuriten: ({ context, event }) => {
      const outcome = discardOutcome(context, event);
      return outcome.riichi || outcome.furiten.length > 0;
    },
    /** A ron needs an opponent's discard that this seat has not answered yet. */
    noDiscardToClaim: ({ context }) => context.hand.lastDiscard === null,
    claimsOwnDiscard: ({ context, event }) => context.hand.lastDiscard?.seat === (event as Ev<'seat.ronDeclared'>).seat,
    /** V1.3 item 1: the tile completes the hand. */
    completesHand: ({ context, event }) => context.hand.offers[(event as Ev<'seat.ronDeclared'>).seat] !== null,
    /** V1.3 item 2: furiten (own discard, declined win, sub-mangan completion) lasts the hand (M6). */
    isFuriten: ({ context, event }) => offerFailsWith(context, event, 'furiten'),
    /** V1.3 item 3: at least mangan without under-dora. */
    reachesMangan: ({ context, event }) => !offerFailsWith(context, event, 'below_mangan'),
  },
  actions: {
    // Plain `assign` and `emit` where an action only assigns or only emits, an assign then an emit where it
    // does both (the emit reads the assigned context): `enqueueActions` costs more per event
    // (bench/minefield.bench.ts), so it is kept for actions whose emits vary in number.
    announceGame: emit(({ context }) => ({ type: 'game.started' as const, firstDealer: context.dealer, points: [context.points[0], context.points[1]] as const })),
    /** V1.5: a new hand at the current ante (stake model, M2: nothing moves until someone wins). */
    startHand: assign(({ context }) => ({ handNumber: context.handNumber + 1, hand: emptyHand(context.dealer), antePeak: Math.max(context.antePeak, context.ante) })),
    /** After `startHand`: the hand's number is the one it assigned. */
    announceHand: emit(({ context }) => ({
      type: 'hand.started' as const,
      hand: context.handNumber,
      dealer: context.dealer,
      ante: context.ante,
      points: [context.points[0], context.points[1]] as const,
    })),
    recordWalls: assign({
      hand: ({ context, event }) => {
        const e = event as Ev<'hand.wallsBuilt'>;
        return withWalls(context.hand, e.walls, e.unused);
      },
    }),
    recordDora: assign({
      hand: ({ context, event }) => {
        const e = event as Ev<'hand.doraFlipped'>;
        return withDora(context.hand, e.indicator, e.underIndicator);
      },
    }),
    /** Keeps the hand secret: only `seat.handAccepted` (no tiles, `confirmHand`) goes out. */
    acceptHand: assign({
      hand: ({ context, event }) => {
        const e = event as Ev<'seat.handSet'>;
        return withHandSet(context.hand, e.seat, e.tiles, waitsOf(e.tiles));
      },
    }),
    confirmHand: emit(({ event }) => ({ type: 'seat.handAccepted' as const, seat: (event as Ev<'seat.handSet'>).seat })),
    rejectSetup: emit((_, params: { code: 'not_the_whole_set' | 'indicators_not_unused' }) => ({
      type: 'hand.setupRejected' as const,
      code: params.code,
      message:
        params.code === 'not_the_whole_set' ? 'the two walls of 34 and the 68 unused tiles are not the 136-tile set' : 'the dora and under-dora indicators must be two of the unused tiles',
    })),
    rejectHand: emit(({ event }, params: { code: HandRejectionCode }) => ({
      type: 'seat.handRejected' as const,
      seat: (event as Ev<'seat.handSet'>).seat,
      code: params.code,
      message: HAND_REJECTION_MESSAGES[params.code],
    })),
    startPlay: emit(({ context }) => ({ type: 'hand.playStarted' as const, dealer: context.dealer })),
    /** V1.2, V1.3: the discard and every furiten it causes (`discardOutcome`); runs after `announceDiscard`. */
    recordDiscard: assign({ hand: ({ context, event }) => discardOutcome(context, event).hand }),
    /** V1.2 item 2: riichi on the first discard; V1.3: the furiten the discard causes, in order. */
    announceDiscard: enqueueActions(({ context, event, enqueue }) => {
      const e = event as Ev<'seat.discarded'>;
      const outcome = discardOutcome(context, event);
      if (outcome.riichi) enqueue.emit({ type: 'seat.riichiDeclared', seat: e.seat, tile: e.tile });
      for (const f of outcome.furiten) enqueue.emit({ type: 'seat.furiten', seat: f.seat, cause: f.cause, tile: f.tile });
    }),
    rejectDiscard: emit(({ event }, params: { code: DiscardRejectionCode }) => {
      const e = event as Ev<'seat.discarded'>;
      return { type: 'seat.discardRejected' as const, seat: e.seat, tile: e.tile, code: params.code };
    }),
    refuseWin: emit(({ event }, params: { code: WinRefusalCode }) => ({
      type: 'win.refused' as const,
      seat: (event as Ev<'seat.ronDeclared'>).seat,
      code: params.code,
      message: WIN_REFUSAL_MESSAGES[params.code],
    })),
    /** V1.5, V1.6: the loser pays A × M; the ante returns to 1000; a non-dealer winner becomes the dealer. */
    settleWin: assign(({ context, event }) => {
      const seat = (event as Ev<'seat.ronDeclared'>).seat;
      const from = opponentOf(seat);
      const offer = context.hand.offers[seat]!;
      if (!offer.ok) throw new Error(`settleWin: seat ${seat} has no legal win (guards completesHand/isFuriten/reachesMangan must run first)`);
      const judgement = offer.value;
      const payment = judgement.payout;
      const points = withSeat(withSeat(context.points, seat, context.points[seat] + payment), from, context.points[from] - payment);
      const win: HandWon = {
        type: 'hand.won',
        seat,
        from,
        tile: context.hand.lastDiscard!.tile,
        hand: [...context.hand.hands[seat]!],
        underIndicator: context.hand.underIndicator!,
        han: judgement.scored.han,
        hanWithoutUra: judgement.hanWithoutUra,
        fu: judgement.scored.fu,
        yaku: judgement.scored.yaku.map((y) => ('han' in y ? { id: y.id, name: y.name, han: y.han } : { id: y.id, name: y.name, yakuman: y.yakuman })),
        limit: judgement.limit,
        yakuman: judgement.scored.yakuman,
        multiplier: judgement.multiplier,
        payment,
        points: [points[0], points[1]],
      };
      const dealer = nextMinefieldDealer(context.dealer, seat) as MinefieldSeat;
      const lastResult: HandResult = { kind: 'won', win };
      return { points, ante: nextMinefieldAnte(context.ante, 'win'), dealer, lastResult };
    }),
    /** After `settleWin`: the win it recorded goes out as it is. */
    announceWin: emit(({ context }) => (context.lastResult as Extract<HandResult, { kind: 'won' }>).win),
    /** V1.2 item 4, V1.5: nothing is shown or paid; the ante doubles; the dealer stays. */
    settleDraw: assign(({ context }) => {
      const nextAnte = nextMinefieldAnte(context.ante, 'draw');
      const lastResult: HandResult = { kind: 'drawn', nextAnte };
      return { ante: nextAnte, lastResult };
    }),
    /** After `settleDraw`: the ante it doubled. */
    announceDraw: emit(({ context }) => ({ type: 'hand.drawn' as const, nextAnte: context.ante })),
    /**
     * The discard deadline runs from the latest discard: stop the running timer, then start it again, with
     * the same two scheduler calls that `cancel(DISCARD_DEADLINE)` + `raise(event, { id, delay })` make when
     * they execute, made directly: resolving those two built-in actions on every discard took about a fifth
     * of the machine's time per hand (bench/minefield.bench.ts, measured with them removed).
     */
    restartDiscardDeadline: ({ context, self, system }) => {
      system.scheduler.cancel(self, DISCARD_DEADLINE);
      system.scheduler.schedule(self, self, discardDeadlineEvent, discardLimitMs(context), DISCARD_DEADLINE);
    },
    remindUnsetSeats: enqueueActions(({ context, enqueue }) => {
      for (const seat of [0, 1] as const) if (context.hand.hands[seat] === null) enqueue.emit({ type: 'seat.overdue', seat, stage: 'settingHand' });
    }),
    remindTurn: emit(({ context }, params: { stage: 'discarding' | 'claiming' }) => ({ type: 'seat.overdue' as const, seat: context.hand.turn, stage: params.stage })),
    endGame: enqueueActions(({ context, enqueue }, params: { phase: 'handStart' | 'afterSettlement' }) => {
      const end = gameEndAt(context, params.phase)!;
      const loser = end.loser as MinefieldSeat;
      enqueue.assign({ ended: { loser, reason: end.reason } });
      enqueue.emit({ type: 'game.ended', loser, reason: end.reason, points: [context.points[0], context.points[1]], handsPlayed: context.handNumber });
    }),
  },
});

const HAND_REJECTION_MESSAGES: Record<HandRejectionCode, string> = {
  not_tenpai: 'the 13 tiles are not a waiting (tenpai) hand',
  not_from_wall: "the 13 tiles are not all from the seat's own wall",
  bad_hand_size: 'a hand has 13 tiles',
  already_set: 'the hand is already set for this hand',
};
const WIN_REFUSAL_MESSAGES: Record<WinRefusalCode, string> = {
  not_a_win: 'the tile does not complete the hand',
  furiten: 'the player is furiten for the rest of the hand',
  below_mangan: 'the hand does not reach mangan without under-dora; the player is now furiten',
  no_discard: 'there is no discard to claim yet',
  not_your_turn: 'only the opponent of the last discarder may claim it',
};

export const initialContext = (input: MinefieldGameInput): MinefieldContext => ({
  points: [input.startingPoints ?? MINEFIELD_STARTING_POINTS, input.startingPoints ?? MINEFIELD_STARTING_POINTS],
  dealer: input.firstDealer,
  ante: MINEFIELD_FIRST_ANTE,
  antePeak: MINEFIELD_FIRST_ANTE,
  handNumber: 0,
  hand: emptyHand(input.firstDealer),
  lastResult: null,
  ended: null,
  deadlines: { ...DEFAULT_DEADLINES, ...input.deadlines },
});
