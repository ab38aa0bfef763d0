// Wild tiles (Xiamen golds, Vietnamese jokers): their ranges, shanten, waits, completeness, and every distinct assignment that completes a hand.
import { coverRowIndex, honorCoverTable, MAX_SETS, ROW, suitCoverTable } from './cover-tables.js';
import { checkMeldCount } from './hand.js';
import { shanten } from './shanten.js';
import { KIND_COUNT, KIND_COUNT_WITH_FLOWERS, type TileKind } from './tiles.js';

/*
 * A wild tile stands for any kind of its RANGE (a 0/1 table over the 42 kinds, bonus tiles 34-41 included).
 * The hand functions here take the hand's ordinary tiles as counts (wilds left out) plus the wilds held, as
 * groups of one range each. Only kinds 0-33 join sets: a wild whose range holds bonus kinds only (the
 * Vietnamese Flower Joker) can never sit in a complete hand; laying it out as a flower is the game's business.
 *
 * The game maps its substitutes before calling: Xiamen's White Dragons play as the gold indicator's face
 * (xiamen.md §6.7), so the caller counts them as that kind; only the three golds are wilds.
 *
 * Shape semantics follow shanten.ts: `shantenWithWilds` may assume a fifth copy of a kind (as riichi shanten
 * does); the assignments (`forEachCompletion`, `isCompleteWithWilds`, `waitKindsWithWilds`) never make a
 * kind exceed four copies, ordinary tiles and wilds together.
 */

/** The kinds one wild may stand for: 1 at each kind it may be (length 42). */
export type WildRange = Readonly<Uint8Array>;

/** A range from its kinds. */
export function wildRange(kinds: Iterable<TileKind>): WildRange {
  const range = new Uint8Array(KIND_COUNT_WITH_FLOWERS);
  for (const kind of kinds) {
    if (!Number.isInteger(kind) || kind < 0 || kind >= KIND_COUNT_WITH_FLOWERS)
      throw new Error(`a wild range holds kinds 0-41, not ${kind}`);
    range[kind] = 1;
  }
  return range; // typed arrays cannot be frozen; WildRange is read-only by type
}

const span = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/** The ranges of the wilds our sources name. */
export const WILD_RANGES = Object.freeze({
  /** Xiamen/Quanzhou gold: any tile except flowers and seasons (xiamen.md §6.5). */
  anyButBonus: wildRange(span(0, 34)),
  /** Vietnamese Emperor Joker: any tile, bonus tiles included (seed 003). */
  anyTile: wildRange(span(0, 42)),
  /** Vietnamese Characters Joker (m). */
  characters: wildRange(span(0, 9)),
  /** Vietnamese Dots Joker (p). */
  dots: wildRange(span(9, 18)),
  /** Vietnamese Bamboo Joker (s). */
  bamboo: wildRange(span(18, 27)),
  /** Vietnamese Suited Joker: any dots, bamboo or characters tile. */
  suited: wildRange(span(0, 27)),
  /** Vietnamese Wind Joker. */
  wind: wildRange(span(27, 31)),
  /** Vietnamese Dragon Joker. */
  dragon: wildRange(span(31, 34)),
  /** Vietnamese Flower Joker: any bonus tile (never in a set). */
  bonus: wildRange(span(34, 42)),
});

/** Wilds of one range held in a hand. */
export interface WildGroup {
  readonly range: WildRange;
  readonly count: number;
}

/** A range that holds every kind 0-33: such a wild fills any missing tile. */
function isFree(range: WildRange): boolean {
  for (let k = 0; k < KIND_COUNT; k++) if (!range[k]) return false;
  return true;
}

function checkWilds(wilds: readonly WildGroup[]): void {
  for (const group of wilds) {
    if (group.range.length !== KIND_COUNT_WITH_FLOWERS)
      throw new Error(`a wild range has ${KIND_COUNT_WITH_FLOWERS} entries, not ${group.range.length}`);
    if (!Number.isInteger(group.count) || group.count < 0)
      throw new Error(`a wild count is a whole number, not ${group.count}`);
  }
}

/** Each range's playable kinds, built once per range (the hands of a scorer ask for the same few ranges). */
const PLAYABLE = new WeakMap<WildRange, Uint8Array>();

/** The playable kinds (0-33) of a range, ascending (shared: read-only). */
function playableKinds(range: WildRange): Uint8Array {
  let kinds = PLAYABLE.get(range);
  if (kinds === undefined) {
    const list: number[] = [];
    for (let k = 0; k < KIND_COUNT; k++) if (range[k]) list.push(k);
    kinds = Uint8Array.from(list);
    PLAYABLE.set(range, kinds);
  }
  return kinds;
}

/**
 * The wilds as one list of playable kinds per wild tile; wilds of one range share one list object and sit
 * next to each other (the enumerations below try their kinds in ascending order: a multiset, not every order).
 */
function wildLists(
  wilds: readonly WildGroup[],
  skipFree: boolean,
): { free: number; lists: Uint8Array[]; ranges: number } {
  let free = 0;
  let ranges = 0;
  const lists: Uint8Array[] = [];
  for (const group of wilds) {
    if (group.count === 0) continue;
    if (skipFree && isFree(group.range)) {
      free += group.count;
      continue;
    }
    ranges++;
    const list = playableKinds(group.range);
    for (let i = 0; i < group.count; i++) lists.push(list);
  }
  return { free, lists, ranges };
}

/**
 * Shanten of the hand with wilds: the fewest missing tiles of a complete target minus one, where a wild covers
 * one missing tile of its range. `counts` = the ordinary concealed tiles (34 kinds); the wilds are held besides
 * them; `handSets` 4 (13-tile hands: seven pairs and thirteen orphans count too) or 5. A wild that may be any
 * tile takes one off the shortfall of the best target; the restricted ones are tried on each kind of their
 * range (branch and bound). -1 = complete, 0 = one tile away.
 */
export function shantenWithWilds(
  counts: Uint8Array,
  meldCount: number,
  wilds: readonly WildGroup[],
  handSets = 4,
): number {
  checkMeldCount(meldCount, handSets);
  checkWilds(wilds);
  const { free, lists: restricted } = wildLists(wilds, true);
  const work = Uint8Array.from(counts.subarray(0, KIND_COUNT));
  let best = Infinity;
  const search = (i: number, from: number, previousRange: Uint8Array | undefined): void => {
    // Every wild still to place is at least as good as nothing and at most as good as a free wild.
    const bound = Math.max(-1, shanten(work, meldCount, handSets) - free - (restricted.length - i));
    if (bound >= best) return;
    if (i === restricted.length) {
      best = bound;
      return;
    }
    const kinds = restricted[i]!;
    // Wilds of one range are interchangeable: their kinds ascend (a multiset, not every order).
    const start = kinds === previousRange ? from : 0;
    let placed = false;
    for (let j = start; j < kinds.length; j++) {
      const kind = kinds[j]!;
      if (work[kind]! >= 4) continue;
      placed = true;
      work[kind]!++;
      search(i + 1, j, kinds);
      work[kind]!--;
    }
    // A wild with no room in its range (every kind held four times) helps nothing.
    if (!placed) search(i + 1, kinds.length, kinds);
  };
  search(0, 0, undefined);
  return best;
}

/*
 * The walk by kinds (forEachCompletion with wilds of several ranges, or where seven pairs and thirteen orphans
 * count) goes through the kinds 0-33 in order and gives each kind a number of wilds, so every distinct
 * assignment is met exactly once (nothing to filter afterwards). Small automata read the final counts kind by
 * kind and say whether the kinds so far can still end in a complete hand; a branch stops as soon as none can,
 * or as soon as the wilds cannot go where the branch put them. Automata (states as bits of one mask):
 *   - sets and a pair: (p, q, t) = chows started two kinds back and one kind back still waiting for tiles, and
 *     whether the pair is taken. At a kind holding x tiles, x − p − q tiles remain for a pung, the pair and new
 *     chows (none from ranks 8 and 9, nor from honours): the standard left-to-right reading of one suit;
 *   - seven pairs (pairs so far; four of a kind as two pairs only with `fourAsTwoPairs`);
 *   - thirteen orphans (whether the pair is taken).
 * Example: 123m 456m 789m 11p with three golds: at 1p the pair may be taken, then the golds can only make one
 * whole set among the kinds that follow (every pung and chow of them once).
 */

/** Standard-automaton states (p, q, t) with p + q ≤ 4: their index is their bit. */
const STD_STATE_INDEX = new Int8Array(5 * 5 * 2).fill(-1);
const STD_STATES: { p: number; q: number; t: number }[] = [];
for (let t = 0; t < 2; t++)
  for (let p = 0; p <= 4; p++)
    for (let q = 0; p + q <= 4; q++) {
      STD_STATE_INDEX[(p * 5 + q) * 2 + t] = STD_STATES.length;
      STD_STATES.push({ p, q, t });
    }
const stdState = (p: number, q: number, t: number): number => STD_STATE_INDEX[(p * 5 + q) * 2 + t]!;
const STD_START = 1 << stdState(0, 0, 0);
const STD_ACCEPT = 1 << stdState(0, 0, 1);

/** STD_NEXT[(state · 5 + x) · 2 + noChow]: the states after a kind holding x tiles (noChow: ranks 8, 9, honours). */
const STD_NEXT = new Int32Array(STD_STATES.length * 5 * 2);
STD_STATES.forEach(({ p, q, t }, state) => {
  for (let x = 0; x <= 4; x++)
    for (let noChow = 0; noChow < 2; noChow++) {
      let next = 0;
      const rest = x - p - q;
      for (let pung = 0; pung < 2 && rest >= 0; pung++)
        for (let pair = 0; pair <= 1 - t; pair++) {
          const chows = rest - 3 * pung - 2 * pair;
          if (chows < 0 || (noChow && chows > 0) || q + chows > 4) continue;
          next |= 1 << stdState(q, chows, t | pair);
        }
      STD_NEXT[(state * 5 + x) * 2 + noChow] = next;
    }
});

/** 1 where no chow starts: ranks 8 and 9, and the honours. */
const NO_CHOW = Uint8Array.from({ length: KIND_COUNT }, (_, k) => (k >= 27 || k % 9 >= 7 ? 1 : 0));
/** 1 at the thirteen terminal and honour kinds. */
const ORPHAN = Uint8Array.from({ length: KIND_COUNT }, (_, k) =>
  k >= 27 || k % 9 === 0 || k % 9 === 8 ? 1 : 0,
);

function nextStandard(states: number, x: number, kind: number): number {
  let next = 0;
  const noChow = NO_CHOW[kind]!;
  for (let rest = states, s = 0; rest !== 0; rest >>>= 1, s++)
    if (rest & 1) next |= STD_NEXT[(s * 5 + x) * 2 + noChow]!;
  return next;
}

/** Seven pairs: bit i = i pairs so far; bit 7 accepts. */
const nextSevenPairs = (states: number, x: number, fourAsTwoPairs: boolean): number =>
  x === 0 ? states : x === 2 ? (states << 1) & 0xff : x === 4 && fourAsTwoPairs ? (states << 2) & 0xff : 0;

/** Thirteen orphans: bit 0 = no pair yet, bit 1 = pair taken (accepts). */
const nextOrphans = (states: number, x: number, kind: number): number =>
  ORPHAN[kind] ? (x === 1 ? states : x === 2 ? (states & 1) << 1 : 0) : x === 0 ? states : 0;

/** What forEachCompletion also counts as complete. */
export interface CompletionOptions {
  /** Seven pairs may hold four of a kind as two pairs (MCR, Hong Kong, Zung Jung, Vietnamese); riichi's may not. */
  readonly fourAsTwoPairs?: boolean;
}

/**
 * The search by groups' working counts and wilds placed: scratch, as its group needs are (rowIndex, ...), so
 * that search is not re-entrant (a visit must not start another one); the walk by kinds copies the counts.
 */
const groupCounts = new Uint8Array(KIND_COUNT);
const groupAssigned = new Uint8Array(KIND_COUNT);

/** One search by groups. */
interface Enumeration {
  readonly counts: Uint8Array;
  readonly assigned: Uint8Array;
  readonly wilds: readonly Uint8Array[];
  readonly meldCount: number;
  readonly handSets: number;
  stopped: boolean;
}

/**
 * Calls `visit(completed, assigned)` once for every distinct way to give the wilds kinds so that the hand is
 * complete (sets and a pair; with handSets 4 and no melds also seven pairs of distinct kinds, or with
 * `options.fourAsTwoPairs` four of a kind as two pairs, and thirteen orphans: read the completed counts with
 * `readHand` to see which). `completed` = the ordinary tiles plus the wilds as their kinds (34 kinds, at most
 * four of each); `assigned` = how many wilds stand for each kind. Both are scratch arrays, valid during the
 * call only. `visit` returns false to stop the enumeration.
 *
 * Distinct means distinct `assigned` counts: wilds of one range are interchangeable (their kinds are tried in
 * ascending order), and two ranges that swap kinds give one visit. Wilds of one range in a hand read as sets
 * and a pair (Xiamen's golds) are placed one at a time, a branch dropped as soon as the remaining wilds, even
 * as free wilds, cannot complete it (shanten bound): three golds in a 17-tile hand cost a few hundred shanten
 * evaluations. Otherwise the walk by kinds above, whose cost follows the completions rather than the orders of
 * the wilds (eight Vietnamese jokers of mixed ranges in a 14-tile hand: tens of milliseconds, where one wild at a time took seconds). Wilds that
 * form a whole set by themselves are enumerated as every set they can be.
 */
export function forEachCompletion(
  counts: Uint8Array,
  meldCount: number,
  wilds: readonly WildGroup[],
  visit: (completed: Uint8Array, assigned: Uint8Array) => boolean | void,
  handSets = 4,
  options: CompletionOptions = {},
): void {
  checkMeldCount(meldCount, handSets);
  checkWilds(wilds);
  const { lists, ranges } = wildLists(wilds, false);
  for (let k = 0; k < KIND_COUNT; k++) if (counts[k]! > 4) return; // more than a set holds: never complete
  const fourAsTwoPairs = options.fourAsTwoPairs ?? false;
  // One range and only sets and a pair (Xiamen's golds): the faster search by groups. Several ranges (Vietnamese
  // jokers) or the 13-tile shapes: the walk by kinds, whose cost does not grow with the orders of the wilds.
  if (ranges <= 1 && !fourAsTwoPairs && (handSets !== 4 || meldCount !== 0)) {
    for (let k = 0; k < KIND_COUNT; k++) {
      groupCounts[k] = counts[k]!;
      groupAssigned[k] = 0;
    }
    const state = {
      counts: groupCounts,
      assigned: groupAssigned,
      wilds: lists,
      meldCount,
      handSets,
      stopped: false,
    };
    placeByGroups(state, visit);
  } else walkKinds(counts.slice(0, KIND_COUNT), meldCount, wilds, visit, handSets, fourAsTwoPairs);
}

/** Scratch of one walk by kinds. */
interface KindWalk {
  readonly counts: Uint8Array;
  readonly assigned: Uint8Array;
  /** Per wild tile, its range (for the matching at the end); wilds of one range share the object. */
  readonly tiles: readonly WildRange[];
  /** Wilds whose range holds kind k. */
  readonly cover: Int32Array;
  /** Wilds whose range lies wholly before kind k / reaches some kind before k (prefix bounds). */
  readonly mustBefore: Int32Array;
  readonly canBefore: Int32Array;
  readonly total: number;
  readonly fourAsTwoPairs: boolean;
  readonly visit: (completed: Uint8Array, assigned: Uint8Array) => boolean | void;
  stopped: boolean;
}

/** forEachCompletion by kinds (the automata above); `counts` is its scratch copy of the ordinary tiles. */
function walkKinds(
  counts: Uint8Array,
  meldCount: number,
  wilds: readonly WildGroup[],
  visit: (completed: Uint8Array, assigned: Uint8Array) => boolean | void,
  handSets: number,
  fourAsTwoPairs: boolean,
): void {
  let held = 0;
  for (let k = 0; k < KIND_COUNT; k++) held += counts[k]!;
  const tiles: WildRange[] = [];
  const cover = new Int32Array(KIND_COUNT);
  const mustBefore = new Int32Array(KIND_COUNT + 1);
  const canBefore = new Int32Array(KIND_COUNT + 1);
  for (const group of wilds) {
    if (group.count === 0) continue;
    let lo = -1;
    let hi = -1;
    for (let k = 0; k < KIND_COUNT; k++)
      if (group.range[k]) {
        if (lo < 0) lo = k;
        hi = k;
        cover[k]! += group.count;
      }
    if (lo < 0) return; // a wild that never sits in a set (a Flower Joker): the hand cannot be complete
    for (let i = 0; i < group.count; i++) tiles.push(group.range);
    mustBefore[hi + 1]! += group.count;
    canBefore[lo + 1]! += group.count;
  }
  if (held + tiles.length !== 3 * (handSets - meldCount) + 2) return;
  for (let k = 1; k <= KIND_COUNT; k++) {
    mustBefore[k]! += mustBefore[k - 1]!;
    canBefore[k]! += canBefore[k - 1]!;
  }
  const special = handSets === 4 && meldCount === 0;
  const walk: KindWalk = {
    counts,
    assigned: new Uint8Array(KIND_COUNT),
    tiles,
    cover,
    mustBefore,
    canBefore,
    total: tiles.length,
    fourAsTwoPairs,
    visit,
    stopped: false,
  };
  assign(walk, 0, 0, STD_START, special ? 1 : 0, special ? 1 : 0);
}

/** Gives kind k its wilds (`used` wilds placed before it), for every count the automata still accept. */
function assign(
  state: KindWalk,
  k: number,
  used: number,
  standard: number,
  sevenPairs: number,
  orphans: number,
): void {
  const { counts, assigned } = state;
  if (k === KIND_COUNT) {
    const complete = (standard & STD_ACCEPT) !== 0 || (sevenPairs & 0x80) !== 0 || (orphans & 2) !== 0;
    if (complete && wildsMatch(state) && state.visit(counts, assigned) === false) state.stopped = true;
    return;
  }
  const held = counts[k]!;
  const most = Math.min(4 - held, state.cover[k]!, state.total - used);
  for (let a = 0; a <= most && !state.stopped; a++) {
    const placed = used + a;
    if (placed < state.mustBefore[k + 1]! || placed > state.canBefore[k + 1]!) continue;
    const x = held + a;
    const nextStandardStates = standard === 0 ? 0 : nextStandard(standard, x, k);
    const nextPairs = sevenPairs === 0 ? 0 : nextSevenPairs(sevenPairs, x, state.fourAsTwoPairs);
    const nextOrphanStates = orphans === 0 ? 0 : nextOrphans(orphans, x, k);
    if ((nextStandardStates | nextPairs | nextOrphanStates) === 0) continue;
    counts[k] = x;
    assigned[k] = a;
    assign(state, k + 1, placed, nextStandardStates, nextPairs, nextOrphanStates);
    counts[k] = held;
    assigned[k] = 0;
  }
}

/** Whether each wild can take one of the places `assigned` gives (a matching of wild tiles to places; Kuhn). */
function wildsMatch(state: KindWalk): boolean {
  const { tiles, assigned } = state;
  if (tiles.length <= 1 || tiles.every((range) => range === tiles[0])) return true; // `cover` already bounds it
  const places: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) for (let n = 0; n < assigned[k]!; n++) places.push(k);
  const holder = new Int32Array(places.length).fill(-1); // place → wild
  const tryWild = (w: number, seen: Uint8Array): boolean => {
    for (let p = 0; p < places.length; p++) {
      if (seen[p] || !tiles[w]![places[p]!]) continue;
      seen[p] = 1;
      if (holder[p]! < 0 || tryWild(holder[p]!, seen)) {
        holder[p] = w;
        return true;
      }
    }
    return false;
  };
  for (let w = 0; w < tiles.length; w++) if (!tryWild(w, new Uint8Array(places.length))) return false;
  return true;
}

// The search by groups. A group is a suit's nine kinds or the seven honors: sets never cross groups.
const GROUP_BASE = [0, 9, 18, 27];
const GROUP_SIZE = [9, 9, 9, 7];
/** Per kind: its group, and what one more tile of it adds to its group's cover-table row index (5^position). */
const KIND_GROUP = Uint8Array.from({ length: KIND_COUNT }, (_, k) => (k < 27 ? (k / 9) | 0 : 3));
const KIND_STEP = Int32Array.from({ length: KIND_COUNT }, (_, k) => 5 ** (k - GROUP_BASE[KIND_GROUP[k]!]!));
/**
 * Needs above this are stored as it (a weaker bound, still a lower bound; exact at 0), so that both needs of
 * a row fit in one byte: the suit table then takes 1.9 MB and mostly stays in a core's cache.
 */
const MOST_NEED = 14;
/** Per group, during one search: its cover-table row index, tile count, and the fewest wilds it still needs. */
const rowIndex = new Int32Array(4);
const groupTiles = new Int32Array(4);
const needSets = new Int32Array(4);
const needPair = new Int32Array(4);

/**
 * Per group row (a suit's or the honors' counts as a cover-table index), one byte: the fewest wilds that
 * complete it as sets only (low four bits) and as sets and the pair (high four bits), at most MOST_NEED (also
 * when no block count covers it); UNKNOWN until first asked. Filled lazily: 1.9 MB for the suits, 78 KB for
 * the honors.
 */
const UNKNOWN = 255;
let suitNeeds: Uint8Array | undefined;
let honorNeeds: Uint8Array | undefined;

/** The packed needs of a group row holding n tiles (see suitNeeds), from its best-cover row (cover-tables.ts). */
function needsOfRow(honors: boolean, row: number, n: number): number {
  const table = honors ? honorCoverTable() : suitCoverTable();
  const at = row * ROW;
  let sets = MOST_NEED;
  let pair = MOST_NEED;
  // With m set blocks covering all its n tiles, 3m − n wilds fill the blocks.
  for (let m = MAX_SETS; m >= 0; m--) {
    if (table[at + m * 2] === n) sets = Math.min(3 * m - n, MOST_NEED);
    if (table[at + m * 2 + 1] === n) pair = Math.min(3 * m + 2 - n, MOST_NEED);
  }
  return sets | (pair << 4);
}

/**
 * The fewest wilds that complete group g as sets only (needSets) and as sets and the pair (needPair). A bound,
 * not always reachable (a block may want a fifth copy); exact at 0: a group that needs no wild is complete as
 * it is.
 */
function updateNeeds(g: number): void {
  const honors = g === 3;
  const needs = honors
    ? (honorNeeds ??= new Uint8Array(5 ** 7).fill(UNKNOWN))
    : (suitNeeds ??= new Uint8Array(5 ** 9).fill(UNKNOWN));
  const row = rowIndex[g]!;
  let packed = needs[row]!;
  if (packed === UNKNOWN) packed = needs[row] = needsOfRow(honors, row, groupTiles[g]!);
  needSets[g] = packed & 15;
  needPair[g] = packed >> 4;
}

/**
 * The wilds groups `from` to 3 need at least: each as sets, one of them also the pair unless a group before
 * `from` already holds it.
 */
function groupsNeed(from: number, pairTaken: boolean): number {
  let total = 0; // from = 4 (no group left): 0 without the pair, MOST_NEED with it
  let pairExtra = MOST_NEED;
  for (let g = from; g < 4; g++) {
    total += needSets[g]!;
    if (needPair[g]! - needSets[g]! < pairExtra) pairExtra = needPair[g]! - needSets[g]!;
  }
  return pairTaken ? total : total + pairExtra;
}

/**
 * The groups (bit g) where the last wild may complete the hand, groups before `open` final: a group of 3n
 * tiles cannot take it (3n + 1 is neither sets nor sets and the pair), and an open group of 3n + 1 must (it
 * is incomplete without it), so two such groups leave none. Necessary conditions only, cheaper than the table
 * rows they save.
 */
function lastWildGroups(open: number): number {
  let short = 0;
  let shortCount = 0;
  let pairs = 0;
  for (let g = open; g < 4; g++) {
    const rest = groupTiles[g]! % 3;
    if (rest === 1) {
      short |= 1 << g;
      shortCount++;
    } else if (rest === 2) pairs |= 1 << g;
  }
  return shortCount === 0 ? pairs : shortCount === 1 ? short : 0;
}

/** Whether a wild at `kind` (group g) has a held tile to join: one at most two kinds away in a suit, its own kind among the honors. */
function heldNear(counts: Uint8Array, kind: number, g: number): boolean {
  if (g === 3) return counts[kind]! > 0;
  const base = GROUP_BASE[g]!;
  const high = Math.min(base + 8, kind + 2);
  for (let k = Math.max(base, kind - 2); k <= high; k++) if (counts[k]! > 0) return true;
  return false;
}

/**
 * forEachCompletion for wilds of one range, the hand read as sets and a pair: the wilds take ascending kinds
 * (a multiset, as in place), so once a wild lands in a group every group before it is final and must be
 * complete as it stands; a wild is placed only where the open groups then need no more wilds than are left
 * (groupsNeed, from table rows instead of a shanten per node). For a hand of its size
 * (3·(handSets − meldCount) + 2 tiles with the wilds) it visits the same assignments as place, in the same order.
 */
function placeByGroups(
  state: Enumeration,
  visit: (completed: Uint8Array, assigned: Uint8Array) => boolean | void,
): void {
  const { counts, assigned, wilds } = state;
  let held = wilds.length;
  for (let k = 0; k < KIND_COUNT; k++) held += counts[k]!;
  if (held !== 3 * (state.handSets - state.meldCount) + 2) return; // the groups alone do not count the sets
  for (let g = 0; g < 4; g++) {
    rowIndex[g] = coverRowIndex(counts, GROUP_BASE[g]!, GROUP_SIZE[g]!);
    let n = 0;
    for (let k = GROUP_BASE[g]!; k < GROUP_BASE[g]! + GROUP_SIZE[g]!; k++) n += counts[k]!;
    groupTiles[g] = n;
    updateNeeds(g);
  }
  if (groupsNeed(0, false) > wilds.length) return;
  const kinds = wilds.length > 0 ? wilds[0]! : new Uint8Array(0);
  // i wilds placed, the last at kind index >= from, groups before `open` final; pairTaken: one of them is the
  // pair. The open groups need at most the wilds left (checked before the call).
  const search = (i: number, from: number, open: number, pairTaken: boolean): void => {
    const left = wilds.length - i;
    if (left === 0) {
      if (visit(counts, assigned) === false) state.stopped = true;
      return;
    }
    let group = open;
    let taken = pairTaken;
    // The last wild completes the hand or nothing: only where it may (lastWildGroups, heldNear).
    const last = left === 1 ? lastWildGroups(open) : 0;
    if (left === 1 && last === 0) return;
    // The needs of the groups after the one a wild goes to (groupsNeed's terms), found once per group.
    let restOf = -1;
    let restSets = 0;
    let restPairExtra = 0;
    for (let j = from; j < kinds.length && !state.stopped; j++) {
      const kind = kinds[j]!;
      const g = KIND_GROUP[kind]!;
      // Moving on to a later group closes the ones in between: each complete as it is, one pair at most.
      for (; group < g; group++) {
        if (needSets[group] === 0) continue;
        if (needPair[group] === 0 && !taken) taken = true;
        else return;
      }
      if (left === 1 && ((last >> g) & 1) === 0) {
        if (last >> g === 0) return; // no later group may take the last wild
        while (j + 1 < kinds.length && KIND_GROUP[kinds[j + 1]!] === g) j++; // past this group's kinds
        continue;
      }
      if (counts[kind]! >= 4 || (left === 1 && !heldNear(counts, kind, g))) continue;
      const savedSets = needSets[g]!;
      const savedPair = needPair[g]!;
      rowIndex[g]! += KIND_STEP[kind]!;
      groupTiles[g]!++;
      if (restOf !== g) {
        restOf = g;
        restSets = groupsNeed(g + 1, true);
        restPairExtra = groupsNeed(g + 1, false) - restSets;
      }
      updateNeeds(g);
      // groupsNeed(g, taken), the group's new needs on the rest's.
      const need =
        restSets + needSets[g]! + (taken ? 0 : Math.min(restPairExtra, needPair[g]! - needSets[g]!));
      if (need <= left - 1) {
        counts[kind]!++;
        assigned[kind]!++;
        search(i + 1, j, g, taken);
        counts[kind]!--;
        assigned[kind]!--;
      }
      rowIndex[g]! -= KIND_STEP[kind]!;
      groupTiles[g]!--;
      needSets[g] = savedSets;
      needPair[g] = savedPair;
    }
  };
  search(0, 0, 0, false);
}

/** Whether the ordinary tiles and the wilds make a complete hand (some assignment completes it). */
export function isCompleteWithWilds(
  counts: Uint8Array,
  meldCount: number,
  wilds: readonly WildGroup[],
  handSets = 4,
): boolean {
  let complete = false;
  forEachCompletion(
    counts,
    meldCount,
    wilds,
    () => {
      complete = true;
      return false;
    },
    handSets,
  );
  return complete;
}

/**
 * The kinds (0-33) that complete a hand one tile short (ordinary tiles + wilds = 3·(handSets - meldCount) + 1),
 * ascending: a kind whose tile, drawn, makes some assignment complete. Kinds the hand already holds four of
 * are left out (with wilds a fifth copy is no tile one can draw). Drawing a wild completes the hand exactly
 * when this list is not empty and the wild's range covers one of its kinds.
 */
export function waitKindsWithWilds(
  counts: Uint8Array,
  meldCount: number,
  wilds: readonly WildGroup[],
  handSets = 4,
): TileKind[] {
  checkMeldCount(meldCount, handSets);
  let held = 0;
  for (let k = 0; k < KIND_COUNT; k++) held += counts[k]!;
  for (const group of wilds) held += group.count;
  const out: TileKind[] = [];
  if (held !== 3 * (handSets - meldCount) + 1) return out;
  const work = Uint8Array.from(counts.subarray(0, KIND_COUNT));
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    if (work[kind]! >= 4) continue;
    work[kind]!++;
    if (isCompleteWithWilds(work, meldCount, wilds, handSets)) out.push(kind);
    work[kind]!--;
  }
  return out;
}
