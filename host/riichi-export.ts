// Exports of a played riichi-family session: tenhou.net/6 (latest game), mjai JSON Lines and CSV of hand results.
import { ok } from '../rules/result.js';
import { presetOf, type RuleOptions } from '../rules/options.js';
import { isHandResult, type RiichiEvent } from '../machines/riichi/events.js';
import type { GameRecord, RoundRecord } from './formats/game-record.js';
import { roundName } from './formats/game-record.js';
import { riichiGameRecord } from './formats/riichi-record.js';
import { exportTenhou6Text } from './formats/tenhou6-export.js';
import { hostFail, type HostResult } from './errors.js';
import { csvCell, mjaiTile } from './export-cells.js';
import { isSourceEvent, type LoggedEvent } from './log-events.js';
import type { Session } from './storage/index.js';

/**
 * A tenhou.net/6 file holds one game, so a session of several games exports its latest one that has a finished
 * hand (a game still in play exports the hands finished so far). Players are named as the session seated them.
 */
export function riichiSessionTenhou6(
  session: Session,
  records: readonly LoggedEvent[],
): HostResult<{ readonly game: number; readonly content: string }> {
  const read = sessionGames(session, records);
  if (!read.ok) return read;
  const index = read.value.games.findLastIndex(hasFinishedHand);
  if (index < 0) return hostFail('export_unsupported', `session ${session.id} has no finished hand to export yet`);
  const record = gameRecordOf(session, read.value, index);
  if (!record.ok) return record;
  const text = exportTenhou6Text(record.value);
  if (!text.ok) return hostFail('export_unsupported', `session ${session.id}: ${text.message}`);
  return ok({ game: index + 1, content: text.value });
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
    if (event.type === 'host.sessionOpened') names = event.seats.map((s) => s.name);
    if (isSourceEvent(event) || event.type.startsWith('host.')) continue;
    const riichi = event as unknown as RiichiEvent;
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
  return ok(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}

/** Final points in the record's seat order (seats counted from the first dealer, as tenhou and mjai number them). */
function turnToDealer(points: readonly number[], game: readonly RiichiEvent[]): number[] {
  const started = game.find((e) => e.type === 'game.started');
  const shift = started?.type === 'game.started' ? started.firstDealer : 0;
  return points.map((_, i) => points[(i + shift) % points.length]!);
}

/** CSV, one row per finished hand: game, hand (e.g. East 2-1), dealer, result, winners, payer, han, fu, limit, points after. */
export function riichiSessionCsv(session: Session, records: readonly LoggedEvent[]): HostResult<string> {
  const read = sessionGames(session, records);
  if (!read.ok) return read;
  const seats = Math.max(3, read.value.names.length);
  const header = ['session', 'game', 'hand', 'dealer_seat', 'result', 'winner_seats', 'from_seat', 'han', 'fu', 'limit'];
  const rows: (string | number | null)[][] = [[...header, ...Array.from({ length: seats }, (_, i) => `points_seat${i}`)]];
  read.value.games.forEach((game, g) => {
    let started: Extract<RiichiEvent, { type: 'hand.started' }> | null = null;
    for (const e of game) {
      if (e.type === 'hand.started') started = e;
      if (!isHandResult(e) || started === null) continue;
      const name = roundName((started.roundWind - 1) * 4 + started.handNumber - 1, started.honba);
      const base = [session.id, g + 1, name, started.dealer];
      if (e.type === 'hand.won') {
        const first = e.wins[0]!;
        rows.push([...base, first.from === null ? 'tsumo' : 'ron', e.wins.map((w) => w.seat).join(' '), first.from, first.han, first.fu, first.limit, ...e.points]);
      } else if (e.type === 'hand.exhaustiveDraw') {
        rows.push([...base, 'exhaustive draw', null, null, null, null, null, ...e.points]);
      } else if (e.type === 'hand.abortiveDraw') {
        rows.push([...base, `abortive draw: ${e.reason}`, null, null, null, null, null, ...e.points]);
      }
    }
  });
  return ok(rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n');
}
