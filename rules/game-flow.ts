// Game structure of the riichi family (riichi.md 16, 17, 10; variants.md V3.6, V4.1, V5.1): dealer, honba, deposits, rounds, game end, standings.
import type { Wind } from './hand.js';
import type { RuleOptions } from './options.js';
import {
  afterWin,
  DEPOSIT_VALUE,
  deltaSum,
  turnDistance,
  type DrawSettlement,
  type PlayerCount,
  type Seat,
  type Settlement,
} from './payments.js';
import { fail, ok, type Result } from './result.js';

/**
 * Where the game stands between two hands. Plain data: the hand machine reads it to deal the next hand and
 * hands it back to `afterHand` when the hand is over. `points` are the scores at the start of the hand
 * (riichi sticks put down during the hand are reported in `HandEnd.riichiSticks`).
 * Invariant (riichi.md 15, outside Mangan Mahjong's burned points):
 * `sum(points) + 1000 × deposits = players × startingPoints`.
 */
export interface GameProgress {
  readonly players: PlayerCount;
  /** The original East (dealer of East 1): ties are broken by turn order from this seat (17.5). */
  readonly firstDealer: Seat;
  /** 1 East, 2 South, 3 West (the extension after a hanchan; South after a tonpuu). */
  readonly roundWind: Wind;
  /** Hand number within the round, 1..players ("East 3"); repeats keep the number. */
  readonly handNumber: number;
  readonly dealer: Seat;
  /** Repeat counters for this hand (14.4). */
  readonly honba: number;
  /** Riichi sticks lying on the table at the start of this hand (14.6). */
  readonly deposits: number;
  /** Score per seat (index = Seat), length = players. */
  readonly points: readonly number[];
  /** Hands finished so far, every kind of hand end included. */
  readonly handsPlayed: number;
  /**
   * Consecutive wins of the current dealer before this hand (A17: Eight Dealer Keeps counts dealer wins; any
   * other hand end resets it). The dealer's win in a hand with `dealerWinStreak === 7` is his eighth.
   */
  readonly dealerWinStreak: number;
  /** In the extension round (West after South 4; V3.6: never in Sanma; never with `cycleRounds`). */
  readonly extension: boolean;
  /** With `cycleRounds` (Mangan, Clear): how many times play went from South 4 back to East 1. */
  readonly cycle: number;
}

/** Abortive draws (riichi.md 10.2, 5.4 fifth kan, 9.4 triple ron) and Tenpai Race's Stage A draw (V2.1 item 4). */
export type AbortiveDrawReason =
  'nineTerminals' | 'fourWinds' | 'fourKans' | 'fourRiichi' | 'tripleRon' | 'fifthKan' | 'tenpaiRaceStageA';

/** Common to every hand end. */
interface HandEndBase {
  /** Seats that put a riichi stick (1000) on the table during this hand, in any order. None when riichi is free. */
  readonly riichiSticks?: readonly Seat[];
}

/**
 * How a hand ended, with the settlement already computed by rules/payments (`settleWin` / `settleRons`,
 * `settleExhaustiveDraw`, `settleChombo`) for every stick on the table (`progress.deposits` + this hand's).
 * `settlement.deltas` do not include the 1000 each declarer of `riichiSticks` put down: `afterHand` takes it.
 * - `win`: `winners` are the paid winners (after head bump); the dealer won iff he is among them.
 *   `agariYame`: the dealer's choice when `agariYameOffered` said yes and the option is `optional`.
 * - `exhaustiveDraw`: tenpai per seat; nagashi mangan included (the settlement says whether it was paid and
 *   whether the dealer stays, 10.1 item 4).
 * - `abortiveDraw`: no payments; the dealer stays, honba +1, sticks stay on the table (10.2).
 * - `chombo` (tournament V6.2): the dealer stays, honba unchanged, the hand is replayed.
 */
export type HandEnd =
  | (HandEndBase & {
      readonly kind: 'win';
      readonly winners: readonly Seat[];
      readonly settlement: Settlement;
      readonly agariYame?: boolean;
    })
  | (HandEndBase & {
      readonly kind: 'exhaustiveDraw';
      readonly tenpai: readonly boolean[];
      readonly settlement: DrawSettlement;
    })
  | (HandEndBase & { readonly kind: 'abortiveDraw'; readonly reason: AbortiveDrawReason })
  | (HandEndBase & { readonly kind: 'chombo'; readonly offender: Seat; readonly settlement: Settlement });

/**
 * Why the game ended:
 * - `bust`: a score went below `bustBelow` (17.1; Mangan Mahjong: at or below 0);
 * - `agariYame`: the dealer ended the game in the last hand (17.2 item 3, 17.3);
 * - `lastHand`: the last regular hand passed (South 4 with someone at the target; Sanma South 3, V3.6);
 * - `extensionTarget`: a hand of the extension round left someone at the target (17.2 item 2, 17.3);
 * - `extensionEnd`: the dealer passed after the extension's fourth hand (West 4).
 */
export type GameEndReason = 'bust' | 'agariYame' | 'lastHand' | 'extensionTarget' | 'extensionEnd';

/** One seat's place at the end. */
export interface Standing {
  readonly seat: Seat;
  /** 1 = first; ties are broken by original seat order, so ranks are distinct (17.5). */
  readonly rank: number;
  /** Final points, leftover deposits included when they go to first place. */
  readonly points: number;
}

export interface FinalStandings {
  /** First place first. */
  readonly ranking: readonly Standing[];
  /** Sticks still on the table after the leftover-deposit rule (`stay`: all of them; `first`: 0). */
  readonly depositsLeft: number;
}

export type GameStep =
  | { readonly kind: 'next'; readonly progress: GameProgress }
  | {
      readonly kind: 'over';
      /** The state after the last hand's settlement (before leftover deposits are given). */
      readonly progress: GameProgress;
      readonly reason: GameEndReason;
      readonly finalStandings: FinalStandings;
    };

/** The progress before East 1 (riichi.md 2): everyone at the starting points, no honba, no deposits. */
export function startGame(options: RuleOptions, firstDealer: Seat): GameProgress {
  const players = options.players;
  if (!Number.isInteger(firstDealer) || firstDealer < 0 || firstDealer >= players)
    throw new Error(`first dealer ${firstDealer} is not a seat of a ${players}-player table`);
  return {
    players,
    firstDealer,
    roundWind: 1,
    handNumber: 1,
    dealer: firstDealer,
    honba: 0,
    deposits: 0,
    points: new Array<number>(players).fill(options.startingPoints),
    handsPlayed: 0,
    dealerWinStreak: 0,
    extension: false,
    cycle: 0,
  };
}

/**
 * Seat wind of a seat in this hand: the dealer is East, then South, West, North in turn order. (Two-player
 * variants seat the opponent West: rules/variants/tenpai-race.ts `tenpaiRaceSeatWind`.)
 */
export const seatWindOf = (progress: GameProgress, seat: Seat): Wind =>
  (turnDistance(progress.dealer, seat, progress.players) + 1) as Wind;

/** The round wind of the last regular round: South for a hanchan, East for a tonpuu. */
const lastRegularRound = (options: RuleOptions): Wind => (options.gameLength === 'tonpuu' ? 1 : 2);

/** Whether this hand is the last regular hand (South 4; East 4 in tonpuu; South 3 in Sanma) or one of its repeats. */
export const isLastRegularHand = (progress: GameProgress, options: RuleOptions): boolean =>
  !options.cycleRounds &&
  progress.roundWind === lastRegularRound(options) &&
  progress.handNumber === progress.players;

/**
 * Seats from first to last place by points; ties go to the seat earlier in turn order from the original East
 * (riichi.md 17.5). Example: points [30000, 22000, 30000, 18000], first dealer 0 → [0, 2, 1, 3].
 */
export function rankingOf(points: readonly number[], firstDealer: Seat = 0): Seat[] {
  const players = points.length as PlayerCount;
  return points
    .map((_, seat) => seat as Seat)
    .sort(
      (a, b) =>
        points[b]! - points[a]! ||
        turnDistance(firstDealer, a, players) - turnDistance(firstDealer, b, players),
    );
}

/**
 * Final standings (17.4, 17.5): leftover deposits go to first place (`first`) or stay on the table (`stay`).
 * The ranking is taken before the sticks are added (they can only widen first place's lead).
 */
export function finalStandings(
  points: readonly number[],
  deposits: number,
  firstDealer: Seat,
  leftoverDeposits: RuleOptions['leftoverDeposits'],
): FinalStandings {
  const order = rankingOf(points, firstDealer);
  const toFirst = leftoverDeposits === 'first' ? deposits : 0;
  return {
    ranking: order.map((seat, i) => ({
      seat,
      rank: i + 1,
      points: points[seat]! + (i === 0 ? DEPOSIT_VALUE * toFirst : 0),
    })),
    depositsLeft: deposits - toFirst,
  };
}

/** Whether the dealer won this hand: among the winners, or as a `winType` Pool of Dreams (10.1 item 4). */
function dealerWon(progress: GameProgress, end: HandEnd, options: RuleOptions): boolean {
  if (end.kind === 'win') return end.winners.includes(progress.dealer);
  if (end.kind === 'exhaustiveDraw')
    return options.nagashiMangan === 'winType' && end.settlement.nagashiPaid && end.settlement.dealerStays;
  return false;
}

/** First place with at least the target (17.2 item 3), ties by 17.5. */
const dealerOnTop = (points: readonly number[], dealer: Seat, firstDealer: Seat, target: number): boolean =>
  points[dealer]! >= target && rankingOf(points, firstDealer)[0] === dealer;

/**
 * Whether the game may end by agari-yame after this hand, `points` being the scores after its settlement:
 * - `optional` (`seed` 17.2 item 3): the dealer won the last regular hand (or one of its repeats), has at least
 *   the target and is first; the dealer then chooses (`HandEnd.agariYame`). Moot in the extension round.
 *   Sanma: offered in South 3 under the same conditions ([AMBIGUOUS S8]).
 * - `auto` (`tenhou` 17.3): in the last regular hand or later, the dealer won or is tenpai at an exhaustive
 *   draw, is first and has at least the target: the game ends without asking.
 */
function agariYameApplies(
  progress: GameProgress,
  end: HandEnd,
  options: RuleOptions,
  points: readonly number[],
): boolean {
  if (options.cycleRounds || options.agariYame === 'off') return false;
  const won = dealerWon(progress, end, options);
  if (options.agariYame === 'optional') {
    if (!won || !isLastRegularHand(progress, options)) return false;
  } else {
    if (!isLastRegularHand(progress, options) && !progress.extension) return false;
    const tenpai =
      end.kind === 'exhaustiveDraw' && end.tenpai[progress.dealer] === true && end.settlement.dealerStays;
    if (!won && !tenpai) return false;
  }
  return dealerOnTop(points, progress.dealer, progress.firstDealer, options.targetPoints);
}

/** Points after the hand: settlement deltas minus the sticks put down during the hand. */
function pointsAfter(progress: GameProgress, end: HandEnd): number[] {
  const points = [...progress.points];
  if (end.kind !== 'abortiveDraw')
    end.settlement.deltas.forEach((d, seat) => {
      points[seat]! += d;
    });
  for (const seat of end.riichiSticks ?? []) points[seat]! -= DEPOSIT_VALUE;
  return points;
}

/**
 * Whether the machine should ask the dealer about agari-yame (option `optional`): call it with the finished
 * hand (without `agariYame`), then pass the answer in `HandEnd.agariYame`. Always false for `auto` and `off`.
 */
export function agariYameOffered(progress: GameProgress, end: HandEnd, options: RuleOptions): boolean {
  if (options.agariYame !== 'optional') return false;
  return agariYameApplies(progress, end, options, pointsAfter(progress, end));
}

const isSeat = (seat: number, players: number): boolean =>
  Number.isInteger(seat) && seat >= 0 && seat < players;

/** Checks a hand end against the progress; null when it is consistent. */
function checkHandEnd(progress: GameProgress, end: HandEnd, options: RuleOptions): string | null {
  const { players } = progress;
  if (options.players !== players)
    return `the options are for ${options.players} players, the game has ${players}`;
  const sticks = end.riichiSticks ?? [];
  for (const seat of sticks) if (!isSeat(seat, players)) return `riichi stick from seat ${seat}, not a seat`;
  if (new Set(sticks).size !== sticks.length) return 'a seat put down two riichi sticks in one hand';
  if (sticks.length > 0 && options.riichiDeposit === 0)
    return 'riichi is free under these options: no stick can be put on the table';
  if (end.kind === 'abortiveDraw') return null;
  const { deltas, depositsAfter } = end.settlement;
  if (deltas.length !== players) return `deltas must list ${players} seats, not ${deltas.length}`;
  const onTable = progress.deposits + sticks.length;
  if (!Number.isInteger(depositsAfter) || depositsAfter < 0 || depositsAfter > onTable)
    return `${depositsAfter} sticks left on the table, but only ${onTable} were there`;
  // riichi.md 15: the settlement moves exactly the sticks it takes off the table. Mangan Mahjong burns points.
  if (options.payout !== 'manganBurn' && deltaSum(deltas) !== DEPOSIT_VALUE * (onTable - depositsAfter))
    return `deltas sum to ${deltaSum(deltas)}, but ${onTable - depositsAfter} sticks were taken off the table`;
  if (end.kind === 'win') {
    if (end.winners.length === 0) return 'a win needs at least one winner';
    for (const seat of end.winners) if (!isSeat(seat, players)) return `winner ${seat} is not a seat`;
  } else if (end.kind === 'exhaustiveDraw') {
    if (end.tenpai.length !== players) return `tenpai must list ${players} seats, not ${end.tenpai.length}`;
  } else if (!isSeat(end.offender, players)) {
    return `chombo offender ${end.offender} is not a seat`;
  }
  return null;
}

/** Dealer rotation and honba (riichi.md 16; Mangan Mahjong never adds honba, V4.1 item 1). */
function rotation(
  progress: GameProgress,
  end: HandEnd,
  options: RuleOptions,
): { dealerStays: boolean; honba: number } {
  let dealerStays: boolean;
  let honba: number;
  switch (end.kind) {
    case 'win':
      ({ dealerStays, nextHonba: honba } = afterWin(progress.dealer, end.winners, progress.honba));
      break;
    case 'exhaustiveDraw':
      ({ dealerStays, nextHonba: honba } = end.settlement);
      break;
    case 'abortiveDraw':
      dealerStays = true;
      honba = progress.honba + 1;
      break;
    case 'chombo':
      dealerStays = true;
      honba = progress.honba;
      break;
  }
  // A honba value of 0 means the variant has no repeat counters at all (Mangan Mahjong).
  return { dealerStays, honba: options.honbaValue === 0 ? 0 : honba };
}

/**
 * The game after a finished hand: the next hand's progress, or the end with its reason and final standings.
 * Order of the checks (riichi.md 17): bust; abortive draws and chombo replay the hand ([AMBIGUOUS A12]);
 * agari-yame; then the dealer either stays (the extension ends at the target unless
 * `westDealerRepeatOverridesTarget`) or passes (end of the last regular hand: end at the target, else the
 * extension; Sanma never extends, V3.6; `cycleRounds` goes back to East 1).
 * Errors: `bad_input` when the hand end does not fit the progress (seats, lengths, stick accounting).
 */
export function afterHand(progress: GameProgress, end: HandEnd, options: RuleOptions): Result<GameStep> {
  const bad = checkHandEnd(progress, end, options);
  if (bad) return fail('bad_input', bad);
  const points = pointsAfter(progress, end);
  const deposits =
    end.kind === 'abortiveDraw'
      ? progress.deposits + (end.riichiSticks?.length ?? 0)
      : end.settlement.depositsAfter;
  const { dealerStays, honba } = rotation(progress, end, options);
  const won = dealerWon(progress, end, options);
  const agariYame = agariYameApplies(progress, end, options, points);
  if (end.kind === 'win' && end.agariYame === true && !(options.agariYame === 'optional' && agariYame))
    return fail('bad_input', 'agari-yame was not offered after this hand');

  const settled: GameProgress = {
    ...progress,
    points,
    deposits,
    handsPlayed: progress.handsPlayed + 1,
  };
  const over = (reason: GameEndReason): Result<GameStep> =>
    ok({
      kind: 'over',
      progress: settled,
      reason,
      finalStandings: finalStandings(points, deposits, progress.firstDealer, options.leftoverDeposits),
    });
  const next = (change: Partial<GameProgress>): Result<GameStep> =>
    ok({ kind: 'next', progress: { ...settled, honba, ...change } });

  if (points.some((p) => p < options.bustBelow)) return over('bust');
  if (end.kind === 'abortiveDraw' || end.kind === 'chombo') return next({ dealerWinStreak: 0 });

  if (agariYame && (options.agariYame === 'auto' || (end.kind === 'win' && end.agariYame === true)))
    return over('agariYame');

  const atTarget = points.some((p) => p >= options.targetPoints);
  if (dealerStays) {
    if (progress.extension && atTarget && !options.westDealerRepeatOverridesTarget)
      return over('extensionTarget');
    return next({ dealerWinStreak: won ? progress.dealerWinStreak + 1 : 0 });
  }

  const dealer = ((progress.dealer + 1) % progress.players) as Seat;
  const passed = { dealer, dealerWinStreak: 0 };
  if (progress.extension) {
    if (atTarget) return over('extensionTarget');
    if (progress.handNumber === progress.players) return over('extensionEnd');
    return next({ ...passed, handNumber: progress.handNumber + 1 });
  }
  if (progress.handNumber < progress.players) return next({ ...passed, handNumber: progress.handNumber + 1 });
  // The dealer passed after the round's last hand.
  if (options.cycleRounds) {
    if (progress.roundWind === 2)
      return next({ ...passed, roundWind: 1, handNumber: 1, cycle: progress.cycle + 1 });
    return next({ ...passed, roundWind: 2, handNumber: 1 });
  }
  if (progress.roundWind < lastRegularRound(options))
    return next({ ...passed, roundWind: (progress.roundWind + 1) as Wind, handNumber: 1 });
  // V3.6: Sanma ends after South 3 whatever the scores; riichi.md 17.2: else the target decides.
  if (progress.players === 3 || atTarget) return over('lastHand');
  return next({ ...passed, roundWind: (progress.roundWind + 1) as Wind, handNumber: 1, extension: true });
}

/** "East 1", "South 4", "West 2": the hand's name as the scoreboard shows it. */
export function handName(progress: GameProgress): string {
  const wind = ['East', 'South', 'West', 'North'][progress.roundWind - 1]!;
  return `${wind} ${progress.handNumber}`;
}
