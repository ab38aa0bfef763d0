import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { doraFromIndicator, formatTiles, parseTile, parseTiles, plainTile, tileOf, tilesOf, countKinds, formatKind } from './tiles.js';

describe('tile notation', () => {
  it('parses and formats the compact notation with red fives', () => {
    const tiles = tilesOf('123m406p11z');
    expect(tiles.map((t) => t & 0x3f)).toEqual([0, 1, 2, 12, 13, 14, 27, 27]);
    expect(formatTiles(tiles)).toBe('123m406p11z');
  });

  it.each([
    ['8x', 'bad_tile'],
    ['12', 'bad_tile'],
    ['m', 'bad_tile'],
    ['8z', 'bad_tile'],
    ['0z', 'bad_red_five'],
    ['00m', 'bad_red_five'],
    ['11111m', 'too_many_copies'],
    ['55550m', 'too_many_copies'],
  ])('refuses %s with %s', (text, code) => {
    const result = parseTiles(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.message).toContain(text);
    }
  });

  it('allows two red fives of pin (the four-red set) but not of man', () => {
    expect(parseTiles('00p').ok).toBe(true);
    expect(parseTiles('00s').ok).toBe(false);
  });

  it('refuses red fives and bonus tiles where the game has none (parse options)', () => {
    expect(parseTiles('123m406p', { redFives: false })).toMatchObject({ ok: false, code: 'bad_red_five' });
    expect(parseTiles('123m456p', { redFives: false }).ok).toBe(true);
    expect(parseTiles('123m1f', { bonusTiles: false })).toMatchObject({ ok: false, code: 'bad_tile' });
    expect(parseTiles('9f')).toMatchObject({ ok: false, code: 'bad_tile' });
    expect(parseTiles('11f')).toMatchObject({ ok: false, code: 'too_many_copies' }); // each bonus tile exists once
    expect(Array.from(countKinds(tilesOf('1f8f5m'), 42)).filter((n) => n > 0)).toEqual([1, 1, 1]);
    expect(countKinds(tilesOf('1f8f'), 42)[41]).toBe(1);
  });

  it('parses single tiles and flowers', () => {
    expect(parseTile('0p')).toMatchObject({ ok: true });
    expect(parseTile('5mm').ok).toBe(false);
    expect(formatTiles(tilesOf('1234f5678f'))).toBe('12345678f');
  });

  it('parseTile answers every two-character text exactly as parseTiles does (its table of known tiles changes nothing)', () => {
    const chars = '0123456789mpszfx';
    for (const a of chars)
      for (const b of chars) {
        const text = a + b;
        const parsed = parseTiles(text);
        expect(parseTile(text)).toEqual(parsed.ok ? { ok: true, value: parsed.value[0] } : parsed);
      }
  });

  it('round-trips any sequence of valid tiles', () => {
    const tileArb = fc.integer({ min: 0, max: 33 }).chain((kind) =>
      fc.boolean().map((red) => {
        const made = tileOf(kind, red && kind < 27 && kind % 9 === 4);
        if (!made.ok) throw new Error(made.message);
        return made.value;
      }),
    );
    fc.assert(
      fc.property(fc.array(tileArb, { maxLength: 20 }), (tiles) => {
        const parsed = parseTiles(formatTiles(tiles), { allowExtraCopies: true });
        expect(parsed.ok && parsed.value).toEqual(tiles);
      }),
    );
  });

  it('gives an error value, never an exception, for any string', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseTiles(text);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('dora indicators', () => {
  it.each([
    ['9m', '1m'],
    ['4p', '5p'],
    ['4z', '1z'],
    ['7z', '5z'],
    ['5z', '6z'],
  ])('%s points to %s', (indicator, dora) => {
    expect(formatKind(doraFromIndicator(tilesOf(indicator)[0]! & 0x3f))).toBe(dora);
  });

  it('counts kinds with a red five as a five', () => {
    const counts = countKinds(tilesOf('055m'));
    expect(counts[4]).toBe(3);
    expect(plainTile(4)).toBe(4);
  });
});
