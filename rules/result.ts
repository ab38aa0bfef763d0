// Expected failures as values with stable codes; exceptions are kept for broken invariants.

/** Stable error codes. Add new codes here; never rename one (logs and the CLI print them). */
export type RuleErrorCode =
  | 'bad_tile'
  | 'too_many_copies'
  | 'bad_red_five'
  | 'bad_hand_size'
  | 'bad_meld'
  | 'bad_input'
  | 'not_a_win'
  | 'no_yaku'
  /** A complete hand below the preset's minimum (MCR: 8 points without flowers). */
  | 'below_minimum'
  | 'below_mangan'
  | 'furiten'
  | 'not_tenpai'
  | 'unknown_preset'
  /** A winKind the engine does not know (Xiamen/Quanzhou); a known kind the hand cannot be is `not_a_win`. */
  | 'bad_win_kind'
  /** A rule behind an option that is off (e.g. Tenpai Race Stage B, unsourced). */
  | 'rule_disabled';

export interface RuleError {
  readonly ok: false;
  readonly code: RuleErrorCode;
  readonly message: string;
}

export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

export type Result<T> = Ok<T> | RuleError;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

export const fail = (code: RuleErrorCode, message: string): RuleError => ({ ok: false, code, message });

/** Unwraps a result or throws with its code: for fixtures and constants, never for user input. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new Error(`${result.code}: ${result.message}`);
}
