// Scoring a Zung Jung win: every reading scored pattern by pattern (one per series), the 320 limit, the best reading paid by the payoff scheme (zung-jung.md §3-§6, §9).
import { fail, ok, type Result } from '../../result.js';
import { KIND_MASK } from '../../tiles.js';
import type { ChineseWin } from '../input.js';
import { ItemCache, settle, type ChineseItem, type FanOutput, type Settlement } from '../patterns.js';
import {
  forEachReading,
  newWinContext,
  setWinFacts,
  winFactsOf,
  type ReadingFilter,
} from '../win-context.js';
import { PATTERNS } from './patterns.js';

/** Zung Jung's options (the record's `rules`), spelled as zung-jung.md §10. */
export interface ZungJungRules {
  /**
   * `zj_v3.3` (Kwan's rules: chicken hands win) or `wsom` (World Series: a win needs a pattern, seed 003;
   * sets minimum_points to 5, every pattern being worth at least 5).
   */
  readonly profile: 'zj_v3.3' | 'wsom';
  /** Fewest points a win needs (0: chicken hands win, 1 point). */
  readonly minimum_points: number;
  /** `formal`: the par-25 split of §6; `uniform`: every loser pays the value (Kwan's casual scheme). */
  readonly payoff_scheme: 'formal' | 'uniform';
  /**
   * The MahjongTime World Series values (zung-jung.md §9, restatement only: the seed says the minimum may be
   * the only difference): Pure One-Suit 100, Small Three Dragons 30, Small Three Winds 25, All Triplets 40,
   * Four Concealed Triplets 115.
   */
  readonly wsom_values: boolean;
}

export const ZUNG_JUNG_DEFAULTS: ZungJungRules = {
  profile: 'zj_v3.3',
  minimum_points: 0,
  payoff_scheme: 'formal',
  wsom_values: false,
};

/** The limit, the par of the formal payoff, the chicken hand (zung-jung.md §5, §6, §3.5). */
export const LIMIT = 320;
export const PAR = 25;
const CHICKEN = 1;

const WSOM_POINTS: Readonly<Record<string, number>> = {
  '2.1.2': 100,
  '3.2.1': 30,
  '3.3.1': 25,
  '4.1': 40,
  '4.2.3': 115,
};

/** The result of `score` for Zung Jung: `fan` the hand's value in points. */
export type ZungJungOutput = FanOutput;

const RULE_NAMES = Object.keys(ZUNG_JUNG_DEFAULTS);

function rulesOf(raw: Readonly<Record<string, unknown>>): Result<ZungJungRules> {
  for (const name of Object.keys(raw))
    if (!RULE_NAMES.includes(name))
      return fail('bad_input', `rules.${name} is no Zung Jung option (known: ${RULE_NAMES.join(', ')})`);
  const profile = raw.profile ?? ZUNG_JUNG_DEFAULTS.profile;
  if (profile !== 'zj_v3.3' && profile !== 'wsom')
    return fail('bad_input', `rules.profile must be "zj_v3.3" or "wsom", got ${JSON.stringify(raw.profile)}`);
  const minimum = raw.minimum_points ?? (profile === 'wsom' ? 5 : 0);
  if (typeof minimum !== 'number' || !Number.isInteger(minimum) || minimum < 0)
    return fail(
      'bad_input',
      `rules.minimum_points must be a whole number ≥ 0, got ${JSON.stringify(raw.minimum_points)}`,
    );
  const scheme = raw.payoff_scheme ?? ZUNG_JUNG_DEFAULTS.payoff_scheme;
  if (scheme !== 'formal' && scheme !== 'uniform')
    return fail(
      'bad_input',
      `rules.payoff_scheme must be "formal" or "uniform", got ${JSON.stringify(raw.payoff_scheme)}`,
    );
  const wsomValues = raw.wsom_values ?? false;
  if (typeof wsomValues !== 'boolean')
    return fail(
      'bad_input',
      `rules.wsom_values must be true or false, got ${JSON.stringify(raw.wsom_values)}`,
    );
  return ok({ profile, minimum_points: minimum, payoff_scheme: scheme, wsom_values: wsomValues });
}

/** The value of a pattern under the rules. */
const pointsOf = (index: number, rules: ZungJungRules): number =>
  (rules.wsom_values ? WSOM_POINTS[PATTERNS[index]!.id] : undefined) ?? PATTERNS[index]!.points;

/**
 * The hand's value from its counted patterns (§5): a single pattern above the limit (400, 480) is the value and
 * nothing is added; else the sum, capped at 320; a hand without any pattern is a Chicken Hand (1).
 * Example: Big Three Dragons 130 + Value Honor 3 × 10 + All Triplets 30 + Four Concealed Triplets 125 + ... = 360 → 320.
 */
export function limitedValue(sum: number, largest: number): number {
  if (largest > LIMIT) return largest;
  if (sum > LIMIT) return LIMIT;
  return sum === 0 ? CHICKEN : sum;
}

/**
 * The payoff of value V (§6): a self-draw, or a discard worth at most the par, every loser pays V; a discard worth
 * more: the two others pay the par and the discarder 3V − 2·par (the winner gets 3V either way). The uniform
 * scheme: every loser pays V. Example: V = 26 on a discard: discarder 28, the others 25 each.
 */
export function zungJungPayoff(
  win: Pick<ChineseWin, 'seatWind' | 'tsumo' | 'discarder'>,
  value: number,
  scheme: ZungJungRules['payoff_scheme'],
): Settlement {
  const split = scheme === 'formal' && !win.tsumo && value > PAR;
  return settle(win.seatWind, (loser) =>
    !split ? value : loser === win.discarder ? 3 * value - 2 * PAR : PAR,
  );
}

// Scoring is synchronous: one context and the tables below serve every call.
const ctx = newWinContext();
const counts = new Int32Array(PATTERNS.length);
/** Index of each pattern's series (patterns of a series are listed together). */
const SERIES = Int32Array.from(PATTERNS, (p, i) => (i > 0 && PATTERNS[i - 1]!.series === p.series ? -1 : i));
const chosen = new Int32Array(PATTERNS.length);
const best = new Int32Array(PATTERNS.length);
const ITEMS = new ItemCache<string>();
const CHICKEN_ITEM: ChineseItem = Object.freeze({
  id: 'chicken',
  name: 'Chicken Hand',
  fan: CHICKEN,
  count: 1,
});

/** Scores the reading in ctx into `chosen` (the counted patterns' counts); returns its value after the limit. */
function evaluate(rules: ZungJungRules): number {
  for (let i = 0; i < PATTERNS.length; i++) counts[i] = PATTERNS[i]!.count(ctx);
  chosen.fill(0);
  let sum = 0;
  let largest = 0;
  for (let start = 0; start < PATTERNS.length;) {
    // One series: [start, end). Only its highest-valued pattern that the reading qualifies for counts.
    let end = start + 1;
    while (end < PATTERNS.length && SERIES[end] === -1) end++;
    let top = -1;
    for (let i = start; i < end; i++)
      if (counts[i]! > 0 && (top < 0 || pointsOf(i, rules) > pointsOf(top, rules))) top = i;
    if (top >= 0) {
      chosen[top] = counts[top]!;
      const points = pointsOf(top, rules);
      sum += points * counts[top]!;
      largest = Math.max(largest, points);
    }
    start = end;
  }
  return limitedValue(sum, largest);
}

/**
 * Scores a checked Zung Jung win (13-tile hands, 136 tiles); `only`: the readings weighed (all). Errors: `bad_input` (options), `rule_disabled`
 * (bonus tiles: the values of Kwan's bonus-tile variant are unsourced, zung-jung.md §8), `bad_win_kind` /
 * `not_a_win` (winKind; no winning shape), `below_minimum` (under rules.minimum_points).
 */
export function scoreZungJung(win: ChineseWin, only: ReadingFilter | null = null): Result<ZungJungOutput> {
  const rules = rulesOf(win.rules);
  if (!rules.ok) return rules;
  if (win.flowers.length > 0)
    return fail(
      'rule_disabled',
      'Zung Jung is played without bonus tiles; the values of its bonus-tile variant are unsourced (zung-jung.md §8)',
    );
  if (win.winTile === null) return fail('bad_input', 'winTile is required in Zung Jung');
  const facts = winFactsOf(win, 'zung-jung');
  if (!facts.ok) return facts;
  setWinFacts(ctx, facts.value);
  const closed = new Uint8Array(34);
  for (const tile of win.closedTiles) closed[tile & KIND_MASK]!++;
  let bestValue = -1;
  const readings = forEachReading(
    ctx,
    { closed, melds: win.melds, winKind: win.winTile & KIND_MASK, winningRange: null, wilds: [] },
    () => {
      const value = evaluate(rules.value);
      if (value > bestValue) {
        bestValue = value;
        best.set(chosen);
      }
    },
    only,
  );
  if (readings === 0)
    return fail(
      'not_a_win',
      'the tiles make no winning shape: four sets and a pair, seven pairs or thirteen terminals',
    );
  if (bestValue < rules.value.minimum_points)
    return fail(
      'below_minimum',
      `the hand is worth ${bestValue} point(s); a win needs ${rules.value.minimum_points} (rules.minimum_points)`,
    );
  const items: ChineseItem[] = [];
  // Above the limit the hand is its largest pattern and nothing is added (§5): that pattern alone is listed.
  const overLimit = bestValue > LIMIT;
  for (let i = 0; i < PATTERNS.length; i++) {
    if (best[i]! === 0 || (overLimit && pointsOf(i, rules.value) !== bestValue)) continue;
    items.push(ITEMS.of(PATTERNS[i]!.id, PATTERNS[i]!.name, pointsOf(i, rules.value), best[i]!));
    if (overLimit) break;
  }
  if (items.length === 0) items.push(CHICKEN_ITEM);
  const { payments, total } = zungJungPayoff(win, bestValue, rules.value.payoff_scheme);
  return ok({ id: win.id, fan: bestValue, flowerFan: 0, items, total, payments });
}
