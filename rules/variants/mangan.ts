// Mangan Mahjong (variants.md V4, seed 001): the preset, its payments (below mangan nothing moves; above, points leave the game) and the 8-player tag-team option.
import { afterHand, rankingOf, type GameProgress, type HandEnd } from '../game-flow.js';
import { CLUB, registerPreset, type RuleOptions } from '../options.js';
import { settleWin, turnDistance, type Deltas, type Liability, type Seat } from '../payments.js';
import { LIMIT_BASE_POINTS } from '../points.js';
import { fail, ok, type Result } from '../result.js';
import { scoreHand, type ScoredHand, type WinContext } from '../score.js';

/**
 * The Mangan Mahjong preset (V4.1, V7): club rules with no honba, free riichi (no deposits), no kiriage,
 * no Pool of Dreams, no Gift of Man, no tenpai payments ([AMBIGUOUS G1]), 25,000 each ([AMBIGUOUS G4]),
 * payout `manganBurn`. East and South cycle (`cycleRounds`) until a player is at 0 or below (`bustBelow` 1);
 * rules/game-flow.ts runs it.
 */
export const MANGAN_MAHJONG: RuleOptions = {
  ...CLUB,
  startingPoints: 25000,
  kiriage: false,
  honbaValue: 0,
  riichiDeposit: 0,
  notenPaymentTotal: 0,
  nagashiMangan: 'off',
  renhou: 'off',
  // V4.1 item 5: the game ends at 0 or below (points are whole hundreds, so below 1).
  bustBelow: 1,
  payout: 'manganBurn',
  // V4.1 item 4: after South 4 back to East 1, no West round, no 30,000 check.
  cycleRounds: true,
};
registerPreset('mangan', MANGAN_MAHJONG);

/**
 * V4.1 item 2: a win is "mangan or more" when its base points reach 2000 — 5+ han, 4 han 40+ fu, 3 han 70+ fu
 * or a yakuman. No kiriage: 4 han 30 fu and 3 han 60 fu (b = 1920) are below.
 */
export const isManganOrMore = (basePoints: number): boolean => basePoints >= LIMIT_BASE_POINTS.mangan;

export interface ManganMahjongWin {
  readonly dealer: Seat;
  readonly winner: Seat;
  /** The discarder; null for a tsumo. */
  readonly loser: Seat | null;
  readonly basePoints: number;
  /** Liability ([AMBIGUOUS G2]): the liable player pays as riichi.md 14.8, the winner still receives nothing. */
  readonly liability?: Liability | null;
}

/**
 * Settles a Mangan Mahjong win (V4.1 items 2-3). Below mangan: nothing moves. Mangan or more: the losers pay
 * the normal amounts (the discarder on a ron, everybody on a tsumo; no honba, no deposits exist) and the
 * winner receives nothing: the points leave the game, so the deltas sum to minus what was paid.
 * Double ron ([AMBIGUOUS G3]): settle each winner separately; each costs the discarder.
 */
export function settleManganMahjongWin(win: ManganMahjongWin): Result<{ deltas: Deltas; burned: number }> {
  if (!isManganOrMore(win.basePoints)) {
    if (!(win.basePoints > 0))
      return fail('bad_input', `base points must be positive, not ${win.basePoints}`);
    return ok({ deltas: [0, 0, 0, 0], burned: 0 });
  }
  const normal = settleWin({
    players: 4,
    dealer: win.dealer,
    winner: win.winner,
    loser: win.loser,
    basePoints: win.basePoints,
    honba: 0,
    riichiSticks: 0,
    liability: win.liability ?? null,
  });
  if (!normal.ok) return normal;
  const deltas = [...normal.value.deltas];
  const burned = deltas[win.winner]!;
  deltas[win.winner] = 0;
  return ok({ deltas, burned });
}

/** A Mangan Mahjong win scored from a record: the hand, and what V4.1 items 2-3 make of its payment. */
export interface ManganMahjongRecordWin {
  /** The hand as the club rules score it (its `points` are what the losers pay from mangan up). */
  readonly scored: ScoredHand;
  readonly manganOrMore: boolean;
  /** What the losers pay and nobody receives: 0 below mangan. */
  readonly burned: number;
}

/**
 * A Mangan Mahjong win given as a `score` record (preset `mangan`): scored as the club rules (no kiriage), then
 * settled by `settleManganMahjongWin`. Refused besides `scoreHand`'s errors: `bad_input` for honba or riichi
 * sticks (V4.1 item 1: none exist). Example: 4 han 30 fu is below mangan (nothing moves); 4 han 40 fu burns
 * the discarder's 8000 and the winner gains nothing.
 */
export function scoreManganMahjongRecord(
  win: WinContext,
  options: RuleOptions = MANGAN_MAHJONG,
): Result<ManganMahjongRecordWin> {
  if ((win.honba ?? 0) > 0 || (win.riichiSticks ?? 0) > 0)
    return fail(
      'bad_input',
      'Mangan Mahjong adds no honba and riichi costs nothing, so no counters or sticks lie on the table (V4.1 item 1)',
    );
  const scored = scoreHand(win, options);
  if (!scored.ok) return scored;
  // The dealer sits East (seat 0 here). Who discarded does not change what burns: the next seat stands in.
  const winner = (win.seatWind - 1) as Seat;
  const settled = settleManganMahjongWin({
    dealer: 0,
    winner,
    loser: win.tsumo ? null : (((winner + 1) % 4) as Seat),
    basePoints: scored.value.basePoints,
  });
  if (!settled.ok) return settled;
  return ok({
    scored: scored.value,
    manganOrMore: isManganOrMore(scored.value.basePoints),
    burned: settled.value.burned,
  });
}

/** V4.1 item 5: the game ends as soon as any player is at 0 or below. */
export const manganMahjongGameOver = (points: readonly number[]): boolean => points.some((p) => p <= 0);

/**
 * The winner when the game ends (V4.1 item 5): most points; ties by original seat order (riichi.md 17.5),
 * seat 0 being the original East.
 */
export function manganMahjongWinner(points: readonly number[], firstDealer: Seat = 0): Seat {
  return rankingOf(points, firstDealer)[0]!;
}

// ---------------------------------------------------------------------------------------------------
// Tag-team option (V4.3): eight players in four pairs, one seat per pair.

/** A tag-team player, 0-7. The pair owning seat s is players 2s and 2s + 1. */
export type TagTeamPlayer = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** V4.3 item 2: the seated player swaps with his partner after ten discards ([AMBIGUOUS G5]: his own, since sitting down). */
export const TAG_TEAM_DISCARDS_PER_TURN = 10;

export const partnerOf = (player: TagTeamPlayer): TagTeamPlayer => (player ^ 1) as TagTeamPlayer;
export const pairOf = (seat: Seat): readonly [TagTeamPlayer, TagTeamPlayer] => [
  (2 * seat) as TagTeamPlayer,
  (2 * seat + 1) as TagTeamPlayer,
];
export const seatOfTagTeamPlayer = (player: TagTeamPlayer): Seat => (player >> 1) as Seat;

/** Plain data kept beside the `GameProgress` of a tag-team game. */
export interface TagTeamState {
  /** Individual scores of the eight players (V4.3 item 3). */
  readonly points: readonly number[];
  /** Per seat: the player at the table. */
  readonly seated: readonly TagTeamPlayer[];
  /** Per seat: discards the seated player has made since he sat down; carries over between hands (G5). */
  readonly discards: readonly number[];
  /**
   * Per player: has reached 0 or fewer (G6, ruled by the seed: he stays in the rotation and may sink further; the
   * fifth such player ends the game). Points never come back in Mangan Mahjong, so once true it stays true.
   */
  readonly reachedZero: readonly boolean[];
  /** Per seat: the player who sat first (a tie-break for the winner, V4.3 item 4). */
  readonly satFirst: readonly TagTeamPlayer[];
}

/**
 * The start of a tag-team game: everyone at the starting points (25,000 recommended, V4.3 item 3); `firstSeated`
 * names, per seat, which of the pair sits first (0 = player 2s, 1 = player 2s + 1).
 */
export function startTagTeam(
  options: RuleOptions = MANGAN_MAHJONG,
  firstSeated: readonly (0 | 1)[] = [0, 0, 0, 0],
): TagTeamState {
  if (options.players !== 4 || firstSeated.length !== 4)
    throw new Error('the tag-team option needs four seats (eight players)');
  const seated = firstSeated.map((m, seat) => (2 * seat + m) as TagTeamPlayer);
  return {
    points: new Array<number>(8).fill(options.startingPoints),
    seated,
    discards: [0, 0, 0, 0],
    reachedZero: new Array<boolean>(8).fill(false),
    satFirst: seated,
  };
}

/** A swap at a seat: `left` goes off the table, `joined` sits down and takes over the hand as it stands. */
export interface Substitution {
  readonly seat: Seat;
  readonly left: TagTeamPlayer;
  readonly joined: TagTeamPlayer;
}

/**
 * Counts a discard of the seated player at `seat` (call it once the discard is final, i.e. not won on: a
 * discard that is ronned ends the hand and its discarder pays as the seated player). At his tenth discard he
 * swaps with his partner, mid-hand if need be, and the partner starts his own count ([AMBIGUOUS G5]). Being at
 * 0 or fewer changes nothing here: both partners keep their turns (G6).
 * Example: the seated player's 10th discard → `substitution: { seat, left: him, joined: partner }`, count 0.
 */
export function recordTagTeamDiscard(
  state: TagTeamState,
  seat: Seat,
): { state: TagTeamState; substitution: Substitution | null } {
  const discards = [...state.discards];
  discards[seat] = discards[seat]! + 1;
  const player = state.seated[seat]!;
  const partner = partnerOf(player);
  if (discards[seat]! < TAG_TEAM_DISCARDS_PER_TURN)
    return { state: { ...state, discards }, substitution: null };
  const seated = [...state.seated];
  seated[seat] = partner;
  discards[seat] = 0;
  return { state: { ...state, seated, discards }, substitution: { seat, left: player, joined: partner } };
}

/** The seated players' scores, per seat: the points the hand machine plays with. */
export const seatedPoints = (state: TagTeamState): number[] => state.seated.map((p) => state.points[p]!);

/**
 * Why a tag-team game ended (V4.3 item 4, G6): a fifth player has reached 0 or fewer. (Logs recorded under the
 * withdrawn reading of G6 may also say `seatEmpty`: families/riichi/machines/events.ts still reads it.)
 */
export type TagTeamEndReason = 'fivePlayersOut';

/** V4.3 item 4: the game ends once this many distinct players have reached 0 or fewer. */
export const TAG_TEAM_PLAYERS_AT_ZERO_TO_END = 5;

export interface TagTeamStanding {
  readonly player: TagTeamPlayer;
  readonly rank: number;
  readonly points: number;
}

/**
 * All eight players, best first (V4.3 item 4): most points; ties by seat order from the original East
 * (riichi.md 17.5), then the partner who sat first ahead of the other.
 */
export function tagTeamRanking(state: TagTeamState, firstDealer: Seat = 0): TagTeamStanding[] {
  const key = (p: TagTeamPlayer) => {
    const seat = seatOfTagTeamPlayer(p);
    return 2 * turnDistance(firstDealer, seat, 4) + (state.satFirst[seat] === p ? 0 : 1);
  };
  return ([0, 1, 2, 3, 4, 5, 6, 7] as TagTeamPlayer[])
    .sort((a, b) => state.points[b]! - state.points[a]! || key(a) - key(b))
    .map((player, i) => ({ player, rank: i + 1, points: state.points[player]! }));
}

/**
 * Applies a hand's deltas (per seat, from `settleManganMahjongWin`) to the players seated now: only they can
 * lose points (V4.3 item 3). Nobody leaves for reaching 0 or fewer: he keeps his turns and his partner still
 * swaps in every ten discards (G6, ruled by the seed). The game ends the moment a fifth distinct player has
 * reached 0 or fewer (V4.3 item 4); one hand can bring several there at once (a tsumo costs three seats).
 */
export function settleTagTeamHand(
  state: TagTeamState,
  deltas: readonly number[],
): Result<{ state: TagTeamState; end: TagTeamEndReason | null }> {
  if (deltas.length !== 4) return fail('bad_input', `deltas must list 4 seats, not ${deltas.length}`);
  const points = [...state.points];
  const reachedZero = [...state.reachedZero];
  for (let seat = 0; seat < 4; seat++) {
    const player = state.seated[seat]!;
    points[player] = points[player]! + deltas[seat]!;
    if (points[player]! <= 0) reachedZero[player] = true;
  }
  const next: TagTeamState = { ...state, points, reachedZero };
  const atZero = reachedZero.filter(Boolean).length;
  return ok({ state: next, end: atZero >= TAG_TEAM_PLAYERS_AT_ZERO_TO_END ? 'fivePlayersOut' : null });
}

export type TagTeamStep =
  | {
      readonly kind: 'next';
      readonly progress: GameProgress;
      readonly tagTeam: TagTeamState;
    }
  | {
      readonly kind: 'over';
      readonly progress: GameProgress;
      readonly tagTeam: TagTeamState;
      readonly reason: TagTeamEndReason;
      readonly ranking: readonly TagTeamStanding[];
    };

/**
 * The tag-team game after a hand: dealer and rounds as Mangan Mahjong (rules/game-flow.ts), but a seat at 0
 * does not end the game: only the fifth player at 0 or fewer does (`settleTagTeamHand`). The next progress
 * carries the seated players' points. Riichi is free, so no sticks exist.
 */
export function afterTagTeamHand(
  progress: GameProgress,
  tagTeam: TagTeamState,
  end: HandEnd,
  options: RuleOptions = MANGAN_MAHJONG,
): Result<TagTeamStep> {
  if (!options.cycleRounds || options.players !== 4)
    return fail(
      'bad_input',
      'the tag-team option needs four seats and cycling rounds (Mangan Mahjong, V4.1 item 4)',
    );
  // Busting is per player here, so the seat-level bust of game-flow is switched off.
  const step = afterHand(progress, end, { ...options, bustBelow: Number.NEGATIVE_INFINITY });
  if (!step.ok) return step;
  const deltas = end.kind === 'abortiveDraw' ? [0, 0, 0, 0] : end.settlement.deltas;
  const settled = settleTagTeamHand(tagTeam, deltas);
  if (!settled.ok) return settled;
  const { state, end: over } = settled.value;
  const next = { ...step.value.progress, points: seatedPoints(state) };
  if (over)
    return ok({
      kind: 'over',
      // The game ends after this hand: its seating stays (no rotation to a hand that is never played).
      progress: { ...progress, points: next.points, handsPlayed: next.handsPlayed },
      tagTeam: state,
      reason: over,
      ranking: tagTeamRanking(state, progress.firstDealer),
    });
  if (step.value.kind === 'over')
    throw new Error(`a cycling Mangan game cannot end by ${step.value.reason} without a bust`);
  return ok({ kind: 'next', progress: next, tagTeam: state });
}
