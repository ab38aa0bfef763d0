// Each switch of xiamen.md §16 changes exactly what it says: the score (or the game-level answer) with and without it.
import { describe, expect, it } from 'vitest';
import { scoreWin } from '../../score-win.js';
import {
  bankerBaseOf,
  discardClaimRefusal,
  discardWinRefusal,
  forfeitsAfterGoldDiscard,
  mayDraw,
  newBanker,
  nextBanker,
  type DiscardSituation,
} from './game.js';
import { XIAMEN_PRESETS, type XiamenRules } from './rules.js';
import {
  NOTHING_SPECIAL,
  PLAIN_WIN as BASE,
  scoreVariation as run,
  scored as score,
} from './fixtures/records.js';

const XIAMEN = XIAMEN_PRESETS.xiamen;
const with_ = (changes: Partial<XiamenRules>): XiamenRules => ({ ...XIAMEN, ...changes });

/** The switches the score does not read (game level): a record scores the same with them flipped. */
const GAME_LEVEL = {
  banker_stays_on_draw: false,
  missed_claim_lock: true,
  false_float_penalty: true,
  others_win_during_float: false,
  dead_reserve: 14,
};

describe('xiamen.md §16 switches, one by one', () => {
  it('variant: the multiplier table and the wins that exist, nothing else', () => {
    const float = {
      closedTiles: '123456789m234p555s1z',
      winTile: '9s',
      winKind: 'goldFloat',
      flowers: ['1f', '2f', '3f', '4f'],
    };
    const xiamen = score(float);
    const asQuanzhou = score(float, { variant: 'quanzhou' });
    expect([xiamen.multiplier, asQuanzhou.multiplier]).toEqual([4, 3]);
    // Xiamen's other defaults stay: the set of four flowers still counts 8.
    expect(asQuanzhou.flowers).toBe(xiamen.flowers);
    expect(asQuanzhou.items).toEqual(xiamen.items);
    expect(
      run(
        { winKind: 'robbingGold', winTile: '1z', closedTiles: '123456789m234p555s' + '9s' },
        { variant: 'quanzhou' },
      ),
    ).toMatchObject({ ok: false, code: 'not_a_win' });
  });

  it('banker_base_initial: only the payments to and from East', () => {
    const plain = score({});
    const three = score({}, { banker_base_initial: 3 });
    expect(three.payments).toEqual({ ...plain.payments, 1: plain.payments['1']! + 2 });
  });

  it('nonbanker_base: only the payments between non-bankers', () => {
    const plain = score({});
    const two = score({}, { nonbanker_base: 2 });
    expect(two.payments).toEqual({
      1: plain.payments['1'],
      3: plain.payments['3']! + 2,
      4: plain.payments['4']! + 2,
    });
  });

  it('base_inflation_k: both bases times k, flowers unchanged', () => {
    const five = score({}, { base_inflation_k: 5 });
    expect(five.flowers).toBe(1);
    expect(five.payments).toEqual({ 1: (10 + 1) * 2, 3: (5 + 1) * 2, 4: (5 + 1) * 2 });
  });

  it('banker_base_progression: after two kept hands 8 (double), 4 (plus_one), 2 + the kept multipliers (plus_multiplier)', () => {
    const east = (rules: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      score({ bankerRun: 2, ...extra }, rules).payments['1'];
    expect(east({})).toBe((8 + 1) * 2);
    expect(east({ banker_base_progression: 'plus_one' })).toBe((4 + 1) * 2);
    expect(east({ banker_base_progression: 'plus_multiplier' }, { bankerMultipliers: [4, 0] })).toBe(
      (6 + 1) * 2,
    );
    expect(score({ bankerRun: 2 }, { banker_base_progression: 'plus_one' }).payments['3']).toBe(4);
  });

  it('banker_stays_on_draw: after a drawn hand the banker stays (base grows) or passes to his right', () => {
    const banker = newBanker(XIAMEN, 2);
    expect(nextBanker(XIAMEN, banker, { kind: 'draw' })).toEqual({ seat: 2, run: 1, base: 4 });
    expect(nextBanker(with_({ banker_stays_on_draw: false }), banker, { kind: 'draw' })).toEqual({
      seat: 3,
      run: 0,
      base: 2,
    });
    // A win is not a draw: the switch changes nothing there.
    for (const rules of [XIAMEN, with_({ banker_stays_on_draw: false })]) {
      expect(nextBanker(rules, banker, { kind: 'win', winner: 2, multiplier: 2 })).toEqual({
        seat: 2,
        run: 1,
        base: 4,
      });
      expect(nextBanker(rules, banker, { kind: 'win', winner: 0, multiplier: 2 })).toEqual({
        seat: 3,
        run: 0,
        base: 2,
      });
    }
  });

  it('restrict_common_win_with_gold: a gold holder wins no discard (common, earthly); robbing a kong and self-draws stay', () => {
    // One gold held (23p + gold), won on a discarded 9s.
    const common = {
      closedTiles: '123456789m23p555s9s1z',
      winTile: '9s',
      tsumo: false,
      discarder: 3,
      winKind: 'common',
    };
    expect(score(common).multiplier).toBe(1);
    expect(run(common, { restrict_common_win_with_gold: true })).toMatchObject({
      ok: false,
      code: 'not_a_win',
      message: expect.stringContaining('restrict_common_win_with_gold'),
    });
    const earthly = { ...common, discarder: 1, winKind: 'earthly' };
    expect(run(earthly, { restrict_common_win_with_gold: true })).toMatchObject({
      ok: false,
      code: 'not_a_win',
    });
    // 78s + the robbed 6s, the pair 9p + gold.
    const robbing = {
      ...common,
      closedTiles: '123456789m9p555s78s1z',
      winTile: '6s',
      winKind: 'robbingKong',
    };
    expect(score(robbing, { restrict_common_win_with_gold: true })).toEqual(score(robbing));
    const selfDrawn = { ...common, tsumo: true, discarder: undefined, winKind: 'selfDrawn' };
    expect(score(selfDrawn, { restrict_common_win_with_gold: true })).toEqual(score(selfDrawn));
    // Without a gold in hand the switch changes nothing.
    const noGold = { tsumo: false, discarder: 3, winKind: 'common' };
    expect(score(noGold, { restrict_common_win_with_gold: true })).toEqual(score(noGold));
  });

  it('missed_claim_lock: a tile passed on is locked for a win and for a pung until the next turn', () => {
    const passed: DiscardSituation = { ...NOTHING_SPECIAL, passedOnThisKind: true };
    expect(discardWinRefusal(XIAMEN, passed)).toBeNull();
    expect(discardClaimRefusal(XIAMEN, passed)).toBeNull();
    const locked = with_({ missed_claim_lock: true });
    expect(discardWinRefusal(locked, passed)).toContain('missed_claim_lock');
    expect(discardClaimRefusal(locked, passed)).toContain('missed_claim_lock');
    expect(discardWinRefusal(locked, { ...passed, passedOnThisKind: false })).toBeNull();
  });

  it('required_float: the holder of the three golds wins only by a knock, a float or a win paying at least a float', () => {
    // 123m 456m 789m 234p, 5s and the three golds, the drawn 9s.
    const three = { closedTiles: '123456789m234p5s111z' };
    expect(score({ ...three, winKind: 'selfDrawn' }).multiplier).toBe(2);
    expect(run({ ...three, winKind: 'selfDrawn' }, { required_float: true })).toMatchObject({
      ok: false,
      message: expect.stringContaining('required_float'),
    });
    const float = { closedTiles: '123456789m234p555s1z', winTile: '9s', winKind: 'goldFloat' };
    expect(score(float, { required_float: true })).toEqual(score(float));
    // Heavenly pays ×4 like a float: allowed; fewer than three golds: the switch changes nothing.
    const heavenly = {
      closedTiles: '123456789m234p5s9s111z',
      winTile: null,
      winKind: 'heavenly',
      seatWind: 1,
    };
    expect(score(heavenly, { required_float: true })).toEqual(score(heavenly));
    expect(score({}, { required_float: true })).toEqual(score({}));
  });

  it('false_float_penalty: discarding a gold without being float-ready forfeits the right to win', () => {
    expect(forfeitsAfterGoldDiscard(XIAMEN, false)).toBe(false);
    const strict = with_({ false_float_penalty: true });
    expect(forfeitsAfterGoldDiscard(strict, false)).toBe(true);
    expect(forfeitsAfterGoldDiscard(strict, true)).toBe(false);
  });

  it('others_win_during_float: another player may win on a discard during a float round, or not; sets are never claimed', () => {
    const during: DiscardSituation = { ...NOTHING_SPECIAL, othersFloatRound: true };
    expect(discardWinRefusal(XIAMEN, during)).toBeNull();
    expect(discardWinRefusal(with_({ others_win_during_float: false }), during)).toContain('float round');
    expect(discardClaimRefusal(XIAMEN, during)).toContain('float round');
    expect(discardClaimRefusal(with_({ others_win_during_float: false }), during)).toContain('float round');
  });

  it('three_gold_anytime: a knock during play on any turn, not only the last', () => {
    const knock = { closedTiles: '111z123456m2348p55s9s', winTile: '7p', winKind: 'threeGoldPlay' };
    expect(run(knock)).toMatchObject({ ok: false, code: 'not_a_win' });
    expect(score(knock, { three_gold_anytime: true })).toEqual(score({ ...knock, haitei: true }));
  });

  it('added_kong_scores_as_closed_pung: an added kong 3 → 2 (honor), 2 → 1 (suit); other kongs unchanged', () => {
    const melds = [
      { type: 'kakan', tiles: '3333z', calledTile: '3z', from: 1 },
      { type: 'kakan', tiles: '8888p', calledTile: '8p', from: 2 },
      { type: 'minkan', tiles: '4444z', calledTile: '4z', from: 2 },
    ];
    const hand = { closedTiles: '123m555s9s', melds };
    expect(score(hand).flowers).toBe(3 + 2 + 3 + 1);
    expect(score(hand, { added_kong_scores_as_closed_pung: true }).flowers).toBe(2 + 1 + 3 + 1);
  });

  it('open_pung_scores_as_closed: declared pungs and pungs completed by a discard', () => {
    const pons = {
      closedTiles: '123456789m9s',
      melds: [
        { type: 'pon', tiles: '222z', from: 2 },
        { type: 'pon', tiles: '777p', from: 1 },
      ],
      winTile: '9s',
    };
    expect(score(pons).flowers).toBe(1 + 0);
    expect(score(pons, { open_pung_scores_as_closed: true }).flowers).toBe(2 + 1);
    const shanpon = {
      closedTiles: '123456789m234p5599s',
      winTile: '5s',
      tsumo: false,
      discarder: 3,
      winKind: 'common',
    };
    expect(score(shanpon).flowers).toBe(0);
    expect(score(shanpon, { open_pung_scores_as_closed: true }).flowers).toBe(1);
  });

  it('set_of_four_bonus: a complete set of flowers or seasons 8 instead of 4; a partial set unchanged', () => {
    const all = { flowers: ['1f', '2f', '3f', '4f', '5f', '6f', '7f'] };
    expect(score(all).items.slice(0, 2)).toEqual([
      { name: 'Bonus tiles', flowers: 3 },
      { name: 'Four flowers', flowers: 8 },
    ]);
    expect(score(all, { set_of_four_bonus: false }).items[0]).toEqual({ name: 'Bonus tiles', flowers: 7 });
    expect(score(all, { set_of_four_bonus: false }).flowers).toBe(score(all).flowers - 4);
  });

  it('eight_bonus_instant_win: all eight bonus tiles win ×3, whatever the hand', () => {
    const eight = {
      winKind: 'eightBonus',
      closedTiles: '1z13579m12468p13579s',
      winTile: null,
      flowers: ['1f', '2f', '3f', '4f', '5f', '6f', '7f', '8f'],
    };
    expect(run(eight)).toMatchObject({ ok: false, code: 'not_a_win' });
    expect(score(eight, { eight_bonus_instant_win: true })).toMatchObject({ multiplier: 3, flowers: 16 + 1 });
    expect(run(eight, { eight_bonus_instant_win: false }) as unknown).toEqual(
      scoreWin({ ...BASE, ...eight, preset: 'xiamen' }),
    );
  });

  it('dead_reserve: draws stop when that many tiles remain', () => {
    expect([mayDraw(XIAMEN, 17), mayDraw(XIAMEN, 16)]).toEqual([true, false]);
    expect([mayDraw(with_({ dead_reserve: 14 }), 16), mayDraw(with_({ dead_reserve: 14 }), 14)]).toEqual([
      true,
      false,
    ]);
  });

  it('the game-level switches leave every score alone', () => {
    const float = { closedTiles: '123456789m234p555s1z', winTile: '9s', winKind: 'goldFloat' };
    for (const record of [{}, float, { tsumo: false, discarder: 3, winKind: 'common' }])
      expect(score(record, GAME_LEVEL)).toEqual(score(record));
  });

  it('plus_multiplier from the game: 2, self-draw ×2 → 4, gold float ×3 → 7 (§15.1)', () => {
    const rules = { ...XIAMEN_PRESETS.quanzhou, banker_base_progression: 'plus_multiplier' as const };
    let banker = newBanker(rules, 0);
    banker = nextBanker(rules, banker, { kind: 'win', winner: 0, multiplier: 2 });
    expect(banker.base).toBe(4);
    banker = nextBanker(rules, banker, { kind: 'win', winner: 0, multiplier: 3 });
    expect(banker).toEqual({ seat: 0, run: 2, base: 7 });
    expect(bankerBaseOf(rules, 2, [2, 3])).toBe(7);
    // A drawn hand the banker keeps adds nothing under plus_multiplier, 1 under plus_one.
    expect(nextBanker(rules, banker, { kind: 'draw' }).base).toBe(7);
    expect(
      nextBanker(XIAMEN_PRESETS.quanzhou, newBanker(XIAMEN_PRESETS.quanzhou, 1), { kind: 'draw' }).base,
    ).toBe(3);
  });
});
