// The riichi family's public view in the screen contract (riichi, sanma, Mangan, Clear, Tenpai Race): what its
// scoreboard draws (the host folds it: families/riichi/view.ts).
import { z } from 'zod';
import { SeatSchema, TileSchema } from '../../table/table-events.js';
import { MeldViewSchema, tiles } from './win.js';
import { CHOMBO_TRIGGERS } from '../../rules/variants/chombo-triggers.js';

/** Tournament chombo triggers (variants.md V6.2 item 1): the rules' one list. */
export { CHOMBO_TRIGGERS };
export const ChomboTriggerSchema = z.enum(CHOMBO_TRIGGERS);
export type ChomboTriggerId = (typeof CHOMBO_TRIGGERS)[number];

const riichiWind = z.enum(['east', 'south', 'west', 'north']);

/** A discard in a riichi-family pond, as everyone at the table saw it. */
export const PondTileViewSchema = z
  .object({
    tile: TileSchema,
    /** Turned sideways: the riichi declaration discard. */
    riichi: z.boolean(),
    /** Taken by another seat's call (it sits in that seat's meld now). */
    called: z.boolean(),
    /**
     * Discarded straight after drawing it. Known from public events only where it is certain: true for a seat
     * in riichi (its hand is locked), false right after a call (no draw); null otherwise.
     */
    tsumogiri: z.boolean().nullable(),
  })
  .strict();
export type PondTileView = z.infer<typeof PondTileViewSchema>;

/** One seat of a riichi-family table. Concealed tiles appear only as a count. */
export const RiichiSeatStateSchema = z
  .object({
    /** The table seat (names come from PublicState `seats`). */
    seat: SeatSchema,
    points: z.number().int(),
    wind: riichiWind,
    dealer: z.boolean(),
    riichi: z.enum(['none', 'riichi', 'double']),
    pond: z.array(PondTileViewSchema),
    melds: z.array(MeldViewSchema),
    /** Sanma: norths set aside (each a dora). */
    norths: z.number().int().nonnegative(),
    /** How many concealed tiles the seat holds (never which). */
    concealedCount: z.number().int().nonnegative(),
    /** Tournament (V6.3): the operator declared this seat's hand dead; it only draws and discards. */
    deadHand: z.boolean().optional(),
    /**
     * Tournament (V6.2 item 1): a riichi chombo the operator entered, remembered until the hand ends (settled: the
     * chombo result; lapsed: gone). Absent: none pending.
     */
    chomboPending: z.object({ trigger: ChomboTriggerSchema, operator: z.string() }).strict().optional(),
  })
  .strict();
export type RiichiSeatState = z.infer<typeof RiichiSeatStateSchema>;

/** How the last hand ended (kept until the next hand starts). Seats are table seats. */
export const RiichiHandResultSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('won'),
      /** Each winner with the limit and the points he gained; `from` null for a self-draw. */
      wins: z
        .array(
          z
            .object({
              seat: SeatSchema,
              from: SeatSchema.nullable(),
              han: z.number().int().nullable(),
              fu: z.number().int().nullable(),
              limit: z.string().nullable(),
              gain: z.number().int(),
            })
            .strict(),
        )
        .min(1),
      uraIndicators: tiles,
    })
    .strict(),
  z
    .object({
      kind: z.literal('exhaustiveDraw'),
      /** Tenpai seats with their hands, shown at the draw. */
      tenpai: z.array(z.object({ seat: SeatSchema, hand: tiles }).strict()),
      nagashi: z.array(SeatSchema),
      /** Points each table seat gained or paid (length 4). */
      deltas: z.array(z.number().int()).length(4),
    })
    .strict(),
  z
    .object({
      kind: z.literal('abortiveDraw'),
      reason: z.enum(['nineTerminals', 'fourWinds', 'fourKans', 'fourRiichi', 'tripleRon', 'fifthKan', 'tenpaiRaceStageA']),
      seat: SeatSchema.nullable(),
      /** Nine terminals: the declarer's hand, shown. */
      hand: tiles.nullable(),
    })
    .strict(),
  /** Tournament (V6.2): the operator's chombo ended the hand; it is replayed (dealer stays, honba unchanged). */
  z
    .object({
      kind: z.literal('chombo'),
      seat: SeatSchema,
      trigger: ChomboTriggerSchema,
      /** Who entered it (audited). */
      operator: z.string(),
      /** Points each table seat gained or paid (length 4). */
      deltas: z.array(z.number().int()).length(4),
    })
    .strict(),
  /** Tenpai Race (V2.1 item 6): Stage B ended the hand; `scored` false when nothing moved (V2.2 R4 unsourced). */
  z
    .object({
      kind: z.literal('stageB'),
      attacker: SeatSchema,
      defender: SeatSchema,
      winner: SeatSchema.nullable(),
      resolution: z.enum(['operatorSettled', 'defenderFound', 'attackerTsumo', 'wallExhausted']),
      scored: z.boolean(),
      deltas: z.array(z.number().int()).length(4),
    })
    .strict(),
]);
export type RiichiHandResult = z.infer<typeof RiichiHandResultSchema>;

/** Clear Mahjong's five conditions (variants.md V5.2) by yaku id, in the rules' order, with their names. */
export const CLEAR_CONDITION_NAMES = [
  { id: 'Y16', name: 'Large Straight' },
  { id: 'Y15', name: 'Three Colors, One Chii' },
  { id: 'Y17', name: 'All With Orphans' },
  { id: 'Y21', name: 'Three Concealed Pons' },
  { id: 'Y23', name: 'Seven Pairs' },
] as const;
const clearConditionId = z.enum(['Y16', 'Y15', 'Y17', 'Y21', 'Y23']);

/** Clear Mahjong (V5): each team's table seats and cleared conditions, and how the game was decided. */
export const ClearViewSchema = z
  .object({
    conditions: z.array(z.object({ id: clearConditionId, name: z.string() }).strict()).length(5),
    teams: z
      .array(
        z
          .object({
            team: z.enum(['A', 'B']),
            /** Table seats of the team's two players (A: starting East and North; B: South and West). */
            seats: z.array(SeatSchema).length(2),
            /** Conditions cleared so far, in the order of V5.2. */
            cleared: z.array(clearConditionId),
          })
          .strict(),
      )
      .length(2),
    decided: z
      .object({
        result: z.enum(['teamWins', 'tieByTenpaiRace']),
        team: z.enum(['A', 'B']).nullable(),
        reason: z.enum(['allConditions', 'opponentBust']).nullable(),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type ClearView = z.infer<typeof ClearViewSchema>;

/** Mangan Mahjong (V4.1): points that have left the game, in all and in the last hand that burned any. */
export const ManganViewSchema = z
  .object({
    burned: z.number().int().nonnegative(),
    lastHandBurned: z.number().int().nonnegative(),
    /**
     * The burn of the hand just won (V4.1 items 2-3), per paid winner: below mangan nothing moved; from mangan the
     * losers paid and the winner received nothing. Null from the next hand's start (and before any win).
     */
    lastBurn: z
      .object({
        total: z.number().int().nonnegative(),
        wins: z.array(
          z
            .object({
              seat: SeatSchema,
              manganOrMore: z.boolean(),
              basePoints: z.number().int().positive(),
              burned: z.number().int().nonnegative(),
            })
            .strict(),
        ),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type ManganView = z.infer<typeof ManganViewSchema>;

/**
 * Tenpai Race (V2, 2 players): the 18-discard race of Stage A and, once a seat starts it, Stage B's roles and
 * what was shown in it. Seats are table seats.
 */
export const TenpaiRaceViewSchema = z
  .object({
    /** Discards each player may make before Stage A ends in a draw (V2.1 item 4: 18). */
    discardLimit: z.number().int().positive(),
    /** Discards left per seat in play, in the view's seat order (18 minus the seat's pond). */
    discardsLeft: z.array(z.object({ seat: SeatSchema, left: z.number().int().nonnegative() }).strict()),
    stage: z.enum(['A', 'B']),
    attacker: SeatSchema.nullable(),
    defender: SeatSchema.nullable(),
    /** The attacker entered Stage B by declaring riichi. */
    byRiichi: z.boolean(),
    /** Who resolves Stage B: the operator (the club's paper rules, default) or the V2.2 prototype. */
    resolution: z.enum(['operator', 'prototype']).nullable(),
    /** Prototype Stage B: the defender's guesses (two tile kinds each) and whether one was a winning kind. */
    guesses: z.array(z.object({ kinds: z.array(z.number().int().min(0).max(33)).length(2), found: z.boolean() }).strict()),
    /** Prototype Stage B: the attacker's draws, shown to both. */
    shownDraws: tiles,
    /** Stage A draws in a row (each adds a honba, V2.1 item 4): the honba race. */
    stageADraws: z.number().int().nonnegative(),
  })
  .strict();
export type TenpaiRaceView = z.infer<typeof TenpaiRaceViewSchema>;

/**
 * The riichi family's public view (4-player `riichi`, 3-player `sanma`, Mangan, Clear; families/riichi/view.ts folds it from the
 * public form of the log). Every seat field is a table seat; `seats` lists the seats in play in turn order.
 */
export const RiichiViewSchema = z
  .object({
    variant: z.enum(['riichi', 'sanma', 'mangan', 'clear', 'tenpai-race']),
    players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
    phase: z.enum(['starting', 'dealing', 'playing', 'won', 'exhaustiveDraw', 'abortiveDraw', 'chombo', 'stageBEnded', 'over']),
    roundWind: riichiWind,
    /** 1..4 within the round (`East 2`); a dealer repeat keeps it. 0 before the first hand. */
    handNumber: z.number().int().nonnegative(),
    honba: z.number().int().nonnegative(),
    /** Riichi sticks (1,000 each) on the table. */
    deposits: z.number().int().nonnegative(),
    doraIndicators: tiles,
    /** Tiles left to draw from the live wall. */
    liveTilesLeft: z.number().int().nonnegative(),
    /** The seat to act (after a draw or a call); null between hands. */
    turn: SeatSchema.nullable(),
    /** The seat whose last pond tile is the latest discard, null when there is none yet. */
    lastDiscard: SeatSchema.nullable(),
    seats: z.array(RiichiSeatStateSchema).min(2).max(4),
    lastResult: RiichiHandResultSchema.nullable(),
    /**
     * `lastResult` is the hand just ended and still on show: from its result until the next hand's first draw or
     * discard. The game deals the next hand in the same host step as a result, so `phase` is already `dealing`
     * when the screens first see it; this flag keeps the result up while the table shuffles and deals.
     */
    showingResult: z.boolean(),
    /**
     * The round of the hand whose result is on show, once the next hand has started (its `hand.started` comes in
     * the same step): the screens label the result with it, not with the hand being dealt. Null otherwise.
     */
    resultRound: z.object({ roundWind: riichiWind, handNumber: z.number().int().nonnegative() }).nullable().optional(),
    /**
     * The finished hand's table (issue 12) while its result is on show once the next hand has started: seats (winds,
     * dealer, ponds, melds), sticks and dora as they were at the result, so the screens draw the result over its own
     * hand, never over the next deal. Null otherwise.
     */
    resultBoard: z
      .object({
        honba: z.number().int().nonnegative(),
        deposits: z.number().int().nonnegative(),
        doraIndicators: tiles,
        liveTilesLeft: z.number().int().nonnegative(),
        seats: z.array(RiichiSeatStateSchema).min(2).max(4),
      })
      .strict()
      .nullable()
      .optional(),
    /** Table seats from first to last place once the game has ended. */
    ranking: z.array(SeatSchema).nullable(),
    /**
     * A draw or discard folded in before the machine's verdict: a `seat.actionRejected` right after it takes it
     * back (families/riichi/view.ts). Public: it only repeats what the log's public form says.
     */
    tentative: z
      .object({
        action: z.enum(['seat.drew', 'seat.discarded']),
        seat: SeatSchema,
        turnBefore: SeatSchema.nullable(),
        lastDiscardBefore: SeatSchema.nullable(),
      })
      .strict()
      .nullable(),
    /** Clear Mahjong only: the teams' conditions and the result. */
    clear: ClearViewSchema.optional(),
    /** Mangan Mahjong only: the burned points. */
    mangan: ManganViewSchema.optional(),
    /** Tenpai Race only: the discard race and Stage B. */
    tenpaiRace: TenpaiRaceViewSchema.optional(),
    /**
     * Mangan tag-team (V4.3) once a pair has swapped: who sits for each pair (players 0..7; the pair at the i-th seat
     * in play is players 2i and 2i+1, and 2i sits first). Before the first swap `session.tagTeam` says it is on.
     */
    tagTeam: z
      .object({
        seated: z.array(z.object({ seat: SeatSchema, player: z.number().int().min(0).max(7) }).strict()),
        /** The eight players' own places and totals at the game's end (`tagTeam.gameDecided`), best first. */
        ranking: z
          .array(
            z
              .object({
                player: z.number().int().min(0).max(7),
                /** The table seat of the player's pair. */
                seat: SeatSchema,
                rank: z.number().int().positive(),
                points: z.number().int(),
              })
              .strict(),
          )
          .optional(),
      })
      .strict()
      .optional(),
    /**
     * Agari-yame `optional` (riichi.md 17.2): the game waits for the dealer (this table seat) to end it (CONFIRM)
     * or play on (PASS). Absent or null: nobody is asked.
     */
    agariYame: z.object({ seat: SeatSchema }).strict().nullable().optional(),
  })
  .strict();
export type RiichiView = z.infer<typeof RiichiViewSchema>;

const RIICHI_VIEW_VARIANTS: ReadonlySet<string> = new Set(RiichiViewSchema.shape.variant.options);
/** Whether a public view is a riichi-family one: its variant is one this schema lists (another family's never is). */
export const isRiichiView = (view: { readonly variant: string } | null): view is RiichiView =>
  view !== null && RIICHI_VIEW_VARIANTS.has(view.variant);
/** A public state's view when it is a riichi-family one (its schema's variants), else null. */
export const riichiViewOf = (state: { readonly view: { readonly variant: string } | null }): RiichiView | null =>
  isRiichiView(state.view) ? state.view : null;

/**
 * Tenpai Race: a Stage B started and waits for the operator's result (`operator.settleStageB`): resolved by the
 * operator (not the V2.2 prototype) and the hand not over yet.
 */
export const stageBAwaitingResult = (view: RiichiView): boolean =>
  view.variant === 'tenpai-race' &&
  view.phase === 'playing' &&
  view.tenpaiRace?.stage === 'B' &&
  view.tenpaiRace.resolution === 'operator';
