// Minefield Mahjong (variants.md V1, seed 000): the preset, hand validation, waits, furiten and the win check.
import { decompose } from '../decompose.js';
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import { fail, ok, type Result, type RuleError } from '../result.js';
import { isComplete, waitKinds } from '../waits.js';
import { scoreHand, type ScoredHand, type WinContext } from '../score.js';
import { countKinds, formatKind, KIND_COUNT, tileKind, type Tile, type TileKind } from '../tiles.js';
import {
  MINEFIELD_DISCARDS_PER_PLAYER,
  MINEFIELD_FIRST_ANTE,
  MINEFIELD_STARTING_POINTS,
  minefieldLimit,
  minefieldPayout,
  reachesMinefieldFloor,
  type MinefieldLimit,
} from './minefield-points.js';

/**
 * The Minefield preset: the club rules (`seed`) with the deltas of variants.md V1 / V7. Two players, 50,000
 * each, no red fives, no calls, no double riichi, no honba and free riichi, kiriage on (floor and tiers),
 * double yakuman on (the seed's "double limit hand"), no Gift of Man, no Pool of Dreams, no Eight Dealer Keeps,
 * no tenpai payments, payment = ante × limit multiplier.
 */
export const MINEFIELD: RuleOptions = {
  ...CLUB,
  players: 2,
  startingPoints: MINEFIELD_STARTING_POINTS,
  redFives: 'none',
  kiriage: true,
  doubleYakuman: true,
  renhou: 'off',
  paarenchan: false,
  nagashiMangan: 'off',
  liability: [],
  notenPaymentTotal: 0,
  honbaValue: 0,
  agariYame: 'off',
  riichiDeposit: 0,
  doubleRiichiAllowed: false,
  calls: 'none',
  winFloor: 'manganWithoutUra',
  payout: 'minefieldAnte',
};
registerPreset('minefield', MINEFIELD);

/** Minefield seats have fixed winds: the dealer East, the non-dealer West; the round is always East (V1.4). */
export const minefieldSeatWind = (dealer: boolean): 1 | 3 => (dealer ? 1 : 3);

/**
 * Every kind that completes a 13-tile closed hand (shape only, yaku and mangan ignored), ascending.
 * Includes a kind of which the hand holds all four copies (see `minefieldTenpai`).
 */
export function minefieldWaits(hand: readonly Tile[]): TileKind[] {
  const counts = countKinds(hand);
  if (counts.every((n) => n <= 4)) return waitKinds(counts, 0);
  // A hand holding a fifth copy is no real hand; read it completion by completion as before.
  const waits: TileKind[] = [];
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    counts[kind]!++;
    if (decompose(counts, 0).length > 0) waits.push(kind);
    counts[kind]!--;
  }
  return waits;
}

/**
 * Whether 14 counted tiles form a complete closed hand. The rules' fast check when every count is a real
 * one (at most four); `decompose` otherwise, as before (it reads a fifth copy as pair + triplet).
 */
function completesHand(counts: Uint8Array): boolean {
  for (let kind = 0; kind < KIND_COUNT; kind++) if (counts[kind]! > 4) return decompose(counts, 0).length > 0;
  return isComplete(counts, 0);
}

/**
 * Validates a chosen hand before play (V1.1 item 4): 13 tiles (`bad_hand_size`), tenpai on at least one kind
 * of which it does not already hold all four (`not_tenpai`, riichi.md 7 and 10.1). Returns the waits.
 */
export function validateMinefieldHand(hand: readonly Tile[]): Result<TileKind[]> {
  if (hand.length !== 13) return fail('bad_hand_size', `a Minefield hand is 13 tiles, not ${hand.length}`);
  const counts = countKinds(hand);
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    if (counts[kind]! > 4)
      return fail('too_many_copies', `the hand holds ${counts[kind]} copies of ${formatKind(kind)}`);
  }
  const live = minefieldWaits(hand).filter((kind) => counts[kind]! < 4);
  if (live.length === 0)
    return fail('not_tenpai', 'the hand must wait on at least one tile it does not already hold four of');
  return ok(live);
}

/**
 * Discard furiten (V1.3 item 2, [AMBIGUOUS M4]: "waits" = every completing kind, even below mangan): true when
 * any wait is among the player's own discards.
 */
export function isMinefieldDiscardFuriten(hand: readonly Tile[], ownDiscards: readonly TileKind[]): boolean {
  // No discards, no furiten: the waits need not be read (the bot's checks and every first discard).
  if (ownDiscards.length === 0) return false;
  const discarded = new Uint8Array(KIND_COUNT);
  for (const kind of ownDiscards) discarded[kind] = 1;
  return minefieldWaits(hand).some((kind) => discarded[kind] === 1);
}

/** A ron claim in Minefield, as the hand machine knows it. */
export interface MinefieldWinInput {
  /** The claimant's 13-tile hand. */
  readonly hand: readonly Tile[];
  /** The opponent's discard. */
  readonly winTile: Tile;
  /** The claimant is the dealer (East); otherwise West. */
  readonly dealer: boolean;
  /** Which of the opponent's discards this is, 1-17. */
  readonly discardNumber: number;
  /** Kinds of the claimant's own discards so far. */
  readonly ownDiscards: readonly TileKind[];
  /**
   * The claimant already let a completing tile pass (a declined win or a completion below the floor): furiten
   * for the rest of the hand (V1.3 item 2, [AMBIGUOUS M6]). The hand machine keeps this flag.
   */
  readonly passedWin: boolean;
  readonly doraIndicator: Tile;
  readonly uraIndicator: Tile;
  /** The current ante (V1.5). */
  readonly ante: number;
  /** Defaults to the Minefield preset. */
  readonly options?: RuleOptions;
}

/** A legal Minefield win and what it pays. */
export interface MinefieldWin {
  /** The full score, under-dora included (R2's scoring). */
  readonly scored: ScoredHand;
  /** Han without under-dora (what the floor was checked on); null for a yakuman. */
  readonly hanWithoutUra: number | null;
  readonly limit: MinefieldLimit;
  /** The ante multiplier M (V1.5). */
  readonly multiplier: number;
  /** What the loser pays: ante × M. */
  readonly payout: number;
}

/**
 * Checks a ron claim (V1.3) and scores it (V1.4, V1.5). In order:
 * `bad_input` (discard number outside 1-17), `not_a_win` (the tile does not complete the hand), `furiten`
 * (own discard of a wait, or a completing tile let pass earlier), `no_yaku` (cannot happen: riichi is always
 * scored), `below_mangan` (under the floor counted without under-dora: the caller must then mark the player
 * furiten, V1.3 item 2). Scoring: round East, dealer East / non-dealer West, closed ron with Riichi, One-Shot
 * as `minefieldOneShot` ([AMBIGUOUS M1], ruled by the seed), Last Tile Discard for the dealer on the
 * non-dealer's 17th discard, no double riichi. The V1.7 examples are fixtures in fixtures/minefield.json.
 */
export function checkMinefieldWin(input: MinefieldWinInput): Result<MinefieldWin> {
  const floor = checkMinefieldFloor(input);
  if (!floor.ok) return floor;
  return payMinefieldWin(winSituation(input), floor.value, [input.uraIndicator], input.ante, input.options ?? MINEFIELD);
}

/**
 * One-Shot in Minefield (V1.4, [AMBIGUOUS M1] ruled by the seed: the regular window, plus the seed's own rule).
 * A win on the opponent's first discard always scores it. The regular window lasts from a player's riichi
 * discard to his next discard; both declare on their first discard and the dealer discards first, so the
 * non-dealer's window still holds the dealer's second discard, while the dealer's closes with his own second
 * discard, before the non-dealer's second. Example: the non-dealer's Riichi + Pinfu + All Simples on the
 * dealer's 2nd discard is 4 han 30 fu, a mangan.
 */
export const minefieldOneShot = (dealer: boolean, discardNumber: number): boolean =>
  discardNumber === 1 || (!dealer && discardNumber === 2);

/** The ron situation of a claim, dora included, under-dora left to the caller. */
function winSituation(input: MinefieldWinInput): WinContext {
  return minefieldRon({
    hand: input.hand,
    winTile: input.winTile,
    dealer: input.dealer,
    ippatsu: minefieldOneShot(input.dealer, input.discardNumber),
    houtei: input.dealer && input.discardNumber === MINEFIELD_DISCARDS_PER_PLAYER,
    doraIndicators: [input.doraIndicator],
  });
}

/** Every Minefield win: a closed ron in the East round, dealer East / non-dealer West, in riichi but never double (V1.4). */
function minefieldRon(claim: {
  hand: readonly Tile[];
  winTile: Tile;
  dealer: boolean;
  ippatsu: boolean;
  houtei: boolean;
  doraIndicators: readonly Tile[];
}): WinContext {
  return {
    closedTiles: claim.hand,
    melds: [],
    winTile: claim.winTile,
    tsumo: false,
    seatWind: minefieldSeatWind(claim.dealer),
    roundWind: 1,
    dealer: claim.dealer,
    riichi: true,
    doubleRiichi: false,
    ippatsu: claim.ippatsu,
    houtei: claim.houtei,
    doraIndicators: claim.doraIndicators,
  };
}

/**
 * The first half of `checkMinefieldWin`: every refusal (`bad_input`, `bad_hand_size`, `not_a_win`,
 * `furiten`, `below_mangan`) and the hand scored WITHOUT under-dora. A claim is legal exactly when this is
 * ok; the payout needs the second scoring, with under-dora (a bot choosing a hand needs only this).
 */
export function checkMinefieldFloor(input: MinefieldWinInput): Result<ScoredHand> {
  const options = input.options ?? MINEFIELD;
  if (
    !Number.isInteger(input.discardNumber) ||
    input.discardNumber < 1 ||
    input.discardNumber > MINEFIELD_DISCARDS_PER_PLAYER
  ) {
    return fail(
      'bad_input',
      `discard number ${input.discardNumber} is not 1-${MINEFIELD_DISCARDS_PER_PLAYER}`,
    );
  }
  if (input.hand.length !== 13)
    return fail('bad_hand_size', `a Minefield hand is 13 tiles, not ${input.hand.length}`);
  const counts = countKinds(input.hand);
  const winKind = tileKind(input.winTile);
  counts[winKind]!++;
  if (!completesHand(counts))
    return fail('not_a_win', `${formatKind(winKind)} does not complete the hand`);
  if (input.passedWin) return fail('furiten', 'furiten: a completing tile was let pass earlier in this hand');
  if (isMinefieldDiscardFuriten(input.hand, input.ownDiscards))
    return fail('furiten', 'furiten: one of the waits is among your own discards');
  return reachMinefieldFloor(winSituation(input), options);
}

/**
 * The floor (V1.3 item 3) is counted without under-dora: the hand scored once without them (here), once with
 * them (`payMinefieldWin`). `below_mangan` under the floor.
 */
function reachMinefieldFloor(situation: WinContext, options: RuleOptions): Result<ScoredHand> {
  const withoutUra = scoreHand({ ...situation, uraIndicators: [] }, options);
  if (!withoutUra.ok) return withoutUra;
  const floorHand = withoutUra.value;
  if (
    !reachesMinefieldFloor({ han: floorHand.han ?? 0, fu: floorHand.fu ?? 0, yakuman: floorHand.yakuman })
  ) {
    return fail(
      'below_mangan',
      `${floorHand.han} han ${floorHand.fu} fu without under-dora is below the mangan floor (5 han, 4 han 30 fu, 3 han 60 fu)`,
    );
  }
  return ok(floorHand);
}

/** A win over the floor scored with its under-dora: the limit tier and the ante × multiplier it pays (V1.4, V1.5). */
function payMinefieldWin(
  situation: WinContext,
  floorHand: ScoredHand,
  uraIndicators: readonly Tile[],
  ante: number,
  options: RuleOptions,
): Result<MinefieldWin> {
  const full = scoreHand({ ...situation, uraIndicators }, options);
  if (!full.ok) return full;
  const scored = full.value;
  const limit = minefieldLimit({ han: scored.han ?? 0, fu: scored.fu ?? 0, yakuman: scored.yakuman });
  if (limit === null)
    throw new Error(
      `a hand above the floor without under-dora has no limit with them: ${scored.han} han ${scored.fu} fu`,
    );
  const payout = minefieldPayout(limit, ante, scored.yakuman);
  return ok({ scored, hanWithoutUra: floorHand.han, limit, multiplier: payout / ante, payout });
}

/** Whether an ante is one a Minefield hand can have: 1000, doubled after each draw (V1.5). */
const isMinefieldAnte = (ante: number): boolean => {
  if (!Number.isInteger(ante) || ante < MINEFIELD_FIRST_ANTE) return false;
  let a = ante;
  while (a > MINEFIELD_FIRST_ANTE && a % 2 === 0) a /= 2;
  return a === MINEFIELD_FIRST_ANTE;
};

/**
 * A Minefield win given as a `score` record (shared/data/FORMAT.md fields, preset `minefield`): what the record
 * says of the situation, checked against what a Minefield hand can be, then the same floor and payout as a claim
 * at the table (`checkMinefieldWin`). Riichi is always scored, double riichi never (V1.4: "only worth 1 fan");
 * One-Shot and Last Tile Discard as the record's `ippatsu` and `houtei` say. The record cannot tell furiten.
 * Refused: `bad_meld` (any meld: no calls, V1.1 item 5), `bad_input` (a tsumo, winds other than East round with
 * the dealer East / non-dealer West, houtei for the non-dealer, haitei/rinshan/chankan/tenhou/chiihou, honba or
 * riichi sticks, more than one dora or under-dora indicator, an ante that is not 1000·2ⁿ), then `below_mangan`.
 */
export function scoreMinefieldRecord(
  win: WinContext,
  ante: number = MINEFIELD_FIRST_ANTE,
  options: RuleOptions = MINEFIELD,
): Result<MinefieldWin> {
  const problem = minefieldRecordProblem(win, ante);
  if (problem !== null) return problem;
  const dealer = win.dealer ?? win.seatWind === 1;
  const situation = minefieldRon({
    hand: win.closedTiles,
    winTile: win.winTile,
    dealer,
    ippatsu: win.ippatsu ?? false,
    houtei: win.houtei ?? false,
    doraIndicators: win.doraIndicators ?? [],
  });
  const floor = reachMinefieldFloor(situation, options);
  if (!floor.ok) return floor;
  return payMinefieldWin(situation, floor.value, win.uraIndicators ?? [], ante, options);
}

/** What a record claims that no Minefield hand can be (see `scoreMinefieldRecord`), or null. */
function minefieldRecordProblem(win: WinContext, ante: number): RuleError | null {
  if (win.melds.length > 0)
    return fail('bad_meld', 'Minefield has no calls: every hand stays closed (V1.1 item 5)');
  if (win.tsumo) return fail('bad_input', 'a Minefield win is always a ron: no tile is ever drawn (V1.1 item 5)');
  const dealer = win.dealer ?? win.seatWind === 1;
  if (win.roundWind !== 1 || win.seatWind !== minefieldSeatWind(dealer))
    return fail(
      'bad_input',
      `Minefield is always the East round, the dealer East and the non-dealer West (V1.4), not seatWind ${win.seatWind} roundWind ${win.roundWind} for the ${dealer ? 'dealer' : 'non-dealer'}`,
    );
  if (win.houtei && !dealer)
    return fail(
      'bad_input',
      "only the dealer scores Last Tile Discard, on the non-dealer's 17th discard (V1.4); the non-dealer never can",
    );
  const drawnOrKan = (['haitei', 'rinshan', 'chankan', 'tenhou', 'chiihou'] as const).find((flag) => win[flag]);
  if (drawnOrKan !== undefined)
    return fail('bad_input', `${drawnOrKan} is impossible in Minefield: no tile is drawn and no kan exists (V1.4)`);
  if ((win.honba ?? 0) > 0 || (win.riichiSticks ?? 0) > 0)
    return fail('bad_input', 'Minefield has no honba and no riichi sticks (V1.2 item 5)');
  if ((win.doraIndicators?.length ?? 0) > 1 || (win.uraIndicators?.length ?? 0) > 1)
    return fail('bad_input', 'Minefield has one dora indicator and one under-dora indicator, never kan dora (V1.1 item 3)');
  if (!isMinefieldAnte(ante))
    return fail('bad_input', `the ante is 1000, doubled after each draw (1000, 2000, 4000, …), not ${ante} (V1.5)`);
  return null;
}
