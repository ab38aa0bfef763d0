// Tests for decompose/winPlacements: hand-written edge cases and random complete hands (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompose, winPlacements, type Decomposition, type Group } from './decompose.js';
import { countKinds, formatKind, KIND_COUNT, tilesOf } from './tiles.js';
import { completeHand, completeHandWithWilds } from '../test/arbitraries/hands.js';

const counts = (text: string): Uint8Array => countKinds(tilesOf(text));

/** Compact text of a decomposition, e.g. `11m|123m|456p|...`, for readable expectations. */
function describeDecomposition(d: Decomposition): string {
  if (d.shape === 'chiitoitsu') return `chiitoitsu ${d.pairs.map(formatKind).join(' ')}`;
  if (d.shape === 'kokushi') return `kokushi ${formatKind(d.pair)}`;
  const group = (g: Group): string =>
    g.kind === 'triplet' ? `${formatKind(g.first)}x3` : `${formatKind(g.first)}+`;
  return [`pair ${formatKind(d.pair)}`, ...d.groups.map(group)].join(' ');
}

const readings = (text: string, meldCount = 0): string[] =>
  decompose(counts(text), meldCount).map(describeDecomposition).sort();

function reAdd(d: Decomposition): Uint8Array {
  const c = new Uint8Array(KIND_COUNT);
  if (d.shape === 'chiitoitsu') for (const k of d.pairs) c[k]! += 2;
  else if (d.shape === 'kokushi') {
    for (const k of [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]) c[k]!++;
    c[d.pair]!++;
  } else {
    c[d.pair]! += 2;
    for (const g of d.groups) {
      if (g.kind === 'triplet') c[g.first]! += 3;
      else for (let i = 0; i < 3; i++) c[g.first + i]!++;
    }
  }
  return c;
}

/** Naive reference: lowest held kind as a triplet or a sequence start, duplicates removed by their text. */
function naiveReadings(c: Uint8Array, meldCount: number, handSets = 4): string[] {
  const found = new Set<string>();
  const work = c.slice();
  const walk = (pair: number, groups: string[]): void => {
    let i = 0;
    while (i < KIND_COUNT && work[i] === 0) i++;
    if (i === KIND_COUNT) {
      if (groups.length === handSets - meldCount)
        found.add([`pair ${formatKind(pair)}`, ...[...groups].sort()].join(' '));
      return;
    }
    if (work[i]! >= 3) {
      work[i]! -= 3;
      walk(pair, [...groups, `${formatKind(i)}x3`]);
      work[i]! += 3;
    }
    if (i < 27 && i % 9 <= 6 && work[i + 1]! > 0 && work[i + 2]! > 0) {
      for (let d = 0; d < 3; d++) work[i + d]!--;
      walk(pair, [...groups, `${formatKind(i)}+`]);
      for (let d = 0; d < 3; d++) work[i + d]!++;
    }
  };
  for (let p = 0; p < KIND_COUNT; p++) {
    if (work[p]! < 2) continue;
    work[p]! -= 2;
    walk(p, []);
    work[p]! += 2;
  }
  return [...found].sort();
}

describe('decompose', () => {
  it('reads 111222333m both as triplets and as sequences', () => {
    expect(readings('111222333m456p77z')).toEqual(['pair 7z 1m+ 1m+ 1m+ 4p+', 'pair 7z 1mx3 2mx3 3mx3 4p+']);
  });

  it('finds the nine gates readings', () => {
    // 1112345678999m + 5m: only 111 234 55 678 999; + 1m: 11 as part of 111 + 123; + 9m: 123 456 789 999 with 11.
    expect(readings('11123455678999m')).toEqual(['pair 5m 1mx3 2m+ 6m+ 9mx3']);
    expect(readings('11112345678999m')).toEqual(['pair 9m 1mx3 1m+ 4m+ 7m+']);
    expect(readings('11123456789999m')).toEqual(['pair 1m 1m+ 4m+ 7m+ 9mx3']);
  });

  it('treats four held copies of a kind as tiles, not a kan', () => {
    expect(readings('111123m567p888s22z')).toEqual(['pair 2z 1mx3 1m+ 5p+ 8sx3']);
    expect(readings('11223344m456p789s')).toEqual(['pair 1m 2m+ 2m+ 4p+ 7s+', 'pair 4m 1m+ 1m+ 4p+ 7s+']);
  });

  it('finds seven pairs alongside the standard reading (twice pure double sequence)', () => {
    expect(readings('112233m445566p77z')).toEqual([
      'chiitoitsu 1m 2m 3m 4p 5p 6p 7z',
      'pair 7z 1m+ 1m+ 4p+ 4p+',
    ]);
  });

  it('does not read four of a kind as two pairs', () => {
    expect(readings('1111m223344p5566s')).toEqual([]);
  });

  it('reads thirteen orphans', () => {
    expect(readings('19m19p19s12345677z')).toEqual(['kokushi 7z']);
    expect(readings('19m19p19s1234567z2m')).toEqual([]);
  });

  it('honours melds: fewer tiles, no special shapes', () => {
    expect(readings('23455m', 3)).toEqual(['pair 5m 2m+']);
    expect(readings('55m', 4)).toEqual(['pair 5m']);
    expect(readings('123m456p789s1122z', 0)).toEqual([]);
    expect(readings('112233m445566p77z', 1)).toEqual([]); // wrong size for one meld
  });

  it('returns [] for incomplete hands and wrong sizes', () => {
    expect(readings('123m456p789s1234z')).toEqual([]);
    expect(readings('123m456p789s11z')).toEqual([]);
    expect(() => decompose(counts('11m'), 5)).toThrow(/meldCount/);
  });

  it('finds every reading of a random complete hand (against a naive search), each re-adding to its counts, no duplicates', () => {
    let several = 0;
    fc.assert(
      fc.property(completeHand(), ({ counts: c, meldCount }) => {
        const found = decompose(c, meldCount);
        expect(found.length).toBeGreaterThan(0);
        for (const d of found) expect(Array.from(reAdd(d))).toEqual(Array.from(c));
        const keys = found.map(describeDecomposition);
        expect(new Set(keys).size).toBe(keys.length);
        const standard = found
          .filter((d) => d.shape === 'standard')
          .map((d) => {
            const [pair, ...groups] = describeDecomposition(d).split(' ').slice(1);
            return [`pair ${pair}`, ...groups.sort()].join(' ');
          });
        expect(standard.sort()).toEqual(naiveReadings(c, meldCount));
        if (found.length > 1) several++;
      }),
      { numRuns: 3000 },
    );
    expect(several).toBeGreaterThan(50); // hands with several readings were among them
  });
});

describe('decompose, 16-tile hands (five sets and a pair)', () => {
  it('finds every reading of a random complete 16-tile hand (against the naive search)', () => {
    fc.assert(
      fc.property(completeHandWithWilds({ sets: 5 }), ({ counts: c, meldCount }) => {
        const found = decompose(c, meldCount, 5);
        expect(found.length).toBeGreaterThan(0);
        for (const d of found) expect(Array.from(reAdd(d))).toEqual(Array.from(c));
        const standard = found.map((d) => {
          const [pair, ...groups] = describeDecomposition(d).split(' ').slice(1);
          return [`pair ${pair}`, ...groups.sort()].join(' ');
        });
        expect(standard.sort()).toEqual(naiveReadings(c, meldCount, 5));
      }),
      { numRuns: 1500 },
    );
  });

  it('reads five sets and a pair, never seven pairs', () => {
    expect(decompose(counts('111222333m456p789s11z'), 0, 5).map(describeDecomposition).sort()).toEqual([
      'pair 1z 1m+ 1m+ 1m+ 4p+ 7s+',
      'pair 1z 1mx3 2mx3 3mx3 4p+ 7s+',
    ]);
    expect(decompose(counts('1133557799m1133p'), 0, 5)).toEqual([]);
    expect(decompose(counts('123m11z'), 4, 5).map(describeDecomposition)).toEqual(['pair 1z 1m+']);
    expect(() => decompose(counts('11z'), 6, 5)).toThrow(/meldCount/);
    expect(() => decompose(counts('11z'), 0, 6)).toThrow(/handSets/);
  });
});

describe('winPlacements', () => {
  const placements = (text: string, win: string, meldCount = 0) => {
    const winKind = tilesOf(win)[0]!;
    return decompose(counts(text), meldCount).map((d) => winPlacements(d, winKind));
  };

  it('names penchan 12-3 and 7-89, and ryanmen at the other ends', () => {
    expect(placements('123m456p789s22777z', '3m')).toEqual([[{ shape: 'penchan', groupIndex: 0 }]]);
    expect(placements('123m456p789s22777z', '1m')).toEqual([[{ shape: 'ryanmen', groupIndex: 0 }]]);
    expect(placements('123m456p789s22777z', '7s')).toEqual([[{ shape: 'penchan', groupIndex: 2 }]]);
    expect(placements('123m456p789s22777z', '9s')).toEqual([[{ shape: 'ryanmen', groupIndex: 2 }]]);
  });

  it('names kanchan, shanpon and tanki', () => {
    expect(placements('123m456p789s22777z', '5p')).toEqual([[{ shape: 'kanchan', groupIndex: 1 }]]);
    expect(placements('123m456p789s22777z', '7z')).toEqual([[{ shape: 'shanpon', groupIndex: 3 }]]);
    expect(placements('123m456p789s22777z', '2z')).toEqual([[{ shape: 'tanki', groupIndex: -1 }]]);
    expect(placements('123m456p789s22777z', '4m')).toEqual([[]]);
  });

  it('gives several placements when a tile reads as kanchan or ryanmen (3-5 in 345, 56 in 456)', () => {
    expect(placements('345456m789p11z', '4m', 1)).toEqual([
      [
        { shape: 'kanchan', groupIndex: 0 },
        { shape: 'ryanmen', groupIndex: 1 },
      ],
    ]);
    expect(placements('345456m789p11z', '5m', 1)).toEqual([
      [
        { shape: 'ryanmen', groupIndex: 0 },
        { shape: 'kanchan', groupIndex: 1 },
      ],
    ]);
  });

  it('gives tanki and ryanmen for 1m in 11123m, ryanmen and shanpon for 9m in the nine gates', () => {
    expect(placements('11123m456p789s555z', '1m')).toEqual([
      [
        { shape: 'tanki', groupIndex: -1 },
        { shape: 'ryanmen', groupIndex: 0 },
      ],
    ]);
    expect(placements('11123456789999m', '9m')).toEqual([
      [
        { shape: 'ryanmen', groupIndex: 2 },
        { shape: 'shanpon', groupIndex: 3 },
      ],
    ]);
  });

  it('reports kokushi 13-sided when the winning tile made the pair', () => {
    expect(placements('19m19p19s12345677z', '7z')).toEqual([[{ shape: 'kokushi13', groupIndex: -1 }]]);
    expect(placements('19m19p19s12345677z', '1m')).toEqual([[{ shape: 'kokushi', groupIndex: -1 }]]);
  });

  it('reports the seven pairs wait beside the standard reading', () => {
    expect(placements('112233m445566p77z', '7z')).toEqual([
      [{ shape: 'tanki', groupIndex: -1 }],
      [{ shape: 'chiitoitsu', groupIndex: -1 }],
    ]);
  });

  it('lists one placement per identical group', () => {
    expect(placements('112233m456p789s11z', '1m')).toEqual([[{ shape: 'ryanmen', groupIndex: 0 }]]);
  });
});
