// The one IPC contract between the renderer and the main process: channels, payload and result schemas, derived types.
//
// Everything the renderer may ask for is a row of INVOKE_CONTRACT; everything main pushes is a row of
// PUSH_CONTRACT. The preload builds `window.mahjong` from these maps (ipc-api.ts), main registers one
// checked handler per row (ipc-main.ts), and the types below are derived from the maps, so a channel is
// declared exactly once. Payloads are validated in the preload before sending and again in main on receipt.
import { z } from 'zod';
import type { Ok } from '../rules/result.js';
import {
  FaultCodeSchema,
  LinkStatsSchema,
  SeatButtonSchema,
  SeatSchema,
  TableErrorCodeSchema,
  TileSchema,
} from '../table/table-events.js';

// ---------------------------------------------------------------------------------------------
// Values shared by several channels

/** The game families of variants.md (a rule preset then picks the options within a family). */
export const VARIANTS = ['riichi', 'sanma', 'minefield', 'tenpai-race', 'mangan', 'clear'] as const;
export type VariantId = (typeof VARIANTS)[number];
export const VariantIdSchema = z.enum(VARIANTS);

/** A rules/options preset name (`tenhou`, `club`, `tournament`, ...); the host refuses unknown ones with `unknown_preset`. */
export const PresetNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'a preset name is lower-case letters, digits and dashes');

/** A club player's id in storage (host/storage/players.ts). */
export const PlayerIdSchema = z.number().int().positive();
/** A session's id in storage (host/storage/sessions.ts). */
export const SessionIdSchema = z.number().int().positive();

/** A serial port as the OS lists it; vendor and product let the operator recognise the table. */
export const SerialPortInfoSchema = z
  .object({
    path: z.string().min(1).max(256),
    manufacturer: z.string().max(256).nullable(),
    vendorId: z.string().max(16).nullable(),
    productId: z.string().max(16).nullable(),
    serialNumber: z.string().max(256).nullable(),
  })
  .strict();
export type SerialPortInfo = z.infer<typeof SerialPortInfoSchema>;

/** Which table a session drives: a serial port, or the built-in simulator (always offered). */
export const TableTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('serial'), path: z.string().min(1).max(256) }).strict(),
  z.object({ kind: z.literal('simulator') }).strict(),
]);
export type TableTarget = z.infer<typeof TableTargetSchema>;

export const PlayerSchema = z.object({ id: PlayerIdSchema, name: z.string().min(1).max(64) }).strict();
export type PlayerSummary = z.infer<typeof PlayerSchema>;

/** One seated player; seats are table seats (0 = East at the table's seat 0), never bare numbers. */
export const SeatingSchema = z.object({ seat: SeatSchema, playerId: PlayerIdSchema }).strict();

/** Who entered an operator override (audited). */
export const OperatorNameSchema = z.string().trim().min(1).max(64);
/** Why an operator override was entered (audited). */
export const OverrideReasonSchema = z.string().trim().min(1).max(500);
/**
 * Tournament chombo triggers (variants.md V6.2 item 1), the same list as families/riichi/machines/events.ts
 * `CHOMBO_TRIGGERS` (host/session/operator-overrides.ts checks both ways at compile time; kept here so the renderer
 * need not bundle the machines' vocabulary).
 */
export const CHOMBO_TRIGGERS = [
  'wallRevealed',
  'handRevealed',
  'falseWinShown',
  'furitenRonShown',
  'riichiNotTenpai',
  'illegalKanAfterRiichi',
] as const;
export const ChomboTriggerSchema = z.enum(CHOMBO_TRIGGERS);
export type ChomboTriggerId = (typeof CHOMBO_TRIGGERS)[number];

/** A rectangle in DIP, as Electron's `Rectangle`. */
export const RectangleSchema = z
  .object({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();

/** A display the scoreboard may be placed on. */
export const DisplayInfoSchema = z
  .object({ id: z.number().int(), label: z.string().max(256), bounds: RectangleSchema, primary: z.boolean() })
  .strict();
export type DisplayInfo = z.infer<typeof DisplayInfoSchema>;

/** Where the scoreboard window is now and why (see displays.ts). */
export const ScoreboardPlacementSchema = z
  .object({
    displayId: z.number().int(),
    bounds: RectangleSchema,
    fullscreen: z.boolean(),
    reason: z.enum(['remembered', 'second', 'primary']),
  })
  .strict();
export type ScoreboardPlacement = z.infer<typeof ScoreboardPlacementSchema>;

/** The LAN scoreboard's state: off by default; when on, its address and the session token for the QR code. */
export const LanStatusSchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }).strict(),
  z.object({ enabled: z.literal(true), url: z.url(), token: z.string().min(16).max(256) }).strict(),
]);
export type LanStatus = z.infer<typeof LanStatusSchema>;

const empty = z.object({}).strict();

// ---------------------------------------------------------------------------------------------
// Records, replay and export values (host channels added for the replay viewer and diagnostics)

/** A stored session as the replay picker lists it. `lastSeq` is the number of events in its log. */
export const SessionSummarySchema = z
  .object({
    id: SessionIdSchema,
    variant: VariantIdSchema,
    preset: PresetNameSchema,
    tableId: z.string().max(256),
    startedAtMs: z.number().int(),
    endedAtMs: z.number().int().nullable(),
    lastSeq: z.number().int().nonnegative(),
    games: z.number().int().nonnegative(),
    hands: z.number().int().nonnegative(),
  })
  .strict();
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/**
 * The replay viewer (issue 12). A hand of a session as the picker lists it: `finished` (a result), `unfinished`
 * (cut off by the session's end), `voided` (`host.handVoided`: it did not happen), `inPlay` (a live session's hand
 * being played: shown in its public form only).
 */
export const HAND_STATUSES = ['finished', 'unfinished', 'voided', 'inPlay'] as const;
export type HandStatus = (typeof HAND_STATUSES)[number];

/** One hand of a session: its game, number, event range in the session log and a one-line result. */
export const HandSummarySchema = z
  .object({
    gameId: z.number().int().positive(),
    number: z.number().int().positive(),
    firstSeq: z.number().int().positive(),
    lastSeq: z.number().int().positive(),
    /** e.g. `seat 1 won 12000 from seat 0 (haneman)` or `drawn, ante doubles to 2000`. */
    result: z.string().max(500),
    /** The replay viewer's (issue 12): the hand's name (`East 2 · 1 honba`, `Hand 3 · ante 2,000`). */
    label: z.string().max(100).optional(),
    /** The hand's game within the session (1, 2, ...). */
    game: z.number().int().positive().optional(),
    status: z.enum(HAND_STATUSES).optional(),
  })
  .strict();
export type HandSummary = z.infer<typeof HandSummarySchema>;

/** Kinds of events the replay timeline marks; `other` for the rest. */
export const TIMELINE_KINDS = ['hand', 'riichi', 'call', 'discard', 'win', 'draw', 'fault', 'device', 'operator', 'other'] as const;

/** One logged event for the replay timeline: `event` is the logged record (public form while its hand is live). */
export const ReplayEventSchema = z
  .object({
    seq: z.number().int().positive(),
    atMs: z.number().int(),
    type: z.string().min(1).max(64),
    kind: z.enum(TIMELINE_KINDS),
    /** A short human line: `seat 0 discarded 5m`. */
    text: z.string().max(500),
    event: z.json(),
  })
  .strict();
export type ReplayEvent = z.infer<typeof ReplayEventSchema>;

/**
 * One step of a hand in the replay viewer (`replay.timeline`): an event that changes what the board shows, with
 * its line naming the players. `key` marks the events of the key-event list (calls, riichi, kans, wins, draws,
 * chombo, operator entries, faults); draws and discards are steps but not key events. `seat`: the table seat that
 * acts, null for none. `tiles`: the tiles the line names, drawn as faces beside it.
 */
export const ReplayStepSchema = z
  .object({
    seq: z.number().int().positive(),
    kind: z.enum(TIMELINE_KINDS),
    key: z.boolean(),
    seat: SeatSchema.nullable(),
    text: z.string().max(500),
    tiles: z.array(TileSchema).max(18).optional(),
  })
  .strict();
export type ReplayStep = z.infer<typeof ReplayStepSchema>;

/**
 * A seat's concealed tiles in a replay of a finished hand (every hand is open after the fact): sorted, the tile
 * just drawn apart. Minefield: `concealed` is the 13-tile hand and `stock` the wall tiles still to discard.
 */
export const ReplayHandSchema = z
  .object({
    seat: SeatSchema,
    concealed: z.array(TileSchema).max(14),
    drawn: TileSchema.nullable(),
    stock: z.array(TileSchema).max(34).optional(),
  })
  .strict();
export type ReplayHand = z.infer<typeof ReplayHandSchema>;

export const EXPORT_FORMATS = ['tenhou', 'mjai', 'csv'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** A row of the club standings (host/storage/standings.ts `Standing`). */
export const StandingSchema = z
  .object({
    rank: z.number().int().positive(),
    playerId: PlayerIdSchema,
    name: z.string(),
    games: z.number().int().nonnegative(),
    totalPoints: z.number(),
    score: z.number(),
    placements: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
    averagePlacement: z.number(),
  })
  .strict();
export type StandingRow = z.infer<typeof StandingSchema>;

/** `standings.report` (host/reports/standings-report.ts): standings per variant, and the games not counted. */
export const StandingsReportSchema = z
  .object({
    variants: z.array(
      z
        .object({
          variant: z.string(),
          games: z.number().int().nonnegative(),
          cutGames: z.number().int().nonnegative(),
          emptyGames: z.number().int().nonnegative(),
          standings: z.array(StandingSchema),
        })
        .strict(),
    ),
    unfinished: z.array(
      z
        .object({ gameId: z.number().int().positive(), sessionId: SessionIdSchema, variant: z.string(), startedAtMs: z.number().int() })
        .strict(),
    ),
  })
  .strict();
export type StandingsReportResult = z.infer<typeof StandingsReportSchema>;

// ---------------------------------------------------------------------------------------------
// The contract

/**
 * `owner` says who answers: `host` channels go to the HostApi (host-api.ts), `shell` channels are the
 * window shell's own business (where the scoreboard sits).
 */
export const INVOKE_CONTRACT = {
  'table.listPorts': {
    owner: 'host',
    payload: empty,
    /** `note`: why the list may be incomplete (the system cannot list ports): the console says it plainly. */
    result: z.object({ ports: z.array(SerialPortInfoSchema), note: z.string().max(500).optional() }).strict(),
  },
  'players.list': {
    owner: 'host',
    payload: empty,
    result: z.object({ players: z.array(PlayerSchema) }).strict(),
  },
  'players.create': {
    owner: 'host',
    payload: z.object({ name: z.string().trim().min(1).max(64) }).strict(),
    result: PlayerSchema,
  },
  'session.start': {
    owner: 'host',
    payload: z
      .object({
        variant: VariantIdSchema,
        preset: PresetNameSchema,
        table: TableTargetSchema,
        seats: z
          .array(SeatingSchema)
          .min(2)
          .max(4)
          .refine(
            (seats) => new Set(seats.map((s) => s.seat)).size === seats.length,
            'each seat at most once',
          )
          .refine(
            (seats) => new Set(seats.map((s) => s.playerId)).size === seats.length,
            'each player at most once',
          ),
        /** Riichi family: cut each game after this many hands (Tenpai Race's default: 8, host/families/registry.ts). */
        handsPerGame: z.number().int().positive().max(1000).optional(),
        /** Mangan Mahjong's 8-player tag-team option (variants.md V4.3). */
        tagTeam: z.boolean().optional(),
      })
      .strict(),
    result: z.object({ sessionId: SessionIdSchema }).strict(),
  },
  'session.pause': {
    owner: 'host',
    payload: empty,
    result: z.object({ sessionId: SessionIdSchema }).strict(),
  },
  'session.resume': {
    owner: 'host',
    payload: empty,
    result: z.object({ sessionId: SessionIdSchema }).strict(),
  },
  'session.end': { owner: 'host', payload: empty, result: z.object({ sessionId: SessionIdSchema }).strict() },
  /**
   * Starts the next game after a game over (issue 12): with an operator at the table the host holds the final
   * result on the screens until he asks for the next game (`session.awaitingNextGame`). `not_awaiting` otherwise.
   */
  'session.nextGame': {
    owner: 'host',
    payload: empty,
    result: z.object({ sessionId: SessionIdSchema, game: z.number().int().positive() }).strict(),
  },
  /** Clears the table's latched fault; `code` is the fault the operator saw, so a stale screen cannot clear a newer one. */
  'operator.clearFault': {
    owner: 'host',
    // A fault's code, or the code of a stage command the table refused (`table.refusal`): cleared alike.
    payload: z.object({ code: z.union([FaultCodeSchema, TableErrorCodeSchema]) }).strict(),
    result: empty,
  },
  /**
   * Corrects what the sensors read in one logged event (`eventSeq`, its place in the session's event log)
   * with the tiles really there. The host appends an audited correction event carrying the note; the
   * original event stays in the log.
   */
  'operator.correctMisread': {
    owner: 'host',
    payload: z
      .object({
        eventSeq: z.number().int().positive(),
        tiles: z.array(TileSchema).min(1).max(136),
        note: z.string().trim().min(1).max(500),
      })
      .strict(),
    result: z.object({ correctionSeq: z.number().int().positive() }).strict(),
  },
  /**
   * The table reads of the hand in play a correction can still change (issue 12): a tile the sensors could not
   * read (null), a hand the game refused. Reads the game has played are not offered: it cannot take them back.
   */
  'operator.correctableReads': {
    owner: 'host',
    payload: empty,
    result: z
      .object({
        reads: z
          .array(
            z
              .object({
                seq: z.number().int().positive(),
                kind: z.enum(['draw', 'discard', 'hand']),
                seat: SeatSchema,
                tiles: z.array(TileSchema.nullable()).min(1).max(14),
              })
              .strict(),
          )
          .max(200),
      })
      .strict(),
  },
  /**
   * Operator overrides (issue 7), each audited with who entered it and why: a button press the table did not
   * sense (fed to the variant like the table's own press), a chombo (tournament preset, V6.2) and a dead hand
   * (riichi family, V6.3). `eventSeq` is the audited event's place in the session log.
   */
  'operator.enterButtonPress': {
    owner: 'host',
    payload: z
      .object({ seat: SeatSchema, button: SeatButtonSchema, operator: OperatorNameSchema, reason: OverrideReasonSchema })
      .strict(),
    result: z.object({ eventSeq: z.number().int().positive() }).strict(),
  },
  'operator.declareChombo': {
    owner: 'host',
    payload: z.object({ seat: SeatSchema, trigger: ChomboTriggerSchema, operator: OperatorNameSchema }).strict(),
    result: z.object({ eventSeq: z.number().int().positive() }).strict(),
  },
  'operator.declareDeadHand': {
    owner: 'host',
    payload: z.object({ seat: SeatSchema, operator: OperatorNameSchema, reason: OverrideReasonSchema }).strict(),
    result: z.object({ eventSeq: z.number().int().positive() }).strict(),
  },
  /**
   * Tenpai Race Stage B's result (V2.1 item 6; the club's paper rules score it, V2.2 R4), audited: the winner (a
   * table seat) or null, the points each of the two players moves (they must sum to 0), who entered it and why.
   */
  'operator.settleStageB': {
    owner: 'host',
    payload: z
      .object({
        winner: SeatSchema.nullable(),
        deltas: z.array(z.object({ seat: SeatSchema, points: z.number().int() }).strict()).min(1).max(4),
        operator: OperatorNameSchema,
        reason: OverrideReasonSchema,
      })
      .strict(),
    result: z.object({ eventSeq: z.number().int().positive() }).strict(),
  },
  /** Club standings across sessions; `scoring: 'tournament'` applies the tournament final-scoring rule (uma and oka). */
  'standings.list': {
    owner: 'host',
    payload: z.object({ scoring: z.enum(['points', 'tournament']).optional() }).strict(),
    result: z.object({ standings: z.array(StandingSchema) }).strict(),
  },
  /**
   * The standings screen (issue 12): per variant, over all games, one session or the games that ended in
   * [sinceMs, untilMs); the games cut by a session's end, those closed before any hand, and those never closed.
   */
  'standings.report': {
    owner: 'host',
    payload: z
      .object({
        variant: VariantIdSchema.optional(),
        sessionId: SessionIdSchema.optional(),
        sinceMs: z.number().int().optional(),
        untilMs: z.number().int().optional(),
        scoring: z.enum(['points', 'tournament']).optional(),
      })
      .strict(),
    result: StandingsReportSchema,
  },
  /** Renames a club player (audited: who and why are kept with the old name). */
  'players.rename': {
    owner: 'host',
    payload: z
      .object({ playerId: PlayerIdSchema, name: z.string().max(256), operator: OperatorNameSchema, reason: OverrideReasonSchema.optional() })
      .strict(),
    result: PlayerSchema,
  },
  /** Merges a player entered twice into another (audited); standings count his games for `intoId`. */
  'players.merge': {
    owner: 'host',
    payload: z
      .object({ fromId: PlayerIdSchema, intoId: PlayerIdSchema, operator: OperatorNameSchema, reason: OverrideReasonSchema.optional() })
      .strict(),
    result: PlayerSchema,
  },
  /** Every stored session, newest first, for the replay viewer's picker. */
  'replay.listSessions': {
    owner: 'host',
    payload: empty,
    result: z.object({ sessions: z.array(SessionSummarySchema) }).strict(),
  },
  /** The games and hands of one session with each hand's event range (`firstSeq..lastSeq`), so the viewer can jump to a hand. */
  'replay.listHands': {
    owner: 'host',
    payload: z.object({ sessionId: SessionIdSchema }).strict(),
    result: z
      .object({ sessionId: SessionIdSchema, lastSeq: z.number().int().nonnegative(), hands: z.array(HandSummarySchema) })
      .strict(),
  },
  /**
   * The public state after event `seq` of a session (0 = before the first event), computed by the same
   * `apply` that drove the live screens, so a replay shows what was shown live. Seeks in well under 100 ms.
   */
  'replay.open': {
    owner: 'host',
    payload: z.object({ sessionId: SessionIdSchema, seq: z.number().int().nonnegative() }).strict(),
    result: z
      .object({
        sessionId: SessionIdSchema,
        seq: z.number().int().nonnegative(),
        lastSeq: z.number().int().nonnegative(),
        state: z.lazy(() => PublicStateSchema),
        /**
         * The replay viewer's open hands (issue 12): every seat's concealed tiles at `seq`, folded from the whole
         * log. Only where the hand is over (or the session ended); null while it is being played.
         */
        hands: z.array(ReplayHandSchema).max(4).nullable().optional(),
      })
      .strict(),
  },
  /**
   * The steps of one hand for the replay viewer (issue 12), `fromSeq..toSeq` (a hand's range, at most 5000
   * events): the events that change the board, each with a line naming the players and whether it is a key event.
   * Events of a hand still being played are described in their public form only. An imported session's seqs are
   * those of its replay (`replay.listHands`), not of its stored log.
   */
  'replay.timeline': {
    owner: 'host',
    payload: z
      .object({ sessionId: SessionIdSchema, fromSeq: z.number().int().positive(), toSeq: z.number().int().positive() })
      .strict()
      .refine((p) => p.toSeq >= p.fromSeq && p.toSeq - p.fromSeq < 5000, 'toSeq within 5000 events after fromSeq'),
    result: z.object({ sessionId: SessionIdSchema, steps: z.array(ReplayStepSchema) }).strict(),
  },
  /**
   * Events `fromSeq..` of a session (at most `limit`), for the timeline. Events of a finished hand come whole
   * (all hands open after the hand); events of a hand still being played come in their public form.
   */
  'replay.events': {
    owner: 'host',
    payload: z
      .object({ sessionId: SessionIdSchema, fromSeq: z.number().int().positive(), limit: z.number().int().min(1).max(5000) })
      .strict(),
    result: z.object({ sessionId: SessionIdSchema, events: z.array(ReplayEventSchema) }).strict(),
  },
  /** A session as a file (the latest when `sessionId` is absent): the renderer offers `content` for download as `fileName`. */
  'export.session': {
    owner: 'host',
    // `game`: which game of the session a tenhou.net/6 file holds (one per file); needed when it has several.
    payload: z
      .object({ sessionId: SessionIdSchema.optional(), format: ExportFormatSchema, game: z.number().int().positive().optional() })
      .strict(),
    result: z
      .object({ sessionId: SessionIdSchema, fileName: z.string().min(1).max(256), mediaType: z.string().min(1).max(128), content: z.string() })
      .strict(),
  },
  /** The link's statistics and the table's last reported state, for the diagnostics panel (also in every `state.public`). */
  'diagnostics.link': {
    owner: 'host',
    payload: empty,
    result: z.lazy(() => TableStatusSchema),
  },
  'lan.setEnabled': {
    owner: 'host',
    payload: z.object({ enabled: z.boolean() }).strict(),
    result: LanStatusSchema,
  },
  /** Whether the LAN reaches the scoreboard now (the console shows the switch as it really is after a reload). */
  'lan.status': {
    owner: 'host',
    payload: empty,
    result: LanStatusSchema,
  },
  'scoreboard.listDisplays': {
    owner: 'shell',
    payload: empty,
    result: z.object({ displays: z.array(DisplayInfoSchema) }).strict(),
  },
  /** Moves the scoreboard to a display and remembers the choice; `null` forgets it (automatic placement). */
  'scoreboard.placement': {
    owner: 'shell',
    payload: z.object({ displayId: z.number().int().nullable() }).strict(),
    result: ScoreboardPlacementSchema,
  },
} as const satisfies Record<string, { owner: 'host' | 'shell'; payload: z.ZodType; result: z.ZodType }>;

// ---------------------------------------------------------------------------------------------
// The public state (the `state.public` push): typed, validated by the host before it leaves

const points2 = z.tuple([z.number().int(), z.number().int()]);
const tiles = z.array(TileSchema);

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

/** The variant's public view; one member per variant family the host runs. */
export const VariantViewSchema = z.discriminatedUnion('variant', [MinefieldViewSchema, RiichiViewSchema]);
export type VariantView = z.infer<typeof VariantViewSchema>;

/** The table and its link, for the console's status line and the diagnostics panel. */
export const TableStatusSchema = z
  .object({
    target: TableTargetSchema.nullable(),
    /** The table's last reported phase (`table.state`), null before the first report. */
    phase: z.enum(['idle', 'modeSet', 'shuffled', 'wallsBuilt', 'handsDealt', 'playing', 'stopped']).nullable(),
    fault: z
      .object({ code: FaultCodeSchema, stage: z.string(), recoverable: z.boolean() })
      .strict()
      .nullable(),
    /**
     * A stage command the table refused (badState, unsupported...): the session waits until the operator looks
     * and clears it with `operator.clearFault` and its code. Absent from states made before it existed.
     */
    refusal: z
      .object({ command: z.enum(['shuffle', 'buildWalls', 'rollDice', 'flipDora']), code: TableErrorCodeSchema })
      .strict()
      .nullable()
      .optional(),
    /**
     * The table lacks what the session's variant needs (its mode, a protocol 2 feature; PROTOCOL.md §16.1): the host
     * does not set it up, and the console says what it lacks. Cleared by a table that has it. Absent from older states.
     */
    unsupported: z
      .object({ missing: z.array(z.string()).min(1), message: z.string() })
      .strict()
      .nullable()
      .optional(),
    /**
     * After a link loss the table's snapshot did not match the hand the host knows (families/riichi/reconcile.ts):
     * the mismatch's code, the table seat concerned, what the host saw and what the operator should check.
     * Cleared by the next snapshot that matches, or the next hand. Absent from states made before it existed.
     */
    reconcile: z
      .object({
        code: z.enum(['pond_diverged', 'meld_missed', 'discard_unread', 'not_in_hand', 'out_of_turn']),
        seat: SeatSchema,
        message: z.string(),
        check: z.string(),
      })
      .strict()
      .nullable()
      .optional(),
    /**
     * Why the link is not up, while it is not (`link.unreachable`): the port cannot be opened, or nothing answers on
     * it; what failed and what to do, in words. Cleared by `link.up`. Absent from states made before it existed.
     */
    unreachable: z
      .object({
        code: z.enum(['cannot_open', 'no_answer']),
        port: z.string().max(1024).nullable(),
        message: z.string().max(1500),
        atMs: z.number().int(),
      })
      .strict()
      .nullable()
      .optional(),
    /** hardware/link.ts statistics: handshake (protocol, firmware, bootId), resends, CRC errors, RTT, last faults. */
    link: LinkStatsSchema.nullable(),
    /** The raw sensor values of the table's last periodic report. */
    sensors: z
      .object({ lid: z.enum(['closed', 'open']), tilesInPit: z.number().int(), motorTempC: z.number().int(), atMs: z.number().int() })
      .strict()
      .nullable(),
  })
  .strict();
export type TableStatus = z.infer<typeof TableStatusSchema>;

/** One seat at the table: its table seat, who sits there (null name for an empty seat), bots marked. */
export const SeatInfoSchema = z
  .object({ seat: SeatSchema, playerId: PlayerIdSchema.nullable(), name: z.string().max(64), bot: z.boolean() })
  .strict();
export type SeatInfo = z.infer<typeof SeatInfoSchema>;

/** A line of the running log (public events and operator actions only). */
export const LogLineSchema = z
  .object({ seq: z.number().int().positive(), atMs: z.number().int(), type: z.string(), text: z.string().max(500) })
  .strict();
export type LogLine = z.infer<typeof LogLineSchema>;

/**
 * The public state the host publishes after every change: what any screen may show, never hidden
 * information. `seq` grows by one per publication so a screen can drop a stale one; `eventSeq` is the
 * session log's last seq that this state reflects (the replay viewer shows the same state for that seq).
 */
export const PublicStateSchema = z
  .object({
    seq: z.number().int().nonnegative(),
    session: z
      .object({
        id: SessionIdSchema,
        variant: VariantIdSchema,
        preset: PresetNameSchema,
        status: z.enum(['running', 'paused', 'ended']),
        /** Each game is cut after this many hands (host.sessionOpened; Tenpai Race's default 8). */
        handsPerGame: z.number().int().positive().optional(),
        /** Mangan Mahjong's 8-player tag-team option is on (V4.3). */
        tagTeam: z.boolean().optional(),
        /** A game is over and the host waits for the operator's `session.nextGame` (issue 12). */
        awaitingNextGame: z.boolean().optional(),
      })
      .strict()
      .nullable(),
    eventSeq: z.number().int().nonnegative(),
    table: TableStatusSchema,
    seats: z.array(SeatInfoSchema).max(4),
    view: VariantViewSchema.nullable(),
    /** The latest win of the session (kept after the hand for the scoreboard's breakdown). */
    lastWin: WinBreakdownSchema.nullable(),
    /** The newest lines of the running log, oldest first (at most 50). */
    log: z.array(LogLineSchema).max(50),
    /** The last game's final result (issue 12), until the next game's play begins; absent or null otherwise. */
    gameOver: z.lazy(() => GameOverSchema).nullable().optional(),
  })
  .strict();
export type PublicState = z.infer<typeof PublicStateSchema>;

/**
 * A finished game's result for the game-over screen (issue 12): places with final points, the preset's final score
 * where it has one (the tournament's uma and oka, variants.md V6.5), and each seat's points over the game.
 */
export const GameOverSchema = z
  .object({
    /** The game's number in the session (1, 2, ...). */
    game: z.number().int().positive(),
    /** First place first. `score`: the tournament's result in its units (V6.5), absent for other presets. */
    places: z
      .array(
        z
          .object({
            seat: SeatSchema,
            place: z.number().int().positive(),
            points: z.number().int(),
            score: z.number().int().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(4),
    /** Table seats in play and, for each, its points at the start of every hand and at the end (the chart). */
    chart: z
      .object({ seats: z.array(SeatSchema), points: z.array(z.array(z.number().int()).max(1000)) })
      .strict(),
  })
  .strict();
export type GameOver = z.infer<typeof GameOverSchema>;

/** The state's view when it is Minefield's, else null (the view is a union over the variant families). */
export const minefieldViewOf = (state: Pick<PublicState, 'view'>): MinefieldView | null =>
  state.view?.variant === 'minefield' ? state.view : null;
/**
 * The Minefield board to draw: the finished hand's (dealer, ante, ponds, dora) while its result is on show, else the
 * hand in play (issue 12). Points are always the latest.
 */
export const minefieldBoardOf = (view: MinefieldView): MinefieldView =>
  view.showingResult === true && view.resultBoard ? { ...view, ...view.resultBoard, turn: null } : view;
/** The state's view when it is a riichi-family one (`riichi`, `sanma`, `mangan`, `clear`), else null. */
export const riichiViewOf = (state: Pick<PublicState, 'view'>): RiichiView | null =>
  state.view !== null && state.view.variant !== 'minefield' ? state.view : null;

/**
 * Tenpai Race: a Stage B started and waits for the operator's result (`operator.settleStageB`): resolved by the
 * operator (not the V2.2 prototype) and the hand not over yet.
 */
export const stageBAwaitingResult = (view: RiichiView): boolean =>
  view.variant === 'tenpai-race' &&
  view.phase === 'playing' &&
  view.tenpaiRace?.stage === 'B' &&
  view.tenpaiRace.resolution === 'operator';

/** The state before any session: no table, no seats, no view. */
export function idlePublicState(seq = 0): PublicState {
  return {
    seq,
    session: null,
    eventSeq: 0,
    table: { target: null, phase: null, fault: null, link: null, sensors: null },
    seats: [],
    view: null,
    lastWin: null,
    log: [],
  };
}

export const PUSH_CONTRACT = {
  'state.public': PublicStateSchema,
} as const satisfies Record<string, z.ZodType>;

// ---------------------------------------------------------------------------------------------
// Derived types

export type InvokeContract = typeof INVOKE_CONTRACT;
export type InvokeChannel = keyof InvokeContract;
export type PushChannel = keyof typeof PUSH_CONTRACT;
/** What the caller passes (before zod's defaults and trimming). */
export type PayloadIn<C extends InvokeChannel> = z.input<InvokeContract[C]['payload']>;
/** What a handler receives (after validation). */
export type Payload<C extends InvokeChannel> = z.output<InvokeContract[C]['payload']>;
export type ResultOf<C extends InvokeChannel> = z.output<InvokeContract[C]['result']>;
export type PushMessage<P extends PushChannel> = z.output<(typeof PUSH_CONTRACT)[P]>;

export type HostChannel = {
  [C in InvokeChannel]: InvokeContract[C]['owner'] extends 'host' ? C : never;
}[InvokeChannel];
export type ShellChannel = Exclude<InvokeChannel, HostChannel>;

export const INVOKE_CHANNELS = Object.keys(INVOKE_CONTRACT) as InvokeChannel[];
/** Channels a read-only client (a LAN scoreboard holding only the session token) may call; everything else is refused. */
export const READ_ONLY_CHANNELS: readonly InvokeChannel[] = [
  'players.list',
  'standings.list',
  'standings.report',
  'replay.listSessions',
  'replay.listHands',
  'replay.open',
  'replay.events',
  'replay.timeline',
  'diagnostics.link',
];
export const PUSH_CHANNELS = Object.keys(PUSH_CONTRACT) as PushChannel[];

// ---------------------------------------------------------------------------------------------
// Replies: every invoke answers a value, never a thrown error (Electron would flatten it to a string)

/** Failures the IPC layer itself produces; the host adds its own codes (e.g. `unknown_preset`, `player_name_taken`). */
export const IPC_ERROR_CODES = [
  'bad_sender',
  'bad_payload',
  'bad_result',
  'unknown_channel',
  'host_unavailable',
  'host_threw',
] as const;
export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

export interface IpcFailure {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
}
export type IpcReply<T> = Ok<T> | IpcFailure;

export const ipcFail = (code: IpcErrorCode, message: string): IpcFailure => ({ ok: false, code, message });

const failureSchema = z
  .object({ ok: z.literal(false), code: z.string().min(1).max(64), message: z.string().max(2000) })
  .strict();

/** The reply envelope for one channel, checked by the preload before the renderer sees it. */
export function replySchema<C extends InvokeChannel>(channel: C) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: INVOKE_CONTRACT[channel].result }).strict(),
    failureSchema,
  ]);
}

/** Zod issues as one readable line: `seats: each seat at most once; preset: ...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(payload)'}: ${issue.message}`)
    .join('; ');
}

/** Validates a payload for `channel`: the same check in the preload and in main. */
export function parsePayload<C extends InvokeChannel>(channel: C, payload: unknown): IpcReply<Payload<C>> {
  const parsed = INVOKE_CONTRACT[channel].payload.safeParse(payload ?? {});
  if (!parsed.success) return ipcFail('bad_payload', `${channel}: ${describeIssues(parsed.error)}`);
  return { ok: true, value: parsed.data as Payload<C> };
}

export const isInvokeChannel = (value: unknown): value is InvokeChannel =>
  typeof value === 'string' && Object.hasOwn(INVOKE_CONTRACT, value);

// ---------------------------------------------------------------------------------------------
// The renderer's API, derived from the contract: `mahjong.session.start({...})`, `mahjong.on('state.public', f)`

type DomainOf<C extends string> = C extends `${infer D}.${string}` ? D : never;
type ArgsOf<C extends InvokeChannel> =
  Record<string, never> extends PayloadIn<C> ? [payload?: PayloadIn<C>] : [payload: PayloadIn<C>];

export type MahjongApi = {
  readonly [D in DomainOf<InvokeChannel>]: {
    readonly [C in InvokeChannel as C extends `${D}.${infer M}` ? M : never]: (
      ...args: ArgsOf<C>
    ) => Promise<IpcReply<ResultOf<C>>>;
  };
} & {
  /** Subscribes to a push channel; returns the unsubscribe function. */
  readonly on: <P extends PushChannel>(channel: P, listener: (message: PushMessage<P>) => void) => () => void;
};

/** The global name the preload exposes the API under. */
export const API_NAME = 'mahjong';
