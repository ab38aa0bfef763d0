// The game event vocabulary: one tagged union for the log, the machine input, the screens and replay.
import { z } from 'zod';
import type { Tile } from '../../../rules/tiles.js';
import { tileSchema } from '../../../machines/tile-schema.js';
import type { MinefieldLimit } from '../../../rules/variants/minefield-points.js';

export type { MinefieldLimit };

/**
 * Minefield seats are the two players, 0 and 1 (seat 0 is whoever sits at the table's first player seat);
 * which physical table seats they occupy is the table session's business.
 */
export type MinefieldSeat = 0 | 1;
export const MINEFIELD_SEATS: readonly MinefieldSeat[] = [0, 1];
export const opponentOf = (seat: MinefieldSeat): MinefieldSeat => (seat === 0 ? 1 : 0);

export const seatSchema = z.union([z.literal(0), z.literal(1)]);
const tilesSchema = (length: number) => z.array(tileSchema).length(length);

/** Why a win declaration was refused. The first three are rules/ codes; the rest are about timing. */
export const WIN_REFUSAL_CODES = ['not_a_win', 'furiten', 'below_mangan', 'no_discard', 'not_your_turn'] as const;
export type WinRefusalCode = (typeof WIN_REFUSAL_CODES)[number];

/** Why a hand set from a wall was rejected. */
export const HAND_REJECTION_CODES = ['not_tenpai', 'not_from_wall', 'bad_hand_size', 'already_set'] as const;
export type HandRejectionCode = (typeof HAND_REJECTION_CODES)[number];

/** Why a discard was rejected (it is ignored; the seat discards again). */
export const DISCARD_REJECTION_CODES = ['not_your_turn', 'not_in_stock', 'no_discards_left'] as const;
export type DiscardRejectionCode = (typeof DISCARD_REJECTION_CODES)[number];

/** Limit tiers as rules/variants/minefield-points.ts names them (a multiple yakuman is `yakuman` with a count). */
export const LIMITS = ['mangan', 'haneman', 'baiman', 'sanbaiman', 'kazoe yakuman', 'yakuman'] as const satisfies readonly MinefieldLimit[];

/** Reasons as rules/variants/minefield-points.ts `minefieldGameEnd` gives them. */
export const GAME_END_REASONS = ['out_of_points', 'cannot_afford_ante'] as const;
export type GameEndReason = (typeof GAME_END_REASONS)[number];

// ---- inputs: what the table, the seats and the operator report ----

/** The 136 tiles laid out for one hand: a 34-tile wall per seat and the 68 tiles not played. */
export const handWallsBuiltSchema = z.object({
  type: z.literal('hand.wallsBuilt'),
  walls: z.tuple([tilesSchema(34), tilesSchema(34)]),
  unused: tilesSchema(68),
});
/** The dora indicator (face up) and the under-dora indicator beneath it (secret until a win), from the unused tiles. */
export const handDoraFlippedSchema = z.object({
  type: z.literal('hand.doraFlipped'),
  indicator: tileSchema,
  underIndicator: tileSchema,
});
/** A seat's 13-tile waiting hand, read by the table's sensors or entered on the operator console. SECRET. */
export const seatHandSetSchema = z.object({
  type: z.literal('seat.handSet'),
  seat: seatSchema,
  tiles: tilesSchema(13),
  source: z.enum(['sensor', 'console', 'bot']),
});
export const seatDiscardedSchema = z.object({ type: z.literal('seat.discarded'), seat: seatSchema, tile: tileSchema });
/** The seat declares ron on the opponent's last discard. */
export const seatRonDeclaredSchema = z.object({ type: z.literal('seat.ronDeclared'), seat: seatSchema });
/** The seat lets the opponent's last discard pass without discarding (only meaningful on the hand's last discard). */
export const seatPassedSchema = z.object({ type: z.literal('seat.passed'), seat: seatSchema });

// ---- outcomes: what the Minefield machine emits ----

/** A game begins: the first dealer (V1.6: chosen at random by the caller) and the starting points. */
export const gameStartedSchema = z.object({
  type: z.literal('game.started'),
  firstDealer: seatSchema,
  points: z.tuple([z.number().int(), z.number().int()]),
});
export const handStartedSchema = z.object({
  type: z.literal('hand.started'),
  hand: z.number().int().positive(),
  dealer: seatSchema,
  ante: z.number().int().positive(),
  points: z.tuple([z.number().int(), z.number().int()]),
});
export const seatHandRejectedSchema = z.object({
  type: z.literal('seat.handRejected'),
  seat: seatSchema,
  code: z.enum(HAND_REJECTION_CODES),
  message: z.string(),
});
/** The table's layout for a hand was not usable (walls not the whole set, indicators not from the unused tiles). */
export const handSetupRejectedSchema = z.object({
  type: z.literal('hand.setupRejected'),
  code: z.enum(['not_the_whole_set', 'indicators_not_unused']),
  message: z.string(),
});
/** A seat's hand was accepted (public: that it is set, never which tiles). */
export const seatHandAcceptedSchema = z.object({ type: z.literal('seat.handAccepted'), seat: seatSchema });
export const handPlayStartedSchema = z.object({ type: z.literal('hand.playStarted'), dealer: seatSchema });
export const seatRiichiDeclaredSchema = z.object({ type: z.literal('seat.riichiDeclared'), seat: seatSchema, tile: tileSchema });
export const seatDiscardRejectedSchema = z.object({
  type: z.literal('seat.discardRejected'),
  seat: seatSchema,
  tile: tileSchema,
  code: z.enum(DISCARD_REJECTION_CODES),
});
/** SECRET: a seat became furiten for the rest of the hand (V1.3, M4, M6). Screens never get it. */
export const seatFuritenSchema = z.object({
  type: z.literal('seat.furiten'),
  seat: seatSchema,
  cause: z.enum(['ownDiscard', 'declinedWin', 'belowMangan']),
  tile: tileSchema,
});
/** A win declaration failed; the hand goes on. The code is private to the seat (it would reveal a wait). */
export const winRefusedSchema = z.object({
  type: z.literal('win.refused'),
  seat: seatSchema,
  code: z.enum(WIN_REFUSAL_CODES),
  message: z.string(),
});
export const handWonSchema = z.object({
  type: z.literal('hand.won'),
  seat: seatSchema,
  from: seatSchema,
  tile: tileSchema,
  hand: z.array(tileSchema),
  underIndicator: tileSchema,
  /** Han with under-dora, han without (the floor), fu: null for a yakuman hand (rules/ ScoredHand). */
  han: z.number().int().nullable(),
  hanWithoutUra: z.number().int().nullable(),
  fu: z.number().int().nullable(),
  yaku: z.array(z.object({ id: z.string(), name: z.string(), han: z.number().int().optional(), yakuman: z.number().int().optional() })),
  limit: z.enum(LIMITS),
  /** Real yakuman counted (2 = double yakuman); 0 for an ordinary hand. */
  yakuman: z.number().int().nonnegative(),
  multiplier: z.number(),
  payment: z.number().int(),
  points: z.tuple([z.number().int(), z.number().int()]),
});
/** 17 discards each without a win: nothing is shown, nothing is paid, the ante doubles. */
export const handDrawnSchema = z.object({ type: z.literal('hand.drawn'), nextAnte: z.number().int().positive() });
export const gameEndedSchema = z.object({
  type: z.literal('game.ended'),
  loser: seatSchema,
  reason: z.enum(GAME_END_REASONS),
  points: z.tuple([z.number().int(), z.number().int()]),
  handsPlayed: z.number().int().nonnegative(),
});
/** A deadline passed (an `after` delay): the table buzzes the seat; nothing else changes. */
export const seatOverdueSchema = z.object({
  type: z.literal('seat.overdue'),
  seat: seatSchema,
  stage: z.enum(['settingHand', 'discarding', 'claiming']),
});

export const minefieldInputSchema = z.discriminatedUnion('type', [
  handWallsBuiltSchema,
  handDoraFlippedSchema,
  seatHandSetSchema,
  seatDiscardedSchema,
  seatRonDeclaredSchema,
  seatPassedSchema,
]);
export const minefieldOutcomeSchema = z.discriminatedUnion('type', [
  gameStartedSchema,
  handStartedSchema,
  handSetupRejectedSchema,
  seatHandRejectedSchema,
  seatHandAcceptedSchema,
  handPlayStartedSchema,
  seatRiichiDeclaredSchema,
  seatDiscardRejectedSchema,
  seatFuritenSchema,
  winRefusedSchema,
  handWonSchema,
  handDrawnSchema,
  gameEndedSchema,
  seatOverdueSchema,
]);
export const minefieldEventSchema = z.discriminatedUnion('type', [...minefieldInputSchema.options, ...minefieldOutcomeSchema.options]);

export type HandWallsBuilt = z.infer<typeof handWallsBuiltSchema>;
export type HandDoraFlipped = z.infer<typeof handDoraFlippedSchema>;
export type SeatHandSet = z.infer<typeof seatHandSetSchema>;
export type SeatDiscarded = z.infer<typeof seatDiscardedSchema>;
export type SeatRonDeclared = z.infer<typeof seatRonDeclaredSchema>;
export type SeatPassed = z.infer<typeof seatPassedSchema>;
export type HandWon = z.infer<typeof handWonSchema>;
export type GameEnded = z.infer<typeof gameEndedSchema>;
/** What the seats, the table and the operator send into the Minefield machine. */
export type MinefieldInput = z.infer<typeof minefieldInputSchema>;
/** What the Minefield machine emits (log, screens, storage). */
export type MinefieldOutcome = z.infer<typeof minefieldOutcomeSchema>;
/** One record of a Minefield game log: an input or an outcome, in the order they happened. */
export type MinefieldEvent = z.infer<typeof minefieldEventSchema>;

/**
 * The public form of an event, for screens: secret fields removed, secret events dropped (null).
 * Example: `seat.handSet` keeps only its seat; `seat.furiten` disappears; `win.refused` loses its code.
 */
export type PublicMinefieldEvent =
  | { readonly type: 'hand.wallsBuilt' }
  | { readonly type: 'hand.doraFlipped'; readonly indicator: Tile }
  | { readonly type: 'seat.handSet'; readonly seat: MinefieldSeat }
  | { readonly type: 'win.refused'; readonly seat: MinefieldSeat }
  | { readonly type: 'seat.discardRejected'; readonly seat: MinefieldSeat }
  | { readonly type: 'seat.handRejected'; readonly seat: MinefieldSeat }
  | Exclude<MinefieldEvent, { type: 'hand.wallsBuilt' | 'hand.doraFlipped' | 'seat.handSet' | 'win.refused' | 'seat.furiten' | 'seat.discardRejected' | 'seat.handRejected' }>;

export function publicEvent(event: MinefieldEvent): PublicMinefieldEvent | null {
  switch (event.type) {
    case 'hand.wallsBuilt':
      return { type: event.type };
    case 'hand.doraFlipped':
      return { type: event.type, indicator: event.indicator };
    case 'seat.handSet':
      return { type: event.type, seat: event.seat };
    case 'win.refused':
    case 'seat.discardRejected':
    case 'seat.handRejected':
      // The code and tile would tell the opponent about the hand (a below_mangan refusal names a wait).
      return { type: event.type, seat: event.seat };
    case 'seat.furiten':
      return null;
    default:
      return event;
  }
}
