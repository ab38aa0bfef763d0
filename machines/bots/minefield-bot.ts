// A Minefield bot: builds a mangan-capable waiting hand from its 34 tiles and discards by reading the opponent's pond.
import { doraFromIndicator, KIND_COUNT, tileKind, type Tile, type TileKind } from '../../rules/tiles.js';
import { checkMinefieldFloor, validateMinefieldHand } from '../../rules/variants/minefield.js';
import { createRng, type Rng } from '../rng.js';
import type { MinefieldSeatView } from '../minefield/public-view.js';

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
const THEMES: readonly ((k: TileKind) => boolean)[] = [
  () => true,
  SIMPLE,
  ...[0, 1, 2].map((suit) => (k: TileKind) => Math.floor(k / 9) === suit || k >= 27),
  ...[0, 1, 2].map((suit) => (k: TileKind) => Math.floor(k / 9) === suit),
];
/** Each theme as a 0/1 mask over the kinds (multiplied into the wall's counts). */
const THEME_MASKS: readonly Uint8Array[] = THEMES.map((theme) => Uint8Array.from({ length: KIND_COUNT }, (_, k) => (theme(k) ? 1 : 0)));
/** Complete hands enumerated per theme, and how many of the best-looking ones get a wait considered. */
const HANDS_PER_THEME = 16;
const CANDIDATES_RANKED = 16;

function buildHand(seat: MinefieldSeatView, handsChecked: number, rng: Rng): Tile[] {
  const wall = seat.wall;
  if (!wall) throw new Error('buildHand: the seat has no wall yet');
  const counts = new Uint8Array(KIND_COUNT);
  for (const tile of wall) counts[tileKind(tile)]!++;
  const dora = seat.doraIndicator === null ? -1 : doraFromIndicator(tileKind(seat.doraIndicator));
  const indicatorKind = seat.doraIndicator === null ? -1 : tileKind(seat.doraIndicator);

  // No closures here or in the search: this runs twice a hand and is the bot's main cost (bench/minefield.bench.ts).
  const candidates: Candidate[] = [];
  const search = SEARCH;
  search.candidates = candidates;
  search.seen.clear();
  search.dora = dora;
  search.isDealer = seat.isDealer;
  const themed = new Uint8Array(KIND_COUNT);
  for (const theme of THEME_MASKS) {
    let tiles = 0;
    for (let k = 0; k < KIND_COUNT; k++) tiles += themed[k] = theme[k]! * counts[k]!;
    completeHands(themed, tiles, HANDS_PER_THEME);
    const pairs = sevenPairs(themed, dora);
    if (pairs) addCandidate(search, [], -1, pairs);
  }
  search.candidates = [];
  candidates.sort((a, b) => b.estimate - a.estimate);

  // Each (hand, dropped tile) is a waiting hand; rank them by value and by how many winning tiles the
  // opponent may still hold. A two-sided wait keeps Pinfu and doubles the winning tiles.
  // Only the best `handsChecked` are ever looked at: keep those, in the order a stable sort by score
  // (descending) would give them, instead of sorting every option.
  const best: RankedOption[] = [];
  const tried = new Uint8Array(KIND_COUNT);
  for (let c = 0; c < candidates.length && c < CANDIDATES_RANKED; c++) {
    const candidate = candidates[c]!;
    tried.fill(0);
    for (const drop of kindsOfCandidate(candidate)) {
      if (tried[drop] === 1) continue;
      tried[drop] = 1;
      if (copiesAvailable(counts, indicatorKind, drop) <= 0) continue;
      const waits = waitsAfterDrop(candidate, drop);
      let live = 0;
      for (const k of waits) live += Math.max(0, copiesAvailable(counts, indicatorKind, k));
      const pinfu = waits.length === 2 && isPinfuShape(candidate, seat.isDealer) ? 1 : 0;
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
    const tiles = tilesFromWall(wall, handKinds);
    fallback ??= tiles;
    // Legal and at least mangan: the floor check alone (the payout, with under-dora, is not needed here).
    const check = checkMinefieldFloor({
      hand: tiles,
      winTile: tileFromKind(wall, drop, tiles),
      dealer: seat.isDealer,
      discardNumber: 2,
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

interface RankedOption {
  readonly candidate: Candidate;
  readonly drop: TileKind;
  readonly score: number;
}

/** Copies of a kind the opponent may hold or discard: not in this wall, not the dora indicator. */
function copiesAvailable(counts: Uint8Array, indicatorKind: TileKind, k: TileKind): number {
  return k < 0 || k >= KIND_COUNT ? 0 : 4 - counts[k]! - (k === indicatorKind ? 1 : 0);
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
const SEARCH: HandSearch = { counts: new Uint8Array(KIND_COUNT), groups: [], pair: -1, made: 0, limit: 0, candidates: [], seen: new Set(), dora: -1, isDealer: false };

/** Adds a complete hand to the candidates unless the same hand is there already (seven pairs: `pairKinds`). */
function addCandidate(search: HandSearch, groups: readonly Group[], pair: TileKind, pairKinds: TileKind[] | null): void {
  const sevenPairs = pairKinds !== null;
  const key = handKey(groups, pair, pairKinds ?? [], sevenPairs);
  if (search.seen.has(key)) return;
  search.seen.add(key);
  search.candidates.push({ kinds: pairKinds, groups, pair, sevenPairs, estimate: estimate(groups, pair, pairKinds, search.dora, search.isDealer) });
}

const kindsOfCandidate = (candidate: Candidate): TileKind[] => (candidate.kinds ??= kindsOf(candidate.groups, candidate.pair));

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

/** The 14 kinds of four groups and a pair, group by group, the pair last. */
function kindsOf(groups: readonly Group[], pair: TileKind): TileKind[] {
  const kinds: TileKind[] = [];
  for (const g of groups) {
    const step = g.sequence ? 1 : 0;
    kinds.push(g.first, g.first + step, g.first + 2 * step);
  }
  kinds.push(pair, pair);
  return kinds;
}

/** The kinds the hand waits on once `drop` is taken out, read from its groups (enough to rank waits). */
function waitsAfterDrop(candidate: Candidate, drop: TileKind): TileKind[] {
  if (candidate.sevenPairs || drop === candidate.pair) return [drop];
  const waits: TileKind[] = [drop];
  for (const g of candidate.groups) {
    if (!g.sequence) continue;
    const n = g.first % 9;
    if (g.first === drop && n <= 5 && !waits.includes(drop + 3)) waits.push(drop + 3);
    if (g.first + 2 === drop && n >= 1 && !waits.includes(g.first - 1)) waits.push(g.first - 1);
  }
  return waits;
}

/** All sequences and a pair that is not a value tile: Pinfu on a two-sided wait. */
function isPinfuShape(candidate: Candidate, isDealer: boolean): boolean {
  if (candidate.sevenPairs || candidate.groups.some((g) => !g.sequence)) return false;
  const p = candidate.pair;
  return p < 27 || (p !== 27 && p < 31 && !(p === 29 && !isDealer));
}

/** One shared, read-only Group per triplet and per sequence start: the search makes no group objects. */
const TRIPLETS: readonly Group[] = Array.from({ length: KIND_COUNT }, (_, first) => ({ sequence: false, first }));
const SEQUENCES: readonly Group[] = Array.from({ length: KIND_COUNT }, (_, first) => ({ sequence: true, first }));

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
    addCandidate(search, groups.slice(), search.pair, null);
    return;
  }
  // Too few tiles left from `from` on to finish the hand: no branch below finds one (the search only
  // moves forward), so the hands found and their order are unchanged.
  if (left < 3 * (4 - groups.length) + (search.pair < 0 ? 2 : 0)) return;
  // `left` stays the count of tiles from `k` on as `k` moves up.
  for (let k = from; k < KIND_COUNT && search.made < search.limit; left -= c[k]!, k++) {
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

/** Seven distinct pairs, dora and simples first; null when the counts hold fewer than seven. */
function sevenPairs(counts: Uint8Array, dora: TileKind): TileKind[] | null {
  const pairs: TileKind[] = [];
  for (let k = 0; k < KIND_COUNT; k++) if (counts[k]! >= 2) pairs.push(k);
  if (pairs.length < 7) return null;
  pairs.sort((a, b) => Number(b === dora) - Number(a === dora) || Number(SIMPLE(b)) - Number(SIMPLE(a)));
  return pairs.slice(0, 7).flatMap((k) => [k, k]);
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
  if (pairKinds !== null) {
    for (const k of pairKinds) {
      bits |= KIND_BITS[k]!;
      if (k === dora) han++;
    }
  } else {
    for (const g of groups) {
      const step = g.sequence ? 1 : 0;
      for (let i = 0, k = g.first; i < 3; i++, k += step) {
        bits |= KIND_BITS[k]!;
        if (k === dora) han++;
      }
    }
    bits |= KIND_BITS[pair]!;
    if (pair === dora) han += 2;
  }
  const suits = bits & 7;
  const honors = (bits & HONOR_BIT) !== 0;
  const simples = (bits & NOT_SIMPLE_BIT) === 0;
  if (suits !== 0 && (suits & (suits - 1)) === 0) han += honors ? 3 : 6;
  if (simples) han++;
  let triplets = 0;
  // Sequence starts as a bit set (kinds 0-26): a repeated start is one more equal sequence.
  let starts = 0;
  for (const g of groups) {
    if (g.sequence) {
      if (starts & (1 << g.first)) han++;
      starts |= 1 << g.first;
      continue;
    }
    triplets++;
    if (g.first >= 31) han++;
    if (g.first === 27) han += isDealer ? 2 : 1;
    if (g.first === 29 && !isDealer) han++;
  }
  if (triplets === 4) han += 13;
  else if (triplets === 3) han += 2;
  for (const mask of STRAIGHT_STARTS) if ((starts & mask) === mask) han += 2;
  for (const mask of THREE_COLOUR_STARTS) if ((starts & mask) === mask) han += 2;
  return han;
}

/** Per kind, for `estimate`: its suit's bit (1, 2, 4), or HONOR_BIT; NOT_SIMPLE_BIT for a terminal or honour. */
const HONOR_BIT = 8;
const NOT_SIMPLE_BIT = 16;
const KIND_BITS: readonly number[] = Array.from({ length: KIND_COUNT }, (_, k) => (k >= 27 ? HONOR_BIT : 1 << Math.floor(k / 9)) | (SIMPLE(k) ? 0 : NOT_SIMPLE_BIT));
/** Sequence starts (bits of `estimate`'s set) of a straight 123-456-789 in each suit. */
const STRAIGHT_STARTS: readonly number[] = [0, 9, 18].map((suit) => (1 << suit) | (1 << (suit + 3)) | (1 << (suit + 6)));
/** Sequence starts of the same sequence in all three suits, for each of the seven sequences. */
const THREE_COLOUR_STARTS: readonly number[] = Array.from({ length: 7 }, (_, n) => (1 << n) | (1 << (n + 9)) | (1 << (n + 18)));

/** The wall's tiles for these kinds (Minefield has no red fives, so any copy will do). */
function tilesFromWall(wall: readonly Tile[], kinds: readonly TileKind[]): Tile[] {
  const left = wall.slice();
  return kinds.map((k) => {
    const at = left.findIndex((t) => tileKind(t) === k);
    if (at < 0) throw new Error(`tilesFromWall: the wall has too few copies of kind ${k}`);
    return left.splice(at, 1)[0]!;
  });
}

/** A tile of `kind` from the wall that is not in the hand (the wait tile used to check the value). */
function tileFromKind(wall: readonly Tile[], kind: TileKind, hand: readonly Tile[]): Tile {
  const rest = wall.slice();
  for (const t of hand) rest.splice(rest.indexOf(t), 1);
  return rest.find((t) => tileKind(t) === kind) ?? wall.find((t) => tileKind(t) === kind)!;
}

/**
 * The last resort when no complete hand fits in the wall: four groups and a single tile (a single wait),
 * or six pairs and a single, or three groups, a pair and two tiles one apart.
 */
function anyWaitingHand(wall: readonly Tile[], counts: Uint8Array): Tile[] {
  for (let single = 0; single < KIND_COUNT; single++) {
    if (counts[single] === 0) continue;
    const rest = counts.slice();
    rest[single]!--;
    let result: TileKind[] | null = null;
    const groupsOnly = (from: number, picked: TileKind[]): boolean => {
      if (picked.length === 12) {
        result = [...picked, single];
        return true;
      }
      for (let k = from; k < KIND_COUNT; k++) {
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
  for (let k = 0; k < KIND_COUNT; k++) if (counts[k]! >= 2) pairs.push(k);
  if (pairs.length >= 6) {
    const single = [...Array(KIND_COUNT).keys()].find((k) => counts[k]! > 0 && !pairs.slice(0, 6).includes(k));
    if (single !== undefined) {
      const tiles = tilesFromWall(wall, [...pairs.slice(0, 6).flatMap((k) => [k, k]), single]);
      if (validateMinefieldHand(tiles).ok) return tiles;
    }
  }
  // Exhaustive over pair + taatsu with three groups: a complete search by the rules' own tenpai check.
  for (let pair = 0; pair < KIND_COUNT; pair++) {
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
        for (let k = 0; k < KIND_COUNT && groups.length < 9; k++) {
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

/** Scratch counts for `chooseDiscard`, cleared on each call (it runs on every discard; nothing is kept). */
const VISIBLE = new Uint8Array(KIND_COUNT);
const THEIRS = new Uint8Array(KIND_COUNT);
const MINE = new Uint8Array(KIND_COUNT);
const MY_WAITS = new Uint8Array(KIND_COUNT);

function chooseDiscard(seat: MinefieldSeatView, rng: Rng): Tile {
  const visible = VISIBLE.fill(0);
  const theirs = THEIRS.fill(0);
  const mine = MINE.fill(0);
  const myWaits = MY_WAITS.fill(0);
  for (const k of seat.waits) myWaits[k] = 1;
  if (seat.wall !== null) for (const t of seat.wall) visible[tileKind(t)]!++;
  for (const t of seat.opponentDiscards) {
    visible[tileKind(t)]!++;
    theirs[tileKind(t)]!++;
  }
  for (const t of seat.ownDiscards) mine[tileKind(t)]!++;
  if (seat.doraIndicator !== null) visible[tileKind(seat.doraIndicator)]!++;
  // Never one of my own waits (furiten), unless the stock holds nothing else.
  let anyNotMyWait = false;
  for (const t of seat.stock) if (myWaits[tileKind(t)] === 0) anyNotMyWait = true;
  let best: Tile = seat.stock[0]!;
  let bestScore = Infinity;
  for (const tile of seat.stock) {
    if (anyNotMyWait && myWaits[tileKind(tile)] === 1) continue;
    const score = danger(tileKind(tile), seat, visible, theirs, mine) + rng.next() * 0.01;
    if (score < bestScore) {
      bestScore = score;
      best = tile;
    }
  }
  return best;
}
