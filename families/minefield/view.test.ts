// Minefield's folded view between hands (issue 12): a draw and a win stay on show over their own hand until the next hand's play.
import { describe, expect, it } from 'vitest';
import type { MinefieldView, WinBreakdown } from '../../contract/ipc-contract.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { applyMinefieldView } from './view.js';

function fold(events: readonly unknown[]): { views: MinefieldView[]; wins: (WinBreakdown | null)[] } {
  let view: MinefieldView | null = null;
  const views: MinefieldView[] = [];
  const wins: (WinBreakdown | null)[] = [];
  events.forEach((event, i) => {
    const out = applyMinefieldView(view, { seq: i + 1, atMs: i, event } as LoggedEvent, []);
    view = out.view as MinefieldView;
    views.push(view);
    wins.push(out.win);
  });
  return { views, wins };
}

const start = [
  { type: 'game.started', firstDealer: 0, points: [50000, 50000] },
  { type: 'hand.started', hand: 1, dealer: 0, ante: 1000, points: [50000, 50000] },
];
const play = [
  { type: 'hand.wallsBuilt', walls: [[], []], unused: [] },
  { type: 'hand.doraFlipped', indicator: 4, underIndicator: 9 },
  { type: 'seat.handAccepted', seat: 0 },
  { type: 'seat.handAccepted', seat: 1 },
  { type: 'hand.playStarted', dealer: 0 },
  { type: 'seat.discarded', seat: 0, tile: 27 },
  { type: 'seat.discarded', seat: 1, tile: 31 },
];

describe('Minefield between hands (issue 12)', () => {
  it('keeps a draw on show, with the board it ended, through the next hand until its play starts', () => {
    const { views } = fold([
      start[0],
      start[1],
      ...play,
      { type: 'hand.drawn', nextAnte: 2000 },
      // The game starts the next hand in the same step: the screens never saw `drawn` before.
      { type: 'hand.started', hand: 2, dealer: 0, ante: 2000, points: [50000, 50000] },
      ...play.slice(0, 4),
      { type: 'hand.playStarted', dealer: 0 },
    ]);
    const nextHand = views[10]!;
    expect(nextHand.phase).toBe('walling');
    expect(nextHand.showingResult).toBe(true);
    expect(nextHand.lastResult).toEqual({ kind: 'drawn', nextAnte: 2000 });
    expect(nextHand.resultBoard).toEqual({
      handNumber: 1,
      dealer: 0,
      ante: 1000,
      doraIndicator: 4,
      discards: [[27], [31]],
      riichi: [true, true],
    });
    // Still on show while the walls are built and the hands set, gone when the play starts.
    expect(views[14]!.showingResult).toBe(true);
    expect(views[15]!.phase).toBe('awaitingDiscard');
    expect(views[15]!.showingResult).toBe(false);
    expect(views[15]!.resultBoard).toBeNull();
  });

  it("keeps a win's board (its dealer and ante, not the next hand's) and gives the panel the ante × multiplier", () => {
    const { views, wins } = fold([
      start[0],
      { type: 'hand.started', hand: 1, dealer: 0, ante: 8000, points: [50000, 50000] },
      ...play,
      {
        type: 'hand.won',
        seat: 1,
        from: 0,
        tile: 27,
        hand: [0, 1, 2, 9, 10, 11, 18, 19, 20, 21, 22, 23, 24],
        underIndicator: 9,
        han: 6,
        hanWithoutUra: 6,
        fu: 30,
        yaku: [{ id: 'Y01', name: 'Riichi', han: 1 }],
        limit: 'haneman',
        yakuman: 0,
        multiplier: 1.5,
        payment: 12000,
        points: [38000, 62000],
      },
      { type: 'hand.started', hand: 2, dealer: 1, ante: 1000, points: [38000, 62000] },
    ]);
    expect(wins[9]!.stake).toEqual({ ante: 8000, multiplier: 1.5 });
    const next = views[10]!;
    expect(next.showingResult).toBe(true);
    expect(next.dealer).toBe(1);
    expect(next.resultBoard).toMatchObject({ handNumber: 1, dealer: 0, ante: 8000, discards: [[27], [31]] });
  });
});
