// The Minefield bot: its pruned hand search against a plain enumeration, legal waiting hands, safe discards, determinism.
import { describe, expect, it } from 'vitest';
import { KIND_COUNT, tileKind, type Tile, type TileKind } from '../../../rules/tiles.js';
import { validateMinefieldHand } from '../../../rules/variants/minefield.js';
import type { MinefieldSeatView } from '../machines/public-view.js';
import { dealWalls, playMinefieldGame } from '../machines/simulation.js';
import { createRng } from '../../../table/rng.js';
import { createMinefieldBot, findCompleteHands } from './minefield-bot.js';

const countsOf = (tiles: readonly Tile[], keep: (k: TileKind) => boolean = () => true): Uint8Array => {
  const counts = new Uint8Array(KIND_COUNT);
  for (const t of tiles) if (keep(tileKind(t))) counts[tileKind(t)]!++;
  return counts;
};

/** One hand as text, its groups sorted, so that the same hand found in another order reads the same. */
const handText = (kinds: readonly TileKind[]): string => {
  const groups: string[] = [];
  for (let i = 0; i < 12; i += 3) groups.push(kinds.slice(i, i + 3).join(','));
  return `${groups.sort().join(' ')} | ${kinds[12]}`;
};

/**
 * The search's specification without its shortcuts (no tile counting, no unusable tiles dropped): kinds
 * upwards, at each kind a triplet, then a sequence, then the pair; stop after `limit` hands, repeats
 * included; keep the first of each distinct hand.
 */
function plainCompleteHands(start: Uint8Array, limit: number): string[] {
  const counts = Array.from(start);
  const groups: TileKind[][] = [];
  let pair = -1;
  let made = 0;
  const found: string[] = [];
  const walk = (from: number): void => {
    if (made >= limit) return;
    if (groups.length === 4 && pair >= 0) {
      made++;
      const text = handText([...groups.flat(), pair, pair]);
      if (!found.includes(text)) found.push(text);
      return;
    }
    for (let k = from; k < KIND_COUNT && made < limit; k++) {
      if (counts[k] === 0) continue;
      const sequence = k < 27 && k % 9 <= 6 && counts[k + 1]! > 0 && counts[k + 2]! > 0;
      if (groups.length < 4 && counts[k]! >= 3) {
        counts[k]! -= 3;
        groups.push([k, k, k]);
        walk(k);
        groups.pop();
        counts[k]! += 3;
      }
      if (groups.length < 4 && sequence) {
        for (const d of [0, 1, 2]) counts[k + d]!--;
        groups.push([k, k + 1, k + 2]);
        walk(k);
        groups.pop();
        for (const d of [0, 1, 2]) counts[k + d]!++;
      }
      if (pair < 0 && counts[k]! >= 2) {
        counts[k]! -= 2;
        pair = k;
        walk(k);
        pair = -1;
        counts[k]! += 2;
      }
    }
  };
  walk(0);
  return found;
}

/** A seat view at the hand's start: its wall and the dora indicator, nothing played yet. */
function startView(wall: Tile[], indicator: Tile, isDealer: boolean): MinefieldSeatView {
  return {
    seat: 0,
    isDealer,
    wall,
    hand: null,
    stock: [],
    waits: [],
    furiten: null,
    claim: null,
    ownDiscards: [],
    opponentDiscards: [],
    doraIndicator: indicator,
  };
}

describe('Minefield bot: hand search', () => {
  it('finds the same complete hands, in the same order, as the plain enumeration (issue 4, bot speed)', () => {
    const rng = createRng(404);
    const suitOrHonour = (suit: number) => (k: TileKind) => k >= 27 || Math.floor(k / 9) === suit;
    const simple = (k: TileKind) => k < 27 && k % 9 !== 0 && k % 9 !== 8;
    let hands = 0;
    for (let deal = 0; deal < 150; deal++) {
      const { walls } = dealWalls(rng);
      for (const wall of walls) {
        for (const counts of [
          countsOf(wall),
          countsOf(wall, simple),
          countsOf(wall, suitOrHonour(deal % 3)),
        ]) {
          for (const limit of [4, 16]) {
            const found = findCompleteHands(counts, limit).map(handText);
            expect(found).toEqual(plainCompleteHands(counts, limit));
            hands += found.length;
          }
        }
      }
    }
    // The walls must hold enough complete hands for the comparison to mean something.
    expect(hands).toBeGreaterThan(1000);
  });
});

describe('Minefield bot: decisions', () => {
  it('builds a legal waiting hand out of its own wall', () => {
    const rng = createRng(7);
    for (let deal = 0; deal < 60; deal++) {
      const { walls, unused } = dealWalls(rng);
      const bot = createMinefieldBot({ seed: deal });
      const hand = bot.chooseHand(startView(walls[0], unused[0]!, deal % 2 === 0));
      expect(hand).toHaveLength(13);
      expect(validateMinefieldHand(hand).ok).toBe(true);
      const left = countsOf(walls[0]);
      for (const t of hand) expect(left[tileKind(t)]!--).toBeGreaterThan(0);
    }
  });

  it('never discards one of its own waits while the stock holds another tile, and claims a legal win', () => {
    const bot = createMinefieldBot({ seed: 3 });
    const stock = [0, 0, 9, 18, 27, 31] as Tile[];
    const view: MinefieldSeatView = { ...startView([], 5 as Tile, true), stock, waits: [0, 9, 18, 27] };
    for (let i = 0; i < 20; i++) expect(bot.chooseAction(view)).toEqual({ type: 'discard', tile: 31 });
    expect(bot.chooseAction({ ...view, claim: { legal: true } })).toEqual({ type: 'ron' });
    expect(bot.chooseAction({ ...view, ownDiscards: Array.from({ length: 17 }, () => 1 as Tile) })).toEqual({
      type: 'pass',
    });
  });

  it('plays the same game from the same seed (the same draws in the same order)', () => {
    const decisions = (seed: number): string[] => {
      const log: string[] = [];
      playMinefieldGame({ seed, maxHands: 6, onStep: (step) => log.push(JSON.stringify(step.input)) });
      return log;
    };
    expect(decisions(11)).toEqual(decisions(11));
    expect(decisions(11)).not.toEqual(decisions(12));
  });
});
