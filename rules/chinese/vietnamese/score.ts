// Scoring a Vietnamese win (seed 003) on the Hong Kong Old Style faan base: jokers as wilds maximised over every assignment, kings and queens as bonus tiles, a win on a discarded bonus tile or joker; what the seed leaves unsourced is an option or refused.
import { fail, ok, type Result } from '../../result.js';
import { formatKind, isFlower, KIND_MASK, tileKind } from '../../tiles.js';
import { WILD_RANGES } from '../../wilds.js';
import type { ChineseWin, WildsHeld } from '../input.js';
import { hongKongRulesOf, type HongKongRules } from '../hong-kong/rules.js';
import { scoreOnHongKongBase, type HongKongOutput } from '../hong-kong/score.js';
import { checkJokerCopies, jokerRange, jokersOf, wildGroupsOf } from './jokers.js';

/** Vietnamese options beside the Hong Kong ones (`rules`). */
export interface VietnameseRules {
  /** 8 jokers (one of each) or 24 (modern sets; read as three of each: the seed gives only the total). */
  readonly joker_set: 8 | 24;
  /** The Suited Joker also stands for a bonus tile ("according to some rules", seed 003). */
  readonly suited_joker_bonus: boolean;
  /**
   * "No Flowers, No Leaves" (no jokers, bonus tiles or honors): the seed names a huge bonus but not its value nor
   * its full conditions. `not_played` (default): the table does not play it, the hand is scored on the Hong Kong
   * base; `played`: such a hand is refused (`rule_disabled`) rather than paid an invented bonus.
   */
  readonly no_flowers_no_leaves: 'not_played' | 'played';
}

const VIETNAMESE_DEFAULTS: VietnameseRules = {
  joker_set: 8,
  suited_joker_bonus: false,
  no_flowers_no_leaves: 'not_played',
};
const CHOICES: Readonly<Record<keyof VietnameseRules, readonly unknown[]>> = {
  joker_set: [8, 24],
  suited_joker_bonus: [false, true],
  no_flowers_no_leaves: ['not_played', 'played'],
};

/** The Vietnamese options and the Hong Kong ones from a record's `rules`. Errors: `bad_input`. */
function rulesOf(raw: Readonly<Record<string, unknown>>): Result<{ hk: HongKongRules; vn: VietnameseRules }> {
  const hk = hongKongRulesOf(raw, Object.keys(CHOICES));
  if (!hk.ok) return hk;
  const vn: Record<string, unknown> = { ...VIETNAMESE_DEFAULTS };
  for (const [name, choices] of Object.entries(CHOICES)) {
    if (raw[name] === undefined) continue;
    if (!choices.includes(raw[name]))
      return fail(
        'bad_input',
        `rules.${name} must be ${choices.map((c) => JSON.stringify(c)).join(' or ')}, got ${JSON.stringify(raw[name])}`,
      );
    vn[name] = raw[name];
  }
  return ok({ hk: hk.value, vn: vn as unknown as VietnameseRules });
}

/** The record's `kingsQueens`: how many of the eight kings and queens the winner has laid down (0-8). */
function kingsQueensOf(raw: Readonly<Record<string, unknown>>): Result<number> {
  const n = raw.kingsQueens ?? 0;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 8)
    return fail(
      'bad_input',
      `kingsQueens must be a whole number 0-8 (kings and queens laid down), got ${JSON.stringify(n)}`,
    );
  return ok(n);
}

/** The input hook (ChineseInputOptions.wilds): the jokers beside closedTiles. */
export function vietnameseWilds(raw: Readonly<Record<string, unknown>>): Result<WildsHeld> {
  const jokers = jokersOf(raw);
  if (!jokers.ok) return jokers;
  const { held, winning, inMelds } = jokers.value;
  return ok({ held: held.length, winning: winning !== null, inMelds: inMelds.map((j) => j.tile) });
}

/**
 * Scores a checked Vietnamese win (13-tile hands; 152 tiles + 8 or 24 jokers) on the Hong Kong faan table:
 * record fields beside FORMAT-chinese.md: `jokers` (names of the jokers among the concealed tiles), `winJoker`
 * (the winning tile is that joker; no winTile), `kingsQueens` (0-8 laid down: bonus tiles with no faan of their
 * own, the seed giving none; they do cancel "no bonus tiles"). A declared meld is written as the tiles it plays;
 * its `jokers` lists `[{joker, tile}]`, the jokers among them (left out of the copy count, counted as jokers);
 * `bonusJokers` (`[{joker, tile}]`) the jokers laid out as bonus tiles, each as the bonus tile `tile`. Errors: those of Hong Kong, `too_many_copies` (jokers), `not_a_win` (a Flower Joker held in a
 * set, a bonus tile or Flower Joker won on by self-draw), `rule_disabled` (No Flowers, No Leaves when played).
 */
export function scoreVietnamese(win: ChineseWin): Result<HongKongOutput> {
  const rules = rulesOf(win.rules);
  if (!rules.ok) return rules;
  const { hk, vn } = rules.value;
  const read = jokersOf(win.raw);
  if (!read.ok) return read;
  const jokers = checkJokerCopies(read.value, vn.joker_set);
  if (!jokers.ok) return jokers;
  const kingsQueens = kingsQueensOf(win.raw);
  if (!kingsQueens.ok) return kingsQueens;
  if (jokers.value.held.includes('flower'))
    return fail(
      'not_a_win',
      'a Flower Joker stands for a bonus tile only and never sits in a set: lay it out',
    );
  // Seed 003: a discarded bonus tile or Flower Joker may be taken as the winning tile. Our reading: it then
  // completes the hand as the tile the hand waits on (any playing tile); it is not laid out as a bonus tile.
  const winsOnBonus =
    (win.winTile !== null && isFlower(tileKind(win.winTile))) || jokers.value.winning === 'flower';
  if (winsOnBonus && win.tsumo)
    return fail(
      'not_a_win',
      "a bonus tile or Flower Joker is won on only as another player's discard (tsumo: false)",
    );
  const noFlowersNoLeaves =
    jokers.value.held.length === 0 &&
    jokers.value.winning === null &&
    !winsOnBonus &&
    win.flowers.length === 0 &&
    jokers.value.asBonus.length === 0 &&
    kingsQueens.value === 0 &&
    ![...win.closedTiles, ...win.melds.flatMap((m) => m.tiles), win.winTile!].some((t) => tileKind(t) >= 27);
  if (noFlowersNoLeaves && vn.no_flowers_no_leaves === 'played')
    return fail(
      'rule_disabled',
      'No Flowers, No Leaves: the seed names a bonus but not its value nor its conditions (rules.no_flowers_no_leaves "not_played" scores the hand on the Hong Kong base)',
    );
  const closed = new Uint8Array(34);
  for (const tile of win.closedTiles) closed[tile & KIND_MASK]!++;
  const winningRange = winsOnBonus
    ? WILD_RANGES.anyButBonus
    : jokers.value.winning !== null
      ? jokerRange(jokers.value.winning, vn.suited_joker_bonus)
      : null;
  // Jokers laid out as bonus tiles score as the bonus tiles they were laid out as; each bonus tile exists once.
  const flowers = [...win.flowers];
  for (const { tile } of jokers.value.asBonus) {
    if (flowers.some((t) => (t & KIND_MASK) === (tile & KIND_MASK)))
      return fail('too_many_copies', `bonusJokers: ${formatKind(tile & KIND_MASK)} is laid out twice`);
    flowers.push(tile);
  }
  return scoreOnHongKongBase(
    { ...win, flowers },
    hk,
    {
      closed,
      melds: win.melds,
      winKind: winningRange === null ? win.winTile! & KIND_MASK : -1,
      winningRange,
      wilds: wildGroupsOf(jokers.value.held, vn.suited_joker_bonus),
      wildsInMelds: jokers.value.inMelds.map((j) => j.tile & KIND_MASK),
    },
    kingsQueens.value,
  );
}
