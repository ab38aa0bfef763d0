// The Hong Kong Old Style faan table (hong-kong.md §2.1), each pattern a unit over the shared win context; FAAN is the registry.
import type { Pattern } from '../patterns.js';
import { SEVEN_PAIRS, STANDARD, SUIT, suitsHeld, THIRTEEN_ORPHANS } from '../sets.js';
import type { WinContext } from '../win-context.js';
import type { FaanOrLimit, HongKongRules } from './rules.js';

/** The win context with what Hong Kong also reads: bonus tiles and its options. */
export interface HongKongContext extends WinContext {
  /** Bonus tiles held, bit i = kind 34 + i (1f-4f flowers, 5f-8f seasons; numbered as the seats E S W N). */
  flowers: number;
  /** Bonus tiles beyond the eight (Vietnamese kings and queens): they are bonus tiles, with no faan here. */
  extraBonus: number;
  /** Self-drawn on the replacement for a bonus tile. */
  bonusReplacement: boolean;
  rules: HongKongRules;
}

/**
 * One faan pattern. `faan(rules)`: its value per count under the table's options, or 'limit' (a limit hand,
 * paid at the limit whatever else the hand holds); 0 when the options leave it out. `bonus`: a bonus-tile faan,
 * not counted toward the minimum (§2). `count` is 1 or 0, except Dragon pung: one per dragon pung or kong.
 */
export interface HongKongFaan extends Pattern<HongKongContext> {
  readonly faan: (rules: HongKongRules) => FaanOrLimit;
  readonly bonus?: (rules: HongKongRules) => boolean;
}

const bit = (condition: boolean): number => (condition ? 1 : 0);
const isStandard = (c: HongKongContext): boolean => c.shape === STANDARD;
const hasHonor = (c: WinContext): boolean => c.hasWind || c.hasDragon;
const hasPungOf = (c: WinContext, honor: number): boolean => (c.honorPungMask & (1 << (honor - 27))) !== 0;
const isValueKind = (c: WinContext, k: number): boolean => k >= 31 || k === c.seatWind || k === c.roundWind;
const FLOWERS = 0x0f;
const SEASONS = 0xf0;
const one = (): number => 1;
const always = (): boolean => true;
/** The player's own flower (seasons: shift 4) and whether `two_flat` folds it into a complete set of four. */
function ownBonus(c: HongKongContext, shift: number, set: number): number {
  const own = (c.flowers & (1 << (c.seatWind - 27 + shift))) !== 0;
  const folded = c.rules.bonus_set === 'two_flat' && (c.flowers & set) === set;
  return bit(own && !folded);
}
const bonusSet = (r: HongKongRules): number => (r.bonus_set === 'two_flat' ? 2 : 1);
const limit = (): FaanOrLimit => 'limit';

/** Pungs of one suit with the pung of its dragon (Jade: bamboo + Green, Ruby: characters + Red, Pearl: dots + White). */
function gemDragon(c: HongKongContext, suit: number, dragon: number): boolean {
  if (!c.rules.jade_dragons || !isStandard(c) || c.chows > 0 || !hasPungOf(c, dragon)) return false;
  if (c.pair >= 27 || SUIT[c.pair] !== suit) return false;
  for (let s = 0; s < c.setCount; s++) {
    const k = c.setFirst[s]!;
    if (k !== dragon && (k >= 27 || SUIT[k] !== suit)) return false;
  }
  return true;
}

/** The registry: counting faan, bonus-tile faan, then the limit hands (hong-kong.md §2.1). */
export const FAAN: readonly HongKongFaan[] = [
  // Winning method
  { id: 'self-drawn', name: 'Self-drawn win', faan: one, count: (c) => bit(c.tsumo) },
  // Nothing claimed (concealed kongs are fine); Seven Pairs implies it and is not counted twice (§2.1).
  {
    id: 'concealed',
    name: 'Concealed hand',
    faan: one,
    count: (c) => bit(isStandard(c) && c.meldedCount === 0),
  },
  {
    id: 'kong-replacement',
    name: 'Win on a kong replacement tile',
    faan: one,
    count: (c) => bit(c.rinshan && c.tsumo),
  },
  {
    id: 'bonus-replacement',
    name: 'Win on a bonus-tile replacement',
    faan: (r) => r.bonus_replacement,
    count: (c) => bit(c.bonusReplacement && c.tsumo),
  },
  { id: 'robbing-kong', name: 'Robbing a kong', faan: one, count: (c) => bit(c.chankan && !c.tsumo) },
  { id: 'last-tile', name: 'Win on the last wall tile', faan: one, count: (c) => bit(c.haitei && c.tsumo) },
  { id: 'last-discard', name: 'Win on the last discard', faan: one, count: (c) => bit(c.houtei && !c.tsumo) },
  // Hand shape
  {
    id: 'all-chows',
    name: 'All chows',
    faan: one,
    count: (c) => bit(isStandard(c) && c.chows === 4 && !isValueKind(c, c.pair)),
  },
  {
    id: 'all-pungs',
    name: 'All pungs',
    faan: () => 3,
    // All honors implies it (an all-honors standard hand is all pungs): only the more demanding one scores (§2.1).
    count: (c) => bit(isStandard(c) && c.setCount === 4 && c.chows === 0 && c.suitMask !== 0),
  },
  {
    id: 'seven-pairs',
    name: 'Seven pairs',
    faan: (r) => (r.seven_pairs === 'off' ? 0 : r.seven_pairs),
    count: (c) => bit(c.shape === SEVEN_PAIRS),
  },
  // Suits
  {
    id: 'mixed-one-suit',
    name: 'Mixed one suit',
    faan: () => 3,
    count: (c) => bit(suitsHeld(c) === 1 && hasHonor(c)),
  },
  {
    id: 'pure-one-suit',
    name: 'Pure one suit',
    faan: (r) => r.pure_one_suit,
    count: (c) => bit(suitsHeld(c) === 1 && !hasHonor(c)),
  },
  { id: 'all-honors', name: 'All honors', faan: (r) => r.all_honors, count: (c) => bit(c.suitMask === 0) },
  // Honors: a pung counts for the seat and the prevailing wind both when they are the same wind.
  { id: 'dragon-pung', name: 'Dragon pung', faan: one, count: (c) => c.dragonPungs },
  { id: 'seat-wind', name: 'Seat wind pung', faan: one, count: (c) => bit(hasPungOf(c, c.seatWind)) },
  {
    id: 'prevailing-wind',
    name: 'Prevailing wind pung',
    faan: one,
    count: (c) => bit(hasPungOf(c, c.roundWind)),
  },
  // The dragon pungs' own faan count beside both (§2.1 says so for the small one; our reading for the big one).
  {
    id: 'small-three-dragons',
    name: 'Small three dragons',
    faan: (r) => r.small_three_dragons,
    count: (c) => bit(c.dragonPungs === 2 && c.pair >= 31),
  },
  {
    id: 'big-three-dragons',
    name: 'Big three dragons',
    faan: (r) => r.big_three_dragons,
    count: (c) => bit(c.dragonPungs === 3),
  },
  // Bonus tiles (not counted toward the minimum): a flower or season numbered as the seat is the player's own.
  {
    id: 'no-bonus-tiles',
    name: 'No bonus tiles',
    bonus: (r) => r.no_bonus_is_bonus_faan,
    faan: one,
    count: (c) => bit(c.flowers === 0 && c.extraBonus === 0),
  },
  {
    id: 'own-flower',
    name: 'Own flower',
    bonus: always,
    faan: one,
    count: (c) => ownBonus(c, 0, FLOWERS),
  },
  {
    id: 'own-season',
    name: 'Own season',
    bonus: always,
    faan: one,
    count: (c) => ownBonus(c, 4, SEASONS),
  },
  {
    id: 'four-flowers',
    name: 'All four flowers',
    bonus: always,
    faan: bonusSet,
    count: (c) => bit((c.flowers & FLOWERS) === FLOWERS),
  },
  {
    id: 'four-seasons',
    name: 'All four seasons',
    bonus: always,
    faan: bonusSet,
    count: (c) => bit((c.flowers & SEASONS) === SEASONS),
  },
  {
    id: 'eight-bonus-tiles',
    name: 'All eight bonus tiles',
    bonus: always,
    faan: limit,
    count: (c) => bit(c.flowers === 0xff),
  },
  // Limit hands
  {
    id: 'thirteen-orphans',
    name: 'Thirteen Orphans',
    faan: limit,
    count: (c) => bit(c.shape === THIRTEEN_ORPHANS),
  },
  { id: 'nine-gates', name: 'Nine Gates', faan: limit, count: (c) => bit(isStandard(c) && c.nineGates) },
  { id: 'all-kongs', name: 'All kongs', faan: limit, count: (c) => bit(c.kongCount === 4) },
  {
    id: 'hidden-treasure',
    name: 'Four concealed pungs, self-drawn',
    faan: limit,
    count: (c) => bit(c.tsumo && c.concealedPungs === 4),
  },
  {
    id: 'all-terminals',
    name: 'All terminals',
    faan: limit,
    count: (c) => bit(c.hasTerminal && !c.hasSimple && !hasHonor(c)),
  },
  { id: 'big-four-winds', name: 'Big four winds', faan: limit, count: (c) => bit(c.windPungs === 4) },
  {
    id: 'small-four-winds',
    name: 'Small four winds',
    faan: (r) => r.small_four_winds,
    count: (c) => bit(c.windPungs === 3 && c.pair >= 27 && c.pair <= 30),
  },
  { id: 'heavenly', name: 'Heavenly hand', faan: limit, count: (c) => bit(c.heavenly) },
  { id: 'earthly', name: 'Earthly hand', faan: limit, count: (c) => bit(c.earthly) },
  { id: 'jade-dragon', name: 'Jade dragon', faan: limit, count: (c) => bit(gemDragon(c, 2, 32)) },
  { id: 'ruby-dragon', name: 'Ruby dragon', faan: limit, count: (c) => bit(gemDragon(c, 0, 33)) },
  { id: 'pearl-dragon', name: 'Pearl dragon', faan: limit, count: (c) => bit(gemDragon(c, 1, 31)) },
];

/** The exposed melds (concealed kongs hide their tiles in HKOS, seed 002) of one suit. */
export function exposedSetsOfSuit(c: HongKongContext, suit: number): number {
  let n = 0;
  for (let s = 0; s < c.meldCount; s++) {
    const k = c.setFirst[s]!;
    if (c.setConcealed[s] === 0 && k < 27 && SUIT[k] === suit) n++;
  }
  return n;
}
