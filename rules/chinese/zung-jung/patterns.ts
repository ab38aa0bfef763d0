// The 44 Zung Jung v3.3 patterns (zung-jung.md §4), each a unit over the shared win context; PATTERNS is the registry.
import type { Pattern } from '../patterns.js';
import { CHOW, RANK, SEVEN_PAIRS, STANDARD, SUIT, suitsHeld, THIRTEEN_ORPHANS } from '../sets.js';
import type { WinContext } from '../win-context.js';

/**
 * One pattern: its number (`id`, as in zung-jung.md), v3.3 points and series. Within a series only the
 * highest-valued pattern the reading qualifies for counts (§3.2); patterns of different series add up even
 * when one implies another. `count` is 1 or 0, except Value Honor: one per qualifying set (§3.3).
 */
export interface ZungJungPattern extends Pattern<WinContext> {
  readonly points: number;
  readonly series: string;
}

const bit = (condition: boolean): number => (condition ? 1 : 0);
const isStandard = (c: WinContext): boolean => c.shape === STANDARD;
const hasHonor = (c: WinContext): boolean => c.hasWind || c.hasDragon;
const isWindKind = (k: number): boolean => k >= 27 && k <= 30;
const isDragonKind = (k: number): boolean => k >= 31 && k <= 33;
const isPung = (c: WinContext, s: number): boolean => c.setType[s] !== CHOW;

/** Pungs/kongs of the seat wind or a dragon (3.1; the prevailing wind is no value honor in Zung Jung). */
function valueHonors(c: WinContext): number {
  let n = 0;
  for (let s = 0; s < c.setCount; s++) {
    const k = c.setFirst[s]!;
    if (isPung(c, s) && (k === c.seatWind || isDragonKind(k))) n++;
  }
  return n;
}

/** The most copies of one chow, and how many separate pairs of identical chows the reading holds (5.1). */
function identicalChows(c: WinContext): { most: number; pairs: number } {
  let most = 0;
  let pairs = 0;
  for (let s = 0; s < c.setCount; s++) {
    if (c.setType[s] !== CHOW) continue;
    let same = 0;
    let first = true;
    for (let t = 0; t < c.setCount; t++) {
      if (c.setType[t] !== CHOW || c.setFirst[t] !== c.setFirst[s]) continue;
      if (t < s) first = false;
      same++;
    }
    if (!first) continue;
    most = Math.max(most, same);
    pairs += same >> 1;
  }
  return { most, pairs };
}

/** A chow (or pung) of each suit at the same rank (6.1, 6.2.2). */
function similar(c: WinContext, chow: boolean): boolean {
  for (let rank = 1; rank <= 9; rank++) {
    let suits = 0;
    for (let s = 0; s < c.setCount; s++) {
      const k = c.setFirst[s]!;
      if (k < 27 && RANK[k] === rank && (c.setType[s] === CHOW) === chow) suits |= 1 << SUIT[k]!;
    }
    if (suits === 7) return true;
  }
  return false;
}

/** Pungs of one rank in two suits and the pair of that rank in the third (6.2.1). */
function smallSimilarTriplets(c: WinContext): boolean {
  const pair = c.pair;
  if (!isStandard(c) || pair < 0 || pair >= 27) return false;
  let suits = 1 << SUIT[pair]!;
  for (let s = 0; s < c.setCount; s++) {
    const k = c.setFirst[s]!;
    if (isPung(c, s) && k < 27 && RANK[k] === RANK[pair] && SUIT[k] !== SUIT[pair]) suits |= 1 << SUIT[k]!;
  }
  return suits === 7;
}

/** 123, 456 and 789 of one suit among the chows (7.1). */
function nineTileStraight(c: WinContext): boolean {
  for (let suit = 0; suit < 3; suit++) {
    let found = 0;
    for (let s = 0; s < c.setCount; s++) {
      const k = c.setFirst[s]!;
      if (c.setType[s] === CHOW && k < 27 && SUIT[k] === suit && (RANK[k]! - 1) % 3 === 0)
        found |= 1 << ((RANK[k]! - 1) / 3);
    }
    if (found === 7) return true;
  }
  return false;
}

/** The longest run of pungs of one suit on consecutive ranks (7.2). */
function consecutivePungs(c: WinContext): number {
  let best = 0;
  for (let suit = 0; suit < 3; suit++) {
    let ranks = 0;
    for (let s = 0; s < c.setCount; s++) {
      const k = c.setFirst[s]!;
      if (isPung(c, s) && k < 27 && SUIT[k] === suit) ranks |= 1 << RANK[k]!;
    }
    let run = 0;
    for (let rank = 1; rank <= 9; rank++) {
      run = ranks & (1 << rank) ? run + 1 : 0;
      best = Math.max(best, run);
    }
  }
  return best;
}

/** Every set and the pair hold a terminal, or (honors allowed) an honor (8.1.1, 8.1.2). */
function lesserTerminals(c: WinContext, honorsAllowed: boolean): boolean {
  if (!isStandard(c)) return false;
  const ok = (k: number, chow: boolean): boolean =>
    k >= 27 ? honorsAllowed : chow ? RANK[k] === 1 || RANK[k] === 7 : RANK[k] === 1 || RANK[k] === 9;
  for (let s = 0; s < c.setCount; s++) if (!ok(c.setFirst[s]!, c.setType[s] === CHOW)) return false;
  return ok(c.pair, false);
}

/** The registry: zung-jung.md §4 in its order (ids are the pattern numbers). */
export const PATTERNS: readonly ZungJungPattern[] = [
  // 1 Trivial patterns
  {
    id: '1.1',
    name: 'All Sequences',
    points: 5,
    series: '1.1',
    count: (c) => bit(isStandard(c) && c.chows === 4),
  },
  // A regular hand with nothing melded from discards (concealed kongs are fine).
  {
    id: '1.2',
    name: 'Concealed Hand',
    points: 5,
    series: '1.2',
    count: (c) => bit(isStandard(c) && c.meldedCount === 0),
  },
  {
    id: '1.3',
    name: 'No Terminals',
    points: 5,
    series: '1.3',
    count: (c) => bit(!c.hasTerminal && !hasHonor(c)),
  },
  // 2 One-suit patterns
  {
    id: '2.1.1',
    name: 'Mixed One-Suit',
    points: 40,
    series: '2.1',
    count: (c) => bit(suitsHeld(c) === 1 && hasHonor(c)),
  },
  {
    id: '2.1.2',
    name: 'Pure One-Suit',
    points: 80,
    series: '2.1',
    count: (c) => bit(suitsHeld(c) === 1 && !hasHonor(c)),
  },
  {
    id: '2.2',
    name: 'Nine Gates',
    points: 480,
    series: '2.2',
    count: (c) => bit(isStandard(c) && c.nineGates),
  },
  // 3 Honor tiles
  { id: '3.1', name: 'Value Honor', points: 10, series: '3.1', count: valueHonors },
  {
    id: '3.2.1',
    name: 'Small Three Dragons',
    points: 40,
    series: '3.2',
    count: (c) => bit(c.dragonPungs === 2 && isDragonKind(c.pair)),
  },
  {
    id: '3.2.2',
    name: 'Big Three Dragons',
    points: 130,
    series: '3.2',
    count: (c) => bit(c.dragonPungs === 3),
  },
  {
    id: '3.3.1',
    name: 'Small Three Winds',
    points: 30,
    series: '3.3',
    count: (c) => bit(c.windPungs === 2 && isWindKind(c.pair)),
  },
  { id: '3.3.2', name: 'Big Three Winds', points: 120, series: '3.3', count: (c) => bit(c.windPungs === 3) },
  {
    id: '3.3.3',
    name: 'Small Four Winds',
    points: 320,
    series: '3.3',
    count: (c) => bit(c.windPungs === 3 && isWindKind(c.pair)),
  },
  { id: '3.3.4', name: 'Big Four Winds', points: 400, series: '3.3', count: (c) => bit(c.windPungs === 4) },
  { id: '3.4', name: 'All Honors', points: 320, series: '3.4', count: (c) => bit(c.suitMask === 0) },
  // 4 Triplets and kong
  {
    id: '4.1',
    name: 'All Triplets',
    points: 30,
    series: '4.1',
    count: (c) => bit(isStandard(c) && c.setCount === 4 && c.chows === 0),
  },
  // A triplet completed by the winning discard is exposed (markDiscardPung); a concealed kong counts.
  {
    id: '4.2.1',
    name: 'Two Concealed Triplets',
    points: 5,
    series: '4.2',
    count: (c) => bit(c.concealedPungs === 2),
  },
  {
    id: '4.2.2',
    name: 'Three Concealed Triplets',
    points: 30,
    series: '4.2',
    count: (c) => bit(c.concealedPungs === 3),
  },
  {
    id: '4.2.3',
    name: 'Four Concealed Triplets',
    points: 125,
    series: '4.2',
    count: (c) => bit(c.concealedPungs === 4),
  },
  { id: '4.3.1', name: 'One Kong', points: 5, series: '4.3', count: (c) => bit(c.kongCount === 1) },
  { id: '4.3.2', name: 'Two Kong', points: 20, series: '4.3', count: (c) => bit(c.kongCount === 2) },
  { id: '4.3.3', name: 'Three Kong', points: 120, series: '4.3', count: (c) => bit(c.kongCount === 3) },
  { id: '4.3.4', name: 'Four Kong', points: 480, series: '4.3', count: (c) => bit(c.kongCount === 4) },
  // 5 Identical sets
  {
    id: '5.1.1',
    name: 'Two Identical Sequences',
    points: 10,
    series: '5.1',
    count: (c) => bit(identicalChows(c).most >= 2),
  },
  {
    id: '5.1.2',
    name: 'Two Identical Sequences Twice',
    points: 60,
    series: '5.1',
    count: (c) => bit(identicalChows(c).pairs >= 2),
  },
  {
    id: '5.1.3',
    name: 'Three Identical Sequences',
    points: 120,
    series: '5.1',
    count: (c) => bit(identicalChows(c).most >= 3),
  },
  {
    id: '5.1.4',
    name: 'Four Identical Sequences',
    points: 480,
    series: '5.1',
    count: (c) => bit(identicalChows(c).most === 4),
  },
  // 6 Similar sets (all three suits; two-suit forms do not count)
  {
    id: '6.1',
    name: 'Three Similar Sequences',
    points: 35,
    series: '6.1',
    count: (c) => bit(similar(c, true)),
  },
  {
    id: '6.2.1',
    name: 'Small Three Similar Triplets',
    points: 30,
    series: '6.2',
    count: (c) => bit(smallSimilarTriplets(c)),
  },
  {
    id: '6.2.2',
    name: 'Three Similar Triplets',
    points: 120,
    series: '6.2',
    count: (c) => bit(similar(c, false)),
  },
  // 7 Consecutive sets
  {
    id: '7.1',
    name: 'Nine-Tile Straight',
    points: 40,
    series: '7.1',
    count: (c) => bit(nineTileStraight(c)),
  },
  {
    id: '7.2.1',
    name: 'Three Consecutive Triplets',
    points: 100,
    series: '7.2',
    count: (c) => bit(consecutivePungs(c) >= 3),
  },
  {
    id: '7.2.2',
    name: 'Four Consecutive Triplets',
    points: 200,
    series: '7.2',
    count: (c) => bit(consecutivePungs(c) === 4),
  },
  // 8 Terminals
  {
    id: '8.1.1',
    name: 'Mixed Lesser Terminals',
    points: 40,
    series: '8.1',
    count: (c) => bit(lesserTerminals(c, true)),
  },
  {
    id: '8.1.2',
    name: 'Pure Lesser Terminals',
    points: 50,
    series: '8.1',
    count: (c) => bit(lesserTerminals(c, false)),
  },
  // Only terminals and honors in an All Triplets or Seven Pairs hand (never Thirteen Terminals); read as
  // written, an all-honors hand of pungs qualifies too (it is worth the limit anyway).
  {
    id: '8.1.3',
    name: 'Mixed Greater Terminals',
    points: 100,
    series: '8.1',
    count: (c) =>
      bit(!c.hasSimple && ((isStandard(c) && c.setCount === 4 && c.chows === 0) || c.shape === SEVEN_PAIRS)),
  },
  {
    id: '8.1.4',
    name: 'Pure Greater Terminals',
    points: 400,
    series: '8.1',
    count: (c) => bit(c.hasTerminal && !c.hasSimple && !hasHonor(c)),
  },
  // 9 Incidental bonuses
  { id: '9.1.1', name: 'Final Draw', points: 10, series: '9.1', count: (c) => bit(c.haitei && c.tsumo) },
  { id: '9.1.2', name: 'Final Discard', points: 10, series: '9.1', count: (c) => bit(c.houtei && !c.tsumo) },
  { id: '9.2', name: 'Win on Kong', points: 10, series: '9.2', count: (c) => bit(c.rinshan && c.tsumo) },
  { id: '9.3', name: 'Robbing a Kong', points: 10, series: '9.3', count: (c) => bit(c.chankan && !c.tsumo) },
  { id: '9.4.1', name: 'Blessing of Heaven', points: 155, series: '9.4', count: (c) => bit(c.heavenly) },
  { id: '9.4.2', name: 'Blessing of Earth', points: 155, series: '9.4', count: (c) => bit(c.earthly) },
  // 10 Irregular hands
  {
    id: '10.1',
    name: 'Thirteen Terminals',
    points: 160,
    series: '10.1',
    count: (c) => bit(c.shape === THIRTEEN_ORPHANS),
  },
  { id: '10.2', name: 'Seven Pairs', points: 30, series: '10.2', count: (c) => bit(c.shape === SEVEN_PAIRS) },
];

if (PATTERNS.length !== 44) throw new Error('Zung Jung v3.3 has 44 patterns');
