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
import { ChomboTriggerSchema, VariantViewSchema, WinBreakdownSchema } from './views/index.js';

// Each family's public view is its own file (views/, joined in views/index.ts); this module is the contract's one entry point.
export * from './views/index.js';

// ---------------------------------------------------------------------------------------------
// Values shared by several channels

/**
 * A variant's id (`minefield`, `riichi`, `sanma`...). The host's family registry is the one list of variants: screens
 * ask it (`variants.list`), and the host refuses an id it does not run with `unknown_variant`.
 */
export const VariantIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'a variant id is lower-case letters, digits and dashes');
export type VariantId = z.infer<typeof VariantIdSchema>;

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

/** A variant the host runs, as the console offers it (`variants.list`, from the host's family registry). */
export const VariantInfoSchema = z
  .object({
    id: VariantIdSchema,
    /** Its name for people: `Mangan Mahjong`. */
    name: z.string().min(1).max(60),
    /** Its game family (the log's vocabulary): `minefield`, `riichi`... */
    family: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
    /** The rule presets the host knows for it; the first is the default. */
    presets: z.array(PresetNameSchema).min(1),
    /** The table seats it seats players at, in order. */
    tableSeats: z.array(SeatSchema).min(1).max(4),
    /** Whether a session may cut each game after N hands, and the cut when none is given (null: the game's own end). */
    handsPerGame: z.object({ default: z.number().int().positive().nullable() }).strict().nullable(),
    /** Whether it takes the 8-player tag-team option (Mangan, variants.md V4.3). */
    tagTeam: z.boolean(),
  })
  .strict();
export type VariantInfo = z.infer<typeof VariantInfoSchema>;

/** Who entered an operator override (audited). */
export const OperatorNameSchema = z.string().trim().min(1).max(64);
/** Why an operator override was entered (audited). */
export const OverrideReasonSchema = z.string().trim().min(1).max(500);

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
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

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
  'variants.list': {
    owner: 'host',
    payload: empty,
    result: z.object({ variants: z.array(VariantInfoSchema).min(1) }).strict(),
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
  'variants.list',
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
