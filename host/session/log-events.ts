// The session log's shared vocabulary (table, link, host, operator and record events) and the frame a family's own
// vocabulary joins: each family adds its records to `FamilyVocabularies` and builds its log schema with `familyLogSchema`.
import { z } from 'zod';
import {
  operatorChomboDeclaredSchema,
  operatorDeadHandDeclaredSchema,
  operatorStageBSettledSchema,
} from '../../machines/operator-events.js';

import {
  SeatButtonSchema,
  SeatSchema,
  TableEventSchema,
  TileSchema,
  FaultCodeSchema,
  LinkStatsSchema,
  TableErrorCodeSchema,
  type TableErrorCode,
  type TableEvent,
} from '../../table/table-events.js';

/**
 * A session log holds, in order:
 * - source events, which the host decides or receives and which drive the machines: `table.*` and
 *   `link.*` (from the link), `host.*` (the host's own decisions: session opened, game requested with its
 *   first dealer, a clock tick, a restart) and `operator.*` (console commands);
 * - derived events, which the machines produce from those: the variant's inputs (`seat.discarded` made
 *   from `table.tileDiscarded`) and outcomes (`hand.won`).
 * Recovery re-runs the source events through fresh machines; the derived events they produce must match
 * the logged ones, and any a crash cut off are appended then. The screens and replays fold both kinds with
 * `applyPublic` (public-model.ts).
 */
const seatEntry = z
  .object({
    seat: SeatSchema,
    playerId: z.number().int().positive().nullable(),
    name: z.string().min(1).max(64),
    bot: z.boolean(),
  })
  .strict();

export const TableTargetLogSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('serial'), path: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('simulator'), seed: z.number().int() }).strict(),
]);
export type TableTargetLog = z.infer<typeof TableTargetLogSchema>;

export const hostEventSchemas = [
  /** The first event of every session: what it plays, where, who sits, and the seed of the host's own choices. */
  z
    .object({
      type: z.literal('host.sessionOpened'),
      variant: z.string().min(1),
      preset: z.string().min(1),
      target: TableTargetLogSchema,
      seed: z.number().int(),
      seats: z.array(seatEntry).min(2).max(4),
      /** Whether the host clears recoverable faults itself (simulator and no operator). */
      autopilot: z.boolean(),
      /** Each game is cut after this many hands (host/families/registry.ts; Tenpai Race's Stage A never ends a game). */
      handsPerGame: z.number().int().positive().optional(),
      /** Mangan Mahjong's 8-player tag-team option (variants.md V4.3). */
      tagTeam: z.literal(true).optional(),
    })
    .strict(),
  /** The host starts a game; the first dealer is its seeded choice (V1.6), logged so replays need no RNG. */
  z
    .object({
      type: z.literal('host.gameRequested'),
      game: z.number().int().positive(),
      firstDealer: z.number().int().min(0).max(3),
    })
    .strict(),
  /**
   * The link session with the table: the host's session id and how many table messages it had received in
   * it (0 after a reset; a fragmented event counts its fragments, logged again after it). A restarted host
   * resumes it, so the table resends what the old process never got.
   */
  z
    .object({
      type: z.literal('host.linkSession'),
      hostSession: z.number().int().min(0).max(0xffffffff),
      received: z.number().int().min(0),
    })
    .strict(),
  /** A deadline of a machine came due (the time is the record's atMs). */
  z.object({ type: z.literal('host.clockTicked') }).strict(),
  /** The host process started again on this open session; the link before it is gone. */
  z.object({ type: z.literal('host.restarted'), previousBootId: z.number().int().nullable() }).strict(),
  /**
   * The hand in play cannot go on and is void: it did not happen (no points move, the ante and the dealer
   * stay, the same hand number is dealt again). Logged by a restarted host when the table that held the
   * hand's tiles cannot have survived: the built-in simulator lives and dies with the host process.
   */
  z
    .object({
      type: z.literal('host.handVoided'),
      game: z.number().int().positive(),
      hand: z.number().int().positive(),
      dealer: z.number().int().min(0).max(3),
      ante: z.number().int().nonnegative(),
      reason: z.enum(['simulator_lost']),
    })
    .strict(),
  /**
   * The link's health (the contract's LinkStats), logged on link.up/link.lost, when an error counter moves
   * and every 10 s while anything moves, so replays and diagnostics show it over time. The machines ignore it.
   */
  z.object({ type: z.literal('link.stats'), ...LinkStatsSchema.shape }).strict(),
  z.object({ type: z.literal('host.sessionEnded'), reason: z.enum(['operator', 'games_played']) }).strict(),
  /**
   * A game is over and an operator runs the session (no autopilot): the host holds game `game` until he asks for
   * it (`operator.nextGame`), so the screens keep the final result (issue 12).
   */
  z.object({ type: z.literal('host.gameHeld'), game: z.number().int().positive() }).strict(),
  /** The operator asked for the next game after a game over (console: Next game). */
  z.object({ type: z.literal('operator.nextGame') }).strict(),
  z.object({ type: z.literal('operator.faultCleared'), code: FaultCodeSchema }).strict(),
  /**
   * The operator looked at a stage command the table refused (table-session.ts `commandRefused`) and lets the
   * session try that stage again; `command` and `code` are the refusal he cleared.
   */
  z
    .object({
      type: z.literal('operator.refusalCleared'),
      command: z.enum(['shuffle', 'buildWalls', 'rollDice', 'flipDora']),
      code: TableErrorCodeSchema,
    })
    .strict(),
  z.object({ type: z.literal('operator.paused') }).strict(),
  z.object({ type: z.literal('operator.resumed') }).strict(),
  /**
   * An audited correction of a misread: event `eventSeq` (a sensed hand or discard) really showed `tiles`.
   * The original stays in the log; the correction feeds the machines as a console entry.
   */
  z
    .object({
      type: z.literal('operator.correction'),
      eventSeq: z.number().int().positive(),
      tiles: z.array(TileSchema).min(1).max(136),
      note: z.string().min(1).max(500),
    })
    .strict(),
  /**
   * Operator overrides (issue 7, host/session/operator-overrides.ts), audited: who entered them and why (the record's
   * atMs says when). A missed button press reaches the cores as the table's `table.buttonPressed` would.
   */
  z
    .object({
      type: z.literal('operator.buttonEntered'),
      seat: SeatSchema,
      button: SeatButtonSchema,
      operator: z.string().min(1).max(64),
      reason: z.string().min(1).max(500),
    })
    .strict(),
  /** The operator's overrides that feed a family's machines (machine seats), logged as they are fed (variants.md V6.2, V6.3). */
  operatorChomboDeclaredSchema.strict(),
  operatorDeadHandDeclaredSchema.strict(),
  /** Tenpai Race's Stage B result entered by the operator (machine seats), with why: the machine takes it without `reason`. */
  operatorStageBSettledSchema.extend({ reason: z.string().min(1).max(500) }).strict(),
  /**
   * An imported game log (tenhou.net/6): the game's header (title, players, rules, meta) as the format model
   * holds it, then one `record.round` per round. An imported session is a replay only; it never resumes.
   */
  z
    .object({
      type: z.literal('record.gameImported'),
      format: z.literal('tenhou6'),
      fileName: z.string().max(512),
      game: z.json(),
    })
    .strict(),
  z
    .object({ type: z.literal('record.round'), index: z.number().int().nonnegative(), round: z.json() })
    .strict(),
] as const;

export const HostEventSchema = z.discriminatedUnion('type', [...hostEventSchemas]);
export type HostEvent = z.infer<typeof HostEventSchema>;

/** The events every family's log shares: the table's and the link's, and the host's and operator's own. */
export type SharedEvent = TableEvent | HostEvent;
/** What the machines take in: everything the host receives or decides. */
export type SourceEvent = SharedEvent;

/**
 * Each family's own records (its machines' inputs and outcomes), by family id. A family adds its member in its own
 * folder (families/<family>/log.ts: `declare module` on this file), so this file names none; `LogFamily` is the
 * set of ids, and the registry's `GameFamily.log` must give a vocabulary for each.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each family's declaration
export interface FamilyVocabularies {}
/** A family's id as the log knows it: the events table's `family` column. */
export type LogFamily = keyof FamilyVocabularies;
/** The records of one family's vocabulary (of any family by default). */
export type FamilyEvent<F extends LogFamily = LogFamily> = FamilyVocabularies[F];
/** One record of a family's session log: the shared events, then that family's own. */
export type FamilyLogEvent<F extends LogFamily> = SharedEvent | FamilyEvent<F>;
/** One record of a session log, of whatever family: generic code reads the shared events and hands the rest to the family. */
export type LogEvent = SharedEvent | FamilyEvent;
/** What a family's machines produce from the source events. */
export type DerivedEvent = FamilyEvent;

/** The type literal of a record schema (each member of the unions below has one). */
const typeOf = (schema: { shape: { type: { value: unknown } } }): unknown => schema.shape.type.value;
const sharedSchemas = [...TableEventSchema.options, ...hostEventSchemas];
type SharedMember = (typeof sharedSchemas)[number];

/**
 * A family's log schema: the shared events, then its own records (`own`: its machines' vocabulary, the members of
 * its event union). A record its machines share with the log's shared events (the operator's overrides, which they
 * take as inputs) keeps the shared schema.
 */
export function familyLogSchema<Own extends SharedMember | z.ZodObject<{ type: z.ZodLiteral<string> }>>(
  own: readonly Own[],
): z.ZodType<SharedEvent | z.output<Own>> {
  const only = own.filter((o) => !sharedSchemas.some((s) => typeOf(s) === typeOf(o)));
  return z.discriminatedUnion('type', [...sharedSchemas, ...only] as [SharedMember | Own, ...(SharedMember | Own)[]]);
}

/** The motor commands of the preparation stages (machines/table-session.ts `StageCommand`). */
const STAGE_COMMANDS: readonly string[] = ['shuffle', 'buildWalls', 'rollDice', 'flipDora'];

/**
 * A refusal the operator has to clear: a stage command refused for a reason other than `busy` (sent again by
 * itself) or `faultLatched` (a fault follows). The session machine holds it in `commandRefused` until
 * `operator.refusalCleared`, a fault, a lost link or a reboot (machines/table-session.ts).
 */
export function stageRefusalOf(
  event: LogEvent,
): { readonly command: 'shuffle' | 'buildWalls' | 'rollDice' | 'flipDora'; readonly code: TableErrorCode } | null {
  if (event.type !== 'table.commandRejected' || !STAGE_COMMANDS.includes(event.command)) return null;
  if (event.code === 'busy' || event.code === 'faultLatched') return null;
  return { command: event.command as 'shuffle' | 'buildWalls' | 'rollDice' | 'flipDora', code: event.code };
}

const SOURCE_PREFIXES = ['table.', 'link.', 'host.', 'operator.', 'record.'];
export const isSourceEvent = (event: LogEvent): event is SourceEvent =>
  SOURCE_PREFIXES.some((prefix) => event.type.startsWith(prefix));

/** A record as the log holds it; `E` narrows it to one family's records for that family's own code. */
export interface LoggedEvent<E extends LogEvent = LogEvent> {
  readonly seq: number;
  readonly atMs: number;
  readonly event: E;
}
