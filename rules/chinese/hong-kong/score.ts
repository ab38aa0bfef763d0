// Scoring a Hong Kong Old Style win: every reading scored faan by faan, the minimum on the counting faan, the limit, faan to points and who pays (hong-kong.md §2-§4); Vietnamese scores on the same base.
import type { Wind } from '../../hand.js';
import { fail, ok, type Result } from '../../result.js';
import { KIND_MASK } from '../../tiles.js';
import type { ChineseWin } from '../input.js';
import { ItemCache, settle, type ChineseItem, type FanOutput, type Settlement } from '../patterns.js';
import { SEVEN_PAIRS, SUIT } from '../sets.js';
import {
  forEachReading,
  newWinContext,
  setWinFacts,
  winFactsOf,
  type ReadingFilter,
  type WinTiles,
} from '../win-context.js';
import { exposedSetsOfSuit, FAAN, type HongKongContext } from './faan.js';
import { basePoints, HONG_KONG_DEFAULTS, hongKongRulesOf, type HongKongRules } from './rules.js';

/** The result of `score` for Hong Kong and Vietnamese: `fan` the counting faan, `flowerFan` the bonus-tile faan. */
export type HongKongOutput = FanOutput;

// Scoring is synchronous: one context and the tables below serve every call.
const ctx: HongKongContext = {
  ...newWinContext(),
  flowers: 0,
  extraBonus: 0,
  bonusReplacement: false,
  rules: HONG_KONG_DEFAULTS,
};
const counts = new Int32Array(FAAN.length);
const best = new Int32Array(FAAN.length);
const ITEMS = new ItemCache<string>();

/** A reading's value: the limit pattern it holds (-1: none), its counting and bonus faan. */
interface Value {
  limitIndex: number;
  counting: number;
  bonus: number;
}

/** Scores the reading in ctx into `counts`; limit hands outrank every counted hand. */
function evaluate(rules: HongKongRules, into: Value): void {
  into.limitIndex = -1;
  into.counting = 0;
  into.bonus = 0;
  for (let i = 0; i < FAAN.length; i++) {
    const pattern = FAAN[i]!;
    const n = pattern.count(ctx);
    const faan = n > 0 ? pattern.faan(rules) : 0;
    counts[i] = faan === 0 ? 0 : n;
    if (faan === 0) continue;
    if (faan === 'limit') {
      if (into.limitIndex < 0) into.limitIndex = i;
    } else if (pattern.bonus?.(rules)) into.bonus += faan * n;
    else into.counting += faan * n;
  }
}

/** Faan paid: the limit for a limit hand, else counting + bonus faan capped at the limit. */
const paidFaan = (v: Value, rules: HongKongRules): number =>
  v.limitIndex >= 0 ? rules.limit_faan : Math.min(v.counting + v.bonus, rules.limit_faan);

/**
 * Who pays b (§4): on a discard the discarder 2b and the others b, self-drawn 2b each; `discarder_only`: the
 * discarder 4b; `dealer_double`: East pays and receives double; `discarder_pays_all` when `payable`: the discarder
 * pays what the whole table would have. Example: b = 8 on a discard by South: {"2": 16, "3": 8, "4": 8}.
 */
export function hongKongPayments(
  win: Pick<ChineseWin, 'seatWind' | 'tsumo' | 'discarder'>,
  b: number,
  rules: HongKongRules,
  discarderPaysAll: boolean,
): Settlement {
  const dealer = (loser: Wind): number =>
    rules.dealer_double && (loser === 1 || win.seatWind === 1) ? 2 : 1;
  const standard = (loser: Wind): number =>
    dealer(loser) * (win.tsumo ? 2 * b : loser === win.discarder ? 2 * b : b);
  if (win.tsumo) return settle(win.seatWind, standard);
  if (rules.payment === 'discarder_only')
    return settle(win.seatWind, (loser) => (loser === win.discarder ? dealer(loser) * 4 * b : 0));
  if (discarderPaysAll) {
    const whole = settle(win.seatWind, standard).total;
    return settle(win.seatWind, (loser) => (loser === win.discarder ? whole : 0));
  }
  return settle(win.seatWind, standard);
}

/**
 * §4 "Discarder pays for all": the winner shows three exposed sets of one suit and wins a one-suit hand of that
 * suit (honors allowed) on a discard of that suit.
 */
function discarderPaysAll(win: ChineseWin, rules: HongKongRules, winKind: number): boolean {
  if (!rules.discarder_pays_all || win.tsumo || winKind >= 27) return false;
  const suit = SUIT[winKind]!;
  return exposedSetsOfSuit(ctx, suit) >= 3 && ctx.suitMask === 1 << suit;
}

/**
 * Scores a win on the Hong Kong base: `tiles` (jokers as wilds for Vietnamese), `rules` already read, `extraBonus`
 * bonus tiles beyond the eight (Vietnamese kings and queens). Errors: `bad_input` (`bonusReplacement`),
 * `bad_win_kind` / `not_a_win` (winKind; no winning shape), `below_minimum` (counting faan under
 * rules.minimum_faan; limit hands always qualify).
 */
export function scoreOnHongKongBase(
  win: ChineseWin,
  rules: HongKongRules,
  tiles: WinTiles,
  extraBonus = 0,
  only: ReadingFilter | null = null,
): Result<HongKongOutput> {
  const replacement = win.raw.bonusReplacement;
  if (replacement !== undefined && typeof replacement !== 'boolean')
    return fail('bad_input', `bonusReplacement must be true or false, got ${JSON.stringify(replacement)}`);
  if (replacement === true && !win.tsumo)
    return fail('bad_input', 'bonusReplacement: the replacement for a bonus tile is drawn (tsumo: true)');
  const facts = winFactsOf(win, win.preset);
  if (!facts.ok) return facts;
  setWinFacts(ctx, facts.value);
  ctx.rules = rules;
  ctx.extraBonus = extraBonus;
  ctx.bonusReplacement = win.raw.bonusReplacement === true;
  let flowers = 0;
  for (const tile of win.flowers) flowers |= 1 << ((tile & KIND_MASK) - 34);
  ctx.flowers = flowers;
  const value: Value = { limitIndex: -1, counting: 0, bonus: 0 };
  const top: Value = { limitIndex: -1, counting: -1, bonus: 0 };
  let topPaid = -1;
  let paysAll = false;
  let allowed = 0;
  const readings = forEachReading(
    ctx,
    tiles,
    () => {
      if (ctx.shape === SEVEN_PAIRS && rules.seven_pairs === 'off') return;
      allowed++;
      evaluate(rules, value);
      const paid = paidFaan(value, rules);
      // The winner's best: the most faan paid, then the most counting faan (a reading that meets the minimum).
      if (paid > topPaid || (paid === topPaid && value.counting > top.counting)) {
        topPaid = paid;
        Object.assign(top, value);
        best.set(counts);
        paysAll = discarderPaysAll(win, rules, ctx.winKind);
      }
      // A limit hand pays the limit and always qualifies: no other reading or joker assignment pays more.
      return top.limitIndex < 0;
    },
    only,
  );
  if (readings === 0)
    return fail(
      'not_a_win',
      'the tiles make no winning shape: four sets and a pair, seven pairs or thirteen orphans',
    );
  if (allowed === 0)
    return fail('not_a_win', 'seven pairs is no winning hand at this table (rules.seven_pairs "off")');
  if (top.limitIndex < 0 && top.counting < rules.minimum_faan)
    return fail(
      'below_minimum',
      `the hand has ${top.counting} faan toward the minimum (bonus-tile faan not counted); a win needs ${rules.minimum_faan} (rules.minimum_faan)`,
    );
  const items: ChineseItem[] = [];
  let fan: number;
  let flowerFan: number;
  if (top.limitIndex >= 0) {
    // A limit hand is paid at the limit once, whatever else it holds: its first limit pattern stands for it.
    const pattern = FAAN[top.limitIndex]!;
    items.push(ITEMS.of(pattern.id, pattern.name, rules.limit_faan, 1));
    fan = rules.limit_faan;
    flowerFan = 0;
  } else {
    for (let i = 0; i < FAAN.length; i++) {
      const n = best[i]!;
      if (n === 0) continue;
      const pattern = FAAN[i]!;
      items.push(ITEMS.of(pattern.id, pattern.name, pattern.faan(rules) as number, n));
    }
    fan = top.counting;
    flowerFan = top.bonus;
  }
  const b = basePoints(Math.min(fan + flowerFan, rules.limit_faan), rules);
  const { payments, total } = hongKongPayments(win, b, rules, paysAll);
  return ok({ id: win.id, fan, flowerFan, items, total, payments });
}

/**
 * Scores a checked Hong Kong Old Style win (13-tile hands, 144 tiles); `only`: the readings weighed (all). Errors: `bad_input` (options; a
 * `bonusReplacement` that is not a boolean), those of scoreOnHongKongBase.
 */
export function scoreHongKong(win: ChineseWin, only: ReadingFilter | null = null): Result<HongKongOutput> {
  const rules = hongKongRulesOf(win.rules);
  if (!rules.ok) return rules;
  if (win.winTile === null) return fail('bad_input', 'winTile is required in Hong Kong Old Style');
  const closed = new Uint8Array(34);
  for (const tile of win.closedTiles) closed[tile & KIND_MASK]!++;
  return scoreOnHongKongBase(
    win,
    rules.value,
    {
      closed,
      melds: win.melds,
      winKind: win.winTile & KIND_MASK,
      winningRange: null,
      wilds: [],
    },
    0,
    only,
  );
}
