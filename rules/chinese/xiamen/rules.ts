// Xiamen and Quanzhou options: the switches of xiamen.md §16, spelled as there, with each preset's defaults.
import { fail, ok, type Result } from '../../result.js';

export type XiamenVariant = 'xiamen' | 'quanzhou';
export type BankerBaseProgression = 'double' | 'plus_one' | 'plus_multiplier';

/** The switches of xiamen.md §16 (the record's `rules`, same spelling). */
export interface XiamenRules {
  /** Which multiplier table applies and which wins exist (§10, §15.5). */
  readonly variant: XiamenVariant;
  /** The banker base of a banker's first hand (§12.2): 2. */
  readonly banker_base_initial: number;
  /** The base between two non-bankers: 1. */
  readonly nonbanker_base: number;
  /** Inflated bases (§12.2 [Var]): both bases times k, e.g. 5 → 10 / 5. */
  readonly base_inflation_k: number;
  /** How the banker base grows per hand the banker keeps: ×2 (Xiamen), +1 or + his win's multiplier (Quanzhou, §15.1). */
  readonly banker_base_progression: BankerBaseProgression;
  /** The banker keeps the role after a drawn hand (§3 [Rec]); game level (game.ts), no effect on a score. */
  readonly banker_stays_on_draw: boolean;
  /** A player holding a gold may not win on a discard (§9.4 [Var]); robbing a kong stays allowed (Ambiguity 16). */
  readonly restrict_common_win_with_gold: boolean;
  /** A missed win or pung locks that tile until the player's next turn (§14); game level (game.ts). */
  readonly missed_claim_lock: boolean;
  /** A holder of the three golds wins only by a knock, a float or a win paying at least a float (§10.3 [Var]). */
  readonly required_float: boolean;
  /** Discarding a gold without being float-ready forfeits the right to win (§10.2 [Var]); game level (game.ts). */
  readonly false_float_penalty: boolean;
  /** Others may win on a discard during a float round (§10.2 [Var]); game level (game.ts). */
  readonly others_win_during_float: boolean;
  /** The three-gold knock during play is allowed on any turn, not only the last (§10.3 [Var]). */
  readonly three_gold_anytime: boolean;
  /** An added kong scores as a closed pung (honor 2, suit 1) instead of an open kong (§15.2). */
  readonly added_kong_scores_as_closed_pung: boolean;
  /** Every open pung scores as a closed pung (§15.3 [Var]). */
  readonly open_pung_scores_as_closed: boolean;
  /** A complete set of the four flowers or the four seasons counts 8 instead of 4 (§12.3). */
  readonly set_of_four_bonus: boolean;
  /** All eight bonus tiles win at once, ×3 (§15.6). */
  readonly eight_bonus_instant_win: boolean;
  /** Wall tiles never played (§8.6); game level (game.ts). */
  readonly dead_reserve: number;
}

const XIAMEN: XiamenRules = Object.freeze({
  variant: 'xiamen',
  banker_base_initial: 2,
  nonbanker_base: 1,
  base_inflation_k: 1,
  banker_base_progression: 'double',
  banker_stays_on_draw: true,
  restrict_common_win_with_gold: false,
  missed_claim_lock: false,
  required_float: false,
  false_float_penalty: false,
  others_win_during_float: true,
  three_gold_anytime: false,
  added_kong_scores_as_closed_pung: false,
  open_pung_scores_as_closed: false,
  set_of_four_bonus: true,
  eight_bonus_instant_win: false,
  dead_reserve: 16,
});

/** Each preset's defaults: Quanzhou is Xiamen with the changes of §15. */
export const XIAMEN_PRESETS: Readonly<Record<XiamenVariant, XiamenRules>> = Object.freeze({
  xiamen: XIAMEN,
  quanzhou: Object.freeze({
    ...XIAMEN,
    variant: 'quanzhou',
    banker_base_progression: 'plus_one',
    added_kong_scores_as_closed_pung: true,
    set_of_four_bonus: false,
    eight_bonus_instant_win: true,
  }),
});

type Kind = 'boolean' | 'count' | 'positive' | readonly string[];

/** How each switch is checked: a boolean, a whole number ≥ 0, a whole number ≥ 1, or one of the words. */
const SWITCHES: Readonly<Record<keyof XiamenRules, Kind>> = {
  variant: ['xiamen', 'quanzhou'],
  banker_base_initial: 'count',
  nonbanker_base: 'count',
  base_inflation_k: 'positive',
  banker_base_progression: ['double', 'plus_one', 'plus_multiplier'],
  banker_stays_on_draw: 'boolean',
  restrict_common_win_with_gold: 'boolean',
  missed_claim_lock: 'boolean',
  required_float: 'boolean',
  false_float_penalty: 'boolean',
  others_win_during_float: 'boolean',
  three_gold_anytime: 'boolean',
  added_kong_scores_as_closed_pung: 'boolean',
  open_pung_scores_as_closed: 'boolean',
  set_of_four_bonus: 'boolean',
  eight_bonus_instant_win: 'boolean',
  dead_reserve: 'count',
};

function problem(value: unknown, kind: Kind): string | null {
  if (kind === 'boolean') return typeof value === 'boolean' ? null : 'true or false';
  if (kind === 'count' || kind === 'positive') {
    const least = kind === 'count' ? 0 : 1;
    return typeof value === 'number' && Number.isInteger(value) && value >= least
      ? null
      : `a whole number ≥ ${least}`;
  }
  return typeof value === 'string' && kind.includes(value) ? null : `one of ${kind.join(', ')}`;
}

/**
 * The options of a record: the preset's defaults, each switch of `raw` (xiamen.md §16 spelling) over them.
 * Names that are not switches are ignored (as extra fields are). Errors: `bad_input` naming the switch.
 */
export function xiamenRulesOf(
  preset: XiamenVariant,
  raw: Readonly<Record<string, unknown>>,
): Result<XiamenRules> {
  const defaults = XIAMEN_PRESETS[preset];
  let rules: Record<string, unknown> | null = null;
  for (const name in raw) {
    if (!Object.hasOwn(SWITCHES, name)) continue;
    const value = raw[name];
    const wrong = problem(value, SWITCHES[name as keyof XiamenRules]);
    if (wrong !== null)
      return fail('bad_input', `rules.${name} must be ${wrong}, got ${JSON.stringify(value)}`);
    (rules ??= { ...defaults })[name] = value;
  }
  return ok((rules as XiamenRules | null) ?? defaults);
}
