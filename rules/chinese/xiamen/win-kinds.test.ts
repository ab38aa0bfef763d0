// Each Xiamen/Quanzhou win kind: its multiplier when the hand can be that win, and not_a_win with the reason when it cannot; White Dragons, golds and the coded input errors.
import { describe, expect, it } from 'vitest';
import { refused as refusal, scored as score } from './fixtures/records.js';

const onDiscard = { tsumo: false, discarder: 3, winKind: 'common' };
/** On a 4p: the winner holds none (the other three were the robbed kong). */
const ROB = { ...onDiscard, closedTiles: '123456789m23p555s99s', winTile: '4p' };

describe('win kinds and their multipliers (xiamen.md §10, §15.5)', () => {
  it('common ×1 on a discard, self-drawn ×2, robbing a kong ×2', () => {
    expect(score(onDiscard)).toMatchObject({ multiplier: 1, flowers: 1, payments: { 1: 3, 3: 2, 4: 2 } });
    expect(score({})).toMatchObject({ multiplier: 2, payments: { 1: 6, 3: 4, 4: 4 }, total: 14 });
    expect(score({ ...ROB, winKind: 'robbingKong', chankan: true }).multiplier).toBe(2);
  });

  it('a discarded gold is never won on: not a common win, not an earthly one, not a robbed kong', () => {
    const gold = { ...ROB, goldIndicator: '4p' }; // the winning 4p is a gold
    for (const winKind of ['common', 'earthly', 'robbingKong'])
      expect(refusal({ ...gold, winKind, discarder: 1 })).toMatchObject({
        code: 'not_a_win',
        message: expect.stringContaining('discarded gold'),
      });
    // Self-drawn, the same gold completes 23p as a wild.
    expect(score({ ...gold, tsumo: true, discarder: undefined, winKind: 'selfDrawn' })).toMatchObject({
      multiplier: 2,
      items: [
        { name: 'Gold tiles', flowers: 1 },
        { name: 'Closed suit pung', flowers: 1 },
      ],
    });
  });

  it('robbing a kong: the robbed kong holds the other three copies, so the winner holds none', () => {
    expect(
      refusal({ ...onDiscard, winKind: 'robbingKong', closedTiles: '123456789m234p55s99s', winTile: '5s' }),
    ).toMatchObject({ code: 'not_a_win', message: expect.stringContaining('robbed kong') });
  });

  it('a pung completed by the winning discard is open; closed when the tile can sit in a run or the pair instead', () => {
    // 55s + 99s waiting: the discarded 5s makes an open suit pung (0), self-drawn a closed one (1).
    const shanpon = { closedTiles: '123456789m234p5599s', winTile: '5s' };
    expect(score({ ...shanpon, ...onDiscard }).flowers).toBe(0);
    expect(score(shanpon).flowers).toBe(1);
    // 333p 45p: the discarded 3p completes the run 345p, the pung 333p stays closed.
    expect(score({ ...onDiscard, closedTiles: '123456789m33345p99s', winTile: '3p' })).toMatchObject({
      flowers: 1,
    });
    // An honor pung completed by a discard: open honor pung 1.
    expect(score({ ...onDiscard, closedTiles: '123456789m234p99s22z', winTile: '2z' }).items).toEqual([
      { name: 'Open honor pung', flowers: 1 },
    ]);
  });

  it('three-gold knock during play ×3 on the last turn (haitei); after the deal ×4 (Quanzhou ×3 both)', () => {
    const knock = { closedTiles: '111z123456m2348p55s9s', winTile: '7p', winKind: 'threeGoldPlay' };
    expect(refusal(knock)).toMatchObject({
      code: 'not_a_win',
      message: expect.stringContaining('last turn'),
    });
    expect(score({ ...knock, haitei: true })).toMatchObject({
      multiplier: 3,
      flowers: 3,
      items: [{ name: 'Gold tiles', flowers: 3 }],
    });
    const deal = { closedTiles: '111z123456m2348p55s9s', winTile: null, winKind: 'threeGoldDeal' };
    expect(score(deal).multiplier).toBe(4);
    expect(score({ ...deal, preset: 'quanzhou' }).multiplier).toBe(3);
    expect(score({ ...knock, haitei: true, preset: 'quanzhou' }).multiplier).toBe(3);
    expect(refusal({ ...deal, closedTiles: '11z123456m23478p55s9s' })).toMatchObject({
      code: 'not_a_win',
      message: expect.stringContaining('three golds'),
    });
    // The banker knocks with his 17 tiles; a non-banker holds 16.
    expect(score({ ...deal, seatWind: 1, closedTiles: '111z123456m23478p55s9s' }).payments).toEqual({
      2: 20,
      3: 20,
      4: 20,
    });
    expect(refusal({ ...deal, closedTiles: '111z123456m23478p55s9s' }).code).toBe('bad_hand_size');
    expect(
      refusal({
        ...deal,
        closedTiles: '111z123456m234p9s',
        melds: [{ type: 'pon', tiles: '555s', from: 2 }],
      }),
    ).toMatchObject({ code: 'not_a_win', message: expect.stringContaining('melds') });
  });

  it('a knock scores bonus tiles, the golds and declared sets only (§12.6)', () => {
    const knock = {
      closedTiles: '111z456m234p55s9s7p',
      melds: [{ type: 'pon', tiles: '222z', calledTile: '2z', from: 2 }],
      winTile: '8m',
      winKind: 'threeGoldPlay',
      haitei: true,
      flowers: ['1f'],
    };
    expect(score(knock).items).toEqual([
      { name: 'Bonus tiles', flowers: 1 },
      { name: 'Gold tiles', flowers: 3 },
      { name: 'Open honor pung', flowers: 1 },
    ]);
  });

  describe('floats', () => {
    // 123m 456m 789m 234p 555s and a lone gold (East): float-ready; the drawn 9s pairs with the gold.
    const ready = { closedTiles: '123456789m234p555s1z', winTile: '9s' };

    it('gold float ×4, double ×8, triple ×12 (Quanzhou ×3, ×6, ×9)', () => {
      for (const [winKind, xiamen, quanzhou] of [
        ['goldFloat', 4, 3],
        ['doubleFloat', 8, 6],
        ['tripleFloat', 12, 9],
      ] as const) {
        expect(score({ ...ready, winKind }).multiplier).toBe(xiamen);
        expect(score({ ...ready, winKind, preset: 'quanzhou' }).multiplier).toBe(quanzhou);
      }
    });

    it('a drawn gold pairs with the lone gold', () => {
      expect(score({ ...ready, winTile: '1z', winKind: 'goldFloat' })).toMatchObject({
        items: [
          { name: 'Gold tiles', flowers: 2 },
          { name: 'Closed suit pung', flowers: 1 },
        ],
      });
    });

    it('not float-ready: the gold sits in a set and the drawn tile pairs with an ordinary tile', () => {
      expect(
        refusal({ closedTiles: '123456789m23p5559s1z', winTile: '9s', winKind: 'goldFloat' }),
      ).toMatchObject({
        code: 'not_a_win',
        message: expect.stringContaining('float-ready'),
      });
      expect(
        refusal({ closedTiles: '123456789m234p5559s', winTile: '9s', winKind: 'goldFloat' }).message,
      ).toContain('lone gold');
    });

    it('a double float discarded a gold, a triple float two: the winner holds at most two, one', () => {
      const three = { closedTiles: '123456789m2p555s111z', winTile: '9s' }; // 2p + two golds, lone gold
      expect(score({ ...three, winKind: 'goldFloat' }).multiplier).toBe(4);
      expect(refusal({ ...three, winKind: 'doubleFloat' }).message).toContain('at most 2');
      const two = { closedTiles: '123456789m23p555s11z', winTile: '9s' };
      expect(score({ ...two, winKind: 'doubleFloat' }).multiplier).toBe(8);
      expect(refusal({ ...two, winKind: 'tripleFloat' }).message).toContain('at most 1');
    });

    it('a float is won on a wall tile only (tsumo)', () => {
      expect(refusal({ ...ready, winKind: 'goldFloat', tsumo: false, discarder: 3 }).code).toBe('bad_input');
    });
  });

  describe('the opening wins', () => {
    it('robbing the gold ×4: the indicator itself, ordinary, makes the hand; a pung with it is closed (Xiamen only)', () => {
      // Indicator 5s: the two Whites play as 5s, the robbed 5s makes their pung.
      const rob = {
        closedTiles: '123456789m234p99s55z',
        winTile: '5s',
        goldIndicator: '5s',
        winKind: 'robbingGold',
      };
      expect(score(rob)).toMatchObject({
        multiplier: 4,
        flowers: 1,
        items: [{ name: 'Closed suit pung', flowers: 1 }],
      });
      expect(refusal({ ...rob, winTile: '9s' }).message).toContain('gold indicator');
      expect(refusal({ ...rob, preset: 'quanzhou' })).toMatchObject({
        code: 'not_a_win',
        message: expect.stringContaining('Quanzhou has no such win'),
      });
    });

    it('heavenly ×4: the banker’s 17 dealt tiles (Xiamen only)', () => {
      const heaven = {
        closedTiles: '123456789m234p555s99s',
        winTile: null,
        winKind: 'heavenly',
        seatWind: 1,
      };
      expect(score(heaven)).toMatchObject({ multiplier: 4, payments: { 2: 12, 3: 12, 4: 12 } });
      expect(refusal({ ...heaven, seatWind: 2 }).message).toContain('banker');
      expect(refusal({ ...heaven, preset: 'quanzhou' }).code).toBe('not_a_win');
    });

    it('earthly ×4 on the banker’s first discard (Quanzhou: a common win ×1, Ambiguity 13)', () => {
      const earth = { ...onDiscard, discarder: 1, winKind: 'earthly' };
      expect(score(earth).multiplier).toBe(4);
      expect(score({ ...earth, preset: 'quanzhou' }).multiplier).toBe(1);
      expect(refusal({ ...earth, discarder: 3 }).message).toContain('first discard');
      expect(
        refusal({
          ...earth,
          melds: [{ type: 'pon', tiles: '555s', from: 2 }],
          closedTiles: '123456789m234p9s',
        }).message,
      ).toContain('melds');
    });
  });

  it('the eight-bonus win ×3 (Quanzhou; Xiamen only with eight_bonus_instant_win)', () => {
    const eight = {
      preset: 'quanzhou',
      winKind: 'eightBonus',
      closedTiles: '1z13579m12468p13579s',
      winTile: null,
      flowers: ['1f', '2f', '3f', '4f', '5f', '6f', '7f', '8f'],
    };
    // Quanzhou: no set-of-four bonus, 8 bonus tiles + 1 gold.
    expect(score(eight)).toMatchObject({ multiplier: 3, flowers: 9 });
    expect(refusal({ ...eight, flowers: ['1f', '2f', '3f', '4f', '5f', '6f', '7f'] }).message).toContain(
      'eight',
    );
    expect(refusal({ ...eight, preset: 'xiamen' }).message).toContain('eight_bonus_instant_win');
  });

  it('no five sets and a pair: not_a_win', () => {
    expect(refusal({ closedTiles: '123456789m234p5568s', winTile: '9s' })).toMatchObject({
      code: 'not_a_win',
      message: expect.stringContaining('five sets and a pair'),
    });
  });
});

describe('White Dragons and golds (xiamen.md §6)', () => {
  it('White plays as the indicator’s face: in a concealed run and in a chow', () => {
    // Indicator 8p: White is an ordinary 8p; 7p White 9p is a run.
    const hand = { goldIndicator: '8p', closedTiles: '123456789m7p9p555s5z9s' };
    expect(score(hand).flowers).toBe(1);
    const chow = { type: 'chi', tiles: '7p5z9p', calledTile: '5z', from: 3 };
    expect(score({ goldIndicator: '8p', closedTiles: '123456789m555s9s', melds: [chow] }).flowers).toBe(1);
    // Without the substitution the chow is no run.
    expect(refusal({ goldIndicator: '1z', closedTiles: '123456789m555s9s', melds: [chow] }).code).toBe(
      'bad_meld',
    );
  });

  it('White as an honor face scores honor sets; White as the indicator is gold', () => {
    const pon = { type: 'pon', tiles: '555z', calledTile: '5z', from: 2 };
    // Indicator East: the White pung is an East pung, open honor pung 1.
    expect(score({ closedTiles: '123456789m234p9s', melds: [pon], goldIndicator: '1z' }).items).toEqual([
      { name: 'Open honor pung', flowers: 1 },
    ]);
    // Indicator 7s: the White pung is a 7s pung, open suit pung 0.
    expect(score({ closedTiles: '123456789m234p9s', melds: [pon], goldIndicator: '7s' }).flowers).toBe(0);
    // Indicator White: the other Whites are golds (wild).
    expect(score({ goldIndicator: '5z', closedTiles: '123456789m234p789s5z', winTile: '9s' }).items).toEqual([
      { name: 'Gold tiles', flowers: 1 },
    ]);
  });

  it('the engine chooses what each gold stands for: three golds as a closed honor pung', () => {
    // 123m 456m 789m 234p 99s + three golds: best as a closed honor pung (2), not a run or a suit pung.
    expect(score({ closedTiles: '123456789m234p9s111z', winTile: '9s' }).items).toEqual([
      { name: 'Gold tiles', flowers: 3 },
      { name: 'Closed honor pung', flowers: 2 },
    ]);
  });
});

describe('coded input errors', () => {
  it.each([
    [{ winKind: 'tsumo' }, 'bad_win_kind'],
    [{ winKind: undefined }, 'bad_win_kind'],
    [{ goldIndicator: undefined }, 'bad_input'],
    [{ goldIndicator: '3f' }, 'bad_tile'],
    [{ goldIndicator: '0p' }, 'bad_red_five'],
    [{ goldIndicator: 'x' }, 'bad_tile'],
    [{ tsumo: false, discarder: 3 }, 'bad_input'],
    [{ dealer: true }, 'bad_input'],
    [{ bankerRun: -1 }, 'bad_input'],
    [{ bankerRun: 1.5 }, 'bad_input'],
    [{ bankerRun: 1e9 }, 'bad_input'],
    [{ bankerRun: 60 }, 'bad_input'],
    [{ rules: { base_inflation_k: 1e300 } }, 'bad_input'],
    [{ rules: { base_inflation_k: 0 } }, 'bad_input'],
    [{ rules: { banker_base_progression: 'triple' } }, 'bad_input'],
    [{ rules: { set_of_four_bonus: 'yes' } }, 'bad_input'],
    [{ rules: { banker_base_progression: 'plus_multiplier' }, bankerRun: 1 }, 'bad_input'],
    [{ winTile: null }, 'bad_input'],
    [{ closedTiles: '123456789m234p55s9s' }, 'bad_hand_size'],
    [{ closedTiles: '123456789m234p5555s', winTile: '5s' }, 'too_many_copies'],
    [{ flowers: ['1f', '1f'] }, 'too_many_copies'],
    [{ chankan: true }, 'bad_input'],
    // Golds in a meld: a pung of East with East the indicator, of White with White the indicator.
    [{ closedTiles: '123456789m234p9s', melds: [{ type: 'pon', tiles: '111z', from: 2 }] }, 'bad_meld'],
    [
      {
        closedTiles: '123456789m234p9s',
        melds: [{ type: 'pon', tiles: '555z', from: 2 }],
        goldIndicator: '5z',
      },
      'bad_meld',
    ],
  ])('%j → %s', (fields, code) => {
    expect(refusal(fields).code).toBe(code);
  });
});
