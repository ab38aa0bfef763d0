// The Vietnamese jokers (seed 003): their names in a record, their ranges, and the record fields `jokers` / `winJoker` read and checked.
import { fail, ok, type Result } from '../../result.js';
import { isRecord, tileField } from '../../score-input.js';
import { isFlower, KIND_MASK, parseTiles, type Tile } from '../../tiles.js';
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

/** A joker in a declared meld and the tile of the meld it plays. */
export interface MeldJoker {
  readonly joker: JokerName;
  readonly tile: Tile;
}

/** A record's jokers: those among the concealed tiles, the winning tile's when it is one, those in melds, those laid out as bonus tiles. */
export interface JokersHeld {
  readonly held: readonly JokerName[];
  readonly winning: JokerName | null;
  readonly inMelds: readonly MeldJoker[];
  /** `tile`: the bonus tile (1f-8f) the joker was laid out as. */
  readonly asBonus: readonly MeldJoker[];
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
  const inMelds = meldJokersOf(raw);
  if (!inMelds.ok) return inMelds;
  const asBonus = bonusJokersOf(raw);
  if (!asBonus.ok) return asBonus;
  return ok({ held: list as JokerName[], winning, inMelds: inMelds.value, asBonus: asBonus.value });
}

/**
 * `bonusJokers`: jokers laid out as bonus tiles, `[{joker, tile}]` with the bonus tile (1f-8f) each was laid out
 * as. Seed 003: on the deal any joker may be; later only the Emperor and the Flower Joker (the record cannot say
 * when, so any joker is taken). Errors: `bad_tile` (not a joker, not a bonus tile).
 */
function bonusJokersOf(raw: Readonly<Record<string, unknown>>): Result<MeldJoker[]> {
  const list = raw.bonusJokers ?? [];
  if (!Array.isArray(list))
    return fail(
      'bad_input',
      `bonusJokers must be a list of {joker, tile}, got ${JSON.stringify(raw.bonusJokers)}`,
    );
  const found: MeldJoker[] = [];
  for (const entry of list as unknown[]) {
    if (!isRecord(entry) || !isJokerName(entry.joker))
      return fail(
        'bad_tile',
        `bonusJokers: ${JSON.stringify(entry)} is no {joker, tile} (jokers: ${JOKER_NAMES.join(', ')})`,
      );
    const tile = tileField(entry.tile, 'bonusJokers.tile');
    if (!tile.ok) return tile;
    if (!isFlower(tile.value & KIND_MASK))
      return fail('bad_tile', `bonusJokers: ${String(entry.tile)} is no bonus tile (1f-8f)`);
    found.push({ joker: entry.joker, tile: tile.value });
  }
  return ok(found);
}

/**
 * The jokers of declared melds: a meld's `jokers` lists `{joker, tile}`, the meld's `tiles` being written as the
 * tiles they play. Errors: `bad_meld` (not such a list, a tile the meld has not, or not in the joker's range).
 */
function meldJokersOf(raw: Readonly<Record<string, unknown>>): Result<MeldJoker[]> {
  const found: MeldJoker[] = [];
  const melds: unknown[] = Array.isArray(raw.melds) ? raw.melds : [];
  for (let i = 0; i < melds.length; i++) {
    const meld = melds[i];
    if (!isRecord(meld) || meld.jokers === undefined) continue;
    const where = `melds[${i}].jokers`;
    if (!Array.isArray(meld.jokers))
      return fail('bad_meld', `${where} must be a list of {joker, tile}, got ${JSON.stringify(meld.jokers)}`);
    const faces = typeof meld.tiles === 'string' ? parseTiles(meld.tiles) : null;
    const left = (faces?.ok ? faces.value : []).map((t) => t & KIND_MASK);
    for (const entry of meld.jokers as unknown[]) {
      if (!isRecord(entry) || !isJokerName(entry.joker))
        return fail(
          'bad_meld',
          `${where}: ${JSON.stringify(entry)} is no {joker, tile} (jokers: ${JOKER_NAMES.join(', ')})`,
        );
      const tile = tileField(entry.tile, `${where}.tile`);
      if (!tile.ok) return fail('bad_meld', tile.message);
      const kind = tile.value & KIND_MASK;
      const at = left.indexOf(kind);
      if (at < 0)
        return fail(
          'bad_meld',
          `${where}: the meld has no ${String(entry.tile)} for the ${entry.joker} joker to play`,
        );
      if (!jokerRange(entry.joker, false)[kind])
        return fail('bad_meld', `${where}: the ${entry.joker} joker cannot play ${String(entry.tile)}`);
      left.splice(at, 1);
      found.push({ joker: entry.joker, tile: tile.value });
    }
  }
  return ok(found);
}

/**
 * How many of each joker a set holds: `8` one of each of the eight (the seed's classical set); `24` (modern
 * sets: the seed gives only the total) read as three of each. Errors: `too_many_copies`.
 */
export function checkJokerCopies(jokers: JokersHeld, jokerSet: 8 | 24): Result<JokersHeld> {
  const most = jokerSet === 8 ? 1 : 3;
  const seen = new Map<JokerName, number>();
  const all = [
    ...jokers.held,
    ...(jokers.winning === null ? [] : [jokers.winning]),
    ...jokers.inMelds.map((j) => j.joker),
    ...jokers.asBonus.map((j) => j.joker),
  ];
  for (const name of all) {
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
