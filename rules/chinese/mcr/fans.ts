// The 81 MCR fans (mcr.md §10) and the common-practice 82nd, each a unit over the shared context; FANS is the registry.
import {
  CHOW,
  HONORS_AND_KNITTED,
  KNITTED_STRAIGHT,
  KONG,
  RANK,
  SEVEN_PAIRS,
  STANDARD,
  THIRTEEN_ORPHANS,
  type McrContext,
} from './context.js';

/**
 * One fan. `count(ctx)` says how many times it scores in the reading (0: not at all) before the exclusions;
 * `excludes` lists the fans it implies (mcr.md's "Not counted" column, non-repeat principle), which then do
 * not score (a fan that is itself excluded excludes nothing). Partial exclusions ("for those pungs") are in
 * the counting: Pung of Terminals or Honors leaves out the wind pungs a wind fan takes; the fans between
 * sets are counted by the account-once search (combos.ts), whose result the units read.
 */
export interface Fan {
  readonly id: number;
  readonly name: string;
  readonly points: number;
  readonly excludes: readonly number[];
  readonly count: (ctx: McrContext) => number;
}

const isStandard = (ctx: McrContext): boolean => ctx.shape === STANDARD;
/** Standard readings and the knitted straight standard form: the shapes that have sets. */
const hasSets = (ctx: McrContext): boolean => ctx.shape === STANDARD || ctx.shape === KNITTED_STRAIGHT;
const bit = (condition: boolean): number => (condition ? 1 : 0);

const isWindKind = (k: number): boolean => k >= 27 && k <= 30;
const isDragonKind = (k: number): boolean => k >= 31;
const hasPungOf = (ctx: McrContext, honor: number): boolean => (ctx.honorPungMask & (1 << (honor - 27))) !== 0;

/** Every set and the pair meet `test(kind, isChow)` (standard readings only). */
function everyGroup(ctx: McrContext, test: (first: number, chow: boolean) => boolean): boolean {
  if (!isStandard(ctx)) return false;
  for (let s = 0; s < ctx.setCount; s++) if (!test(ctx.setFirst[s]!, ctx.setType[s] === CHOW)) return false;
  return test(ctx.pair, false);
}

/** Only suited tiles whose ranks are all in `allowed` (bits 1-9). */
const ranksWithin = (ctx: McrContext, allowed: number): boolean =>
  !ctx.hasWind && !ctx.hasDragon && ctx.rankMask !== 0 && (ctx.rankMask & ~allowed) === 0;
const ranks = (...list: number[]): number => list.reduce((mask, r) => mask | (1 << r), 0);
const suitsHeld = (ctx: McrContext): number =>
  (ctx.suitMask & 1) + ((ctx.suitMask >> 1) & 1) + ((ctx.suitMask >> 2) & 1);
const hasHonor = (ctx: McrContext): boolean => ctx.hasWind || ctx.hasDragon;

const combo =
  (id: number) =>
  (ctx: McrContext): number =>
    ctx.combos[id]!;
const family =
  (id: number) =>
  (ctx: McrContext): number =>
    ctx.families[id]!;

/** The registry, by id (FANS[i].id === i + 1; 82 last). */
export const FANS: readonly Fan[] = [
  // 88 points
  {
    id: 1,
    name: 'Big Four Winds',
    points: 88,
    excludes: [9, 38, 48, 60, 61],
    count: (c) => bit(c.windPungs === 4),
  },
  {
    id: 2,
    name: 'Big Three Dragons',
    points: 88,
    excludes: [10, 54, 59],
    count: (c) => bit(c.dragonPungs === 3),
  },
  { id: 3, name: 'All Green', points: 88, excludes: [49, 75], count: (c) => bit(c.allGreen) },
  {
    id: 4,
    name: 'Nine Gates',
    points: 88,
    excludes: [22, 56, 62, 76],
    count: (c) => bit(c.nineGates && isStandard(c)),
  },
  { id: 5, name: 'Four Kongs', points: 88, excludes: [48, 79], count: family(5) },
  {
    id: 6,
    name: 'Seven Shifted Pairs',
    points: 88,
    excludes: [19, 22, 56, 62, 76, 79],
    count: (c) => bit(c.shape === SEVEN_PAIRS && c.sevenShifted),
  },
  {
    id: 7,
    name: 'Thirteen Orphans',
    points: 88,
    excludes: [18, 51, 56, 62, 79],
    count: (c) => bit(c.shape === THIRTEEN_ORPHANS),
  },
  // 64 points
  {
    id: 8,
    name: 'All Terminals',
    points: 64,
    excludes: [18, 48, 55, 73, 76, 65],
    count: (c) => bit(c.hasTerminal && !c.hasSimple && !hasHonor(c)),
  },
  {
    id: 9,
    name: 'Little Four Winds',
    points: 64,
    excludes: [38],
    count: (c) => bit(c.windPungs === 3 && isWindKind(c.pair)),
  },
  {
    id: 10,
    name: 'Little Three Dragons',
    points: 64,
    excludes: [54, 59],
    count: (c) => bit(c.dragonPungs === 2 && isDragonKind(c.pair)),
  },
  {
    id: 11,
    name: 'All Honors',
    points: 64,
    excludes: [18, 48, 55, 73, 75],
    count: (c) => bit(hasHonor(c) && c.suitMask === 0),
  },
  { id: 12, name: 'Four Concealed Pungs', points: 64, excludes: [48, 56, 62], count: family(12) },
  { id: 13, name: 'Pure Terminal Chows', points: 64, excludes: [19, 22, 63, 76], count: combo(13) },
  // 48 points
  { id: 14, name: 'Quadruple Chow', points: 48, excludes: [64], count: combo(14) },
  { id: 15, name: 'Four Pure Shifted Pungs', points: 48, excludes: [48], count: combo(15) },
  // 32 points
  { id: 16, name: 'Four Pure Shifted Chows', points: 32, excludes: [], count: combo(16) },
  { id: 17, name: 'Three Kongs', points: 32, excludes: [], count: family(17) },
  {
    id: 18,
    name: 'All Terminals and Honors',
    points: 32,
    excludes: [48, 55, 73],
    count: (c) => bit(!c.hasSimple && c.hasTerminal && hasHonor(c)),
  },
  // 24 points
  {
    id: 19,
    name: 'Seven Pairs',
    points: 24,
    excludes: [56, 62, 79],
    count: (c) => bit(c.shape === SEVEN_PAIRS),
  },
  {
    id: 20,
    name: 'Greater Honors and Knitted Tiles',
    points: 24,
    excludes: [34, 51, 56, 62],
    count: (c) => bit(c.shape === HONORS_AND_KNITTED && c.greater),
  },
  {
    id: 21,
    name: 'All Even Pungs',
    points: 24,
    excludes: [48, 68, 76],
    count: (c) => bit(everyGroup(c, (k, chow) => !chow && k < 27 && RANK[k]! % 2 === 0)),
  },
  {
    id: 22,
    name: 'Full Flush',
    points: 24,
    excludes: [76],
    count: (c) => bit(suitsHeld(c) === 1 && !hasHonor(c)),
  },
  { id: 23, name: 'Pure Triple Chow', points: 24, excludes: [24], count: combo(23) },
  { id: 24, name: 'Pure Shifted Pungs', points: 24, excludes: [23], count: combo(24) },
  {
    id: 25,
    name: 'Upper Tiles',
    points: 24,
    excludes: [36, 76],
    count: (c) => bit(ranksWithin(c, ranks(7, 8, 9))),
  },
  {
    id: 26,
    name: 'Middle Tiles',
    points: 24,
    excludes: [68, 76],
    count: (c) => bit(ranksWithin(c, ranks(4, 5, 6))),
  },
  {
    id: 27,
    name: 'Lower Tiles',
    points: 24,
    excludes: [37, 76],
    count: (c) => bit(ranksWithin(c, ranks(1, 2, 3))),
  },
  // 16 points
  { id: 28, name: 'Pure Straight', points: 16, excludes: [], count: combo(28) },
  { id: 29, name: 'Three-Suited Terminal Chows', points: 16, excludes: [63, 76], count: combo(29) },
  { id: 30, name: 'Pure Shifted Chows', points: 16, excludes: [], count: combo(30) },
  {
    id: 31,
    name: 'All Fives',
    points: 16,
    excludes: [68, 76],
    count: (c) =>
      bit(everyGroup(c, (k, chow) => k < 27 && (chow ? RANK[k]! >= 3 && RANK[k]! <= 5 : RANK[k] === 5))),
  },
  { id: 32, name: 'Triple Pung', points: 16, excludes: [], count: combo(32) },
  { id: 33, name: 'Three Concealed Pungs', points: 16, excludes: [], count: family(33) },
  // 12 points
  {
    id: 34,
    name: 'Lesser Honors and Knitted Tiles',
    points: 12,
    excludes: [51, 56, 62],
    count: (c) => bit(c.shape === HONORS_AND_KNITTED),
  },
  {
    id: 35,
    name: 'Knitted Straight',
    points: 12,
    excludes: [],
    count: (c) => bit(c.shape === KNITTED_STRAIGHT || (c.shape === HONORS_AND_KNITTED && c.knittedStraight)),
  },
  {
    id: 36,
    name: 'Upper Four',
    points: 12,
    excludes: [76],
    count: (c) => bit(ranksWithin(c, ranks(6, 7, 8, 9))),
  },
  {
    id: 37,
    name: 'Lower Four',
    points: 12,
    excludes: [76],
    count: (c) => bit(ranksWithin(c, ranks(1, 2, 3, 4))),
  },
  {
    id: 38,
    name: 'Big Three Winds',
    points: 12,
    excludes: [],
    count: (c) => bit(c.windPungs === 3),
  },
  // 8 points
  { id: 39, name: 'Mixed Straight', points: 8, excludes: [], count: combo(39) },
  { id: 40, name: 'Reversible Tiles', points: 8, excludes: [75], count: (c) => bit(c.reversible) },
  { id: 41, name: 'Mixed Triple Chow', points: 8, excludes: [], count: combo(41) },
  { id: 42, name: 'Mixed Shifted Pungs', points: 8, excludes: [], count: combo(42) },
  // Chicken Hand scores when nothing else does: the scorer decides it after the exclusions.
  { id: 43, name: 'Chicken Hand', points: 8, excludes: [], count: () => 0 },
  { id: 44, name: 'Last Tile Draw', points: 8, excludes: [80], count: (c) => bit(c.haitei && c.tsumo) },
  { id: 45, name: 'Last Tile Claim', points: 8, excludes: [], count: (c) => bit(c.houtei && !c.tsumo) },
  {
    id: 46,
    name: 'Out with Replacement Tile',
    points: 8,
    excludes: [80],
    count: (c) => bit(c.rinshan && c.tsumo),
  },
  { id: 47, name: 'Robbing the Kong', points: 8, excludes: [58], count: (c) => bit(c.chankan && !c.tsumo) },
  // 6 points
  {
    id: 48,
    name: 'All Pungs',
    points: 6,
    excludes: [],
    count: (c) => bit(isStandard(c) && c.setCount === 4 && c.chows === 0),
  },
  {
    id: 49,
    name: 'Half Flush',
    points: 6,
    excludes: [],
    count: (c) => bit(suitsHeld(c) === 1 && hasHonor(c)),
  },
  { id: 50, name: 'Mixed Shifted Chows', points: 6, excludes: [], count: combo(50) },
  {
    id: 51,
    name: 'All Types',
    points: 6,
    excludes: [],
    count: (c) => bit(c.suitMask === 7 && c.hasWind && c.hasDragon),
  },
  {
    id: 52,
    name: 'Melded Hand',
    points: 6,
    excludes: [79],
    count: (c) => bit(isStandard(c) && c.meldedCount === 4 && !c.tsumo),
  },
  { id: 53, name: 'Two Concealed Kongs', points: 6, excludes: [66], count: family(53) },
  {
    id: 54,
    name: 'Two Dragon Pungs',
    points: 6,
    excludes: [59],
    count: (c) => bit(c.dragonPungs === 2),
  },
  // 4 points
  {
    id: 55,
    name: 'Outside Hand',
    points: 4,
    excludes: [],
    count: (c) =>
      bit(
        everyGroup(
          c,
          (k, chow) => k >= 27 || (chow ? RANK[k] === 1 || RANK[k] === 7 : RANK[k] === 1 || RANK[k] === 9),
        ),
      ),
  },
  {
    id: 56,
    name: 'Fully Concealed Hand',
    points: 4,
    excludes: [80, 62],
    count: (c) => bit(c.meldedCount === 0 && c.tsumo),
  },
  { id: 57, name: 'Two Melded Kongs', points: 4, excludes: [], count: family(57) },
  { id: 58, name: 'Last Tile', points: 4, excludes: [], count: (c) => bit(c.lastTile) },
  // 2 points
  { id: 59, name: 'Dragon Pung', points: 2, excludes: [], count: (c) => c.dragonPungs },
  { id: 60, name: 'Prevalent Wind', points: 2, excludes: [], count: (c) => bit(hasPungOf(c, c.roundWind)) },
  { id: 61, name: 'Seat Wind', points: 2, excludes: [], count: (c) => bit(hasPungOf(c, c.seatWind)) },
  {
    id: 62,
    name: 'Concealed Hand',
    points: 2,
    excludes: [],
    count: (c) => bit(c.meldedCount === 0 && !c.tsumo),
  },
  {
    id: 63,
    name: 'All Chows',
    points: 2,
    excludes: [76],
    count: (c) =>
      bit(
        hasSets(c) &&
          c.pair >= 0 &&
          c.pair < 27 &&
          c.chows === c.setCount &&
          (c.shape === KNITTED_STRAIGHT || c.setCount === 4),
      ),
  },
  { id: 64, name: 'Tile Hog', points: 2, excludes: [], count: tileHogs },
  { id: 65, name: 'Double Pung', points: 2, excludes: [], count: combo(65) },
  { id: 66, name: 'Two Concealed Pungs', points: 2, excludes: [], count: family(66) },
  { id: 67, name: 'Concealed Kong', points: 2, excludes: [], count: family(67) },
  {
    id: 68,
    name: 'All Simples',
    points: 2,
    excludes: [76],
    count: (c) => bit(!c.hasTerminal && !hasHonor(c)),
  },
  // 1 point
  { id: 69, name: 'Pure Double Chow', points: 1, excludes: [], count: combo(69) },
  { id: 70, name: 'Mixed Double Chow', points: 1, excludes: [], count: combo(70) },
  { id: 71, name: 'Short Straight', points: 1, excludes: [], count: combo(71) },
  { id: 72, name: 'Two Terminal Chows', points: 1, excludes: [], count: combo(72) },
  { id: 73, name: 'Pung of Terminals or Honors', points: 1, excludes: [], count: terminalOrHonorPungs },
  { id: 74, name: 'Melded Kong', points: 1, excludes: [], count: family(74) },
  { id: 75, name: 'One Voided Suit', points: 1, excludes: [], count: (c) => bit(suitsHeld(c) === 2) },
  { id: 76, name: 'No Honors', points: 1, excludes: [], count: (c) => bit(!hasHonor(c)) },
  { id: 77, name: 'Edge Wait', points: 1, excludes: [], count: (c) => bit(c.waitFan === 77) },
  { id: 78, name: 'Closed Wait', points: 1, excludes: [], count: (c) => bit(c.waitFan === 78) },
  { id: 79, name: 'Single Wait', points: 1, excludes: [], count: (c) => bit(c.waitFan === 79) },
  { id: 80, name: 'Self-Drawn', points: 1, excludes: [], count: (c) => bit(c.tsumo) },
  // Flower Tiles count apart from the hand (flowerFan): never toward the minimum.
  { id: 81, name: 'Flower Tiles', points: 1, excludes: [], count: () => 0 },
  // Common practice (mcr.md note K, Ambiguity 3): one melded and one concealed kong.
  { id: 82, name: 'Concealed Kong and Melded Kong', points: 5, excludes: [], count: family(82) },
];

/**
 * Tile Hog (#64): each kind whose four copies are all used in the hand without a kong declaration.
 * Example: 1111m read as 111m + 123m is one Tile Hog.
 */
function tileHogs(ctx: McrContext): number {
  let hogs = 0;
  for (let k = 0; k < 34; k++) if (ctx.all[k] === 4) hogs++;
  for (let s = 0; s < ctx.setCount; s++) if (ctx.setType[s] === KONG) hogs--;
  return hogs;
}

/**
 * Pung of Terminals or Honors (#73): each pung or kong of 1s, 9s or a wind, except the wind pungs a wind fan
 * already takes: all of them with three or four wind pungs (Big Three Winds, Little/Big Four Winds), else the
 * prevalent and the seat wind's pung (one point lost even when it is both). Dragons never score it (Dragon
 * Pung). Nine Gates takes one (its 111 or 999).
 */
function terminalOrHonorPungs(ctx: McrContext): number {
  if (!hasSets(ctx)) return 0;
  const winds = ctx.windPungs;
  let n = 0;
  for (let s = 0; s < ctx.setCount; s++) {
    if (ctx.setType[s] === CHOW) continue;
    const k = ctx.setFirst[s]!;
    if (k < 27) {
      if (RANK[k] === 1 || RANK[k] === 9) n++;
    } else if (isWindKind(k) && winds < 3 && k !== ctx.roundWind && k !== ctx.seatWind) n++;
  }
  if (ctx.nineGates) n--;
  return Math.max(0, n);
}

if (FANS.some((fan, i) => fan.id !== i + 1)) throw new Error('FANS must list ids 1-82 in order');
