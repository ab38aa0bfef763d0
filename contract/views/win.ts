// What the families' public views share: tiles, melds as shown, a hand's winners and its win breakdown.
import { z } from 'zod';
import { SeatSchema, TileSchema } from '../../table/table-events.js';

/** Two players' points (Minefield seats 0 and 1). */
export const points2 = z.tuple([z.number().int(), z.number().int()]);
export const tiles = z.array(TileSchema);

/** A meld as the screens show it (riichi family): its tiles, the claimed one and the table seat it came from. */
export const MeldViewSchema = z
  .object({
    type: z.enum(['chi', 'pon', 'minkan', 'ankan', 'kakan']),
    tiles,
    /** The claimed tile (drawn sideways), null for a closed kan. */
    calledTile: TileSchema.nullable(),
    /** Table seat the claimed tile came from, null for a closed kan. */
    fromSeat: SeatSchema.nullable(),
  })
  .strict();
export type MeldView = z.infer<typeof MeldViewSchema>;

/** One winner of a hand: what the win panel lists for each (a double or triple ron has several). */
const winnerShape = {
  /** Table seats of the winner and of the one who paid (Minefield: the discarder); `from === seat` for a self-draw. */
  seat: SeatSchema,
  from: SeatSchema,
  tile: TileSchema,
  /** Concealed tiles without the winning tile. */
  hand: tiles,
  /** Declared melds (riichi family); absent where a variant has none. */
  melds: z.array(MeldViewSchema).optional(),
  han: z.number().int().nullable(),
  fu: z.number().int().nullable(),
  yaku: z.array(
    z
      .object({ name: z.string(), han: z.number().int().optional(), yakuman: z.number().int().optional() })
      .strict(),
  ),
  /** `mangan`, `haneman`, ... or null below the limits. */
  limit: z.string().nullable(),
  /** Points each table seat gained (+) or paid (-) for this win, indexed by table seat (length 4; 0 for seats not in play). */
  payments: z.array(z.number().int()).length(4),
};
export const WinnerSchema = z.object(winnerShape).strict();
export type Winner = z.infer<typeof WinnerSchema>;

/**
 * A win's full breakdown for the scoreboard (families/minefield/machines/events.ts `hand.won`, public once the hand is won).
 * The first (or only) winner's fields sit at the top level; further winners of a multiple ron follow in
 * `others`, nearest to the discarder first.
 */
export const WinBreakdownSchema = z
  .object({
    /** Event seq of the win in the session log. */
    seq: z.number().int().positive(),
    ...winnerShape,
    doraIndicators: tiles,
    uraIndicators: tiles,
    others: z.array(WinnerSchema).optional(),
    /** Minefield (V1.5): the loser paid the hand's ante times the limit's multiplier (`payments` = ante × multiplier). */
    stake: z.object({ ante: z.number().int().positive(), multiplier: z.number().positive() }).strict().optional(),
  })
  .strict();
export type WinBreakdown = z.infer<typeof WinBreakdownSchema>;

