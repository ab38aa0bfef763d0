// The one win context every yaku test reads: hand facts set once per hand, the reading set per decomposition.
import type { WaitShape } from '../decompose.js';
import type { RuleOptions } from '../options.js';
import { KIND_COUNT, type TileKind } from '../tiles.js';

/** Group types in `groupType`. A kan is a quad declared as such (a four-of-a-kind held is never a kan). */
export const SEQUENCE = 0;
export const TRIPLET = 1;
export const KAN = 2;

/** Suit bits in `suitMask`. */
export const MAN_BIT = 1;
export const PIN_BIT = 2;
export const SOU_BIT = 4;
export const HONOR_BIT = 8;

export type Shape = 'standard' | 'chiitoitsu' | 'kokushi';

/**
 * Mutable by design: scoreHand fills the hand facts once, then rewrites the reading fields for each
 * decomposition and win placement, so evaluating a reading allocates nothing.
 */
export interface YakuContext {
  options: RuleOptions;
  // ---- hand facts (riichi.md 11.6)
  /** No open meld (a closed kan keeps the hand closed). */
  closed: boolean;
  tsumo: boolean;
  riichi: boolean;
  doubleRiichi: boolean;
  ippatsu: boolean;
  haitei: boolean;
  houtei: boolean;
  rinshan: boolean;
  chankan: boolean;
  tenhou: boolean;
  chiihou: boolean;
  renhou: boolean;
  dealer: boolean;
  /** Consecutive dealer wins including this one (Eight Dealer Keeps). */
  dealerStreak: number;
  seatWind: TileKind;
  roundWind: TileKind;
  winKind: TileKind;
  /** Every tile of the hand by kind: concealed, winning tile and all meld tiles (a kan counts 4). */
  all: Uint8Array;
  /** Concealed tiles including the winning tile, without melds. */
  concealed: Uint8Array;
  meldCount: number;
  kanCount: number;
  /** MAN_BIT | PIN_BIT | SOU_BIT | HONOR_BIT of the kinds present. */
  suitMask: number;
  allSimples: boolean;
  allTerminalsOrHonors: boolean;
  allTerminals: boolean;
  allHonors: boolean;
  allGreen: boolean;
  // ---- the reading
  shape: Shape;
  wait: WaitShape;
  /** Pair kind (standard and kokushi); -1 for chiitoitsu. */
  pair: TileKind;
  /** Four groups, melds included (standard shape only): type, first kind, open flag. */
  groupType: Uint8Array;
  groupFirst: Uint8Array;
  /** 1 = open: melded (except ankan) or a triplet completed by ron (riichi.md 0.3). */
  groupOpen: Uint8Array;
  /** Bit k set: a sequence starting at kind k (k < 27). Set by `summarizeReading`. */
  sequenceMask: number;
  /** Bit k set: a triplet or kan of suited kind k (k < 27). */
  suitedSetMask: number;
  /** Bit k - 27 set: a triplet or kan of honour kind k (winds bits 0-3, dragons bits 4-6). */
  honorSetMask: number;
  sequences: number;
  /** Triplets and kans that are neither melded (ankan aside) nor completed by ron. */
  concealedSets: number;
  /** Han of the ordinary yaku of this reading, set before yakuman are tested (Eight Dealer Keeps needs a yaku). */
  ordinaryHan: number;
  /** Yakuman found so far in this reading, while the yakuman list is tested in order. */
  yakumanSoFar: number;
}

export function newContext(options: RuleOptions): YakuContext {
  return {
    options,
    closed: true,
    tsumo: false,
    riichi: false,
    doubleRiichi: false,
    ippatsu: false,
    haitei: false,
    houtei: false,
    rinshan: false,
    chankan: false,
    tenhou: false,
    chiihou: false,
    renhou: false,
    dealer: false,
    dealerStreak: 0,
    seatWind: 27,
    roundWind: 27,
    winKind: 0,
    all: new Uint8Array(KIND_COUNT),
    concealed: new Uint8Array(KIND_COUNT),
    meldCount: 0,
    kanCount: 0,
    suitMask: 0,
    allSimples: false,
    allTerminalsOrHonors: false,
    allTerminals: false,
    allHonors: false,
    allGreen: false,
    shape: 'standard',
    wait: 'tanki',
    pair: -1,
    groupType: new Uint8Array(4),
    groupFirst: new Uint8Array(4),
    groupOpen: new Uint8Array(4),
    sequenceMask: 0,
    suitedSetMask: 0,
    honorSetMask: 0,
    sequences: 0,
    concealedSets: 0,
    ordinaryHan: 0,
    yakumanSoFar: 0,
  };
}

// ---- small helpers over the reading, shared by several yaku and by fu

export const isTerminalOrHonorKind = (k: TileKind): boolean => k >= 27 || k % 9 === 0 || k % 9 === 8;
export const isDragonKind = (k: TileKind): boolean => k >= 31;
export const isWindKind = (k: TileKind): boolean => k >= 27 && k <= 30;

/**
 * Fills the group summary of the reading (masks and counts) from groupType/groupFirst/groupOpen, so the
 * yaku tests below are bit tests. Call after the groups and the win placement are set.
 */
export function summarizeReading(ctx: YakuContext): void {
  let sequenceMask = 0;
  let suitedSetMask = 0;
  let honorSetMask = 0;
  let sequences = 0;
  let concealed = 0;
  if (ctx.shape === 'standard') {
    for (let g = 0; g < 4; g++) {
      const k = ctx.groupFirst[g]!;
      if (ctx.groupType[g] === SEQUENCE) {
        sequenceMask |= 1 << k;
        sequences++;
      } else {
        if (k < 27) suitedSetMask |= 1 << k;
        else honorSetMask |= 1 << (k - 27);
        if (ctx.groupOpen[g] === 0) concealed++;
      }
    }
  }
  ctx.sequenceMask = sequenceMask;
  ctx.suitedSetMask = suitedSetMask;
  ctx.honorSetMask = honorSetMask;
  ctx.sequences = sequences;
  ctx.concealedSets = concealed;
}

const bitCount = (x: number): number => {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
};

/** A triplet or kan of this kind among the four groups. */
export const hasSetOf = (ctx: YakuContext, kind: TileKind): boolean =>
  kind < 27 ? ((ctx.suitedSetMask >>> kind) & 1) === 1 : ((ctx.honorSetMask >>> (kind - 27)) & 1) === 1;

/** Triplets or kans of dragons. */
export const dragonSets = (ctx: YakuContext): number => bitCount(ctx.honorSetMask >>> 4);
/** Triplets or kans of winds. */
export const windSets = (ctx: YakuContext): number => bitCount(ctx.honorSetMask & 15);

/** Pairs of identical sequences in a closed hand: 1 = iipeikou, 2 = ryanpeikou (123m ×4 counts 2). */
export function peikouCount(ctx: YakuContext): number {
  if (ctx.shape !== 'standard' || !ctx.closed) return 0;
  let pairs = 0;
  let used = 0;
  for (let a = 0; a < 4; a++) {
    if (ctx.groupType[a] !== SEQUENCE || used & (1 << a)) continue;
    for (let b = a + 1; b < 4; b++) {
      if (ctx.groupType[b] !== SEQUENCE || used & (1 << b)) continue;
      if (ctx.groupFirst[a] === ctx.groupFirst[b]) {
        used |= (1 << a) | (1 << b);
        pairs++;
        break;
      }
    }
  }
  return pairs;
}

/** A value pair (dragon, seat wind or round wind): no pinfu. */
export const isValuePair = (ctx: YakuContext): boolean => ctx.pair >= 31 || ctx.pair === ctx.seatWind || ctx.pair === ctx.roundWind;

/** Pinfu (Y05): closed, four sequences, no value pair, a two-sided wait in this reading. */
export function isPinfu(ctx: YakuContext): boolean {
  return ctx.closed && ctx.wait === 'ryanmen' && ctx.sequences === 4 && !isValuePair(ctx);
}

/** Every group and the pair hold a terminal or honour, at least one sequence (chanta/junchan shape). */
export function isOutsideHand(ctx: YakuContext): boolean {
  if (ctx.shape !== 'standard' || !isTerminalOrHonorKind(ctx.pair)) return false;
  let sequences = 0;
  for (let g = 0; g < 4; g++) {
    const k = ctx.groupFirst[g]!;
    if (ctx.groupType[g] === SEQUENCE) {
      sequences++;
      const r = k % 9;
      if (r !== 0 && r !== 6) return false;
    } else if (!isTerminalOrHonorKind(k)) return false;
  }
  return sequences > 0;
}

/** A sequence starting at this kind among the groups. */
export const hasSequence = (ctx: YakuContext, first: TileKind): boolean => ((ctx.sequenceMask >>> first) & 1) === 1;
