// Scenario tests for Sanma (variants.md V3): the 108-tile deal, north extraction with its replacement draw and dora, robbing a north, no chii.
import { describe, expect, it } from 'vitest';
import { SANMA } from '../../../rules/variants/sanma.js';
import { tileOfText as t } from '../../../rules/tiles.js';
import type { HandWon, RiichiOutcome } from './events.js';
import { legalClaims, legalTurnActions } from './model.js';
import { scriptedTable } from './scripted-table.js';

const won = (outcomes: readonly RiichiOutcome[]): HandWon =>
  outcomes.find((o): o is HandWon => o.type === 'hand.won')!;
const S1 = '1m1m9m2p3p7p8p2s3s6s7s5z6z';
const S2 = '9m9m1p4p5p9p4s8s9s6z7z7z1z';
const table = (hands: string[]) =>
  scriptedTable({ options: SANMA, hands, indicators: '7z', replacements: '1s' });

describe('Sanma (variants.md V3)', () => {
  it('deals from a 108-tile set: 14 + 13 + 13, 54 live tiles left; seats are East, South, West', () => {
    const tb = table(['123p456p789s1155s4z', S1, S2]);
    expect(tb.hand.concealed.map((h) => h.length)).toEqual([14, 13, 13]);
    expect(tb.hand.live.length).toBe(54);
    expect(tb.hand.points).toEqual([35000, 35000, 35000]);
  });
  it('a north set aside draws a replacement, breaks the first go-around and counts as dora (V3.2)', () => {
    const tb = table(['123p456p789s1155s4z', S1, S2]);
    expect(legalTurnActions(tb.hand, 0).north).toBe(true);
    const out = tb.send({ type: 'seat.northDeclared', seat: 0 });
    expect(out.find((o) => o.type === 'seat.northSetAside')).toMatchObject({ seat: 0, count: 1 });
    expect(tb.hand.uninterrupted).toBe(false);
    expect(tb.state).toBe('drawing');
    tb.draw();
    expect(tb.hand.drawn[0]).toBe(t('1s'));
    expect(tb.hand.live.length).toBe(53);
    const w = won(tb.send({ type: 'seat.tsumoDeclared', seat: 0 }));
    expect(w.wins[0]!.yaku.map((y) => y.id).sort()).toEqual(['D4', 'Y04', 'Y13']);
    expect(w.wins[0]).toMatchObject({ han: 3, fu: 30 });
    // Dealer tsumo, 3 han 30 fu: 2000 from each of the two others (tsumo loss, V3.5).
    expect(w.deltas).toEqual([4000, -2000, -2000]);
  });
  it('robbing a north: a seat waiting on North wins by ron from the extractor (V3.2 item 7)', () => {
    const tb = table(['123p456p789s1155s4z', '5z5z5z123456789p4z', S2]);
    tb.send({ type: 'seat.northDeclared', seat: 0 });
    expect(tb.state).toBe('claiming');
    const w = won(tb.send({ type: 'seat.ronDeclared', seat: 1 }));
    expect(w.wins[0]).toMatchObject({ seat: 1, from: 0, tile: t('4z'), limit: 'baiman' });
    expect(w.deltas).toEqual([-16000, 16000, 0]); // ittsu 2, haku 1, half flush 3, dora 3
    expect(tb.outcomes.find((o) => o.type === 'seat.northSetAside')).toBeUndefined();
  });
  it('offers no chii (V3.3)', () => {
    const tb = table(['123p456p789s1155s4z', S1, S2]);
    tb.send({ type: 'seat.discarded', seat: 0, tile: t('1p'), riichi: false });
    expect(legalClaims(tb.hand, 1, { tile: t('1p'), from: 0, addedKan: false, kind: 'discard' }).chi).toEqual(
      [],
    );
    expect(tb.state).toBe('drawing');
  });
});
