// `scoreWin`: one win given as JSON (shared/data/FORMAT.md, `mahjong-table score`) scored under its preset's rules, variants included.
import {
  isChineseRecord,
  scoreChineseWin,
  type ChineseScoreInput,
  type ChineseScoreOutput,
} from './chinese/index.js';
import type { HandPoints, Limit, WinPayments } from './points.js';
import { fail, ok, type Result, type RuleError } from './result.js';
import { parseScoreInput, type ParsedInput, type ScoreInput } from './score-input.js';
import { scoreHand, scoreHandValue, type HandValue, type ScoredYaku } from './score.js';
// The variants' index: importing it registers every variant preset (tenpai-race and tournament included).
import {
  clearedConditions,
  scoreManganMahjongRecord,
  scoreMinefieldRecord,
  scoreSanmaWin,
  type MinefieldLimit,
} from './variants/index.js';
import { ORDINARY_YAKU } from './yaku/ordinary.js';

/** A scored yaku as `score` prints it: FORMAT.md's `{name, han}` or `{name, yakuman}`. */
export type OutputYaku =
  { readonly name: string; readonly han: number } | { readonly name: string; readonly yakuman: number };

/**
 * What a variant preset adds to the result (additive: FORMAT.md's fields keep their meaning, `points`, `total`
 * and `payments` saying what really moves under the variant).
 */
export type VariantResult =
  /** V1.3-V1.5: the floor was reached without under-dora; the loser pays ante × multiplier. */
  | {
      readonly preset: 'minefield';
      readonly reachesFloor: true;
      readonly hanWithoutUra: number | null;
      readonly ante: number;
      readonly multiplier: number;
      readonly payment: number;
    }
  /** V4.1 items 2-3: below mangan nothing moves; from mangan the losers pay and the points leave the game. */
  | { readonly preset: 'mangan'; readonly manganOrMore: boolean; readonly burned: number }
  /** V5.2: the conditions this win clears for the winner's team, as yaku names. */
  | { readonly preset: 'clear'; readonly cleared: readonly string[] };

/** The JSON result of `mahjong-table score` (issue 2): yaku without ids, han/fu null for yakuman. */
export interface ScoreOutput {
  readonly id: unknown;
  readonly han: number | null;
  readonly fu: number | null;
  readonly yaku: readonly OutputYaku[];
  readonly yakuman: number;
  readonly limit: Limit | MinefieldLimit | null;
  /** What the loser(s) pay, excluding honba. */
  readonly points: HandPoints;
  /** Winner's gain excluding honba and deposits. */
  readonly total: number;
  /** Including honba and deposits. */
  readonly payments: WinPayments;
  /** Variant presets only (minefield, mangan, clear). */
  readonly variant?: VariantResult;
}

/** How one preset turns a parsed record into a result. */
type PresetScoring = (input: ParsedInput) => Result<ScoreOutput>;

/** Output entries of the scorer's shared (frozen) yaku entries, made once each. */
const OUTPUT_YAKU = new Map<ScoredYaku, OutputYaku>();

const outputEntry = (y: ScoredYaku): OutputYaku =>
  'yakuman' in y ? { name: y.name, yakuman: y.yakuman } : { name: y.name, han: y.han };

/** The scored yaku without their ids (FORMAT.md), in order. */
function outputYaku(hand: HandValue): OutputYaku[] {
  const yaku = hand.yaku;
  const out = new Array<OutputYaku>(yaku.length);
  for (let i = 0; i < yaku.length; i++) {
    const y = yaku[i]!;
    let entry = OUTPUT_YAKU.get(y);
    if (entry === undefined) {
      entry = outputEntry(y);
      // Only the scorer's shared entries are kept (a handful): a fresh one is not seen again.
      if (Object.isFrozen(y)) OUTPUT_YAKU.set(y, Object.freeze(entry));
    }
    out[i] = entry;
  }
  return out;
}

/** FORMAT.md's result of a hand paid as the riichi rules pay it. */
const outputOf = (id: unknown, hand: HandValue): ScoreOutput => ({
  id,
  han: hand.han,
  fu: hand.fu,
  yaku: outputYaku(hand),
  yakuman: hand.yakuman,
  limit: hand.limit,
  points: hand.points,
  total: hand.total,
  payments: hand.payments,
});

/** The riichi rules of the preset, nothing on top (tenhou, club, tournament). */
const standard: PresetScoring = (input) => {
  const scored = scoreHandValue(input.win, input.options);
  return scored.ok ? ok(outputOf(input.id, scored.value)) : scored;
};

/** V1: the floor, the ante and its multiplier (rules/variants/minefield.ts `scoreMinefieldRecord`). */
const minefield: PresetScoring = (input) => {
  const red = noRedFives(input, 'Minefield plays without red fives (V1.1 item 1)');
  if (red) return red;
  const ante = input.ante ?? 1000;
  const won = scoreMinefieldRecord(input.win, ante, input.options);
  if (!won.ok) return won;
  const { scored, payout } = won.value;
  return ok({
    ...outputOf(input.id, scored),
    limit: won.value.limit,
    points: { ron: payout },
    total: payout,
    payments: { ron: payout, honba: 0, deposits: 0, total: payout },
    variant: {
      preset: 'minefield',
      reachesFloor: true,
      hanWithoutUra: won.value.hanWithoutUra,
      ante,
      multiplier: won.value.multiplier,
      payment: payout,
    },
  });
};

/** Every payer's amount set to 0: a Mangan Mahjong win below mangan moves nothing (V4.1 item 2). */
function nothingPaid(points: HandPoints): HandPoints {
  if (points.ron !== undefined) return { ron: 0 };
  return points.tsumoDealer !== undefined ? { tsumoDealer: 0, tsumoNonDealer: 0 } : { tsumoNonDealer: 0 };
}

/** V4: below mangan nothing moves; from mangan the losers pay and the winner gains nothing. */
const mangan: PresetScoring = (input) => {
  const won = scoreManganMahjongRecord(input.win, input.options);
  if (!won.ok) return won;
  const { scored, manganOrMore, burned } = won.value;
  const points = manganOrMore ? scored.points : nothingPaid(scored.points);
  return ok({
    ...outputOf(input.id, scored),
    points,
    total: 0,
    payments: { ...points, honba: 0, deposits: 0, total: 0 },
    variant: { preset: 'mangan', manganOrMore, burned },
  });
};

/** V3: 2m-8m removed, no chii, no North seat, north dora from `northCount`. */
const sanma: PresetScoring = (input) => {
  const scored = scoreSanmaWin({ ...input.win, northCount: input.northCount ?? 0 }, input.options);
  return scored.ok ? ok(outputOf(input.id, scored.value)) : scored;
};

const YAKU_NAME = new Map(ORDINARY_YAKU.map((unit) => [unit.id, unit.name]));

/** V5: the riichi rules, and the conditions the win clears. */
const clear: PresetScoring = (input) => {
  const scored = scoreHand(input.win, input.options);
  if (!scored.ok) return scored;
  const cleared = clearedConditions(scored.value.yaku).map((id) => YAKU_NAME.get(id)!);
  return ok({ ...outputOf(input.id, scored.value), variant: { preset: 'clear', cleared } });
};

/** V2: Stage A has no win at all and Stage B's scoring could not be sourced (V2.2 R1-R6). */
const tenpaiRace: PresetScoring = () =>
  fail(
    'rule_disabled',
    'Tenpai Race scores no hand: Stage A allows no win and the scoring of Stage B is unsourced (variants.md V2.2 R4)',
  );

/** V6.1 item 1: the riichi rules without red fives. */
const tournament: PresetScoring = (input) =>
  noRedFives(input, 'the tournament plays without red fives (V6.1 item 1)') ?? standard(input);

/** Refuses `redFivesEnabled: true` under a preset whose rules have no red fives. */
function noRedFives(input: ParsedInput, rule: string): RuleError | null {
  return input.options.redFives === 'none' ? null : fail('bad_input', `redFivesEnabled: ${rule}`);
}

/** The variant presets' scoring, by preset name; every other preset (tenhou, club, seed) is `standard`. */
const PRESET_SCORING: Readonly<Record<string, PresetScoring>> = {
  minefield,
  mangan,
  sanma,
  clear,
  'tenpai-race': tenpaiRace,
  tournament,
};

/** Fields of this format that only one preset has: given to another preset they are refused, not ignored. */
function presetFieldProblem(input: ParsedInput): RuleError | null {
  if (input.ante !== undefined && input.preset !== 'minefield')
    return fail('bad_input', `ante is Minefield's (V1.5); preset ${input.preset} has no ante`);
  if ((input.northCount ?? 0) > 0 && input.preset !== 'sanma')
    return fail(
      'bad_input',
      `northCount is Sanma's north dora (V3.2); preset ${input.preset} sets no North aside`,
    );
  return null;
}

/**
 * Scores one win given as JSON (shared/data/FORMAT.md fields; `preset` optional, default `tenhou`) under its
 * preset: the variant presets apply their own rules on top (PRESET_SCORING) and add `variant` to the result.
 * Errors: those of `parseScoreInput` and of `scoreHand`, and the variants' own (README "`score` and the variant
 * presets"). A record whose `preset` is a Chinese one is scored by rules/chinese/ in the format of
 * shared/data/FORMAT-chinese.md (give it a ChineseScoreInput to have that output's type).
 */
export function scoreWin(input: ChineseScoreInput): Result<ChineseScoreOutput>;
export function scoreWin(input: ScoreInput | unknown): Result<ScoreOutput>;
export function scoreWin(input: unknown): Result<ScoreOutput | ChineseScoreOutput> {
  if (isChineseRecord(input)) return scoreChineseWin(input);
  const parsed = parseScoreInput(input);
  if (!parsed.ok) return parsed;
  const problem = presetFieldProblem(parsed.value);
  if (problem !== null) return problem;
  const scoring = Object.hasOwn(PRESET_SCORING, parsed.value.preset)
    ? PRESET_SCORING[parsed.value.preset]!
    : standard;
  return scoring(parsed.value);
}
