// Rule options (riichi.md section 19) as one typed object, the presets, and `makeRules`.
import { fail, ok, type Result } from './result.js';

/** Yakuman ids of riichi.md 11.3 that liability (pao) can cover. */
export type LiableYakuman = 'K03' | 'K05' | 'K06' | 'K07' | 'K08' | 'K10';

export interface RuleOptions {
  /** Players at the table (variants: Minefield 2, Sanma 3). */
  readonly players: 2 | 3 | 4;
  /** Points each player starts with. */
  readonly startingPoints: number;
  /** `hanchan` (East and South rounds) or `tonpuu` (East only). */
  readonly gameLength: 'hanchan' | 'tonpuu';
  /** Red fives in the set: `none`, `3` (0m 0p 0s) or `4` (0m 0p 0p 0s). Each red five in a hand is 1 han (3.6). */
  readonly redFives: 'none' | '3' | '4';
  /** All Simples (Y06) also counts in an open hand (kuitan). */
  readonly openTanyao: boolean;
  /** Two players may ron one discard (`double`), or only the nearest (`headBump`), 9.4. */
  readonly multipleRon: 'double' | 'headBump';
  /** Three rons on one discard, 9.4. */
  readonly tripleRon: 'abortIfThirdCanWin' | 'abortIfAllDeclare' | 'headBump';
  /** With double ron every winner gets the honba bonus (`each`) or only the nearest (`nearest`), A5. */
  readonly doubleRonHonba: 'each' | 'nearest';
  /** Kiriage mangan: 4 han 30 fu and 3 han 60 fu are paid as mangan (14.2). */
  readonly kiriage: boolean;
  /** Fu for a pair of a wind that is both seat and round wind (13.2 item 5, A10). */
  readonly doubleWindPairFu: 2 | 4;
  /** 13+ han without a real yakuman: paid as a `yakuman` (kazoe) or capped at `sanbaiman` (14.2). */
  readonly kazoe: 'yakuman' | 'sanbaiman';
  /** K01 13-sided, K02 single wait, K05, K09 9-sided count as two yakuman (11.3). */
  readonly doubleYakuman: boolean;
  /** Several yakuman in one hand add up; off: only the largest one counts (11.3). */
  readonly yakumanStacking: boolean;
  /** Largest yakuman multiple paid (11.3). */
  readonly yakumanCap: number;
  /** Gift of Man (Y29): not a yaku, a flat mangan, or a yakuman (11.4). */
  readonly renhou: 'off' | 'mangan' | 'yakuman';
  /** Eight Dealer Keeps (K14) is a yakuman. */
  readonly paarenchan: boolean;
  /** Chariot (K15, closed 22334455667788p) is a yakuman. */
  readonly daisharin: boolean;
  /** All Green (K08) needs the green dragon. */
  readonly allGreenNeedsHatsu: boolean;
  /** Nagashi mangan (10.1 item 4): off, paid as a kind of draw, or as a win. */
  readonly nagashiMangan: 'off' | 'drawType' | 'winType';
  /** Thirteen Orphans may rob a closed kan (A2). */
  readonly kokushiRobsClosedKan: boolean;
  /** Yakuman covered by liability (pao), 14.8. */
  readonly liability: readonly LiableYakuman[];
  /** A fifth kan aborts the hand (`abort`) or may not be declared (`forbidden`). */
  readonly fifthKan: 'abort' | 'forbidden';
  /** A new kan indicator counts for a ron on the kanner's next discard (A1). */
  readonly openKanDoraOnRon: boolean;
  /** Temporary furiten ends at the player's own next draw or own next discard (7.2, A4). */
  readonly tempFuritenEnds: 'ownDraw' | 'ownDiscard';
  /** Live-wall tiles needed to declare riichi (6.1, A3). */
  readonly riichiMinLiveTiles: number;
  /** Points needed to declare riichi (6.1). */
  readonly riichiMinPoints: number;
  /** Total paid by noten players at an exhaustive draw (10.1). */
  readonly notenPaymentTotal: number;
  /** Honba bonus per counter on a ron; a tsumo charges a third of it per payer (14.4). */
  readonly honbaValue: number;
  /** The game ends when a score is below this (17.1). */
  readonly bustBelow: number;
  /** End / West-extension threshold (17.2). */
  readonly targetPoints: number;
  /** Agari-yame (17.2, 17.3). */
  readonly agariYame: 'optional' | 'auto' | 'off';
  /** In the West round a dealer repeat keeps the game going even past the target (17.3). */
  readonly westDealerRepeatOverridesTarget: boolean;
  /** Deposits left at the end of the game go to first place or stay (17.4). */
  readonly leftoverDeposits: 'first' | 'stay';

  // Variant options (variants.md; presets in rules/variants/). Optional: absent = the base rule.
  /** Points a riichi declaration puts on the table; 0 = riichi is free (Minefield, Mangan Mahjong). Absent = 1000. */
  readonly riichiDeposit?: number;
  /** Double riichi (Y02) can be scored; Minefield: false (V1.4). Absent = true. */
  readonly doubleRiichiAllowed?: boolean;
  /** Calls allowed: `all`; `noChii` (Sanma V3.3); `none` (Minefield V1.1). Absent = `all`. */
  readonly calls?: 'all' | 'noChii' | 'none';
  /** Norths are set aside as dora (Sanma V3.2). Absent = false. */
  readonly northDora?: boolean;
  /** Kinds removed from the set (Sanma: 2m-8m, kinds 1-7). Absent = none. */
  readonly removedKinds?: readonly number[];
  /**
   * Smallest win allowed: `none`; `manganWithoutUra` = Minefield's floor (V1.3: yakuman, 5+ han, 4 han 30+ fu
   * or 3 han 60+ fu, counted without ura dora). Absent = `none`.
   */
  readonly winFloor?: 'none' | 'manganWithoutUra';
  /**
   * How a win is paid: `standard` (riichi.md 14); `minefieldAnte` (V1.5: ante × limit multiplier);
   * `manganBurn` (Mangan Mahjong V4.1: below mangan nothing moves, from mangan the losers pay and the winner
   * receives nothing). Absent = `standard`.
   */
  readonly payout?: 'standard' | 'minefieldAnte' | 'manganBurn';
  /** Chombo penalty (tournament V6.2): dealer 4000 to each, non-dealer 4000 / 2000. Absent = false. */
  readonly chomboPayments?: boolean;
  /**
   * Tournament V6.2 item 1 / [AMBIGUOUS T3]: the draws at which a riichi chombo (riichi while not tenpai, an
   * illegal kan after riichi) is settled. `anyDraw` (recommended): exhaustive or abortive; `exhaustiveDraw`: only
   * an exhaustive one (it lapses at an abortive draw). Absent = `anyDraw`.
   */
  readonly riichiChomboAt?: 'anyDraw' | 'exhaustiveDraw';
  /** Tenpai Race Stage B resolution (V2.2; unsourced, a prototype only). Absent = false. */
  readonly tenpaiRaceStageB?: boolean;
  /**
   * After South 4 the game goes back to East 1 and keeps cycling until it ends otherwise (Mangan Mahjong V4.1
   * item 4, Clear Mahjong V5.1 item 3): no target check, no West round, no agari-yame. Absent = false.
   */
  readonly cycleRounds?: boolean;
}

/**
 * `tenhou`: tenhou.net ranked four-player games with red fives (riichi.md 19).
 * doubleYakuman is false here although riichi.md 19 says true: every tenhou record in
 * shared/data/riichi-wins-public.jsonl scores suuankou tanki, 13-wait kokushi and junsei chuuren as one
 * yakuman (FORMAT.md's tenhou rules column: `doubleYakuman: false`), and the records decide.
 */
export const TENHOU: RuleOptions = {
  players: 4,
  startingPoints: 25000,
  gameLength: 'hanchan',
  redFives: '3',
  openTanyao: true,
  multipleRon: 'double',
  tripleRon: 'abortIfAllDeclare',
  // riichi.md 19 says `each` (verify, A5); every double ron with honba in shared/data/tenhou6 pays the
  // honba to the winner nearest the discarder only (test/formats/tenhou6.test.ts), and the logs decide.
  doubleRonHonba: 'nearest',
  kiriage: false,
  doubleWindPairFu: 4,
  kazoe: 'yakuman',
  doubleYakuman: false,
  yakumanStacking: true,
  yakumanCap: 6,
  renhou: 'off',
  paarenchan: false,
  daisharin: false,
  allGreenNeedsHatsu: false,
  nagashiMangan: 'drawType',
  kokushiRobsClosedKan: false,
  liability: ['K03', 'K05'],
  fifthKan: 'forbidden',
  openKanDoraOnRon: false,
  tempFuritenEnds: 'ownDiscard',
  riichiMinLiveTiles: 4,
  riichiMinPoints: 1000,
  notenPaymentTotal: 3000,
  honbaValue: 300,
  bustBelow: 0,
  targetPoints: 30000,
  agariYame: 'auto',
  westDealerRepeatOverridesTarget: true,
  leftoverDeposits: 'first',
};

/** `club` (riichi.md calls it `seed`): the club's own base rules, riichi.md 19 `seed` column. */
export const CLUB: RuleOptions = {
  ...TENHOU,
  redFives: 'none',
  tripleRon: 'abortIfThirdCanWin',
  doubleYakuman: true,
  renhou: 'mangan',
  paarenchan: true,
  daisharin: true,
  nagashiMangan: 'winType',
  fifthKan: 'abort',
  tempFuritenEnds: 'ownDraw',
  agariYame: 'optional',
  westDealerRepeatOverridesTarget: false,
};

/**
 * Every preset by name. Variant presets (minefield, sanma, mangan, clear, tenpai-race, tournament) are
 * registered here as data by rules/variants/ (`registerPreset`).
 */
export const PRESETS: Record<string, RuleOptions> = { tenhou: TENHOU, club: CLUB, seed: CLUB };

export type PresetName =
  'tenhou' | 'club' | 'seed' | 'minefield' | 'sanma' | 'mangan' | 'clear' | 'tenpai-race' | 'tournament';

/** Adds (or replaces) a preset in the registry; variants call this at module load. */
export function registerPreset(name: string, options: RuleOptions): void {
  PRESETS[name] = options;
}

/** The preset of that name, or `unknown_preset`. */
export function presetOf(name: string): Result<RuleOptions> {
  const preset = Object.hasOwn(PRESETS, name) ? PRESETS[name] : undefined;
  if (!preset)
    return fail('unknown_preset', `no preset "${name}" (known: ${Object.keys(PRESETS).join(', ')})`);
  return ok(preset);
}

/**
 * Options from a preset (by name or as an object) plus a partial override:
 * `makeRules('tenhou', { kiriage: true })`. Throws on an unknown preset name (a programming error);
 * names from user input go through `presetOf`.
 */
export function makeRules(
  preset: PresetName | RuleOptions,
  override: Partial<RuleOptions> = {},
): RuleOptions {
  let base: RuleOptions;
  if (typeof preset === 'string') {
    const found = presetOf(preset);
    if (!found.ok) throw new Error(`${found.code}: ${found.message}`);
    base = found.value;
  } else {
    base = preset;
  }
  return { ...base, ...override };
}
