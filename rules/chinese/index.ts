// The Chinese family's presets for `score` (FORMAT-chinese.md): each preset's hand size and scorer, one registry.
import { fail, type Result } from '../result.js';
import { isRecord } from '../score-input.js';
import { parseChineseInput, type ChineseInputOptions, type ChineseWin } from './input.js';
import { scoreMcr, type McrOutput } from './mcr/score.js';
import { scoreHongKong, type HongKongOutput } from './hong-kong/score.js';
import { scoreVietnamese, vietnameseWilds } from './vietnamese/score.js';
import { scoreZungJung, type ZungJungOutput } from './zung-jung/score.js';

import { scoreXiamen, xiamenPlayedKinds, type XiamenOutput } from './xiamen/score.js';

/** The output of a Chinese preset (a new preset adds its own here). */
export type ChineseScoreOutput = McrOutput | ZungJungOutput | HongKongOutput | XiamenOutput;

interface ChinesePreset {
  readonly input: ChineseInputOptions;
  readonly score: (win: ChineseWin) => Result<ChineseScoreOutput>;
}

/** Every Chinese preset by name: the only list. */
export const CHINESE_PRESETS: Readonly<Record<string, ChinesePreset>> = {
  mcr: { input: { handSets: 4 }, score: scoreMcr },
  'zung-jung': { input: { handSets: 4 }, score: scoreZungJung },
  'hong-kong': { input: { handSets: 4 }, score: scoreHongKong },
  vietnamese: { input: { handSets: 4, wilds: vietnameseWilds, bonusWinTile: true }, score: scoreVietnamese },
  xiamen: {
    input: { handSets: 5, winTileOptional: true, playedKinds: xiamenPlayedKinds },
    score: (win) => scoreXiamen(win, 'xiamen'),
  },
  quanzhou: {
    input: { handSets: 5, winTileOptional: true, playedKinds: xiamenPlayedKinds },
    score: (win) => scoreXiamen(win, 'quanzhou'),
  },
};

/** A record of a Chinese preset (its `preset` names one of CHINESE_PRESETS). */
export interface ChineseScoreInput {
  readonly preset: 'mcr' | 'zung-jung' | 'hong-kong' | 'vietnamese' | 'xiamen' | 'quanzhou';
  readonly [field: string]: unknown;
}

/** Whether the record names a Chinese preset (then `scoreChineseWin` scores it). */
export const isChineseRecord = (raw: unknown): boolean =>
  isRecord(raw) && typeof raw.preset === 'string' && Object.hasOwn(CHINESE_PRESETS, raw.preset);

/**
 * Scores one record of a Chinese preset (FORMAT-chinese.md): checks it (input.ts), then the preset's scorer.
 * Errors: those of parseChineseInput, `unknown_preset`, and the scorer's (`not_a_win`, `below_minimum`, ...).
 */
export function scoreChineseWin(raw: unknown): Result<ChineseScoreOutput> {
  if (!isRecord(raw) || typeof raw.preset !== 'string' || !Object.hasOwn(CHINESE_PRESETS, raw.preset))
    return fail(
      'unknown_preset',
      `no Chinese preset ${JSON.stringify(isRecord(raw) ? raw.preset : raw)} (known: ${Object.keys(CHINESE_PRESETS).join(', ')})`,
    );
  const preset = CHINESE_PRESETS[raw.preset]!;
  const win = parseChineseInput(raw, preset.input);
  return win.ok ? preset.score(win.value) : win;
}
