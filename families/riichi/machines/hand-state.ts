// The riichi-family hand's plain data (wall, hands, melds, ponds, riichi, furiten, kans, turn) and the small helpers over it.
import { tenpaiRaceSeatWind } from '../../../rules/variants/tenpai-race.js';
import { tenpaiWaitKinds } from '../../../rules/waits.js';
import { type FuritenState } from '../../../rules/furiten.js';
import type { GameProgress, HandEnd } from '../../../rules/game-flow.js';
import { type Meld, type Relative, type Wind } from '../../../rules/hand.js';
import type { RuleOptions } from '../../../rules/options.js';
import { turnDistance, type Seat } from '../../../rules/payments.js';
import { countKinds, KIND_COUNT, tileKind, type Tile, type TileKind } from '../../../rules/tiles.js';
import type { RiichiMeld, RiichiOutcome } from './events.js';
import type { ClaimDecision, ClaimOffer, PondTile } from './seat-view.js';

export type RiichiState = 'none' | 'riichi' | 'double';

/** A meld on the table, with the seat its claimed tile came from (absent for a closed kan). */
export interface SeatMeld extends Meld {
  readonly fromSeat?: Seat;
}

/** What is on offer in a claim window: a discard, an added kan's tile (chankan), a closed kan (kokushi only), a Sanma north. */
export type OfferKind = 'discard' | 'addedKan' | 'closedKan' | 'north';
export interface Offer extends ClaimOffer {
  readonly kind: OfferKind;
}

export interface ClaimWindow {
  readonly offer: Offer;
  /** Seats that have some legal claim; only they are waited for. */
  readonly eligible: readonly Seat[];
  /** Per seat: its answer, or null while it has not answered. */
  readonly responses: readonly (ClaimDecision | null)[];
}

export type Phase =
  | { readonly kind: 'dealing' }
  | { readonly kind: 'drawing'; readonly seat: Seat; readonly replacement: boolean }
  | { readonly kind: 'turn'; readonly seat: Seat; readonly afterCall: boolean }
  | { readonly kind: 'claiming'; readonly window: ClaimWindow }
  /** Tenpai Race Stage B (V2.1 items 5-8): waiting for the operator's result, a guess, or the attacker's draw. */
  | { readonly kind: 'stageB'; readonly step: StageBStep }
  | { readonly kind: 'over' };

/** What Stage B waits for: the operator's settlement (option off), the defender's guess, the attacker's draw. */
export type StageBStep = 'settling' | 'guessing' | 'attackerDrawing';

/**
 * Tenpai Race Stage B (variants.md V2.1 items 5-8). `waits` is SECRET (the attacker's winning kinds); the rest
 * is public (families/riichi/machines/tenpai-race.ts `stageBView`).
 */
export interface StageBModel {
  readonly attacker: Seat;
  readonly defender: Seat;
  readonly byRiichi: boolean;
  readonly waits: readonly TileKind[];
  /** Prototype: the defender's guesses so far (all missed but possibly the last). */
  readonly guesses: readonly (readonly [TileKind, TileKind])[];
  /** Prototype: the attacker's draws shown so far. */
  readonly shown: readonly Tile[];
}

/** Pao (riichi.md 14.8): who is liable for which yakuman of a seat's hand. */
export interface LiableFor {
  readonly seat: Seat;
  readonly yakuman: 'K03' | 'K05';
}

/**
 * One hand. Secret fields (live, dead, concealed, drawn, waits, furiten) reach a seat only through
 * `seatView` (its own) and the public view never. Per-seat arrays have `players` entries.
 */
export interface HandModel {
  readonly options: RuleOptions;
  /** 2: Tenpai Race (variants.md V2); 3: Sanma; 4: the rest. */
  readonly players: 2 | 3 | 4;
  /** The game's state at the start of this hand (points before any stick of this hand). */
  readonly progress: GameProgress;
  /** Current points: progress.points minus the sticks put down in this hand. */
  readonly points: readonly number[];
  /** Sticks on the table now (earlier hands' and this hand's). */
  readonly deposits: number;
  /** Seats that put a stick down in this hand. */
  readonly riichiSticks: readonly Seat[];
  /** The live wall left, the next draw first; a replacement draw removes its last tile (riichi.md 3.2). */
  readonly live: readonly Tile[];
  /** The 14-tile dead wall in the order of riichi.md 3.2, then the live tiles moved onto it. */
  readonly dead: readonly Tile[];
  readonly replacementsTaken: number;
  /** Indicators face up. */
  readonly indicatorsShown: number;
  /** Open/added kans whose indicator waits for the kanner's discard (riichi.md 3.5). */
  readonly pendingKanDora: number;
  readonly concealed: readonly (readonly Tile[])[];
  readonly drawn: readonly (Tile | null)[];
  readonly melds: readonly (readonly SeatMeld[])[];
  readonly ponds: readonly (readonly PondTile[])[];
  readonly norths: readonly number[];
  readonly riichi: readonly RiichiState[];
  /** The seat whose riichi declaration discard is on offer (its stick is not paid yet). */
  readonly riichiPending: Seat | null;
  readonly ippatsu: readonly boolean[];
  /** No call (chi, pon, any kan, north) has been made in this hand yet (riichi.md 4.6). */
  readonly uninterrupted: boolean;
  readonly drawCount: readonly number[];
  readonly discardCount: readonly number[];
  /** riichi.md 7 waits of each seat's 13-tile hand, as of its last discard (or the deal). */
  readonly waits: readonly (readonly TileKind[])[];
  readonly furiten: readonly FuritenState[];
  /** One entry per kan, its owner. */
  readonly kanOwners: readonly Seat[];
  /** Kinds the turn seat may not discard (kuikae, riichi.md 5.5). */
  readonly kuikae: readonly TileKind[];
  readonly liability: readonly (LiableFor | null)[];
  /** The turn seat's tile came from the dead wall (rinshan). */
  readonly rinshan: boolean;
  readonly turn: Seat;
  readonly phase: Phase;
  /** Tenpai Race: Stage B once started (null in Stage A and in every other variant). */
  readonly stageB: StageBModel | null;
  /** How the hand ended, once `phase` is `over`. */
  readonly end: HandEnd | null;
}

/** A reducer's result: the next model and what to emit, in order. */
export interface Step {
  readonly model: HandModel;
  readonly emitted: readonly RiichiOutcome[];
}

// ---------------------------------------------------------------- helpers

export const seatsOf = (players: number): Seat[] => {
  const seats: Seat[] = [];
  for (let s = 0; s < players; s++) seats.push(s as Seat);
  return seats;
};
export const nextSeat = (model: HandModel, seat: Seat): Seat => ((seat + 1) % model.players) as Seat;
export const setAt = <T>(list: readonly T[], index: number, value: T): T[] =>
  list.map((v, i) => (i === index ? value : v));
export const fill = <T>(players: number, value: T): T[] => new Array<T>(players).fill(value);
export const removeOne = (tiles: readonly Tile[], tile: Tile): Tile[] | null => {
  const i = tiles.indexOf(tile);
  return i < 0 ? null : [...tiles.slice(0, i), ...tiles.slice(i + 1)];
};
export const removeAll = (tiles: readonly Tile[], remove: readonly Tile[]): Tile[] | null => {
  let rest: Tile[] | null = [...tiles];
  for (const t of remove) {
    rest = removeOne(rest, t);
    if (rest === null) return null;
  }
  return rest;
};
export const distinct = (tiles: readonly Tile[]): Tile[] => [...new Set(tiles)].sort((a, b) => a - b);
export const sameTiles = (a: readonly Tile[], b: readonly Tile[]): boolean =>
  a.length === b.length && removeAll(a, b)?.length === 0;

/** Seat wind: the dealer is East, then South, West, North in turn order (Tenpai Race: the opponent is West, V2.2). */
export const seatWind = (model: HandModel, seat: Seat): Wind =>
  model.players === 2
    ? tenpaiRaceSeatWind(seat, model.progress.dealer)
    : ((turnDistance(model.progress.dealer, seat, model.players) + 1) as Wind);
export const relativeOf = (model: HandModel, caller: Seat, from: Seat): Relative =>
  (4 - turnDistance(from, caller, model.players)) as Relative;

/** Tiles in the set: 136, or 108 in Sanma (options.removedKinds). */
export const setSize = (options: RuleOptions): number =>
  4 * (KIND_COUNT - (options.removedKinds?.length ?? 0));
/** Replacement tiles before the first indicator: 4 (S1, S2), Sanma 8 (V3.1 item 5: the indicator is the fifth stack's top). */
export const replacementSlots = (model: HandModel): number => (model.players === 3 ? 8 : 4);

/**
 * Position of indicator i (0-based) in `dead`; the ura is the next tile. riichi.md 3.2: S3..S7 tops.
 * Sanma ([AMBIGUOUS S1], our reading): S5..S7 tops, then the 4th and 5th indicators continue on the live tiles
 * moved onto the dead wall (positions 14.., top then bottom); three replacements precede the 4th kan dora, so
 * they are there by then.
 */
export function indicatorIndex(model: HandModel, i: number): number {
  const first = replacementSlots(model);
  const fixed = (14 - first) / 2;
  return i < fixed ? first + 2 * i : 14 + 2 * (i - fixed);
}
export const doraIndicators = (model: HandModel): Tile[] =>
  Array.from({ length: model.indicatorsShown }, (_, i) => model.dead[indicatorIndex(model, i)]!);
export const uraIndicators = (model: HandModel): Tile[] =>
  Array.from({ length: model.indicatorsShown }, (_, i) => model.dead[indicatorIndex(model, i) + 1]!);

/** Live tiles left to draw. */
export const liveTilesLeft = (model: HandModel): number => model.live.length;
export const kanCount = (model: HandModel): number => model.kanOwners.length;
export const isClosedHand = (model: HandModel, seat: Seat): boolean =>
  model.melds[seat]!.every((m) => m.type === 'ankan');

/** riichi.md 7 waits of a 13-tile (3n+1) hand with these melds. */
export function waitsOf(concealed: readonly Tile[], melds: readonly SeatMeld[]): TileKind[] {
  const held = countKinds([...concealed, ...melds.flatMap((m) => m.tiles)]);
  return tenpaiWaitKinds(countKinds(concealed), melds.length, held);
}

/** Waits after each discard kind, per 14-tile hand array and its melds (models share both arrays between steps). */
interface DiscardWaits {
  readonly melds: readonly SeatMeld[];
  readonly byKind: Map<TileKind, readonly TileKind[]>;
}
const discardWaits = new WeakMap<readonly Tile[], DiscardWaits>();

/**
 * The waits of `concealed` less one `tile` (riichi.md 6.1, 7): the riichi check of every discard and the
 * discard itself ask the same question of the same hand, so the answer is kept per hand array and kind.
 * The result is shared: never mutate it. Throws when the hand does not hold the tile.
 */
export function waitsAfterDiscard(
  concealed: readonly Tile[],
  melds: readonly SeatMeld[],
  tile: Tile,
): readonly TileKind[] {
  let entry = discardWaits.get(concealed);
  if (entry === undefined || entry.melds !== melds) {
    entry = { melds, byKind: new Map() };
    discardWaits.set(concealed, entry);
  }
  const kind = tileKind(tile);
  let waits = entry.byKind.get(kind);
  if (waits === undefined) {
    const rest = removeOne(concealed, tile);
    if (rest === null) throw new Error(`waitsAfterDiscard: the hand does not hold tile ${tile}`);
    waits = waitsOf(rest, melds);
    entry.byKind.set(kind, waits);
  }
  return waits;
}

/** A meld as the event vocabulary carries it (a mutable copy of the tiles). */
export const meldOut = (meld: SeatMeld): RiichiMeld => ({ ...meld, tiles: [...meld.tiles] });
