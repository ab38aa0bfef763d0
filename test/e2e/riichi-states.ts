// PublicStates of riichi-family games for the screen tests: bot games run through the real machines, folded by the host's riichi view reducer.
import {
  PublicStateSchema,
  type PublicState,
  type RiichiView,
  type SeatInfo,
  type WinBreakdown,
} from '../../contract/ipc-contract.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { riichiViewReducer, type RiichiFamilyVariant } from '../../families/riichi/view.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { TENHOU } from '../../rules/options.js';
import { SANMA } from '../../rules/variants/sanma.js';
import { playBotGame } from '../riichi-bot-log.js';

const NAMES = ['Akiko Tanaka', 'Bernard Okonkwo-Smith', 'Chen Wei', 'Dolores Fitzgerald-Ramírez'];

export const seatsFor = (tableSeats: readonly number[]): SeatInfo[] =>
  tableSeats.map((seat, i) => ({
    seat: seat as SeatInfo['seat'],
    playerId: i + 1,
    name: NAMES[seat]!,
    bot: false,
  }));

/** Every public state of a log, as the host would publish them (view and last win from the riichi reducer). */
export function statesOf(
  variant: RiichiFamilyVariant,
  events: readonly unknown[],
  seats: readonly SeatInfo[],
): PublicState[] {
  const reduce = riichiViewReducer(variant);
  let view: RiichiView | null = null;
  let lastWin: WinBreakdown | null = null;
  return events.map((event, i) => {
    const record: LoggedEvent = { seq: i + 1, atMs: i, event: event as LoggedEvent['event'] };
    const out = reduce(view, record, seats);
    view = out.view as RiichiView | null;
    if (out.win) lastWin = out.win;
    return {
      seq: i + 1,
      session: { id: 7, variant, preset: variant === 'sanma' ? 'sanma' : 'tenhou', status: 'running' },
      eventSeq: i + 1,
      table: { target: { kind: 'simulator' }, phase: 'playing', fault: null, link: null, sensors: null },
      seats: [...seats],
      view,
      lastWin,
      log: [],
    };
  });
}

const riichiOf = (state: PublicState): RiichiView => state.view as RiichiView;

/** The busiest moment of play (most riichi, melds and discards) and the first state after each kind of ending. */
export interface GameMoments {
  readonly events: readonly RiichiEvent[];
  readonly states: readonly PublicState[];
  readonly midHand: PublicState;
  readonly afterWin: PublicState;
  /** The state just before the win (the scoreboard sees the win arrive). */
  readonly beforeWin: PublicState;
  readonly afterDraw: PublicState | null;
}

export function momentsOf(
  variant: RiichiFamilyVariant,
  seed: number,
  tableSeats: readonly number[],
): GameMoments {
  const options = variant === 'sanma' ? SANMA : TENHOU;
  const { events } = playBotGame(options, seed);
  const states = statesOf(variant, events, seatsFor(tableSeats));
  const score = (s: PublicState): number => {
    const v = riichiOf(s);
    if (v === null || v.phase !== 'playing' || events[s.eventSeq - 1]!.type !== 'seat.discarded') return -1;
    return (
      v.seats.reduce(
        (n, x) => n + (x.riichi !== 'none' ? 40 : 0) + x.melds.length * 25 + x.pond.length + x.norths * 10,
        0,
      ) +
      (v.honba + v.deposits) * 10
    );
  };
  const midHand = states.reduce((best, s) => (score(s) > score(best) ? s : best), states[0]!);
  // A multiple ron if the game has one (the panel's hardest case), else a win with several yaku.
  const multiAt = events.findIndex((e) => e.type === 'hand.won' && e.wins.length > 1);
  const richAt = events.findIndex((e) => e.type === 'hand.won' && e.wins.some((w) => w.yaku.length >= 3));
  const win = multiAt >= 0 ? multiAt : richAt >= 0 ? richAt : events.findIndex((e) => e.type === 'hand.won');
  const drawAt = events.findIndex((e) => e.type === 'hand.exhaustiveDraw');
  return {
    events,
    states,
    midHand: PublicStateSchema.parse(midHand),
    afterWin: PublicStateSchema.parse(states[win]!),
    beforeWin: PublicStateSchema.parse(states[win - 1]!),
    afterDraw: drawAt < 0 ? null : PublicStateSchema.parse(states[drawAt]!),
  };
}
