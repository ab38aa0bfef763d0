// The JSON form of a win (`mahjong-table score`, shared/data/FORMAT.md) read into a typed WinContext and options.
import type { Meld, MeldType, Relative, Wind } from './hand.js';
import { makeRules, presetOf, type RuleOptions } from './options.js';
import { fail, ok, type Result } from './result.js';
import type { WinContext } from './score.js';
import { parseTile, parseTiles, type Tile } from './tiles.js';

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
}

export interface ParsedInput {
  readonly id: unknown;
  readonly win: WinContext;
  readonly options: RuleOptions;
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
const COUNT_FIELDS = ['honba', 'riichiSticks', 'dealerStreak'] as const;
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
    const tile = tileField(value[i], `${field}[${i}]`);
    if (!tile.ok) return tile;
    tiles.push(tile.value);
  }
  return ok(tiles);
}

const MELD_TYPES = new Set(['chi', 'pon', 'minkan', 'ankan', 'kakan']);

export function meldField(value: unknown, index: number): Result<Meld> {
  const field = `melds[${index}]`;
  if (!isRecord(value))
    return fail('bad_meld', `${field} must be an object {type, tiles, ...}, got ${JSON.stringify(value)}`);
  if (typeof value.type !== 'string' || !MELD_TYPES.has(value.type)) {
    return fail(
      'bad_meld',
      `${field}.type must be chi, pon, minkan, ankan or kakan, got ${JSON.stringify(value.type)}`,
    );
  }
  if (typeof value.tiles !== 'string')
    return fail(
      'bad_meld',
      `${field}.tiles must be a compact tile string, got ${JSON.stringify(value.tiles)}`,
    );
  const tiles = parseTiles(value.tiles);
  if (!tiles.ok) return fail(tiles.code, `${field}.tiles: ${tiles.message}`);
  let calledTile: Tile | undefined;
  if (value.calledTile !== undefined) {
    const tile = tileField(value.calledTile, `${field}.calledTile`);
    if (!tile.ok) return tile;
    calledTile = tile.value;
  }
  let addedTile: Tile | undefined;
  if (value.addedTile !== undefined) {
    const tile = tileField(value.addedTile, `${field}.addedTile`);
    if (!tile.ok) return tile;
    addedTile = tile.value;
  }
  if (value.from !== undefined && value.from !== 1 && value.from !== 2 && value.from !== 3) {
    return fail('bad_meld', `${field}.from must be 1, 2 or 3, got ${JSON.stringify(value.from)}`);
  }
  const meld: Meld = {
    type: value.type as MeldType,
    tiles: tiles.value.slice(), // exactly sized (the parser's list grew as it went)
    ...(calledTile !== undefined && { calledTile }),
    ...(addedTile !== undefined && { addedTile }),
    ...(value.from !== undefined && { from: value.from }),
  };
  return ok(meld);
}

/**
 * Reads one record. Errors: `bad_input` (missing or mistyped field), `bad_tile` / `bad_red_five` /
 * `too_many_copies` (a tile string), `bad_meld` (a meld object), `unknown_preset`.
 */
export function parseScoreInput(raw: unknown): Result<ParsedInput> {
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
  return ok({ id: raw.id ?? null, win, options: options.value });
}

/** The preset (default `tenhou`) with the record's `rules` and `redFivesEnabled` on top. */
function optionsOf(raw: Record<string, unknown>): Result<RuleOptions> {
  let preset = 'tenhou';
  if (raw.preset !== undefined) {
    if (typeof raw.preset !== 'string')
      return fail('bad_input', `preset must be a preset name, got ${JSON.stringify(raw.preset)}`);
    preset = raw.preset;
  }
  const base = presetOf(preset);
  if (!base.ok) return base;
  const rules = raw.rules;
  if (rules !== undefined && !isRecord(rules))
    return fail('bad_input', `rules must be an object, got ${JSON.stringify(rules)}`);
  const override: { -readonly [K in keyof RuleOptions]?: RuleOptions[K] } = {};
  if (rules) {
    for (const name of RULE_FIELDS) {
      if (rules[name] !== undefined && typeof rules[name] !== 'boolean')
        return fail('bad_input', `rules.${name} must be true or false, got ${JSON.stringify(rules[name])}`);
    }
    if (rules.openTanyao !== undefined) override.openTanyao = rules.openTanyao as boolean;
    if (rules.doubleYakuman !== undefined) override.doubleYakuman = rules.doubleYakuman as boolean;
    if (rules.kazoeYakuman !== undefined) override.kazoe = rules.kazoeYakuman ? 'yakuman' : 'sanbaiman';
    if (rules.kiriageMangan !== undefined) override.kiriage = rules.kiriageMangan as boolean;
    if (rules.yakumanStacking !== undefined) override.yakumanStacking = rules.yakumanStacking as boolean;
  }
  if (raw.redFivesEnabled === false) override.redFives = 'none';
  else if (raw.redFivesEnabled === true && base.value.redFives === 'none') override.redFives = '3';
  if (Object.keys(override).length === 0) return ok(base.value);
  // One shared object per distinct rule set: records repeat a handful of them, and scoring reads the
  // options of every hand (a shared object stays in cache).
  const key = `${preset}|${JSON.stringify(override)}`;
  let options = OPTIONS_CACHE.get(key);
  if (options?.base !== base.value) {
    options = { base: base.value, options: Object.freeze(makeRules(base.value, override)) };
    OPTIONS_CACHE.set(key, options);
  }
  return ok(options.options);
}

/** Option objects built from a preset and a record's `rules`, by preset name and override. */
const OPTIONS_CACHE = new Map<string, { base: RuleOptions; options: RuleOptions }>();
