// The order the seats take the deal from the table (riichi.md 3.3).
import { describe, expect, it } from 'vitest';
import { dealSeat, dealSize, dealtTo } from './deal-order.js';

describe('deal order', () => {
  it('takes 13 tiles a seat and the dealer’s 14th', () => {
    expect(dealSize(4)).toBe(53);
    expect(dealSize(3)).toBe(40);
  });

  it('deals 4 tiles three times round from the dealer, then 1 each, then the dealer’s 14th', () => {
    const seats = Array.from({ length: dealSize(4) }, (_, i) => dealSeat(1, 4, i));
    expect(seats.slice(0, 16)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 0, 0, 0, 0]);
    expect(seats.slice(44, 48)).toEqual([0, 0, 0, 0]);
    expect(seats.slice(48)).toEqual([1, 2, 3, 0, 1]);
  });

  it('deals round three seats in Sanma', () => {
    const seats = Array.from({ length: dealSize(3) }, (_, i) => dealSeat(2, 3, i));
    expect(seats.slice(0, 12)).toEqual([2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1]);
    expect(seats.slice(36)).toEqual([2, 0, 1, 2]);
  });

  it('counts the deal tiles a seat has taken so far', () => {
    expect(dealtTo(1, 4, 0, 1)).toBe(0);
    expect(dealtTo(1, 4, 5, 1)).toBe(4);
    expect(dealtTo(1, 4, 5, 2)).toBe(1);
    expect(dealtTo(1, 4, dealSize(4), 1)).toBe(14);
    expect(dealtTo(1, 4, dealSize(4), 0)).toBe(13);
  });
});
