// Strict import of tenhou.net/6 JSON game logs into the GameRecord model: all of it checked, or refused whole.
import {
  formatError,
  roundName,
  type FormatResult,
  type GameRecord,
  type RoundRecord,
  type Seat,
} from './game-record.js';
import { replayRound } from './replay.js';
import { parseResult } from './tenhou6-result.js';
import {
  describeIssue,
  gameSchema,
  roundFieldName,
  roundSchema,
  SUPPORTED_VERSION,
  type Fail,
  type RawGame,
  type RawRound,
} from './tenhou6-schema.js';
import {
  decodeDiscards,
  decodeDraws,
  interleave,
  searchClaims,
  type Attempt,
  type DiscardEntry,
  type DrawEntry,
} from './tenhou6-streams.js';
import { tileFromCode } from './tenhou6-codes.js';
import type { Tile } from '../../../rules/tiles.js';

export { DRAW_LABELS, LIMIT_LABELS, WIN_LABEL } from './tenhou6-result.js';
export { markedIndex } from './tenhou6-streams.js';

/** Reads a file's text. Errors: `bad_json` (not JSON, e.g. cut off), and those of `parseTenhou6Json`. */
export function parseTenhou6(text: string): FormatResult<GameRecord> {
  let json: unknown;
  try {
    // A byte-order mark (Windows editors write one) is not part of the JSON.
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return formatError('bad_json', `not a JSON document (truncated or corrupt): ${(error as Error).message}`);
  }
  return parseTenhou6Json(json);
}

/** The most rounds one game's log may hold. */
export const MAX_ROUNDS = 200;

/**
 * The points carry from round to round (issue 12): each round starts where the previous one left the players, its
 * result's deltas applied and 1,000 taken from each seat whose riichi stood (a riichi discard that was ronned paid
 * no stick, riichi.md 6.2). Checked on every sample log; a log that breaks it is not one game.
 * Example: [25000×4], seat 0 riichi then wins by ron from seat 1 for 3900 + the stick → next start
 * [25000 + 4900 − 1000, 21100, 25000, 25000].
 */
export function checkPointsCarry(rounds: readonly RoundRecord[]): FormatResult<void> {
  for (let i = 0; i + 1 < rounds.length; i++) {
    const round = rounds[i]!;
    const result = round.result;
    const deltas = result.type === 'win' ? result.wins.map((w) => w.deltas) : result.deltas === null ? [] : [result.deltas];
    const last = round.events.length - 1;
    const sticks = round.startScores.map(() => 0);
    round.events.forEach((e, j) => {
      if (e.type !== 'discard' || !e.riichi) return;
      const ronned =
        j === last && result.type === 'win' && result.wins.some((w) => w.from === e.seat && w.winner !== e.seat);
      if (!ronned) sticks[e.seat]! += 1;
    });
    const expected = round.startScores.map(
      (points, seat) => points + deltas.reduce((sum, d) => sum + (d[seat] ?? 0), 0) - 1000 * sticks[seat]!,
    );
    const next = rounds[i + 1]!.startScores;
    if (expected.some((points, seat) => points !== next[seat]))
      return formatError(
        'bad_log',
        `log[${i + 1}] ${roundName(rounds[i + 1]!.round, rounds[i + 1]!.honba)}: starts at [${next.join(', ')}], but log[${i}] ${roundName(round.round, round.honba)} left the players at [${expected.join(', ')}]; the points do not carry from round to round`,
      );
  }
  return { ok: true, value: undefined };
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
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return formatError('bad_log', 'a tenhou.net/6 log is a JSON object {title, name, rule, log}');
  const ver = (json as Record<string, unknown>).ver;
  if (ver !== undefined) {
    const parts = typeof ver === 'string' ? versionParts(ver) : null;
    if (!parts)
      return formatError(
        'bad_log',
        `ver: ${JSON.stringify(ver)} is not a version like "${SUPPORTED_VERSION}"`,
      );
    if (isNewerVersion(parts))
      return formatError(
        'unsupported_version',
        `ver ${ver}: written by a newer version of the format than this importer reads (up to ${SUPPORTED_VERSION})`,
      );
  }
  const game = gameSchema.safeParse(json);
  if (!game.success) return formatError('bad_log', describeIssue('', game.error.issues[0]!));
  const raw = game.data;
  // Three-player logs say so in the rule name (三) and leave the fourth seat's deal empty.
  const emptyFourthSeat = raw.log.some(
    (round) => Array.isArray(round) && Array.isArray(round[13]) && round[13].length === 0,
  );
  if (raw.rule.disp.includes('三') || emptyFourthSeat) {
    return formatError(
      'unsupported_rules',
      `rule "${raw.rule.disp}": three-player games are not imported (four-player riichi only)`,
    );
  }
  // Refused before any round is read: a real game has a few dozen (an East-South game with extensions stays
  // far below this), and each parsed round costs memory.
  if (raw.log.length > MAX_ROUNDS)
    return formatError(
      'bad_log',
      `log: ${raw.log.length} rounds; a game has at most ${MAX_ROUNDS} (this is not one game's log)`,
    );
  const rounds: RoundRecord[] = [];
  const maxRed = redFivesPerSuit(raw.rule);
  for (let i = 0; i < raw.log.length; i++) {
    const round = parseRound(raw.log[i], i, maxRed);
    if (!round.ok) return round;
    rounds.push(round.value);
  }
  if (rounds.length === 0) return formatError('bad_log', 'log: the game has no rounds');
  const carried = checkPointsCarry(rounds);
  if (!carried.ok) return carried;
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

/** The most red fives of one suit the table's set holds (`aka: 1` → 1; the editor's `aka52: 2` → 2). */
function redFivesPerSuit(rule: RawGame['rule']): number {
  const perSuit = [rule.aka51, rule.aka52, rule.aka53].filter((n) => n !== undefined);
  return perSuit.length > 0 ? Math.max(...perSuit) : (rule.aka ?? 1);
}

function parseRound(value: unknown, index: number, maxRed: number): FormatResult<RoundRecord> {
  const parsed = roundSchema.safeParse(value);
  if (!parsed.success)
    return formatError('bad_log', describeIssue(`log[${index}]`, parsed.error.issues[0]!, roundFieldName));
  const raw: RawRound = parsed.data;
  const [round, honba, riichiSticks] = raw[0];
  const name = `log[${index}] ${roundName(round, honba)}`;
  const failAt: Fail = (message, code = 'bad_log') => formatError(code, `${name}, ${message}`);

  const tiles = (codes: readonly number[], field: number): FormatResult<Tile[]> => {
    const out: Tile[] = [];
    for (let i = 0; i < codes.length; i++) {
      const tile = tileFromCode(codes[i]!);
      if (tile === null)
        return failAt(
          `${roundFieldName(field)}[${i}]: ${codes[i]} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)`,
          'bad_tile',
        );
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
    if (deal.value.length !== 13)
      return failAt(`seat ${seat} deal: ${deal.value.length} tiles, a deal has 13`);
    deals.push(deal.value);
    const seatDraws = decodeDraws(raw[5 + 3 * seat] as (number | string)[], seat as Seat, failAt);
    if (!seatDraws.ok) return seatDraws;
    draws.push(seatDraws.value);
    const seatDiscards = decodeDiscards(raw[6 + 3 * seat] as (number | string)[], seat as Seat, failAt);
    if (!seatDiscards.ok) return seatDiscards;
    discards.push(seatDiscards.value);
  }
  const result = parseResult(raw[16], failAt);
  if (!result.ok) return result;
  // The model is only handed out after the whole round replays: tiles in hand, calls legal, result fits.
  const build = (declined: ReadonlySet<number>): Attempt => {
    const order = interleave(round, draws, discards, dora.value, failAt, declined);
    if (!order.ok) return order;
    const record: RoundRecord = {
      round,
      honba,
      riichiSticks,
      startScores: raw[1],
      doraIndicators: dora.value,
      uraIndicators: ura.value,
      deals,
      events: order.events,
      result: result.value,
    };
    const replay = replayRound(record, maxRed);
    if (!replay.ok)
      return {
        ...failAt(replay.message, replay.code === 'bad_tile' ? 'bad_tile' : 'bad_log'),
        claims: order.claims,
      };
    return { ok: true, value: record };
  };
  return searchClaims(build);
}
