// The JSON form of a Chinese-family win (shared/data/FORMAT-chinese.md) read and checked into a typed ChineseWin.
import { isKan, meldProblem, validateMeld, type Meld, type Wind } from '../hand.js';
import { fail, ok, type Result, type RuleError } from '../result.js';
import { isRecord, meldField, tileField, tileList } from '../score-input.js';
import {
  formatKind,
  isFlower,
  KIND_COUNT,
  KIND_MASK,
  parseTiles,
  RED_FLAG,
  tileKind,
  type Tile,
} from '../tiles.js';

/** A checked win of the Chinese family. Situational flags default to false. */
export interface ChineseWin {
  readonly id: unknown;
  readonly preset: string;
  /** Concealed tiles without the winning tile and without concealed kongs. */
  readonly closedTiles: readonly Tile[];
  readonly melds: readonly Meld[];
  /** Null only where the preset has wins that take no tile (Xiamen/Quanzhou). */
  readonly winTile: Tile | null;
  readonly tsumo: boolean;
  /** Seat wind of the player who discarded (or whose kong was robbed); null on a self-drawn win. */
  readonly discarder: Wind | null;
  readonly seatWind: Wind;
  readonly roundWind: Wind;
  /** Bonus tiles the winner laid down (kinds 34-41), each at most once. */
  readonly flowers: readonly Tile[];
  readonly haitei: boolean;
  readonly houtei: boolean;
  readonly rinshan: boolean;
  readonly chankan: boolean;
  readonly lastOfKind: boolean;
  /** The record's `rules` object ({} when absent); each preset reads its own options. */
  readonly rules: Readonly<Record<string, unknown>>;
  /** The whole record, for a preset's own fields (goldIndicator, winKind, ...). */
  readonly raw: Readonly<Record<string, unknown>>;
}

/** Wild tiles a record holds outside `closedTiles` (ChineseInputOptions.wilds). */
export interface WildsHeld {
  /** Wilds among the concealed tiles. */
  readonly held: number;
  /** The winning tile is a wild. */
  readonly winning: boolean;
  /** Tiles of declared melds that wilds play (not natural copies: left out of the copy count). */
  readonly inMelds: readonly Tile[];
}

export interface ChineseInputOptions {
  /** 4: 13-tile hands; 5: 16-tile hands. */
  readonly handSets: 4 | 5;
  /**
   * The preset allows a null winTile (a win that takes no tile): `closedTiles` is then the whole concealed
   * hand, between turns (3·(handSets − melds) + 1 tiles) or on the winner's turn (+ 2).
   */
  readonly winTileOptional?: boolean;
  /**
   * Wild tiles written outside `closedTiles` (Vietnamese jokers): how many the concealed hand holds, and whether
   * the winning tile is one (then `winTile` is absent). Checked before the hand size, which counts them.
   */
  readonly wilds?: (raw: Readonly<Record<string, unknown>>) => Result<WildsHeld>;
  /** A bonus tile may be the winning tile (Vietnamese: a discarded bonus tile may be won on). */
  readonly bonusWinTile?: boolean;
  /**
   * Where the preset plays a tile as another kind (Xiamen's White Dragons as the gold indicator's face): the
   * kind each kind written plays as (34 entries), read from the record, or null when no tile changes. Meld
   * shapes are checked on the kinds played (`7p5z9p` is a chow when White plays as 8p); every field keeps the
   * tiles as written, and copies are counted as written (physical tiles).
   */
  readonly playedKinds?: (raw: Readonly<Record<string, unknown>>) => Result<Uint8Array | null>;
}

/** Tile strings of the Chinese games: no red fives. */
const NO_RED_FIVES = Object.freeze({ redFives: false });
/** What a preset without wilds holds outside `closedTiles`: nothing. */
const NO_WILDS: Result<WildsHeld> = Object.freeze(
  ok<WildsHeld>(Object.freeze({ held: 0, winning: false, inMelds: [] })),
);

const isWind = (value: unknown): value is Wind => value === 1 || value === 2 || value === 3 || value === 4;

/** `bad_tile` for a bonus tile where only playing tiles belong, `bad_red_five` for a red five. */
function playingTileProblem(tile: Tile, field: string): RuleError | null {
  if (tile & RED_FLAG) return fail('bad_red_five', `${field}: this game has no red fives (0m, 0p, 0s)`);
  const kind = tile & KIND_MASK;
  if (kind >= KIND_COUNT)
    return fail('bad_tile', `${field}: ${formatKind(kind)} is a bonus tile; bonus tiles go in "flowers"`);
  return null;
}

/**
 * Reads and checks one record (FORMAT-chinese.md). Errors: `bad_input` (a missing or mistyped field, flags
 * that contradict each other or the hand), `bad_tile` / `bad_red_five` / `too_many_copies` (tiles),
 * `bad_meld`, `bad_hand_size` (concealed tiles ≠ 3·(handSets − melds) + 1).
 */
export function parseChineseInput(raw: unknown, options: ChineseInputOptions): Result<ChineseWin> {
  if (!isRecord(raw)) return fail('bad_input', `a win is a JSON object, got ${JSON.stringify(raw)}`);
  // Each field read once: records come in many shapes, and every read of one is a lookup by name.
  const {
    closedTiles,
    winTile: winText,
    melds: meldList,
    tsumo,
    seatWind,
    roundWind,
    discarder: dealtIn,
  } = raw;
  const { haitei, houtei, rinshan, chankan, lastOfKind, flowers: flowerList, rules } = raw;
  const played = options.playedKinds ? options.playedKinds(raw) : null;
  if (played !== null && !played.ok) return played;
  const playedAs = played?.value ?? null;
  if (typeof closedTiles !== 'string')
    return fail('bad_input', `closedTiles must be a compact tile string, got ${JSON.stringify(closedTiles)}`);
  const closed = parseTiles(closedTiles, NO_RED_FIVES);
  if (!closed.ok) return fail(closed.code, `closedTiles: ${closed.message}`);
  for (const tile of closed.value) {
    const problem = playingTileProblem(tile, 'closedTiles');
    if (problem) return problem;
  }
  const wilds = options.wilds ? options.wilds(raw) : NO_WILDS;
  if (!wilds.ok) return wilds;
  let winTile: Tile | null = null;
  if (winText === null || winText === undefined) {
    if (!options.winTileOptional && !wilds.value.winning)
      return fail('bad_input', 'winTile is required: the tile the hand won on');
  } else {
    if (wilds.value.winning)
      return fail('bad_input', 'winTile is given beside a winning wild: give one of them');
    const tile = tileField(winText, 'winTile');
    if (!tile.ok) return tile;
    const bonusWin = options.bonusWinTile === true && isFlower(tileKind(tile.value));
    const problem = bonusWin ? null : playingTileProblem(tile.value, 'winTile');
    if (problem) return problem;
    winTile = tile.value;
  }
  if (meldList !== undefined && !Array.isArray(meldList))
    return fail('bad_input', `melds must be an array, got ${JSON.stringify(meldList)}`);
  const melds: Meld[] = [];
  const rawMelds: unknown[] = meldList ?? [];
  if (rawMelds.length > options.handSets)
    return fail('bad_hand_size', `${rawMelds.length} melds: a hand has at most ${options.handSets}`);
  for (let i = 0; i < rawMelds.length; i++) {
    const meld = meldField(rawMelds[i], i);
    if (!meld.ok) return meld;
    for (const tile of meld.value.tiles)
      if (tile & RED_FLAG || (tile & KIND_MASK) >= KIND_COUNT)
        return playingTileProblem(tile, `melds[${i}].tiles`)!; // the field's name built for the error only
    const shape = playedAs === null ? meld.value : playedMeld(meld.value, playedAs);
    if (meldProblem(shape) !== null) return validateMeld(shape) as RuleError;
    melds.push(meld.value);
  }
  const takesNoTile = winTile === null && !wilds.value.winning;
  const expected = 3 * (options.handSets - melds.length) + 1 - wilds.value.held;
  // Without a winning tile the whole concealed hand, between turns or on the winner's turn.
  if (closed.value.length !== expected && !(takesNoTile && closed.value.length === expected + 1))
    return fail(
      'bad_hand_size',
      takesNoTile
        ? `${closed.value.length} concealed tiles with ${melds.length} meld(s) and no winning tile: expected ${expected} or ${expected + 1} (the whole concealed hand, concealed kongs left out)`
        : `${closed.value.length} concealed tiles with ${melds.length} meld(s): expected ${expected} (without the winning tile and concealed kongs)`,
    );
  if (typeof tsumo !== 'boolean')
    return fail('bad_input', `tsumo must be true or false, got ${JSON.stringify(tsumo)}`);
  if (!isWind(seatWind))
    return fail('bad_input', `seatWind must be 1-4 (E S W N), got ${JSON.stringify(seatWind)}`);
  if (!isWind(roundWind))
    return fail('bad_input', `roundWind must be 1-4 (E S W N), got ${JSON.stringify(roundWind)}`);
  let discarder: Wind | null = null;
  if (tsumo) {
    if (dealtIn !== undefined && dealtIn !== null)
      return fail('bad_input', 'discarder is given on a self-drawn win (tsumo: true)');
  } else {
    if (!isWind(dealtIn))
      return fail(
        'bad_input',
        `discarder must be the seat wind 1-4 of the player who dealt in, got ${JSON.stringify(dealtIn)}`,
      );
    if (dealtIn === seatWind) return fail('bad_input', `discarder ${dealtIn} is the winner's own seat wind`);
    discarder = dealtIn;
  }
  const badFlag =
    flagProblem('haitei', haitei) ??
    flagProblem('houtei', houtei) ??
    flagProblem('rinshan', rinshan) ??
    flagProblem('chankan', chankan) ??
    flagProblem('lastOfKind', lastOfKind);
  if (badFlag) return badFlag;
  const flowers = tileList(flowerList, 'flowers');
  if (!flowers.ok) return flowers;
  let seenFlowers = 0; // bit k − 34 for bonus kind k
  for (const tile of flowers.value) {
    if (!isFlower(tileKind(tile)))
      return fail('bad_tile', `flowers: ${formatKind(tileKind(tile))} is not a bonus tile (1f-8f)`);
    const bit = 1 << (tile - KIND_COUNT);
    if (seenFlowers & bit)
      return fail('too_many_copies', `flowers: ${formatKind(tile)} twice; each bonus tile exists once`);
    seenFlowers |= bit;
  }
  if (rules !== undefined && !isRecord(rules))
    return fail('bad_input', `rules must be an object, got ${JSON.stringify(rules)}`);
  const copies = copiesProblem(closed.value, melds, winTile, wilds.value.inMelds);
  if (copies) return copies;
  const { id, preset } = raw;
  const win: ChineseWin = {
    id: id ?? null,
    preset: typeof preset === 'string' ? preset : '',
    closedTiles: closed.value,
    melds,
    winTile,
    tsumo,
    discarder,
    seatWind,
    roundWind,
    flowers: flowers.value,
    haitei: haitei === true,
    houtei: houtei === true,
    rinshan: rinshan === true,
    chankan: chankan === true,
    lastOfKind: lastOfKind === true,
    rules: rules ?? {},
    raw,
  };
  const situation = situationProblem(win);
  return situation ? fail('bad_input', situation) : ok(win);
}

/** `bad_input` for a situational flag that is neither absent nor a boolean. */
const flagProblem = (name: string, value: unknown): RuleError | null =>
  value !== undefined && typeof value !== 'boolean'
    ? fail('bad_input', `${name} must be true or false, got ${JSON.stringify(value)}`)
    : null;

/** The meld as its tiles play (`playedAs`: kind written → kind played), for the shape check only. */
function playedMeld(meld: Meld, playedAs: Uint8Array): Meld {
  const changes = (tile: Tile | undefined): boolean =>
    tile !== undefined && playedAs[tile & KIND_MASK] !== (tile & KIND_MASK);
  if (!meld.tiles.some(changes) && !changes(meld.calledTile) && !changes(meld.addedTile)) return meld;
  const as = (tile: Tile): Tile => ((tile & ~KIND_MASK) | playedAs[tile & KIND_MASK]!) as Tile;
  return {
    ...meld,
    tiles: meld.tiles.map(as),
    ...(meld.calledTile === undefined ? {} : { calledTile: as(meld.calledTile) }),
    ...(meld.addedTile === undefined ? {} : { addedTile: as(meld.addedTile) }),
  };
}

/** Scratch of copiesProblem (parsing is synchronous). */
const copyCounts = new Int8Array(KIND_COUNT);

/** More than four copies of a kind over the concealed tiles, the melds (less the tiles wilds play) and the winning tile. */
function copiesProblem(
  closed: readonly Tile[],
  melds: readonly Meld[],
  winTile: Tile | null,
  wildsInMelds: readonly Tile[],
): RuleError | null {
  const counts = copyCounts.fill(0);
  for (const tile of wildsInMelds) counts[tile & KIND_MASK]!--;
  const add = (tile: Tile): boolean => ++counts[tile & KIND_MASK]! > 4;
  let over = -1;
  for (const tile of closed) if (add(tile)) over = tile & KIND_MASK;
  for (const meld of melds) for (const tile of meld.tiles) if (add(tile)) over = tile & KIND_MASK;
  if (winTile !== null && !isFlower(tileKind(winTile)) && add(winTile)) over = winTile & KIND_MASK;
  return over < 0
    ? null
    : fail(
        'too_many_copies',
        `the hand holds ${counts[over]} copies of ${formatKind(over)} (concealed, melds and winning tile); a set has 4`,
      );
}

/** Win flags that contradict each other or the hand: the reason, or null. */
function situationProblem(win: ChineseWin): string | null {
  if (win.haitei && !win.tsumo)
    return 'haitei is a self-drawn win on the last tile of the wall (tsumo: true)';
  if (win.houtei && win.tsumo) return 'houtei is a win on the final discard (tsumo: false)';
  if (win.rinshan && !win.tsumo) return 'rinshan is a self-drawn win on a replacement tile (tsumo: true)';
  if (win.rinshan && !win.melds.some(isKan))
    return 'rinshan without a kong: the replacement tile follows a kong';
  if (win.chankan && win.tsumo)
    return "chankan is a win on a tile added to another player's pung (tsumo: false)";
  if (win.chankan && win.winTile !== null) {
    const kind = win.winTile & KIND_MASK;
    // The robbed kong held the other three copies: the winner holds none of them.
    const held =
      win.closedTiles.some((t) => (t & KIND_MASK) === kind) ||
      win.melds.some((m) => m.tiles.some((t) => (t & KIND_MASK) === kind));
    if (held)
      return `chankan on ${formatKind(kind)}, but the winner holds a ${formatKind(kind)} (the other three were the robbed kong)`;
  }
  if (win.lastOfKind && win.winTile !== null) {
    const kind = win.winTile & KIND_MASK;
    if (win.closedTiles.some((t) => (t & KIND_MASK) === kind))
      return `lastOfKind on ${formatKind(kind)}, but the winner holds another ${formatKind(kind)} (the other three copies must be visible)`;
  }
  return null;
}
