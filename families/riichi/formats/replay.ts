// Pure replay of a recorded round: apply(state, event) with the table's invariants checked after every step.
import type { MeldType } from '../../../rules/hand.js';
import {
  formatKind,
  formatTile,
  formatTiles,
  isRedFive,
  KIND_COUNT,
  suitOf,
  tileKind,
  type Tile,
} from '../../../rules/tiles.js';
import {
  dealerOf,
  formatError,
  type FormatResult,
  type RoundEvent,
  type RoundRecord,
  type RoundResult,
  type Seat,
} from './game-record.js';

/** Tiles of the live wall: 136 − 4 × 13 dealt − 14 in the dead wall. Kan replacement draws come out of it too. */
export const LIVE_WALL = 70;
const DEAD_WALL = 14;
const TILE_SET = 136;

/** A declared set, seats absolute. `tiles` holds all of it (the called tile included). */
export interface MeldState {
  readonly type: MeldType;
  readonly tiles: readonly Tile[];
  readonly calledTile?: Tile;
  readonly addedTile?: Tile;
  /** Whom the tile was called from (for a kakan: whom the pon was called from); absent for ankan. */
  readonly from?: Seat;
}

export interface SeatState {
  readonly concealed: readonly Tile[];
  readonly melds: readonly MeldState[];
  /** Discards still lying in the pond (a claimed tile leaves it). */
  readonly pond: readonly Tile[];
  readonly discards: number;
  readonly draws: number;
  readonly riichi: boolean;
  readonly doubleRiichi: boolean;
  /** Riichi declared and no call and no discard of his own since: a win now is ippatsu. */
  readonly ippatsu: boolean;
}

export interface RoundState {
  readonly seats: readonly SeatState[];
  /** Tiles drawn so far, kan replacements included (each kan moves the last live tile to the dead wall). */
  readonly wallDraws: number;
  readonly doraShown: number;
  readonly kans: number;
  /** Some call or kan has been made: ends the first uninterrupted go-around (double riichi, tenhou, chiihou). */
  readonly called: boolean;
  /** The seat holding 14 (after a draw or a chi/pon) that must discard or kan, else null. */
  readonly turn: Seat | null;
  /** The seat owed a replacement draw after its kan, else null. */
  readonly rinshanOwed: Seat | null;
  /** Riichi declarations paid for (the discard was not won on). */
  readonly riichiPaid: number;
  /** A riichi discard that counts once play goes on past it. */
  readonly riichiPending: Seat | null;
  /** The last play (dora indicators skipped). */
  readonly lastEvent: RoundEvent | null;
  /** Events applied so far. */
  readonly steps: number;
}

type Step = FormatResult<RoundState>;

const failStep = (state: RoundState, event: RoundEvent, message: string): Step =>
  formatError('bad_log', `event ${state.steps} (${describeEvent(event)}): ${message}`);

export function describeEvent(event: RoundEvent): string {
  if (event.type === 'dora') return `dora indicator ${formatTile(event.indicator)}`;
  return `seat ${event.seat} ${event.type} ${formatTiles('tile' in event ? [event.tile] : event.type === 'ankan' ? event.tiles : event.type === 'kakan' ? [event.addedTile] : [event.calledTile])}`;
}

/** The state after the deal: four 13-tile hands, one indicator shown, the dealer to draw. */
export function startRound(round: RoundRecord): RoundState {
  return {
    seats: round.deals.map((deal) => ({
      concealed: deal,
      melds: [],
      pond: [],
      discards: 0,
      draws: 0,
      riichi: false,
      doubleRiichi: false,
      ippatsu: false,
    })),
    wallDraws: 0,
    doraShown: 1,
    kans: 0,
    called: false,
    turn: null,
    rinshanOwed: null,
    riichiPaid: 0,
    riichiPending: null,
    lastEvent: null,
    steps: 0,
  };
}

function without(tiles: readonly Tile[], remove: readonly Tile[]): Tile[] | null {
  const out = [...tiles];
  for (const tile of remove) {
    const i = out.indexOf(tile);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
}

const replaceSeat = (seats: readonly SeatState[], seat: Seat, next: SeatState): SeatState[] =>
  seats.map((s, i) => (i === seat ? next : s));
const clearIppatsu = (seats: readonly SeatState[]): SeatState[] =>
  seats.map((s) => (s.ippatsu ? { ...s, ippatsu: false } : s));
const isClosed = (seat: SeatState): boolean => seat.melds.every((m) => m.type === 'ankan');
const sameKind = (tiles: readonly Tile[]): boolean => tiles.every((t) => tileKind(t) === tileKind(tiles[0]!));

function isSequence(tiles: readonly Tile[]): boolean {
  const kinds = tiles.map(tileKind).sort((a, b) => a - b);
  return (
    kinds[2]! < 27 &&
    kinds[1] === kinds[0]! + 1 &&
    kinds[2] === kinds[0]! + 2 &&
    suitOf(kinds[0]!) === suitOf(kinds[2]!)
  );
}

/**
 * Applies one event, or says why it cannot happen. Pure: the state passed in is not changed.
 * Checks that the tiles are where the event takes them from and that the event fits whose turn it is.
 */
export function applyEvent(state: RoundState, event: RoundEvent, round: RoundRecord): Step {
  // A dora indicator is not a play: claims and wins look past it to the discard or kan before.
  const next: { -readonly [K in keyof RoundState]: RoundState[K] } = {
    ...state,
    steps: state.steps + 1,
    lastEvent: event.type === 'dora' ? state.lastEvent : event,
  };
  // A riichi discard that play goes past is paid for (a ron on it would have ended the round).
  if (state.riichiPending !== null && event.type !== 'dora') {
    next.riichiPaid = state.riichiPaid + 1;
    next.riichiPending = null;
  }
  // A kakan breaks ippatsu only once it stands: a ron on the added tile (chankan) still counts as ippatsu.
  let seats: readonly SeatState[] =
    state.lastEvent?.type === 'kakan' && event.type !== 'dora' ? clearIppatsu(state.seats) : state.seats;
  switch (event.type) {
    case 'draw': {
      const seat = seats[event.seat]!;
      if (state.turn !== null)
        return failStep(state, event, `seat ${state.turn} holds 14 tiles and has not discarded`);
      if (event.rinshan !== (state.rinshanOwed !== null))
        return failStep(
          state,
          event,
          event.rinshan
            ? 'a replacement draw with no kan before it'
            : `seat ${state.rinshanOwed} is owed a replacement draw for its kan`,
        );
      if (event.rinshan && state.rinshanOwed !== event.seat)
        return failStep(state, event, `the replacement draw belongs to seat ${state.rinshanOwed}`);
      if (state.wallDraws >= LIVE_WALL)
        return failStep(state, event, `the wall is exhausted after ${LIVE_WALL} draws`);
      seats = replaceSeat(seats, event.seat, {
        ...seat,
        concealed: [...seat.concealed, event.tile],
        draws: seat.draws + 1,
      });
      return ok({ ...next, seats, wallDraws: state.wallDraws + 1, turn: event.seat, rinshanOwed: null });
    }
    case 'discard': {
      const seat = seats[event.seat]!;
      if (state.turn !== event.seat)
        return failStep(state, event, `it is not seat ${event.seat}'s turn to discard`);
      const concealed = without(seat.concealed, [event.tile]);
      if (!concealed)
        return failStep(state, event, `${formatTile(event.tile)} is not in seat ${event.seat}'s hand`);
      if (
        event.tsumogiri &&
        !(
          state.lastEvent?.type === 'draw' &&
          state.lastEvent.seat === event.seat &&
          state.lastEvent.tile === event.tile
        )
      ) {
        return failStep(state, event, 'a discard of the drawn tile right after no draw');
      }
      if (event.riichi && (seat.riichi || !isClosed(seat)))
        return failStep(
          state,
          event,
          seat.riichi ? 'riichi declared twice' : 'riichi declared with an open hand',
        );
      const updated: SeatState = {
        ...seat,
        concealed,
        pond: [...seat.pond, event.tile],
        discards: seat.discards + 1,
        riichi: seat.riichi || event.riichi,
        doubleRiichi: seat.doubleRiichi || (event.riichi && seat.discards === 0 && !state.called),
        ippatsu: event.riichi,
      };
      return ok({
        ...next,
        seats: replaceSeat(seats, event.seat, updated),
        turn: null,
        riichiPending: event.riichi ? event.seat : next.riichiPending,
      });
    }
    case 'chi':
    case 'pon':
    case 'minkan': {
      const last = state.lastEvent;
      if (!(last?.type === 'discard' && last.seat === event.from && last.tile === event.calledTile)) {
        return failStep(
          state,
          event,
          `claims ${formatTile(event.calledTile)} from seat ${event.from}, which did not just discard it`,
        );
      }
      if (event.seat === event.from) return failStep(state, event, 'a seat cannot claim its own discard');
      const tiles = [event.calledTile, ...event.handTiles];
      if (
        event.type === 'chi' ? event.from !== (event.seat + 3) % 4 || !isSequence(tiles) : !sameKind(tiles)
      ) {
        return failStep(
          state,
          event,
          event.type === 'chi'
            ? 'a chi is a run claimed from the previous seat'
            : `a ${event.type} is ${tiles.length} tiles of one kind`,
        );
      }
      const seat = seats[event.seat]!;
      if (seat.riichi) return failStep(state, event, 'a seat in riichi cannot claim');
      const concealed = without(seat.concealed, event.handTiles);
      if (!concealed)
        return failStep(state, event, `${formatTiles(event.handTiles)} are not in seat ${event.seat}'s hand`);
      const meld: MeldState = { type: event.type, tiles, calledTile: event.calledTile, from: event.from };
      const giver = seats[event.from]!;
      seats = replaceSeat(seats, event.from, { ...giver, pond: giver.pond.slice(0, -1) });
      seats = clearIppatsu(
        replaceSeat(seats, event.seat, { ...seat, concealed, melds: [...seat.melds, meld] }),
      );
      const kan = event.type === 'minkan';
      return ok({
        ...next,
        seats,
        called: true,
        kans: state.kans + (kan ? 1 : 0),
        turn: kan ? null : event.seat,
        rinshanOwed: kan ? event.seat : null,
      });
    }
    case 'ankan': {
      const seat = seats[event.seat]!;
      if (state.turn !== event.seat) return failStep(state, event, `it is not seat ${event.seat}'s turn`);
      if (!sameKind(event.tiles)) return failStep(state, event, 'a closed kan is four tiles of one kind');
      const concealed = without(seat.concealed, event.tiles);
      if (!concealed) return failStep(state, event, `seat ${event.seat} does not hold all four tiles`);
      const meld: MeldState = { type: 'ankan', tiles: event.tiles };
      seats = clearIppatsu(
        replaceSeat(seats, event.seat, { ...seat, concealed, melds: [...seat.melds, meld] }),
      );
      return ok({ ...next, seats, called: true, kans: state.kans + 1, turn: null, rinshanOwed: event.seat });
    }
    case 'kakan': {
      const seat = seats[event.seat]!;
      if (state.turn !== event.seat) return failStep(state, event, `it is not seat ${event.seat}'s turn`);
      const index = seat.melds.findIndex(
        (m) => m.type === 'pon' && m.from === event.from && without(m.tiles, event.ponTiles)?.length === 0,
      );
      if (index < 0)
        return failStep(
          state,
          event,
          `seat ${event.seat} has no pon of ${formatTiles(event.ponTiles)} from seat ${event.from}`,
        );
      if (tileKind(event.addedTile) !== tileKind(event.ponTiles[0]!))
        return failStep(state, event, "the added tile is not of the pon's kind");
      const concealed = without(seat.concealed, [event.addedTile]);
      if (!concealed)
        return failStep(state, event, `${formatTile(event.addedTile)} is not in seat ${event.seat}'s hand`);
      const pon = seat.melds[index]!;
      const kan: MeldState = {
        type: 'kakan',
        tiles: [...pon.tiles, event.addedTile],
        calledTile: pon.calledTile!,
        addedTile: event.addedTile,
        from: event.from,
      };
      const melds = seat.melds.map((m, i) => (i === index ? kan : m));
      seats = replaceSeat(seats, event.seat, { ...seat, concealed, melds });
      return ok({ ...next, seats, called: true, kans: state.kans + 1, turn: null, rinshanOwed: event.seat });
    }
    case 'dora': {
      if (state.doraShown >= 1 + state.kans)
        return failStep(state, event, `${state.doraShown} indicators already shown for ${state.kans} kans`);
      if (round.doraIndicators[state.doraShown] !== event.indicator)
        return failStep(state, event, "not the next indicator of the round's list");
      return ok({ ...next, seats, doraShown: state.doraShown + 1 });
    }
  }
}

const ok = (state: RoundState): Step => ({ ok: true, value: state });

/**
 * The table's invariants: no fifth copy of a kind nor too many red fives anywhere in sight; all 136 tiles
 * accounted for (hands + melds + ponds + live wall left + dead wall); every hand 13 tiles, 14 for the seat
 * to discard (a kan counts as three). Returns the first one broken, or null.
 */
export function brokenInvariant(state: RoundState, round: RoundRecord, maxRed: number): string | null {
  const counts = new Uint8Array(KIND_COUNT);
  const reds = [0, 0, 0];
  let held = 0;
  const see = (tile: Tile): void => {
    counts[tileKind(tile)]!++;
    if (isRedFive(tile)) reds[Math.floor(tileKind(tile) / 9)]!++;
  };
  for (let s = 0; s < 4; s++) {
    const seat = state.seats[s]!;
    for (const tile of seat.concealed) see(tile);
    for (const meld of seat.melds) for (const tile of meld.tiles) see(tile);
    for (const tile of seat.pond) see(tile);
    held += seat.concealed.length + seat.pond.length + seat.melds.reduce((n, m) => n + m.tiles.length, 0);
    const size = seat.concealed.length + 3 * seat.melds.length;
    const expected = state.turn === s ? 14 : 13;
    if (size !== expected)
      return `seat ${s} holds ${seat.concealed.length} tiles and ${seat.melds.length} melds: ${size}, expected ${expected}`;
  }
  for (let i = 0; i < state.doraShown; i++) see(round.doraIndicators[i]!);
  const kind = counts.findIndex((n) => n > 4);
  if (kind >= 0) return `${counts[kind]} copies of ${formatKind(kind)} in sight`;
  const suit = reds.findIndex((n) => n > maxRed);
  if (suit >= 0) return `${reds[suit]} red fives of suit ${'mps'[suit]} in sight (the set has ${maxRed})`;
  const accounted = held + (LIVE_WALL - state.wallDraws) + DEAD_WALL;
  if (accounted !== TILE_SET) return `${accounted} tiles accounted for, not ${TILE_SET}`;
  if (state.kans > 4) return `${state.kans} kans`;
  return null;
}

/** The result fits how play stopped: who won on what, or a draw of the right kind. Returns why not, or null. */
export function resultMismatch(state: RoundState, round: RoundRecord): string | null {
  const result: RoundResult = round.result;
  const last = state.lastEvent;
  if (result.type === 'win') {
    for (const win of result.wins) {
      if (win.from !== result.wins[0]!.from) return 'several winners on different tiles';
      if (win.winner === win.from) {
        if (result.wins.length > 1) return 'a tsumo with other winners';
        if (last?.type !== 'draw' || last.seat !== win.winner)
          return `seat ${win.winner} wins by tsumo but did not just draw`;
      } else {
        const robbed = last?.type === 'kakan' || last?.type === 'ankan';
        if (!(last?.type === 'discard' || robbed) || last.seat !== win.from)
          return `seat ${win.winner} wins on seat ${win.from}'s tile, which seat ${win.from} did not just discard or add to a kan`;
        if (state.turn !== null && !robbed) return 'a ron while a seat still holds 14 tiles';
      }
    }
    return null;
  }
  switch (result.kind) {
    case 'exhaustive':
    case 'allTenpai':
    case 'allNoten':
    case 'nagashiMangan':
      if (state.wallDraws !== LIVE_WALL || last?.type !== 'discard')
        return `an exhaustive draw after ${state.wallDraws} of ${LIVE_WALL} draws`;
      return null;
    case 'nineTerminals':
      return last?.type === 'draw' && state.seats[last.seat]!.discards === 0 && !state.called
        ? null
        : 'nine terminals is declared on a first, uninterrupted draw';
    case 'fourWinds':
      return state.seats.every((s) => s.discards === 1) && !state.called
        ? null
        : 'four winds ends the first go-around';
    case 'fourRiichi':
      return state.seats.every((s) => s.riichi) ? null : 'four riichi needs four declarations';
    case 'fourKans':
      return state.kans === 4 ? null : `four kans abort after ${state.kans} kans`;
    case 'tripleRon':
      return last?.type === 'discard' ? null : 'a triple ron follows a discard';
  }
}

export interface RoundReplay {
  /** The state after the last event, where the result applies. */
  readonly final: RoundState;
  /** Events applied, and invariant checks made (one per state, the deal included). */
  readonly steps: number;
  readonly checks: number;
}

/** Red fives per suit in the set: tenhou's aka tables have one of each. */
export const DEFAULT_MAX_RED = 1;

/**
 * Replays a round from the deal to its result, checking every event and the invariants after each step.
 * Errors are `bad_log` with the event number and what went wrong.
 */
export function replayRound(round: RoundRecord, maxRed = DEFAULT_MAX_RED): FormatResult<RoundReplay> {
  let state = startRound(round);
  let checks = 0;
  const broken = brokenInvariant(state, round, maxRed);
  checks++;
  if (broken) return formatError('bad_log', `after the deal: ${broken}`);
  if (round.doraIndicators.length === 0) return formatError('bad_log', 'no dora indicator');
  const dealer = dealerOf(round.round);
  if (round.events[0] && !(round.events[0].type === 'draw' && round.events[0].seat === dealer))
    return formatError('bad_log', `the dealer (seat ${dealer}) draws first`);
  for (const event of round.events) {
    const step = applyEvent(state, event, round);
    if (!step.ok) return step;
    state = step.value;
    const problem = brokenInvariant(state, round, maxRed);
    checks++;
    if (problem)
      return formatError('bad_log', `after event ${state.steps - 1} (${describeEvent(event)}): ${problem}`);
  }
  const mismatch = resultMismatch(state, round);
  if (mismatch) return formatError('bad_log', `result: ${mismatch}`);
  if (round.uraIndicators.length > round.doraIndicators.length)
    return formatError(
      'bad_log',
      `${round.uraIndicators.length} ura indicators for ${round.doraIndicators.length} dora indicators`,
    );
  return { ok: true, value: { final: state, steps: state.steps, checks } };
}
