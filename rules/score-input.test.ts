// The plain-record reader (the fast path of parseScoreInput) against the reference reader: the same record, or it gives up.
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WinGenerator } from '../test/differential/generate.js';
import { parseScoreInput, RECORD_READERS } from './score-input.js';

const { plain, reference } = RECORD_READERS;
const corpus = new URL('../../shared/data/riichi-wins-public.jsonl', import.meta.url);

/** Both readers on one record: the plain reader gives up (null) or gives exactly the reference's record. */
function readBoth(raw: unknown): 'plain' | 'reference' {
  const expected = reference(raw);
  const fast = plain(raw);
  expect(parseScoreInput(raw)).toStrictEqual(expected);
  if (fast === null) return 'reference';
  expect(expected.ok, JSON.stringify(raw)).toBe(true);
  expect(fast).toStrictEqual(expected);
  return 'plain';
}

const valid = {
  id: 'v',
  closedTiles: '234m406p234678s5m',
  melds: [],
  winTile: '5m',
  tsumo: false,
  seatWind: 2,
  roundWind: 1,
  riichi: true,
  doraIndicators: ['1m'],
  uraIndicators: ['0s'],
  redFivesEnabled: true,
  rules: { openTanyao: true, kiriageMangan: false },
};

describe('parseScoreInput (issue 15, the fast raw-record path): the plain-record reader agrees with the reference reader', () => {
  it('on every record of riichi-wins-public.jsonl, each read the plain way', () => {
    if (!existsSync(corpus)) return; // data-wins.test.ts says the data is missing
    const lines = readFileSync(corpus, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    for (const line of lines) expect(readBoth(JSON.parse(line)), line).toBe('plain');
  });

  it('on generated wins of every shape (melds of each kind, red fives, kans), each read the plain way', () => {
    const generator = new WinGenerator(7);
    for (let i = 0; i < 3000; i++) expect(readBoth(generator.next())).toBe('plain');
  });

  it('gives the unusual but valid to the reference reader, with the same result', () => {
    const cases: Record<string, unknown>[] = [
      { ...valid, closedTiles: '234m 406p,234678s5m' }, // whitespace and commas between groups
      { ...valid, preset: 'club', redFivesEnabled: false, dealer: false },
      { ...valid, ante: 2000, preset: 'minefield' },
      { ...valid, northCount: 0, honba: 3, riichiSticks: 1, dealerStreak: 2 },
      { ...valid, melds: undefined, doraIndicators: undefined, uraIndicators: [] },
      { ...valid, closedTiles: '234m406p234678s1f' }, // a flower: read here, refused by the scorer
    ];
    for (const raw of cases) expect(reference(raw).ok, JSON.stringify(raw)).toBe(true);
    expect(cases.map(readBoth)).toEqual(['reference', 'plain', 'plain', 'plain', 'plain', 'reference']);
  });

  it('leaves every refusal to the reference reader: the same code and message', () => {
    const refusals: unknown[] = [
      { ...valid, closedTiles: '234m406p234678s0z' },
      { ...valid, closedTiles: '234m406p234678s8z' },
      { ...valid, closedTiles: '11111m567p234678s' },
      { ...valid, closedTiles: '00234m567p2346s' },
      { ...valid, closedTiles: '234m406p234678s5' },
      { ...valid, closedTiles: 'm234m406p234678s' },
      { ...valid, closedTiles: '234m406p2346é8s' },
      { ...valid, winTile: '55m' },
      { ...valid, winTile: 5 },
      { ...valid, doraIndicators: ['1m', '9q'] },
      { ...valid, doraIndicators: '1m' },
      { ...valid, melds: [{ type: 'pung', tiles: '222m' }] },
      { ...valid, melds: [{ type: 'pon', tiles: '222m', from: 4 }] },
      { ...valid, melds: [{ type: 'pon', tiles: '222m', calledTile: '2x' }] },
      { ...valid, melds: {} },
      { ...valid, tsumo: 'no' },
      { ...valid, seatWind: 0 },
      { ...valid, riichi: 1 },
      { ...valid, honba: 1.5 },
      { ...valid, northCount: -1 },
      { ...valid, ante: 0 },
      { ...valid, preset: 'nope' },
      { ...valid, preset: 'constructor' },
      { ...valid, rules: { openTanyao: 'yes' } },
      { ...valid, rules: [] },
      [valid],
      null,
    ];
    for (const raw of refusals) {
      expect(reference(raw).ok, JSON.stringify(raw)).toBe(false);
      expect(readBoth(raw)).toBe('reference');
    }
  });

  it('agrees on records with random fields changed to random values', () => {
    const tileText = fc
      .array(fc.constantFrom(...'0123456789mpszf x,'.split('')), { maxLength: 18 })
      .map((chars) => chars.join(''));
    const junk = fc.oneof(
      tileText,
      fc.stringMatching(/^([0-9]{1,4}[mpsz]){1,5}$/),
      fc.constantFrom('5m', '0p', '7z', '8z', '0z', '1f', 'x'),
      fc.integer({ min: -2, max: 9 }),
      fc.double({ min: -1, max: 5 }),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.constantFrom('1m', '0s', '9z', '4z', 3), { maxLength: 3 }),
      fc.array(
        fc.record(
          {
            type: fc.constantFrom('chi', 'pon', 'minkan', 'ankan', 'kakan', 'x'),
            tiles: fc.oneof(tileText, fc.constantFrom('234m', '222z', '5550p', '406s')),
            calledTile: fc.constantFrom('2m', '0p', '2z', 'zz'),
            from: fc.constantFrom(1, 2, 3, 4),
          },
          { requiredKeys: ['type', 'tiles'] },
        ),
        { maxLength: 2 },
      ),
      fc.constantFrom('tenhou', 'club', 'sanma', 'nope'),
      fc.record({ openTanyao: fc.boolean(), kazoeYakuman: fc.oneof(fc.boolean(), fc.constant(0)) }),
    );
    const field = fc.constantFrom(
      ...Object.keys(valid),
      'preset',
      'dealer',
      'honba',
      'ante',
      'northCount',
      'tenhou',
    );
    let plainReads = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(field, junk), { minLength: 1, maxLength: 3 }), (changes) => {
        const raw: Record<string, unknown> = { ...valid };
        for (const [key, value] of changes) raw[key] = value;
        if (readBoth(raw) === 'plain') plainReads++;
      }),
      { numRuns: 4000 },
    );
    // Not vacuous: many changed records are still plain (a valid tile string, another preset, a flag).
    expect(plainReads).toBeGreaterThan(200);
  });
});
