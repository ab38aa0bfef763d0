// Exports of a played riichi-family session: tenhou.net/6 (latest game), mjai JSON Lines and CSV of hand results.
import { ok } from '../../rules/result.js';
import { presetOf, type RuleOptions } from '../../rules/options.js';
import { isHandResult, type RiichiEvent } from './machines/events.js';
import type { GameRecord, RoundRecord } from './formats/game-record.js';
import { roundName } from './formats/game-record.js';
import { riichiGameRecord } from './formats/riichi-record.js';
import { exportTenhou6Text } from './formats/tenhou6-export.js';
import { hostFail, type HostResult } from '../../host/errors.js';
import { csvCell, mjaiTile } from '../../host/reports/export-cells.js';
import { isSourceEvent, type LoggedEvent } from '../../host/session/log-events.js';
import type { Session } from '../../host/storage/index.js';
import type { Tenhou6Game } from '../../host/families/family.js';


/**
 * A tenhou.net/6 file holds one game, so a session exports one file per game that has a finished hand (a game still
 * in play exports the hands finished so far); `game` picks one. Players are named as the session seated them.
 */
export function riichiSessionTenhou6(
  session: Session,
  records: readonly LoggedEvent[],
  game?: number,
): HostResult<readonly Tenhou6Game[]> {
  const read = sessionGames(session, records);
  if (!read.ok) return read;
  const played = read.value.games.flatMap((events, index) => (hasFinishedHand(events) ? [index] : []));
  if (played.length === 0)
    return hostFail('export_empty', `session ${session.id} has no finished hand to export yet`);
  if (game !== undefined && !played.includes(game - 1))
    return hostFail(
      'unknown_game',
      `session ${session.id} has no game ${game} with a finished hand (games: ${played.map((i) => i + 1).join(', ')})`,
    );
  const files: Tenhou6Game[] = [];
  for (const index of game === undefined ? played : [game - 1]) {
    const record = gameRecordOf(session, read.value, index);
    if (!record.ok) return record;
    const text = exportTenhou6Text(record.value);
    if (!text.ok) return hostFail('export_unsupported', `session ${session.id}: ${text.message}`);
    files.push({ game: index + 1, hands: record.value.rounds.length, content: text.value });
  }
  return ok(files);
}

interface SessionGames {
  readonly names: readonly string[];
  readonly rules: RuleOptions;
  /** Each game's riichi events, in log order. */
  readonly games: readonly (readonly RiichiEvent[])[];
}

const hasFinishedHand = (game: readonly RiichiEvent[]): boolean => game.some(isHandResult);

/** The session's games: its derived events (the riichi vocabulary), split at each `game.started`. */
function sessionGames(session: Session, records: readonly LoggedEvent[]): HostResult<SessionGames> {
  const rules = presetOf(session.preset);
  if (!rules.ok) return hostFail('export_unsupported', `session ${session.id}: ${rules.message}`);
  let names: string[] = [];
  const games: RiichiEvent[][] = [];
  for (const { event } of records) {
    // Machine seat i is the i-th table seat in play, in turn order (Tenpai Race plays at table seats 0 and 2).
    if (event.type === 'host.sessionOpened')
      names = [...event.seats].sort((a, b) => a.seat - b.seat).map((s) => s.name);
    if (isSourceEvent(event) || event.type.startsWith('host.')) continue;
    const riichi = event as RiichiEvent;
    if (riichi.type === 'game.started') games.push([]);
    games.at(-1)?.push(riichi);
  }
  return ok({ names, rules: rules.value, games });
}

function gameRecordOf(session: Session, read: SessionGames, index: number): HostResult<GameRecord> {
  const record = riichiGameRecord(read.games[index]!, {
    players: read.names,
    title: [`session ${session.id}`, `game ${index + 1}`],
    options: read.rules,
  });
  return record.ok ? ok(record.value) : hostFail('export_unsupported', `session ${session.id}: ${record.message}`);
}

const WIND_LETTERS = ['E', 'S', 'W', 'N'];

/** One round as mjai lines (the format Mortal and mjai.app read), from the record tenhou export uses too. */
function mjaiRound(round: RoundRecord): unknown[] {
  const lines: unknown[] = [
    {
      type: 'start_kyoku',
      bakaze: WIND_LETTERS[Math.floor(round.round / 4) % 4],
      kyoku: (round.round % 4) + 1,
      honba: round.honba,
      kyotaku: round.riichiSticks,
      oya: round.round % 4,
      dora_marker: mjaiTile(round.doraIndicators[0]!),
      scores: [...round.startScores],
      tehais: round.deals.map((deal) => deal.map(mjaiTile)),
    },
  ];
  const last = round.events.length - 1;
  round.events.forEach((e, i) => {
    switch (e.type) {
      case 'draw':
        lines.push({ type: 'tsumo', actor: e.seat, pai: mjaiTile(e.tile) });
        break;
      case 'discard': {
        if (e.riichi) lines.push({ type: 'reach', actor: e.seat });
        lines.push({ type: 'dahai', actor: e.seat, pai: mjaiTile(e.tile), tsumogiri: e.tsumogiri });
        // The stick is paid once the declaring discard is not won on (riichi.md 6.2).
        const wonOn = i === last && round.result.type === 'win' && round.result.wins.some((w) => w.from === e.seat && w.winner !== e.seat);
        if (e.riichi && !wonOn) lines.push({ type: 'reach_accepted', actor: e.seat });
        break;
      }
      case 'chi':
      case 'pon':
      case 'minkan':
        lines.push({
          type: e.type === 'minkan' ? 'daiminkan' : e.type,
          actor: e.seat,
          target: e.from,
          pai: mjaiTile(e.calledTile),
          consumed: e.handTiles.map(mjaiTile),
        });
        break;
      case 'ankan':
        lines.push({ type: 'ankan', actor: e.seat, consumed: e.tiles.map(mjaiTile) });
        break;
      case 'kakan':
        lines.push({ type: 'kakan', actor: e.seat, pai: mjaiTile(e.addedTile), consumed: e.ponTiles.map(mjaiTile) });
        break;
      case 'dora':
        lines.push({ type: 'dora', dora_marker: mjaiTile(e.indicator) });
        break;
    }
  });
  if (round.result.type === 'win')
    for (const win of round.result.wins)
      lines.push({
        type: 'hora',
        actor: win.winner,
        target: win.from,
        deltas: [...win.deltas],
        ura_markers: round.uraIndicators.map(mjaiTile),
      });
  else lines.push({ type: 'ryukyoku', reason: round.result.kind, deltas: round.result.deltas ?? [0, 0, 0, 0] });
  lines.push({ type: 'end_kyoku' });
  return lines;
}

/** mjai JSON Lines of every game of a four-player riichi session (a Sanma game is refused with the reason). */
export function riichiSessionMjai(session: Session, records: readonly LoggedEvent[]): HostResult<string> {
  const read = sessionGames(session, records);
  if (!read.ok) return read;
  const lines: unknown[] = [];
  for (let index = 0; index < read.value.games.length; index++) {
    const record = gameRecordOf(session, read.value, index);
    if (!record.ok) return record;
    lines.push({ type: 'start_game', names: record.value.players, variant: session.variant });
    for (const round of record.value.rounds) lines.push(...mjaiRound(round));
    const ended = read.value.games[index]!.find((e) => e.type === 'game.ended');
    if (ended?.type === 'game.ended') lines.push({ type: 'end_game', scores: turnToDealer(ended.points, read.value.games[index]!) });
  }
  if (!lines.some((line) => (line as { type: string }).type === 'end_kyoku'))
    return hostFail('export_empty', `session ${session.id} has no finished hand yet: there is nothing to export`);
  return ok(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}

/** Final points in the record's seat order (seats counted from the first dealer, as tenhou and mjai number them). */
function turnToDealer(points: readonly number[], game: readonly RiichiEvent[]): number[] {
  const started = game.find((e) => e.type === 'game.started');
  const shift = started?.type === 'game.started' ? started.firstDealer : 0;
  return points.map((_, i) => points[(i + shift) % points.length]!);
}

/** Each variant's own CSV columns (issue 12), after the common ones and before the players and points. */
const VARIANT_CSV_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // Mangan Mahjong (V4.1): the points the losers paid that left the game.
  mangan: ['burned'],
  // Clear Mahjong (V5.2): the conditions each team cleared in the hand, e.g. "A: Y15 Y17".
  clear: ['cleared'],
};

type Cell = string | number | null;

/**
 * CSV, one row per finished hand: game, hand (e.g. East 2-1), dealer, result, winners (seats and names), payer, han,
 * fu, limit, the variant's own columns (Mangan's burned points, Clear's conditions), then each player's name and points
 * after the hand, for exactly the seats the variant plays (Tenpai Race two, Sanma three). A session without a
 * finished hand is refused (`export_empty`).
 */
export function riichiSessionCsv(session: Session, records: readonly LoggedEvent[]): HostResult<string> {
  const read = sessionGames(session, records);
  if (!read.ok) return read;
  const { names } = read.value;
  const extra = VARIANT_CSV_COLUMNS[session.variant] ?? [];
  const header = ['session', 'game', 'hand', 'dealer_seat', 'result', 'winner_seats', 'winners', 'from_seat', 'han', 'fu', 'limit', ...extra];
  const rows: Cell[][] = [
    [
      ...header,
      ...names.map((_, i) => `player_seat${i}`),
      ...names.map((_, i) => `points_seat${i}`),
    ],
  ];
  const nameOf = (seat: number) => names[seat] ?? `seat ${seat}`;
  read.value.games.forEach((game, g) => {
    let started: Extract<RiichiEvent, { type: 'hand.started' }> | null = null;
    /** The row of the hand that ended last, and its variant cells (filled by the events after the result). */
    let last: { cells: Cell[]; extra: Record<string, Cell> } | null = null;
    const flush = () => {
      if (last !== null) rows.push([...last.cells.slice(0, header.length - extra.length), ...extra.map((c) => last!.extra[c] ?? null), ...last.cells.slice(header.length - extra.length)]);
      last = null;
    };
    for (const e of game) {
      if (e.type === 'hand.started') {
        flush();
        started = e;
      }
      if (e.type === 'hand.pointsBurned' && last !== null) last.extra['burned'] = e.total;
      if (e.type === 'team.conditionCleared' && last !== null) {
        const before = last.extra['cleared'];
        last.extra['cleared'] = `${typeof before === 'string' ? `${before}; ` : ''}${e.team}: ${e.condition}`;
      }
      if (started === null) continue;
      const name = roundName((started.roundWind - 1) * 4 + started.handNumber - 1, started.honba);
      const base: Cell[] = [session.id, g + 1, name, started.dealer];
      const tail = (points: readonly number[]): Cell[] => [...names.map((_, i) => nameOf(i)), ...names.map((_, i) => points[i] ?? null)];
      let cells: Cell[] | null = null;
      if (e.type === 'hand.won') {
        const first = e.wins[0]!;
        cells = [...base, first.from === null ? 'tsumo' : 'ron', e.wins.map((w) => w.seat).join(' '), e.wins.map((w) => nameOf(w.seat)).join('; '), first.from, first.han, first.fu, first.limit, ...tail(e.points)];
      } else if (e.type === 'hand.exhaustiveDraw') {
        cells = [...base, 'exhaustive draw', null, null, null, null, null, null, ...tail(e.points)];
      } else if (e.type === 'hand.abortiveDraw') {
        cells = [...base, `abortive draw: ${e.reason}`, null, null, null, null, null, null, ...tail(e.points)];
      } else if (e.type === 'hand.chombo') {
        cells = [...base, `chombo: ${e.reason}`, null, null, e.seat, null, null, null, ...tail(e.points)];
      }
      if (cells !== null) {
        flush();
        last = { cells, extra: {} };
      }
    }
    flush();
  });
  if (rows.length === 1)
    return hostFail('export_empty', `session ${session.id} has no finished hand yet: there is nothing to export`);
  return ok(rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n');
}

/** The players' points after each round of an imported record: the next round's start, or the last one's deltas applied. */
function pointsAfter(record: GameRecord, index: number): readonly number[] {
  const next = record.rounds[index + 1];
  if (next !== undefined) return next.startScores;
  const round = record.rounds[index]!;
  const deltas =
    round.result.type === 'win'
      ? round.result.wins.map((w) => w.deltas)
      : round.result.deltas === null
        ? []
        : [round.result.deltas];
  return round.startScores.map((p, seat) => deltas.reduce((sum, d) => sum + (d[seat] ?? 0), p));
}

/** CSV of an imported tenhou.net/6 game: one row per round, with the names and points the file records. */
export function importedSessionCsv(session: Session, record: GameRecord): HostResult<string> {
  const names = record.players;
  const rows: Cell[][] = [
    ['session', 'game', 'hand', 'dealer_seat', 'result', 'winner_seats', 'winners', 'from_seat', 'han', 'fu', 'limit', ...names.map((_, i) => `player_seat${i}`), ...names.map((_, i) => `points_seat${i}`)],
  ];
  record.rounds.forEach((round, index) => {
    const base: Cell[] = [session.id, 1, roundName(round.round, round.honba), round.round % 4];
    const tail: Cell[] = [...names, ...pointsAfter(record, index)];
    if (round.result.type === 'win') {
      const first = round.result.wins[0]!;
      const tsumo = first.from === first.winner;
      rows.push([...base, tsumo ? 'tsumo' : 'ron', round.result.wins.map((w) => w.winner).join(' '), round.result.wins.map((w) => names[w.winner] ?? '').join('; '), tsumo ? null : first.from, first.han, first.fu, first.limit, ...tail]);
    } else rows.push([...base, `draw: ${round.result.kind}`, null, null, null, null, null, null, ...tail]);
  });
  if (rows.length === 1) return hostFail('export_empty', `session ${session.id}: the imported game has no round`);
  return ok(rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n');
}

/** mjai JSON Lines of an imported tenhou.net/6 game, from the rounds the file records. */
export function importedSessionMjai(session: Session, record: GameRecord): HostResult<string> {
  if (record.rounds.length === 0)
    return hostFail('export_empty', `session ${session.id}: the imported game has no round`);
  const lines: unknown[] = [{ type: 'start_game', names: record.players, variant: session.variant }];
  for (const round of record.rounds) lines.push(...mjaiRound(round));
  lines.push({ type: 'end_game', scores: [...pointsAfter(record, record.rounds.length - 1)] });
  return ok(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}
