// The tournament's riichi chombos at the draw (variants.md V6.2 items 1-5, T3): when they are settled, and what several offenders pay.
import { describe, expect, it } from 'vitest';
import { riichiChomboLapse, tournamentChomboAtDraw } from './tournament.js';

describe('riichiChomboLapse (V6.2 items 1, 4; T3)', () => {
  it('settles at an exhaustive draw, and at an abortive one unless the option says exhaustive only', () => {
    expect(riichiChomboLapse('exhaustiveDraw')).toBeNull();
    expect(riichiChomboLapse('abortiveDraw')).toBeNull();
    expect(riichiChomboLapse('abortiveDraw', 'anyDraw')).toBeNull();
    expect(riichiChomboLapse('exhaustiveDraw', 'exhaustiveDraw')).toBeNull();
    expect(riichiChomboLapse('abortiveDraw', 'exhaustiveDraw')).toBe('abortiveDraw');
  });
  it('lapses on a win and on a Pool of Dreams (item 4)', () => {
    expect(riichiChomboLapse('win')).toBe('win');
    expect(riichiChomboLapse('poolOfDreams')).toBe('poolOfDreams');
  });
});

describe('tournamentChomboAtDraw (V6.2 items 2-3)', () => {
  it('one non-dealer offender: 4000 to the dealer, 2000 to the others, this hand’s sticks back', () => {
    const s = tournamentChomboAtDraw({ dealer: 0, offenders: [1], riichiThisHand: [1, 3], riichiSticks: 3 });
    expect(s).toEqual({ ok: true, value: { deltas: [4000, -7000, 2000, 3000], depositsAfter: 1 } });
  });
  it('two offenders each pay; the sticks go back once', () => {
    const s = tournamentChomboAtDraw({
      dealer: 2,
      offenders: [2, 0],
      riichiThisHand: [0, 2],
      riichiSticks: 2,
    });
    // Dealer 2: −12000, +4000 each; seat 0: +4000 to the dealer, 2000 to seats 1 and 3.
    expect(s).toEqual({ ok: true, value: { deltas: [-3000, 6000, -7000, 6000], depositsAfter: 0 } });
  });
  it('refuses no offender, a seat twice, and more sticks from this hand than on the table', () => {
    const base = { dealer: 0 as const, riichiThisHand: [], riichiSticks: 0 };
    expect(tournamentChomboAtDraw({ ...base, offenders: [] })).toMatchObject({
      ok: false,
      code: 'bad_input',
    });
    expect(tournamentChomboAtDraw({ ...base, offenders: [1, 1] })).toMatchObject({
      ok: false,
      code: 'bad_input',
      message: expect.stringMatching(/one chombo per hand/),
    });
    expect(
      tournamentChomboAtDraw({ dealer: 0, offenders: [1], riichiThisHand: [1, 2], riichiSticks: 1 }),
    ).toMatchObject({ ok: false, code: 'bad_input' });
  });
});
