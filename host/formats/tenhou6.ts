// Strict import of tenhou.net/6 JSON game logs into the GameRecord model: all of it checked, or refused whole.
import type { Tile } from '../../rules/tiles.js';
import {
  dealerOf,
  formatError,
  roundName,
  type DrawKind,
  type FormatError,
  type FormatResult,
  type GameRecord,
  type RecordedLimit,
  type RecordedPoints,
  type RecordedYaku,
  type RoundEvent,
  type RoundRecord,
  type RoundResult,
  type Seat,
  type WinRecord,
} from './game-record.js';
import { replayRound } from './replay.js';
import { splitCall, tileFromCode, TSUMOGIRI_CODE } from './tenhou6-codes.js';
import { describeIssue, gameSchema, roundFieldName, roundSchema, SUPPORTED_VERSION, type RawRound } from './tenhou6-schema.js';

/** Result labels of a round that ended without a win, as tenhou writes them. */
export const DRAW_LABELS: Readonly<Record<DrawKind, string>> = {
  exhaustive: '流局',
  allTenpai: '全員聴牌',
  allNoten: '全員不聴',
  nagashiMangan: '流し満貫',
  nineTerminals: '九種九牌',
  fourWinds: '四風連打',
  fourKans: '四槓散了',
  fourRiichi: '四家立直',
  tripleRon: '三家和了',
};
export const WIN_LABEL = '和了';

export const LIMIT_LABELS: Readonly<Record<RecordedLimit, string>> = {
  mangan: '満貫',
  haneman: '跳満',
  baiman: '倍満',
  sanbaiman: '三倍満',
  yakuman: '役満',
};

const DRAW_KIND_BY_LABEL = new Map(Object.entries(DRAW_LABELS).map(([kind, label]) => [label, kind as DrawKind]));
const LIMIT_BY_LABEL = new Map(Object.entries(LIMIT_LABELS).map(([limit, label]) => [label, limit as RecordedLimit]));

/** Reads a file's text. Errors: `bad_json` (not JSON, e.g. cut off), and those of `parseTenhou6Json`. */
export function parseTenhou6(text: string): FormatResult<GameRecord> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return formatError('bad_json', `not a JSON document (truncated or corrupt): ${(error as Error).message}`);
  }
  return parseTenhou6Json(json);
}

/** "2.3" → [2, 3]; null when it is not dotted numbers. */
function versionParts(version: string): number[] | null {
  return /^\d+(\.\d+)*$/.test(version) ? version.split('.').map(Number) : null;
}

function isNewerVersion(version: number[]): boolean {
  const supported = versionParts(SUPPORTED_VERSION)!;
  for (let i = 0; i < Math.max(version.length, supported.length); i++) {
    const a = version[i] ?? 0;
    const b = supported[i] ?? 0;
    if (a !== b) return a > b;
  }
  return false;
}

/**
 * Reads parsed JSON. Errors: `unsupported_version` (a `ver` newer than 2.3), `unsupported_rules` (three-player),
 * `bad_log` (wrong structure, a call or discard that does not fit the play, a result that does not fit the
 * round), `bad_tile` (a code that is no tile). The message names the round, seat and entry.
 */
export function parseTenhou6Json(json: unknown): FormatResult<GameRecord> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return formatError('bad_log', 'a tenhou.net/6 log is a JSON object {title, name, rule, log}');
  const ver = (json as Record<string, unknown>).ver;
  if (ver !== undefined) {
    const parts = typeof ver === 'string' ? versionParts(ver) : null;
    if (!parts) return formatError('bad_log', `ver: ${JSON.stringify(ver)} is not a version like "${SUPPORTED_VERSION}"`);
    if (isNewerVersion(parts)) return formatError('unsupported_version', `ver ${ver}: written by a newer version of the format than this importer reads (up to ${SUPPORTED_VERSION})`);
  }
  const game = gameSchema.safeParse(json);
  if (!game.success) return formatError('bad_log', describeIssue('', game.error.issues[0]!));
  const raw = game.data;
  if (raw.rule.disp.includes('三') || raw.name[3] === '') {
    return formatError('unsupported_rules', `rule "${raw.rule.disp}": three-player games are not imported (four-player riichi only)`);
  }
  const rounds: RoundRecord[] = [];
  for (let i = 0; i < raw.log.length; i++) {
    const round = parseRound(raw.log[i], i);
    if (!round.ok) return round;
    rounds.push(round.value);
  }
  if (rounds.length === 0) return formatError('bad_log', 'log: the game has no rounds');
  return {
    ok: true,
    value: {
      title: raw.title,
      players: raw.name,
      rules: {
        display: raw.rule.disp,
        ...(raw.rule.aka !== undefined && { aka: raw.rule.aka }),
        ...(raw.rule.aka51 !== undefined && { aka51: raw.rule.aka51 }),
        ...(raw.rule.aka52 !== undefined && { aka52: raw.rule.aka52 }),
        ...(raw.rule.aka53 !== undefined && { aka53: raw.rule.aka53 }),
      },
      meta: {
        ...(raw.ver !== undefined && { ver: raw.ver }),
        ...(raw.ref !== undefined && { ref: raw.ref }),
        ...(raw.sc !== undefined && { sc: raw.sc }),
        ...(raw.ratingc !== undefined && { ratingc: raw.ratingc }),
        ...(raw.lobby !== undefined && { lobby: raw.lobby }),
        ...(raw.dan !== undefined && { dan: raw.dan }),
        ...(raw.rate !== undefined && { rate: raw.rate }),
        ...(raw.sx !== undefined && { sx: raw.sx }),
      },
      rounds,
    },
  };
}

// ---- one round --------------------------------------------------------------------------------------------

type Fail = (message: string, code?: 'bad_log' | 'bad_tile') => FormatError;

function parseRound(value: unknown, index: number): FormatResult<RoundRecord> {
  const parsed = roundSchema.safeParse(value);
  if (!parsed.success) return formatError('bad_log', describeIssue(`log[${index}]`, parsed.error.issues[0]!, roundFieldName));
  const raw: RawRound = parsed.data;
  const [round, honba, riichiSticks] = raw[0];
  const name = `log[${index}] ${roundName(round, honba)}`;
  const failAt: Fail = (message, code = 'bad_log') => formatError(code, `${name}, ${message}`);

  const tiles = (codes: readonly number[], field: number): FormatResult<Tile[]> => {
    const out: Tile[] = [];
    for (let i = 0; i < codes.length; i++) {
      const tile = tileFromCode(codes[i]!);
      if (tile === null) return failAt(`${roundFieldName(field)}[${i}]: ${codes[i]} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)`, 'bad_tile');
      out.push(tile);
    }
    return { ok: true, value: out };
  };
  const dora = tiles(raw[2], 2);
  if (!dora.ok) return dora;
  const ura = tiles(raw[3], 3);
  if (!ura.ok) return ura;
  const deals: Tile[][] = [];
  const draws: DrawEntry[][] = [];
  const discards: DiscardEntry[][] = [];
  for (let seat = 0; seat < 4; seat++) {
    const deal = tiles(raw[4 + 3 * seat] as number[], 4 + 3 * seat);
    if (!deal.ok) return deal;
    if (deal.value.length !== 13) return failAt(`seat ${seat} deal: ${deal.value.length} tiles, a deal has 13`);
    deals.push(deal.value);
    const seatDraws = decodeDraws(raw[5 + 3 * seat] as (number | string)[], seat as Seat, failAt);
    if (!seatDraws.ok) return seatDraws;
    draws.push(seatDraws.value);
    const seatDiscards = decodeDiscards(raw[6 + 3 * seat] as (number | string)[], seat as Seat, failAt);
    if (!seatDiscards.ok) return seatDiscards;
    discards.push(seatDiscards.value);
  }
  const events = interleave(round, draws, discards, dora.value, failAt);
  if (!events.ok) return events;
  const result = parseResult(raw[16], failAt);
  if (!result.ok) return result;
  const record: RoundRecord = {
    round,
    honba,
    riichiSticks,
    startScores: raw[1],
    doraIndicators: dora.value,
    uraIndicators: ura.value,
    deals,
    events: events.value,
    result: result.value,
  };
  // The model is only handed out after the whole round replays: tiles in hand, calls legal, result fits.
  const replay = replayRound(record);
  if (!replay.ok) return failAt(replay.message, replay.code === 'bad_tile' ? 'bad_tile' : 'bad_log');
  return { ok: true, value: record };
}

// ---- the per-seat streams ---------------------------------------------------------------------------------

type DrawEntry =
  | { readonly kind: 'tile'; readonly tile: Tile; readonly where: string }
  | { readonly kind: 'claim'; readonly type: 'chi' | 'pon' | 'minkan'; readonly from: Seat; readonly calledTile: Tile; readonly handTiles: Tile[]; readonly where: string };

type DiscardEntry =
  | { readonly kind: 'tile'; readonly tile: Tile | null; readonly riichi: boolean; readonly where: string }
  | { readonly kind: 'ankan'; readonly tiles: Tile[]; readonly where: string }
  | { readonly kind: 'kakan'; readonly from: Seat; readonly addedTile: Tile; readonly ponTiles: Tile[]; readonly where: string }
  /** The 0 written in the discards after an open kan (the kan took that turn's discard slot). */
  | { readonly kind: 'afterOpenKan'; readonly where: string };

/** Where the marked tile of a claim sits for a claim from `relative` (1 next, 2 opposite, 3 previous player). */
export function markedIndex(type: 'chi' | 'pon' | 'minkan' | 'kakan', relative: 1 | 2 | 3): number {
  if (relative === 3) return 0;
  if (relative === 2) return 1;
  return type === 'minkan' ? 3 : 2;
}

/** Inverse of `markedIndex`: the relative seat, or null when the position is not one a call can have. */
function relativeOfMark(type: 'chi' | 'pon' | 'minkan' | 'kakan', marked: number): 1 | 2 | 3 | null {
  for (const relative of [3, 2, 1] as const) {
    if (markedIndex(type, relative) === marked && (type !== 'chi' || relative === 3)) return relative;
  }
  return null;
}

const seatAt = (seat: Seat, relative: number): Seat => ((seat + relative) % 4) as Seat;

function callTiles(codes: readonly number[], where: string, failAt: Fail): FormatResult<Tile[]> {
  const out: Tile[] = [];
  for (const code of codes) {
    const tile = tileFromCode(code);
    if (tile === null) return failAt(`${where}: ${code} is not a tile code`, 'bad_tile');
    out.push(tile);
  }
  return { ok: true, value: out };
}

const CLAIM_TYPES = { c: 'chi', p: 'pon', m: 'minkan' } as const;
const CLAIM_SIZES = { chi: 3, pon: 3, minkan: 4 } as const;

function decodeDraws(items: readonly (number | string)[], seat: Seat, failAt: Fail): FormatResult<DrawEntry[]> {
  const out: DrawEntry[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const where = `seat ${seat} draws[${i}] ${JSON.stringify(item)}`;
    if (typeof item === 'number') {
      const tile = tileFromCode(item);
      if (tile === null) return failAt(`${where}: not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)`, 'bad_tile');
      out.push({ kind: 'tile', tile, where });
      continue;
    }
    const call = splitCall(item);
    if (!call || !(call.letter in CLAIM_TYPES)) return failAt(`${where}: a draw is a tile code or a chi/pon/open kan string ("c…", "…p…", "…m…")`);
    const type = CLAIM_TYPES[call.letter as keyof typeof CLAIM_TYPES];
    if (call.codes.length !== CLAIM_SIZES[type]) return failAt(`${where}: a ${type} has ${CLAIM_SIZES[type]} tiles, not ${call.codes.length}`);
    const relative = relativeOfMark(type, call.marked);
    if (relative === null) return failAt(`${where}: the ${type} marker at tile ${call.marked} names no seat`);
    const tiles = callTiles(call.codes, where, failAt);
    if (!tiles.ok) return tiles;
    const handTiles = tiles.value.filter((_, j) => j !== call.marked);
    out.push({ kind: 'claim', type, from: seatAt(seat, relative), calledTile: tiles.value[call.marked]!, handTiles, where });
  }
  return { ok: true, value: out };
}

function decodeDiscards(items: readonly (number | string)[], seat: Seat, failAt: Fail): FormatResult<DiscardEntry[]> {
  const out: DiscardEntry[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const where = `seat ${seat} discards[${i}] ${JSON.stringify(item)}`;
    const riichi = typeof item === 'string' && /^r\d\d$/.test(item);
    if (typeof item === 'number' || riichi) {
      const code = typeof item === 'number' ? item : Number(item.slice(1));
      if (code === 0 && !riichi) {
        out.push({ kind: 'afterOpenKan', where });
        continue;
      }
      if (code === TSUMOGIRI_CODE) {
        out.push({ kind: 'tile', tile: null, riichi, where });
        continue;
      }
      const tile = tileFromCode(code);
      if (tile === null) return failAt(`${where}: not a tile code (11-19, 21-29, 31-39, 41-47, 51-53, 60 = the drawn tile)`, 'bad_tile');
      out.push({ kind: 'tile', tile, riichi, where });
      continue;
    }
    const call = splitCall(item);
    if (!call || (call.letter !== 'a' && call.letter !== 'k')) return failAt(`${where}: a discard is a tile code, "r<code>" (riichi) or a closed/added kan string ("…a…", "…k…")`);
    if (call.codes.length !== 4) return failAt(`${where}: a kan has 4 tiles, not ${call.codes.length}`);
    const tiles = callTiles(call.codes, where, failAt);
    if (!tiles.ok) return tiles;
    if (call.letter === 'a') {
      if (call.marked !== 3) return failAt(`${where}: a closed kan is written "<t><t><t>a<t>"`);
      out.push({ kind: 'ankan', tiles: tiles.value, where });
      continue;
    }
    const relative = relativeOfMark('kakan', call.marked);
    if (relative === null) return failAt(`${where}: the added-kan marker at tile ${call.marked} names no seat`);
    out.push({ kind: 'kakan', from: seatAt(seat, relative), addedTile: tiles.value[call.marked]!, ponTiles: tiles.value.filter((_, j) => j !== call.marked), where });
  }
  return { ok: true, value: out };
}

// ---- turn order -------------------------------------------------------------------------------------------

/**
 * Puts the four seats' streams into play order. After each discard, a seat whose next draw entry is a pon or
 * open kan of exactly that tile from that seat claims it (pon and kan before chi, as at the table); else the
 * next seat draws. Kan dora: a closed kan shows its indicator at once, an open or added kan after the next
 * discard (tenhou's rule), as long as the log lists one.
 */
function interleave(round: number, draws: DrawEntry[][], discards: DiscardEntry[][], dora: readonly Tile[], failAt: Fail): FormatResult<RoundEvent[]> {
  const events: RoundEvent[] = [];
  const drawAt = [0, 0, 0, 0];
  const discardAt = [0, 0, 0, 0];
  let actor: Seat = dealerOf(round);
  let phase: 'draw' | 'discard' = 'draw';
  let rinshan = false;
  let drawn: Tile | null = null;
  let doraShown = 1;
  let openKanDora = 0;
  const reveal = (count: number): number => {
    let left = count;
    while (left > 0 && doraShown < dora.length) {
      events.push({ type: 'dora', indicator: dora[doraShown++]! });
      left--;
    }
    return left;
  };
  for (;;) {
    if (phase === 'draw') {
      const entry = draws[actor]![drawAt[actor]!];
      if (!entry) break;
      if (entry.kind !== 'tile') return failAt(`${entry.where}: a ${entry.type} where seat ${actor} should draw from the wall (nobody discarded a tile to claim)`);
      drawAt[actor]!++;
      events.push({ type: 'draw', seat: actor, tile: entry.tile, rinshan });
      drawn = entry.tile;
      rinshan = false;
      phase = 'discard';
      continue;
    }
    const entry = discards[actor]![discardAt[actor]!];
    if (!entry) break;
    discardAt[actor]!++;
    if (entry.kind === 'afterOpenKan') return failAt(`${entry.where}: 0 stands only right after an open kan`);
    if (entry.kind === 'ankan') {
      openKanDora = reveal(openKanDora);
      events.push({ type: 'ankan', seat: actor, tiles: entry.tiles });
      reveal(1);
      phase = 'draw';
      rinshan = true;
      drawn = null;
      continue;
    }
    if (entry.kind === 'kakan') {
      openKanDora = reveal(openKanDora);
      events.push({ type: 'kakan', seat: actor, from: entry.from, addedTile: entry.addedTile, ponTiles: entry.ponTiles });
      openKanDora++;
      phase = 'draw';
      rinshan = true;
      drawn = null;
      continue;
    }
    let tile = entry.tile;
    if (tile === null) {
      if (drawn === null) return failAt(`${entry.where}: 60 means the drawn tile, but seat ${actor} drew none this turn (it called)`);
      tile = drawn;
    }
    events.push({ type: 'discard', seat: actor, tile, tsumogiri: entry.tile === null, riichi: entry.riichi });
    drawn = null;
    openKanDora = reveal(openKanDora);
    const caller = claimant(actor, tile, draws, drawAt);
    if (caller === null) {
      actor = seatAt(actor, 1);
      phase = 'draw';
      continue;
    }
    const claim = draws[caller]![drawAt[caller]!]! as Extract<DrawEntry, { kind: 'claim' }>;
    drawAt[caller]!++;
    events.push({ type: claim.type, seat: caller, from: actor, calledTile: claim.calledTile, handTiles: claim.handTiles });
    actor = caller;
    if (claim.type === 'minkan') {
      const slot = discards[caller]![discardAt[caller]!];
      if (!slot || slot.kind !== 'afterOpenKan') {
        return failAt(`${claim.where}: an open kan is followed by 0 in the discards, found ${slot ? slot.where : `the end of seat ${caller}'s discards`}`);
      }
      discardAt[caller]!++;
      openKanDora++;
      phase = 'draw';
      rinshan = true;
    } else {
      phase = 'discard';
    }
  }
  for (let seat = 0; seat < 4; seat++) {
    const draw = draws[seat]![drawAt[seat]!];
    const discard = discards[seat]![discardAt[seat]!];
    const left = draw ?? discard;
    if (left) {
      return failAt(`${left.where} is never reached: play stops at seat ${actor}'s ${phase} (${phase === 'draw' ? `draws[${drawAt[actor]}]` : `discards[${discardAt[actor]}]`} is missing)`);
    }
  }
  if (doraShown < dora.length) return failAt(`dora indicators: ${dora.length} listed, only ${doraShown} turned over (1 + kans)`);
  return { ok: true, value: events };
}

/** The seat that claims `tile` just discarded by `discarder`, judged by each seat's next draw entry; or null. */
function claimant(discarder: Seat, tile: Tile, draws: DrawEntry[][], drawAt: number[]): Seat | null {
  const fits = (seat: Seat, types: readonly string[]): boolean => {
    const next = draws[seat]![drawAt[seat]!];
    return next !== undefined && next.kind === 'claim' && types.includes(next.type) && next.from === discarder && next.calledTile === tile;
  };
  for (let relative = 1; relative < 4; relative++) {
    const seat = seatAt(discarder, relative);
    if (fits(seat, ['pon', 'minkan'])) return seat;
  }
  const next = seatAt(discarder, 1);
  return fits(next, ['chi']) ? next : null;
}

// ---- results ----------------------------------------------------------------------------------------------

const isSeat = (value: unknown): value is Seat => value === 0 || value === 1 || value === 2 || value === 3;
const isDeltas = (value: unknown): value is number[] => Array.isArray(value) && value.length === 4 && value.every((x) => Number.isInteger(x));

function parseResult(raw: readonly unknown[], failAt: Fail): FormatResult<RoundResult> {
  const label = raw[0];
  if (label === WIN_LABEL) {
    if (raw.length < 3 || raw.length % 2 !== 1) return failAt(`result: "${WIN_LABEL}" is followed by [deltas, details] pairs, found ${raw.length - 1} entries`);
    const wins: WinRecord[] = [];
    for (let i = 1; i < raw.length; i += 2) {
      const win = parseWin(raw[i], raw[i + 1], i, failAt);
      if (!win.ok) return win;
      wins.push(win.value);
    }
    return { ok: true, value: { type: 'win', wins } };
  }
  const kind = typeof label === 'string' ? DRAW_KIND_BY_LABEL.get(label) : undefined;
  if (kind === undefined) return failAt(`result: unknown label ${JSON.stringify(label)} (${WIN_LABEL}, ${Object.values(DRAW_LABELS).join(', ')})`);
  if (raw.length > 2) return failAt(`result: "${label}" takes at most one deltas array, found ${raw.length - 1} entries`);
  if (raw.length === 2 && !isDeltas(raw[1])) return failAt(`result[1]: deltas are four whole numbers, got ${JSON.stringify(raw[1])}`);
  return { ok: true, value: { type: 'draw', kind, deltas: raw.length === 2 ? (raw[1] as number[]) : null } };
}

const SCORE_PATTERN = /^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀)?$/;
const YAKU_PATTERN = /^(.+)\((?:(\d+)飜|(役満))\)$/;

function parseWin(deltas: unknown, details: unknown, index: number, failAt: Fail): FormatResult<WinRecord> {
  if (!isDeltas(deltas)) return failAt(`result[${index}]: deltas are four whole numbers, got ${JSON.stringify(deltas)}`);
  const where = `result[${index + 1}]`;
  if (!Array.isArray(details) || details.length < 4) return failAt(`${where}: win details are [winner, from, liable, score text, yaku…], got ${JSON.stringify(details)}`);
  const [winner, from, liable, score, ...yakuTexts] = details as unknown[];
  if (!isSeat(winner) || !isSeat(from) || !isSeat(liable)) return failAt(`${where}: winner, from and liable must be seats 0-3, got ${JSON.stringify(details.slice(0, 3))}`);
  if (typeof score !== 'string') return failAt(`${where}: score text must be a string, got ${JSON.stringify(score)}`);
  const match = SCORE_PATTERN.exec(score);
  if (!match) return failAt(`${where}: score text ${JSON.stringify(score)} is not like "30符4飜7700点", "満貫2000-4000点" or "40符2飜1300点∀"`);
  const first = Number(match[4]);
  let points: RecordedPoints;
  if (match[6]) points = { kind: 'tsumoAll', each: first };
  else if (match[5] !== undefined) points = { kind: 'tsumo', tsumoNonDealer: first, tsumoDealer: Number(match[5]) };
  else points = { kind: 'ron', ron: first };
  const tsumo = winner === from;
  if (tsumo === (points.kind === 'ron')) return failAt(`${where}: score text ${JSON.stringify(score)} does not fit a ${tsumo ? 'tsumo' : 'ron'}`);
  const yaku: RecordedYaku[] = [];
  for (const text of yakuTexts) {
    const y = typeof text === 'string' ? YAKU_PATTERN.exec(text) : null;
    if (!y) return failAt(`${where}: yaku ${JSON.stringify(text)} is not like "立直(1飜)" or "大三元(役満)"`);
    yaku.push(y[3] ? { name: y[1]!, yakuman: true } : { name: y[1]!, han: Number(y[2]) });
  }
  if (yaku.length === 0) return failAt(`${where}: a win lists at least one yaku`);
  return {
    ok: true,
    value: {
      winner,
      from,
      liable: liable === winner ? null : liable,
      deltas,
      fu: match[1] !== undefined ? Number(match[1]) : null,
      han: match[2] !== undefined ? Number(match[2]) : null,
      limit: match[3] !== undefined ? LIMIT_BY_LABEL.get(match[3])! : null,
      points,
      yaku,
    },
  };
}
