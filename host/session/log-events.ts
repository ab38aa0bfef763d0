// The session log's record: the one vocabulary (table, variant and host/operator events), its schema and sources.
import { z } from 'zod';
import { minefieldEventSchema, type MinefieldEvent } from '../../families/minefield/machines/events.js';
import {
  operatorChomboDeclaredSchema,
  operatorDeadHandDeclaredSchema,
  operatorStageBSettledSchema,
  riichiEventSchema,
} from '../../families/riichi/machines/events.js';

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
  /** The riichi machines' own inputs (seats are riichi seats), logged as they are fed (variants.md V6.2, V6.3). */
  operatorChomboDeclaredSchema.strict(),
  operatorDeadHandDeclaredSchema.strict(),
  /** Tenpai Race's Stage B result entered by the operator (riichi seats), with why: the machine takes it without `reason`. */
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

export const LogEventSchema = z.discriminatedUnion('type', [
  ...TableEventSchema.options,
  ...hostEventSchemas,
  ...minefieldEventSchema.options,
]);
/** One record of a session log. */
export type LogEvent = TableEvent | HostEvent | MinefieldEvent;
/** What the machines take in: everything the host receives or decides. */
export type SourceEvent = TableEvent | HostEvent;
export type DerivedEvent = MinefieldEvent;

/** Which vocabulary a session's derived events speak: Minefield's, or the riichi family's (issue 7). */
export type LogFamily = 'minefield' | 'riichi';

/** The type literal of a record schema (each member of the unions below has one). */
const typeOf = (schema: { shape: { type: { value: unknown } } }): unknown => schema.shape.type.value;
const riichiSources = [...TableEventSchema.options, ...hostEventSchemas];
/**
 * A riichi-family session's record: the source events, then the riichi vocabulary. The operator's riichi inputs
 * are logged as source events (hostEventSchemas) and are riichi inputs too: the source schema is kept.
 */
const riichiOnly = riichiEventSchema.options.filter(
  (o) => !riichiSources.some((s) => typeOf(s) === typeOf(o)),
);
type RiichiLogMember = (typeof riichiSources)[number] | (typeof riichiOnly)[number];
export const RiichiLogEventSchema = z.discriminatedUnion('type', [...riichiSources, ...riichiOnly] as [
  RiichiLogMember,
  ...RiichiLogMember[],
]);

/** The riichi family's log record: the shared source events, then the riichi vocabulary. */
export type RiichiLogEvent = z.infer<typeof RiichiLogEventSchema>;
/** Each family's log record (Minefield's is `LogEvent`): a family names its vocabulary. */
export interface LogVocabulary {
  readonly minefield: LogEvent;
  readonly riichi: RiichiLogEvent;
}
type Outcome<E> =
  | { readonly success: true; readonly data: E }
  | { readonly success: false; readonly error: { readonly message: string } };

const LOG_SCHEMAS: { readonly [F in LogFamily]: z.ZodType<LogVocabulary[F]> } = {
  minefield: LogEventSchema,
  riichi: RiichiLogEventSchema,
};

const isLogFamily = (family: string): family is LogFamily => Object.hasOwn(LOG_SCHEMAS, family);

/**
 * Checks one record against the schema of the family it is logged under (the events table's `family` column, or
 * the writer's own): one parse at the boundary, no guessing. The shared events (table, link, host, operator,
 * record) validate in every family; a family this program does not know refuses every record.
 *
 * With a family known to the compiler the record is typed by its vocabulary. With one read at run time (storage's
 * `EventValidator`) it is typed as the host's `LogEvent`, as every generic log path still types it: the riichi
 * family's code narrows its records to its own vocabulary until the family seam carries each family's type.
 */
export function validateLogEvent<F extends LogFamily>(value: unknown, family: F): Outcome<LogVocabulary[F]>;
export function validateLogEvent(value: unknown, family: string): Outcome<LogEvent>;
export function validateLogEvent(value: unknown, family: string): Outcome<LogVocabulary[LogFamily]> {
  const type = (value as { type?: unknown } | null)?.type;
  if (!isLogFamily(family))
    return { success: false, error: { message: `no log vocabulary for family "${family}" (${String(type)})` } };
  const parsed = LOG_SCHEMAS[family].safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    error: { message: `not a ${family} session record (${String(type)}): ${parsed.error.message}` },
  };
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

/** The machines' refusals of an input (Minefield's and the riichi family's): the input was logged, the game did not take it. */
export const MACHINE_REFUSALS: ReadonlySet<string> = new Set([
  'seat.actionRejected',
  'seat.discardRejected',
  'seat.handRejected',
  'override.rejected',
]);

const SOURCE_PREFIXES = ['table.', 'link.', 'host.', 'operator.', 'record.'];
export const isSourceEvent = (event: LogEvent): event is SourceEvent =>
  SOURCE_PREFIXES.some((prefix) => event.type.startsWith(prefix));

export interface LoggedEvent {
  readonly seq: number;
  readonly atMs: number;
  readonly event: LogEvent;
}
