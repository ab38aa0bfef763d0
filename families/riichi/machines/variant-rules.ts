// Variant rules applied to the riichi machine's steps: Mangan Mahjong's burned payout, Clear Mahjong's cleared conditions, the tournament's chombo (its dead hands are settled in settlement.ts).
import { rankingOf, type GameProgress, type HandEnd } from '../../../rules/game-flow.js';
import type { RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import type { ScoredYaku } from '../../../rules/score.js';
import { afterClearHand, type ClearProgress, type ClearWin } from '../../../rules/variants/clear.js';
import {
  afterTagTeamHand,
  isManganOrMore,
  type TagTeamEndReason,
  type TagTeamState,
} from '../../../rules/variants/mangan.js';
import {
  chomboEndsHandAtOnce,
  riichiChomboLapse,
  tournamentChombo,
  tournamentChomboAtDraw,
  type ChomboTrigger,
} from '../../../rules/variants/tournament.js';
import { unwrap } from '../../../rules/result.js';
import type { RiichiOutcome, RiichiRejectionCode, RiichiWin } from './events.js';
import type { HandModel, Step } from './model.js';

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** V4.1 item 2: a win below mangan (base points under 2000, no kiriage) moves no points at all. */
export const belowManganPaysNothing = (win: Pick<RiichiWin, 'basePoints'>): boolean =>
  !isManganOrMore(win.basePoints);

/**
 * Mangan Mahjong's payout (variants.md V4.1 items 2-3) over a win step settled the standard way: each win
 * below mangan pays nothing; from mangan the losers pay as usual and the winner receives nothing, so the
 * winner's share leaves the game. Mangan Mahjong has no honba and free riichi, so a win's standard
 * `payments` are exactly what its losers pay. Emits `hand.pointsBurned` after `hand.won`.
 * Example: a non-dealer ron mangan (8000) → discarder −8000, winner 0, 8000 burned.
 */
export function burnManganMahjongWin(step: Step): Step {
  const end = step.model.end;
  const index = step.emitted.findIndex((e) => e.type === 'hand.won');
  const won = step.emitted[index];
  if (end?.kind !== 'win' || won?.type !== 'hand.won')
    throw new Error('burnManganMahjongWin: the step is not a settled win');
  const players = won.deltas.length;
  const before = won.points.map((p, seat) => p - won.deltas[seat]!);
  const burns: { seat: Seat; basePoints: number; manganOrMore: boolean; burned: number }[] = [];
  const wins = won.wins.map((win) => {
    const manganOrMore = !belowManganPaysNothing(win);
    const burned = manganOrMore ? win.payments[win.seat]! : 0;
    burns.push({ seat: win.seat, basePoints: win.basePoints, manganOrMore, burned });
    const payments = manganOrMore
      ? win.payments.map((p, seat) => (seat === win.seat ? 0 : p))
      : new Array<number>(players).fill(0);
    return { ...win, payments };
  });
  const deltas = Array.from({ length: players }, (_, seat) => sum(wins.map((w) => w.payments[seat]!)));
  const points = before.map((p, seat) => p + deltas[seat]!);
  const total = sum(burns.map((b) => b.burned));
  const hand: HandModel = {
    ...step.model,
    points,
    end: { ...end, settlement: { ...end.settlement, deltas } },
  };
  const emitted: RiichiOutcome[] = [...step.emitted];
  emitted.splice(
    index,
    1,
    { ...won, wins, deltas, points },
    { type: 'hand.pointsBurned', wins: burns, total },
  );
  return { model: hand, emitted };
}

/** The paid winners of a `hand.won` as Clear Mahjong wins (their scored yaku decide the conditions, V5.2). */
export const clearWinsOf = (wins: readonly RiichiWin[]): ClearWin[] =>
  wins.map((w) => ({
    winner: w.seat,
    yaku: w.yaku.map((y) =>
      y.han !== undefined
        ? { id: y.id, name: y.name, han: y.han }
        : { id: y.id, name: y.name, yakuman: y.yakuman ?? 1 },
    ) as ScoredYaku[],
  }));

const paysChombo = (model: HandModel): boolean =>
  model.options.chomboPayments === true && model.players === 4;

/**
 * V6.2 items 1-3: whether an operator-entered chombo ends the hand now. Only a preset with chombo payments
 * (tournament) settles them, and only the triggers that end the hand at once; the two riichi triggers count
 * only when the hand ends in a draw (`chomboAtDrawRefusal`, `settlePendingChombos`).
 */
export const chomboEndsHandNow = (model: HandModel, reason: ChomboTrigger): boolean =>
  paysChombo(model) && chomboEndsHandAtOnce(reason);

/** A riichi chombo the operator entered during the hand, remembered until the hand ends (V6.2 item 1). */
export interface PendingChombo {
  readonly seat: Seat;
  readonly reason: ChomboTrigger;
  readonly operator: string;
}

/**
 * Why a riichi-trigger chombo (riichi while not tenpai, an illegal kan after riichi) cannot be remembered, or
 * null: a preset with chombo payments; the seat declared riichi in this hand (both triggers are about a riichi);
 * one chombo per seat per hand (a second would make him pay twice for one hand).
 */
export function chomboAtDrawRefusal(
  model: HandModel,
  pending: readonly PendingChombo[],
  seat: Seat,
  reason: ChomboTrigger,
): RiichiRejectionCode | null {
  if (!paysChombo(model) || chomboEndsHandAtOnce(reason)) return 'chombo_not_in_preset';
  if (model.riichi[seat] === 'none') return 'chombo_without_riichi';
  if (pending.some((p) => p.seat === seat)) return 'chombo_already_pending';
  return null;
}

/**
 * The hand has ended (`step` settled its end the standard way from `before`) with riichi chombos remembered
 * (V6.2 items 1, 3-5): at a draw they replace its settlement — no tenpai payments; each offender pays
 * (`tournamentChomboAtDraw`), this hand's sticks go back, the hand is replayed with the same honba; at an
 * abortive draw only under `riichiChomboAt: 'anyDraw'` (T3). A win, or a Pool of Dreams paid at the draw, takes
 * priority (item 4): the chombos lapse, one `hand.chomboLapsed` each after the hand's own end.
 */
export function settlePendingChombos(before: HandModel, step: Step, pending: readonly PendingChombo[]): Step {
  const end = step.model.end;
  if (pending.length === 0 || end === null) return step;
  if (end.kind === 'chombo') throw new Error('settlePendingChombos: the hand already ended by a chombo');
  const handEnd =
    end.kind === 'win'
      ? 'win'
      : end.kind === 'exhaustiveDraw'
        ? end.settlement.nagashiPaid
          ? 'poolOfDreams'
          : 'exhaustiveDraw'
        : 'abortiveDraw';
  const lapse = riichiChomboLapse(handEnd, before.options.riichiChomboAt);
  if (lapse !== null)
    return {
      model: step.model,
      emitted: [
        ...step.emitted,
        ...pending.map((p) => ({ type: 'hand.chomboLapsed' as const, ...p, why: lapse })),
      ],
    };
  const settlement = unwrap(
    tournamentChomboAtDraw({
      dealer: before.progress.dealer,
      offenders: pending.map((p) => p.seat),
      riichiThisHand: before.riichiSticks,
      riichiSticks: before.deposits,
    }),
  );
  const [first, ...also] = pending as [PendingChombo, ...PendingChombo[]];
  const points = before.points.map((p, s) => p + settlement.deltas[s]!);
  const chombo: RiichiOutcome = {
    type: 'hand.chombo',
    ...first,
    deltas: [...settlement.deltas],
    points,
    deposits: settlement.depositsAfter,
    atDraw: end.kind === 'exhaustiveDraw' ? 'exhaustiveDraw' : 'abortiveDraw',
    ...(also.length > 0 ? { alsoAtFault: also.map((p) => ({ ...p })) } : {}),
  };
  // The draw's own event (with its payments) is replaced: the hand ends once, by the chombo.
  const drawn = step.emitted.findIndex(
    (e) => e.type === 'hand.exhaustiveDraw' || e.type === 'hand.abortiveDraw',
  );
  if (drawn < 0) throw new Error('settlePendingChombos: the draw step has no draw event');
  const emitted = [...step.emitted];
  emitted.splice(drawn, 1, chombo);
  return {
    model: {
      ...step.model,
      points,
      deposits: settlement.depositsAfter,
      end: { kind: 'chombo', offender: first.seat, settlement, riichiSticks: before.riichiSticks },
    },
    emitted,
  };
}

/**
 * Settles a chombo (V6.2 items 2-3, rules/variants/tournament.ts `tournamentChombo`): the offender pays
 * 4000 to each (dealer) or 4000 / 2000, the riichi sticks of this hand go back to their owners; then the hand
 * is replayed (rules/game-flow.ts: dealer stays, honba unchanged).
 */
export function settleChomboHand(
  model: HandModel,
  seat: Seat,
  reason: ChomboTrigger,
  operator: string,
): Step {
  const settlement = unwrap(
    tournamentChombo({
      dealer: model.progress.dealer,
      offender: seat,
      riichiThisHand: model.riichiSticks,
      riichiSticks: model.deposits,
    }),
  );
  const points = model.points.map((p, s) => p + settlement.deltas[s]!);
  const end: HandEnd = { kind: 'chombo', offender: seat, settlement, riichiSticks: model.riichiSticks };
  return {
    model: { ...model, points, deposits: settlement.depositsAfter, phase: { kind: 'over' }, end },
    emitted: [
      {
        type: 'hand.chombo',
        seat,
        reason,
        operator,
        deltas: [...settlement.deltas],
        points,
        deposits: settlement.depositsAfter,
      },
    ],
  };
}

/** Clear Mahjong's result as the game machine keeps it (`GameOver`). */
export interface ClearConclusion {
  readonly progress: GameProgress;
  readonly clear: ClearProgress;
  readonly over: {
    readonly reason: 'clearConditions' | 'opponentBust' | 'clearTie';
    readonly points: readonly number[];
    readonly ranking: readonly Seat[];
  } | null;
  readonly emitted: readonly RiichiOutcome[];
}

/**
 * Clear Mahjong after a hand (variants.md V5.2-V5.3, rules/variants/clear.ts `afterClearHand`): the
 * conditions the hand's wins cleared (`team.conditionCleared` each), and when the game is decided,
 * `clear.gameDecided` then `game.ended` (individual points and places, V5.1 item 2).
 */
export function concludeClearHand(
  progress: GameProgress,
  clear: ClearProgress,
  end: HandEnd,
  wins: readonly RiichiWin[],
  options: RuleOptions,
): ClearConclusion {
  const step = unwrap(
    afterClearHand(progress, clear, end, end.kind === 'win' ? clearWinsOf(wins) : [], options),
  );
  const emitted: RiichiOutcome[] = step.newlyCleared.map(({ team, condition }) => ({
    type: 'team.conditionCleared',
    team,
    condition,
    cleared: [...step.clear.cleared[team]],
  }));
  if (step.kind === 'next') return { progress: step.progress, clear: step.clear, over: null, emitted };
  const { result, finalStandings } = step;
  const points = finalStandings.ranking
    .slice()
    .sort((a, b) => a.seat - b.seat)
    .map((s) => s.points);
  const ranking = finalStandings.ranking.map((s) => s.seat);
  const cleared = { A: [...step.clear.cleared.A], B: [...step.clear.cleared.B] };
  emitted.push(
    result.kind === 'teamWins'
      ? { type: 'clear.gameDecided', result: 'teamWins', team: result.team, reason: result.reason, cleared }
      : { type: 'clear.gameDecided', result: 'tieByTenpaiRace', team: null, reason: null, cleared },
    {
      type: 'game.ended',
      points,
      ranking,
      leftoverDeposits: step.progress.deposits,
      handsPlayed: step.progress.handsPlayed,
    },
  );
  const reason =
    result.kind === 'tieByTenpaiRace'
      ? 'clearTie'
      : result.reason === 'allConditions'
        ? 'clearConditions'
        : 'opponentBust';
  return { progress: step.progress, clear: step.clear, over: { reason, points, ranking }, emitted };
}

/** Mangan tag-team's result as the game machine keeps it (`GameOver`). */
export interface TagTeamConclusion {
  readonly progress: GameProgress;
  readonly tagTeam: TagTeamState;
  readonly over: {
    readonly reason: TagTeamEndReason;
    readonly points: readonly number[];
    readonly ranking: readonly Seat[];
  } | null;
  readonly emitted: readonly RiichiOutcome[];
}

/**
 * Mangan tag-team after a hand (variants.md V4.3, rules/variants/mangan.ts `afterTagTeamHand`): the hand's
 * deltas hit only the seated players; a player at 0 or below plays on (G6); the fifth player at 0 or below
 * ends the game (`tagTeam.gameDecided`, then `game.ended` with the seats' points and order).
 */
export function concludeTagTeamHand(
  progress: GameProgress,
  tagTeam: TagTeamState,
  end: HandEnd,
  options: RuleOptions,
): TagTeamConclusion {
  const step = unwrap(afterTagTeamHand(progress, tagTeam, end, options));
  if (step.kind === 'next') return { progress: step.progress, tagTeam: step.tagTeam, over: null, emitted: [] };
  const points = [...step.progress.points];
  const ranking = rankingOf(points, progress.firstDealer);
  return {
    progress: step.progress,
    tagTeam: step.tagTeam,
    over: { reason: step.reason, points, ranking },
    emitted: [
      { type: 'tagTeam.gameDecided', reason: step.reason, ranking: step.ranking.map((r) => ({ ...r })) },
      {
        type: 'game.ended',
        points,
        ranking,
        leftoverDeposits: step.progress.deposits,
        handsPlayed: step.progress.handsPlayed,
      },
    ],
  };
}
