// The riichi-family view fold: it matches the machine's own state after every input of bot games, never depends on a secret, and reports multiple rons and draws.
import { describe, expect, it } from 'vitest';
import {
  RiichiViewSchema,
  WinBreakdownSchema,
  type RiichiView,
  type SeatInfo,
  type WinBreakdown,
} from '../../contract/ipc-contract.js';
import type { RiichiEvent } from './machines/events.js';
import { doraIndicators, type HandModel } from './machines/model.js';
import { TENHOU } from '../../rules/options.js';
import { tilesOf, tileOfText, type Tile } from '../../rules/tiles.js';
import { SANMA } from '../../rules/variants/sanma.js';
import { playBotGame } from '../../test/riichi-bot-log.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { riichiViewReducer, tableSeatsFor, type RiichiFamilyVariant } from './view.js';

const seating = (tableSeats: readonly number[]): SeatInfo[] =>
  tableSeats.map((seat, i) => ({
    seat: seat as SeatInfo['seat'],
    playerId: i + 1,
    name: `P${i + 1}`,
    bot: true,
  }));
const record = (event: unknown, seq: number): LoggedEvent => ({
  seq,
  atMs: seq,
  event: event as LoggedEvent['event'],
});

/** Folds a whole log; returns the view after every event and the wins. */
function foldAll(variant: RiichiFamilyVariant, events: readonly unknown[], seats: readonly SeatInfo[]) {
  const reduce = riichiViewReducer(variant);
  let view: RiichiView | null = null;
  const views: (RiichiView | null)[] = [];
  const wins: WinBreakdown[] = [];
  events.forEach((event, i) => {
    const out = reduce(view, record(event, i + 1), seats);
    view = out.view as RiichiView | null;
    views.push(view);
    if (out.win) wins.push(out.win);
  });
  return { views, wins };
}

/** The same log with every secret changed: other walls, other hands, other drawn tiles, other furiten, other refusal codes. */
function withOtherSecrets(events: readonly RiichiEvent[]): RiichiEvent[] {
  const other = (t: Tile): Tile => (((t & 0x3f) + 9) % 27) as Tile;
  return events.map((e): RiichiEvent => {
    switch (e.type) {
      case 'hand.wallBuilt':
        return { ...e, live: [...e.live].reverse(), dead: [...e.dead].reverse() };
      case 'hand.dealt':
        return { ...e, hands: e.hands.map((h) => h.map(other)) };
      case 'seat.drew':
        return { ...e, tile: other(e.tile) };
      case 'seat.furiten':
        return { ...e, tile: other(e.tile), kind: e.kind === 'discard' ? 'temporary' : 'discard' };
      case 'seat.actionRejected':
        return { ...e, code: e.code === 'furiten' ? 'not_a_win' : 'furiten', message: 'changed' };
      default:
        return e;
    }
  });
}

/** The view's state of the hand compared with the machine's own model (riichi seats = table seats 0..n-1 here). */
function expectMatchesModel(view: RiichiView, hand: HandModel, at: string): void {
  expect(view.liveTilesLeft, `${at}: live tiles`).toBe(hand.live.length);
  expect(view.doraIndicators, `${at}: dora`).toEqual(doraIndicators(hand));
  expect(view.deposits, `${at}: deposits`).toBe(hand.deposits);
  view.seats.forEach((s, i) => {
    expect(s.points, `${at}: points of ${i}`).toBe(hand.points[i]);
    expect(s.concealedCount, `${at}: concealed count of ${i}`).toBe(hand.concealed[i]!.length);
    expect(
      s.pond.map((p) => [p.tile, p.called, p.riichi]),
      `${at}: pond of ${i}`,
    ).toEqual(hand.ponds[i]!.map((p) => [p.tile, p.called, p.riichi]));
    expect(
      s.melds.map((m) => [m.type, m.tiles]),
      `${at}: melds of ${i}`,
    ).toEqual(hand.melds[i]!.map((m) => [m.type, m.tiles]));
    expect(s.norths, `${at}: norths of ${i}`).toBe(hand.norths[i]);
    expect(s.riichi !== 'none', `${at}: riichi of ${i}`).toBe(
      hand.riichi[i] !== 'none' || hand.riichiPending === i,
    );
    expect(s.dealer, `${at}: dealer`).toBe(hand.progress.dealer === i);
  });
}

describe('riichi view fold', () => {
  for (const [variant, options, seeds] of [
    ['riichi', TENHOU, [1, 2]],
    ['sanma', SANMA, [4, 5]],
  ] as const) {
    it(`matches the ${variant} machine after every input of bot games, refused out-of-turn discards included`, () => {
      for (const seed of seeds) {
        const reduce = riichiViewReducer(variant);
        let view: RiichiView | null = null;
        let folded = 0;
        let compared = 0;
        const seats = seating(Array.from({ length: options.players }, (_, i) => i));
        const log = playBotGame(options, seed, {
          outOfTurnDiscards: true,
          onStep: (hand, events) => {
            for (; folded < events.length; folded++)
              view = reduce(view, record(events[folded], folded + 1), seats).view as RiichiView;
            const v = view!;
            if (v.phase !== 'playing' || hand.phase.kind === 'dealing' || hand.phase.kind === 'over') return;
            expectMatchesModel(v, hand, `seed ${seed} event ${folded}`);
            compared++;
          },
        });
        expect(log.finished).toBe(true);
        expect(log.events.some((e) => e.type === 'seat.actionRejected')).toBe(true);
        expect(compared).toBeGreaterThan(200);
        const last = view as RiichiView | null;
        expect(last!.phase).toBe('over');
        expect(RiichiViewSchema.parse(last)).toEqual(last);
        const ended = log.events.find((e) => e.type === 'game.ended')!;
        expect(last!.ranking).toEqual(ended.ranking);
        expect(last!.seats.map((s) => s.points)).toEqual(ended.points);
      }
    });

    it(`never shows a concealed tile: the ${variant} view does not change when every secret of the log does`, () => {
      for (const seed of seeds) {
        const log = playBotGame(options, seed + 100);
        const seats = seating(Array.from({ length: options.players }, (_, i) => i));
        const real = foldAll(variant, log.events, seats);
        const changed = foldAll(variant, withOtherSecrets(log.events), seats);
        real.views.forEach((view, i) =>
          expect(changed.views[i], `event ${i} (${log.events[i]!.type})`).toEqual(view),
        );
        expect(changed.wins).toEqual(real.wins);
        for (const win of real.wins) WinBreakdownSchema.parse(win);
        // During play the view holds only public tiles: ponds, melds and indicators, and counts for the hands.
        for (const view of real.views) {
          if (view === null || view.phase !== 'playing') continue;
          RiichiViewSchema.parse(view);
          expect(JSON.stringify({ ...view, lastResult: null })).not.toMatch(
            /"hand"|"concealed"|"wall"|"live"|"dead"/,
          );
        }
      }
    });
  }
});

describe('riichi view results', () => {
  const start = [
    { type: 'game.started', players: 4, firstDealer: 0, points: [25000, 25000, 25000, 25000] },
    {
      type: 'hand.started',
      roundWind: 1,
      handNumber: 2,
      dealer: 1,
      honba: 1,
      deposits: 1,
      points: [25000, 24000, 25000, 25000],
    },
    { type: 'hand.wallBuilt', live: [], dead: [] },
    { type: 'hand.dealt', hands: [] },
    { type: 'hand.doraRevealed', indicator: tileOfText('3s') },
  ];
  const seats = seating([0, 1, 2, 3]);

  it('starts the hand: winds from the dealer, 14 tiles for the dealer, 69 live tiles, East 2 with its sticks', () => {
    const { views } = foldAll('riichi', start, seats);
    const view = views.at(-1)!;
    expect(view.seats.map((s) => s.wind)).toEqual(['north', 'east', 'south', 'west']);
    expect(view.seats.map((s) => s.concealedCount)).toEqual([13, 14, 13, 13]);
    expect(view).toMatchObject({
      roundWind: 'east',
      handNumber: 2,
      honba: 1,
      deposits: 1,
      liveTilesLeft: 69,
      turn: 1,
      phase: 'playing',
    });
    expect(view.doraIndicators).toEqual([tileOfText('3s')]);
  });

  it('takes back a discard the machine refused, and keeps a riichi discard sideways', () => {
    const { views } = foldAll(
      'riichi',
      [
        ...start,
        { type: 'seat.discarded', seat: 2, tile: tileOfText('1m'), riichi: false },
        {
          type: 'seat.actionRejected',
          seat: 2,
          action: 'seat.discarded',
          code: 'not_your_turn',
          message: 'no',
        },
        { type: 'seat.discarded', seat: 1, tile: tileOfText('9p'), riichi: true },
        { type: 'seat.riichiDeclared', seat: 1, tile: tileOfText('9p'), double: true },
        { type: 'seat.passed', seat: 0 },
        { type: 'seat.riichiAccepted', seat: 1, deposits: 2, points: [25000, 23000, 25000, 25000] },
      ],
      seats,
    );
    const view = views.at(-1)!;
    expect(view.seats[2]!.pond).toEqual([]);
    expect(view.seats[2]!.concealedCount).toBe(13);
    expect(view.seats[1]!.pond).toEqual([
      { tile: tileOfText('9p'), riichi: true, called: false, tsumogiri: null },
    ]);
    expect(view.seats[1]!.riichi).toBe('double');
    expect(view.deposits).toBe(2);
    expect(view.seats[1]!.points).toBe(23000);
    expect(view.lastDiscard).toBe(1);
  });

  it('reports a double ron: both winners in the breakdown with payments by table seat, and in the result', () => {
    const win = (seat: number, payments: number[], han: number) => ({
      seat,
      from: 1,
      tile: tileOfText('5p'),
      hand: tilesOf('234m67p345s11z'),
      melds: [{ type: 'pon', tiles: tilesOf('777z'), calledTile: tileOfText('7z'), from: 1, fromSeat: 0 }],
      han,
      fu: 30,
      yaku: [{ id: 'Y1', name: 'Red dragon', han: 1 }],
      yakuman: 0,
      limit: han >= 5 ? 'mangan' : null,
      basePoints: 1000,
      payments,
      liable: null,
    });
    // Sanma at table seats 0, 1 and 3: riichi seat 2 sits at table seat 3.
    const sanmaSeats = seating([0, 1, 3]);
    const { views, wins } = foldAll(
      'sanma',
      [
        { type: 'game.started', players: 3, firstDealer: 0, points: [35000, 35000, 35000] },
        {
          type: 'hand.started',
          roundWind: 1,
          handNumber: 1,
          dealer: 0,
          honba: 0,
          deposits: 0,
          points: [35000, 35000, 35000],
        },
        { type: 'hand.dealt', hands: [] },
        { type: 'seat.discarded', seat: 0, tile: tileOfText('4z'), riichi: false },
        {
          type: 'seat.callMade',
          seat: 2,
          meld: { type: 'pon', tiles: tilesOf('444z'), calledTile: tileOfText('4z'), from: 1, fromSeat: 0 },
        },
        {
          type: 'hand.won',
          wins: [win(2, [0, -8000, 8000], 5), win(0, [2000, -2000, 0], 2)],
          doraIndicators: [tileOfText('1p')],
          uraIndicators: [],
          deltas: [2000, -10000, 8000],
          points: [37000, 25000, 43000],
          deposits: 0,
        },
      ],
      sanmaSeats,
    );
    expect(tableSeatsFor(sanmaSeats, 3)).toEqual([0, 1, 3]);
    const view = views.at(-1)!;
    expect(view.seats.map((s) => s.seat)).toEqual([0, 1, 3]);
    expect(view.seats[0]!.pond[0]!.called).toBe(true);
    expect(view.seats[2]!.melds[0]!.fromSeat).toBe(0);
    expect(view.seats[2]!.concealedCount).toBe(11);
    expect(view.phase).toBe('won');
    expect(view.lastResult).toEqual({
      kind: 'won',
      wins: [
        { seat: 3, from: 1, han: 5, fu: 30, limit: 'mangan', gain: 8000 },
        { seat: 0, from: 1, han: 2, fu: 30, limit: null, gain: 2000 },
      ],
      uraIndicators: [],
    });
    expect(wins).toHaveLength(1);
    const breakdown = WinBreakdownSchema.parse(wins[0]);
    expect(breakdown).toMatchObject({ seat: 3, from: 1, payments: [0, -8000, 0, 8000], limit: 'mangan' });
    expect(breakdown.melds).toEqual([
      { type: 'pon', tiles: tilesOf('777z'), calledTile: tileOfText('7z'), fromSeat: 0 },
    ]);
    expect(breakdown.others).toHaveLength(1);
    expect(breakdown.others![0]).toMatchObject({ seat: 0, from: 1, payments: [2000, -2000, 0, 0] });
  });

  it('shows the tenpai seats and their hands at an exhaustive draw, and the reason of an abortive one', () => {
    const drawn = foldAll(
      'riichi',
      [
        ...start,
        {
          type: 'hand.exhaustiveDraw',
          tenpai: [{ seat: 2, hand: tilesOf('123m456p789s1122z') }],
          nagashi: [],
          deltas: [-1000, -1000, 3000, -1000],
          points: [24000, 23000, 28000, 24000],
          deposits: 1,
        },
      ],
      seats,
    ).views.at(-1)!;
    expect(drawn.phase).toBe('exhaustiveDraw');
    expect(drawn.lastResult).toEqual({
      kind: 'exhaustiveDraw',
      tenpai: [{ seat: 2, hand: tilesOf('123m456p789s1122z') }],
      nagashi: [],
      deltas: [-1000, -1000, 3000, -1000],
    });
    expect(drawn.seats.map((s) => s.points)).toEqual([24000, 23000, 28000, 24000]);
    const aborted = foldAll(
      'riichi',
      [
        ...start,
        {
          type: 'hand.abortiveDraw',
          reason: 'fourWinds',
          seat: null,
          hand: null,
          points: [25000, 24000, 25000, 25000],
          deposits: 1,
        },
      ],
      seats,
    ).views.at(-1)!;
    expect(aborted.lastResult).toEqual({ kind: 'abortiveDraw', reason: 'fourWinds', seat: null, hand: null });
  });
});
