// Tests for furiten: discard, temporary (both end rules) and riichi furiten, over hand-written turns.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterOwnDiscard,
  afterOwnDraw,
  afterWaitPassed,
  furitenCause,
  isDiscardFuriten,
  isFuriten,
  NOT_FURITEN,
} from './furiten.js';
import { countKinds, tileKind, tilesOf } from './tiles.js';
import { tenpaiWaitKinds } from './waits.js';

const kinds = (text: string): number[] => tilesOf(text).map(tileKind);

describe('furiten', () => {
  // 23m 456p 789s 11z 567s: waits 1m 4m (§7 waits from waits.ts).
  const waits = tenpaiWaitKinds(countKinds(tilesOf('23m456p567789s11z')), 0);

  it('reads the waits it is given', () => {
    expect(waits).toEqual(kinds('14m'));
  });

  it('is discard furiten when any wait is in his own pond, red fives read as fives', () => {
    expect(isDiscardFuriten(waits, kinds('9m4m'))).toBe(true);
    expect(isDiscardFuriten(waits, tilesOf('9m7m'))).toBe(false);
    expect(isDiscardFuriten(kinds('5p'), tilesOf('0p'))).toBe(true);
    expect(furitenCause(waits, kinds('1m'), NOT_FURITEN)).toBe('discard');
  });

  it('seed 002: 23456s waiting on 1s 4s 7s with 1s in the pond may not ron 4s (tsumo stays allowed)', () => {
    const sevenWaits = tenpaiWaitKinds(countKinds(tilesOf('123m456p23456s77z')), 0);
    expect(sevenWaits).toEqual(kinds('147s'));
    expect(furitenCause(sevenWaits, tilesOf('9m1s3p'), NOT_FURITEN)).toBe('discard');
  });

  it('matches "some wait is in the pond" for random waits and ponds', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 33 }), { maxLength: 13 }),
        fc.array(fc.integer({ min: 0, max: 33 }), { maxLength: 24 }),
        (w, pond) => {
          expect(isDiscardFuriten(w, pond)).toBe(w.some((k) => pond.includes(k)));
        },
      ),
    );
  });

  it('passing a wait makes temporary furiten until his own draw (ownDraw) or discard (ownDiscard)', () => {
    const passed = afterWaitPassed(NOT_FURITEN, {
      kind: kinds('4m')[0]!,
      waits,
      inRiichi: false,
      source: 'offered',
    });
    expect(passed).toEqual({ temporary: true, riichi: false });
    expect(furitenCause(waits, [], passed)).toBe('temporary');
    // ownDraw: a chii before his draw does not release him; the draw does.
    expect(isFuriten(waits, [], afterOwnDiscard(passed, 'ownDraw'))).toBe(true);
    expect(isFuriten(waits, [], afterOwnDraw(passed, 'ownDraw'))).toBe(false);
    // ownDiscard: his draw does not release him; his discard does.
    expect(isFuriten(waits, [], afterOwnDraw(passed, 'ownDiscard'))).toBe(true);
    expect(isFuriten(waits, [], afterOwnDiscard(afterOwnDraw(passed, 'ownDiscard'), 'ownDiscard'))).toBe(
      false,
    );
  });

  it('a tile that is not a wait changes nothing', () => {
    expect(
      afterWaitPassed(NOT_FURITEN, { kind: kinds('7m')[0]!, waits, inRiichi: true, source: 'offered' }),
    ).toBe(NOT_FURITEN);
  });

  it('in riichi, a passed wait or an undeclared tsumo lasts the rest of the hand', () => {
    const offered = afterWaitPassed(NOT_FURITEN, {
      kind: kinds('1m')[0]!,
      waits,
      inRiichi: true,
      source: 'offered',
    });
    const later = afterOwnDiscard(afterOwnDraw(offered, 'ownDraw'), 'ownDiscard');
    expect(later).toEqual({ temporary: false, riichi: true });
    expect(furitenCause(waits, [], later)).toBe('riichi');
    const declined = afterWaitPassed(NOT_FURITEN, {
      kind: kinds('1m')[0]!,
      waits,
      inRiichi: true,
      source: 'ownDraw',
    });
    expect(declined).toEqual({ temporary: false, riichi: true });
  });

  it('an undeclared tsumo outside riichi causes no furiten by itself', () => {
    expect(
      afterWaitPassed(NOT_FURITEN, { kind: kinds('1m')[0]!, waits, inRiichi: false, source: 'ownDraw' }),
    ).toBe(NOT_FURITEN);
  });
});
