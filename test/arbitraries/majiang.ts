// Converts count arrays to @kobalab/majiang-core hands, for tests and benchmarks that use it as an oracle.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The parts of majiang-core we call (it ships no types). */
export interface MajiangShoupai {
  readonly _bingpai: Record<string, number[]>;
}
export interface MajiangCore {
  Shoupai: { fromString(text: string): MajiangShoupai };
  Util: {
    xiangting(hand: MajiangShoupai): number;
    xiangting_yiban(hand: MajiangShoupai): number;
    xiangting_qidui(hand: MajiangShoupai): number;
    xiangting_guoshi(hand: MajiangShoupai): number;
    tingpai(hand: MajiangShoupai): string[] | null;
  };
}

export const Majiang = require('@kobalab/majiang-core') as MajiangCore;

const SUIT_LETTERS = ['m', 'p', 's', 'z'];

/**
 * majiang-core's string for concealed counts plus `meldCount` placeholder pons (majiang-core counts melds
 * for shanten but never looks inside them): `m123p456s789z11,z555=`.
 */
export function toMajiangString(counts: Uint8Array, meldCount: number): string {
  let text = '';
  for (let suit = 0; suit < 4; suit++) {
    let digits = '';
    const base = suit * 9;
    const size = suit === 3 ? 7 : 9;
    for (let n = 0; n < size; n++) digits += String(n + 1).repeat(counts[base + n]!);
    if (digits) text += SUIT_LETTERS[suit] + digits;
  }
  for (let m = 0; m < meldCount; m++) text += ',z555=';
  return text;
}

/** Kind index (0-33) of a majiang-core tile name like `m5` or `z7`. */
export function fromMajiangTile(name: string): number {
  const suit = SUIT_LETTERS.indexOf(name[0]!);
  const n = Number(name[1]);
  return suit * 9 + (n === 0 ? 5 : n) - 1;
}

export const toMajiang = (counts: Uint8Array, meldCount: number): MajiangShoupai =>
  Majiang.Shoupai.fromString(toMajiangString(counts, meldCount));
