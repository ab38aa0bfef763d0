// The replay model: a pure apply(state, event) folding a session log into what the screens show, live and in replays.
import type {
  GameOver,
  LogLine,
  PublicState,
  SeatInfo,
} from '../../contract/ipc-contract.js';
import { tableShortfall, type Seat } from '../../table/table-events.js';
import type { PublicModel } from './model.js';
import { stageRefusalOf, type LoggedEvent } from '../session/log-events.js';
import { describeEvent, unreachableMessage } from '../session/log-text.js';
import { familyOfVariant, variantEntry, variantViewReducer } from '../families/registry.js';

/** Lines kept in the running log. */
export const LOG_TAIL = 50;


export function initialPublicModel(sessionId: number): PublicModel {
  return {
    sessionId,
    session: null,
    eventSeq: 0,
    table: { target: null, phase: null, fault: null, link: null, sensors: null },
    seats: [],
    view: null,
    lastWin: null,
    log: [],
  };
}

const withLine = (log: readonly LogLine[], line: LogLine): LogLine[] => {
  const next = [...log, line];
  return next.length > LOG_TAIL ? next.slice(next.length - LOG_TAIL) : next;
};

/** Applies one logged event. Pure: the same log gives the same states, in the host and in the replay viewer. */
export function applyPublic(state: PublicModel, record: LoggedEvent): PublicModel {
  const { event, seq, atMs } = record;
  let next: PublicModel = { ...state, eventSeq: seq };
  switch (event.type) {
    case 'host.sessionOpened': {
      const variant = variantEntry(event.variant) === undefined ? null : event.variant;
      const seats: SeatInfo[] = event.seats.map((s) => ({
        seat: s.seat as Seat,
        playerId: s.playerId,
        name: s.name,
        bot: s.bot,
      }));
      next = {
        ...next,
        session:
          variant === null
            ? null
            : {
                id: state.sessionId,
                variant,
                preset: event.preset,
                status: 'running',
                ...(event.handsPerGame === undefined ? {} : { handsPerGame: event.handsPerGame }),
                ...(event.tagTeam === true ? { tagTeam: true } : {}),
              },
        table: {
          ...next.table,
          target:
            event.target.kind === 'serial'
              ? { kind: 'serial', path: event.target.path }
              : { kind: 'simulator' },
        },
        seats,
      };
      break;
    }
    case 'operator.paused':
      if (next.session) next = { ...next, session: { ...next.session, status: 'paused' } };
      break;
    case 'operator.resumed':
      if (next.session) next = { ...next, session: { ...next.session, status: 'running' } };
      break;
    case 'host.sessionEnded':
      if (next.session) next = { ...next, session: { ...withoutHold(next.session), status: 'ended' } };
      break;
    case 'host.gameRequested':
      next = {
        ...next,
        game: { number: event.game, chart: { seats: [], points: [] } },
        ...(next.session?.awaitingNextGame ? { session: withoutHold(next.session) } : {}),
      };
      break;
    case 'host.gameHeld':
      if (next.session) next = { ...next, session: { ...next.session, awaitingNextGame: true } };
      break;
    case 'table.state':
      // A snapshot that still does not match is followed at once by its `reconcile.mismatch` (below).
      next = {
        ...next,
        table: {
          ...next.table,
          phase: event.snapshot.phase,
          fault: event.snapshot.fault,
          ...(next.table.reconcile ? { reconcile: null } : {}),
        },
      };
      break;
    case 'table.fault':
      next = { ...next, table: { ...next.table, fault: event.fault, refusal: null } };
      break;
    case 'table.commandRejected': {
      // A refused stage command waits for the operator (table-session.ts commandRefused), shown like a fault.
      const refusal = stageRefusalOf(event);
      if (refusal !== null) next = { ...next, table: { ...next.table, refusal } };
      break;
    }
    // What takes the session out of commandRefused: the operator's clear, a lost link (the resync tries the
    // stage again), a reboot. (A refusal a restarted host answers by preparing the hand afresh shows until
    // the table's next stage event below.)
    case 'operator.refusalCleared':
    case 'link.lost':
    case 'link.rebooted':
      if (next.table.refusal) next = { ...next, table: { ...next.table, refusal: null } };
      break;
    // Why the link is not up, for the console, until it is (issue 12: not a silent "connecting").
    case 'link.unreachable':
      next = {
        ...next,
        table: {
          ...next.table,
          unreachable: {
            code: event.reason === 'noAnswer' ? 'no_answer' : 'cannot_open',
            port: event.port,
            message: unreachableMessage(event),
            atMs,
          },
        },
      };
      break;
    case 'table.faultCleared':
      next = { ...next, table: { ...next.table, fault: null } };
      break;
    case 'table.hello': {
      // A table answered: the link is up (link.up follows), whatever kept it down is over.
      if (next.table.unreachable) next = { ...next, table: { ...next.table, unreachable: null } };
      // A table that lacks what the variant needs is refused (table-session.ts `unsupported`): say what it lacks.
      const entry = next.session === null ? undefined : variantEntry(next.session.variant);
      if (entry === undefined) break;
      const missing = tableShortfall({ mode: entry.mode, features: entry.requiredFeatures ?? [] }, event.capabilities);
      const unsupported =
        missing.length === 0
          ? null
          : {
              missing,
              message: `This table cannot play ${entry.id}: it lacks ${missing.join('; ')}. Connect a table that has it, or choose another variant.`,
            };
      if (unsupported !== null || next.table.unsupported) next = { ...next, table: { ...next.table, unsupported } };
      break;
    }
    case 'table.modeSet':
      next = { ...next, table: { ...next.table, phase: 'modeSet' } };
      break;
    case 'table.shuffled':
      next = { ...next, table: { ...next.table, phase: 'shuffled', refusal: null } };
      break;
    case 'table.wallsBuilt':
      next = { ...next, table: { ...next.table, phase: 'wallsBuilt', refusal: null } };
      break;
    case 'table.doraFlipped':
      next = { ...next, table: { ...next.table, phase: 'playing', refusal: null } };
      break;
    case 'link.stats': {
      const { type: _type, ...stats } = event;
      next = { ...next, table: { ...next.table, link: stats } };
      break;
    }
    case 'table.sensorsReported':
      next = {
        ...next,
        table: {
          ...next.table,
          sensors: { lid: event.lid, tilesInPit: event.tilesInPit, motorTempC: event.motorTempC, atMs },
        },
      };
      break;
    default:
  }
  next = withReconcile(next, record);
  const reducer = next.session ? variantViewReducer(next.session.variant) : null;
  if (reducer) {
    const applied = reducer(next.view, record, next.seats);
    if (applied.view !== next.view) next = { ...next, view: applied.view };
    if (applied.win) next = { ...next, lastWin: applied.win };
  }
  next = withGameOver(next, event.type);
  const text = describeEvent(event, next.session ? (familyOfVariant(next.session.variant)?.id ?? null) : null);
  if (text !== null) next = { ...next, log: withLine(next.log, { seq, atMs, type: event.type, text }) };
  return next;
}

const withoutHold = (session: NonNullable<PublicModel['session']>): NonNullable<PublicModel['session']> => {
  const { awaitingNextGame: _held, ...rest } = session;
  return rest;
};

/**
 * The game-over screen's data (issue 12): the points at each hand's start are gathered as the game goes; at
 * `game.ended` the places, final points and the tournament's final score (V6.5: uma and oka) are fixed, and they
 * stay until the next game's play begins (a first discard), so an autopilot's next deal does not hide them.
 */
function withGameOver(state: PublicModel, type: string): PublicModel {
  const view = state.view;
  const game = state.game;
  if (view === null || game === undefined) {
    return state;
  }
  const standing = state.session === null ? undefined : variantEntry(state.session.variant)?.standing;
  if (standing === undefined) return state;
  const points = standing.seats(view);
  const column = (chart: GameOver['chart']): GameOver['chart'] => ({
    seats: points.map((p) => p.seat),
    points: points.map((p, i) => [
      ...(chart.seats.length === points.length ? chart.points[i]! : []),
      p.points,
    ]),
  });
  if (type === 'hand.started') return { ...state, game: { ...game, chart: column(game.chart) } };
  if (type === 'game.ended') {
    const order = standing.places(view);
    if (order === null) return state;
    const chart = column(game.chart);
    const scores = standing.finalScores(
      points.map((p) => p.points),
      order.map((seat) => points.findIndex((p) => p.seat === seat)),
      state.session?.preset ?? '',
    );
    const gameOver: GameOver = {
      game: game.number,
      places: order.map((seat, i) => {
        const at = points.findIndex((p) => p.seat === seat);
        return {
          seat,
          place: i + 1,
          points: points[at]!.points,
          ...(scores === null ? {} : { score: scores[at]! }),
        };
      }),
      chart,
    };
    return { ...state, game: { ...game, chart }, gameOver };
  }
  // The next game's play has begun: its board takes the screen.
  if (
    state.gameOver &&
    state.gameOver.game < game.number &&
    (type === 'seat.discarded' || type === 'hand.playStarted' || type === 'seat.drew')
  )
    return { ...state, gameOver: null };
  return state;
}

/**
 * The table status's reconcile notice, as the session's variant folds it (VariantEntry.reconcileNotice: the riichi
 * family's mismatch after a link loss), from the view before this record.
 */
function withReconcile(state: PublicModel, record: LoggedEvent): PublicModel {
  const fold = state.session === null ? undefined : variantEntry(state.session.variant)?.reconcileNotice;
  if (fold === undefined) return state;
  const reconcile = fold(state.table.reconcile, record, state.view);
  return reconcile === state.table.reconcile ? state : { ...state, table: { ...state.table, reconcile } };
}

/**
 * The state to publish: the model plus the publication counter. Live, the host passes the link's current
 * statistics; a replay leaves `link` out and shows the last `link.stats` logged at that point.
 */
export function toPublicState(
  model: PublicModel,
  publication: number,
  link?: PublicState['table']['link'],
): PublicState {
  const { sessionId: _id, game: _game, ...rest } = model;
  return {
    ...rest,
    seq: publication,
    table: { ...rest.table, link: link === undefined ? rest.table.link : link },
  };
}

