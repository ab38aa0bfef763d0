// Export of a GameRecord to tenhou.net/6 JSON (opens in tenhou's viewer), checked by reading it back strictly.
import type { Tile } from '../../../rules/tiles.js';
import type { FormatResult, GameRecord, RoundRecord, RoundResult, Seat, WinRecord } from './game-record.js';
import { codeOfTile, joinCall, TSUMOGIRI_CODE, type CallLetter } from './tenhou6-codes.js';
import { parseTenhou6Json } from './tenhou6.js';
import { DRAW_LABELS, LIMIT_LABELS, WIN_LABEL } from './tenhou6-result.js';
import { markedIndex } from './tenhou6-streams.js';

type Entry = number | string;

/** The JSON value of a tenhou.net/6 log, as `JSON.stringify` writes it. */
export interface Tenhou6Json {
  title: string[];
  name: string[];
  rule: { disp: string; aka?: number; aka51?: number; aka52?: number; aka53?: number };
  log: unknown[][];
  ver?: string;
  ref?: string;
  sc?: number[];
  ratingc?: string;
  lobby?: number;
  dan?: string[];
  rate?: number[];
  sx?: string[];
}

const codes = (tiles: readonly Tile[]): number[] => tiles.map(codeOfTile);
const relative = (seat: Seat, from: Seat): 1 | 2 | 3 => ((from - seat + 4) % 4) as 1 | 2 | 3;

/** The call string with the marked tile placed where it says whom it came from. */
function callString(letter: CallLetter, marked: number, markedTile: Tile, others: readonly Tile[]): string {
  const tiles = [...others];
  tiles.splice(marked, 0, markedTile);
  return joinCall({ letter, codes: codes(tiles), marked });
}

function scoreText(win: WinRecord): string {
  const head = win.limit !== null ? LIMIT_LABELS[win.limit] : `${win.fu}符${win.han}飜`;
  const p = win.points;
  if (p.kind === 'ron') return `${head}${p.ron}点`;
  if (p.kind === 'tsumoAll') return `${head}${p.each}点∀`;
  return `${head}${p.tsumoNonDealer}-${p.tsumoDealer}点`;
}

function resultJson(result: RoundResult): unknown[] {
  if (result.type === 'draw')
    return result.deltas === null
      ? [DRAW_LABELS[result.kind]]
      : [DRAW_LABELS[result.kind], [...result.deltas]];
  const out: unknown[] = [WIN_LABEL];
  for (const win of result.wins) {
    const yaku = win.yaku.map((y) => ('yakuman' in y ? `${y.name}(役満)` : `${y.name}(${y.han}飜)`));
    out.push([...win.deltas], [win.winner, win.from, win.liable ?? win.winner, scoreText(win), ...yaku]);
  }
  return out;
}

/** One round as tenhou's positional array: header, scores, indicators, then deal/draws/discards per seat, result. */
export function roundJson(round: RoundRecord): unknown[] {
  const draws: Entry[][] = [[], [], [], []];
  const discards: Entry[][] = [[], [], [], []];
  for (const event of round.events) {
    switch (event.type) {
      case 'draw':
        draws[event.seat]!.push(codeOfTile(event.tile));
        break;
      case 'discard': {
        const code = event.tsumogiri ? TSUMOGIRI_CODE : codeOfTile(event.tile);
        discards[event.seat]!.push(event.riichi ? `r${code}` : code);
        break;
      }
      case 'chi':
      case 'pon':
      case 'minkan': {
        const letter = event.type === 'chi' ? 'c' : event.type === 'pon' ? 'p' : 'm';
        draws[event.seat]!.push(
          callString(
            letter,
            markedIndex(event.type, relative(event.seat, event.from)),
            event.calledTile,
            event.handTiles,
          ),
        );
        // The open kan took this turn's discard slot; tenhou writes 0 there.
        if (event.type === 'minkan') discards[event.seat]!.push(0);
        break;
      }
      case 'ankan':
        discards[event.seat]!.push(callString('a', 3, event.tiles[3]!, event.tiles.slice(0, 3)));
        break;
      case 'kakan':
        discards[event.seat]!.push(
          callString(
            'k',
            markedIndex('kakan', relative(event.seat, event.from)),
            event.addedTile,
            event.ponTiles,
          ),
        );
        break;
      case 'dora':
        // The indicators are listed in the round header.
        break;
    }
  }
  const seats = [0, 1, 2, 3].flatMap((s) => [codes(round.deals[s]!), draws[s]!, discards[s]!]);
  return [
    [round.round, round.honba, round.riichiSticks],
    [...round.startScores],
    codes(round.doraIndicators),
    codes(round.uraIndicators),
    ...seats,
    resultJson(round.result),
  ];
}

/** The whole game as tenhou.net/6 JSON, without checking it (see `exportTenhou6`). */
export function gameJson(record: GameRecord): Tenhou6Json {
  const { display, ...red } = record.rules;
  const meta = record.meta;
  return {
    title: [...record.title],
    name: [...record.players],
    rule: { disp: display, ...red },
    log: record.rounds.map(roundJson),
    ...(meta.ver !== undefined && { ver: meta.ver }),
    ...(meta.ref !== undefined && { ref: meta.ref }),
    ...(meta.sc !== undefined && { sc: [...meta.sc] }),
    ...(meta.ratingc !== undefined && { ratingc: meta.ratingc }),
    ...(meta.lobby !== undefined && { lobby: meta.lobby }),
    ...(meta.dan !== undefined && { dan: [...meta.dan] }),
    ...(meta.rate !== undefined && { rate: [...meta.rate] }),
    ...(meta.sx !== undefined && { sx: [...meta.sx] }),
  };
}

/**
 * Exports a game, then reads the output back with the strict importer, so a record that does not make a
 * legal log (a tile not in hand, a result that does not fit) is refused rather than written. Errors: those
 * of `parseTenhou6Json`, naming the round and event.
 */
export function exportTenhou6(record: GameRecord): FormatResult<Tenhou6Json> {
  const json = gameJson(record);
  const check = parseTenhou6Json(json);
  return check.ok ? { ok: true, value: json } : check;
}

/** The export as text, one line, as tenhou's own files are written. */
export function exportTenhou6Text(record: GameRecord): FormatResult<string> {
  const json = exportTenhou6(record);
  return json.ok ? { ok: true, value: JSON.stringify(json.value) } : json;
}
