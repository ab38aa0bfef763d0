// The seam a game family plugs into: what generic host code calls on a family and its variants, typed without naming
// one. A family implements `GameFamily` once, in its own folder (families/<family>/index.ts); host/families/registry.ts
// lists the families, and generic code asks it (docs/restructure-report.md lists what still names a family).
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import type {
  PublicState,
  SeatInfo,
  TimelineKind,
  VariantId,
  VariantView,
  WinBreakdown,
} from '../../contract/ipc-contract.js';
import type { SeatDriver } from '../../hardware/simulator/seat-driver.js';
import type { Seat, SeatButton, TableFeature, TableMode } from '../../table/table-events.js';
import type { HostErrorCode, HostResult } from '../errors.js';
import type { FamilySimulation } from '../cli/simulate-options.js';
import type { VariantReplay } from '../replay/replay-hands.js';
import type { FamilyEvent, LogEvent, LoggedEvent, LogFamily } from '../session/log-events.js';
import type {
  ChomboDeclared,
  ChomboRequest,
  DeadHandDeclared,
  DeadHandRequest,
  OperatorOverride,
  OverrideContext,
  StageBSettled,
  StageBSettlementRequest,
} from '../session/override-context.js';
import type { CoreOptions, VariantCore } from '../session/variant-core.js';
import type { PublicModel } from '../view/model.js';
import type { RecordImporter } from './record-importer.js';
import type { Session, StorageResult } from '../storage/index.js';

/** A family's public-view fold: one logged record into its part of the screens' state, and the win it shows. */
export type ViewReducer = (
  view: VariantView | null,
  record: LoggedEvent,
  seats: readonly SeatInfo[],
) => { readonly view: VariantView | null; readonly win: WinBreakdown | null };

/** A family's standing read from its public view: the game-over screen's points, places and final scores. */
export interface ViewStanding {
  /** Each seat in play (table seat) with its points, in the view's seat order. */
  seats(view: VariantView): { seat: Seat; points: number }[];
  /** Table seats first place first once the game is decided, else null. */
  places(view: VariantView): Seat[] | null;
  /**
   * Each seat's final score (in `seats` order) where the preset scores a game beyond its points (the tournament's uma
   * and oka), else null. `order`: indexes into `seats`, first place first.
   */
  finalScores(points: readonly number[], order: readonly number[], preset: string): readonly number[] | null;
}

/** A player at a table seat, as the club records keep them (null: a guest or a bot). */
export interface SeatPlayer {
  readonly seat: Seat;
  readonly playerId: number | null;
}

/**
 * Club records from the log (games, hands with their event ranges, public snapshots at hand ends). `write` is false
 * while a log that already holds the records is replayed (recovery): the recorder then only finds its place.
 */
export interface SessionRecorder {
  observe(seq: number, atMs: number, event: LogEvent, model: PublicModel, write: boolean): StorageResult<void>;
}

/** The bots at the built-in simulator's seats, and whether its tile set has red fives. */
export interface SimulatorSeats {
  readonly drivers: Partial<Record<Seat, SeatDriver>>;
  readonly reds: boolean;
}

/** One game of a session as a tenhou.net/6 file. */
export interface Tenhou6Game {
  /** 1, 2, 3... in the session. */
  readonly game: number;
  /** Finished hands in the file. */
  readonly hands: number;
  readonly content: string;
}

/** One kind of override a variant takes beyond a missed press (issue 7): its checks and its audited line. */
export interface OverrideKind<Request, Event> {
  /** Its name for people, in the refusal a session of another variant gets ("chombo", "a dead hand"). */
  readonly name: string;
  /** The stable code a session of a variant that takes no such override is refused with (host/errors.ts). */
  readonly refusal: HostErrorCode;
  readonly check: (context: OverrideContext, request: Request) => HostResult<Event>;
  /** The audited line for the running log and the timeline: who, what, why. */
  readonly describe: (event: Event) => string;
  /** Why it was entered, in words (a chombo's trigger by its name): the replay's step line ends with it. */
  readonly reason: (event: Event) => string;
}

/** What the console's operator may enter for a variant (issue 7; host/session/operator-overrides.ts asks it). */
export interface VariantOverrides {
  /** The seat buttons its core reads: a press of any other means nothing to the game, so entering one is refused. */
  readonly buttons: readonly SeatButton[];
  readonly chombo?: OverrideKind<ChomboRequest, ChomboDeclared>;
  readonly deadHand?: OverrideKind<DeadHandRequest, DeadHandDeclared>;
  readonly stageB?: OverrideKind<StageBSettlementRequest, StageBSettled>;
  /** What the checks read of its public view (dead hands, a Stage B waiting); absent: none dead, none waiting. */
  readonly fromView?: (view: VariantView) => Pick<OverrideContext, 'deadSeats' | 'stageBWaiting'>;
  /**
   * Why its machines refused an override just fed, from the records it caused (`after`, from the override on), or
   * null; absent: its machines never refuse one.
   */
  readonly machineRefusal?: (
    event: OperatorOverride,
    after: readonly LoggedEvent[],
    tableSeats: readonly Seat[],
  ) => string | null;
}

/** The table status's reconcile notice (PublicState `table.reconcile`): what the operator must look at, or none. */
export type ReconcileNotice = PublicState['table']['reconcile'];

export interface VariantEntry {
  readonly id: VariantId;
  /** Its name for people (the console, the standings). */
  readonly name: string;
  readonly mode: TableMode;
  /**
   * Protocol 2 features the variant cannot play without (PROTOCOL.md §16.1): a table lacking one is refused at its
   * HELLO, with what it lacks on the console. None today: the riichi family plays kans on a revision 1.2 table too
   * (§9.1); the Chinese family's variants will need `bonusTiles` and `replacementDraws` (Xiamen `goldIndicator`).
   */
  readonly requiredFeatures?: readonly TableFeature[];
  /** Rule presets this host knows for the variant; the first is the default. */
  readonly presets: readonly string[];
  /** Players the variant seats, as table seats. */
  readonly tableSeats: readonly (0 | 1 | 2 | 3)[];
  /** The core for a session of `preset` (one of `presets`), with the session's play options. */
  readonly createCore: (options: CoreOptions, preset: string, play?: SessionPlay) => VariantCore;
  /** The play options this variant takes (`SessionPlay`); absent: none. */
  readonly playOptions?: {
    /** Hands per game when the session names none (Tenpai Race: its Stage A never ends a game). */
    readonly defaultHandsPerGame?: number;
    readonly tagTeam: boolean;
  };
  readonly view: ViewReducer;
  /** The game-over screen's standing, from the folded view. */
  readonly standing: ViewStanding;
  /** The replay viewer's part (issue 12): concealed hands, step lines, results and hand names. */
  readonly replay: VariantReplay;
  /** Whether tenhou.net/6 export applies (riichi-family games only). */
  readonly tenhouExport: boolean;
  /** The session's exports: CSV with the variant's own columns, mjai, and tenhou.net/6 where it applies (export.ts). */
  readonly exports: SessionExports;
  /** The club records of a session. */
  readonly createRecorder: (db: Database.Database, sessionId: number, seats: readonly SeatPlayer[]) => SessionRecorder;
  /** Bots for the built-in simulator's seats, playing through `core`. */
  readonly simulatorSeats: (seed: number, core: VariantCore, preset: string) => SimulatorSeats;
  /** What the operator may enter for it: the buttons its core reads and the overrides it takes. */
  readonly overrides: VariantOverrides;
  /**
   * Its fold of the table status's reconcile notice over the log (`view`: its public view before `record`): the
   * riichi family's mismatch after a link loss, cleared by a new hand. Absent: its records set none.
   */
  readonly reconcileNotice?: (
    notice: ReconcileNotice,
    record: LoggedEvent,
    view: VariantView | null,
  ) => ReconcileNotice;
}

/** What a variant exports (`VariantEntry.exports`); each refuses, with the reason, what it cannot write whole. */
export interface SessionExports {
  readonly csv: (session: Session, records: readonly LoggedEvent[]) => HostResult<string>;
  readonly mjai: (session: Session, records: readonly LoggedEvent[]) => HostResult<string>;
  /** tenhou.net/6, one file per game (`game`: only that one); absent: the format does not describe the variant. */
  readonly tenhou?: (
    session: Session,
    records: readonly LoggedEvent[],
    game?: number,
  ) => HostResult<readonly Tenhou6Game[]>;
}

/** A session's play options, logged in `host.sessionOpened` so a resumed host builds the same core. */
export interface SessionPlay {
  /** Cut each game after this many hands (RiichiCore `handsPerGame`). */
  readonly handsPerGame?: number;
  /** Mangan Mahjong's 8-player tag-team option (variants.md V4.3). */
  readonly tagTeam?: boolean;
}

/**
 * A family's log vocabulary (families/<family>/log.ts): the schema every record of its sessions is validated by, once,
 * where it enters (the events table's `family` column names it), and what the log shows of its own records. The
 * shared events (table, link, host, operator, record) have their text and redaction in host/session/log-text.ts.
 *
 * `E` is the family's own records. The methods take them as the family's (method parameters are checked both ways):
 * generic code hands a family only records its schema passed.
 */
export interface FamilyLog<E extends FamilyEvent = FamilyEvent> {
  /** A whole record of its sessions: the shared events, then its own (log-events.ts `familyLogSchema`). */
  readonly schema: z.ZodType<LogEvent>;
  /** The running log's and the timeline's line for one of its records; null: none (a secret or machinery). */
  describe(event: E): string | null;
  /** One of its records as anyone may see it while its hand is being played; null: not shown at all. */
  redact(event: E): Record<string, unknown> | null;
  /** The replay timeline's kind of one of its records; null: `other`. */
  timelineKind(event: E): TimelineKind | null;
  /** The types of its machines' refusals of an input: the input was logged, the game did not take it. */
  readonly refusals: ReadonlySet<string>;
}

/** A game family: its id (the log's vocabulary) and the variants it plays, in the order the console offers them. */
export interface GameFamily {
  readonly id: LogFamily;
  /** Its log vocabulary: the schema its sessions' records are validated by, their text and public form. */
  readonly log: FamilyLog;
  readonly variants: readonly VariantEntry[];
  /** Its part of `mahjong-table simulate`: bots through its machines, headless or at the PTY table. */
  readonly simulation: FamilySimulation;
  /** The game-record formats it imports (host/families/record-importers.ts finds them); absent: none. */
  readonly importers?: readonly RecordImporter[];
}
