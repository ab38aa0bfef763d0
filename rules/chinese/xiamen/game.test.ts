// Xiamen at game level: dice, the single winner on a shared discard, following discarded honors, payments, who may win or claim (xiamen.md §3, §8, §9, §12).
import { describe, expect, it } from 'vitest';
import { countKinds, tilesOf } from '../../tiles.js';
import {
  diceSeat,
  discardClaimRefusal,
  discardWinRefusal,
  honorsToFollow,
  nearestClaimant,
  openingWinner,
  xiamenPayments,
  type OpeningClaim,
  type TableSeat,
} from './game.js';
import { XIAMEN_PRESETS } from './rules.js';
import { NOTHING_SPECIAL } from './fixtures/records.js';

const XIAMEN = XIAMEN_PRESETS.xiamen;
const plain = NOTHING_SPECIAL;
/** "3 robbingGold" → seat 3 claims robbing the gold. */
const claimOf = (text: string): OpeningClaim => {
  const [seat, winKind] = text.split(' ');
  return { seat: Number(seat) as TableSeat, winKind: winKind as OpeningClaim['winKind'] };
};

describe('Xiamen game level', () => {
  it('dice count the thrower as 1, then on in turn order (§3)', () => {
    expect(diceSeat(0, 2)).toBe(1);
    expect(diceSeat(0, 6)).toBe(1);
    expect(diceSeat(0, 5)).toBe(0);
    expect(diceSeat(3, 12)).toBe(2);
  });

  it('one winner: the claimant nearest the discarder in turn order (§8.3)', () => {
    expect(nearestClaimant(1, [0, 3])).toBe(3);
    expect(nearestClaimant(1, [0, 2, 3])).toBe(2);
    expect(nearestClaimant(1, [1])).toBeNull(); // the discarder does not win on his own tile
    expect(nearestClaimant(1, [])).toBeNull();
  });

  it('following discarded honors: the honors held once whose copy was discarded (§8.2)', () => {
    const discarded = new Uint8Array(34);
    discarded[27] = 1; // an East was discarded
    discarded[29] = 1; // a West was discarded
    expect(honorsToFollow(countKinds(tilesOf('123m1z33z6z')), discarded)).toEqual([27]);
    expect(honorsToFollow(countKinds(tilesOf('123m1z3z6z')), discarded)).toEqual([27, 29]);
    expect(honorsToFollow(countKinds(tilesOf('123m11z6z')), discarded)).toEqual([]); // a pair is kept
  });

  it('payments: (base + flowers) × multiplier, the banker base to and from East (§12.1)', () => {
    expect(xiamenPayments(XIAMEN, 4, 6, 1, 2)).toEqual({ 1: 8, 2: 7, 3: 7 });
    expect(xiamenPayments(XIAMEN, 1, 6, 2, 8)).toEqual({ 2: 28, 3: 28, 4: 28 });
  });

  it('a discarded gold is never won on or claimed; after his own gold discard a player wins only by self-draw (§9)', () => {
    expect(discardWinRefusal(XIAMEN, plain)).toBeNull();
    expect(discardClaimRefusal(XIAMEN, plain)).toBeNull();
    expect(discardWinRefusal(XIAMEN, { ...plain, discardIsGold: true })).toContain('gold');
    expect(discardClaimRefusal(XIAMEN, { ...plain, discardIsGold: true })).toContain('gold');
    expect(discardWinRefusal(XIAMEN, { ...plain, ownGoldRound: true })).toContain('self-draw');
    expect(discardWinRefusal(XIAMEN, { ...plain, forfeited: true })).toContain('lost the right');
    // Holding a gold restricts nothing by default (the switch's own test: switches.test.ts).
    expect(discardWinRefusal(XIAMEN, { ...plain, holdsGold: true })).toBeNull();
  });

  it('the opening window: banker heavenly or knock, then non-bankers nearest the banker, then earthly, then the banker robbing the gold (§10.5, §10.6)', () => {
    // [banker, the claims as "seat kind", the winning claim]
    const cases: [TableSeat, string[], string | null][] = [
      [0, [], null],
      // The banker's heavenly win or knock comes before anything a non-banker claims.
      [0, ['1 robbingGold', '0 heavenly'], '0 heavenly'],
      [0, ['1 threeGoldDeal', '0 threeGoldDeal'], '0 threeGoldDeal'],
      // A non-banker robbing the gold beats the banker robbing it; between non-bankers the nearest the banker.
      [0, ['0 robbingGold', '3 robbingGold'], '3 robbingGold'],
      [2, ['1 robbingGold', '3 threeGoldDeal'], '3 threeGoldDeal'],
      // Earthly wins come after the non-bankers' opening wins (the banker has discarded), nearest first, and
      // before the banker may rob the gold.
      [0, ['1 earthly', '3 robbingGold'], '3 robbingGold'],
      [0, ['3 earthly', '2 earthly'], '2 earthly'],
      [0, ['0 robbingGold', '3 earthly'], '3 earthly'],
    ];
    for (const [banker, claims, expected] of cases) {
      const result = openingWinner(XIAMEN, banker, claims.map(claimOf));
      expect(result.ok && result.value, `${banker}: ${claims.join(', ')}`).toEqual(
        expected === null ? null : claimOf(expected),
      );
    }
  });

  it('the opening window refuses claims that cannot be, with a coded value', () => {
    const code = (banker: 0 | 1 | 2 | 3, claims: OpeningClaim[], rules = XIAMEN) => {
      const result = openingWinner(rules, banker, claims);
      return result.ok ? 'ok' : `${result.code}: ${result.message}`;
    };
    expect(code(0, [{ seat: 0, winKind: 'earthly' }])).toMatch(/^not_a_win: .*banker/);
    expect(code(0, [{ seat: 2, winKind: 'heavenly' }])).toMatch(/^not_a_win: .*only the banker/);
    expect(code(0, [{ seat: 2, winKind: 'selfDrawn' as never }])).toMatch(
      /^not_a_win: selfDrawn is not a win of the opening window/,
    );
    expect(code(0, [{ seat: 2, winKind: 'toString' as never }])).toMatch(/^not_a_win/);
    // Quanzhou has no robbing the gold and no heavenly win (§15.5); its knock after the deal stays.
    const QUANZHOU = XIAMEN_PRESETS.quanzhou;
    expect(code(0, [{ seat: 1, winKind: 'robbingGold' }], QUANZHOU)).toMatch(
      /^not_a_win: .*Quanzhou has no such win/,
    );
    expect(code(0, [{ seat: 0, winKind: 'heavenly' }], QUANZHOU)).toMatch(
      /^not_a_win: .*Quanzhou has no such win/,
    );
    expect(code(0, [{ seat: 1, winKind: 'threeGoldDeal' }], QUANZHOU)).toBe('ok');
  });
});
