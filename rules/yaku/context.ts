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
 * Feature bits of a hand (bits 0-16 and 30, set once per hand) and of a reading (bits 17-29). A yaku unit's
 * `needs` lists features its test cannot do without; the evaluator skips the test when one is missing.
 * `needs` is only a necessary condition (the test alone decides), so it must never exclude a true test:
 * rules/yaku/needs.test.ts checks that on every corpus and generated reading.
 */
export const F_CLOSED = 1 << 0;
export const F_TSUMO = 1 << 1;
export const F_RON = 1 << 2;
export const F_RIICHI = 1 << 3;
export const F_IPPATSU = 1 << 4;
export const F_CHANKAN = 1 << 5;
export const F_RINSHAN = 1 << 6;
export const F_HAITEI = 1 << 7;
export const F_HOUTEI = 1 << 8;
export const F_DOUBLE_RIICHI = 1 << 9;
/** tenhou, chiihou or renhou flagged. */
export const F_FIRST_TURN = 1 << 10;
export const F_THREE_KANS = 1 << 11;
export const F_ALL_SIMPLES = 1 << 12;
export const F_TERMINALS_HONORS = 1 << 13;
/** Exactly one of the three suits (honours may be there too). */
export const F_ONE_SUIT = 1 << 14;
export const F_ALL_GREEN = 1 << 15;
export const F_NO_MELDS = 1 << 16;
export const F_STANDARD = 1 << 17;
export const F_CHIITOITSU = 1 << 18;
export const F_KOKUSHI = 1 << 19;
export const F_SEQUENCE = 1 << 20;
export const F_TWO_SEQUENCES = 1 << 21;
export const F_THREE_SEQUENCES = 1 << 22;
export const F_FOUR_SEQUENCES = 1 << 23;
/** Standard shape without sequences (four triplets or kans). */
export const F_NO_SEQUENCE = 1 << 24;
export const F_WIND_SET = 1 << 25;
export const F_DRAGON_SET = 1 << 26;
export const F_THREE_SUITED_SETS = 1 << 27;
export const F_THREE_CONCEALED_SETS = 1 << 28;
/** The pair is a terminal or an honour. */
export const F_OUTSIDE_PAIR = 1 << 29;
/** The winner is the dealer (a hand bit, kept last: bits 17-29 are the reading's). */
export const F_DEALER = 1 << 30;

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
  /** `all` and `concealed` share this buffer: zeroing its ten 8-byte words clears both at once. */
  countWords: Float64Array;
  /** The same buffer as 32-bit words (exact copies): all at 0-8, concealed at 10-18. */
  countInts: Int32Array;
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
  /** Hand feature bits (F_CLOSED .. F_NO_MELDS). */
  handFeatures: number;
  /** handFeatures plus the reading's bits (F_STANDARD ..), set by `summarizeReading`. */
  features: number;
  /** Han of the ordinary yaku of this reading, set before yakuman are tested (Eight Dealer Keeps needs a yaku). */
  ordinaryHan: number;
  /** Yakuman found so far in this reading, while the yakuman list is tested in order. */
  yakumanSoFar: number;
}

export function newContext(options: RuleOptions): YakuContext {
  const counts = new ArrayBuffer(80); // all at bytes 0-33, concealed at 40-73
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
    all: new Uint8Array(counts, 0, KIND_COUNT),
    concealed: new Uint8Array(counts, 40, KIND_COUNT),
    countWords: new Float64Array(counts),
    countInts: new Int32Array(counts),
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
    handFeatures: 0,
    features: 0,
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
  let features = ctx.handFeatures;
  const shape = ctx.shape;
  if (shape === 'standard') {
    features |= F_STANDARD;
    if (sequences >= 1) features |= F_SEQUENCE;
    if (sequences >= 2) features |= F_TWO_SEQUENCES;
    if (sequences >= 3) features |= F_THREE_SEQUENCES;
    if (sequences === 4) features |= F_FOUR_SEQUENCES;
    if (sequences === 0) features |= F_NO_SEQUENCE;
    if ((honorSetMask & 15) !== 0) features |= F_WIND_SET;
    if ((honorSetMask & 0x70) !== 0) features |= F_DRAGON_SET;
    if (4 - sequences - bitCount(honorSetMask) >= 3) features |= F_THREE_SUITED_SETS;
    if (concealed >= 3) features |= F_THREE_CONCEALED_SETS;
    if (isTerminalOrHonorKind(ctx.pair)) features |= F_OUTSIDE_PAIR;
  } else if (shape === 'chiitoitsu') {
    features |= F_CHIITOITSU;
  } else {
    features |= F_KOKUSHI;
  }
  ctx.features = features;
}

/** The hand feature bits, from the hand facts of ctx (call once per hand, after they are set). */
export function handFeaturesOf(ctx: YakuContext): number {
  let f = 0;
  if (ctx.closed) f |= F_CLOSED;
  f |= ctx.tsumo ? F_TSUMO : F_RON;
  if (ctx.riichi) f |= F_RIICHI;
  if (ctx.ippatsu) f |= F_IPPATSU;
  if (ctx.chankan) f |= F_CHANKAN;
  if (ctx.rinshan) f |= F_RINSHAN;
  if (ctx.haitei) f |= F_HAITEI;
  if (ctx.houtei) f |= F_HOUTEI;
  if (ctx.doubleRiichi) f |= F_DOUBLE_RIICHI;
  if (ctx.tenhou || ctx.chiihou || ctx.renhou) f |= F_FIRST_TURN;
  if (ctx.kanCount >= 3) f |= F_THREE_KANS;
  if (ctx.allSimples) f |= F_ALL_SIMPLES;
  if (ctx.allTerminalsOrHonors) f |= F_TERMINALS_HONORS;
  const suits = ctx.suitMask & 7;
  if (suits === 1 || suits === 2 || suits === 4) f |= F_ONE_SUIT;
  if (ctx.allGreen) f |= F_ALL_GREEN;
  if (ctx.meldCount === 0) f |= F_NO_MELDS;
  if (ctx.dealer) f |= F_DEALER;
  return f;
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
export const isValuePair = (ctx: YakuContext): boolean =>
  ctx.pair >= 31 || ctx.pair === ctx.seatWind || ctx.pair === ctx.roundWind;

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
