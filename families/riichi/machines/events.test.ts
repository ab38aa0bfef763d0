// The riichi event vocabulary: inputs validate at the boundary, and the public form hides exactly the secrets.
import { describe, expect, it } from 'vitest';
import { tileOfText as t, tilesOf } from '../../../rules/tiles.js';
import {
  publicRiichiEvent,
  riichiEventSchema,
  riichiInputSchema,
  type RiichiEvent,
  type RiichiInput,
} from './events.js';

const INPUTS: RiichiInput[] = [
  { type: 'hand.wallBuilt', live: tilesOf('123m'), dead: tilesOf('11223344556677z') },
  { type: 'seat.drew', seat: 1, tile: t('5m') },
  { type: 'seat.discarded', seat: 2, tile: t('0p'), riichi: true },
  { type: 'seat.chiDeclared', seat: 3, tiles: tilesOf('46s') },
  { type: 'seat.ponDeclared', seat: 0, tiles: tilesOf('77z') },
  { type: 'seat.openKanDeclared', seat: 0, tiles: tilesOf('777z') },
  { type: 'seat.closedKanDeclared', seat: 1, tile: t('1m') },
  { type: 'seat.addedKanDeclared', seat: 1, tile: t('9p') },
  { type: 'seat.northDeclared', seat: 2 },
  { type: 'seat.tsumoDeclared', seat: 2 },
  { type: 'seat.ronDeclared', seat: 3 },
  { type: 'seat.passed', seat: 3 },
  { type: 'seat.nineTerminalsDeclared', seat: 0 },
];

describe('riichi events', () => {
  it('accepts every input kind and rejects malformed ones', () => {
    for (const input of INPUTS) expect(riichiInputSchema.safeParse(input).success).toBe(true);
    expect(riichiInputSchema.safeParse({ type: 'seat.drew', seat: 4, tile: t('5m') }).success).toBe(false);
    expect(riichiInputSchema.safeParse({ type: 'seat.drew', seat: 1, tile: 99 }).success).toBe(false);
    expect(
      riichiInputSchema.safeParse({ type: 'seat.chiDeclared', seat: 1, tiles: tilesOf('4s') }).success,
    ).toBe(false);
    expect(
      riichiInputSchema.safeParse({ type: 'hand.wallBuilt', live: [], dead: tilesOf('1z') }).success,
    ).toBe(false);
    expect(riichiInputSchema.safeParse({ type: 'seat.discarded', seat: 1, tile: t('5m') }).success).toBe(
      false,
    );
  });
  it('hides the wall, the deal, drawn tiles, furiten and refusal reasons; keeps the rest', () => {
    expect(publicRiichiEvent(INPUTS[0]!)).toEqual({ type: 'hand.wallBuilt' });
    expect(publicRiichiEvent(INPUTS[1]!)).toEqual({ type: 'seat.drew', seat: 1 });
    expect(publicRiichiEvent({ type: 'hand.dealt', hands: [tilesOf('123m')] })).toEqual({
      type: 'hand.dealt',
    });
    expect(publicRiichiEvent({ type: 'seat.furiten', seat: 1, kind: 'temporary', tile: t('2p') })).toBeNull();
    expect(
      publicRiichiEvent({
        type: 'seat.actionRejected',
        seat: 1,
        action: 'seat.ronDeclared',
        code: 'furiten',
        message: 'x',
      }),
    ).toEqual({
      type: 'seat.actionRejected',
      seat: 1,
      action: 'seat.ronDeclared',
    });
    for (const input of INPUTS.slice(2)) expect(publicRiichiEvent(input)).toEqual(input);
    const draw: RiichiEvent = {
      type: 'hand.exhaustiveDraw',
      tenpai: [{ seat: 1, hand: tilesOf('234m22456p567s88s') }],
      nagashi: [],
      deltas: [-1000, 3000, -1000, -1000],
      points: [24000, 28000, 24000, 24000],
      deposits: 0,
    };
    expect(riichiEventSchema.safeParse(draw).success).toBe(true);
    expect(publicRiichiEvent(draw)).toEqual(draw);
  });
});
