// Melds and hand validation: specific error values, and agreement with scoreHand's fused checks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meldKind, validateHand, validateMeld, type Meld, type MeldType } from './hand.js';
import { makeRules } from './options.js';
import { scoreHand } from './score.js';
import { tileOfText, tilesOf, type Tile } from './tiles.js';

const meld = (type: MeldType, tiles: string, extra: Partial<Meld> = {}): Meld => ({
  type,
  tiles: tilesOf(tiles),
  ...extra,
});
const codeOf = (m: Meld): string => {
  const result = validateMeld(m);
  return result.ok ? 'ok' : result.code;
};

describe('validateMeld', () => {
  it('accepts every meld type in its shape', () => {
    expect(codeOf(meld('chi', '406m', { calledTile: tileOfText('4m'), from: 3 }))).toBe('ok');
    expect(codeOf(meld('chi', '798s'))).toBe('ok');
    expect(codeOf(meld('pon', '555z', { calledTile: tileOfText('5z'), from: 2 }))).toBe('ok');
    expect(codeOf(meld('minkan', '5505p', { calledTile: tileOfText('0p'), from: 1 }))).toBe('ok');
    expect(codeOf(meld('ankan', '9999m'))).toBe('ok');
    expect(
      codeOf(meld('kakan', '1111z', { calledTile: tileOfText('1z'), addedTile: tileOfText('1z'), from: 2 })),
    ).toBe('ok');
  });
  it('bad_meld: a chi that is not a run, across suits or of honours', () => {
    expect(codeOf(meld('chi', '135m'))).toBe('bad_meld');
    expect(codeOf(meld('chi', '89m1p'))).toBe('bad_meld');
    expect(codeOf(meld('chi', '123z'))).toBe('bad_meld');
    expect(codeOf(meld('chi', '112m'))).toBe('bad_meld');
    expect(codeOf(meld('chi', '123m', { from: 1 }))).toBe('bad_meld');
  });
  it('bad_meld: a pon of different kinds, a kan of 3 tiles or of different kinds, wrong sizes', () => {
    expect(codeOf(meld('pon', '123m'))).toBe('bad_meld');
    expect(codeOf(meld('pon', '1111m'))).toBe('bad_meld');
    expect(codeOf(meld('minkan', '111m'))).toBe('bad_meld');
    expect(codeOf(meld('ankan', '1112m'))).toBe('bad_meld');
    expect(codeOf(meld('kakan', '11m11p'))).toBe('bad_meld');
  });
  it('bad_meld: called and added tiles that are not in the set or not allowed for the type', () => {
    expect(codeOf(meld('pon', '222m', { calledTile: tileOfText('3m') }))).toBe('bad_meld');
    expect(codeOf(meld('ankan', '2222m', { calledTile: tileOfText('2m') }))).toBe('bad_meld');
    expect(codeOf(meld('ankan', '2222m', { from: 2 }))).toBe('bad_meld');
    expect(codeOf(meld('minkan', '2222m', { addedTile: tileOfText('2m') }))).toBe('bad_meld');
    expect(codeOf(meld('kakan', '2222m', { addedTile: tileOfText('3m') }))).toBe('bad_meld');
    expect(codeOf({ type: 'pung' as MeldType, tiles: tilesOf('222m') })).toBe('bad_meld');
  });
  it('meldKind is the lowest kind', () => {
    expect(meldKind(meld('chi', '798s'))).toBe(24);
    expect(meldKind(meld('ankan', '9999m'))).toBe(8);
  });
});

describe('validateHand', () => {
  const hand = (closed: string, win: string, melds: Meld[] = []) => ({
    closedTiles: tilesOf(closed),
    melds,
    winTile: tileOfText(win),
  });
  it('accepts a full hand and reports each problem with its code', () => {
    expect(validateHand(hand('234m567p234678s5m', '5m')).ok).toBe(true);
    expect(validateHand(hand('234m567p234678s', '5m'))).toMatchObject({ ok: false, code: 'bad_hand_size' });
    expect(validateHand(hand('1111m67p234678s5m', '1m'))).toMatchObject({
      ok: false,
      code: 'too_many_copies',
    });
    expect(validateHand(hand('111m67p234678s5m', '1m', [meld('pon', '123m')]))).toMatchObject({
      ok: false,
      code: 'bad_meld',
    });
    expect(validateHand(hand('0234m567p234678s', '0m'))).toMatchObject({ ok: false, code: 'bad_red_five' });
    expect(validateHand(hand('234m00567p23467s', '8s')).ok).toBe(true);
    expect(validateHand(hand('234m00567p23467s', '8s'), '3')).toMatchObject({
      ok: false,
      code: 'bad_red_five',
    });
  });

  it('gives the same verdict as scoreHand on arbitrary tile lists (its checks are fused there)', () => {
    const tile = fc
      .integer({ min: 0, max: 33 })
      .chain((kind) =>
        fc.boolean().map((red) => (red && kind < 27 && kind % 9 === 4 ? kind | 0x40 : kind) as Tile),
      );
    const types: MeldType[] = ['chi', 'pon', 'minkan', 'ankan', 'kakan'];
    const anyMeld = fc.record({
      type: fc.constantFrom(...types),
      tiles: fc.array(tile, { minLength: 3, maxLength: 4 }),
    });
    const options = makeRules('tenhou', { redFives: '4' });
    fc.assert(
      fc.property(
        fc.array(tile, { minLength: 10, maxLength: 14 }),
        fc.array(anyMeld, { maxLength: 2 }),
        tile,
        (closedTiles, melds, winTile) => {
          const input = { closedTiles, melds, winTile };
          const validation = validateHand(input, '4');
          const scored = scoreHand({ ...input, tsumo: true, seatWind: 2, roundWind: 1 }, options);
          if (!validation.ok) expect(scored).toMatchObject({ ok: false, code: validation.code });
          else
            expect([
              'bad_meld',
              'bad_hand_size',
              'too_many_copies',
              'bad_red_five',
              'bad_tile',
            ]).not.toContain(scored.ok ? 'ok' : scored.code);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
