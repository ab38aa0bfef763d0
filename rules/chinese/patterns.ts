// What every Chinese pattern table shares: a pattern is a small unit over its preset's win context; the scored items and the payments keyed by seat wind (FORMAT-chinese.md).
import type { Wind } from '../hand.js';

/** One pattern (an MCR fan, a Zung Jung pattern, a Hong Kong faan): its test lives in `count`. */
export interface Pattern<C, I extends string | number = string> {
  readonly id: I;
  readonly name: string;
  /** How many times the pattern scores in the reading in ctx (0: not at all). */
  readonly count: (ctx: C) => number;
}

/** A scored pattern as `score` prints it: its id, name, value per time and how many times it scores. */
export interface ChineseItem<I extends string | number = string> {
  readonly id: I;
  readonly name: string;
  readonly fan: number;
  readonly count: number;
}

/** The result of `score` for MCR, Zung Jung, Hong Kong and Vietnamese (FORMAT-chinese.md). */
export interface FanOutput<I extends string | number = string> {
  readonly id: unknown;
  /** The hand's value without flower points (MCR points, Zung Jung points, Hong Kong counting faan). */
  readonly fan: number;
  readonly flowerFan: number;
  readonly items: readonly ChineseItem<I>[];
  /** The winner's gain. */
  readonly total: number;
  /** What each loser pays, by seat wind "1"-"4". */
  readonly payments: Readonly<Record<string, number>>;
}

/** Frozen items shared between results: an item depends on its pattern, value and count only. */
export class ItemCache<I extends string | number> {
  private readonly items = new Map<string, ChineseItem<I>>();

  of(id: I, name: string, fan: number, count: number): ChineseItem<I> {
    const key = `${id}|${fan}|${count}`;
    let item = this.items.get(key);
    if (item === undefined) {
      item = Object.freeze({ id, name, fan, count });
      this.items.set(key, item);
    }
    return item;
  }
}

/** What each loser pays, keyed by seat wind "1"-"4" (the winner's left out), and the winner's gain. */
export interface Settlement {
  readonly payments: Record<string, number>;
  readonly total: number;
}

const WINDS: readonly Wind[] = [1, 2, 3, 4];

/** The settlement where `amount(wind)` is what the loser at seat `wind` pays. */
export function settle(winner: Wind, amount: (loser: Wind) => number): Settlement {
  const payments: Record<string, number> = {};
  let total = 0;
  for (const wind of WINDS) {
    if (wind === winner) continue;
    const paid = amount(wind);
    payments[String(wind)] = paid;
    total += paid;
  }
  return { payments, total };
}
