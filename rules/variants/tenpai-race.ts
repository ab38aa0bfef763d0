// Tenpai Race (variants.md V2): the preset, Stage A rules, Stage B entry; the Stage B resolution is unsourced and off by default.
import { isFuriten, type FuritenState } from '../furiten.js';
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import type { Seat } from '../payments.js';
import { fail, ok, type Result } from '../result.js';
import type { TileKind } from '../tiles.js';
import { tenpaiWaitKinds } from '../waits.js';

/**
 * The Tenpai Race preset (V2.1, V7): two players, 10,000 each, chii / pon / open kan on the opponent's discards
 * in Stage A. `tenpaiRaceStageB` stays false: the Stage B procedure and all scoring (V2.2 R1-R6) could not be
 * obtained from any source, so only its entry conditions are implemented as rules; the resolution below is the
 * prototype placeholder that variants.md V2.2 describes as "not a rule".
 */
export const TENPAI_RACE: RuleOptions = {
  ...CLUB,
  players: 2,
  startingPoints: 10000,
  notenPaymentTotal: 0,
  nagashiMangan: 'off',
  agariYame: 'off',
  calls: 'all',
  tenpaiRaceStageB: false,
};
registerPreset('tenpai-race', TENPAI_RACE);

/** V2.1 item 4: both players discarding 18 tiles each without Stage B is a draw. */
export const TENPAI_RACE_DISCARDS_PER_PLAYER = 18;

/** Stage A never allows a win, neither ron nor tsumo (V2.1 item 3). */
export const stageAMayWin = (): false => false;

/** Whether Stage A ends in a draw: both players have discarded 18 tiles (V2.1 item 4). */
export const isStageADraw = (discards: readonly [number, number]): boolean =>
  discards[0] >= TENPAI_RACE_DISCARDS_PER_PLAYER && discards[1] >= TENPAI_RACE_DISCARDS_PER_PLAYER;

/**
 * After a Stage A draw (V2.1 item 4): hands are not shown, no payments, the dealer stays, one honba is added.
 * (The honba's value is unknown: V2.2 R4.)
 */
export const afterStageADraw = (dealer: Seat, honba: number): { dealer: Seat; honba: number } => ({
  dealer,
  honba: honba + 1,
});

/** The hand of a player right after his own discard. */
export interface StageBEntryInput {
  /** Concealed tiles by kind (3n+1 tiles). */
  readonly counts: Uint8Array;
  readonly meldCount: number;
  /** Concealed + meld tiles by kind (a kind held four times is not a wait). */
  readonly held: Uint8Array;
  /** His own discards (kinds). */
  readonly pond: readonly TileKind[];
  readonly furiten: FuritenState;
}

/**
 * Whether the player may start Stage B now (V2.1 item 5): right after his own discard, tenpai and not furiten.
 * Returns the waits; `not_tenpai` or `furiten` otherwise. A furiten player may not declare riichi either, and a
 * riichi declaration starts Stage B at once (`riichiStartsStageB`).
 */
export function canStartStageB(input: StageBEntryInput): Result<TileKind[]> {
  const waits = tenpaiWaitKinds(input.counts, input.meldCount, input.held);
  if (waits.length === 0) return fail('not_tenpai', 'Stage B needs a tenpai hand');
  if (isFuriten(waits, input.pond, input.furiten))
    return fail('furiten', 'a furiten player may not start Stage B (nor declare riichi)');
  return ok(waits);
}

/** V2.1 item 5: a player who declares riichi must start Stage B at once. */
export const riichiStartsStageB = true;

/** V2.1 item 6: whoever starts Stage B is the attacker, the opponent the defender. */
export const stageBRoles = (starter: Seat): { attacker: Seat; defender: Seat } => ({
  attacker: starter,
  defender: starter === 0 ? 1 : 0,
});

/** One round of the Stage B prototype, what the defender named and what the attacker drew. */
export interface StageBRound {
  /** The two kinds the defender names (V2.1 item 7 says two tiles). */
  readonly guess: readonly [TileKind, TileKind];
  /** The attacker's waits. */
  readonly waits: readonly TileKind[];
  /** The tile the attacker then draws and shows, if the guess missed. */
  readonly drawn: TileKind | null;
}

export type StageBOutcome = 'defenderFound' | 'attackerTsumo' | 'continue';

/**
 * UNSOURCED prototype of a Stage B round (variants.md V2.2 "placeholder for prototyping only (not a rule)"):
 * a guess that names a winning kind ends the hand for the defender; otherwise the attacker wins if his drawn
 * tile completes the hand; else play continues. No scoring is defined. Refused with `rule_disabled` unless the
 * options enable `tenpaiRaceStageB`.
 */
export function resolveStageBRound(round: StageBRound, options: RuleOptions): Result<StageBOutcome> {
  if (!options.tenpaiRaceStageB)
    return fail(
      'rule_disabled',
      'Tenpai Race Stage B is unsourced (variants.md V2.2) and off; set tenpaiRaceStageB to prototype it',
    );
  if (round.guess[0] === round.guess[1]) return fail('bad_input', 'the defender names two distinct kinds');
  if (round.guess.some((k) => round.waits.includes(k))) return ok('defenderFound');
  if (round.drawn !== null && round.waits.includes(round.drawn)) return ok('attackerTsumo');
  return ok('continue');
}
