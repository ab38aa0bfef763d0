// Tenpai Race (variants.md V2): the preset, Stage A rules, Stage B entry; the Stage B resolution is unsourced and off by default.
import { isFuriten, type FuritenState } from '../furiten.js';
import type { HandEnd } from '../game-flow.js';
import type { Wind } from '../hand.js';
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import type { Seat } from '../payments.js';
import { fail, ok, type Result } from '../result.js';
import type { TileKind } from '../tiles.js';
import { tenpaiWaitKinds } from '../waits.js';

/**
 * The Tenpai Race preset (V2.1, V7): two players, 10,000 each, chii / pon / open kan on the opponent's discards
 * in Stage A. `tenpaiRaceStageB` stays false: the Stage B procedure and all scoring (V2.2 R1-R6) could not be
 * obtained from any source, so only its entry conditions are implemented as rules; the resolution below is the
 * prototype placeholder that variants.md V2.2 describes as "not a rule". On the machines
 * (families/riichi/machines/tenpai-race.ts) Stage B is entered as sourced; with the option off the operator records how
 * the players resolved it (`operator.stageBSettled`), with it on this placeholder plays it and scores nothing.
 */
export const TENPAI_RACE: RuleOptions = {
  ...CLUB,
  players: 2,
  startingPoints: 10000,
  notenPaymentTotal: 0,
  nagashiMangan: 'off',
  agariYame: 'off',
  calls: 'all',
  // The riichi stick's value is unknown (V7): the machine takes none; the operator's Stage B result carries
  // whatever the club's paper rules charge (families/riichi/machines/tenpai-race.ts).
  riichiDeposit: 0,
  // R6 (game end) is unsourced; variants.md V2.2 presumes "a player's points reaching 0 or below, as in the other
  // Fukumoto variants": only the operator's Stage B result moves points, and it cannot go below 0 (tenpai-race.ts).
  bustBelow: 1,
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
 * (The honba's value is unknown: V2.2 R4.) rules/game-flow.ts does the same with `STAGE_A_DRAW`.
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

/** The Stage A draw as a hand end for rules/game-flow.ts `afterHand`: no payments, dealer stays, honba +1. */
export const STAGE_A_DRAW: HandEnd = { kind: 'abortiveDraw', reason: 'tenpaiRaceStageA' };

/**
 * Seat winds until sourced (V2.2, suggested seating): the dealer is East, the opponent West, as in Minefield;
 * the round wind is East.
 */
export const tenpaiRaceSeatWind = (seat: Seat, dealer: Seat): Wind => (seat === dealer ? 1 : 3);

/** What a player may do on the table. */
export type TenpaiRaceAction =
  'draw' | 'discard' | 'chi' | 'pon' | 'openKan' | 'closedKan' | 'addedKan' | 'riichi' | 'ron' | 'tsumo';

/**
 * Stage A (V2.1 item 3): normal riichi draw/discard play with chii, pon and open kan on the opponent's discards
 * (he is both previous and next player, so chii is open on every discard), but no win at all. Kans from the
 * hand are not calls and stay allowed; a riichi declaration starts Stage B (item 5).
 */
export const stageAAllows = (action: TenpaiRaceAction): boolean => action !== 'ron' && action !== 'tsumo';

/** One hand of Tenpai Race: Stage A until a player starts Stage B (or the 18-discard draw). */
export interface TenpaiRaceHand {
  readonly stage: 'A' | 'B';
  /** Discards per seat (0, 1) in this hand. */
  readonly discards: readonly [number, number];
  /** Stage B: the attacker and defender (V2.1 item 6); null in Stage A. */
  readonly roles: { readonly attacker: Seat; readonly defender: Seat } | null;
  /** Stage B: whether the attacker entered it by declaring riichi (V2.1 item 5). */
  readonly byRiichi: boolean;
  /** Stage B: the attacker's winning kinds when he entered it. */
  readonly waits: readonly TileKind[];
}

export const startTenpaiRaceHand = (): TenpaiRaceHand => ({
  stage: 'A',
  discards: [0, 0],
  roles: null,
  byRiichi: false,
  waits: [],
});

const isTwoPlayerSeat = (seat: number): seat is 0 | 1 => seat === 0 || seat === 1;

/**
 * Counts a Stage A discard of `seat`. `draw` is true when both players have discarded 18 tiles (V2.1 item 4):
 * the hand ends with `STAGE_A_DRAW`. `bad_input` outside Stage A or for a seat other than 0 and 1.
 */
export function recordStageADiscard(
  hand: TenpaiRaceHand,
  seat: Seat,
): Result<{ hand: TenpaiRaceHand; draw: boolean }> {
  if (!isTwoPlayerSeat(seat)) return fail('bad_input', `Tenpai Race has seats 0 and 1, not ${seat}`);
  if (hand.stage !== 'A') return fail('bad_input', 'Stage B has started: Stage A discards are over');
  const discards: [number, number] = [hand.discards[0], hand.discards[1]];
  discards[seat] += 1;
  return ok({ hand: { ...hand, discards }, draw: isStageADraw(discards) });
}

/**
 * Starts Stage B for `seat` right after his own discard (V2.1 items 5-6): `entry` is `canStartStageB` of his
 * hand at that moment (tenpai, not furiten). A riichi declaration must go through here at once (`byRiichi`).
 * Errors: those of `entry` (`not_tenpai`, `furiten`), and `bad_input` when Stage B already started, for a
 * seat other than 0 and 1, or once the hand is drawn.
 */
export function startStageB(
  hand: TenpaiRaceHand,
  seat: Seat,
  entry: Result<TileKind[]>,
  byRiichi: boolean,
): Result<TenpaiRaceHand> {
  if (!isTwoPlayerSeat(seat)) return fail('bad_input', `Tenpai Race has seats 0 and 1, not ${seat}`);
  if (hand.stage !== 'A') return fail('bad_input', 'Stage B has already started');
  if (isStageADraw(hand.discards)) return fail('bad_input', 'the hand is drawn (18 discards each)');
  if (!entry.ok) return entry;
  return ok({ stage: 'B', discards: hand.discards, roles: stageBRoles(seat), byRiichi, waits: entry.value });
}
