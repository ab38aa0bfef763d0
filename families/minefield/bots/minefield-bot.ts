// A Minefield bot: builds a mangan-capable waiting hand from its 34 tiles and discards by reading the opponent's pond.
import { doraFromIndicator, KIND_COUNT, tileKind, type Tile, type TileKind } from '../../../rules/tiles.js';
import { checkMinefieldFloor, validateMinefieldHand } from '../../../rules/variants/minefield.js';
import { createRng, type Rng } from '../../../table/rng.js';
import type { MinefieldSeatView } from '../machines/public-view.js';

// Module-local copies of the imports used in the hot loops. Loaded as an ES module they change nothing; loaded
// through a transform that turns imported bindings into getters (tsx running it as CommonJS, vitest's module
// runner) each use in a loop was a getter call, a third of the bot's time there (measured with --cpu-prof).
const KINDS: number = KIND_COUNT;
const kindOf: (tile: Tile) => TileKind = tileKind;

/** What a seat does when it is its turn: discard a stock tile, declare ron on the last discard, or let it pass. */
export type MinefieldAction = { readonly type: 'discard'; readonly tile: Tile } | { readonly type: 'ron' } | { readonly type: 'pass' };

/**
 * The pluggable seat brain: pure decisions from what the seat knows — its own wall, hand, stock, waits
 * and claim, and the public ponds and dora indicator (all in its seat view).
 */
export interface MinefieldBot {
  readonly name: string;
  /** 13 tiles of the seat's wall forming a waiting hand. */
  chooseHand(seat: MinefieldSeatView): Tile[];
  /** Called when it is the seat's turn (a discard to make, or the last discard to claim or pass). */
  chooseAction(seat: MinefieldSeatView): MinefieldAction;
}

export interface MinefieldBotOptions {
  readonly seed: number;
  /** How many of the best-looking hands are checked with the rules before settling (cost vs quality). */
  readonly handsChecked?: number;
}

/**
 * Hand building (a search, not a scorer: every value that matters is checked with rules/):
 * 1. For each theme (any tiles, all simples, each suit with or without honours) enumerate a few complete
 *    14-tile hands (4 groups + pair) and the best Seven Pairs from the wall's counts.
 * 2. Rank them by a rough han estimate (riichi, flush, simples, dora, value triplets, Seven Pairs) plus how
 *    many copies of the wait the opponent can still hold.
 * 3. Take the best ones out in order: drop one tile to make the wait, check with `validateMinefieldHand`
 *    (tenpai) and `checkMinefieldFloor` (reaches mangan on the dropped tile), keep the first that passes.
 * Discarding: never a wait of its own (furiten); among the rest the safest against the opponent's pond:
 * kinds the opponent threw (he would be furiten on them), kinds this seat already threw unclaimed (if one
 * were his wait he is furiten now), then suji, honours and terminals by how many copies are visible.
 */
export function createMinefieldBot(options: MinefieldBotOptions): MinefieldBot {
  const rng = createRng(options.seed);
  const handsChecked = options.handsChecked ?? 2;
  return {
    name: 'minefield-bot',
    chooseHand: (seat) => buildHand(seat, handsChecked, rng),
    chooseAction: (seat) => {
      if (seat.claim?.legal) return { type: 'ron' };
      if (seat.ownDiscards.length >= 17) return { type: 'pass' };
      return { type: 'discard', tile: chooseDiscard(seat, rng) };
    },
  };
}

// ---- hand building ----

interface Group {
  readonly sequence: boolean;
  readonly first: TileKind;
  /** Its kinds' `KIND_BITS` together (suits, honour, not simple), for `estimate`. */
  readonly bits: number;
}

/** A complete 14-tile hand the wall can make: four groups and a pair, or seven pairs. */
interface Candidate {
  /** Its 14 kinds, group by group and the pair last; made only for the candidates ranked (`kindsOfCandidate`). */
  kinds: TileKind[] | null;
  readonly groups: readonly Group[];
  readonly pair: TileKind;
  readonly sevenPairs: boolean;
  readonly estimate: number;
}

const SIMPLE = (k: TileKind): boolean => k < 27 && k % 9 !== 0 && k % 9 !== 8;
/** SIMPLE as a table (1 = a simple), for the loops. */
const SIMPLE_KIND: Uint8Array = Uint8Array.from({ length: KINDS }, (_, k) => (SIMPLE(k) ? 1 : 0));
const THEMES: readonly ((k: TileKind) => boolean)[] = [
  () => true,
  SIMPLE,
  ...[0, 1, 2].map((suit) => (k: TileKind) => Math.floor(k / 9) === suit || k >= 27),
  ...[0, 1, 2].map((suit) => (k: TileKind) => Math.floor(k / 9) === suit),
];
/** Each theme as a 0/1 mask over the kinds (multiplied into the wall's counts). */
const THEME_MASKS: readonly Uint8Array[] = THEMES.map((theme) => Uint8Array.from({ length: KINDS }, (_, k) => (theme(k) ? 1 : 0)));
/** Complete hands enumerated per theme, and how many of the best-looking ones get a wait considered. */
const HANDS_PER_THEME = 16;
const CANDIDATES_RANKED = 16;

function buildHand(seat: MinefieldSeatView, handsChecked: number, rng: Rng): Tile[] {
  const wall = seat.wall;
  if (!wall) throw new Error('buildHand: the seat has no wall yet');
  const counts = new Uint8Array(KINDS);
  for (const tile of wall) counts[kindOf(tile)]!++;
  const dora = seat.doraIndicator === null ? -1 : doraFromIndicator(kindOf(seat.doraIndicator));
  const indicatorKind = seat.doraIndicator === null ? -1 : kindOf(seat.doraIndicator);

  // No closures here or in the search: this runs twice a hand and is the bot's main cost (bench/minefield.bench.ts).
  const candidates: Candidate[] = [];
  const search = SEARCH;
  search.candidates = candidates;
  search.seen.clear();
  search.dora = dora;
  search.isDealer = seat.isDealer;
  const themed = new Uint8Array(KINDS);
  for (const theme of THEME_MASKS) {
    for (let k = 0; k < KINDS; k++) themed[k] = theme[k]! * counts[k]!;
    const pairs = sevenPairs(themed, dora);
    // `dropUnusable` zeroes single tiles only, which Seven Pairs never uses.
    completeHands(themed, dropUnusable(themed), HANDS_PER_THEME);
    if (pairs) addCandidate(search, [], -1, pairs);
  }
  search.candidates = [];
  candidates.sort((a, b) => b.estimate - a.estimate);

  // Each (hand, dropped tile) is a waiting hand; rank them by value and by how many winning tiles the
  // opponent may still hold. A two-sided wait keeps Pinfu and doubles the winning tiles.
  // Only the best `handsChecked` are ever looked at: keep those, in the order a stable sort by score
  // (descending) would give them, instead of sorting every option.
  const best: RankedOption[] = [];
  const tried = new Uint8Array(KINDS);
  for (let c = 0; c < candidates.length && c < CANDIDATES_RANKED; c++) {
    const candidate = candidates[c]!;
    // Candidates come by estimate, highest first: once one cannot reach the kept options even with the
    // most a wait adds, none after it can. Their options only draw, to keep the generator in step.
    const outranked = best.length > 0 && best.length >= handsChecked && candidate.estimate + MOST_A_WAIT_ADDS < best[best.length - 1]!.score;
    const pinfuShape = !outranked && isPinfuShape(candidate, seat.isDealer);
    tried.fill(0);
    const kinds = kindsInto(candidate, CANDIDATE_KINDS);
    for (let i = 0; i < 14; i++) {
      const drop = kinds[i]!;
      if (tried[drop] === 1) continue;
      tried[drop] = 1;
      if (copiesAvailable(counts, indicatorKind, drop) <= 0) continue;
      if (outranked) {
        rng.next();
        continue;
      }
      const waits = waitsAfterDrop(candidate, drop);
      // The winning tiles the opponent may still hold, over the waits (sums of small integers: any order).
      let live = Math.max(0, copiesAvailable(counts, indicatorKind, drop));
      if ((waits & WAIT_ABOVE) !== 0) live += Math.max(0, copiesAvailable(counts, indicatorKind, drop + 3));
      if ((waits & WAIT_BELOW) !== 0) live += Math.max(0, copiesAvailable(counts, indicatorKind, drop - 3));
      // Exactly two waits (a two-sided wait, not 3-6-9): Pinfu holds on it.
      const pinfu = pinfuShape && (waits === WAIT_ABOVE || waits === WAIT_BELOW) ? 1 : 0;
      const score = candidate.estimate + pinfu + 0.15 * live + rng.next() * 0.01;
      if (best.length < handsChecked || best[best.length - 1]!.score < score) keepBest(best, handsChecked, { candidate, drop, score });
    }
  }

  let fallback: Tile[] | null = null;
  for (let i = 0; i < best.length; i++) {
    const { candidate, drop } = best[i]!;
    const handKinds = kindsOfCandidate(candidate).slice();
    handKinds.splice(handKinds.indexOf(drop), 1);
    // Tenpai by construction: the dropped kind completes it and the hand holds fewer than four of it
    // (available > 0); the machine checks it again with the rules anyway.
    const taken = new Uint8Array(wall.length);
    const tiles = takeFromWall(wall, handKinds, taken);
    fallback ??= tiles;
    // Legal and at least mangan: the floor check alone (the payout, with under-dora, is not needed here), on a
    // discard outside every One-Shot window (the 3rd: minefieldOneShot), so no hand counts on a One-Shot.
    const check = checkMinefieldFloor({
      hand: tiles,
      winTile: waitTileFromWall(wall, drop, taken),
      dealer: seat.isDealer,
      discardNumber: 3,
      ownDiscards: [],
      passedWin: false,
      doraIndicator: seat.doraIndicator!,
      uraIndicator: seat.doraIndicator!,
      ante: 1000,
    });
    if (check.ok) return tiles;
  }
  return fallback ?? anyWaitingHand(wall, counts);
}

/** More than an option's score can exceed its hand's estimate: Pinfu 1, 0.15 × 12 live tiles, a draw below 0.01. */
const MOST_A_WAIT_ADDS = 3;

interface RankedOption {
  readonly candidate: Candidate;
  readonly drop: TileKind;
  readonly score: number;
}

/** Copies of a kind the opponent may hold or discard: not in this wall, not the dora indicator. */
function copiesAvailable(counts: Uint8Array, indicatorKind: TileKind, k: TileKind): number {
  return k < 0 || k >= KINDS ? 0 : 4 - counts[k]! - (k === indicatorKind ? 1 : 0);
}

/** The search's state, one for the module (buildHand resets it; nothing survives a call). */
interface HandSearch {
  /** The working counts, restored as the search backs out. */
  readonly counts: Uint8Array;
  /** The groups picked so far (a stack) and the pair, -1 while none is picked. */
  readonly groups: Group[];
  pair: TileKind;
  made: number;
  limit: number;
  candidates: Candidate[];
  /** `handKey`s of the hands already among the candidates (the themes overlap). */
  readonly seen: Set<number>;
  dora: TileKind;
  isDealer: boolean;
}
const SEARCH: HandSearch = { counts: new Uint8Array(KINDS), groups: [], pair: -1, made: 0, limit: 0, candidates: [], seen: new Set(), dora: -1, isDealer: false };

/**
 * Adds a complete hand to the candidates unless the same hand is there already (seven pairs: `pairKinds`).
 * `groups` may be the search's own stack: it is copied only for a hand not seen before.
 */
function addCandidate(search: HandSearch, groups: readonly Group[], pair: TileKind, pairKinds: TileKind[] | null): void {
  const sevenPairs = pairKinds !== null;
  const key = handKey(groups, pair, pairKinds ?? [], sevenPairs);
  if (search.seen.has(key)) return;
  search.seen.add(key);
  search.candidates.push({ kinds: pairKinds, groups: groups.slice(), pair, sevenPairs, estimate: estimate(groups, pair, pairKinds, search.dora, search.isDealer) });
}

const kindsOfCandidate = (candidate: Candidate): TileKind[] => (candidate.kinds ??= Array.from(kindsInto(candidate, new Uint8Array(14))));

/** Scratch for `kindsInto`: one candidate's 14 kinds at a time. */
const CANDIDATE_KINDS = new Uint8Array(14);

/** A candidate's 14 kinds, group by group and the pair last, written into `into` (the ranking makes no arrays). */
function kindsInto(candidate: Candidate, into: Uint8Array): Uint8Array {
  if (candidate.kinds !== null) {
    into.set(candidate.kinds);
    return into;
  }
  let at = 0;
  for (const g of candidate.groups) {
    const step = g.sequence ? 1 : 0;
    into[at++] = g.first;
    into[at++] = g.first + step;
    into[at++] = g.first + 2 * step;
  }
  into[at++] = candidate.pair;
  into[at] = candidate.pair;
  return into;
}

/**
 * Inserts `option` into `best` (at most `size` long, highest score first) after every option that scores at
 * least as much: the first `size` of a stable descending sort of all options, in the same order.
 */
function keepBest(best: RankedOption[], size: number, option: RankedOption): void {
  let at = best.length;
  while (at > 0 && best[at - 1]!.score < option.score) at--;
  if (at >= size) return;
  best.splice(at, 0, option);
  if (best.length > size) best.pop();
}

/**
 * One number per distinct hand (the same hand is found under several themes and in several orders):
 * the four group codes sorted, then the pair, in base 68 / 34; Seven Pairs (negative) by their kinds.
 */
function handKey(groups: readonly Group[], pair: TileKind, kinds: readonly TileKind[], sevenPairs: boolean): number {
  if (sevenPairs) {
    const pairs: TileKind[] = [];
    for (let i = 0; i < kinds.length; i += 2) pairs.push(kinds[i]!);
    return -1 - pairs.sort((a, b) => a - b).reduce((key, k) => key * 34 + k, 0);
  }
  // Four codes sorted by hand (a sorting network): this runs for every hand the search finds.
  let a = groupCode(groups[0]!);
  let b = groupCode(groups[1]!);
  let c = groupCode(groups[2]!);
  let d = groupCode(groups[3]!);
  if (a > b) [a, b] = [b, a];
  if (c > d) [c, d] = [d, c];
  if (a > c) [a, c] = [c, a];
  if (b > d) [b, d] = [d, b];
  if (b > c) [b, c] = [c, b];
  return (((a * 68 + b) * 68 + c) * 68 + d) * 34 + pair;
}

const groupCode = (g: Group): number => g.first * 2 + (g.sequence ? 1 : 0);

/** `waitsAfterDrop` bits: besides `drop` itself, the hand also waits on `drop + 3` / `drop - 3`. */
const WAIT_ABOVE = 1;
const WAIT_BELOW = 2;

/**
 * The kinds the hand waits on once `drop` is taken out, read from its groups (enough to rank waits): always
 * `drop`, plus `drop + 3` when a sequence started on it (4 of 456 dropped: 56 waits on 4-7) and `drop - 3`
 * when a sequence ended on it, as WAIT_ABOVE / WAIT_BELOW bits (no list: this runs for every option).
 */
function waitsAfterDrop(candidate: Candidate, drop: TileKind): number {
  if (candidate.sevenPairs || drop === candidate.pair) return 0;
  let waits = 0;
  for (const g of candidate.groups) {
    if (!g.sequence) continue;
    const n = g.first % 9;
    if (g.first === drop && n <= 5) waits |= WAIT_ABOVE;
    if (g.first + 2 === drop && n >= 1) waits |= WAIT_BELOW;
  }
  return waits;
}

/** All sequences and a pair that is not a value tile: Pinfu on a two-sided wait. */
function isPinfuShape(candidate: Candidate, isDealer: boolean): boolean {
  if (candidate.sevenPairs) return false;
  for (const g of candidate.groups) if (!g.sequence) return false;
  const p = candidate.pair;
  return p < 27 || (p !== 27 && p < 31 && !(p === 29 && !isDealer));
}

/** Per kind, for `estimate`: its suit's bit (1, 2, 4), or HONOR_BIT; NOT_SIMPLE_BIT for a terminal or honour. */
const HONOR_BIT = 8;
const NOT_SIMPLE_BIT = 16;
const KIND_BITS: readonly number[] = Array.from({ length: KINDS }, (_, k) => (k >= 27 ? HONOR_BIT : 1 << Math.floor(k / 9)) | (SIMPLE(k) ? 0 : NOT_SIMPLE_BIT));

/** One shared, read-only Group per triplet and per sequence start: the search makes no group objects. */
const TRIPLETS: readonly Group[] = Array.from({ length: KINDS }, (_, first) => ({ sequence: false, first, bits: KIND_BITS[first]! }));
// Starts 7-9 of a suit and honours make no sequence; their entries are never used (bits 0).
const SEQUENCES: readonly Group[] = Array.from({ length: KINDS }, (_, first) => ({
  sequence: true,
  first,
  bits: first < 27 && first % 9 <= 6 ? KIND_BITS[first]! | KIND_BITS[first + 1]! | KIND_BITS[first + 2]! : 0,
}));

/**
 * The distinct complete hands (four groups and a pair) the search finds in `counts` with at most `limit`
 * found (repeats count), in its order, each as its 14 kinds: what `buildHand` searches per theme, exported
 * so that a test can hold the pruned search to a plain enumeration.
 */
export function findCompleteHands(counts: Uint8Array, limit: number): TileKind[][] {
  const search = SEARCH;
  const found: Candidate[] = [];
  search.candidates = found;
  search.seen.clear();
  const usable = counts.slice();
  completeHands(usable, dropUnusable(usable), limit);
  search.candidates = [];
  return found.map(kindsOfCandidate);
}

/**
 * Zeroes the tiles that no group or pair can use: a single honour, a single suit tile with no sequence
 * through it. Counts only fall during the search, so such a tile stays unusable in every branch: the hands
 * found and their order are the same, but the search's "too few tiles left" test cuts earlier (a theme of
 * one suit and honours often holds honour singles). Returns how many tiles are kept.
 */
function dropUnusable(counts: Uint8Array): number {
  let tiles = 0;
  for (let k = 0; k < KINDS; k++) {
    if (counts[k] === 1 && !inSomeSequence(counts, k)) counts[k] = 0;
    tiles += counts[k]!;
  }
  return tiles;
}

/** Whether some sequence through kind `k` can be made from `counts` (never for an honour). */
function inSomeSequence(counts: Uint8Array, k: TileKind): boolean {
  if (k >= 27) return false;
  const n = k % 9;
  return (
    (n >= 2 && counts[k - 2]! > 0 && counts[k - 1]! > 0) ||
    (n >= 1 && n <= 7 && counts[k - 1]! > 0 && counts[k + 1]! > 0) ||
    (n <= 6 && counts[k + 1]! > 0 && counts[k + 2]! > 0)
  );
}

/**
 * Enumerates up to `limit` complete hands (4 groups + pair) from `counts` (holding `tiles` tiles) into the
 * search's candidates, in a fixed order: kinds upwards, at each kind a triplet, then a sequence, then the pair.
 */
function completeHands(counts: Uint8Array, tiles: number, limit: number): void {
  const search = SEARCH;
  search.counts.set(counts);
  search.groups.length = 0;
  search.pair = -1;
  search.made = 0;
  search.limit = limit;
  walk(search, 0, tiles);
}

/** One level of the search from kind `from` on; `left` is how many tiles the counts hold from `from` on. */
function walk(search: HandSearch, from: number, left: number): void {
  if (search.made >= search.limit) return;
  const c = search.counts;
  const groups = search.groups;
  if (groups.length === 4 && search.pair >= 0) {
    search.made++;
    addCandidate(search, groups, search.pair, null);
    return;
  }
  // Too few tiles left from `from` on to finish the hand: no branch below finds one (the search only
  // moves forward), so the hands found and their order are unchanged. Every branch at a kind needs
  // `needed` tiles from that kind on, so the loop also stops once fewer are left.
  const needed = 3 * (4 - groups.length) + (search.pair < 0 ? 2 : 0);
  // `left` stays the count of tiles from `k` on as `k` moves up.
  for (let k = from; left >= needed && k < KINDS && search.made < search.limit; left -= c[k]!, k++) {
    if (c[k] === 0) continue;
    if (groups.length < 4 && c[k]! >= 3) {
      c[k]! -= 3;
      groups.push(TRIPLETS[k]!);
      walk(search, k, left - 3);
      groups.pop();
      c[k]! += 3;
    }
    if (groups.length < 4 && k < 27 && k % 9 <= 6 && c[k + 1]! > 0 && c[k + 2]! > 0) {
      c[k]!--;
      c[k + 1]!--;
      c[k + 2]!--;
      groups.push(SEQUENCES[k]!);
      walk(search, k, left - 3);
      groups.pop();
      c[k]!++;
      c[k + 1]!++;
      c[k + 2]!++;
    }
    if (search.pair < 0 && c[k]! >= 2) {
      c[k]! -= 2;
      search.pair = k;
      walk(search, k, left - 2);
      search.pair = -1;
      c[k]! += 2;
    }
  }
}

/**
 * Seven distinct pairs, dora and simples first; null when the counts hold fewer than seven. The order is
 * that of a stable sort of the pairs by (dora, simple): the dora pair, then simples upwards, then the rest
 * upwards, taken in three passes instead of sorting.
 */
function sevenPairs(counts: Uint8Array, dora: TileKind): TileKind[] | null {
  let found = 0;
  for (let k = 0; k < KINDS; k++) if (counts[k]! >= 2) found++;
  if (found < 7) return null;
  const kinds: TileKind[] = [];
  if (dora >= 0 && counts[dora]! >= 2) kinds.push(dora, dora);
  for (let k = 0; k < KINDS && kinds.length < 14; k++) if (k !== dora && counts[k]! >= 2 && SIMPLE_KIND[k] === 1) kinds.push(k, k);
  for (let k = 0; k < KINDS && kinds.length < 14; k++) if (k !== dora && counts[k]! >= 2 && SIMPLE_KIND[k] === 0) kinds.push(k, k);
  return kinds;
}

/**
 * A rough ranking of a complete hand (the bot's heuristic, never used to decide a win; the rules check
 * the hands it settles on): riichi 1, Seven Pairs 2, flush 6 / half flush 3, all simples 1, each dora 1,
 * dragon or seat/round wind triplets, three concealed triplets 2 (four: a yakuman), two equal sequences 1,
 * straight 2, three colours 2.
 */
function estimate(groups: readonly Group[], pair: TileKind, pairKinds: readonly TileKind[] | null, dora: TileKind, isDealer: boolean): number {
  let han = 1 + (pairKinds !== null ? 2 : 0);
  // Over the 14 kinds (Seven Pairs: `pairKinds`; else the groups' kinds and the pair twice), without listing them.
  let bits = 0;
  let triplets = 0;
  // Sequence starts as a bit set (kinds 0-26): a repeated start is one more equal sequence.
  let starts = 0;
  let sequences = 0;
  if (pairKinds !== null) {
    for (const k of pairKinds) {
      bits |= KIND_BITS[k]!;
      if (k === dora) han++;
    }
  } else {
    for (const g of groups) {
      bits |= g.bits;
      if (g.sequence) {
        if (dora >= g.first && dora <= g.first + 2) han++;
        if (starts & (1 << g.first)) han++;
        starts |= 1 << g.first;
        sequences++;
        continue;
      }
      if (g.first === dora) han += 3;
      triplets++;
      if (g.first >= 31) han++;
      if (g.first === 27) han += isDealer ? 2 : 1;
      if (g.first === 29 && !isDealer) han++;
    }
    bits |= KIND_BITS[pair]!;
    if (pair === dora) han += 2;
  }
  const suits = bits & 7;
  const honors = (bits & HONOR_BIT) !== 0;
  const simples = (bits & NOT_SIMPLE_BIT) === 0;
  if (suits !== 0 && (suits & (suits - 1)) === 0) han += honors ? 3 : 6;
  if (simples) han++;
  if (triplets === 4) han += 13;
  else if (triplets === 3) han += 2;
  // A straight or three colours takes three sequences.
  if (sequences >= 3) {
    for (const mask of STRAIGHT_STARTS) if ((starts & mask) === mask) han += 2;
    for (const mask of THREE_COLOUR_STARTS) if ((starts & mask) === mask) han += 2;
  }
  return han;
}

/** Sequence starts (bits of `estimate`'s set) of a straight 123-456-789 in each suit. */
const STRAIGHT_STARTS: readonly number[] = [0, 9, 18].map((suit) => (1 << suit) | (1 << (suit + 3)) | (1 << (suit + 6)));
/** Sequence starts of the same sequence in all three suits, for each of the seven sequences. */
const THREE_COLOUR_STARTS: readonly number[] = Array.from({ length: 7 }, (_, n) => (1 << n) | (1 << (n + 9)) | (1 << (n + 18)));

/** The wall's tiles for these kinds (Minefield has no red fives, so any copy will do). */
function tilesFromWall(wall: readonly Tile[], kinds: readonly TileKind[]): Tile[] {
  return takeFromWall(wall, kinds, new Uint8Array(wall.length));
}

/**
 * The wall's tiles for these kinds, in their order, each the first copy in the wall not yet taken; marks
 * the wall positions it takes in `taken` (1 = in the hand).
 */
function takeFromWall(wall: readonly Tile[], kinds: readonly TileKind[], taken: Uint8Array): Tile[] {
  const tiles: Tile[] = [];
  for (const k of kinds) {
    let at = 0;
    while (at < wall.length && (taken[at] === 1 || kindOf(wall[at]!) !== k)) at++;
    if (at === wall.length) throw new Error(`tilesFromWall: the wall has too few copies of kind ${k}`);
    taken[at] = 1;
    tiles.push(wall[at]!);
  }
  return tiles;
}

/**
 * A tile of `kind` from the wall that is not in the hand (`taken`: the wait tile used to check the value),
 * else the wall's first of that kind.
 */
function waitTileFromWall(wall: readonly Tile[], kind: TileKind, taken: Uint8Array): Tile {
  let first = -1;
  for (let at = 0; at < wall.length; at++) {
    if (kindOf(wall[at]!) !== kind) continue;
    if (taken[at] === 0) return wall[at]!;
    if (first < 0) first = at;
  }
  return wall[first]!;
}

/**
 * The last resort when no complete hand fits in the wall: four groups and a single tile (a single wait),
 * or six pairs and a single, or three groups, a pair and two tiles one apart.
 */
function anyWaitingHand(wall: readonly Tile[], counts: Uint8Array): Tile[] {
  for (let single = 0; single < KINDS; single++) {
    if (counts[single] === 0) continue;
    const rest = counts.slice();
    rest[single]!--;
    let result: TileKind[] | null = null;
    const groupsOnly = (from: number, picked: TileKind[]): boolean => {
      if (picked.length === 12) {
        result = [...picked, single];
        return true;
      }
      for (let k = from; k < KINDS; k++) {
        if (rest[k]! >= 3) {
          rest[k]! -= 3;
          const done = groupsOnly(k, [...picked, k, k, k]);
          rest[k]! += 3;
          if (done) return true;
        }
        if (k < 27 && k % 9 <= 6 && rest[k]! > 0 && rest[k + 1]! > 0 && rest[k + 2]! > 0) {
          rest[k]!--;
          rest[k + 1]!--;
          rest[k + 2]!--;
          const done = groupsOnly(k, [...picked, k, k + 1, k + 2]);
          rest[k]!++;
          rest[k + 1]!++;
          rest[k + 2]!++;
          if (done) return true;
        }
      }
      return false;
    };
    if (groupsOnly(0, [])) {
      const tiles = tilesFromWall(wall, result!);
      if (validateMinefieldHand(tiles).ok) return tiles;
    }
  }
  const pairs: TileKind[] = [];
  for (let k = 0; k < KINDS; k++) if (counts[k]! >= 2) pairs.push(k);
  if (pairs.length >= 6) {
    const single = [...Array(KINDS).keys()].find((k) => counts[k]! > 0 && !pairs.slice(0, 6).includes(k));
    if (single !== undefined) {
      const tiles = tilesFromWall(wall, [...pairs.slice(0, 6).flatMap((k) => [k, k]), single]);
      if (validateMinefieldHand(tiles).ok) return tiles;
    }
  }
  // Exhaustive over pair + taatsu with three groups: a complete search by the rules' own tenpai check.
  for (let pair = 0; pair < KINDS; pair++) {
    if (counts[pair]! < 2) continue;
    for (let a = 0; a < 27; a++) {
      for (const gap of [1, 2]) {
        const b = a + gap;
        if (Math.floor(b / 9) !== Math.floor(a / 9)) continue;
        const rest = counts.slice();
        rest[pair]! -= 2;
        if (rest[a]! < 1 || rest[b]! < 1) continue;
        rest[a]!--;
        rest[b]!--;
        const groups: TileKind[] = [];
        for (let k = 0; k < KINDS && groups.length < 9; k++) {
          while (groups.length < 9 && rest[k]! >= 3) {
            rest[k]! -= 3;
            groups.push(k, k, k);
          }
          while (groups.length < 9 && k < 27 && k % 9 <= 6 && rest[k]! > 0 && rest[k + 1]! > 0 && rest[k + 2]! > 0) {
            rest[k]!--;
            rest[k + 1]!--;
            rest[k + 2]!--;
            groups.push(k, k + 1, k + 2);
          }
        }
        if (groups.length < 9) continue;
        const tiles = tilesFromWall(wall, [...groups, pair, pair, a, b]);
        if (validateMinefieldHand(tiles).ok) return tiles;
      }
    }
  }
  throw new Error('anyWaitingHand: no waiting hand fits in this wall');
}

// ---- discarding ----

/** Danger of discarding `kind` against the opponent's pond, 0 = cannot be his winning tile. */
function danger(kind: TileKind, seat: MinefieldSeatView, visible: Uint8Array, theirs: Uint8Array, mine: Uint8Array): number {
  // He cannot win on a kind he threw (furiten); a kind I threw and he did not claim left him furiten if it was a wait.
  if (theirs[kind]! > 0 || mine[kind]! > 0) return 0;
  if (kind >= 27) return 2 + (4 - visible[kind]!); // honours: only single or pair-and-pair waits
  const n = kind % 9;
  // Suji: with 4 in his pond, 1 and 7 are not his two-sided wait (he would be furiten on the pair 1-4 / 4-7).
  const lowDead = n < 3 || theirs[kind - 3]! > 0;
  const highDead = n > 5 || theirs[kind + 3]! > 0;
  let risk = n === 0 || n === 8 ? 4 : n === 1 || n === 7 ? 6 : 8;
  if (lowDead && n >= 3) risk -= 2;
  if (highDead && n <= 5) risk -= 2;
  if (lowDead && highDead) risk = Math.min(risk, 3);
  // No-chance: if I see all four of a neighbour, he cannot hold the two-sided shape through it.
  if (n <= 6 && visible[kind + 1] === 4) risk -= 1;
  if (n >= 2 && visible[kind - 1] === 4) risk -= 1;
  return Math.max(1, risk + (4 - visible[kind]!) * 0.25);
}

/**
 * Scratch counts for `chooseDiscard` in one buffer, cleared with one fill on each call (it runs on every
 * discard; nothing is kept): kinds visible to this seat, in the opponent's pond, in its own, its waits.
 */
const POND_COUNTS = new Uint8Array(4 * KINDS);
const VISIBLE = POND_COUNTS.subarray(0, KINDS);
const THEIRS = POND_COUNTS.subarray(KINDS, 2 * KINDS);
const MINE = POND_COUNTS.subarray(2 * KINDS, 3 * KINDS);
const MY_WAITS = POND_COUNTS.subarray(3 * KINDS);

function chooseDiscard(seat: MinefieldSeatView, rng: Rng): Tile {
  POND_COUNTS.fill(0);
  const visible = VISIBLE;
  const theirs = THEIRS;
  const mine = MINE;
  const myWaits = MY_WAITS;
  for (const k of seat.waits) myWaits[k] = 1;
  if (seat.wall !== null) for (const t of seat.wall) visible[kindOf(t)]!++;
  for (const t of seat.opponentDiscards) {
    visible[kindOf(t)]!++;
    theirs[kindOf(t)]!++;
  }
  for (const t of seat.ownDiscards) mine[kindOf(t)]!++;
  if (seat.doraIndicator !== null) visible[kindOf(seat.doraIndicator)]!++;
  // Never one of my own waits (furiten), unless the stock holds nothing else.
  let anyNotMyWait = false;
  for (const t of seat.stock) if (myWaits[kindOf(t)] === 0) anyNotMyWait = true;
  let best: Tile = seat.stock[0]!;
  let bestScore = Infinity;
  for (const tile of seat.stock) {
    const kind = kindOf(tile);
    if (anyNotMyWait && myWaits[kind] === 1) continue;
    const score = danger(kind, seat, visible, theirs, mine) + rng.next() * 0.01;
    if (score < bestScore) {
      bestScore = score;
      best = tile;
    }
  }
  return best;
}
