// The shape of a yaku unit: id, corpus name, value, and one test over the shared win context.
import type { YakuContext } from './context.js';

/** An ordinary yaku (riichi.md 11.2). `hanOpen` 0 = closed only. */
export interface Yaku {
  /** riichi.md id (Y01..), several units may share one id (Y08 haku / hatsu / chun). */
  readonly id: string;
  /** Name as in shared/data/FORMAT.md (tenhou's yaku list). */
  readonly name: string;
  readonly hanClosed: number;
  readonly hanOpen: number;
  /** `hand`: the test reads only hand facts, so it runs once per hand; `reading`: once per reading. */
  readonly scope: Scope;
  /** Feature bits (F_* in context.ts) without which the test cannot pass: a fast pre-filter, never the rule. */
  readonly needs: number;
  /** Whether the reading in ctx has this yaku; all of the yaku's logic and exclusions live here. */
  readonly test: (ctx: YakuContext) => boolean;
}

/** What a test depends on: hand facts only, or the decomposition and win placement too. */
export type Scope = 'hand' | 'reading';

/** A yakuman (riichi.md 11.3). `double`: counts as two yakuman when the option `doubleYakuman` is on. */
export interface Yakuman {
  readonly id: string;
  readonly name: string;
  readonly double: boolean;
  readonly scope: Scope;
  readonly needs: number;
  readonly test: (ctx: YakuContext) => boolean;
}
