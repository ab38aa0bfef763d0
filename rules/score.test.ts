// scoreWin / scoreHand: every error code, the options the corpus does not exercise, and the reading choice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRules, PRESETS, type RuleOptions } from './options.js';
import { unwrap } from './result.js';
import { scoreHand, type ScoredHand } from './score.js';
import { scoreWin } from './score-win.js';
import { parseScoreInput } from './score-input.js';

/** A plain non-dealer ron in the East round, no riichi, no dora, no red fives. */
const base = { id: 't', melds: [], tsumo: false, seatWind: 2, roundWind: 1, redFivesEnabled: false };

const codeOf = (input: unknown): string => {
  const result = scoreWin(input);
  return result.ok ? 'ok' : result.code;
};

/** Scores through the typed API with options the JSON input cannot express. */
function scoreWith(
  input: Record<string, unknown>,
  preset: 'tenhou' | 'club',
  override: Partial<RuleOptions> = {},
): ReturnType<typeof scoreHand> {
  const parsed = unwrap(parseScoreInput({ ...base, ...input }));
  return scoreHand(
    parsed.win,
    makeRules(preset, { redFives: input.redFivesEnabled ? '3' : 'none', ...override }),
  );
}
const scored = (
  input: Record<string, unknown>,
  preset: 'tenhou' | 'club',
  override: Partial<RuleOptions> = {},
): ScoredHand => unwrap(scoreWith(input, preset, override));
const names = (hand: ScoredHand): string[] => hand.yaku.map((y) => y.name);

describe('error codes', () => {
  const win = { ...base, closedTiles: '234m567p234678s5m', winTile: '5m', riichi: true };
  it('scores the reference hand', () => expect(codeOf(win)).toBe('ok'));
  it('bad_tile: an unknown suit letter, a digit out of range, a winning tile that is not one tile', () => {
    expect(codeOf({ ...win, closedTiles: '8x' })).toBe('bad_tile');
    expect(codeOf({ ...win, closedTiles: '234m567p234678s8z' })).toBe('bad_tile');
    expect(codeOf({ ...win, winTile: '55m' })).toBe('bad_tile');
    expect(codeOf({ ...win, doraIndicators: ['9q'] })).toBe('bad_tile');
  });
  it('too_many_copies: five of a kind in one string, or across concealed tiles, melds and the winning tile', () => {
    expect(codeOf({ ...win, closedTiles: '11111m567p234678s' })).toBe('too_many_copies');
    expect(
      codeOf({
        ...base,
        closedTiles: '1112m567p234s',
        melds: [{ type: 'pon', tiles: '111m' }],
        winTile: '2m',
      }),
    ).toBe('too_many_copies');
    expect(
      codeOf({ ...base, closedTiles: '111m567p234678s5m', winTile: '1m', riichi: true, melds: [] }),
    ).not.toBe('too_many_copies');
    expect(codeOf({ ...base, closedTiles: '1111m67p234678s5m', winTile: '1m' })).toBe('too_many_copies');
  });
  it('bad_red_five: a red honour, or more red fives of a suit than a set holds', () => {
    expect(codeOf({ ...win, closedTiles: '234m567p234678s0z' })).toBe('bad_red_five');
    expect(codeOf({ ...base, closedTiles: '0234m567p234678s', melds: [], winTile: '0m' })).toBe(
      'bad_red_five',
    );
    // Two red 0p: a `4` set has them, the tenhou `3` set does not.
    const twoRedPins = { closedTiles: '234m00567p23467s', winTile: '8s' };
    expect(codeOf({ ...base, ...twoRedPins, redFivesEnabled: true })).toBe('bad_red_five');
    expect(scored(twoRedPins, 'tenhou', { redFives: '4' }).yaku).toContainEqual({
      id: 'D2',
      name: 'aka dora',
      han: 2,
    });
  });
  it('bad_hand_size: concealed tiles that do not match the melds', () => {
    expect(codeOf({ ...win, closedTiles: '234m567p234678s' })).toBe('bad_hand_size');
    expect(codeOf({ ...win, riichi: false, melds: [{ type: 'chi', tiles: '234m' }] })).toBe('bad_hand_size');
  });
  it('bad_meld: a chi that is not a run, a pon of different kinds, a kan of 3 tiles, unknown types and tiles', () => {
    const hand = { ...base, closedTiles: '567p234678s5m', winTile: '5m' };
    expect(codeOf({ ...hand, melds: [{ type: 'chi', tiles: '135m' }] })).toBe('bad_meld');
    expect(
      codeOf({
        ...hand,
        melds: [
          { type: 'chi', tiles: '789m' },
          { type: 'chi', tiles: '891m' },
        ],
      }),
    ).toBe('bad_meld');
    expect(codeOf({ ...hand, melds: [{ type: 'chi', tiles: '12z3z' }] })).toBe('bad_meld');
    expect(codeOf({ ...hand, melds: [{ type: 'pon', tiles: '123m' }] })).toBe('bad_meld');
    expect(codeOf({ ...hand, melds: [{ type: 'minkan', tiles: '111m' }] })).toBe('bad_meld');
    expect(codeOf({ ...hand, melds: [{ type: 'ankan', tiles: '1111m', calledTile: '1m' }] })).toBe(
      'bad_meld',
    );
    expect(codeOf({ ...hand, melds: [{ type: 'chi', tiles: '234m', calledTile: '5m' }] })).toBe('bad_meld');
    expect(codeOf({ ...hand, melds: [{ type: 'chi', tiles: '234m', from: 2 }] })).toBe('bad_meld');
    expect(codeOf({ ...hand, melds: [{ type: 'pon', tiles: '222m', addedTile: '2m' }] })).toBe('bad_meld');
    expect(codeOf({ ...hand, melds: [{ type: 'pung', tiles: '222m' }] })).toBe('bad_meld');
    expect(codeOf({ ...hand, melds: ['222m'] })).toBe('bad_meld');
  });
  it('bad_input: missing or mistyped fields and contradictory flags', () => {
    expect(codeOf('not an object')).toBe('bad_input');
    expect(codeOf({ ...win, tsumo: undefined })).toBe('bad_input');
    expect(codeOf({ ...win, seatWind: 5 })).toBe('bad_input');
    expect(codeOf({ ...win, honba: -1 })).toBe('bad_input');
    expect(codeOf({ ...win, riichi: 'yes' })).toBe('bad_input');
    expect(codeOf({ ...win, rules: { openTanyao: 1 } })).toBe('bad_input');
    expect(codeOf({ ...win, dealer: true })).toBe('bad_input'); // a South seat is not the dealer
    expect(codeOf({ ...win, riichi: false, ippatsu: true })).toBe('bad_input');
    expect(codeOf({ ...win, riichi: false, doubleRiichi: true })).toBe('bad_input');
    expect(codeOf({ ...win, haitei: true })).toBe('bad_input'); // haitei is a tsumo
    expect(codeOf({ ...win, tsumo: true, houtei: true })).toBe('bad_input');
    expect(codeOf({ ...win, tsumo: true, rinshan: true })).toBe('bad_input'); // no kan
    expect(codeOf({ ...win, tsumo: true, chankan: true })).toBe('bad_input');
    expect(codeOf({ ...win, tenhou: true })).toBe('bad_input');
    expect(
      codeOf({
        ...base,
        closedTiles: '567p234678s5m',
        melds: [{ type: 'chi', tiles: '234m' }],
        winTile: '5m',
        riichi: true,
      }),
    ).toBe('bad_input');
  });
  it('not_a_win: no complete shape', () => {
    expect(codeOf({ ...win, winTile: '9m' })).toBe('not_a_win');
  });
  it('no_yaku: complete, but nothing but the shape (dora do not help)', () => {
    const bare = { ...base, closedTiles: '12399m456p13789s', winTile: '2s', doraIndicators: ['8m'] };
    expect(codeOf(bare)).toBe('no_yaku');
    expect(codeOf({ ...bare, riichi: true })).toBe('ok');
  });
  it('unknown_preset', () => {
    expect(codeOf({ ...win, preset: 'nope' })).toBe('unknown_preset');
    expect(codeOf({ ...win, preset: 'club' })).toBe('ok');
    expect(codeOf({ ...win, preset: 'seed' })).toBe('ok');
  });
  it('errors are values with a message naming the problem, never exceptions', () => {
    const result = scoreWin({
      ...base,
      closedTiles: '567p234678s5m',
      melds: [{ type: 'pon', tiles: '123m' }],
      winTile: '5m',
    });
    expect(result).toMatchObject({ ok: false, code: 'bad_meld' });
    if (!result.ok) expect(result.message).toContain('123m');
  });
});

describe('options', () => {
  it('the presets: tenhou, club and its alias seed', () => {
    expect(PRESETS.seed).toBe(PRESETS.club);
    expect(makeRules('tenhou').redFives).toBe('3');
    expect(makeRules('club', { kiriage: true }).kiriage).toBe(true);
    expect(() => makeRules('nope' as 'tenhou')).toThrow(/unknown_preset/);
  });

  it('daisharin (club) is a yakuman; under tenhou the same tiles are pinfu, ryanpeikou, tanyao, chinitsu', () => {
    const chariot = { closedTiles: '2233445566778p', winTile: '8p', riichi: false };
    const club = scored(chariot, 'club');
    expect(names(club)).toEqual(['daisharin']);
    expect(club.points).toEqual({ ron: 32000 });
    const tenhou = scored(chariot, 'tenhou');
    expect(new Set(names(tenhou))).toEqual(new Set(['pinfu', 'tanyao', 'ryanpeikou', 'chinitsu']));
    expect(tenhou.limit).toBe('sanbaiman');
  });

  it('renhou (club): a flat mangan that replaces a lower value but not a higher one (11.4, A9)', () => {
    const cheap = scored({ closedTiles: '234m567p234678s5m', winTile: '5m', renhou: true }, 'club');
    expect(cheap.yaku).toEqual([{ id: 'Y29', name: 'renhou', han: 5 }]);
    expect(cheap.points).toEqual({ ron: 8000 });
    // Without any other yaku renhou still wins.
    expect(scored({ closedTiles: '12399m456p13789s', winTile: '2s', renhou: true }, 'club').limit).toBe(
      'mangan',
    );
    const rich = scored({ closedTiles: '2233445566778p', winTile: '8p', renhou: true }, 'club', {
      daisharin: false,
    });
    expect(rich.limit).toBe('sanbaiman');
    expect(names(rich)).not.toContain('renhou');
    expect(codeOf({ ...base, closedTiles: '12399m456p13789s', winTile: '2s', renhou: true })).toBe('no_yaku'); // tenhou: off
    const yakuman = scored({ closedTiles: '12399m456p13789s', winTile: '2s', renhou: true }, 'club', {
      renhou: 'yakuman',
    });
    expect(yakuman.yaku).toEqual([{ id: 'Y29', name: 'renhou', yakuman: 1 }]);
  });

  it('paarenchan (club): the eighth dealer win is a yakuman when the hand has a yaku of its own', () => {
    const dealer = { seatWind: 1, dealer: true, dealerStreak: 8 };
    expect(
      names(scored({ ...dealer, closedTiles: '234m567p234678s5m', winTile: '5m', riichi: true }, 'club')),
    ).toEqual(['paarenchan']);
    expect(scoreWith({ ...dealer, closedTiles: '12399m456p13789s', winTile: '2s' }, 'club')).toMatchObject({
      ok: false,
      code: 'no_yaku',
    });
    expect(
      names(
        scored(
          { ...dealer, dealerStreak: 7, closedTiles: '234m567p234678s5m', winTile: '5m', riichi: true },
          'club',
        ),
      ),
    ).toContain('riichi');
    expect(
      scored({ ...dealer, closedTiles: '234m567p234678s5m', winTile: '5m', riichi: true }, 'tenhou').yakuman,
    ).toBe(0);
  });

  it('allGreenNeedsHatsu', () => {
    const green = { closedTiles: '2233444466688s', winTile: '8s' };
    expect(names(scored(green, 'tenhou'))).toEqual(['ryuuiisou']);
    expect(names(scored(green, 'tenhou', { allGreenNeedsHatsu: true }))).not.toContain('ryuuiisou');
  });

  it('yakumanStacking and yakumanCap', () => {
    // tsuuiisou + daisangen (an open East pon keeps suuankou out).
    const hand = { closedTiles: '2555666777z', melds: [{ type: 'pon', tiles: '111z' }], winTile: '2z' };
    expect(scored(hand, 'tenhou').yakuman).toBe(2);
    expect(scored(hand, 'tenhou', { yakumanStacking: false }).yakuman).toBe(1);
    expect(scored(hand, 'tenhou', { yakumanCap: 1 }).yakuman).toBe(1);
  });

  it('kazoe sanbaiman caps 13+ han at sanbaiman; kiriage rounds 4/30 up', () => {
    const big = {
      closedTiles: '2233445567878m',
      winTile: '9m',
      riichi: true,
      ippatsu: true,
      doraIndicators: ['7m', '6m'],
      seatWind: 1,
    };
    expect(scored(big, 'tenhou').limit).toBe('kazoe yakuman');
    expect(scored(big, 'tenhou', { kazoe: 'sanbaiman' })).toMatchObject({
      limit: 'sanbaiman',
      points: { ron: 36000 },
    });
    const w14 = { closedTiles: '223344m56788p34s', winTile: '5s', riichi: true };
    expect(scored(w14, 'tenhou').points).toEqual({ ron: 7700 });
    expect(scored(w14, 'tenhou', { kiriage: true })).toMatchObject({
      limit: 'mangan',
      points: { ron: 8000 },
    });
  });

  it('red fives count only when enabled', () => {
    const red = { closedTiles: '234m067p234678s5m', winTile: '5m', riichi: true };
    expect(names(scored(red, 'tenhou'))).not.toContain('aka dora');
    expect(names(scored({ ...red, redFivesEnabled: true }, 'tenhou'))).toContain('aka dora');
    const json = unwrap(scoreWin({ ...base, ...red, redFivesEnabled: true }));
    expect(json.yaku).toContainEqual({ name: 'aka dora', han: 1 });
  });

  it('ura dora only for a riichi winner, and only when ≥ 1', () => {
    const hand = { closedTiles: '234m567p234678s5m', winTile: '5m', uraIndicators: ['4m'] };
    expect(names(scored({ ...hand, riichi: true }, 'tenhou'))).toContain('ura dora');
    expect(names(scored({ ...hand, riichi: true, uraIndicators: ['9p'] }, 'tenhou'))).not.toContain(
      'ura dora',
    );
    expect(codeOf({ ...base, ...hand, riichi: false })).toBe('ok');
    expect(names(scored({ ...hand, riichi: false, melds: [], tsumo: true }, 'tenhou'))).not.toContain(
      'ura dora',
    );
  });
});

describe('choosing the interpretation (riichi.md 12)', () => {
  it('2344m: the two-sided reading with pinfu beats the single wait', () => {
    const hand = scored({ closedTiles: '2344m567p234678s', winTile: '4m', riichi: true }, 'tenhou');
    expect(hand.points).toEqual({ ron: 3900 });
    expect(hand.placement.shape).toBe('ryanmen');
  });
  it('11223344556677m reads as ryanpeikou, not seven pairs', () => {
    const hand = scored({ closedTiles: '1122334455667m', winTile: '7m' }, 'tenhou');
    expect(new Set(names(hand))).toEqual(new Set(['pinfu', 'ryanpeikou', 'chinitsu']));
    expect(hand.decomposition.shape).toBe('standard');
  });
  it('111222333m + pair: triplets (sanankou) or sequences, whichever pays more', () => {
    const tsumo = scored({ closedTiles: '111222333m45p99s', winTile: '6p', tsumo: true }, 'tenhou');
    expect(names(tsumo)).toContain('sanankou');
  });
  it('payments include honba and deposits (W25)', () => {
    const hand = scored(
      { closedTiles: '13m456678p55999s', winTile: '2m', riichi: true, honba: 2, riichiSticks: 2 },
      'tenhou',
    );
    expect(hand.payments).toEqual({ ron: 1900, honba: 600, deposits: 2000, total: 3900 });
  });
});

describe('invalid input always yields an error value', () => {
  const codes = [
    'bad_tile',
    'too_many_copies',
    'bad_red_five',
    'bad_hand_size',
    'bad_meld',
    'bad_input',
    'not_a_win',
    'no_yaku',
    'unknown_preset',
  ];
  const valid = {
    ...base,
    closedTiles: '234m567p234678s5m',
    melds: [],
    winTile: '5m',
    riichi: true,
    doraIndicators: ['1m'],
  };
  const junk = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer({ min: -5, max: 40 }),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 }),
    fc.record({
      type: fc.constantFrom('chi', 'pon', 'minkan', 'ankan', 'kakan', 'x'),
      tiles: fc.string({ maxLength: 8 }),
    }),
    fc.stringMatching(/^[0-9]{1,14}[mpsz]$/),
  );
  const field = fc.constantFrom(...Object.keys(valid), 'preset', 'rules', 'melds', 'uraIndicators');
  it('never throws; failures carry a known code and a message', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(field, junk), { minLength: 1, maxLength: 4 }), (changes) => {
        const input: Record<string, unknown> = { ...valid };
        for (const [key, value] of changes) input[key] = value;
        const result = scoreWin(input);
        if (!result.ok) {
          expect(codes).toContain(result.code);
          expect(result.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 5000 },
    );
  });
});
