// Unit tests of the renderer's pure display helpers: routes, the points history, tile lists in logged events, sensor reads, the LAN address.
import { describe, expect, it } from 'vitest';
import type { MinefieldView } from '../../contract/ipc-contract.js';
import { tilesOf, type Tile } from '../../rules/tiles.js';
import { screenOf } from '../router.js';
import { lanAddress, readLabel } from '../screens/Console.js';
import { recordPoints, seriesOf } from '../families/minefield/points-history.js';
import { tileListsOf } from './tile-lists.js';

const view = (
  handNumber: number,
  phase: MinefieldView['phase'],
  points: [number, number],
): MinefieldView => ({
  variant: 'minefield',
  phase,
  handNumber,
  dealer: 0,
  ante: 1000,
  antePeak: 1000,
  points,
  doraIndicator: null,
  handsSet: [false, false],
  discards: [[], []],
  stockLeft: [0, 0],
  riichi: [false, false],
  turn: null,
  tableSeats: [0, 2],
  lastResult: null,
  ended: null,
});

describe('screenOf', () => {
  it('routes /scoreboard and /replay, and everything else to the console', () => {
    expect(screenOf('/scoreboard')).toBe('scoreboard');
    expect(screenOf('/replay/')).toBe('replay');
    expect(screenOf('/')).toBe('console');
    expect(screenOf('/console')).toBe('console');
    expect(screenOf('/nonsense')).toBe('console');
  });
});

describe('points history', () => {
  it('keeps the points after each hand; a hand in play stands for the end of the one before', () => {
    let history = recordPoints(new Map(), view(1, 'awaitingDiscard', [50000, 50000]));
    history = recordPoints(history, view(2, 'walling', [54000, 46000]));
    history = recordPoints(history, view(2, 'awaitingDiscard', [54000, 46000]));
    history = recordPoints(history, view(3, 'settingHands', [50000, 50000]));
    expect(seriesOf(history, 2)).toEqual({
      hands: [0, 1, 2],
      series: [
        [50000, 54000, 50000],
        [50000, 46000, 50000],
      ],
    });
  });
  it('returns the same map when nothing changed (no re-render)', () => {
    const history = recordPoints(new Map(), view(2, 'walling', [1, 2]));
    expect(recordPoints(history, view(2, 'awaitingDiscard', [1, 2]))).toBe(history);
  });
});

describe('tile lists in logged events', () => {
  it('finds tiles under tile-like fields only, not dice or points', () => {
    const hand = tilesOf('123m456p789s11z');
    expect(tileListsOf({ type: 'table.handPlaced', seat: 0, hand, dice: [4, 4], points: [1, 2] })).toEqual([
      { label: 'hand', tiles: hand },
    ]);
    expect(tileListsOf({ walls: [tilesOf('1m2m'), tilesOf('3p')] })).toEqual([
      { label: 'walls[0]', tiles: tilesOf('1m2m') },
      { label: 'walls[1]', tiles: tilesOf('3p') },
    ]);
  });
  // Issue 12: the reads offered for a correction are the host's (operator.correctableReads), not table events
  // scanned here: those offered draws and played discards the host refuses.
  it('labels a correctable read with its event, kind, seat and what the sensors saw (? where unread)', () => {
    expect(readLabel({ seq: 6, kind: 'discard', seat: 2, tiles: [null] })).toBe('#6 discard of West: ?');
    expect(readLabel({ seq: 9, kind: 'hand', seat: 0, tiles: [13 as Tile, null, 13 as Tile] })).toBe(
      '#9 hand of East: 5p?5p',
    );
  });
});

describe('lanAddress', () => {
  it('puts the token into the address the QR code carries, once', () => {
    expect(
      lanAddress({ enabled: true, url: 'http://10.0.0.5:8420/scoreboard', token: 'abcdefghijklmnop' }),
    ).toBe('http://10.0.0.5:8420/scoreboard?token=abcdefghijklmnop');
    expect(
      lanAddress({
        enabled: true,
        url: 'http://10.0.0.5:8420/scoreboard?token=x',
        token: 'abcdefghijklmnop',
      }),
    ).toBe('http://10.0.0.5:8420/scoreboard?token=x');
  });
});
