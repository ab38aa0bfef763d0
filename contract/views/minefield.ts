// Minefield's public view in the screen contract: what its scoreboard draws (the host folds it: families/minefield/view.ts).
import { z } from 'zod';
import { SeatSchema, TileSchema } from '../../table/table-events.js';
import { points2, tiles } from './win.js';

/** Minefield's public view (families/minefield/machines/public-view.ts), indexed by Minefield seat 0/1 (table seats in `seats`). */
export const MinefieldViewSchema = z
  .object({
    variant: z.literal('minefield'),
    phase: z.enum(['walling', 'flippingDora', 'settingHands', 'awaitingDiscard', 'lastClaim', 'won', 'drawn', 'over']),
    handNumber: z.number().int().nonnegative(),
    dealer: z.union([z.literal(0), z.literal(1)]),
    ante: z.number().int(),
    antePeak: z.number().int(),
    points: points2,
    doraIndicator: TileSchema.nullable(),
    handsSet: z.tuple([z.boolean(), z.boolean()]),
    discards: z.tuple([tiles, tiles]),
    /** Discards each seat may still make: 17 minus its discards (shown as `n/17`). */
    stockLeft: points2,
    riichi: z.tuple([z.boolean(), z.boolean()]),
    turn: z.union([z.literal(0), z.literal(1)]).nullable(),
    /** The table seat of Minefield seat 0 and 1 (minefield2 mode: table seats 0 and 2). */
    tableSeats: z.tuple([SeatSchema, SeatSchema]),
    lastResult: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('won'), seat: z.union([z.literal(0), z.literal(1)]), payment: z.number().int() }).strict(),
        z.object({ kind: z.literal('drawn'), nextAnte: z.number().int() }).strict(),
      ])
      .nullable(),
    ended: z
      .object({ loser: z.union([z.literal(0), z.literal(1)]), reason: z.enum(['out_of_points', 'cannot_afford_ante']) })
      .strict()
      .nullable(),
    /**
     * `lastResult` is the hand just ended and still on show (issue 12): from its result until the next hand's play
     * starts. The game starts the next hand in the same host step as a result, so without it a draw was never shown.
     */
    showingResult: z.boolean().optional(),
    /** The finished hand's board (its dealer, ante, ponds) while its result is on show; null otherwise. */
    resultBoard: z
      .object({
        handNumber: z.number().int().nonnegative(),
        dealer: z.union([z.literal(0), z.literal(1)]),
        ante: z.number().int(),
        doraIndicator: TileSchema.nullable(),
        discards: z.tuple([tiles, tiles]),
        riichi: z.tuple([z.boolean(), z.boolean()]),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();
export type MinefieldView = z.infer<typeof MinefieldViewSchema>;

/** Whether a public view is Minefield's: its variant is the one this schema lists. */
export const isMinefieldView = (view: { readonly variant: string } | null): view is MinefieldView =>
  view !== null && view.variant === MinefieldViewSchema.shape.variant.value;
/** A public state's view when it is Minefield's, else null (the view is a union over the variant families). */
export const minefieldViewOf = (state: { readonly view: { readonly variant: string } | null }): MinefieldView | null =>
  isMinefieldView(state.view) ? state.view : null;

/**
 * The Minefield board to draw: the finished hand's (dealer, ante, ponds, dora) while its result is on show, else the
 * hand in play (issue 12). Points are always the latest.
 */
export const minefieldBoardOf = (view: MinefieldView): MinefieldView =>
  view.showingResult === true && view.resultBoard ? { ...view, ...view.resultBoard, turn: null } : view;
