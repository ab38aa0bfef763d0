// Every MCR fan scored on a hand made for it (and the fans it implies left out), the option switches, and the coded errors.
import { describe, expect, it } from 'vitest';
import { scoreWin } from '../../score-win.js';
import type { McrOutput } from './score.js';
import { FANS } from './fans.js';

type Meld = { type: string; tiles: string; calledTile?: string; from?: number };
const pon = (tiles: string): Meld => ({ type: 'pon', tiles, from: 1 });
const chi = (tiles: string): Meld => ({ type: 'chi', tiles, from: 3 });
const minkan = (tiles: string): Meld => ({ type: 'minkan', tiles, from: 2 });
const ankan = (tiles: string): Meld => ({ type: 'ankan', tiles });

/** A discard win by South (East discards) in the East round, no minimum, unless the overrides say otherwise. */
function win(
  closedTiles: string,
  winTile: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const tsumo = extra.tsumo === true;
  return {
    id: 'fan',
    preset: 'mcr',
    closedTiles,
    melds: [],
    winTile,
    tsumo,
    ...(tsumo ? {} : { discarder: 1 }),
    seatWind: 2,
    roundWind: 1,
    rules: { minimumFan: 0 },
    ...extra,
  };
}

function score(input: Record<string, unknown>): McrOutput {
  const result = scoreWin(input as never);
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.value as McrOutput;
}
const countOf = (out: McrOutput, id: number): number => out.items.find((i) => i.id === id)?.count ?? 0;

/** [fan id, the hand, fans it must leave out]. One hand per fan, 1-82 (81 and 43 with their own cases too). */
const CASES: [number, Record<string, unknown>, number[]][] = [
  [1, win('444z5m', '5m', { melds: [pon('111z'), pon('222z'), pon('333z')] }), [9, 38, 48, 60, 61, 73]],
  [2, win('234m555z7s', '7s', { melds: [pon('777z'), pon('666z')] }), [10, 54, 59]],
  [3, win('234s234s666s888s6z', '6z'), [49, 75]],
  [4, win('1112345678999p', '2p'), [22, 56, 62, 76]],
  [
    5,
    win('5z', '5z', { melds: [minkan('1111m'), minkan('2222p'), minkan('3333s'), ankan('4444z')] }),
    [48, 79, 17, 57, 74, 67],
  ],
  [6, win('1122334455667p', '7p'), [19, 22, 62, 76, 79]],
  [7, win('19m19p19s1234567z', '1m'), [18, 51, 62, 79]],
  [8, win('111m999m111p999s1s', '1s'), [18, 48, 55, 73, 76]],
  [9, win('55m44z', '5m', { melds: [pon('111z'), pon('222z'), pon('333z')] }), [38]],
  [10, win('7z123m456m', '7z', { melds: [pon('555z'), pon('666z')] }), [54, 59]],
  [11, win('222z333z4z', '4z', { melds: [pon('111z'), pon('555z')] }), [18, 48, 55, 73, 75]],
  [12, win('111m222p333s444z5z', '5z', { tsumo: true }), [48, 33, 66, 56, 62]],
  [13, win('123123789789m5m', '5m'), [19, 22, 63, 69, 72, 76]],
  [14, win('123123123123m5p', '5p'), [23, 69, 64]],
  [15, win('111222333444m5p', '5p'), [24, 48]],
  [16, win('789p9s', '9s', { melds: [chi('123p'), chi('345p'), chi('567p')] }), [30, 71, 72]],
  [17, win('456p7z', '7z', { melds: [minkan('1111m'), minkan('2222p'), ankan('3333s')] }), [57, 74, 67]],
  [
    18,
    win('333z99m11p', '1p', { tsumo: true, seatWind: 3, melds: [pon('111z'), pon('222z')] }),
    [48, 55, 73],
  ],
  [19, win('1133m2255p4466s7z', '7z'), [62, 79]],
  [20, win('147m25p36s123456z', '7z'), [34, 51, 62]],
  [21, win('222m444m666p888s2s', '2s'), [48, 68, 76]],
  [22, win('123345678999m5m', '5m'), [76]],
  // Concealed, 123m ×3 reads better as three pungs (Pure Shifted Pungs): two of the chows are declared here.
  [23, win('123m456p7z', '7z', { melds: [chi('123m'), chi('123m')] }), [69]],
  [24, win('111222333456m5p', '5p', { tsumo: true }), [23]],
  [25, win('789m789p789s888m9s', '9s'), [36, 76]],
  [26, win('456m456p456s444m5s', '5s'), [68, 76]],
  [27, win('123m123p123s111m2s', '2s'), [37, 76]],
  [28, win('123456789123m5p', '5p'), [71, 72]],
  [29, win('123789m123789p5s', '5s'), [63, 70, 72, 76]],
  [30, win('123234345m678p1z', '1z'), []],
  [31, win('345m456p567s555m5p', '5p'), [68, 76]],
  [32, win('222m222p222s456m7z', '7z'), [65]],
  [33, win('111222333456m5p', '5p', { tsumo: true }), [66]],
  [34, win('147m258s369p1234z', '7z'), [51, 62]],
  [35, win('147m258p369s234m5z', '5z'), []],
  [36, win('678m678p789s666s9s', '9s'), [76]],
  [37, win('234m234p123s444s1s', '1s'), [76]],
  [38, win('333z123m5p', '5p', { melds: [pon('111z'), pon('222z')], seatWind: 4, roundWind: 4 }), []],
  [39, win('123m456p789s234m1z', '1z'), []],
  [40, win('123p345p456s888s5z', '5z'), [75]],
  [41, win('123m123p123s456m7z', '7z'), [70]],
  [42, win('111m222p333s456m7z', '7z'), []],
  [43, win('34s44z', '5s', { melds: [chi('234m'), chi('567p'), pon('888s')] }), []],
  [44, win('123456789m123p5p', '5p', { tsumo: true, haitei: true }), [80]],
  [45, win('123456789m123p5p', '5p', { houtei: true }), []],
  [46, win('123456m789p5p', '5p', { tsumo: true, rinshan: true, melds: [minkan('1111s')] }), [80]],
  [47, win('123456m789p12s55z', '3s', { chankan: true }), [58]],
  [48, win('111m222p444z5z', '5z', { melds: [pon('777s')] }), []],
  [49, win('123m456m789m111z2z', '2z'), []],
  [50, win('123m234p345s567m7z', '7z'), []],
  [51, win('123m456p789s111z5z', '5z'), []],
  [52, win('6s', '6s', { melds: [chi('234m'), chi('567m'), chi('234p'), chi('567p')] }), [79]],
  [53, win('345s678s7z', '7z', { melds: [ankan('1111m'), ankan('2222p')] }), [66, 67]],
  [54, win('123m456p7s', '7s', { melds: [pon('555z'), pon('666z')] }), [59]],
  [55, win('123m789m123p999s1z', '1z'), []],
  [56, win('123m456p789s234s5z', '5z', { tsumo: true }), [80, 62]],
  [57, win('345s678s7z', '7z', { melds: [minkan('1111m'), minkan('2222p')] }), [74]],
  [58, win('123m456p789s11z45m', '6m', { lastOfKind: true }), []],
  [59, win('123m456p789s1z', '1z', { melds: [pon('555z')] }), []],
  [60, win('123m456p789s5z', '5z', { melds: [pon('111z')] }), [73]],
  [61, win('123m456p789s5z', '5z', { melds: [pon('222z')] }), [73]],
  [62, win('123m456p789s234s5z', '5z'), []],
  [63, win('123m456p789s234s5s', '5s'), [76]],
  [64, win('123m345m456p789s3m', '3m'), []],
  [65, win('222m222p456s789s1z', '1z'), []],
  [66, win('111m222p456s789s1z', '1z', { tsumo: true }), []],
  [67, win('234p567s789s1z', '1z', { melds: [ankan('1111m')] }), []],
  [68, win('234m456p678s345m6s', '6s'), [76]],
  [69, win('123m123m456p789s1z', '1z'), []],
  [70, win('123m123p456p789s1z', '1z'), []],
  [71, win('123m456m456p789s1z', '1z'), []],
  [72, win('123m789m456p456s1z', '1z'), []],
  [73, win('111m456p789s234s1z', '1z'), []],
  [74, win('234p567s789s1z', '1z', { melds: [minkan('1111m')] }), []],
  [75, win('123m456m789p111p1z', '1z'), []],
  [76, win('111m456p789s234s5s', '5s'), []],
  [77, win('12m456p789s234s55z', '3m'), []],
  [78, win('13m456p789s234s55z', '2m'), []],
  [79, win('123m456p789s234s5z', '5z'), []],
  [80, win('456p789s234s5z', '5z', { tsumo: true, melds: [chi('123m')] }), []],
  [81, win('34s44z', '5s', { melds: [chi('234m'), chi('567p'), pon('888s')], flowers: ['1f', '8f'] }), []],
  [82, win('345s678s7z', '7z', { melds: [minkan('1111m'), ankan('2222p')] }), [74, 67]],
];

describe('MCR fans', () => {
  it('lists 82 fans: the 81 of mcr.md §10 (with their points) and Concealed Kong and Melded Kong (5)', () => {
    expect(FANS.map((f) => f.id)).toEqual(Array.from({ length: 82 }, (_, i) => i + 1));
    const byPoints = new Map<number, number>();
    for (const fan of FANS.slice(0, 81)) byPoints.set(fan.points, (byPoints.get(fan.points) ?? 0) + 1);
    // mcr.md's count check: 7 + 6 + 2 + 3 + 9 + 6 + 5 + 9 + 7 + 4 + 10 + 13 = 81.
    expect([...byPoints.entries()].sort((a, b) => b[0] - a[0])).toEqual([
      [88, 7],
      [64, 6],
      [48, 2],
      [32, 3],
      [24, 9],
      [16, 6],
      [12, 5],
      [8, 9],
      [6, 7],
      [4, 4],
      [2, 10],
      [1, 13],
    ]);
    expect(FANS[81]).toMatchObject({ id: 82, points: 5 });
  });

  it('lists every fan before the fans it implies (the exclusions are applied in registry order)', () => {
    for (const fan of FANS)
      for (const implied of fan.excludes)
        // Pure Shifted Pungs and Pure Triple Chow name each other, but one reading never holds both.
        if (!(fan.id === 24 && implied === 23)) expect(implied).toBeGreaterThan(fan.id);
  });

  it('has a hand for every fan', () => {
    expect(new Set(CASES.map(([id]) => id)).size).toBe(82);
  });

  for (const [id, input, leftOut] of CASES) {
    const fan = FANS[id - 1]!;
    it(`#${id} ${fan.name}${leftOut.length ? ` (without ${leftOut.join(', ')})` : ''}`, () => {
      const out = score(input);
      expect(countOf(out, id)).toBeGreaterThan(0);
      for (const other of leftOut) expect(countOf(out, other)).toBe(0);
      // The items add up to the hand's value.
      const sum = out.items.filter((i) => i.id !== 81).reduce((total, i) => total + i.fan * i.count, 0);
      expect(sum).toBe(out.fan);
    });
  }

  it('counts repeatable fans and partial exclusions', () => {
    // Two Pure Double Chows (123m 123m, 456p 456p); concealed, the same tiles pay more as Seven Pairs.
    expect(countOf(score(win('123m456456p7z', '7z', { melds: [chi('123m')] })), 69)).toBe(2);
    // Big Three Dragons leaves a fourth pung of 9s its Pung of Terminals or Honors (mcr.md §9 item 1).
    const dragons = score(win('555z999s5m', '5m', { melds: [pon('666z'), pon('777z')] }));
    expect(countOf(dragons, 2)).toBe(1);
    expect(countOf(dragons, 73)).toBe(1);
    // A wind pung that is both seat and prevalent wind scores both wind fans and loses one terminal point.
    const double = score(win('111m456p789s5z', '5z', { seatWind: 1, discarder: 2, melds: [pon('111z')] }));
    expect([countOf(double, 60), countOf(double, 61), countOf(double, 73)]).toEqual([1, 1, 1]); // 73 from 111m
  });

  it('lets a set join the others once (account-once) and form one fan only once (non-identical)', () => {
    // 234s 234p 234p 567p: Mixed Double Chow with either 234p, Pure Double Chow, Short Straight with either
    // 234p: one of each (a tree over the four chows), never two Mixed Double Chows on the one 234s.
    const out = score(win('234s223344567p5z', '5z'));
    expect([countOf(out, 69), countOf(out, 70), countOf(out, 71)]).toEqual([1, 1, 1]);
    // The seed's example: Mixed Straight 123p 456s 789m and a 789s: Short Straight or Mixed Double Chow, not both.
    const straight = score(win('789s5z', '5z', { melds: [chi('123p'), chi('456s'), chi('789m')] }));
    expect(countOf(straight, 39)).toBe(1);
    expect(countOf(straight, 70) + countOf(straight, 71)).toBe(1);
  });

  it('reads a pung completed by a discard as melded, unless a concealed chow can take the tile', () => {
    // 111m 222p 333s concealed, 1m won on a discard: two concealed pungs left (not three).
    const discard = score(win('11m222p333s456s1z1z', '1m'));
    expect(countOf(discard, 33)).toBe(0);
    expect(countOf(discard, 66)).toBe(1);
    expect(countOf(score(win('11m222p333s456s1z1z', '1m', { tsumo: true })), 33)).toBe(1);
    // 1m can sit in 123m: the pung 111m stays concealed.
    expect(countOf(score(win('11123m222p333s55z', '1m')), 33)).toBe(1);
  });

  it('gives no wait fan when the hand could win on two kinds (4444-666 waits on 4 and 5)', () => {
    const out = score(win('4444666s123m456p', '5s'));
    expect(countOf(out, 78)).toBe(0);
    expect(countOf(out, 79)).toBe(0);
  });

  it("scores Last Tile by itself when the other three copies are in the winner's own exposed sets", () => {
    const out = score(win('46m55z', '5m', { melds: [chi('345m'), chi('456m'), chi('567m')] }));
    expect(countOf(out, 58)).toBe(1);
  });

  it('takes the option of three points for a melded and a concealed kong (mcr.md Ambiguity 3)', () => {
    const out = score({
      ...CASES.find(([id]) => id === 82)![1],
      rules: { minimumFan: 0, mixed_kong_pair_points: 3 },
    });
    expect([countOf(out, 82), countOf(out, 74), countOf(out, 67)]).toEqual([0, 1, 1]);
  });

  it('counts flowers apart: never toward the minimum, paid on top', () => {
    const out = score(
      win('34s44z', '5s', {
        melds: [chi('234m'), chi('567p'), pon('888s')],
        flowers: ['1f', '2f', '3f'],
        rules: {},
      }),
    );
    expect(out).toMatchObject({ fan: 8, flowerFan: 3, total: 35, payments: { '1': 19, '3': 8, '4': 8 } });
    const selfDrawn = score(
      win('123m456p789s234s5z', '5z', { tsumo: true, flowers: ['2f'], rules: { minimumFan: 0 } }),
    );
    // Fully Concealed Hand 4 + ... ; each loser pays 8 + the hand with its flower.
    for (const paid of Object.values(selfDrawn.payments)) expect(paid).toBe(8 + selfDrawn.fan + 1);
    expect(selfDrawn.total).toBe(3 * (8 + selfDrawn.fan + 1));
  });
});

describe('MCR errors', () => {
  const code = (input: Record<string, unknown>): string => {
    const result = scoreWin(input as never);
    return result.ok ? 'ok' : result.code;
  };
  it('answers coded errors, never an exception', () => {
    expect(code(win('123m456p678s234s5z', '5z', { rules: {} }))).toBe('below_minimum');
    expect(code(win('123m456p789s234s5z', '6z'))).toBe('not_a_win');
    expect(code(win('123m456p789s234s1f', '5z'))).toBe('bad_tile');
    expect(code(win('123m406p789s234s5z', '5z'))).toBe('bad_red_five');
    expect(code(win('123m456p789s234s', '5z'))).toBe('bad_hand_size');
    expect(code(win('123m456p789s234s5z', '5z', { discarder: undefined }))).toBe('bad_input');
    expect(code(win('123m456p789s234s5z', '5z', { discarder: 2 }))).toBe('bad_input'); // the winner's own seat
    expect(code(win('123m456p789s234s5z', '5z', { flowers: ['1f', '1f'] }))).toBe('too_many_copies');
    expect(code(win('123m456p789s234s5z', '5z', { flowers: ['5z'] }))).toBe('bad_tile');
    expect(code(win('123m456p789s234s5z', '5z', { rules: { minimumFan: -1 } }))).toBe('bad_input');
    expect(code(win('123m456p789s234s5z', '5z', { rules: { mixed_kong_pair_points: 4 } }))).toBe('bad_input');
    expect(code(win('123m456p789s234s5z', '5z', { rinshan: true, tsumo: true, discarder: undefined }))).toBe(
      'bad_input',
    );
    expect(code(win('123m456p789s234s5z', '5z', { chankan: true }))).toBe('bad_input'); // holds a 5z
    expect(code(win('123m456p789s234s5z', '5z', { lastOfKind: true }))).toBe('bad_input');
    expect(code(win('5555z456p789s234s', '5z'))).toBe('too_many_copies');
    expect(code(win('123m456p789s234s5z', '5z', { melds: [chi('135m')] }))).toBe('bad_meld');
    expect(code({ preset: 'mcr' })).toBe('bad_input');
  });
});
