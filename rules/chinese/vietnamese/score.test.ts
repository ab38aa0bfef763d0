// Vietnamese through scoreWin (seed 003 on the Hong Kong faan base): jokers, kings and queens, a win on a discarded bonus tile or joker, the unsourced rules refused, and properties: a hand with jokers placed anywhere always scores, and scores the best of every joker assignment (brute force).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomMcrWin } from '../../../test/arbitraries/mcr-wins.js';
import { withRandomJokers } from '../../../test/arbitraries/vietnamese-wins.js';
import {
  codeOf,
  itemIds as ids,
  scored as value,
  scoreRecord as score,
} from '../../../test/chinese-worked-examples.js';
import { mulberry32 } from '../../../test/differential/generate.js';
import { formatTiles, plainTile, tilesOf } from '../../tiles.js';
import type { HongKongOutput } from '../hong-kong/score.js';
import { jokerRange, type JokerName } from './jokers.js';

/** Concealed all chows with a plain pair, West wins on South's discard (hong-kong.md §4.1 example 1's shape). */
const hand = {
  preset: 'vietnamese',
  id: 'v',
  closedTiles: '123m456m789p23s55p',
  melds: [],
  winTile: '4s',
  tsumo: false,
  discarder: 2,
  seatWind: 3,
  roundWind: 1,
  rules: { minimum_faan: 0 },
};

describe('Vietnamese (seed 003) on the Hong Kong base', () => {
  it('scores a hand without jokers as Hong Kong Old Style does', () => {
    const hk = value({ ...hand, preset: 'hong-kong' });
    expect(value(hand)).toEqual(hk);
  });

  it('"The Bamboo Joker is treated as any bamboo tile": 123m456m789p 3s+joker 55p wins on 4s', () => {
    const out = value({ ...hand, closedTiles: '123m456m789p3s55p', jokers: ['bamboo'] });
    expect(ids(out)).toEqual(['concealed', 'all-chows', 'no-bonus-tiles']);
  });

  it('"The Dragon Joker is treated as any dragon tile": it cannot stand for a 2s', () => {
    expect(codeOf({ ...hand, closedTiles: '123m456m789p3s55p', jokers: ['dragon'] })).toBe('not_a_win');
    // As a dragon it makes the pung of Red: dragon pung 1.
    const red = { ...hand, closedTiles: '123m456m789p7z55p', winTile: '7z', jokers: ['dragon'] };
    expect(ids(value(red))).toContain('dragon-pung');
  });

  it('picks the joker assignment worth most: an Emperor Joker as the 9m that makes Nine Gates (limit)', () => {
    const nineGates = value({ ...hand, closedTiles: '1112345678999m', winTile: '5m' });
    expect(ids(nineGates)).toEqual(['nine-gates']);
    const joker = value({ ...hand, closedTiles: '111234567899m', winTile: '5m', jokers: ['emperor'] });
    expect(joker).toEqual(nineGates);
  });

  it('"that player may treat your bonus tile as her winning tile": a win on a discarded 3f or Flower Joker', () => {
    const natural = value(hand);
    expect(value({ ...hand, winTile: '3f' })).toEqual(natural);
    expect(value({ ...hand, winTile: undefined, winJoker: 'flower' })).toEqual(natural);
    // Only as another player's discard.
    expect(codeOf({ ...hand, winTile: '3f', tsumo: true, discarder: undefined })).toBe('not_a_win');
  });

  it('"Discarded Joker tiles can be used ... for another player to declare a win": a Wind Joker on a wind wait', () => {
    const windWait = { ...hand, closedTiles: '123m456m789p55p11z', winTile: undefined, winJoker: 'wind' };
    expect(ids(value(windWait))).toContain('prevailing-wind'); // as East: the prevailing wind's pung
  });

  it('"Discarded Joker tiles can be used to create open melds": a melded joker plays a meld tile, not a natural copy', () => {
    const meld = {
      type: 'pon',
      tiles: '555p',
      calledTile: '5p',
      from: 1,
      jokers: [{ joker: 'dots', tile: '5p' }],
    };
    const record = { ...hand, closedTiles: '123m456m55p78s', melds: [meld], winTile: '9s' };
    // Two natural 5p in the pung and two in the pair: four copies.
    expect(ids(value(record))).toEqual(['no-bonus-tiles']);
    const { jokers: _, ...natural } = meld;
    expect(codeOf({ ...record, melds: [natural] })).toBe('too_many_copies');
    // One Dots Joker in an 8-joker set: not in the meld and in the hand.
    expect(codeOf({ ...record, closedTiles: '123m456m5p78s', jokers: ['dots'] })).toBe('too_many_copies');
    const wrong = { ...meld, jokers: [{ joker: 'wind', tile: '5p' }] };
    expect(codeOf({ ...record, melds: [wrong] })).toBe('bad_meld');
    expect(codeOf({ ...record, melds: [{ ...meld, jokers: [{ joker: 'dots', tile: '6p' }] }] })).toBe(
      'bad_meld',
    );
  });

  it('"The Flower Joker is treated as any bonus tile (which would usually be your own)": laid out as 3f, West\'s own flower', () => {
    const out = value({ ...hand, bonusJokers: [{ joker: 'flower', tile: '3f' }] });
    expect(ids(out)).toEqual(['concealed', 'all-chows', 'own-flower']);
    expect(out.flowerFan).toBe(1);
    const both = {
      ...hand,
      bonusJokers: [
        { joker: 'flower', tile: '3f' },
        { joker: 'emperor', tile: '7f' },
      ],
    };
    expect(ids(value(both))).toEqual(['concealed', 'all-chows', 'own-flower', 'own-season']);
    expect(codeOf({ ...hand, flowers: ['3f'], bonusJokers: [{ joker: 'flower', tile: '3f' }] })).toBe(
      'too_many_copies',
    );
    expect(codeOf({ ...hand, bonusJokers: [{ joker: 'flower', tile: '3m' }] })).toBe('bad_tile');
    const twice = {
      ...hand,
      closedTiles: '123m456m789p3s55p',
      jokers: ['emperor'],
      bonusJokers: [{ joker: 'emperor', tile: '1f' }],
    };
    expect(codeOf(twice)).toBe('too_many_copies');
  });

  it('kings and queens are bonus tiles: no "no bonus tiles" faan, none of their own', () => {
    const out = value({ ...hand, kingsQueens: 2 });
    expect(ids(out)).not.toContain('no-bonus-tiles');
    expect(out.flowerFan).toBe(0);
    expect(codeOf({ ...hand, kingsQueens: 9 })).toBe('bad_input');
  });

  it('answers coded errors: unknown joker, two of one joker in an 8-joker set, a Flower Joker held, No Flowers No Leaves played', () => {
    expect(codeOf({ ...hand, closedTiles: '123m456m789p3s55p', jokers: ['season'] })).toBe('bad_tile');
    const two = { ...hand, closedTiles: '123m456m789p55p', winTile: '4s', jokers: ['bamboo', 'bamboo'] };
    expect(codeOf(two)).toBe('too_many_copies');
    expect(codeOf({ ...two, rules: { minimum_faan: 0, joker_set: 24 } })).toBe('ok');
    expect(codeOf({ ...hand, closedTiles: '123m456m789p3s55p', jokers: ['flower'] })).toBe('not_a_win');
    expect(codeOf({ ...hand, rules: { no_flowers_no_leaves: 'played' } })).toBe('rule_disabled');
    expect(
      codeOf({
        ...hand,
        closedTiles: '123m456m789p3s55p',
        jokers: ['bamboo'],
        rules: { minimum_faan: 0, no_flowers_no_leaves: 'played' },
      }),
    ).toBe('ok');
    expect(codeOf({ ...hand, rules: { joker_set: 16 } })).toBe('bad_input');
    expect(codeOf({ ...hand, winJoker: 'wind' })).toBe('bad_input'); // beside winTile
  });
});

/** A random complete hand and the same hand with up to `n` of its tiles turned into jokers. */
function withJokers(
  seed: number,
  n: number,
): { natural: Record<string, unknown>; jokered: Record<string, unknown> } | null {
  const next = mulberry32(seed);
  const record = randomMcrWin(next);
  if (record === null) return null;
  const natural = { ...record, preset: 'vietnamese', flowers: [], rules: { minimum_faan: 0 } };
  return { natural, jokered: withRandomJokers(natural, next, n) };
}

describe('Vietnamese properties', () => {
  it('a hand of random sets and a pair with jokers placed anywhere always scores, never below the natural hand', () => {
    let jokered = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 4 }), (seed, n) => {
        const pair = withJokers(seed, n);
        if (pair === null) return;
        const natural = score(pair.natural);
        if (!natural.ok) return; // the generator's own contradictions (flags) are refused the same way
        const result = score(pair.jokered);
        expect(result.ok ? 'ok' : `${result.code}: ${result.message}`).toBe('ok');
        if (!result.ok) return;
        if ((pair.jokered.jokers as string[]).length > 0 || 'winJoker' in pair.jokered) jokered++;
        // Replacing a joker by the tile it stood for never raises the score.
        expect((result.value as HongKongOutput).total).toBeGreaterThanOrEqual(
          (natural.value as HongKongOutput).total,
        );
      }),
      { numRuns: 600 },
    );
    expect(jokered).toBeGreaterThan(300);
  });

  it('pays the best joker assignment: brute force over every tile each of up to two jokers may stand for', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 2 }), (seed, n) => {
        const pair = withJokers(seed, n);
        if (pair === null) return;
        const result = score(pair.jokered);
        if (!result.ok) return;
        const record = pair.jokered;
        const jokers = record.jokers as JokerName[];
        const winJoker = (record.winJoker as JokerName | undefined) ?? null;
        const slots = [...jokers, ...(winJoker === null ? [] : [winJoker])];
        if (slots.length === 0) return;
        let best = -1;
        const choose = (i: number, kinds: number[]): void => {
          if (i === slots.length) {
            const held = kinds.slice(0, jokers.length).map((k) => plainTile(k));
            const closed = tilesOf(record.closedTiles as string);
            const natural = {
              ...record,
              jokers: [],
              winJoker: undefined,
              closedTiles: formatTiles([...closed, ...held].sort((a, b) => a - b)),
              winTile: winJoker === null ? record.winTile : formatTiles([plainTile(kinds[jokers.length]!)]),
            };
            const r = score(natural);
            if (r.ok) best = Math.max(best, (r.value as HongKongOutput).total);
            return;
          }
          const range = jokerRange(slots[i]!, false);
          for (let k = 0; k < 34; k++) if (range[k]) choose(i + 1, [...kinds, k]);
        };
        choose(0, []);
        checked++;
        expect((result.value as HongKongOutput).total).toBe(best);
      }),
      { numRuns: 120 },
    );
    expect(checked).toBeGreaterThan(60);
  });
});
