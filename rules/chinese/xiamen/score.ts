// Scoring a Xiamen or Quanzhou win: the win kind checked against the hand, the flowers ("water") of the best gold assignment and reading, the payments (xiamen.md §9-§12, §15).
import type { Meld } from '../../hand.js';
import { GROUP_STRIDE, READ_STANDARD, READ_TRIPLET, READINGS, readHand } from '../../readings.js';
import { fail, ok, type Result } from '../../result.js';
import { tileField } from '../../score-input.js';
import { formatKind, isFlower, KIND_COUNT, KIND_MASK, RED_FLAG, WHITE, type TileKind } from '../../tiles.js';
import { forEachCompletion, WILD_RANGES, type WildGroup } from '../../wilds.js';
import type { ChineseWin } from '../input.js';
import { bankerBaseOf, xiamenPayments } from './game.js';
import { xiamenRulesOf, type XiamenRules, type XiamenVariant } from './rules.js';
import { isWinKind, WIN_KINDS, type WinKind, type WinKindRule } from './win-kinds.js';

/** One part of the flowers: bonus tiles, golds, or the sets of one row of §12.3. */
export interface XiamenItem {
  readonly name: string;
  readonly flowers: number;
}

/** The result of `score` for Xiamen and Quanzhou (FORMAT-chinese.md). */
export interface XiamenOutput {
  readonly id: unknown;
  /** The "water" count of §12.3: bonus tiles, gold tiles, set points. */
  readonly flowers: number;
  readonly multiplier: number;
  /** The parts of `flowers` that count (none of 0). */
  readonly items: readonly XiamenItem[];
  /** What each loser pays, by seat wind "1"-"4": (base + flowers) × multiplier. */
  readonly payments: Readonly<Record<string, number>>;
  /** The winner's gain. */
  readonly total: number;
}

/** The gold indicator of a record (a playing tile). Errors: `bad_input` (absent), `bad_tile`, `bad_red_five`. */
export function goldIndicatorOf(raw: Readonly<Record<string, unknown>>): Result<TileKind> {
  if (raw.goldIndicator === undefined)
    return fail(
      'bad_input',
      'goldIndicator is required: the face-up tile whose other three copies are the golds',
    );
  const tile = tileField(raw.goldIndicator, 'goldIndicator');
  if (!tile.ok) return tile;
  if (tile.value & RED_FLAG) return fail('bad_red_five', 'goldIndicator: this game has no red fives');
  const kind = tile.value & KIND_MASK;
  if (isFlower(kind))
    return fail(
      'bad_tile',
      `goldIndicator ${formatKind(kind)} is a bonus tile: a bonus indicator is turned back`,
    );
  return ok(kind);
}

/** By indicator kind: the kind each kind plays as (White Dragons as the indicator's face, §6.7; White as White when it is the indicator). */
const PLAYED_AS: readonly Uint8Array[] = Array.from({ length: KIND_COUNT }, (_, gold) => {
  const table = Uint8Array.from({ length: KIND_COUNT }, (_, kind) => kind);
  table[WHITE] = gold;
  return table;
});

/** xiamenPlayedKinds' answer by indicator kind, shared (frozen). */
const PLAYED_KINDS: readonly Result<Uint8Array | null>[] = PLAYED_AS.map((table, gold) =>
  Object.freeze(ok(gold === WHITE ? null : table)),
);

/** ChineseInputOptions.playedKinds for Xiamen/Quanzhou: White plays as the indicator's face (no change when White is the indicator). */
export function xiamenPlayedKinds(raw: Readonly<Record<string, unknown>>): Result<Uint8Array | null> {
  const gold = goldIndicatorOf(raw);
  return gold.ok ? PLAYED_KINDS[gold.value]! : gold;
}

// The parts of the flowers, in output order; PART_NAMES[p] names part p.
const BONUS = 0;
const FOUR_FLOWERS = 1;
const FOUR_SEASONS = 2;
const GOLDS = 3;
const CLOSED_KONG = 4; // + 1 for a suit set: every set row below is honor, then suit
const OPEN_KONG = 6;
const ADDED_KONG = 8;
const CLOSED_PUNG = 10;
const OPEN_PUNG = 12;
const PART_NAMES = [
  'Bonus tiles',
  'Four flowers',
  'Four seasons',
  'Gold tiles',
  'Closed honor kong',
  'Closed suit kong',
  'Open honor kong',
  'Open suit kong',
  'Added honor kong',
  'Added suit kong',
  'Closed honor pung',
  'Closed suit pung',
  'Open honor pung',
  'Open suit pung',
] as const;

/** The set points of §12.3 by set row (honor, then suit), with the switches that move a row (§15.2, §15.3). */
function setPoints(rules: XiamenRules, row: number, suit: number): number {
  const honor = suit === 0;
  switch (row) {
    case CLOSED_KONG:
      return honor ? 4 : 3;
    case OPEN_KONG:
      return honor ? 3 : 2;
    case ADDED_KONG:
      return rules.added_kong_scores_as_closed_pung ? (honor ? 2 : 1) : honor ? 3 : 2;
    case CLOSED_PUNG:
      return honor ? 2 : 1;
    default:
      return rules.open_pung_scores_as_closed ? (honor ? 2 : 1) : honor ? 1 : 0;
  }
}

// Scoring is synchronous: the scratch below serves every call.
const parts = new Int32Array(PART_NAMES.length);
/** The concealed tiles with the winning tile as they play (White as the indicator's face), golds left out. */
const ordinary = new Uint8Array(KIND_COUNT);
const NO_GOLDS = new Uint8Array(KIND_COUNT);
const GOLD_WILDS: readonly (readonly WildGroup[])[] = [0, 1, 2, 3].map((count) =>
  Object.freeze([Object.freeze({ range: WILD_RANGES.anyButBonus, count })]),
);

/** The hand being scored, for the reading search. */
const hand = {
  rules: undefined as unknown as XiamenRules,
  meldCount: 0,
  /** The winning tile came from another player (a discard or a robbed kong): a pung it completes is open. */
  fromOther: false,
  /** The winning kind as it plays; -1 when the winning tile is a gold or there is none. */
  winKind: -1,
  /** The winning tile is a gold (self-drawn). */
  winIsGold: false,
  /** Best concealed set points so far (-1: no complete reading yet) and the pungs of that reading. */
  best: -1,
  bestClosed: [0, 0],
  bestOpen: [0, 0],
  /** The win is a float: some reading must show the winner float-ready. */
  float: false,
  /** Some reading shows the winner float-ready before the draw: the winning tile pairs with a lone gold. */
  floatReady: false,
};

const suitIndex = (kind: number): number => (kind >= 27 ? 0 : 1);

/** Scores every reading of one completed assignment (forEachCompletion's visit). */
function visitCompletion(completed: Uint8Array, assigned: Uint8Array): void {
  // Most the readings can score: a closed pung of every kind held three times or more. Where that cannot beat
  // the best so far (three golds as a set by themselves visit every set they can be), skip the readings.
  if (!hand.float || hand.floatReady) {
    let most = 0;
    for (let k = 0; k < 27; k++) if (completed[k]! >= 3) most++;
    for (let k = 27; k < KIND_COUNT; k++) if (completed[k]! >= 3) most += 2;
    if (most <= hand.best) return;
  }
  const n = readHand(completed, hand.meldCount, 5);
  const r = READINGS;
  const win = hand.winKind;
  const openHonor = setPoints(hand.rules, OPEN_PUNG, 0);
  const openSuit = setPoints(hand.rules, OPEN_PUNG, 1);
  for (let i = 0; i < n; i++) {
    if (r.shape[i] !== READ_STANDARD) continue;
    const pair = r.pair[i]!;
    // The lone gold of a float pairs with the drawn tile; two golds when the drawn tile is a gold.
    if (hand.winIsGold ? assigned[pair]! >= 2 : pair === win && assigned[pair]! >= 1) hand.floatReady = true;
    const base = GROUP_STRIDE * i;
    // A pung completed by another player's tile is open, unless the tile can sit in a run or the pair instead.
    let winOpens = hand.fromOther && pair !== win;
    if (winOpens)
      for (let g = 0; g < r.sets; g++) {
        const first = r.first[base + g]!;
        if (r.type[base + g] !== READ_TRIPLET && win >= first && win <= first + 2) winOpens = false;
      }
    let points = 0;
    let closedHonor = 0;
    let closedSuit = 0;
    let openHonorPungs = 0;
    let openSuitPungs = 0;
    for (let g = 0; g < r.sets; g++) {
      if (r.type[base + g] !== READ_TRIPLET) continue;
      const kind = r.first[base + g]!;
      const honor = kind >= 27;
      if (winOpens && kind === win) {
        points += honor ? openHonor : openSuit;
        if (honor) openHonorPungs++;
        else openSuitPungs++;
      } else {
        points += honor ? 2 : 1;
        if (honor) closedHonor++;
        else closedSuit++;
      }
    }
    if (points > hand.best) {
      hand.best = points;
      hand.bestClosed[0] = closedHonor;
      hand.bestClosed[1] = closedSuit;
      hand.bestOpen[0] = openHonorPungs;
      hand.bestOpen[1] = openSuitPungs;
    }
  }
}

/** Tiles of the gold's face in the melds (written as the face: golds, or the indicator drawn late). */
function faceTilesInMelds(melds: readonly Meld[], gold: TileKind): number {
  let n = 0;
  for (const meld of melds) for (const tile of meld.tiles) if ((tile & KIND_MASK) === gold) n++;
  return n;
}

/** The set row of a declared meld (-1: a chow, worth nothing). */
function meldRow(meld: Meld): number {
  switch (meld.type) {
    case 'chi':
      return -1;
    case 'pon':
      return OPEN_PUNG;
    case 'minkan':
      return OPEN_KONG;
    case 'kakan':
      return ADDED_KONG;
    default:
      return CLOSED_KONG;
  }
}

/** Hands one banker can keep in a record: far beyond any session, low enough to refuse hostile input cheaply. */
const MAX_BANKER_RUN = 1000;

/** `bankerRun` and, for `plus_multiplier`, `bankerMultipliers`: the banker base of this hand. */
function bankerBaseOfRecord(rules: XiamenRules, raw: Readonly<Record<string, unknown>>): Result<number> {
  const run = raw.bankerRun ?? 0;
  if (typeof run !== 'number' || !Number.isInteger(run) || run < 0 || run > MAX_BANKER_RUN)
    return fail(
      'bad_input',
      `bankerRun must be a whole number 0-${MAX_BANKER_RUN}, got ${JSON.stringify(raw.bankerRun)}`,
    );
  if (rules.banker_base_progression !== 'plus_multiplier') return ok(bankerBaseOf(rules, run));
  // Not in FORMAT-chinese.md (an extra field): bankerRun counts the hands kept, not what they paid.
  const kept = raw.bankerMultipliers ?? [];
  if (
    !Array.isArray(kept) ||
    kept.length !== run ||
    !kept.every((m) => typeof m === 'number' && Number.isInteger(m) && m >= 0)
  )
    return fail(
      'bad_input',
      `banker_base_progression plus_multiplier needs bankerMultipliers: the multiplier of each of the ${run} hand(s) the banker kept (0 for a drawn hand), got ${JSON.stringify(raw.bankerMultipliers)}`,
    );
  return ok(bankerBaseOf(rules, run, kept as number[]));
}

/** The tiles of the concealed hand as `ordinary` and the golds held; the gold count or an error. */
interface Holding {
  /** Golds among the concealed tiles and the winning tile (at most three: a fourth copy is the indicator). */
  readonly golds: number;
  /** Golds among closedTiles alone. */
  readonly closedGolds: number;
  /** Concealed tiles with the winning tile. */
  readonly size: number;
}

function readHolding(win: ChineseWin, gold: TileKind, played: Uint8Array, kind: WinKind): Holding {
  ordinary.fill(0);
  let faces = 0;
  for (const tile of win.closedTiles) {
    const k = tile & KIND_MASK;
    if (k === gold) faces++;
    else ordinary[played[k]!]!++;
  }
  const closedFaces = faces;
  if (win.winTile !== null) {
    const k = win.winTile & KIND_MASK;
    // Robbing the gold takes the indicator itself, an ordinary tile of the gold's face (§10.5).
    if (k === gold && kind !== 'robbingGold') faces++;
    else ordinary[played[k]!]!++;
  }
  const golds = Math.min(faces, 3);
  // Only three golds exist: a fourth tile of the face held is the indicator, taken late from the wall (§6.4).
  ordinary[gold]! += faces - golds;
  return {
    golds,
    closedGolds: Math.min(closedFaces, 3),
    size: win.closedTiles.length + (win.winTile === null ? 0 : 1),
  };
}

const notAWin = (kind: WinKindRule, reason: string): Result<never> =>
  fail('not_a_win', `not ${kind.name}: ${reason}`);

/** The checks of a win kind that need no reading (§7, §9, §10, §15). The reason it cannot be, or null. */
function kindProblem(
  win: ChineseWin,
  kindName: WinKind,
  kind: WinKindRule,
  rules: XiamenRules,
  gold: TileKind,
  holding: Holding,
  dealer: boolean,
): Result<never> | null {
  const melds = win.melds.length;
  if (
    kind.opening &&
    melds > 0 &&
    !(kindName === 'robbingGold' && dealer && win.melds.every((m) => m.type === 'ankan'))
  )
    return notAWin(kind, 'it comes before any set is claimed or declared, and the hand has melds');
  const winTileKind = win.winTile === null ? -1 : win.winTile & KIND_MASK;
  if (!kind.selfDrawn && winTileKind === gold)
    return notAWin(kind, 'a discarded gold can never be won on (§7)');
  if (kindName === 'robbingKong') {
    const held =
      win.closedTiles.some((t) => (t & KIND_MASK) === winTileKind) ||
      win.melds.some((m) => m.tiles.some((t) => (t & KIND_MASK) === winTileKind));
    if (held)
      return notAWin(
        kind,
        `the robbed kong holds the other three ${formatKind(winTileKind)}, and the winner holds one`,
      );
  }
  if (kindName === 'robbingGold' && winTileKind !== gold)
    return notAWin(
      kind,
      `the winning tile is the gold indicator ${formatKind(gold)}, not ${win.winTile === null ? 'none' : formatKind(winTileKind)}`,
    );
  if (kindName === 'heavenly' && !dealer) return notAWin(kind, 'only the banker (East) wins heavenly');
  if (kindName === 'earthly') {
    if (dealer) return notAWin(kind, 'the banker cannot win on his own first discard');
    if (win.discarder !== 1)
      return notAWin(kind, `it is won on the banker's (East's) first discard, not on ${win.discarder}'s`);
  }
  if (kindName === 'threeGoldDeal' || kindName === 'threeGoldPlay') {
    if (holding.golds !== 3)
      return notAWin(kind, `it takes the three golds, the hand holds ${holding.golds}`);
    if (kindName === 'threeGoldPlay' && !rules.three_gold_anytime && !win.haitei)
      return notAWin(
        kind,
        'a knock during play is allowed only on the last turn before a drawn hand (haitei), unless three_gold_anytime',
      );
  }
  if (kindName === 'eightBonus' && win.flowers.length !== 8)
    return notAWin(kind, `it takes all eight bonus tiles, the winner has ${win.flowers.length}`);
  if (holding.golds > kind.maxGolds)
    return notAWin(
      kind,
      `the float discarded ${3 - kind.maxGolds} gold(s), so the winner holds at most ${kind.maxGolds}, not ${holding.golds}`,
    );
  if (kind.float && holding.closedGolds === 0)
    return notAWin(kind, 'a float waits with a lone gold, and the hand held none before the draw');
  if (
    rules.restrict_common_win_with_gold &&
    !kind.selfDrawn &&
    kindName !== 'robbingKong' &&
    holding.closedGolds > 0
  )
    return notAWin(kind, 'a player holding a gold wins only on a wall tile (restrict_common_win_with_gold)');
  if (
    rules.required_float &&
    holding.golds === 3 &&
    !kindName.startsWith('threeGold') &&
    !kind.float &&
    kind.multiplier[rules.variant] < WIN_KINDS.goldFloat.multiplier[rules.variant]
  )
    return notAWin(
      kind,
      'a holder of the three golds wins only by a knock, a float or better (required_float)',
    );
  return null;
}

/** The concealed tiles with the winning tile a win kind needs: its reason, or null. */
function sizeProblem(
  kindName: WinKind,
  kind: WinKindRule,
  melds: number,
  size: number,
  dealer: boolean,
): string | null {
  const full = 3 * (5 - melds) + 2;
  if (kindName === 'threeGoldDeal') {
    const dealt = dealer ? 17 : 16;
    return size === dealt
      ? null
      : `after the deal the ${dealer ? 'banker' : 'non-banker'} holds ${dealt} tiles, not ${size}`;
  }
  if (kindName === 'eightBonus')
    return size === full || size === full - 1 ? null : `the hand holds ${size} tiles`;
  return size === full
    ? null
    : `${kind.name} takes ${full} concealed tiles with the winning tile (${melds} meld(s)), not ${size}`;
}

/** A record's claim: its options, gold, win kind and that kind's multiplier in the variant. */
interface Claim {
  readonly rules: XiamenRules;
  readonly gold: TileKind;
  readonly kindName: WinKind;
  readonly kind: WinKindRule;
  readonly multiplier: number;
}

/** The options, the gold and the claimed win kind of a record. Errors: `bad_input`, `bad_tile`, `bad_win_kind`, `not_a_win` (the variant has no such win). */
function claimOf(win: ChineseWin, preset: XiamenVariant): Result<Claim> {
  const rulesResult = xiamenRulesOf(preset, win.rules);
  if (!rulesResult.ok) return rulesResult;
  const rules = rulesResult.value;
  const goldResult = goldIndicatorOf(win.raw);
  if (!goldResult.ok) return goldResult;
  const kindName = win.raw.winKind;
  if (!isWinKind(kindName))
    return fail(
      'bad_win_kind',
      `winKind ${JSON.stringify(kindName)} is not one of ${Object.keys(WIN_KINDS).join(', ')}`,
    );
  const kind = WIN_KINDS[kindName];
  const multiplier = kind.multiplier[rules.variant];
  if (multiplier === 0)
    return notAWin(kind, `${rules.variant === 'quanzhou' ? 'Quanzhou' : 'Xiamen'} has no such win`);
  return ok({ rules, gold: goldResult.value, kindName, kind, multiplier });
}

/** The banker base of the record, and its concealed tiles read into `ordinary` with the golds held. Errors: `bad_input`, `bad_meld`. */
function holdingOf(
  win: ChineseWin,
  claim: Claim,
): Result<{ readonly bankerBase: number; readonly played: Uint8Array; readonly holding: Holding }> {
  const dealer = win.seatWind === 1;
  if (win.raw.dealer !== undefined && win.raw.dealer !== dealer)
    return fail(
      'bad_input',
      `dealer is ${JSON.stringify(win.raw.dealer)}, but the banker is East and seatWind is ${win.seatWind}`,
    );
  const bankerBase = bankerBaseOfRecord(claim.rules, win.raw);
  if (!bankerBase.ok) return bankerBase;
  const played = PLAYED_AS[claim.gold]!;
  const inMelds = faceTilesInMelds(win.melds, claim.gold);
  if (inMelds > 1)
    return fail(
      'bad_meld',
      `the melds hold ${inMelds} ${formatKind(claim.gold)}: golds never sit in a claimed or declared set (§6.6), only the indicator itself could`,
    );
  const holding = readHolding(win, claim.gold, played, claim.kindName);
  return ok({ bankerBase: bankerBase.value, played, holding });
}

/**
 * Scores a checked Xiamen or Quanzhou win (16-tile hands). Errors: `bad_input` (options, fields that
 * contradict each other), `bad_win_kind` (unknown winKind), `bad_hand_size`, `not_a_win` (the hand cannot
 * be that win, or the preset has none: the reason in the message).
 */
export function scoreXiamen(win: ChineseWin, preset: XiamenVariant): Result<XiamenOutput> {
  const claim = claimOf(win, preset);
  if (!claim.ok) return claim;
  const { rules, gold, kindName, kind, multiplier } = claim.value;
  if (kindName === 'eightBonus' && !rules.eight_bonus_instant_win)
    return notAWin(kind, 'all eight bonus tiles win at once only with eight_bonus_instant_win');
  if (kind.selfDrawn !== win.tsumo)
    return fail(
      'bad_input',
      `winKind ${kindName} is ${kind.selfDrawn ? '' : 'not '}self-drawn: tsumo must be ${kind.selfDrawn}`,
    );
  if (win.chankan && kindName !== 'robbingKong')
    return fail('bad_input', `chankan is set, but winKind is ${kindName}`);
  if (win.winTile === null && kind.needsShape && kindName !== 'heavenly')
    return fail('bad_input', `winTile is required for ${kind.name}`);
  const dealer = win.seatWind === 1;
  const held = holdingOf(win, claim.value);
  if (!held.ok) return held;
  const { bankerBase, played, holding } = held.value;
  const problem = kindProblem(win, kindName, kind, rules, gold, holding, dealer);
  if (problem) return problem;
  const size = sizeProblem(kindName, kind, win.melds.length, holding.size, dealer);
  if (size !== null) return fail('bad_hand_size', size);

  parts.fill(0);
  if (kind.needsShape) {
    hand.rules = rules;
    hand.meldCount = win.melds.length;
    hand.fromOther = !kind.selfDrawn;
    hand.winIsGold = win.winTile !== null && (win.winTile & KIND_MASK) === gold && kindName !== 'robbingGold';
    hand.winKind = win.winTile === null || hand.winIsGold ? -1 : played[win.winTile & KIND_MASK]!;
    hand.best = -1;
    hand.float = kind.float;
    hand.floatReady = false;
    // Without golds the one assignment is the tiles themselves.
    if (holding.golds === 0) visitCompletion(ordinary, NO_GOLDS);
    else forEachCompletion(ordinary, hand.meldCount, GOLD_WILDS[holding.golds]!, visitCompletion, 5);
    if (hand.best < 0)
      return notAWin(kind, 'the tiles make no five sets and a pair, whatever the golds stand for');
    if (kind.float && !hand.floatReady)
      return notAWin(kind, 'before the draw the hand was not five sets and a lone gold (float-ready)');
    parts[CLOSED_PUNG] += 2 * hand.bestClosed[0]!;
    parts[CLOSED_PUNG + 1] += hand.bestClosed[1]!;
    parts[OPEN_PUNG] += hand.bestOpen[0]! * setPoints(rules, OPEN_PUNG, 0);
    parts[OPEN_PUNG + 1] += hand.bestOpen[1]! * setPoints(rules, OPEN_PUNG, 1);
  }
  return paidWith(win, rules, played, holding.golds, multiplier, bankerBase);
}

/**
 * A false win (§11 [Rec]): the offender pays each other player what that player would have paid him had the
 * claimed win been valid. Nothing is read from the concealed tiles (the hand is no win): the flowers are his
 * bonus tiles (with the set-of-four bonus), the golds he holds and the points of his declared sets; the
 * multiplier is the claimed win kind's. `payments`: what the offender pays each player, by seat wind; `total`
 * his loss. Errors: those of the record's fields (`bad_input`, `bad_tile`, `bad_win_kind`, `bad_meld`), and
 * `not_a_win` for a win the variant has not.
 */
export function xiamenFalseWinPenalty(win: ChineseWin, preset: XiamenVariant): Result<XiamenOutput> {
  const claim = claimOf(win, preset);
  if (!claim.ok) return claim;
  const held = holdingOf(win, claim.value);
  if (!held.ok) return held;
  const { bankerBase, played, holding } = held.value;
  parts.fill(0);
  return paidWith(win, claim.value.rules, played, holding.golds, claim.value.multiplier, bankerBase);
}

/**
 * The flowers and payments once `parts` holds the concealed set points: declared sets (they score in every
 * win; a knock's concealed tiles score nothing, §12.6), bonus tiles and golds; each loser pays
 * (base + flowers) × multiplier.
 */
function paidWith(
  win: ChineseWin,
  rules: XiamenRules,
  played: Uint8Array,
  golds: number,
  multiplier: number,
  bankerBase: number,
): Result<XiamenOutput> {
  for (const meld of win.melds) {
    const row = meldRow(meld);
    if (row < 0) continue;
    const suit = suitIndex(played[meld.tiles[0]! & KIND_MASK]!);
    parts[row + suit] += setPoints(rules, row, suit);
  }
  countBonusTiles(win, rules);
  parts[GOLDS] = golds;

  let flowers = 0;
  let itemCount = 0;
  for (let p = 0; p < parts.length; p++) {
    flowers += parts[p]!;
    if (parts[p]! > 0) itemCount++;
  }
  const items = new Array<XiamenItem>(itemCount);
  for (let p = 0, at = 0; p < parts.length; p++) if (parts[p]! > 0) items[at++] = itemOf(p, parts[p]!);
  const payments = xiamenPayments(rules, win.seatWind, flowers, multiplier, bankerBase);
  let total = 0;
  // By wind number, not `for in`: the keys "1"-"4" are element indices, which `for in` turns back into strings.
  for (let wind = 1; wind <= 4; wind++) total += payments[wind] ?? 0;
  // A doubling base over a long run, or a huge base_inflation_k, leaves exact numbers behind.
  if (!Number.isSafeInteger(total))
    return fail(
      'bad_input',
      `the payments overflow (banker base ${bankerBase}): check bankerRun and the bases`,
    );
  return ok({ id: win.id, flowers, multiplier, items, payments, total });
}

const ITEMS: XiamenItem[][] = PART_NAMES.map(() => []);

/** The shared frozen item of part p worth `flowers`. */
const itemOf = (p: number, flowers: number): XiamenItem =>
  (ITEMS[p]![flowers] ??= Object.freeze({ name: PART_NAMES[p]!, flowers }));

/** Bonus tiles: 1 each, a complete set of the four flowers or of the four seasons 8 with `set_of_four_bonus` (§12.3, §15.4). */
function countBonusTiles(win: ChineseWin, rules: XiamenRules): void {
  let flowers = 0;
  let seasons = 0;
  for (const tile of win.flowers)
    if ((tile & KIND_MASK) < 38) flowers++;
    else seasons++;
  if (rules.set_of_four_bonus && flowers === 4) {
    parts[FOUR_FLOWERS] = 8;
    flowers = 0;
  }
  if (rules.set_of_four_bonus && seasons === 4) {
    parts[FOUR_SEASONS] = 8;
    seasons = 0;
  }
  parts[BONUS] = flowers + seasons;
}
