// The result entry of a tenhou.net/6 round (和了 with deltas and score texts, or a draw label) read into the model.
import type {
  DrawKind,
  FormatResult,
  RecordedLimit,
  RecordedPoints,
  RecordedYaku,
  RoundResult,
  Seat,
  WinRecord,
} from './game-record.js';
import type { Fail } from './tenhou6-schema.js';

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

const DRAW_KIND_BY_LABEL = new Map(
  Object.entries(DRAW_LABELS).map(([kind, label]) => [label, kind as DrawKind]),
);
const LIMIT_BY_LABEL = new Map(
  Object.entries(LIMIT_LABELS).map(([limit, label]) => [label, limit as RecordedLimit]),
);

const isSeat = (value: unknown): value is Seat => value === 0 || value === 1 || value === 2 || value === 3;
const isDeltas = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length === 4 && value.every((x) => Number.isInteger(x));

export function parseResult(raw: readonly unknown[], failAt: Fail): FormatResult<RoundResult> {
  const label = raw[0];
  if (label === WIN_LABEL) {
    if (raw.length < 3 || raw.length % 2 !== 1)
      return failAt(
        `result: "${WIN_LABEL}" is followed by [deltas, details] pairs, found ${raw.length - 1} entries`,
      );
    const wins: WinRecord[] = [];
    for (let i = 1; i < raw.length; i += 2) {
      const win = parseWin(raw[i], raw[i + 1], i, failAt);
      if (!win.ok) return win;
      wins.push(win.value);
    }
    return { ok: true, value: { type: 'win', wins } };
  }
  const kind = typeof label === 'string' ? DRAW_KIND_BY_LABEL.get(label) : undefined;
  if (kind === undefined)
    return failAt(
      `result: unknown label ${JSON.stringify(label)} (${WIN_LABEL}, ${Object.values(DRAW_LABELS).join(', ')})`,
    );
  if (raw.length > 2)
    return failAt(`result: "${label}" takes at most one deltas array, found ${raw.length - 1} entries`);
  if (raw.length === 2 && !isDeltas(raw[1]))
    return failAt(`result[1]: deltas are four whole numbers, got ${JSON.stringify(raw[1])}`);
  return { ok: true, value: { type: 'draw', kind, deltas: raw.length === 2 ? (raw[1] as number[]) : null } };
}

const SCORE_PATTERN = /^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀)?$/;
const YAKU_PATTERN = /^(.+)\((?:(\d+)飜|(役満))\)$/;

function parseWin(deltas: unknown, details: unknown, index: number, failAt: Fail): FormatResult<WinRecord> {
  if (!isDeltas(deltas))
    return failAt(`result[${index}]: deltas are four whole numbers, got ${JSON.stringify(deltas)}`);
  const where = `result[${index + 1}]`;
  if (!Array.isArray(details) || details.length < 4)
    return failAt(
      `${where}: win details are [winner, from, liable, score text, yaku…], got ${JSON.stringify(details)}`,
    );
  const [winner, from, liable, score, ...yakuTexts] = details as unknown[];
  if (!isSeat(winner) || !isSeat(from) || !isSeat(liable))
    return failAt(
      `${where}: winner, from and liable must be seats 0-3, got ${JSON.stringify(details.slice(0, 3))}`,
    );
  if (typeof score !== 'string')
    return failAt(`${where}: score text must be a string, got ${JSON.stringify(score)}`);
  const match = SCORE_PATTERN.exec(score);
  if (!match)
    return failAt(
      `${where}: score text ${JSON.stringify(score)} is not like "30符4飜7700点", "満貫2000-4000点" or "40符2飜1300点∀"`,
    );
  const first = Number(match[4]);
  let points: RecordedPoints;
  if (match[6]) points = { kind: 'tsumoAll', each: first };
  else if (match[5] !== undefined)
    points = { kind: 'tsumo', tsumoNonDealer: first, tsumoDealer: Number(match[5]) };
  else points = { kind: 'ron', ron: first };
  const tsumo = winner === from;
  if (tsumo === (points.kind === 'ron'))
    return failAt(`${where}: score text ${JSON.stringify(score)} does not fit a ${tsumo ? 'tsumo' : 'ron'}`);
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
