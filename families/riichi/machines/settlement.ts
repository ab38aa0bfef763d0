// How a riichi-family hand ends (riichi.md 9, 10, 14): wins, multiple ron, pao, exhaustive and abortive draws, settled by rules/payments.
import type { HandEnd } from '../../../rules/game-flow.js';
import {
  settleExhaustiveDraw,
  settleRons,
  settleWin,
  type Liability,
  type Seat,
} from '../../../rules/payments.js';
import { LIMIT_BASE_POINTS } from '../../../rules/points.js';
import { unwrap } from '../../../rules/result.js';
import { mayScoreNagashi, tenpaiAtDraw } from '../../../rules/variants/tournament.js';
import { type ScoredHand } from '../../../rules/score.js';
import { isTerminalOrHonor, sortTiles, tileKind, type Tile } from '../../../rules/tiles.js';
import type { AbortiveDrawReason, RiichiOutcome, RiichiWin } from './events.js';
import {
  removeOne,
  seatsOf,
  setAt,
  doraIndicators,
  uraIndicators,
  waitsOf,
  type HandModel,
  meldOut,
  type LiableFor,
  type Step,
} from './hand-state.js';
import { claimWindow, howOf, scoreFor } from './legality.js';

function winEntry(
  model: HandModel,
  seat: Seat,
  from: Seat | null,
  tile: Tile,
  scored: ScoredHand,
  payments: readonly number[],
  liable: LiableFor | null,
): RiichiWin {
  const hand = sortTiles(from === null ? removeOne(model.concealed[seat]!, tile)! : model.concealed[seat]!);
  return {
    seat,
    from,
    tile,
    hand,
    melds: model.melds[seat]!.map(meldOut),
    han: scored.han,
    fu: scored.fu,
    yaku: scored.yaku.map((y) =>
      'han' in y ? { id: y.id, name: y.name, han: y.han } : { id: y.id, name: y.name, yakuman: y.yakuman },
    ),
    yakuman: scored.yakuman,
    limit: scored.limit,
    basePoints: scored.basePoints,
    payments: [...payments],
    liable: liable === null ? null : { seat: liable.seat, yakuman: liable.yakuman },
  };
}

/** Pao (riichi.md 14.8) for this win: the liable seat and the base points of the covered yakuman. */
function liabilityFor(
  model: HandModel,
  seat: Seat,
  scored: ScoredHand,
): { liable: LiableFor; liability: Liability } | null {
  const liable = model.liability[seat];
  if (!liable || !model.options.liability.includes(liable.yakuman)) return null;
  const hit = scored.yaku.find((y) => y.id === liable.yakuman && 'yakuman' in y);
  if (!hit || !('yakuman' in hit)) return null;
  return {
    liable,
    liability: {
      seat: liable.seat,
      basePoints: Math.min(scored.basePoints, LIMIT_BASE_POINTS.yakuman * hit.yakuman),
    },
  };
}

function finish(model: HandModel, end: HandEnd, emitted: RiichiOutcome[]): Step {
  return { model: { ...model, phase: { kind: 'over' }, end }, emitted };
}
const added = (a: readonly number[], b: readonly number[]): number[] => a.map((x, i) => x + b[i]!);

/** One or more rons on the tile on offer (riichi.md 9.4), settled by rules/payments `settleRons`. */
export function settleRonWin(model: HandModel, winners: readonly Seat[]): Step {
  const w = claimWindow(model)!;
  const { offer } = w;
  const from = offer.from as Seat;
  // riichi.md 6.2: a ron on the declaration discard voids the riichi: no stick.
  const base: HandModel =
    model.riichiPending === from
      ? { ...model, riichi: setAt(model.riichi, from, 'none'), riichiPending: null }
      : model;
  const scored = winners.map((s) => ({
    seat: s,
    scored: unwrap(scoreFor(base, s, offer.tile, howOf(offer))),
  }));
  const pao = scored.map(({ seat, scored: sc }) => liabilityFor(base, seat, sc));
  const settled = unwrap(
    settleRons({
      players: base.players,
      dealer: base.progress.dealer,
      discarder: from,
      winners: scored.map(({ seat, scored: sc }, i) => ({
        seat,
        basePoints: sc.basePoints,
        liability: pao[i]?.liability ?? null,
      })),
      honba: base.progress.honba,
      riichiSticks: base.deposits,
      honbaValue: base.options.honbaValue,
      multipleRon: base.options.multipleRon,
      doubleRonHonba: base.options.doubleRonHonba,
      tripleRon: base.options.tripleRon,
    }),
  );
  const wins = settled.paidWinners.map((seat, i) => {
    const k = scored.findIndex((s) => s.seat === seat);
    const one = unwrap(
      settleWin({
        players: base.players,
        dealer: base.progress.dealer,
        winner: seat,
        loser: from,
        basePoints: scored[k]!.scored.basePoints,
        honba: i === 0 || base.options.doubleRonHonba === 'each' ? base.progress.honba : 0,
        riichiSticks: i === 0 ? base.deposits : 0,
        honbaValue: base.options.honbaValue,
        liability: pao[k]?.liability ?? null,
      }),
    );
    return winEntry(base, seat, from, offer.tile, scored[k]!.scored, one.deltas, pao[k]?.liable ?? null);
  });
  return finishWin(base, wins, settled.deltas, settled.depositsAfter);
}

export function settleTsumoWin(model: HandModel, seat: Seat): Step {
  const tile = model.drawn[seat]!;
  const scored = unwrap(scoreFor(model, seat, tile, 'tsumo'));
  const pao = liabilityFor(model, seat, scored);
  const settled = unwrap(
    settleWin({
      players: model.players,
      dealer: model.progress.dealer,
      winner: seat,
      loser: null,
      basePoints: scored.basePoints,
      honba: model.progress.honba,
      riichiSticks: model.deposits,
      honbaValue: model.options.honbaValue,
      liability: pao?.liability ?? null,
    }),
  );
  return finishWin(
    model,
    [winEntry(model, seat, null, tile, scored, settled.deltas, pao?.liable ?? null)],
    settled.deltas,
    settled.depositsAfter,
  );
}

function finishWin(
  model: HandModel,
  wins: RiichiWin[],
  deltas: readonly number[],
  depositsAfter: number,
): Step {
  const points = added(model.points, deltas);
  const riichiWinner = wins.some((w) => model.riichi[w.seat] !== 'none');
  const end: HandEnd = {
    kind: 'win',
    winners: wins.map((w) => w.seat),
    settlement: { deltas: [...deltas], depositsAfter },
    riichiSticks: model.riichiSticks,
  };
  return finish({ ...model, points, deposits: depositsAfter }, end, [
    {
      type: 'hand.won',
      wins,
      doraIndicators: doraIndicators(model),
      uraIndicators: riichiWinner ? uraIndicators(model) : [],
      deltas: [...deltas],
      points,
      deposits: depositsAfter,
    },
  ]);
}

export function abortHand(model: HandModel, reason: AbortiveDrawReason, seat: Seat | null): Step {
  const hand = reason === 'nineTerminals' && seat !== null ? sortTiles(model.concealed[seat]!) : null;
  const end: HandEnd = { kind: 'abortiveDraw', reason, riichiSticks: model.riichiSticks };
  return finish(model, end, [
    { type: 'hand.abortiveDraw', reason, seat, hand, points: [...model.points], deposits: model.deposits },
  ]);
}

/**
 * riichi.md 10.1: tenpai payments or nagashi mangan, by rules/payments `settleExhaustiveDraw`. Tournament V6.3:
 * a dead hand (`deadHands`) is never tenpai and never scores a Pool of Dreams (rules/variants/tournament.ts).
 */
export function settleExhaustive(model: HandModel, deadHands: readonly Seat[] = []): Step {
  const seats = seatsOf(model.players);
  const tenpai = seats.map((s) =>
    tenpaiAtDraw(waitsOf(model.concealed[s]!, model.melds[s]!).length > 0, deadHands.includes(s)),
  );
  const nagashi = seats.filter((s) =>
    mayScoreNagashi(
      model.ponds[s]!.length > 0 &&
        model.ponds[s]!.every((p) => !p.called && isTerminalOrHonor(tileKind(p.tile))),
      deadHands.includes(s),
    ),
  );
  const settlement = unwrap(
    settleExhaustiveDraw({
      players: model.players,
      dealer: model.progress.dealer,
      tenpai,
      nagashi,
      nagashiMangan: model.options.nagashiMangan,
      notenPaymentTotal: model.options.notenPaymentTotal,
      honba: model.progress.honba,
      riichiSticks: model.deposits,
      honbaValue: model.options.honbaValue,
    }),
  );
  const points = added(model.points, settlement.deltas);
  const end: HandEnd = { kind: 'exhaustiveDraw', tenpai, settlement, riichiSticks: model.riichiSticks };
  return finish({ ...model, points, deposits: settlement.depositsAfter }, end, [
    {
      type: 'hand.exhaustiveDraw',
      tenpai: seats.filter((s) => tenpai[s]).map((s) => ({ seat: s, hand: sortTiles(model.concealed[s]!) })),
      nagashi: model.options.nagashiMangan === 'off' ? [] : nagashi,
      deltas: [...settlement.deltas],
      points,
      deposits: settlement.depositsAfter,
    },
  ]);
}
