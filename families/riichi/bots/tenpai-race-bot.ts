// A seeded Tenpai Race bot: riichi-bot's Stage A play without wins or riichi, Stage B when tenpai, and the defender's guesses.
import { isHonor, isTerminal, KIND_COUNT, tileKind, type Tile, type TileKind } from '../../../rules/tiles.js';
import { createRng, deriveSeed, type Rng } from '../../../table/rng.js';
import type { RiichiBot, RiichiSeatView, StageBView } from '../machines/seat-view.js';
import { createRiichiBot } from './riichi-bot.js';

export interface TenpaiRaceBotOptions {
  readonly seed: number;
  /**
   * Whether the bot starts Stage B when it may (tenpai, not furiten, right after its own discard). Headless games
   * with `tenpaiRaceStageB` off have no operator to record Stage B's result, so they pass false (machines/riichi/
   * variant-simulation.ts).
   */
  readonly startsStageB: boolean;
}

/**
 * Stage A (V2.1 item 3) is riichi-bot's play with no tsumo, no ron and no riichi: the bot starts Stage B by its
 * declaration instead of a riichi (the same entry, item 5, without locking the hand). As the defender it names
 * the two likeliest kinds (`guessKinds`). Deterministic from the seed.
 */
export function createTenpaiRaceBot(options: TenpaiRaceBotOptions): RiichiBot {
  const base = createRiichiBot({ seed: options.seed, name: 'tenpai-race-bot' });
  const rng = createRng(deriveSeed(options.seed, 0x7e9a));
  return {
    name: base.name,
    onTurn: (view, legal) => base.onTurn(view, { ...legal, tsumo: false, riichiDiscards: [] }),
    onClaim: (view, offer, legal) => base.onClaim(view, offer, { ...legal, ron: false }),
    // The machine only asks when the entry is legal: tenpai and not furiten. Starting at once is the race.
    startsStageB: () => options.startsStageB,
    onStageBGuess: (view, stageB) => guessKinds(view, stageB, rng),
  };
}

/** Copies of each kind the defender can see: his own hand, every meld and pond, the dora indicators. */
function visibleCounts(view: RiichiSeatView): number[] {
  const seen = new Array<number>(KIND_COUNT).fill(0);
  const add = (tile: Tile) => seen[tileKind(tile)]!++;
  view.concealed.forEach(add);
  view.melds.forEach((ms) => ms.forEach((m) => m.tiles.forEach(add)));
  // A called discard sits in the caller's meld: count it there only.
  view.ponds.forEach((p) => p.filter((x) => !x.called).forEach((x) => add(x.tile)));
  view.doraIndicators.forEach(add);
  return seen;
}

/**
 * Kinds that cannot be the attacker's winning kind: his own discards (he was not furiten when Stage B began, so
 * none of them is a wait; later shown draws did not complete his hand, so none of them is either) and the kinds
 * already named (every earlier guess missed).
 */
function safeKinds(view: RiichiSeatView, stageB: StageBView): Set<TileKind> {
  const safe = new Set<TileKind>();
  for (const p of view.ponds[stageB.attacker]!) safe.add(tileKind(p.tile));
  for (const t of stageB.shown) safe.add(tileKind(t));
  for (const [a, b] of stageB.guesses) safe.add(a).add(b);
  return safe;
}

/**
 * The defender's two distinct kinds: among the kinds that are not safe, the likeliest waits first. A middle
 * number (3-7) completes more shapes (two-sided, closed, pair) than a 2 or 8, which beat a terminal, which beats
 * an honor (pair or single wait only). A number tile on the suji of one of the attacker's discards (4 discarded:
 * 1 and 7) is less likely as a two-sided wait. A kind the defender sees all four of still counts (the wait may
 * exist), but less. The seeded jitter breaks ties.
 */
export function guessKinds(
  view: RiichiSeatView,
  stageB: StageBView,
  rng: Rng,
): readonly [TileKind, TileKind] {
  const safe = safeKinds(view, stageB);
  const seen = visibleCounts(view);
  const discarded = new Set(view.ponds[stageB.attacker]!.map((p) => tileKind(p.tile)));
  const scored: { kind: TileKind; score: number }[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    const kind = k as TileKind;
    if (safe.has(kind)) continue;
    let score = isHonor(kind) ? 1 : isTerminal(kind) ? 2 : k % 9 === 1 || k % 9 === 7 ? 3 : 4;
    if (!isHonor(kind)) {
      const n = k % 9;
      const suji =
        (n >= 3 && discarded.has((k - 3) as TileKind)) || (n <= 5 && discarded.has((k + 3) as TileKind));
      if (suji) score -= 1.5;
    }
    if (seen[k]! >= 4) score -= 2;
    scored.push({ kind, score: score + rng.next() * 0.5 });
  }
  scored.sort((a, b) => b.score - a.score || a.kind - b.kind);
  // Fewer than two unsafe kinds cannot happen with 34 kinds, but a guess must still be two distinct kinds.
  const pool = scored.map((s) => s.kind);
  for (let k = 0; pool.length < 2; k++) if (!pool.includes(k as TileKind)) pool.push(k as TileKind);
  return [pool[0]!, pool[1]!];
}
