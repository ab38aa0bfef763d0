// A played four-player riichi game (machines/riichi event log) as a GameRecord, so it exports to tenhou.net/6.
import type { RuleOptions } from '../../../rules/options.js';
import { handPayments } from '../../../rules/payments.js';
import type { Tile } from '../../../rules/tiles.js';
import {
  riichiInputSchema,
  type RiichiEvent,
  type RiichiMeld,
  type RiichiWin,
} from '../machines/events.js';
import {
  formatError,
  type DrawKind,
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
import { YAKU_NAMES } from './score-check.js';

/** rules/ yaku names → tenhou's (the inverse of the import table). */
const TENHOU_YAKU = new Map(Object.entries(YAKU_NAMES).map(([tenhou, ours]) => [ours, tenhou]));

const INPUT_TYPES: ReadonlySet<string> = new Set(riichiInputSchema.options.map((o) => o.shape.type.value));

const ABORTIVE_KINDS: Readonly<Record<string, DrawKind>> = {
  nineTerminals: 'nineTerminals',
  fourWinds: 'fourWinds',
  fourKans: 'fourKans',
  // Tenhou has one label for a hand ended by kans; a fifth kan that aborts is that too.
  fifthKan: 'fourKans',
  fourRiichi: 'fourRiichi',
  tripleRon: 'tripleRon',
};

export interface RiichiRecordMeta {
  readonly players: readonly string[];
  readonly title: readonly string[];
  readonly options: RuleOptions;
}

/** The table rules as tenhou writes them: its display text and one red five per suit when the set has them. */
function recordedRules(options: RuleOptions): GameRecord['rules'] {
  const length = options.gameLength === 'hanchan' ? '南' : '東';
  const red = options.redFives !== 'none';
  return red ? { display: `般${length}喰赤`, aka: 1 } : { display: `般${length}喰`, aka: 0 };
}

const isAccepted = (events: readonly RiichiEvent[], index: number): boolean => {
  const input = events[index]!;
  const seat = 'seat' in input ? input.seat : null;
  for (let i = index + 1; i < events.length; i++) {
    const next = events[i]!;
    if (INPUT_TYPES.has(next.type)) return true;
    if (next.type === 'seat.actionRejected' && next.seat === seat && next.action === input.type) return false;
    if (next.type === 'hand.setupRejected' && input.type === 'hand.wallBuilt') return false;
  }
  return true;
};

function recordedPoints(win: RiichiWin, dealer: Seat): RecordedPoints {
  const pay = handPayments(win.basePoints, win.seat === dealer);
  if (win.from !== null) return { kind: 'ron', ron: pay.ron };
  if (win.seat === dealer) return { kind: 'tsumoAll', each: pay.tsumoNonDealer };
  return { kind: 'tsumo', tsumoNonDealer: pay.tsumoNonDealer, tsumoDealer: pay.tsumoDealer };
}

function recordedYaku(win: RiichiWin): FormatResult<RecordedYaku[]> {
  const out: RecordedYaku[] = [];
  for (const y of win.yaku) {
    const name = TENHOU_YAKU.get(y.name);
    if (name === undefined)
      return formatError(
        'unsupported_rules',
        `yaku "${y.name}" has no tenhou.net/6 name (seat ${win.seat}'s win)`,
      );
    if (y.yakuman !== undefined) for (let i = 0; i < y.yakuman; i++) out.push({ name, yakuman: true });
    else out.push({ name, han: y.han ?? 0 });
  }
  return { ok: true, value: out };
}

const recordedLimit = (win: RiichiWin): RecordedLimit | null =>
  win.limit === null ? null : win.limit === 'kazoe yakuman' ? 'yakuman' : win.limit;

interface OpenRound {
  round: number;
  honba: number;
  riichiSticks: number;
  startScores: number[];
  dealer: Seat;
  doraIndicators: Tile[];
  uraIndicators: Tile[];
  deals: Tile[][];
  events: RoundEvent[];
  /** Per seat: the tile it just drew (tsumogiri marks), and whether its next draw is a replacement. */
  drawn: (Tile | null)[];
  replacementDue: boolean[];
  /** Pons per seat, to spell an added kan (the tiles and whom the pon came from). */
  pons: RiichiMeld[][];
}

/**
 * Builds the record of one game from its log (inputs and outcomes in order; refused inputs are skipped). Only
 * four-player games: tenhou.net/6's three-player form is not modelled by GameRecord. Tenhou numbers seats from
 * the first dealer, so the record's seats (and `meta.players`, given by our seats) are turned to start there.
 */
export function riichiGameRecord(
  events: readonly RiichiEvent[],
  meta: RiichiRecordMeta,
): FormatResult<GameRecord> {
  const first = events.find((e) => e.type === 'game.started');
  if (first === undefined) return formatError('bad_log', 'the log has no game.started event');
  if (first.players !== 4)
    return formatError(
      'unsupported_rules',
      `tenhou.net/6 export covers four-player games; this game has ${first.players} players`,
    );
  const shift = first.firstDealer;
  const rotated = events.map((event) => rotateSeats(event, shift));
  const players = [0, 1, 2, 3].map((i) => meta.players[(i + shift) % 4] ?? '');
  const rounds = recordRounds(rotated);
  if (!rounds.ok) return rounds;
  return {
    ok: true,
    value: {
      title: [...meta.title],
      players,
      rules: recordedRules(meta.options),
      meta: {},
      rounds: rounds.value,
    },
  };
}

const turn = (seat: Seat, shift: number): Seat => ((seat - shift + 4) % 4) as Seat;
const turnArray = <T>(values: readonly T[], shift: number): T[] =>
  values.map((_, i) => values[(i + shift) % 4]!);

/** The event with every seat renumbered from the first dealer (seat `shift` becomes 0). */
function rotateSeats(event: RiichiEvent, shift: number): RiichiEvent {
  if (shift === 0) return event;
  const e = { ...event } as Record<string, unknown>;
  if (typeof e.seat === 'number') e.seat = turn(e.seat as Seat, shift);
  if (typeof e.dealer === 'number') e.dealer = turn(e.dealer as Seat, shift);
  if (typeof e.firstDealer === 'number') e.firstDealer = 0;
  for (const key of ['points', 'deltas', 'hands'] as const)
    if (Array.isArray(e[key])) e[key] = turnArray(e[key] as unknown[], shift);
  if (e.meld !== undefined) {
    const meld = e.meld as RiichiMeld;
    e.meld = meld.fromSeat === undefined ? meld : { ...meld, fromSeat: turn(meld.fromSeat, shift) };
  }
  if (Array.isArray(e.wins)) e.wins = (e.wins as Partial<RiichiWin>[]).map((w) => rotateWin(w, shift));
  return e as RiichiEvent;
}

/**
 * A win's seats renumbered. Not every `wins` entry is a `RiichiWin`: Mangan's `hand.pointsBurned` lists only the
 * winner's seat and what burned, so each seat field is turned where the entry has it.
 */
function rotateWin(win: Partial<RiichiWin>, shift: number): Partial<RiichiWin> {
  const out = { ...win };
  if (win.seat !== undefined) out.seat = turn(win.seat, shift);
  if (win.from !== undefined) out.from = win.from === null ? null : turn(win.from, shift);
  if (win.payments !== undefined) out.payments = turnArray(win.payments, shift);
  if (win.liable !== undefined)
    out.liable = win.liable === null ? null : { ...win.liable, seat: turn(win.liable.seat, shift) };
  return out;
}

function recordRounds(events: readonly RiichiEvent[]): FormatResult<RoundRecord[]> {
  const rounds: RoundRecord[] = [];
  let open: OpenRound | null = null;
  const fail = (message: string) => formatError('bad_log', message);
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    if (INPUT_TYPES.has(event.type) && !isAccepted(events, index)) continue;
    if (event.type === 'hand.started') {
      open = {
        round: (event.roundWind - 1) * 4 + (event.handNumber - 1),
        honba: event.honba,
        riichiSticks: event.deposits,
        startScores: [...event.points],
        dealer: event.dealer,
        doraIndicators: [],
        uraIndicators: [],
        deals: [],
        events: [],
        drawn: [null, null, null, null],
        replacementDue: [false, false, false, false],
        pons: [[], [], [], []],
      };
      continue;
    }
    if (open === null) continue;
    const round: OpenRound = open;
    switch (event.type) {
      case 'hand.dealt': {
        // The dealer's 14th tile is his first draw (riichi.md 3.3); tenhou deals 13 and records the draw.
        const hands = event.hands.map((h) => [...h]);
        const fourteenth = hands[round.dealer]!.pop();
        if (fourteenth === undefined || hands.some((h) => h.length !== 13))
          return fail(`hand ${round.round}: the deal is not 13 tiles each plus the dealer's 14th`);
        round.deals = hands;
        round.events.push({ type: 'draw', seat: round.dealer, tile: fourteenth, rinshan: false });
        round.drawn[round.dealer] = fourteenth;
        break;
      }
      case 'hand.doraRevealed':
        if (round.doraIndicators.length > 0) round.events.push({ type: 'dora', indicator: event.indicator });
        round.doraIndicators.push(event.indicator);
        break;
      case 'seat.drew':
        round.events.push({
          type: 'draw',
          seat: event.seat,
          tile: event.tile,
          rinshan: round.replacementDue[event.seat]!,
        });
        round.replacementDue[event.seat] = false;
        round.drawn[event.seat] = event.tile;
        break;
      case 'seat.discarded':
        round.events.push({
          type: 'discard',
          seat: event.seat,
          tile: event.tile,
          tsumogiri: round.drawn[event.seat] === event.tile,
          riichi: event.riichi,
        });
        round.drawn[event.seat] = null;
        break;
      case 'seat.addedKanDeclared': {
        // Recorded when declared: a robbed added kan (chankan) is never laid, but tenhou still writes it.
        const pon = round.pons[event.seat]!.find(
          (m) => m.tiles[0] !== undefined && (m.tiles[0] & 63) === (event.tile & 63),
        );
        if (pon === undefined || pon.fromSeat === undefined)
          return fail(`hand ${round.round}: seat ${event.seat} adds to a pon it does not have`);
        round.events.push({
          type: 'kakan',
          seat: event.seat,
          from: pon.fromSeat,
          addedTile: event.tile,
          ponTiles: [...pon.tiles],
        });
        round.replacementDue[event.seat] = true;
        round.drawn[event.seat] = null;
        break;
      }
      case 'seat.callMade': {
        const meld = event.meld;
        if (meld.type === 'kakan') break;
        round.drawn[event.seat] = null;
        if (meld.type === 'ankan') {
          round.events.push({ type: 'ankan', seat: event.seat, tiles: [...meld.tiles] });
          round.replacementDue[event.seat] = true;
          break;
        }
        if (meld.calledTile === undefined || meld.fromSeat === undefined)
          return fail(`hand ${round.round}: seat ${event.seat}'s ${meld.type} names no called tile`);
        const handTiles = [...meld.tiles];
        handTiles.splice(handTiles.indexOf(meld.calledTile), 1);
        round.events.push({
          type: meld.type,
          seat: event.seat,
          from: meld.fromSeat,
          calledTile: meld.calledTile,
          handTiles,
        });
        if (meld.type === 'pon') round.pons[event.seat]!.push(meld);
        if (meld.type === 'minkan') round.replacementDue[event.seat] = true;
        break;
      }
      case 'seat.northDeclared':
        return formatError(
          'unsupported_rules',
          'tenhou.net/6 export covers four-player games; this game sets norths aside',
        );
      case 'hand.won':
      case 'hand.exhaustiveDraw':
      case 'hand.abortiveDraw': {
        const result = roundResult(event, round.dealer);
        if (!result.ok) return result;
        if (event.type === 'hand.won') round.uraIndicators = [...event.uraIndicators];
        rounds.push({
          round: round.round,
          honba: round.honba,
          riichiSticks: round.riichiSticks,
          startScores: round.startScores,
          doraIndicators: round.doraIndicators,
          uraIndicators: round.uraIndicators,
          deals: round.deals,
          events: round.events,
          result: result.value,
        });
        open = null;
        break;
      }
      default:
    }
  }
  return { ok: true, value: rounds };
}

function roundResult(
  event: Extract<RiichiEvent, { type: 'hand.won' | 'hand.exhaustiveDraw' | 'hand.abortiveDraw' }>,
  dealer: Seat,
): FormatResult<RoundResult> {
  if (event.type === 'hand.abortiveDraw')
    return { ok: true, value: { type: 'draw', kind: ABORTIVE_KINDS[event.reason]!, deltas: null } };
  if (event.type === 'hand.exhaustiveDraw') {
    const tenpai = event.tenpai.length;
    const kind: DrawKind =
      event.nagashi.length > 0
        ? 'nagashiMangan'
        : tenpai === 4
          ? 'allTenpai'
          : tenpai === 0
            ? 'allNoten'
            : 'exhaustive';
    return {
      ok: true,
      value: {
        type: 'draw',
        kind,
        deltas: kind === 'allTenpai' || kind === 'allNoten' ? null : [...event.deltas],
      },
    };
  }
  const wins: WinRecord[] = [];
  for (const win of event.wins) {
    const yaku = recordedYaku(win);
    if (!yaku.ok) return yaku;
    const limit = recordedLimit(win);
    wins.push({
      winner: win.seat,
      from: win.from ?? win.seat,
      liable: win.liable?.seat ?? null,
      deltas: [...win.payments],
      fu: limit === null ? win.fu : null,
      han: limit === null ? win.han : null,
      limit,
      points: recordedPoints(win, dealer),
      yaku: yaku.value,
    });
  }
  return { ok: true, value: { type: 'win', wins } };
}
