// The Vietnamese jokers (seed 003): their names in a record, their ranges, and the record fields `jokers` / `winJoker` read and checked.
import { fail, ok, type Result } from '../../result.js';
import { WILD_RANGES, wildRange, type WildGroup, type WildRange } from '../../wilds.js';

/** The eight jokers of the seed, by the name a record gives them. */
export const JOKER_NAMES = [
  'emperor',
  'characters',
  'dots',
  'bamboo',
  'suited',
  'wind',
  'dragon',
  'flower',
] as const;
export type JokerName = (typeof JOKER_NAMES)[number];

/** The Suited Joker when "some rules" let it stand for a bonus tile too (seed 003; option suited_joker_bonus). */
const SUITED_OR_BONUS = wildRange([
  ...Array.from({ length: 27 }, (_, k) => k),
  ...Array.from({ length: 8 }, (_, i) => 34 + i),
]);

/** The range of a joker. The Flower Joker stands for bonus tiles only: it never sits in a set. */
export function jokerRange(name: JokerName, suitedJokerBonus: boolean): WildRange {
  switch (name) {
    case 'emperor':
      return WILD_RANGES.anyTile;
    case 'suited':
      return suitedJokerBonus ? SUITED_OR_BONUS : WILD_RANGES.suited;
    case 'flower':
      return WILD_RANGES.bonus;
    default:
      return WILD_RANGES[name];
  }
}

const isJokerName = (value: unknown): value is JokerName =>
  typeof value === 'string' && (JOKER_NAMES as readonly string[]).includes(value);

/** A record's jokers: those among the concealed tiles, and the winning tile's when it is one. */
export interface JokersHeld {
  readonly held: readonly JokerName[];
  readonly winning: JokerName | null;
}

/**
 * Reads `jokers` (names of the jokers among the concealed tiles, besides closedTiles) and `winJoker` (the winning
 * tile is that joker). Errors: `bad_input` (not a list of joker names), `bad_tile` (an unknown joker).
 */
export function jokersOf(raw: Readonly<Record<string, unknown>>): Result<JokersHeld> {
  const list = raw.jokers ?? [];
  if (!Array.isArray(list))
    return fail('bad_input', `jokers must be a list of joker names, got ${JSON.stringify(raw.jokers)}`);
  for (const name of list)
    if (!isJokerName(name))
      return fail(
        'bad_tile',
        `jokers: ${JSON.stringify(name)} is no joker (known: ${JOKER_NAMES.join(', ')})`,
      );
  const winning = raw.winJoker ?? null;
  if (winning !== null && !isJokerName(winning))
    return fail(
      'bad_tile',
      `winJoker: ${JSON.stringify(winning)} is no joker (known: ${JOKER_NAMES.join(', ')})`,
    );
  return ok({ held: list as JokerName[], winning });
}

/**
 * How many of each joker a set holds: `8` one of each of the eight (the seed's classical set); `24` (modern
 * sets: the seed gives only the total) read as three of each. Errors: `too_many_copies`.
 */
export function checkJokerCopies(jokers: JokersHeld, jokerSet: 8 | 24): Result<JokersHeld> {
  const most = jokerSet === 8 ? 1 : 3;
  const seen = new Map<JokerName, number>();
  for (const name of [...jokers.held, ...(jokers.winning === null ? [] : [jokers.winning])]) {
    const n = (seen.get(name) ?? 0) + 1;
    if (n > most)
      return fail(
        'too_many_copies',
        `${n} ${name} jokers: a ${jokerSet}-joker set has ${most === 1 ? 'one' : 'three'} (rules.joker_set)`,
      );
    seen.set(name, n);
  }
  return ok(jokers);
}

/** The held jokers as wild groups (one group per distinct range). */
export function wildGroupsOf(held: readonly JokerName[], suitedJokerBonus: boolean): WildGroup[] {
  const groups = new Map<JokerName, number>();
  for (const name of held) groups.set(name, (groups.get(name) ?? 0) + 1);
  return [...groups].map(([name, count]) => ({ range: jokerRange(name, suitedJokerBonus), count }));
}
