// The variants the host can run: each one's table mode, presets, core (machines) and public-view fold, by id.
import type { VariantId } from '../../contract/ipc-contract.js';
import type Database from 'better-sqlite3';
import type { SeatDriver } from '../../hardware/simulator/seat-driver.js';
import { createRiichiBot } from '../../families/riichi/bots/riichi-bot.js';
import { stageABot } from '../../families/riichi/machines/variant-simulation.js';
import { deriveSeed } from '../../table/rng.js';
import { TABLE_MODE_SPECS, type Seat, type TableFeature, type TableMode } from '../../table/table-events.js';
import { presetOf, type RuleOptions } from '../../rules/options.js';
import { CLEAR_MAHJONG } from '../../rules/variants/clear.js';
import { MANGAN_MAHJONG } from '../../rules/variants/mangan.js';
import { SANMA } from '../../rules/variants/sanma.js';
import { TENPAI_RACE } from '../../rules/variants/tenpai-race.js';
import { TOURNAMENT } from '../../rules/variants/tournament.js';
import { riichiSeatDriver } from '../../families/riichi/seat-driver.js';
import { MinefieldCore, type CoreOptions } from '../../families/minefield/core.js';
import { applyMinefieldView } from '../../families/minefield/view.js';
import type { ViewReducer } from './family.js';
import type { Recorder, SeatPlayer } from '../session/recorder.js';
import { RiichiCore, type RiichiTableMode } from '../../families/riichi/core.js';
import { RiichiRecorder } from '../../families/riichi/records.js';
import { minefieldCsv, minefieldMjai } from '../../families/minefield/export.js';
import { riichiSessionCsv, riichiSessionMjai, riichiSessionTenhou6, type Tenhou6Game } from '../../families/riichi/export.js';
import type { HostResult } from '../errors.js';
import type { LoggedEvent } from '../session/log-events.js';
import type { Session } from '../storage/index.js';
import { riichiViewReducer } from '../../families/riichi/view.js';
import {
  minefieldHandLabel,
  minefieldHandsReducer,
  minefieldResultText,
  minefieldStepLine,
} from '../../families/minefield/replay.js';
import type { VariantReplay } from '../replay/replay-hands.js';
import { riichiHandsReducer, riichiResultText, riichiRoundLabel, riichiStepLine } from '../../families/riichi/replay.js';
import type { MinefieldEvent } from '../../families/minefield/machines/events.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import type { VariantCore } from '../session/variant-core.js';

/** The bots at the built-in simulator's seats, and whether its tile set has red fives. */
export interface SimulatorSeats {
  readonly drivers: Partial<Record<Seat, SeatDriver>>;
  readonly reds: boolean;
}

export interface VariantEntry {
  readonly id: VariantId;
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
  /** The replay viewer's part (issue 12): concealed hands, step lines, results and hand names. */
  readonly replay: VariantReplay;
  /** Whether tenhou.net/6 export applies (riichi-family games only). */
  readonly tenhouExport: boolean;
  /** The session's exports: CSV with the variant's own columns, mjai, and tenhou.net/6 where it applies (export.ts). */
  readonly exports: SessionExports;
  /** The club records of a session (default: the Recorder, Minefield's). */
  readonly createRecorder?: (
    db: Database.Database,
    sessionId: number,
    seats: readonly SeatPlayer[],
  ) => Pick<Recorder, 'observe'>;
  /** Bots for the built-in simulator's seats, playing through `core` (default: Minefield's bots). */
  readonly simulatorSeats?: (seed: number, core: VariantCore, preset: string) => SimulatorSeats;
}

/** What a variant exports (host/families/registry.ts `VariantEntry.exports`); each refuses, with the reason, what it cannot write whole. */
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
 * Tenpai Race's hands per game when the session names none: the rules give no game end (V2.2 R6, unsourced) and
 * Stage A never ends one (V2.1 item 4), so the host cuts each game after 8 hands (two players dealing four times
 * each, as an East round of four-player riichi deals four hands). `serve --hands-per-game N` changes it.
 */
export const TENPAI_RACE_HANDS_PER_GAME = 8;

/** The variant presets of the riichi family, by name (rules/variants/; `presetOf` knows them once loaded). */
const VARIANT_PRESETS: Readonly<Record<string, RuleOptions>> = {
  sanma: SANMA,
  mangan: MANGAN_MAHJONG,
  clear: CLEAR_MAHJONG,
  tournament: TOURNAMENT,
  'tenpai-race': TENPAI_RACE,
};

/** The rules of a riichi-family preset (the variants' from rules/variants/, the others from rules/options.ts). */
function riichiRules(preset: string): RuleOptions {
  const own = Object.hasOwn(VARIANT_PRESETS, preset) ? VARIANT_PRESETS[preset] : undefined;
  if (own !== undefined) return own;
  const rules = presetOf(preset);
  if (!rules.ok) throw new Error(`riichi family: ${rules.message}`);
  return rules.value;
}

/** The riichi family's replay part (riichi-replay.ts); its events are the riichi vocabulary. */
export const RIICHI_REPLAY: VariantReplay = {
  hands: riichiHandsReducer,
  line: riichiStepLine,
  result: (event, names) => riichiResultText(event as unknown as RiichiEvent, names),
  label: (event) => {
    const e = event as unknown as RiichiEvent;
    return e.type === 'hand.started' ? riichiRoundLabel(e.roundWind, e.handNumber, e.honba) : null;
  },
};

const MINEFIELD_REPLAY: VariantReplay = {
  hands: minefieldHandsReducer,
  line: minefieldStepLine,
  result: (event, names) => minefieldResultText(event as MinefieldEvent, names),
  label: (event) => {
    const e = event as MinefieldEvent;
    return e.type === 'hand.started' ? minefieldHandLabel(e.hand, e.ante) : null;
  },
};

/**
 * A riichi-family entry (issue 7). The core's derived events are the riichi vocabulary
 * (families/riichi/machines/events.ts), which the log validates beside Minefield's (log-events.ts `validateLogEvent`);
 * the host handles derived events only as log records, so the core is registered as a VariantCore of them.
 */
function riichiFamily(
  id: 'riichi' | 'sanma' | 'mangan' | 'clear' | 'tenpai-race',
  mode: RiichiTableMode,
  presets: readonly string[],
  seats: readonly (0 | 1 | 2 | 3)[] = TABLE_MODE_SPECS[mode].seats,
): VariantEntry {
  // Tenpai Race's bots play Stage A (no win, no riichi: V2.1 item 3), as in `simulate`.
  const seatBot = id === 'tenpai-race' ? stageABot : <T>(bot: T): T => bot;
  return {
    id,
    mode,
    presets,
    tableSeats: seats,
    createCore: (options, preset, play = {}) =>
      new RiichiCore({
        ...(play.handsPerGame === undefined ? {} : { handsPerGame: play.handsPerGame }),
        tagTeam: id === 'mangan' && play.tagTeam === true,
        startAtMs: options.startAtMs,
        stageTimeoutMs: options.stageTimeoutMs,
        ...(options.requiredFeatures === undefined ? {} : { requiredFeatures: options.requiredFeatures }),
        mode,
        rules: riichiRules(preset),
        clearMahjong: id === 'clear',
        // The tournament preset asks the dealer agari-yame (as `simulate` does, VARIANT_SETUP); table buttons answer.
        askAgariYame: preset === 'tournament',
        seats,
      }) as unknown as VariantCore,
    playOptions: {
      ...(id === 'tenpai-race' ? { defaultHandsPerGame: TENPAI_RACE_HANDS_PER_GAME } : {}),
      tagTeam: id === 'mangan',
    },
    view: riichiViewReducer(id),
    replay: RIICHI_REPLAY,
    // families/riichi/export.ts; a Sanma game is refused there with the reason (GameRecord models four players).
    // Mangan's burned points and Clear's endless rounds have no place in tenhou.net/6: not exported.
    tenhouExport: id === 'riichi' || id === 'sanma',
    exports: {
      csv: riichiSessionCsv,
      mjai: riichiSessionMjai,
      ...(id === 'riichi' || id === 'sanma' ? { tenhou: riichiSessionTenhou6 } : {}),
    },
    createRecorder: (db, sessionId, players) => new RiichiRecorder(db, sessionId, players, seats),
    simulatorSeats: (seed, core, preset) => {
      const drivers: Partial<Record<Seat, SeatDriver>> = {};
      const riichi = core as unknown;
      if (riichi instanceof RiichiCore)
        for (const seat of seats)
          drivers[seat] = riichiSeatDriver(
            seatBot(createRiichiBot({ seed: deriveSeed(seed, 100 + seat) })),
            seat,
            (s) => riichi.panel(s),
          );
      // The simulated set must be the preset's: red fives only where the rules use them.
      return { drivers, reds: riichiRules(preset).redFives !== 'none' };
    },
  };
}

/**
 * Minefield, and the riichi family (issue 7): 4-player riichi (and its tournament preset), sanma, Mangan, Clear,
 * and Tenpai Race: two players across a standard4 table (seats 0 and 2; four walls as in riichi, V2.1 item 1).
 */
export const VARIANT_REGISTRY: Partial<Record<VariantId, VariantEntry>> = {
  minefield: {
    id: 'minefield',
    mode: 'minefield2',
    presets: ['minefield'],
    tableSeats: [0, 2],
    createCore: (options) => new MinefieldCore(options),
    view: applyMinefieldView,
    replay: MINEFIELD_REPLAY,
    tenhouExport: false,
    exports: { csv: minefieldCsv, mjai: minefieldMjai },
  },
  riichi: riichiFamily('riichi', 'standard4', ['tenhou', 'club', 'tournament']),
  sanma: riichiFamily('sanma', 'sanma3', ['sanma']),
  mangan: riichiFamily('mangan', 'standard4', ['mangan']),
  clear: riichiFamily('clear', 'standard4', ['clear']),
  'tenpai-race': riichiFamily('tenpai-race', 'standard4', ['tenpai-race'], [0, 2]),
};

export const variantEntry = (id: string): VariantEntry | undefined => VARIANT_REGISTRY[id as VariantId];

/** The public-view fold of a variant (null for one this host cannot run). */
export const variantViewReducer = (id: VariantId): ViewReducer | null => VARIANT_REGISTRY[id]?.view ?? null;

export const runnableVariants = (): VariantId[] => Object.keys(VARIANT_REGISTRY) as VariantId[];
