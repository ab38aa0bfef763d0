// Minefield's public view as a fold of the log (the same fields as families/minefield/machines/public-view.ts publicView).
import type { MinefieldView, SeatInfo, VariantView, WinBreakdown } from '../../contract/ipc-contract.js';
import {
  nextMinefieldAnte,
  nextMinefieldDealer,
  MINEFIELD_FIRST_ANTE,
  MINEFIELD_DISCARDS_PER_PLAYER,
} from '../../rules/variants/minefield-points.js';
import type { Tile } from '../../rules/tiles.js';
import { opponentOf, type MinefieldSeat } from './machines/events.js';
import type { Seat } from '../../table/table-events.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { minefieldEvent } from './log.js';
import type { ViewStanding } from '../../host/families/family.js';

/** Minefield seat 0 and 1 sit at table seats 0 and 2 (TABLE_MODE_SPECS.minefield2). */
export const MINEFIELD_TABLE_SEATS: readonly [Seat, Seat] = [0, 2];
const STOCK_TILES = 21;

const pair = <T>(p: readonly [T, T], seat: MinefieldSeat, value: T): [T, T] =>
  seat === 0 ? [value, p[1]] : [p[0], value];

function emptyView(): MinefieldView {
  return {
    variant: 'minefield',
    phase: 'walling',
    handNumber: 0,
    dealer: 0,
    ante: MINEFIELD_FIRST_ANTE,
    antePeak: MINEFIELD_FIRST_ANTE,
    points: [0, 0],
    doraIndicator: null,
    handsSet: [false, false],
    discards: [[], []],
    stockLeft: [0, 0],
    riichi: [false, false],
    turn: null,
    tableSeats: [MINEFIELD_TABLE_SEATS[0], MINEFIELD_TABLE_SEATS[1]],
    lastResult: null,
    ended: null,
  };
}

/** The board as the hand ended: drawn while its result is on show (issue 12). */
function boardOf(view: MinefieldView): NonNullable<MinefieldView['resultBoard']> {
  return {
    handNumber: view.handNumber,
    dealer: view.dealer,
    ante: view.ante,
    doraIndicator: view.doraIndicator,
    discards: view.discards,
    riichi: view.riichi,
  };
}

const turnOf = (view: MinefieldView): MinefieldSeat => {
  // The dealer discards first, then the seats alternate (V1.2).
  const [a, b] = view.discards;
  const total = a.length + b.length;
  return (total % 2 === 0 ? view.dealer : opponentOf(view.dealer)) as MinefieldSeat;
};

/**
 * Folds one logged event into the view. Inputs the machine refuses are recognised from the outcome that
 * follows them in the same step (`seat.discardRejected` right after the discard it refuses).
 */
export function applyMinefieldView(
  current: VariantView | null,
  record: LoggedEvent,
  _seats: readonly SeatInfo[],
): { view: VariantView | null; win: WinBreakdown | null } {
  const view = current?.variant === 'minefield' ? current : null;
  const event = minefieldEvent(record.event);
  switch (event.type) {
    case 'game.started':
      return {
        view: { ...emptyView(), dealer: event.firstDealer, points: [event.points[0], event.points[1]] },
        win: null,
      };
    case 'hand.started': {
      const base = view ?? emptyView();
      // The game starts the next hand in the same step as a result: that result (and its board) stays on show
      // until this hand's play starts (issue 12).
      const showing = base.showingResult === true;
      return {
        view: {
          ...base,
          showingResult: showing,
          resultBoard: showing ? (base.resultBoard ?? null) : null,
          phase: 'walling',
          handNumber: event.hand,
          dealer: event.dealer,
          ante: event.ante,
          antePeak: Math.max(base.antePeak, event.ante),
          points: [event.points[0], event.points[1]],
          doraIndicator: null,
          handsSet: [false, false],
          discards: [[], []],
          stockLeft: [0, 0],
          riichi: [false, false],
          turn: null,
        },
        win: null,
      };
    }
    default:
  }
  if (view === null) return { view: current, win: null };
  switch (event.type) {
    case 'hand.wallsBuilt':
      return { view: view.phase === 'walling' ? { ...view, phase: 'flippingDora' } : view, win: null };
    case 'hand.doraFlipped':
      return {
        view:
          view.phase === 'flippingDora'
            ? { ...view, phase: 'settingHands', doraIndicator: event.indicator }
            : view,
        win: null,
      };
    case 'seat.handAccepted': {
      const handsSet = pair(view.handsSet, event.seat, true);
      return {
        view: {
          ...view,
          handsSet,
          stockLeft: [handsSet[0] ? STOCK_TILES : 0, handsSet[1] ? STOCK_TILES : 0],
        },
        win: null,
      };
    }
    case 'hand.playStarted':
      return {
        view: {
          ...view,
          phase: 'awaitingDiscard',
          turn: view.dealer,
          ...(view.showingResult === undefined ? {} : { showingResult: false, resultBoard: null }),
        },
        win: null,
      };
    case 'seat.discarded': {
      if (view.phase !== 'awaitingDiscard' || event.seat !== turnOf(view)) return { view, win: null };
      const discards = pair(view.discards, event.seat, [...view.discards[event.seat], event.tile]);
      const last = discards[0].length + discards[1].length === 2 * MINEFIELD_DISCARDS_PER_PLAYER;
      const next: MinefieldView = {
        ...view,
        discards,
        phase: last ? 'lastClaim' : 'awaitingDiscard',
        stockLeft: [STOCK_TILES - discards[0].length, STOCK_TILES - discards[1].length],
        riichi: [discards[0].length > 0, discards[1].length > 0],
      };
      return { view: { ...next, turn: opponentOf(event.seat) }, win: null };
    }
    case 'seat.discardRejected': {
      // The discard just folded in was refused (its tile is not in the stock): take it back.
      if (event.code !== 'not_in_stock') return { view, win: null };
      const mine = view.discards[event.seat];
      if (mine.at(-1) !== event.tile) return { view, win: null };
      const discards = pair(view.discards, event.seat, mine.slice(0, -1));
      return {
        view: {
          ...view,
          discards,
          phase: 'awaitingDiscard',
          turn: event.seat,
          stockLeft: [STOCK_TILES - discards[0].length, STOCK_TILES - discards[1].length],
          riichi: [discards[0].length > 0, discards[1].length > 0],
        },
        win: null,
      };
    }
    case 'hand.won': {
      const points: [number, number] = [event.points[0], event.points[1]];
      const payments = [0, 0, 0, 0];
      payments[MINEFIELD_TABLE_SEATS[event.seat]] = event.payment;
      payments[MINEFIELD_TABLE_SEATS[event.from]] = -event.payment;
      const win: WinBreakdown = {
        seq: record.seq,
        seat: MINEFIELD_TABLE_SEATS[event.seat],
        from: MINEFIELD_TABLE_SEATS[event.from],
        tile: event.tile,
        hand: [...event.hand],
        doraIndicators: view.doraIndicator === null ? [] : [view.doraIndicator],
        uraIndicators: [event.underIndicator as Tile],
        han: event.han,
        fu: event.fu,
        yaku: event.yaku.map((y) => ({
          name: y.name,
          ...(y.han === undefined ? {} : { han: y.han }),
          ...(y.yakuman === undefined ? {} : { yakuman: y.yakuman }),
        })),
        limit: event.limit,
        payments,
        stake: { ante: view.ante, multiplier: event.multiplier },
      };
      return {
        view: {
          ...view,
          phase: 'won',
          turn: null,
          points,
          dealer: nextMinefieldDealer(view.dealer, event.seat) as MinefieldSeat,
          ante: nextMinefieldAnte(view.ante, 'win'),
          lastResult: { kind: 'won', seat: event.seat, payment: event.payment },
          showingResult: true,
          // Before the next hand's dealer and ante above: the board of the hand that was won.
          resultBoard: boardOf(view),
        },
        win,
      };
    }
    case 'hand.drawn':
      return {
        view: {
          ...view,
          phase: 'drawn',
          turn: null,
          ante: event.nextAnte,
          lastResult: { kind: 'drawn', nextAnte: event.nextAnte },
          showingResult: true,
          resultBoard: boardOf(view),
        },
        win: null,
      };
    case 'game.ended':
      return {
        view: {
          ...view,
          phase: 'over',
          turn: null,
          points: [event.points[0], event.points[1]],
          ended: { loser: event.loser, reason: event.reason },
        },
        win: null,
      };
    default:
      return { view, win: null };
  }
}

/** Minefield's standing: two players' points; the loser of a decided game last; no score beyond the points. */
export const MINEFIELD_STANDING: ViewStanding = {
  seats: (view) => (view.variant === 'minefield' ? view.tableSeats.map((seat, i) => ({ seat, points: view.points[i]! })) : []),
  places: (view) => {
    if (view.variant !== 'minefield' || view.ended === null) return null;
    const loser = view.tableSeats[view.ended.loser];
    return [...view.tableSeats].sort((a, b) => (a === loser ? 1 : b === loser ? -1 : 0));
  },
  finalScores: () => null,
};
