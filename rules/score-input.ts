// The JSON form of a win (`mahjong-table score`, shared/data/FORMAT.md) read into a typed WinContext and options.
import type { Meld, MeldType, Relative, Wind } from './hand.js';
import { makeRules, presetOf, PRESETS, type RuleOptions } from './options.js';
// The variants register their presets (minefield, sanma, …) as they load: a record may name any of them.
import './variants/index.js';
import { fail, ok, type Ok, type Result, type RuleError } from './result.js';
import type { WinContext } from './score.js';
import { KIND_COUNT, parseTile, parseTiles, RED_FLAG, type Tile } from './tiles.js';

/** One input record. Extra fields are ignored. */
export interface ScoreInput {
  readonly id?: unknown;
  readonly closedTiles: string;
  readonly melds?: readonly {
    type: MeldType;
    tiles: string;
    calledTile?: string;
    addedTile?: string;
    from?: Relative;
  }[];
  readonly winTile: string;
  readonly tsumo: boolean;
  readonly seatWind: Wind;
  readonly roundWind: Wind;
  readonly dealer?: boolean;
  readonly riichi?: boolean;
  readonly doubleRiichi?: boolean;
  readonly ippatsu?: boolean;
  readonly haitei?: boolean;
  readonly houtei?: boolean;
  readonly rinshan?: boolean;
  readonly chankan?: boolean;
  readonly tenhou?: boolean;
  readonly chiihou?: boolean;
  /** Not in FORMAT.md: Gift of Man (option `renhou`). */
  readonly renhou?: boolean;
  /** Not in FORMAT.md: consecutive dealer wins including this one (option `paarenchan`). */
  readonly dealerStreak?: number;
  readonly honba?: number;
  readonly riichiSticks?: number;
  readonly doraIndicators?: readonly string[];
  readonly uraIndicators?: readonly string[];
  /** Red fives count as dora; absent: as the preset says. */
  readonly redFivesEnabled?: boolean;
  readonly rules?: {
    readonly openTanyao?: boolean;
    readonly doubleYakuman?: boolean;
    readonly kazoeYakuman?: boolean;
    readonly kiriageMangan?: boolean;
    readonly yakumanStacking?: boolean;
  };
  /** A preset name (`tenhou` when absent); `rules` and `redFivesEnabled` override it. */
  readonly preset?: string;
  /** Not in FORMAT.md, Minefield only: the hand's ante (V1.5), 1000 doubled after each draw; absent: 1000. */
  readonly ante?: number;
  /** Not in FORMAT.md, Sanma only: Norths the winner has set aside as north dora (V3.2), 0-4; absent: 0. */
  readonly northCount?: number;
}

export interface ParsedInput {
  readonly id: unknown;
  readonly win: WinContext;
  readonly options: RuleOptions;
  /** The preset's name, as given (`tenhou` when absent): the variant rules that apply on top of `options`. */
  readonly preset: string;
  /** The `ante` field when given (a whole number > 0). */
  readonly ante?: number;
  /** The `northCount` field when given (a whole number ≥ 0). */
  readonly northCount?: number;
}

const BOOLEAN_FIELDS = [
  'dealer',
  'riichi',
  'doubleRiichi',
  'ippatsu',
  'haitei',
  'houtei',
  'rinshan',
  'chankan',
  'tenhou',
  'chiihou',
  'renhou',
  'redFivesEnabled',
] as const;
const COUNT_FIELDS = ['honba', 'riichiSticks', 'dealerStreak', 'northCount'] as const;
const RULE_FIELDS = [
  'openTanyao',
  'doubleYakuman',
  'kazoeYakuman',
  'kiriageMangan',
  'yakumanStacking',
] as const;

/** Shared empty lists (frozen): most wins have no melds or no ura dora indicators. */
const NO_MELDS: readonly Meld[] = Object.freeze([]);
const NO_TILES: readonly Tile[] = Object.freeze([]);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function tileField(value: unknown, field: string): Result<Tile> {
  if (typeof value !== 'string')
    return fail('bad_input', `${field} must be a tile string like "5m", got ${JSON.stringify(value)}`);
  const tile = parseTile(value);
  return tile.ok ? tile : fail(tile.code, `${field}: ${tile.message}`);
}

export function tileList(value: unknown, field: string): Result<Tile[]> {
  if (value === undefined) return ok([]);
  if (!Array.isArray(value))
    return fail('bad_input', `${field} must be an array of tiles, got ${JSON.stringify(value)}`);
  const tiles: Tile[] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    // The field's name is built only for an error (a template per tile costs more than reading the tile).
    const tile = typeof item === 'string' ? parseTile(item) : null;
    if (tile === null || !tile.ok) return tileField(item, `${field}[${i}]`) as RuleError;
    tiles.push(tile.value);
  }
  return ok(tiles);
}

const MELD_TYPES = new Set(['chi', 'pon', 'minkan', 'ankan', 'kakan']);

/** The name of melds[index] in an error message (built only for one). */
const meldName = (index: number): string => `melds[${index}]`;

export function meldField(value: unknown, index: number): Result<Meld> {
  if (!isRecord(value))
    return fail(
      'bad_meld',
      `${meldName(index)} must be an object {type, tiles, ...}, got ${JSON.stringify(value)}`,
    );
  // Each field read once: meld objects come in many shapes, and every read of one is a lookup.
  const { type, tiles: text, calledTile: called, addedTile: added, from } = value;
  if (typeof type !== 'string' || !MELD_TYPES.has(type)) {
    return fail(
      'bad_meld',
      `${meldName(index)}.type must be chi, pon, minkan, ankan or kakan, got ${JSON.stringify(type)}`,
    );
  }
  if (typeof text !== 'string')
    return fail(
      'bad_meld',
      `${meldName(index)}.tiles must be a compact tile string, got ${JSON.stringify(text)}`,
    );
  const tiles = parseTiles(text);
  if (!tiles.ok) return fail(tiles.code, `${meldName(index)}.tiles: ${tiles.message}`);
  let calledTile: Tile | undefined;
  if (called !== undefined) {
    const tile = tileField(called, `${meldName(index)}.calledTile`);
    if (!tile.ok) return tile;
    calledTile = tile.value;
  }
  let addedTile: Tile | undefined;
  if (added !== undefined) {
    const tile = tileField(added, `${meldName(index)}.addedTile`);
    if (!tile.ok) return tile;
    addedTile = tile.value;
  }
  if (from !== undefined && from !== 1 && from !== 2 && from !== 3) {
    return fail('bad_meld', `${meldName(index)}.from must be 1, 2 or 3, got ${JSON.stringify(from)}`);
  }
  // Only the fields given, in this order (as plainMeld makes them); set one by one, no spread per field.
  const meld: { -readonly [K in keyof Meld]: Meld[K] } = {
    type: type as MeldType,
    tiles: tiles.value.slice(), // exactly sized (the parser's list grew as it went)
  };
  if (calledTile !== undefined) meld.calledTile = calledTile;
  if (addedTile !== undefined) meld.addedTile = addedTile;
  if (from !== undefined) meld.from = from as Relative;
  return ok(meld);
}

/**
 * Reads one record. Errors: `bad_input` (missing or mistyped field), `bad_tile` / `bad_red_five` /
 * `too_many_copies` (a tile string), `bad_meld` (a meld object), `unknown_preset`.
 */
export function parseScoreInput(raw: unknown): Result<ParsedInput> {
  return readPlainRecord(raw) ?? readRecord(raw);
}

// ---------------------------------------------------------------------------------------------------
// The plain-record path: most records are well formed, and reading them is most of a `scoreWin` call. This
// path reads such a record without the reference reader's intermediate results and lists; at the first thing
// it does not expect (a bad value, but also whitespace in a tile string, a flower) it gives up and the
// reference reader answers, so every error keeps its code and message. score-input.test.ts checks that
// both readers give the same record.

/** A plain tile by `(suit letter code & 127) << 4 | digit`: m p s z with their digits (0 = red five), else -1. */
const PLAIN_TILE = new Int16Array(128 << 4).fill(-1);
for (const [letter, base, max] of [
  ['m', 0, 9],
  ['p', 9, 9],
  ['s', 18, 9],
  ['z', 27, 7],
] as const) {
  const row = letter.charCodeAt(0) << 4;
  for (let digit = 1; digit <= max; digit++) PLAIN_TILE[row | digit] = base + digit - 1;
  if (letter !== 'z') PLAIN_TILE[row] = (base + 4) | RED_FLAG;
}

/** A one-tile string read through PLAIN_TILE, or -1. */
function plainTile(value: unknown): number {
  if (typeof value !== 'string' || value.length !== 2) return -1;
  const digit = value.charCodeAt(0) - 48;
  if (digit < 0 || digit > 9) return -1;
  return PLAIN_TILE[((value.charCodeAt(1) & 127) << 4) | digit]!;
}

/** Scratch of `plainTiles`: counts by kind of the string being read (zero between calls). */
const plainCounts = new Uint8Array(KIND_COUNT);

/**
 * A compact string of plain groups (digits, then m p s or z) within the set's copies and red fives (at most
 * 0m, two 0p, 0s: parseTiles' limit), as a new list; null for anything else (`parseTiles` then answers).
 */
function plainTiles(text: unknown): Tile[] | null {
  if (typeof text !== 'string') return null;
  const tiles: Tile[] = [];
  let start = 0;
  let reds = 0; // red fives by suit, 4 bits each: m, p, s
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) continue;
    // A letter with no digits before it, or not a suit letter (PLAIN_TILE's row for it holds -1).
    if (i === start || code > 127) return clearPlainCounts(tiles);
    const row = code << 4;
    for (let j = start; j < i; j++) {
      const tile = PLAIN_TILE[row | (text.charCodeAt(j) - 48)]!;
      if (tile < 0) return clearPlainCounts(tiles);
      const kind = tile & 63;
      tiles.push(tile as Tile);
      if (++plainCounts[kind]! > 4) return clearPlainCounts(tiles);
      if (tile & RED_FLAG) reds += 1 << (((kind / 9) | 0) << 2);
    }
    start = i + 1;
  }
  clearPlainCounts(tiles);
  if (start !== text.length || (reds & 15) > 1 || ((reds >> 4) & 15) > 2 || reds >> 8 > 1) return null;
  return tiles;
}

/** Sets `plainCounts` back to zero after reading `tiles`; null, for the early returns. */
function clearPlainCounts(tiles: readonly Tile[]): null {
  for (let i = 0; i < tiles.length; i++) plainCounts[tiles[i]! & 63] = 0;
  return null;
}

/** A list of one-tile strings, all plain, as an exactly sized list (absent: empty); null otherwise. */
function plainTileList(value: unknown): readonly Tile[] | null {
  if (value === undefined) return NO_TILES;
  if (!Array.isArray(value)) return null;
  if (value.length === 0) return NO_TILES;
  const tiles: Tile[] = [];
  for (let i = 0; i < value.length; i++) {
    const tile = plainTile(value[i]);
    if (tile < 0) return null;
    tiles.push(tile as Tile);
  }
  return tiles;
}

/** A meld object with plain tiles and known fields, as `meldField` makes it; null otherwise. */
function plainMeld(value: unknown): Meld | null {
  if (!isRecord(value)) return null;
  const type = value.type;
  if (type !== 'chi' && type !== 'pon' && type !== 'minkan' && type !== 'ankan' && type !== 'kakan')
    return null;
  const tiles = plainTiles(value.tiles);
  if (tiles === null) return null;
  const { calledTile, addedTile, from } = value;
  const called = calledTile === undefined ? 0 : plainTile(calledTile);
  const added = addedTile === undefined ? 0 : plainTile(addedTile);
  if (called < 0 || added < 0 || (from !== undefined && from !== 1 && from !== 2 && from !== 3)) return null;
  // The same fields in the same order as meldField.
  if (calledTile === undefined && addedTile === undefined && from === undefined) return { type, tiles };
  const meld: { -readonly [K in keyof Meld]: Meld[K] } = { type, tiles };
  if (calledTile !== undefined) meld.calledTile = called as Tile;
  if (addedTile !== undefined) meld.addedTile = added as Tile;
  if (from !== undefined) meld.from = from as Relative;
  return meld;
}

/** A flag that is absent or a boolean: 0 absent, 1 false, 2 true; -1 for anything else. */
const flagOf = (value: unknown): number =>
  value === undefined ? 0 : value === true ? 2 : value === false ? 1 : -1;

/** A count that is absent (-1) or a whole number ≥ 0; -2 for anything else. */
const countOf = (value: unknown): number =>
  value === undefined ? -1 : typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : -2;

/** `readRecord`'s result for a record that passes every check, without its intermediate results; else null. */
function readPlainRecord(raw: unknown): Ok<ParsedInput> | null {
  if (!isRecord(raw)) return null;
  const closedTiles = plainTiles(raw.closedTiles);
  if (closedTiles === null) return null;
  const winTile = plainTile(raw.winTile);
  if (winTile < 0) return null;
  let melds: readonly Meld[] = NO_MELDS;
  const rawMelds = raw.melds;
  if (rawMelds !== undefined) {
    if (!Array.isArray(rawMelds)) return null;
    if (rawMelds.length > 0) {
      const read: Meld[] = [];
      for (let i = 0; i < rawMelds.length; i++) {
        const meld = plainMeld(rawMelds[i]);
        if (meld === null) return null;
        read.push(meld);
      }
      melds = read;
    }
  }
  const { tsumo, seatWind, roundWind } = raw;
  if (typeof tsumo !== 'boolean') return null;
  if (seatWind !== 1 && seatWind !== 2 && seatWind !== 3 && seatWind !== 4) return null;
  if (roundWind !== 1 && roundWind !== 2 && roundWind !== 3 && roundWind !== 4) return null;
  const dealer = flagOf(raw.dealer);
  const riichi = flagOf(raw.riichi);
  const doubleRiichi = flagOf(raw.doubleRiichi);
  const ippatsu = flagOf(raw.ippatsu);
  const haitei = flagOf(raw.haitei);
  const houtei = flagOf(raw.houtei);
  const rinshan = flagOf(raw.rinshan);
  const chankan = flagOf(raw.chankan);
  const tenhou = flagOf(raw.tenhou);
  const chiihou = flagOf(raw.chiihou);
  const renhou = flagOf(raw.renhou);
  if (
    (dealer |
      riichi |
      doubleRiichi |
      ippatsu |
      haitei |
      houtei |
      rinshan |
      chankan |
      tenhou |
      chiihou |
      renhou) <
    0
  )
    return null;
  if (flagOf(raw.redFivesEnabled) < 0) return null;
  const honba = countOf(raw.honba);
  const riichiSticks = countOf(raw.riichiSticks);
  const dealerStreak = countOf(raw.dealerStreak);
  const northCount = countOf(raw.northCount);
  if (honba === -2 || riichiSticks === -2 || dealerStreak === -2 || northCount === -2) return null;
  const ante = raw.ante;
  if (ante !== undefined && !(typeof ante === 'number' && Number.isInteger(ante) && ante > 0)) return null;
  const doraIndicators = plainTileList(raw.doraIndicators);
  if (doraIndicators === null) return null;
  const uraIndicators = plainTileList(raw.uraIndicators);
  if (uraIndicators === null) return null;
  const options = optionsOf(raw);
  if (!options.ok) return null;
  const win: WinContext = {
    closedTiles,
    melds,
    winTile: winTile as Tile,
    tsumo,
    seatWind,
    roundWind,
    dealer: dealer === 0 ? seatWind === 1 : dealer === 2,
    riichi: riichi === 2,
    doubleRiichi: doubleRiichi === 2,
    ippatsu: ippatsu === 2,
    haitei: haitei === 2,
    houtei: houtei === 2,
    rinshan: rinshan === 2,
    chankan: chankan === 2,
    tenhou: tenhou === 2,
    chiihou: chiihou === 2,
    renhou: renhou === 2,
    dealerStreak: dealerStreak < 0 ? 0 : dealerStreak,
    doraIndicators,
    uraIndicators,
    honba: honba < 0 ? 0 : honba,
    riichiSticks: riichiSticks < 0 ? 0 : riichiSticks,
  };
  const preset = raw.preset as string | undefined; // a string: optionsOf found it
  if (ante === undefined && northCount < 0)
    return ok({ id: raw.id ?? null, win, options: options.value, preset: preset ?? 'tenhou' });
  return ok({
    id: raw.id ?? null,
    win,
    options: options.value,
    preset: preset ?? 'tenhou',
    ...(ante !== undefined && { ante }),
    ...(northCount >= 0 && { northCount }),
  });
}

/** Both readers, for the test that holds them to the same results (score-input.test.ts); not for callers. */
export const RECORD_READERS = { plain: readPlainRecord, reference: readRecord } as const;

/** The reference reader: every check in order, each failure with its own message. */
function readRecord(raw: unknown): Result<ParsedInput> {
  if (!isRecord(raw)) return fail('bad_input', `a win is a JSON object, got ${JSON.stringify(raw)}`);
  const closed =
    typeof raw.closedTiles === 'string'
      ? parseTiles(raw.closedTiles)
      : fail(
          'bad_input',
          `closedTiles must be a compact tile string, got ${JSON.stringify(raw.closedTiles)}`,
        );
  if (!closed.ok)
    return closed.code === 'bad_input' ? closed : fail(closed.code, `closedTiles: ${closed.message}`);
  const winTile = tileField(raw.winTile, 'winTile');
  if (!winTile.ok) return winTile;
  if (raw.melds !== undefined && !Array.isArray(raw.melds))
    return fail('bad_input', `melds must be an array, got ${JSON.stringify(raw.melds)}`);
  const melds: Meld[] = [];
  const rawMelds: unknown[] = raw.melds ?? [];
  for (let i = 0; i < rawMelds.length; i++) {
    const meld = meldField(rawMelds[i], i);
    if (!meld.ok) return meld;
    melds.push(meld.value);
  }
  if (typeof raw.tsumo !== 'boolean')
    return fail('bad_input', `tsumo must be true or false, got ${JSON.stringify(raw.tsumo)}`);
  for (const wind of ['seatWind', 'roundWind'] as const) {
    const value = raw[wind];
    if (value !== 1 && value !== 2 && value !== 3 && value !== 4)
      return fail('bad_input', `${wind} must be 1-4 (E S W N), got ${JSON.stringify(value)}`);
  }
  for (const name of BOOLEAN_FIELDS) {
    if (raw[name] !== undefined && typeof raw[name] !== 'boolean')
      return fail('bad_input', `${name} must be true or false, got ${JSON.stringify(raw[name])}`);
  }
  for (const name of COUNT_FIELDS) {
    const value = raw[name];
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 0)) {
      return fail('bad_input', `${name} must be a whole number ≥ 0, got ${JSON.stringify(value)}`);
    }
  }
  if (raw.ante !== undefined && !(typeof raw.ante === 'number' && Number.isInteger(raw.ante) && raw.ante > 0))
    return fail('bad_input', `ante must be a whole number > 0, got ${JSON.stringify(raw.ante)}`);
  const dora = tileList(raw.doraIndicators, 'doraIndicators');
  if (!dora.ok) return dora;
  const ura = tileList(raw.uraIndicators, 'uraIndicators');
  if (!ura.ok) return ura;

  const options = optionsOf(raw);
  if (!options.ok) return options;

  const bool = (name: (typeof BOOLEAN_FIELDS)[number]): boolean => raw[name] === true;
  // The parts of the win are copied last, exactly sized, so they sit together in memory away from the
  // parsing garbage: scoring reads all of them, and that read is most of its memory traffic.
  const win: WinContext = {
    closedTiles: closed.value.slice(),
    melds: melds.length === 0 ? NO_MELDS : melds.slice(),
    winTile: winTile.value,
    tsumo: raw.tsumo,
    seatWind: raw.seatWind as Wind,
    roundWind: raw.roundWind as Wind,
    dealer: typeof raw.dealer === 'boolean' ? raw.dealer : raw.seatWind === 1,
    riichi: bool('riichi'),
    doubleRiichi: bool('doubleRiichi'),
    ippatsu: bool('ippatsu'),
    haitei: bool('haitei'),
    houtei: bool('houtei'),
    rinshan: bool('rinshan'),
    chankan: bool('chankan'),
    tenhou: bool('tenhou'),
    chiihou: bool('chiihou'),
    renhou: bool('renhou'),
    dealerStreak: (raw.dealerStreak as number | undefined) ?? 0,
    doraIndicators: dora.value.length === 0 ? NO_TILES : dora.value.slice(),
    uraIndicators: ura.value.length === 0 ? NO_TILES : ura.value.slice(),
    honba: (raw.honba as number | undefined) ?? 0,
    riichiSticks: (raw.riichiSticks as number | undefined) ?? 0,
  };
  return ok({
    id: raw.id ?? null,
    win,
    options: options.value,
    preset: typeof raw.preset === 'string' ? raw.preset : 'tenhou',
    ...(raw.ante !== undefined && { ante: raw.ante as number }),
    ...(raw.northCount !== undefined && { northCount: raw.northCount as number }),
  });
}

/** The preset (default `tenhou`) with the record's `rules` and `redFivesEnabled` on top. */
function optionsOf(raw: Record<string, unknown>): Result<RuleOptions> {
  let preset = 'tenhou';
  if (raw.preset !== undefined) {
    if (typeof raw.preset !== 'string')
      return fail('bad_input', `preset must be a preset name, got ${JSON.stringify(raw.preset)}`);
    preset = raw.preset;
  }
  // A preset seen before is found without presetOf's result object.
  let table = OPTIONS_BY_CODE.get(preset);
  if (table === undefined || PRESETS[preset] !== table.base) {
    const base = presetOf(preset);
    if (!base.ok) return base;
    table = { base: base.value, results: [] };
    OPTIONS_BY_CODE.set(preset, table);
  }
  const rules = raw.rules;
  if (rules !== undefined && !isRecord(rules))
    return fail('bad_input', `rules must be an object, got ${JSON.stringify(rules)}`);
  // The override as a number: a base-3 digit per field of `rules`, then `redFivesEnabled` (0 absent, 1 false,
  // 2 true). Records repeat a handful of rule sets, so the options, each built once, are found by it.
  let code = 0;
  if (rules) {
    for (let i = 0; i < RULE_FIELDS.length; i++) {
      const value = rules[RULE_FIELDS[i]!];
      if (value === undefined) continue;
      if (typeof value !== 'boolean')
        return fail(
          'bad_input',
          `rules.${RULE_FIELDS[i]} must be true or false, got ${JSON.stringify(value)}`,
        );
      code += (value ? 2 : 1) * RULE_DIGITS[i]!;
    }
  }
  if (raw.redFivesEnabled !== undefined) code += (raw.redFivesEnabled === true ? 2 : 1) * RED_FIVES_DIGIT;
  // The options of the preset with this override, built once each and shared: scoring reads the options of
  // every hand, and one shared object stays in cache.
  const base = table.base;
  return (table.results[code] ??= ok(code === 0 ? base : overridden(base, code)));
}

/** The weight of each field of `rules` in an override code (3^i), then of `redFivesEnabled`. */
const RULE_DIGITS = RULE_FIELDS.map((_, i) => 3 ** i);
const RED_FIVES_DIGIT = 3 ** RULE_FIELDS.length;

/** `makeRules` of the override a code stands for (the `rules` fields in RULE_FIELDS order, then red fives), frozen. */
function overridden(base: RuleOptions, code: number): RuleOptions {
  const override: { -readonly [K in keyof RuleOptions]?: RuleOptions[K] } = {};
  const digit = (i: number): number => Math.floor(code / 3 ** i) % 3;
  const flag = (i: number): boolean | undefined => (digit(i) === 0 ? undefined : digit(i) === 2);
  const [openTanyao, doubleYakuman, kazoeYakuman, kiriageMangan, yakumanStacking, redFivesEnabled] = [
    0, 1, 2, 3, 4, 5,
  ].map(flag);
  if (openTanyao !== undefined) override.openTanyao = openTanyao;
  if (doubleYakuman !== undefined) override.doubleYakuman = doubleYakuman;
  if (kazoeYakuman !== undefined) override.kazoe = kazoeYakuman ? 'yakuman' : 'sanbaiman';
  if (kiriageMangan !== undefined) override.kiriage = kiriageMangan;
  if (yakumanStacking !== undefined) override.yakumanStacking = yakumanStacking;
  if (redFivesEnabled === false) override.redFives = 'none';
  else if (redFivesEnabled === true && base.redFives === 'none') override.redFives = '3';
  return Object.keys(override).length === 0 ? base : Object.freeze(makeRules(base, override));
}

/** Option results by preset name (the preset as registered when first read), indexed by override code. */
const OPTIONS_BY_CODE = new Map<string, { base: RuleOptions; results: Result<RuleOptions>[] }>();
