// The riichi family's public view (riichi, sanma) as a fold of the log's public form: seats, ponds, melds, sticks, dora, results.
import {
  CLEAR_CONDITION_NAMES,
  type ClearView,
  type MeldView,
  type RiichiHandResult,
  type RiichiSeatState,
  type RiichiView,
  type SeatInfo,
  type TenpaiRaceView,
  type VariantView,
  type WinBreakdown,
  type Winner,
} from '../../contract/ipc-contract.js';
import {
  publicRiichiEvent,
  type PublicRiichiEvent,
  type RiichiEvent,
  type RiichiMeld,
  type RiichiWin,
} from './machines/events.js';
import type { Seat } from '../../table/table-events.js';
import type { Seat as RiichiSeat } from '../../rules/payments.js';
import { tileKind } from '../../rules/tiles.js';
import { clearTeamOf } from '../../rules/variants/clear.js';
import { seatOfTagTeamPlayer, type TagTeamPlayer } from '../../rules/variants/mangan.js';
import { TENPAI_RACE_DISCARDS_PER_PLAYER, tenpaiRaceSeatWind } from '../../rules/variants/tenpai-race.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import type { ViewReducer, ViewStanding } from '../../host/families/family.js';
import { scoreInOrder } from '../../rules/variants/tournament.js';

export type RiichiFamilyVariant = RiichiView['variant'];

const WINDS = ['east', 'south', 'west', 'north'] as const;
/** Dead wall tiles (riichi.md 3.2; Sanma keeps 14 too). */
const DEAD_WALL = 14;
/** The set: 136 tiles, Sanma 108 (2m-8m removed); Tenpai Race's two players use all 136. */
const setSize = (players: 2 | 3 | 4): number => (players === 3 ? 108 : 136);

/** A seat's wind for the hand: round the table from the dealer; Tenpai Race seats the opponent West (V2.2). */
function windOf(players: number, i: number, dealer: number): RiichiSeatState['wind'] {
  if (players === 2) return WINDS[tenpaiRaceSeatWind(i as RiichiSeat, dealer as RiichiSeat) - 1]!;
  return WINDS[(i - dealer + players) % players]!;
}

/**
 * Riichi seat i (0..players-1, families/riichi/machines/events.ts) sits at the i-th seated table seat in table order:
 * 4 players use table seats 0-3; Sanma its three seated ones. Without a seating (tests), seat i is table seat i.
 */
export function tableSeatsFor(seats: readonly SeatInfo[], players: number): Seat[] {
  const seated = [...new Set(seats.map((s) => s.seat))].sort((a, b) => a - b);
  if (seated.length === players) return seated;
  return Array.from({ length: players }, (_, i) => i as Seat);
}

/**
 * The log's record as the fold reads it: the reducer is registered only for riichi-family sessions, whose records the
 * riichi log schema validated; a shared event passes `publicRiichiEvent` unchanged and no fold case takes it.
 */
const asRiichiEvent = (record: LoggedEvent): RiichiEvent => record.event as RiichiEvent;

function freshSeat(seat: Seat, points: number): RiichiSeatState {
  return {
    seat,
    points,
    wind: 'east',
    dealer: false,
    riichi: 'none',
    pond: [],
    melds: [],
    norths: 0,
    concealedCount: 0,
    deadHand: false,
  };
}

/** Tenpai Race at the start of a hand: Stage A, 18 discards each to go (V2.1 items 3-4). */
function startRace(seats: readonly Seat[], stageADraws: number): TenpaiRaceView {
  return {
    discardLimit: TENPAI_RACE_DISCARDS_PER_PLAYER,
    discardsLeft: seats.map((seat) => ({ seat, left: TENPAI_RACE_DISCARDS_PER_PLAYER })),
    stage: 'A',
    attacker: null,
    defender: null,
    byRiichi: false,
    resolution: null,
    guesses: [],
    shownDraws: [],
    stageADraws,
  };
}

/** The race's discards left, from the ponds (every discard counts, a called one too). */
function withRaceCount(view: RiichiView): RiichiView {
  const race = view.tenpaiRace;
  if (race === undefined) return view;
  const discardsLeft = view.seats.map((s) => ({
    seat: s.seat,
    left: Math.max(0, race.discardLimit - s.pond.length),
  }));
  if (
    discardsLeft.every(
      (d, i) => race.discardsLeft[i]?.left === d.left && race.discardsLeft[i]?.seat === d.seat,
    )
  )
    return view;
  return { ...view, tenpaiRace: { ...race, discardsLeft } };
}

const withRace = (view: RiichiView, change: (race: TenpaiRaceView) => TenpaiRaceView): RiichiView =>
  view.tenpaiRace === undefined ? view : { ...view, tenpaiRace: change(view.tenpaiRace) };

/** Clear Mahjong's teams at the start (V5.1: A = the players starting East and North), nothing cleared yet. */
function startClear(tableSeats: readonly Seat[], firstDealer: RiichiSeat): ClearView {
  const seatsOf = (team: 'A' | 'B'): Seat[] =>
    [0, 1, 2, 3]
      .filter((s) => clearTeamOf(s as RiichiSeat, firstDealer) === team)
      .map((s) => tableSeats[s] ?? (s as Seat));
  return {
    conditions: CLEAR_CONDITION_NAMES.map((c) => ({ id: c.id, name: c.name })),
    teams: [
      { team: 'A', seats: seatsOf('A'), cleared: [] },
      { team: 'B', seats: seatsOf('B'), cleared: [] },
    ],
    decided: null,
  };
}

function startView(
  variant: RiichiFamilyVariant,
  players: 2 | 3 | 4,
  tableSeats: readonly Seat[],
  points: readonly number[],
  firstDealer: RiichiSeat,
): RiichiView {
  return {
    ...(variant === 'clear' ? { clear: startClear(tableSeats, firstDealer) } : {}),
    ...(variant === 'mangan' ? { mangan: { burned: 0, lastHandBurned: 0, lastBurn: null } } : {}),
    ...(variant === 'tenpai-race' ? { tenpaiRace: startRace(tableSeats.slice(0, players), 0) } : {}),
    variant,
    players,
    phase: 'starting',
    roundWind: 'east',
    handNumber: 0,
    honba: 0,
    deposits: 0,
    doraIndicators: [],
    liveTilesLeft: 0,
    turn: null,
    lastDiscard: null,
    seats: tableSeats.slice(0, players).map((seat, i) => freshSeat(seat, points[i] ?? 0)),
    lastResult: null,
    showingResult: false,
    ranking: null,
    tentative: null,
  };
}

/** Per-seat arrays (riichi seats) as length-4 arrays indexed by table seat, 0 where nobody sits. */
function byTableSeat(view: RiichiView, perSeat: readonly number[]): number[] {
  const out = [0, 0, 0, 0];
  view.seats.forEach((s, i) => {
    out[s.seat] = perSeat[i] ?? 0;
  });
  return out;
}

const tableSeat = (view: RiichiView, riichiSeat: number): Seat =>
  view.seats[riichiSeat]?.seat ?? (riichiSeat as Seat);

function meldView(view: RiichiView, meld: RiichiMeld): MeldView {
  return {
    type: meld.type,
    tiles: [...meld.tiles],
    calledTile: meld.calledTile ?? null,
    fromSeat: meld.fromSeat === undefined ? null : tableSeat(view, meld.fromSeat),
  };
}

const withSeat = (
  view: RiichiView,
  riichiSeat: number,
  change: (s: RiichiSeatState) => RiichiSeatState,
): RiichiSeatState[] => view.seats.map((s, i) => (i === riichiSeat ? change(s) : s));

const withPoints = (view: RiichiView, points: readonly number[]): RiichiSeatState[] =>
  view.seats.map((s, i) => ({ ...s, points: points[i] ?? s.points }));

/** The seat's pending chombo (V6.2 item 1) gone: settled by `hand.chombo` or lapsed. */
function withoutPending(s: RiichiSeatState): RiichiSeatState {
  if (s.chomboPending === undefined) return s;
  const { chomboPending: _settled, ...rest } = s;
  return rest;
}

function winnerOf(view: RiichiView, win: RiichiWin): Winner {
  const seat = tableSeat(view, win.seat);
  return {
    seat,
    // The contract's convention: a self-draw is `from === seat`.
    from: win.from === null ? seat : tableSeat(view, win.from),
    tile: win.tile,
    hand: [...win.hand],
    melds: win.melds.map((m) => meldView(view, m)),
    han: win.han,
    fu: win.fu,
    yaku: win.yaku.map((y) => ({
      name: y.name,
      ...(y.han === undefined ? {} : { han: y.han }),
      ...(y.yakuman === undefined ? {} : { yakuman: y.yakuman }),
    })),
    limit: win.limit,
    payments: byTableSeat(view, win.payments),
  };
}

/** The table as the hand ended: what the screens keep drawing while its result is on show (issue 12). */
function boardOf(view: RiichiView): NonNullable<RiichiView['resultBoard']> {
  return {
    honba: view.honba,
    deposits: view.deposits,
    doraIndicators: view.doraIndicators,
    liveTilesLeft: view.liveTilesLeft,
    seats: view.seats,
  };
}

/** Takes back a draw or discard the machine refused (the `seat.actionRejected` right after it). */
function undoTentative(view: RiichiView, riichiSeat: number): RiichiView {
  const t = view.tentative!;
  if (t.action === 'seat.drew')
    return {
      ...view,
      seats: withSeat(view, riichiSeat, (s) => ({ ...s, concealedCount: s.concealedCount - 1 })),
      liveTilesLeft: view.liveTilesLeft + 1,
      turn: t.turnBefore,
      tentative: null,
    };
  return {
    ...view,
    seats: withSeat(view, riichiSeat, (s) => ({
      ...s,
      pond: s.pond.slice(0, -1),
      concealedCount: s.concealedCount + 1,
    })),
    lastDiscard: t.lastDiscardBefore,
    tentative: null,
  };
}

/** Folds one public event into the view (null: not a riichi-family view yet). Exported for tests. */
export function foldRiichiView(
  variant: RiichiFamilyVariant,
  current: RiichiView | null,
  event: PublicRiichiEvent,
  seq: number,
  seats: readonly SeatInfo[],
): { view: RiichiView | null; win: WinBreakdown | null } {
  if (event.type === 'game.started') {
    return {
      view: startView(
        variant,
        event.players,
        tableSeatsFor(seats, event.players),
        event.points,
        event.firstDealer,
      ),
      win: null,
    };
  }
  if (current === null) return { view: null, win: null };
  // Any event but the verdict on it settles a tentative draw or discard.
  const view: RiichiView =
    current.tentative === null || event.type === 'seat.actionRejected'
      ? current
      : { ...current, tentative: null };
  switch (event.type) {
    case 'hand.started': {
      const dealer = event.dealer as number;
      return {
        view: {
          ...view,
          phase: 'dealing',
          // The result still on show keeps its own round's label (the first hand.started after it sets it).
          resultRound: view.showingResult
            ? (view.resultRound ?? { roundWind: view.roundWind, handNumber: view.handNumber })
            : null,
          // ... and its own table: the result is drawn over the hand it ended, not over the next deal (issue 12).
          resultBoard: view.showingResult ? (view.resultBoard ?? boardOf(view)) : null,
          roundWind: WINDS[event.roundWind - 1]!,
          handNumber: event.handNumber,
          honba: event.honba,
          deposits: event.deposits,
          doraIndicators: [],
          liveTilesLeft: setSize(view.players) - DEAD_WALL,
          turn: null,
          lastDiscard: null,
          seats: view.seats.map((s, i) => ({
            ...freshSeat(s.seat, event.points[i] ?? s.points),
            wind: windOf(view.players, i, dealer),
            dealer: i === dealer,
          })),
          tentative: null,
          // A new hand: the dealer played on (kept off views that never asked, so they stay as they were).
          ...(view.agariYame ? { agariYame: null } : {}),
          // Mangan: a burn stays only with the win still on show (the next deal comes in the same step).
          ...(view.mangan && !(view.showingResult && view.lastResult?.kind === 'won')
            ? { mangan: { ...view.mangan, lastBurn: null } }
            : {}),
          ...(view.tenpaiRace
            ? {
                tenpaiRace: startRace(
                  view.seats.map((s) => s.seat),
                  view.tenpaiRace.stageADraws,
                ),
              }
            : {}),
        },
        win: null,
      };
    }
    case 'hand.dealt': {
      // riichi.md 3.3: 13 tiles each, and the dealer's 14th (his first draw) from the live wall.
      const dealer = view.seats.findIndex((s) => s.dealer);
      return {
        view: {
          ...view,
          phase: 'playing',
          liveTilesLeft: view.liveTilesLeft - (13 * view.players + 1),
          seats: view.seats.map((s, i) => ({ ...s, concealedCount: i === dealer ? 14 : 13 })),
          turn: dealer < 0 ? null : view.seats[dealer]!.seat,
        },
        win: null,
      };
    }
    case 'hand.doraRevealed':
      return { view: { ...view, doraIndicators: [...view.doraIndicators, event.indicator] }, win: null };
    case 'seat.drew':
      // A replacement draw (kan, north) also shortens the live wall: its last tile moves to the dead wall.
      // The hand's play has begun: the last hand's result leaves the screens.
      return {
        view: {
          ...view,
          showingResult: false,
          resultRound: null,
          resultBoard: null,
          seats: withSeat(view, event.seat, (s) => ({ ...s, concealedCount: s.concealedCount + 1 })),
          liveTilesLeft: Math.max(0, view.liveTilesLeft - 1),
          turn: tableSeat(view, event.seat),
          tentative: {
            action: 'seat.drew',
            seat: tableSeat(view, event.seat),
            turnBefore: view.turn,
            lastDiscardBefore: view.lastDiscard,
          },
        },
        win: null,
      };
    case 'seat.discarded': {
      const seat = tableSeat(view, event.seat);
      return {
        view: {
          ...view,
          showingResult: false,
          resultRound: null,
          resultBoard: null,
          seats: withSeat(view, event.seat, (s) => ({
            ...s,
            // A seat in riichi may only let its drawn tile go (riichi.md 6.3): its discards are certain tsumogiri.
            pond: [
              ...s.pond,
              {
                tile: event.tile,
                riichi: event.riichi,
                called: false,
                tsumogiri: s.riichi === 'none' ? null : true,
              },
            ],
            concealedCount: s.concealedCount - 1,
          })),
          lastDiscard: seat,
          tentative: {
            action: 'seat.discarded',
            seat,
            turnBefore: view.turn,
            lastDiscardBefore: view.lastDiscard,
          },
        },
        win: null,
      };
    }
    case 'seat.actionRejected': {
      const t = view.tentative;
      const matches = t !== null && t.action === event.action && t.seat === tableSeat(view, event.seat);
      return {
        view: matches
          ? undoTentative(view, event.seat)
          : view.tentative === null
            ? view
            : { ...view, tentative: null },
        win: null,
      };
    }
    case 'seat.riichiDeclared':
      return {
        view: {
          ...view,
          seats: withSeat(view, event.seat, (s) => ({
            ...s,
            riichi: event.double ? 'double' : 'riichi',
            pond: s.pond.map((p, i) => (i === s.pond.length - 1 ? { ...p, riichi: true } : p)),
          })),
        },
        win: null,
      };
    case 'seat.riichiAccepted':
      return {
        view: { ...view, deposits: event.deposits, seats: withPoints(view, event.points) },
        win: null,
      };
    case 'seat.callMade': {
      const meld = meldView(view, event.meld);
      const seats = view.seats.map((s, i) => {
        if (i === event.seat) {
          if (meld.type === 'kakan') {
            const kind = tileKind(meld.tiles[0]!);
            return {
              ...s,
              melds: s.melds.map((m) => (m.type === 'pon' && tileKind(m.tiles[0]!) === kind ? meld : m)),
              concealedCount: s.concealedCount - 1,
            };
          }
          // Chi, pon and open kan show all but the claimed tile from the hand; a closed kan all four.
          const fromHand = meld.type === 'ankan' ? meld.tiles.length : meld.tiles.length - 1;
          return { ...s, melds: [...s.melds, meld], concealedCount: s.concealedCount - fromHand };
        }
        if (meld.fromSeat === s.seat && meld.type !== 'ankan' && meld.type !== 'kakan' && s.pond.length > 0)
          return { ...s, pond: s.pond.map((p, k) => (k === s.pond.length - 1 ? { ...p, called: true } : p)) };
        return s;
      });
      return { view: { ...view, seats, turn: tableSeat(view, event.seat) }, win: null };
    }
    case 'seat.northSetAside':
      return {
        view: {
          ...view,
          seats: withSeat(view, event.seat, (s) => ({
            ...s,
            norths: event.count,
            concealedCount: s.concealedCount - 1,
          })),
        },
        win: null,
      };
    case 'hand.won': {
      const winners = event.wins.map((w) => winnerOf(view, w));
      const lastResult: RiichiHandResult = {
        kind: 'won',
        wins: event.wins.map((w, i) => ({
          seat: winners[i]!.seat,
          from: w.from === null ? null : tableSeat(view, w.from),
          han: w.han,
          fu: w.fu,
          limit: w.limit,
          gain: winners[i]!.payments[winners[i]!.seat]!,
        })),
        uraIndicators: [...event.uraIndicators],
      };
      const [first, ...others] = winners;
      const win: WinBreakdown = {
        seq,
        ...first!,
        doraIndicators: [...event.doraIndicators],
        uraIndicators: [...event.uraIndicators],
        ...(others.length > 0 ? { others } : {}),
      };
      return {
        view: {
          ...view,
          phase: 'won',
          turn: null,
          deposits: event.deposits,
          doraIndicators: [...event.doraIndicators],
          seats: withPoints(view, event.points),
          lastResult,
          showingResult: true,
          resultRound: null,
          resultBoard: null,
          // Mangan: this win's burn follows (hand.pointsBurned) and stays with the result on show.
          ...(view.mangan ? { mangan: { ...view.mangan, lastHandBurned: 0, lastBurn: null } } : {}),
        },
        win,
      };
    }
    case 'hand.exhaustiveDraw':
      return {
        view: {
          ...view,
          phase: 'exhaustiveDraw',
          turn: null,
          deposits: event.deposits,
          seats: withPoints(view, event.points),
          showingResult: true,
          resultRound: null,
          resultBoard: null,
          lastResult: {
            kind: 'exhaustiveDraw',
            tenpai: event.tenpai.map((t) => ({ seat: tableSeat(view, t.seat), hand: [...t.hand] })),
            nagashi: event.nagashi.map((s) => tableSeat(view, s)),
            deltas: byTableSeat(view, event.deltas),
          },
        },
        win: null,
      };
    case 'hand.abortiveDraw':
      return {
        view: {
          ...(event.reason === 'tenpaiRaceStageA'
            ? withRace(view, (race) => ({ ...race, stageADraws: race.stageADraws + 1 }))
            : view),
          phase: 'abortiveDraw',
          turn: null,
          deposits: event.deposits,
          seats: withPoints(view, event.points),
          showingResult: true,
          resultRound: null,
          resultBoard: null,
          lastResult: {
            kind: 'abortiveDraw',
            reason: event.reason,
            seat: event.seat === null ? null : tableSeat(view, event.seat),
            hand: event.hand === null ? null : [...event.hand],
          },
        },
        win: null,
      };
    case 'hand.pointsBurned':
      // Mangan Mahjong (V4.1): the winners' shares leave the game; each win's burn is kept for the win panel.
      return {
        view:
          view.mangan === undefined
            ? view
            : {
                ...view,
                mangan: {
                  burned: view.mangan.burned + event.total,
                  lastHandBurned: event.total,
                  lastBurn: {
                    total: event.total,
                    wins: event.wins.map((w) => ({
                      seat: tableSeat(view, w.seat),
                      manganOrMore: w.manganOrMore,
                      basePoints: w.basePoints,
                      burned: w.burned,
                    })),
                  },
                },
              },
        win: null,
      };
    case 'hand.chombo':
      // Tournament (V6.2): the operator's chombo ends the hand; the same hand is dealt again.
      return {
        view: {
          ...view,
          phase: 'chombo',
          turn: null,
          deposits: event.deposits,
          // Settled: the chombo result takes the place of every pending badge (the at-fault ones included).
          seats: withPoints(view, event.points).map(withoutPending),
          showingResult: true,
          resultRound: null,
          resultBoard: null,
          lastResult: {
            kind: 'chombo',
            seat: tableSeat(view, event.seat),
            trigger: event.reason,
            operator: event.operator,
            deltas: byTableSeat(view, event.deltas),
          },
        },
        win: null,
      };
    case 'hand.chomboPending':
      // Tournament (V6.2 item 1): a riichi chombo entered now is settled only when the hand ends in a draw.
      return {
        view: {
          ...view,
          seats: withSeat(view, event.seat, (s) => ({
            ...s,
            chomboPending: { trigger: event.reason, operator: event.operator },
          })),
        },
        win: null,
      };
    case 'hand.chomboLapsed':
      return { view: { ...view, seats: withSeat(view, event.seat, withoutPending) }, win: null };
    case 'game.agariYameOffered':
      // Agari-yame `optional` (riichi.md 17.2): the game waits for the dealer's CONFIRM (end) or PASS (play on).
      return { view: { ...view, agariYame: { seat: tableSeat(view, event.seat) } }, win: null };
    case 'seat.agariYameDecided':
      return { view: { ...view, agariYame: null }, win: null };
    case 'tagTeam.gameDecided': {
      // Mangan tag-team (V4.3 item 4): the eight players' own totals; a player's pair sits at riichi seat player >> 1.
      const seated = view.tagTeam?.seated ?? view.seats.map((s, i) => ({ seat: s.seat, player: 2 * i }));
      return {
        view: {
          ...view,
          tagTeam: {
            seated,
            ranking: event.ranking.map((r) => ({
              player: r.player,
              seat: tableSeat(view, seatOfTagTeamPlayer(r.player as TagTeamPlayer)),
              rank: r.rank,
              points: r.points,
            })),
          },
        },
        win: null,
      };
    }
    case 'seat.handDeclaredDead':
      // Tournament (V6.3): the seat only draws and discards for the rest of the hand.
      return {
        view: { ...view, seats: withSeat(view, event.seat, (s) => ({ ...s, deadHand: true })) },
        win: null,
      };
    case 'hand.stageBRoles':
      // Tenpai Race (V2.1 item 6): Stage B, with the attacker and the defender.
      return {
        view: withRace(view, (race) => ({
          ...race,
          stage: 'B',
          attacker: tableSeat(view, event.attacker),
          defender: tableSeat(view, event.defender),
          byRiichi: event.byRiichi,
          resolution: event.resolution,
        })),
        win: null,
      };
    case 'hand.stageBGuess':
      return {
        view: withRace(view, (race) => ({
          ...race,
          guesses: [...race.guesses, { kinds: [...event.kinds], found: event.found }],
        })),
        win: null,
      };
    case 'hand.stageBDrawShown':
      return {
        // A draw that does not complete the attacker's hand is shown and kept out of it (a "worthless draw").
        view: withRace(
          event.completes
            ? view
            : {
                ...view,
                seats: withSeat(view, event.seat, (s) => ({ ...s, concealedCount: s.concealedCount - 1 })),
              },
          (race) => ({ ...race, shownDraws: [...race.shownDraws, event.tile] }),
        ),
        win: null,
      };
    case 'hand.stageBEnded':
      return {
        view: {
          ...view,
          phase: 'stageBEnded',
          turn: null,
          deposits: event.deposits,
          seats: withPoints(view, event.points),
          showingResult: true,
          resultRound: null,
          resultBoard: null,
          lastResult: {
            kind: 'stageB',
            attacker: tableSeat(view, event.attacker),
            defender: tableSeat(view, event.defender),
            winner: event.winner === null ? null : tableSeat(view, event.winner),
            resolution: event.resolution,
            scored: event.scored,
            deltas: byTableSeat(view, event.deltas),
          },
        },
        win: null,
      };
    case 'seat.substituted': {
      // Mangan tag-team (V4.3): the pair at a seat swapped; each pair starts with its first player seated.
      const seated = view.tagTeam?.seated ?? view.seats.map((s, i) => ({ seat: s.seat, player: 2 * i }));
      const seat = tableSeat(view, event.seat);
      return {
        view: {
          ...view,
          tagTeam: {
            ...view.tagTeam,
            seated: seated.map((s) => (s.seat === seat ? { seat, player: event.joined } : s)),
          },
        },
        win: null,
      };
    }
    case 'team.conditionCleared':
      return {
        view:
          view.clear === undefined
            ? view
            : {
                ...view,
                clear: {
                  ...view.clear,
                  teams: view.clear.teams.map((t) =>
                    t.team === event.team ? { ...t, cleared: [...event.cleared] } : t,
                  ),
                },
              },
        win: null,
      };
    case 'clear.gameDecided':
      return {
        view:
          view.clear === undefined
            ? view
            : {
                ...view,
                clear: {
                  ...view.clear,
                  teams: view.clear.teams.map((t) => ({ ...t, cleared: [...event.cleared[t.team]] })),
                  decided: { result: event.result, team: event.team, reason: event.reason },
                },
              },
        win: null,
      };
    case 'game.ended':
      return {
        view: {
          ...view,
          phase: 'over',
          turn: null,
          ...(view.agariYame ? { agariYame: null } : {}),
          seats: withPoints(view, event.points),
          ranking: event.ranking.map((s) => tableSeat(view, s)),
        },
        win: null,
      };
    default:
      return { view, win: null };
  }
}

/**
 * The ViewReducer for a riichi-family variant (host/families/registry.ts registers one per variant). Every event goes
 * through families/riichi/machines/events.ts `publicRiichiEvent` first, so no secret field (the wall, the deal, drawn
 * tiles, furiten, refusal codes) can reach the view; a secret event leaves the view untouched.
 */
export function riichiViewReducer(variant: RiichiFamilyVariant): ViewReducer {
  return (current: VariantView | null, record: LoggedEvent, seats: readonly SeatInfo[]) => {
    const view = current !== null && current.variant === variant ? current : null;
    const event = publicRiichiEvent(asRiichiEvent(record));
    if (event === null) return { view: current, win: null };
    const out = foldRiichiView(variant, view, event, record.seq, seats);
    return { view: out.view === null ? current : withRaceCount(out.view), win: out.win };
  };
}

/** The riichi family's standing: its seats' points, its ranking (ties already broken by the rules), the tournament's score. */
export const RIICHI_STANDING: ViewStanding = {
  seats: (view) => (view.variant === 'minefield' ? [] : view.seats.map((s) => ({ seat: s.seat, points: s.points }))),
  places: (view) => (view.variant === 'minefield' ? null : view.ranking),
  // The tournament preset's final score (V6.5: uma and oka), for four players.
  finalScores: (points, order, preset) =>
    preset === 'tournament' && points.length === 4 ? scoreInOrder(points, order as RiichiSeat[]).results : null,
};
