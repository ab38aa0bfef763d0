// The plain Xiamen win the scoring tests vary field by field, the helpers that score a variation, and a plain discard situation.
import { unwrap, type Result, type RuleError } from '../../result.js';
import { scoreWin } from '../../score-win.js';
import type { DiscardSituation } from './game.js';
import type { XiamenOutput } from './score.js';

/**
 * South self-draws 123m 456m 789m 234p 555s 99s (the 9s drawn); the gold indicator is East (the golds are
 * East winds, none held). Flowers 1 (the closed suit pung 555s): East pays (2 + 1) × 2 = 6, the others 4.
 */
export const PLAIN_WIN: Readonly<Record<string, unknown>> = Object.freeze({
  preset: 'xiamen',
  id: 'plain',
  closedTiles: '123456789m234p555s9s',
  melds: [],
  winTile: '9s',
  tsumo: true,
  seatWind: 2,
  roundWind: 1,
  flowers: [],
  goldIndicator: '1z',
  bankerRun: 0,
  winKind: 'selfDrawn',
});

/** The plain win with `fields` changed (and `rules` when given), scored. */
export const scoreVariation = (
  fields: Record<string, unknown>,
  rules?: Record<string, unknown>,
): Result<XiamenOutput> =>
  scoreWin({ ...PLAIN_WIN, ...fields, ...(rules ? { rules } : {}) }) as unknown as Result<XiamenOutput>;

/** The scored variation; throws with the error when it is refused. */
export const scored = (fields: Record<string, unknown>, rules?: Record<string, unknown>): XiamenOutput =>
  unwrap(scoreVariation(fields, rules));

/** The refusal of a variation; throws when it scores. */
export function refused(fields: Record<string, unknown>, rules?: Record<string, unknown>): RuleError {
  const result = scoreVariation(fields, rules);
  if (result.ok) throw new Error(`scored: ${JSON.stringify(result.value)}`);
  return result;
}

/** A discard with nothing that restricts winning on or claiming it. */
export const NOTHING_SPECIAL: DiscardSituation = Object.freeze({
  discardIsGold: false,
  holdsGold: false,
  ownGoldRound: false,
  othersFloatRound: false,
  passedOnThisKind: false,
  forfeited: false,
});
