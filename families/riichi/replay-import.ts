// An imported tenhou.net/6 game as the riichi family's log records, so its replay folds through the same applyPublic as a live game (issue 12).
//
// An import stores whole rounds (`record.round`); the replay viewer steps through them draw by discard, with the
// board, the open hands, the win breakdown and the timeline of a live riichi session. Each round is walked with
// the import's own round replayer (formats/replay.ts `applyEvent`, which the parser already checked it against)
// and said as the riichi machines' outcomes: the deal, draws, discards, riichi and its stick, calls, kan dora and
// the recorded result (tenhou's own yaku, han, fu and deltas; tenpai at a draw by rules/waits).
import type { SeatInfo } from '../../contract/ipc-contract.js';
import type { RiichiEvent, RiichiMeld, RiichiWin } from './machines/events.js';
import type { Seat } from '../../table/table-events.js';
import { tileOfText, tilesOf, sortTiles } from '../../rules/tiles.js';
import type { RoundRecord, WinRecord } from './formats/game-record.js';
import { dealerOf } from './formats/game-record.js';
import { applyEvent, startRound, type RoundState } from './formats/replay.js';
import { exhaustiveDrawPayments, redFivesOf, winScoreInput, YAKU_NAMES } from './formats/score-check.js';
import { importedRecord } from './import.js';
import type { LogEvent, LoggedEvent } from '../../host/session/log-events.js';
import type { ImportedReplay, ImportedRound } from '../../host/families/record-importer.js';

/** A round as it was walked: its range among the replay's records, and the result the next round starts from. */
interface WalkedRound {
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly result: RiichiEvent;
}

const SEATS = [0, 1, 2, 3] as const;

/** A player's name as the screens take it (1-64 characters; the seat's own name when the file has none). */
function playerName(name: string | undefined, seat: number): string {
  const clean = (name ?? '').trim().slice(0, 64);
  return clean === '' ? `Seat ${seat + 1}` : clean;
}

/** One recorded win as the riichi machines' `RiichiWin`, read off the round's final state. */
function winOf(
  round: RoundRecord,
  final: RoundState,
  win: WinRecord,
  order: number,
  redFives: boolean,
): RiichiWin {
  // The win tile and the hand without it, as the `score` input of the import's checker reads them.
  const input = winScoreInput(round, final, win, redFives, order);
  const yakuman = win.yaku.reduce((n, y) => n + ('yakuman' in y ? 1 : 0), 0);
  const han = win.han ?? (yakuman > 0 ? null : win.yaku.reduce((n, y) => n + ('han' in y ? y.han : 0), 0));
  return {
    seat: win.winner,
    from: win.winner === win.from ? null : win.from,
    tile: tileOfText(input.winTile),
    hand: sortTiles(tilesOf(input.closedTiles)),
    melds: final.seats[win.winner]!.melds.map((m) => meldOf(m, m.type === 'ankan' ? undefined : m.from)),
    han,
    fu: win.fu,
    yaku: win.yaku
      .filter((y) => 'yakuman' in y || y.han > 0)
      .map((y) => ({
        id: YAKU_NAMES[y.name] ?? y.name,
        name: YAKU_NAMES[y.name] ?? y.name,
        ...('yakuman' in y ? { yakuman: 1 } : { han: y.han }),
      })),
    yakuman,
    limit: win.limit,
    // Tenhou records no base points; the screens never show them.
    basePoints: 1,
    payments: [...win.deltas],
    liable: win.liable === null ? null : { seat: win.liable, yakuman: '' },
  };
}

function meldOf(meld: RoundState['seats'][number]['melds'][number], from: Seat | undefined): RiichiMeld {
  return {
    type: meld.type,
    tiles: [...meld.tiles],
    ...(meld.calledTile === undefined ? {} : { calledTile: meld.calledTile }),
    ...(meld.addedTile === undefined ? {} : { addedTile: meld.addedTile }),
    ...(from === undefined ? {} : { fromSeat: from }),
  };
}

/**
 * The replay of an imported session: null when its log is no import. A round that no longer replays (the parser
 * checked each one, so only a log changed since) ends the replay there: the rounds before it still show.
 */
export function importedReplay(stored: readonly LoggedEvent[]): ImportedReplay | null {
  const record = importedRecord(stored);
  if (record === null) return null;
  const first = stored[0]!;
  const fileName = first.event.type === 'record.gameImported' ? first.event.fileName : 'import';
  const redFives = redFivesOf(record);
  const records: LoggedEvent[] = [];
  const push = (event: unknown): number => {
    records.push({ seq: records.length + 1, atMs: first.atMs, event: event as LogEvent });
    return records.length;
  };
  const seating: SeatInfo[] = SEATS.map((seat) => ({
    seat,
    playerId: null,
    name: playerName(record.players[seat], seat),
    bot: false,
  }));
  push({
    type: 'host.sessionOpened',
    variant: 'riichi',
    preset: 'tenhou',
    target: { kind: 'serial', path: `import:${fileName}` },
    seed: 0,
    seats: seating,
    autopilot: false,
  });
  const rounds: ImportedRound[] = [];
  if (record.rounds.length === 0) return { records, rounds, seating };
  push({ type: 'game.started', players: 4, firstDealer: 0, points: [...record.rounds[0]!.startScores] });
  let points: number[] = [...record.rounds[0]!.startScores];
  let deposits = 0;
  for (const [index, round] of record.rounds.entries()) {
    const walked = walkRound(round, push, redFives);
    if (walked === null) break;
    // The hand list names a round by the records the replay holds (its `hand.started` and its result).
    rounds.push({
      index,
      firstSeq: walked.firstSeq,
      lastSeq: walked.lastSeq,
      handStarted: records[walked.firstSeq - 1]!.event,
      result: records[walked.lastSeq - 1]!.event,
    });
    points = (walked.result as { points: number[] }).points;
    deposits = (walked.result as { deposits: number }).deposits;
  }
  const ranking = [...SEATS].sort((a, b) => points[b]! - points[a]! || a - b);
  push({ type: 'game.ended', points, ranking, leftoverDeposits: deposits, handsPlayed: rounds.length });
  return { records, rounds, seating };
}

/** One round as records (pushed in order); its range and result, or null when it does not replay. */
function walkRound(
  round: RoundRecord,
  push: (event: unknown) => number,
  redFives: boolean,
): WalkedRound | null {
  const dealer = dealerOf(round.round);
  const handStarted = {
    type: 'hand.started',
    roundWind: (Math.floor(round.round / 4) % 4) + 1,
    handNumber: (round.round % 4) + 1,
    dealer,
    honba: round.honba,
    deposits: round.riichiSticks,
    points: [...round.startScores],
  } as RiichiEvent;
  const firstSeq = push(handStarted);
  let state = startRound(round);
  const points = [...round.startScores];
  let deposits = round.riichiSticks;
  let pendingRiichi: Seat | null = null;
  const payRiichi = (): void => {
    if (pendingRiichi === null) return;
    points[pendingRiichi] = points[pendingRiichi]! - 1000;
    deposits++;
    push({ type: 'seat.riichiAccepted', seat: pendingRiichi, deposits, points: [...points] });
    pendingRiichi = null;
  };
  // The dealer's first draw is his 14th tile of the deal (riichi.md 3.3), as the live machines deal it.
  const [opening, ...rest] = round.events;
  const dealerDraws = opening?.type === 'draw' && opening.seat === dealer;
  push({
    type: 'hand.dealt',
    hands: round.deals.map((deal, seat) =>
      dealerDraws && seat === dealer ? [...deal, opening.tile] : [...deal],
    ),
  });
  push({ type: 'hand.doraRevealed', indicator: round.doraIndicators[0] });
  if (dealerDraws) {
    const step = applyEvent(state, opening, round);
    if (!step.ok) return null;
    state = step.value;
  }
  for (const event of dealerDraws ? rest : round.events) {
    const before = state;
    const step = applyEvent(state, event, round);
    if (!step.ok) return null;
    state = step.value;
    if (event.type !== 'dora') payRiichi();
    switch (event.type) {
      case 'draw':
        push({ type: 'seat.drew', seat: event.seat, tile: event.tile });
        break;
      case 'discard': {
        push({ type: 'seat.discarded', seat: event.seat, tile: event.tile, riichi: event.riichi });
        if (event.riichi) {
          const seat = before.seats[event.seat]!;
          push({
            type: 'seat.riichiDeclared',
            seat: event.seat,
            tile: event.tile,
            double: seat.discards === 0 && !before.called,
          });
          pendingRiichi = event.seat;
        }
        break;
      }
      case 'chi':
      case 'pon':
      case 'minkan':
        push({
          type: 'seat.callMade',
          seat: event.seat,
          meld: {
            type: event.type,
            tiles: [event.calledTile, ...event.handTiles],
            calledTile: event.calledTile,
            fromSeat: event.from,
          },
        });
        break;
      case 'ankan':
        push({ type: 'seat.callMade', seat: event.seat, meld: { type: 'ankan', tiles: [...event.tiles] } });
        break;
      case 'kakan': {
        const kan = state.seats[event.seat]!.melds.find(
          (m) => m.type === 'kakan' && m.addedTile === event.addedTile,
        );
        push({ type: 'seat.callMade', seat: event.seat, meld: meldOf(kan!, event.from) });
        break;
      }
      case 'dora':
        push({ type: 'hand.doraRevealed', indicator: event.indicator });
        break;
    }
  }
  const result = resultOf(round, state, points, deposits, pendingRiichi, payRiichi, redFives);
  const lastSeq = push(result);
  return { firstSeq, lastSeq, result };
}

/** The round's result as the riichi machines' outcome (a riichi declared on the last discard is paid at a draw). */
function resultOf(
  round: RoundRecord,
  final: RoundState,
  running: number[],
  sticks: number,
  pendingRiichi: Seat | null,
  payRiichi: () => void,
  redFives: boolean,
): RiichiEvent {
  const result = round.result;
  if (result.type === 'win') {
    const wins = result.wins.map((w, i) => winOf(round, final, w, i, redFives));
    const deltas = SEATS.map((s) => result.wins.reduce((n, w) => n + (w.deltas[s] ?? 0), 0));
    const riichiWinner = result.wins.some((w) => final.seats[w.winner]!.riichi);
    return {
      type: 'hand.won',
      wins,
      doraIndicators: round.doraIndicators.slice(0, final.doraShown),
      uraIndicators: riichiWinner ? round.uraIndicators.slice(0, final.doraShown) : [],
      deltas,
      points: running.map((p, s) => p + deltas[s]!),
      deposits: 0,
    } as RiichiEvent;
  }
  if (pendingRiichi !== null) payRiichi();
  const deltas = [...(result.deltas ?? [0, 0, 0, 0])];
  const points = running.map((p, s) => p + (deltas[s] ?? 0));
  const deposits = sticks + (pendingRiichi === null ? 0 : 1);
  const exhaustive = exhaustiveDrawPayments(round, final);
  if (exhaustive !== null || result.kind === 'nagashiMangan') {
    const tenpai = exhaustive?.tenpai ?? SEATS.map(() => false);
    const best = Math.max(...deltas);
    return {
      type: 'hand.exhaustiveDraw',
      tenpai: SEATS.filter((s) => tenpai[s]).map((seat) => ({
        seat,
        hand: sortTiles(final.seats[seat]!.concealed),
      })),
      nagashi: result.kind === 'nagashiMangan' ? SEATS.filter((s) => deltas[s] === best && best > 0) : [],
      deltas,
      points,
      deposits,
    } as RiichiEvent;
  }
  const last = final.lastEvent;
  const declarer = result.kind === 'nineTerminals' && last?.type === 'draw' ? last.seat : null;
  return {
    type: 'hand.abortiveDraw',
    reason: result.kind,
    seat: declarer,
    hand: declarer === null ? null : sortTiles(final.seats[declarer]!.concealed),
    points,
    deposits,
  } as RiichiEvent;
}
