// A false win (xiamen.md §11 [Rec]): the offender pays each player what that player would have paid him, from bonus tiles, golds and declared sets only.
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../result.js';
import { CHINESE_PRESETS } from '../index.js';
import { parseChineseInput } from '../input.js';
import { scoreXiamen, xiamenFalseWinPenalty, type XiamenOutput } from './score.js';
import type { XiamenVariant } from './rules.js';
import { PLAIN_WIN } from './fixtures/records.js';
import workedExamples from './fixtures/worked-examples.json' with { type: 'json' };

const penalty = (record: Record<string, unknown>, preset: XiamenVariant = 'xiamen') => {
  const win = unwrap(parseChineseInput(record, CHINESE_PRESETS[preset]!.input));
  return { penalty: xiamenFalseWinPenalty(win, preset), score: scoreXiamen(win, preset) };
};
const paid = (result: ReturnType<typeof penalty>['penalty']): XiamenOutput => unwrap(result);

describe('xiamenFalseWinPenalty', () => {
  it('Example 1 declared falsely: bonus tiles and the gold count, concealed sets do not; E receives (2 + 3) × 1, W and S (1 + 3) × 1', () => {
    const example1 = workedExamples.find((e) => e.in.id === 'xiamen-13-example-1')!.in;
    const { penalty: result } = penalty(example1);
    expect(paid(result)).toEqual({
      id: 'xiamen-13-example-1',
      flowers: 3,
      multiplier: 1,
      items: [
        { name: 'Bonus tiles', flowers: 2 },
        { name: 'Gold tiles', flowers: 1 },
      ],
      payments: { '1': 5, '2': 4, '3': 4 },
      total: 13,
    });
  });

  it('declared sets score (a concealed kong 4), with the banker base of the run and the claimed multiplier', () => {
    const record = {
      ...PLAIN_WIN,
      closedTiles: '123456789m234p9s',
      melds: [{ type: 'ankan', tiles: '7777z' }],
      bankerRun: 1,
    };
    const { penalty: result } = penalty(record);
    // Banker base 4 after one kept hand; self-draw ×2.
    expect(paid(result)).toMatchObject({
      flowers: 4,
      multiplier: 2,
      payments: { '1': 16, '3': 10, '4': 10 },
      total: 36,
    });
  });

  it('needs no winning shape: a hand that is no win still pays, where scoreXiamen answers not_a_win', () => {
    const record = { ...PLAIN_WIN, closedTiles: '1479m2588p369s23467z', winTile: '6z', flowers: ['5f'] };
    const { penalty: result, score } = penalty(record);
    expect(score).toMatchObject({ ok: false, code: 'not_a_win' });
    expect(paid(result)).toMatchObject({
      flowers: 1,
      multiplier: 2,
      payments: { '1': 6, '3': 4, '4': 4 },
      total: 14,
    });
  });

  it('on a real win it pays less than the win by the concealed set points only', () => {
    const { penalty: result, score } = penalty(PLAIN_WIN);
    expect(unwrap(score).flowers).toBe(1); // the closed suit pung 555s
    expect(paid(result)).toMatchObject({ flowers: 0, payments: { '1': 4, '3': 2, '4': 2 }, total: 8 });
  });

  it('refuses, as coded values, a win the variant has not and an unknown win kind', () => {
    expect(
      penalty({ ...PLAIN_WIN, preset: 'quanzhou', winKind: 'heavenly', seatWind: 1 }, 'quanzhou').penalty,
    ).toMatchObject({
      ok: false,
      code: 'not_a_win',
    });
    expect(penalty({ ...PLAIN_WIN, winKind: 'bigWin' }).penalty).toMatchObject({
      ok: false,
      code: 'bad_win_kind',
    });
  });
});
