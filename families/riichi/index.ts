// The riichi family (issue 7): 4-player riichi (with its club, tenhou and tournament presets), Sanma, Mangan, Clear
// and Tenpai Race. Everything the host needs of it, through the family seam.
import type { GameFamily, VariantEntry } from '../../host/families/family.js';
import type { VariantReplay } from '../../host/replay/replay-hands.js';
import type { SeatDriver } from '../../hardware/simulator/seat-driver.js';
import { presetOf, type RuleOptions } from '../../rules/options.js';
import { CLEAR_MAHJONG } from '../../rules/variants/clear.js';
import { MANGAN_MAHJONG } from '../../rules/variants/mangan.js';
import { SANMA } from '../../rules/variants/sanma.js';
import { TENPAI_RACE } from '../../rules/variants/tenpai-race.js';
import { TOURNAMENT } from '../../rules/variants/tournament.js';
import { deriveSeed } from '../../table/rng.js';
import { TABLE_MODE_SPECS, type Seat } from '../../table/table-events.js';
import { createRiichiBot } from './bots/riichi-bot.js';
import { RiichiCore, type RiichiTableMode } from './core.js';
import { riichiSessionCsv, riichiSessionMjai, riichiSessionTenhou6 } from './export.js';
import { RIICHI_LOG, riichiEvent } from './log.js';
import { stageABot } from './machines/variant-simulation.js';
import { riichiOverrides, TENPAI_RACE_TABLE_SEATS } from './overrides.js';
import { riichiReconcileNotice } from './reconcile-notice.js';
import { RiichiRecorder } from './records.js';
import { RIICHI_SIMULATION } from './simulate.js';
import { riichiHandsReducer, riichiResultText, riichiRoundLabel, riichiStepLine } from './replay.js';
import { riichiSeatDriver } from './seat-driver.js';
import { TENHOU6_IMPORTER } from './tenhou6-importer.js';
import { RIICHI_STANDING, riichiViewReducer } from './view.js';

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
  result: (event, names) => riichiResultText(riichiEvent(event), names),
  label: (event) => {
    const e = riichiEvent(event);
    return e.type === 'hand.started' ? riichiRoundLabel(e.roundWind, e.handNumber, e.honba) : null;
  },
};

/**
 * A riichi-family entry (issue 7). The core's derived events are the riichi vocabulary
 * (machines/events.ts), which the log validates by the session's family (its `log.ts` schema, `validateLogEvent`);
 * they are among the log's records (`FamilyVocabularies`), so the core is a VariantCore as it is.
 */
function riichiVariant(
  id: 'riichi' | 'sanma' | 'mangan' | 'clear' | 'tenpai-race',
  name: string,
  mode: RiichiTableMode,
  presets: readonly string[],
  seats: readonly (0 | 1 | 2 | 3)[] = TABLE_MODE_SPECS[mode].seats,
): VariantEntry {
  // Tenpai Race's bots play Stage A (no win, no riichi: V2.1 item 3), as in `simulate`.
  const seatBot = id === 'tenpai-race' ? stageABot : <T>(bot: T): T => bot;
  return {
    id,
    name,
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
      }),
    playOptions: {
      ...(id === 'tenpai-race' ? { defaultHandsPerGame: TENPAI_RACE_HANDS_PER_GAME } : {}),
      tagTeam: id === 'mangan',
    },
    view: riichiViewReducer(id),
    standing: RIICHI_STANDING,
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
    overrides: riichiOverrides(id),
    reconcileNotice: riichiReconcileNotice,
  };
}


export const RIICHI_FAMILY: GameFamily = {
  id: 'riichi',
  log: RIICHI_LOG,
  simulation: RIICHI_SIMULATION,
  variants: [
    riichiVariant('riichi', 'Riichi', 'standard4', ['tenhou', 'club', 'tournament']),
    riichiVariant('sanma', 'Sanma', 'sanma3', ['sanma']),
    riichiVariant('mangan', 'Mangan Mahjong', 'standard4', ['mangan']),
    riichiVariant('clear', 'Clear Mahjong', 'standard4', ['clear']),
    // Two players across a standard4 table (seats 0 and 2; four walls as in riichi, V2.1 item 1).
    riichiVariant('tenpai-race', 'Tenpai Race', 'standard4', ['tenpai-race'], TENPAI_RACE_TABLE_SEATS),
  ],
  importers: [TENHOU6_IMPORTER],
};
