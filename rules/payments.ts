// Who pays whom at the end of a hand: ron, tsumo, honba, deposits, liability, multiple ron, draws, chombo.
import { ceil100, LIMIT_BASE_POINTS } from './points.js';
import { fail, ok, type Result } from './result.js';

/**
 * A table seat, counted from the first dealer's seat (0) in turn order. Seats are fixed for the game;
 * the dealer moves. Two-player (Minefield, Tenpai Race) and three-player (Sanma) tables use 0-1 / 0-2.
 */
export type Seat = 0 | 1 | 2 | 3;
export type PlayerCount = 2 | 3 | 4;

/**
 * Score changes per seat (index = Seat), length = player count. Settlements obey riichi.md §15:
 * `sum(deltas) = 1000 × (deposits taken from the table − deposits put on it)`; every other transfer is
 * zero-sum among the players.
 */
export type Deltas = number[];

/** The outcome of one hand's settlement. */
export interface Settlement {
  readonly deltas: Deltas;
  /** Riichi sticks left on the table after the settlement. */
  readonly depositsAfter: number;
}

/** Value of one riichi stick (deposit). */
export const DEPOSIT_VALUE = 1000;

/** Base points of `n` yakuman (8000 × n). */
export const yakumanBasePoints = (n: number): number => LIMIT_BASE_POINTS.yakuman * n;

/** Seats in turn order starting after `from` (next player first): from 0 in a 4-seat game → 1, 2, 3. */
export function seatsAfter(from: Seat, players: PlayerCount): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < players; i++) out.push(((from + i) % players) as Seat);
  return out;
}

/** Turn-order distance from `from` to `to` (next player = 1). */
export const turnDistance = (from: Seat, to: Seat, players: PlayerCount): number =>
  (to - from + players) % players;

/** What the losers pay for a hand of base points b, before honba and deposits (riichi.md 14.3). */
export interface HandPayments {
  /** Paid by the discarder on a ron. */
  readonly ron: number;
  /** Paid by the dealer on a non-dealer's tsumo; by each player on the dealer's tsumo. */
  readonly tsumoDealer: number;
  /** Paid by each non-dealer on a tsumo. */
  readonly tsumoNonDealer: number;
}

/**
 * Payments for base points b. Dealer win: ron ceil100(6b), tsumo ceil100(2b) from each.
 * Non-dealer win: ron ceil100(4b), tsumo ceil100(2b) from the dealer and ceil100(b) from each non-dealer.
 * Example: b = 1920 (3 han 60 fu), non-dealer → ron 7700, tsumo 2000 / 3900.
 */
export function handPayments(basePoints: number, winnerIsDealer: boolean): HandPayments {
  if (winnerIsDealer) {
    const each = ceil100(2 * basePoints);
    return { ron: ceil100(6 * basePoints), tsumoDealer: each, tsumoNonDealer: each };
  }
  return {
    ron: ceil100(4 * basePoints),
    tsumoDealer: ceil100(2 * basePoints),
    tsumoNonDealer: ceil100(basePoints),
  };
}

/** Liability (pao, riichi.md 14.8): the seat liable for part of a yakuman and the base points it covers. */
export interface Liability {
  readonly seat: Seat;
  /** Base points of the liable yakuman only (8000 × yakuman covered), ≤ the hand's base points. */
  readonly basePoints: number;
}

/** One win to settle. */
export interface WinSettlementInput {
  readonly players: PlayerCount;
  readonly dealer: Seat;
  readonly winner: Seat;
  /** The discarder (or the kan / north owner robbed); null for a tsumo. */
  readonly loser: Seat | null;
  /** Base points b of the whole hand (R2's scoring: `basePoints`). */
  readonly basePoints: number;
  /** Honba counters on the table. */
  readonly honba: number;
  /** Riichi sticks on the table, this hand's included; all go to the winner. */
  readonly riichiSticks: number;
  /** Per honba counter: a ron pays `honbaValue × honba`, each tsumo payer a third of it. Default 300. */
  readonly honbaValue?: number;
  readonly liability?: Liability | null;
}

function checkSeat(seat: number, players: PlayerCount, what: string): string | null {
  return Number.isInteger(seat) && seat >= 0 && seat < players
    ? null
    : `${what} seat ${seat} is not a seat of a ${players}-player table`;
}

function checkWinInput(input: WinSettlementInput): string | null {
  const { players, dealer, winner, loser, basePoints, honba, riichiSticks } = input;
  if (players !== 2 && players !== 3 && players !== 4)
    return `players must be 2, 3 or 4, not ${String(players)}`;
  const bad =
    checkSeat(dealer, players, 'dealer') ??
    checkSeat(winner, players, 'winner') ??
    (loser === null ? null : checkSeat(loser, players, 'loser'));
  if (bad) return bad;
  if (loser === winner) return `winner ${winner} cannot also be the loser`;
  if (!(basePoints > 0)) return `base points must be positive, not ${basePoints}`;
  if (!Number.isInteger(honba) || honba < 0) return `honba must be a whole number ≥ 0, not ${honba}`;
  if (!Number.isInteger(riichiSticks) || riichiSticks < 0)
    return `riichi sticks must be a whole number ≥ 0, not ${riichiSticks}`;
  const liability = input.liability;
  if (liability) {
    const badLiable = checkSeat(liability.seat, players, 'liable');
    if (badLiable) return badLiable;
    if (liability.seat === winner) return `the winner ${winner} cannot be liable for his own hand`;
    if (!(liability.basePoints > 0) || liability.basePoints > basePoints) {
      return `liable base points ${liability.basePoints} must be positive and at most the hand's ${basePoints}`;
    }
  }
  return null;
}

/**
 * Settles one win (riichi.md 14.3-14.8): hand value, honba bonus, deposits, liability.
 * - Ron: the discarder pays ceil100(4b or 6b) + honbaValue × honba.
 * - Tsumo: each other player pays his share + honbaValue/3 × honba (100 per counter by default).
 *   With three players (Sanma) only two pay ("tsumo loss", variants.md V3.5).
 * - Liability (14.8): tsumo → the liable seat pays the liable part as a ron plus the full ron honba, the rest
 *   of the hand (other yakuman) is paid as a normal tsumo without honba; ron by someone else → liable seat and
 *   discarder each pay half of the liable ron value, the discarder pays the rest and the honba; ron of the
 *   liable seat → a normal ron.
 * - All deposits on the table go to the winner.
 */
export function settleWin(input: WinSettlementInput): Result<Settlement> {
  const bad = checkWinInput(input);
  if (bad) return fail('bad_input', bad);
  const { players, dealer, winner, loser, basePoints, honba, riichiSticks } = input;
  const honbaValue = input.honbaValue ?? 300;
  const deltas: Deltas = new Array<number>(players).fill(0);
  const pay = (from: Seat, amount: number) => {
    deltas[from]! -= amount;
    deltas[winner]! += amount;
  };
  const dealerWins = winner === dealer;
  const liability = input.liability ?? null;
  const liableSeat = liability && liability.seat !== loser ? liability.seat : null;
  const liableBase = liableSeat === null ? 0 : liability!.basePoints;
  const restBase = basePoints - liableBase;
  const ronMultiplier = dealerWins ? 6 : 4;

  if (loser !== null) {
    if (liableSeat !== null) {
      const half = ceil100((liableBase * ronMultiplier) / 2);
      pay(liableSeat, half);
      pay(loser, half);
      if (restBase > 0) pay(loser, ceil100(restBase * ronMultiplier));
    } else {
      pay(loser, ceil100(basePoints * ronMultiplier));
    }
    pay(loser, honbaValue * honba);
  } else if (liableSeat !== null) {
    pay(liableSeat, ceil100(liableBase * ronMultiplier) + honbaValue * honba);
    if (restBase > 0) payTsumo(restBase, 0);
  } else {
    payTsumo(basePoints, honba);
  }
  deltas[winner]! += DEPOSIT_VALUE * riichiSticks;
  return ok({ deltas, depositsAfter: 0 });

  function payTsumo(base: number, counters: number) {
    const shares = handPayments(base, dealerWins);
    const perPayerHonba = (honbaValue / 3) * counters;
    for (const seat of seatsAfter(winner, players)) {
      pay(seat, (seat === dealer ? shares.tsumoDealer : shares.tsumoNonDealer) + perPayerHonba);
    }
  }
}

/** Option `multipleRon` (riichi.md 9.4): every winner is paid, or only the nearest to the discarder. */
export type MultipleRon = 'double' | 'headBump';
/** Option `doubleRonHonba` (riichi.md 9.4, A5): every winner gets the honba bonus, or only the nearest. */
export type DoubleRonHonba = 'each' | 'nearest';
/** Option `tripleRon` (riichi.md 9.4, 10.2.5). */
export type TripleRon = 'abortIfThirdCanWin' | 'abortIfAllDeclare' | 'headBump';

export interface RonWinner {
  readonly seat: Seat;
  readonly basePoints: number;
  readonly liability?: Liability | null;
}

export interface MultipleRonInput {
  readonly players: PlayerCount;
  readonly dealer: Seat;
  readonly discarder: Seat;
  /** Every player who wins on the discard (for `abortIfThirdCanWin`, the caller adds the third who could). */
  readonly winners: readonly RonWinner[];
  readonly honba: number;
  readonly riichiSticks: number;
  readonly honbaValue?: number;
  readonly multipleRon: MultipleRon;
  readonly doubleRonHonba: DoubleRonHonba;
  readonly tripleRon: TripleRon;
}

export interface MultipleRonSettlement extends Settlement {
  /** The seats actually paid, nearest to the discarder first; empty when the hand was aborted. */
  readonly paidWinners: readonly Seat[];
  /** True for a triple-ron abortive draw (no payments, deposits stay). */
  readonly aborted: boolean;
}

/**
 * Settles one or more rons on the same discard (riichi.md 9.4). Winners are ordered by turn order from the
 * discarder (next player first). `headBump` pays only the nearest. With `double`, each winner is paid in full
 * by the discarder; the deposits go to the nearest winner; the honba bonus to each winner (`each`) or only
 * to the nearest (`nearest`). Three winners in a 4-player game abort the hand unless `tripleRon` is
 * `headBump`. Example: discarder 0, winners 3 and 1 → order 1, 3; seat 1 takes the deposits.
 */
export function settleRons(input: MultipleRonInput): Result<MultipleRonSettlement> {
  const { players, dealer, discarder, honba, riichiSticks } = input;
  if (input.winners.length === 0) return fail('bad_input', 'a ron settlement needs at least one winner');
  const seen = new Set<number>();
  for (const w of input.winners) {
    if (seen.has(w.seat)) return fail('bad_input', `seat ${w.seat} is listed twice among the winners`);
    seen.add(w.seat);
  }
  const ordered = [...input.winners].sort(
    (a, b) => turnDistance(discarder, a.seat, players) - turnDistance(discarder, b.seat, players),
  );
  if (ordered.length >= 3 && input.tripleRon !== 'headBump') {
    return ok({
      deltas: new Array<number>(players).fill(0),
      depositsAfter: riichiSticks,
      paidWinners: [],
      aborted: true,
    });
  }
  const paid = input.multipleRon === 'headBump' || ordered.length >= 3 ? ordered.slice(0, 1) : ordered;
  const deltas: Deltas = new Array<number>(players).fill(0);
  for (let i = 0; i < paid.length; i++) {
    const w = paid[i]!;
    const nearest = i === 0;
    const one = settleWin({
      players,
      dealer,
      winner: w.seat,
      loser: discarder,
      basePoints: w.basePoints,
      honba: nearest || input.doubleRonHonba === 'each' ? honba : 0,
      riichiSticks: nearest ? riichiSticks : 0,
      honbaValue: input.honbaValue ?? 300,
      liability: w.liability ?? null,
    });
    if (!one.ok) return one;
    for (let s = 0; s < players; s++) deltas[s]! += one.value.deltas[s]!;
  }
  return ok({ deltas, depositsAfter: 0, paidWinners: paid.map((w) => w.seat), aborted: false });
}

/** Option `nagashiMangan` (riichi.md 10.1 item 4, A6). */
export type NagashiMangan = 'off' | 'drawType' | 'winType';

export interface ExhaustiveDrawInput {
  readonly players: PlayerCount;
  readonly dealer: Seat;
  /** Per seat: tenpai at the draw (dead hands count as noten). */
  readonly tenpai: readonly boolean[];
  /** Seats that qualify for nagashi mangan (ignored when the option is `off`). */
  readonly nagashi: readonly Seat[];
  readonly nagashiMangan: NagashiMangan;
  /** Total of the tenpai payments (option `notenPaymentTotal`, 3000); 0 = no tenpai payments. */
  readonly notenPaymentTotal: number;
  readonly honba: number;
  readonly riichiSticks: number;
  readonly honbaValue?: number;
}

export interface DrawSettlement extends Settlement {
  /** Whether the dealer keeps the seat (riichi.md 10.1, 16). */
  readonly dealerStays: boolean;
  /** Honba counters for the next hand. */
  readonly nextHonba: number;
  /** True when nagashi mangan replaced the tenpai payments. */
  readonly nagashiPaid: boolean;
}

/**
 * Settles an exhaustive draw (riichi.md 10.1, 16). Tenpai payments: each tenpai player receives
 * total / #tenpai and each noten player pays total / #noten (4 players, 3000: 1 tenpai → 1000 from each;
 * 2 → 1500; 3 → 3000 from the one noten); nothing when all or none are tenpai.
 * Nagashi mangan replaces them: each qualifier is paid as a mangan tsumo (several qualifiers pay each other).
 * `drawType`: no honba bonus, deposits stay, honba +1, dealer stays iff tenpai. `winType`: honba bonus
 * 100 per counter from each payer, the qualifier takes the deposits (several: the first in turn order from
 * the dealer — unsourced, riichi.md is silent), dealer stays iff he qualifies (then honba +1, else 0).
 */
export function settleExhaustiveDraw(input: ExhaustiveDrawInput): Result<DrawSettlement> {
  const { players, dealer, tenpai, honba, riichiSticks } = input;
  if (tenpai.length !== players)
    return fail('bad_input', `tenpai must list ${players} seats, not ${tenpai.length}`);
  const deltas: Deltas = new Array<number>(players).fill(0);
  const qualifiers = input.nagashiMangan === 'off' ? [] : [...new Set(input.nagashi)];
  for (const q of qualifiers) {
    const bad = checkSeat(q, players, 'nagashi');
    if (bad) return fail('bad_input', bad);
  }
  if (qualifiers.length > 0) {
    const winType = input.nagashiMangan === 'winType';
    const ordered = qualifiers.sort(
      (a, b) => turnDistance(dealer, a, players) - turnDistance(dealer, b, players),
    );
    for (let i = 0; i < ordered.length; i++) {
      const one = settleWin({
        players,
        dealer,
        winner: ordered[i]!,
        loser: null,
        basePoints: LIMIT_BASE_POINTS.mangan,
        honba: winType ? honba : 0,
        riichiSticks: winType && i === 0 ? riichiSticks : 0,
        honbaValue: input.honbaValue ?? 300,
      });
      if (!one.ok) return one;
      for (let s = 0; s < players; s++) deltas[s]! += one.value.deltas[s]!;
    }
    if (winType) {
      const dealerStays = ordered.includes(dealer);
      return ok({
        deltas,
        depositsAfter: 0,
        dealerStays,
        nextHonba: dealerStays ? honba + 1 : 0,
        nagashiPaid: true,
      });
    }
    return ok({
      deltas,
      depositsAfter: riichiSticks,
      dealerStays: tenpai[dealer]!,
      nextHonba: honba + 1,
      nagashiPaid: true,
    });
  }
  const tenpaiCount = tenpai.filter(Boolean).length;
  if (tenpaiCount > 0 && tenpaiCount < players && input.notenPaymentTotal > 0) {
    const receive = input.notenPaymentTotal / tenpaiCount;
    const give = input.notenPaymentTotal / (players - tenpaiCount);
    for (let s = 0; s < players; s++) deltas[s] = tenpai[s] ? receive : -give;
  }
  return ok({
    deltas,
    depositsAfter: riichiSticks,
    dealerStays: tenpai[dealer]!,
    nextHonba: honba + 1,
    nagashiPaid: false,
  });
}

export interface ChomboInput {
  readonly players: PlayerCount;
  readonly dealer: Seat;
  readonly offender: Seat;
  /** Seats that put a riichi stick on the table during this hand: the sticks go back (variants.md V6.2.3). */
  readonly riichiThisHand: readonly Seat[];
  /** Riichi sticks on the table, this hand's included. */
  readonly riichiSticks: number;
  /** Paid to each player by a dealer at fault, and to the dealer by a non-dealer. Default 4000. */
  readonly dealerShare?: number;
  /** Paid by a non-dealer at fault to each other non-dealer. Default 2000. */
  readonly nonDealerShare?: number;
}

/**
 * Chombo payment (club tournament, variants.md V6.2): a dealer at fault pays 4000 to each other player;
 * a non-dealer pays 4000 to the dealer and 2000 to each other non-dealer (the value of a mangan tsumo).
 * Sticks put down during this hand go back to their owners; older sticks stay. The seats do not change
 * and no honba is added (the caller replays the hand with the same honba).
 */
export function settleChombo(input: ChomboInput): Result<Settlement> {
  const { players, dealer, offender, riichiSticks } = input;
  const bad = checkSeat(dealer, players, 'dealer') ?? checkSeat(offender, players, 'offender');
  if (bad) return fail('bad_input', bad);
  if (input.riichiThisHand.length > riichiSticks) {
    return fail(
      'bad_input',
      `${input.riichiThisHand.length} sticks from this hand but only ${riichiSticks} on the table`,
    );
  }
  const dealerShare = input.dealerShare ?? 4000;
  const nonDealerShare = input.nonDealerShare ?? 2000;
  const deltas: Deltas = new Array<number>(players).fill(0);
  for (const seat of seatsAfter(offender, players)) {
    const amount = offender === dealer || seat === dealer ? dealerShare : nonDealerShare;
    deltas[seat]! += amount;
    deltas[offender]! -= amount;
  }
  for (const seat of input.riichiThisHand) {
    const badOwner = checkSeat(seat, players, 'riichi');
    if (badOwner) return fail('bad_input', badOwner);
    deltas[seat]! += DEPOSIT_VALUE;
  }
  return ok({ deltas, depositsAfter: riichiSticks - input.riichiThisHand.length });
}

/** Dealer rotation and honba after a win (riichi.md 16): the dealer stays (honba +1) iff he is a winner. */
export function afterWin(
  dealer: Seat,
  winners: readonly Seat[],
  honba: number,
): { dealerStays: boolean; nextHonba: number } {
  const dealerStays = winners.includes(dealer);
  return { dealerStays, nextHonba: dealerStays ? honba + 1 : 0 };
}

/** Sum of a settlement's deltas: equals 1000 × (deposits taken − deposits returned to the table) (riichi.md 15). */
export const deltaSum = (deltas: readonly number[]): number => deltas.reduce((a, b) => a + b, 0);
