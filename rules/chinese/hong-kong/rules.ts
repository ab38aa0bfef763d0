// Hong Kong Old Style's options (hong-kong.md §2-§4: the default profile and its switches), read from a record's `rules`.
import { fail, ok, type Result } from '../../result.js';

/** A value of the faan table that may be the limit instead of a number of faan. */
export type FaanOrLimit = number | 'limit';

/**
 * The table's settings, spelled as the record's `rules` spells them. HKOS has no single rulebook
 * (hong-kong.md): the defaults are the restatement's default profile, each alternative its "common alternatives".
 */
export interface HongKongRules {
  /** Fewest faan a win needs, bonus-tile faan not counted (§2; Ambiguity 3). */
  readonly minimum_faan: number;
  /** The limit: limit hands are paid at it and no hand is paid above it (§2; Ambiguity 4). */
  readonly limit_faan: number;
  /** Faan to base points (§3): `doubling` b(f) = 2^f; `tiered` 1, 2, 4, 8, 16 (4-6), 32 (7-9), 64 (limit). */
  readonly point_table: 'doubling' | 'tiered';
  /** §2.1 values and their alternatives. */
  readonly pure_one_suit: 6 | 7;
  readonly all_honors: 7 | 'limit';
  readonly small_three_dragons: 4 | 5;
  readonly big_three_dragons: 6 | 8 | 'limit';
  /** The limit, or 6-10 faan. */
  readonly small_four_winds: FaanOrLimit;
  /** 4 faan, or `off`: seven pairs is no winning hand. */
  readonly seven_pairs: 4 | 'off';
  /**
   * Ambiguity 6: "no bonus tiles" is a bonus-tile faan, left out of the minimum (`true`, the recommendation),
   * or an ordinary faan counted toward it (`false`).
   */
  readonly no_bonus_is_bonus_faan: boolean;
  /** All four flowers / all four seasons: `plus_one` (+1 on top of the own-tile faan) or `two_flat` (2 in all). */
  readonly bonus_set: 'plus_one' | 'two_flat';
  /** A win on a bonus tile's replacement: +1 (record field `bonusReplacement`), or 0 (not scored). */
  readonly bonus_replacement: 1 | 0;
  /** Jade / Ruby / Pearl Dragon (pungs of bamboo / characters / dots with the Green / Red / White pung) as limit hands. */
  readonly jade_dragons: boolean;
  /** Who pays (§4): `standard` (discarder 2b, others b; self-drawn 2b each) or `discarder_only` (the discarder pays all 4b). */
  readonly payment: 'standard' | 'discarder_only';
  /** East pays and receives double (§4 "Dealer double"). */
  readonly dealer_double: boolean;
  /**
   * §4 "Discarder pays for all": a winner showing three exposed sets of one suit who wins a one-suit hand of that
   * suit on a discard of that suit is paid 4b by the discarder alone.
   */
  readonly discarder_pays_all: boolean;
}

export const HONG_KONG_DEFAULTS: HongKongRules = {
  minimum_faan: 3,
  limit_faan: 10,
  point_table: 'doubling',
  pure_one_suit: 6,
  all_honors: 7,
  small_three_dragons: 4,
  big_three_dragons: 6,
  small_four_winds: 'limit',
  seven_pairs: 4,
  no_bonus_is_bonus_faan: true,
  bonus_set: 'plus_one',
  bonus_replacement: 1,
  jade_dragons: false,
  payment: 'standard',
  dealer_double: false,
  discarder_pays_all: false,
};

/** The values each option takes (numbers: an inclusive range). */
const CHOICES: Readonly<Record<keyof HongKongRules, readonly unknown[] | readonly [number, number]>> = {
  minimum_faan: [0, 13],
  limit_faan: [1, 30],
  point_table: ['doubling', 'tiered'],
  pure_one_suit: [6, 7],
  all_honors: [7, 'limit'],
  small_three_dragons: [4, 5],
  big_three_dragons: [6, 8, 'limit'],
  small_four_winds: ['limit', 6, 7, 8, 9, 10],
  seven_pairs: [4, 'off'],
  no_bonus_is_bonus_faan: [true, false],
  bonus_set: ['plus_one', 'two_flat'],
  bonus_replacement: [1, 0],
  jade_dragons: [false, true],
  payment: ['standard', 'discarder_only'],
  dealer_double: [false, true],
  discarder_pays_all: [false, true],
};
const RANGES = new Set<keyof HongKongRules>(['minimum_faan', 'limit_faan']);

/**
 * The options of a record's `rules` over the defaults. `extra` lists option names another preset built on this
 * one reads itself (Vietnamese). Errors: `bad_input` naming the option and what it takes.
 */
export function hongKongRulesOf(
  raw: Readonly<Record<string, unknown>>,
  extra: readonly string[] = [],
): Result<HongKongRules> {
  const rules: Record<string, unknown> = { ...HONG_KONG_DEFAULTS };
  for (const [name, value] of Object.entries(raw)) {
    if (extra.includes(name)) continue;
    if (!Object.hasOwn(CHOICES, name))
      return fail(
        'bad_input',
        `rules.${name} is no Hong Kong option (known: ${[...Object.keys(CHOICES), ...extra].join(', ')})`,
      );
    const key = name as keyof HongKongRules;
    const choices = CHOICES[key];
    const fits = RANGES.has(key)
      ? typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= (choices[0] as number) &&
        value <= (choices[1] as number)
      : (choices as readonly unknown[]).includes(value);
    if (!fits)
      return fail(
        'bad_input',
        `rules.${name} must be ${RANGES.has(key) ? `a whole number ${choices[0]}-${choices[1]}` : choices.map((c) => JSON.stringify(c)).join(' or ')}, got ${JSON.stringify(value)}`,
      );
    rules[name] = value;
  }
  if ((rules.minimum_faan as number) > (rules.limit_faan as number))
    return fail(
      'bad_input',
      `rules.minimum_faan ${String(rules.minimum_faan)} is above rules.limit_faan ${String(rules.limit_faan)}`,
    );
  return ok(rules as unknown as HongKongRules);
}

/** Base points b(f) for f faan (§3); f at or above the limit is the limit. Example: doubling, 3 faan → 8. */
export function basePoints(faan: number, rules: HongKongRules): number {
  const f = Math.min(faan, rules.limit_faan);
  if (rules.point_table === 'doubling') return 2 ** f;
  if (f >= rules.limit_faan) return 64;
  return f <= 3 ? 2 ** f : f <= 6 ? 16 : 32;
}
