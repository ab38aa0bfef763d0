// Tenpai Race Stage B on the riichi hand model: the sourced entry and roles, the operator's settlement, and the unsourced prototype behind `tenpaiRaceStageB`.
import type { HandEnd } from '../../../rules/game-flow.js';
import type { Seat } from '../../../rules/payments.js';
import { fail, ok, type Result } from '../../../rules/result.js';
import { countKinds, tileKind, type Tile, type TileKind } from '../../../rules/tiles.js';
import {
  canStartStageB,
  isStageADraw,
  resolveStageBRound,
  stageBRoles,
} from '../../../rules/variants/tenpai-race.js';
import type { OperatorRejectionCode, RiichiOutcome } from './events.js';
import { seatsOf, setAt, type HandModel, type StageBModel, type Step } from './hand-state.js';
import type { StageBView } from './seat-view.js';
import { applyDiscard, passOffer } from './model.js';

/*
 * What is sourced (variants.md V2.1) and what the machine chooses:
 * - Entry (items 5-6, sourced): right after his own discard, a tenpai, non-furiten player may start Stage B
 *   (`seat.stageBStarted`); a riichi declaration starts it at once, and a furiten player may not declare riichi.
 *   "Right after his own discard" on the machine: the discard has passed (the opponent did not call it) and the
 *   opponent has not drawn yet (hand state `drawing`, the opponent to draw a live tile). While the opponent may
 *   still call the discard, the entry is refused; it is open again once he passes.
 *   Our reading where the texts meet: the 36th discard draws the hand (item 4) before anyone can start Stage B,
 *   so a riichi on it is refused (`stage_b_after_last_discard`).
 *   A riichi discard is never offered for calls: Stage B starts with it, and calls belong to Stage A (item 3).
 * - Riichi stick: its value is unknown (V7), so the preset makes riichi free (`riichiDeposit: 0`); whatever the
 *   club's paper rules charge goes into the operator's settlement.
 * - Resolution (V2.2 R1-R6, unsourced): with `tenpaiRaceStageB` off (the default) the hand waits for the
 *   operator's audited `operator.stageBSettled` {winner or null, deltas, operator}: the deltas must list both
 *   seats, sum to 0 (points are conserved: no sticks are on the table), leave nobody below 0 and not make the
 *   winner pay. With the option on, the V2.2 placeholder plays (`resolveStageBRound`): the defender names two
 *   distinct kinds; a winning kind of the attacker ends the hand for the defender; otherwise the attacker draws
 *   and shows a tile, winning if it completes his hand, else it goes to his pond and the defender guesses again;
 *   the wall running out (R5) ends the hand with no winner. The prototype defines no points: nothing moves, and
 *   `hand.stageBEnded` says so (`scored: false`).
 * - After Stage B (R4, unsourced): a winner ends the hand as a win for rules/game-flow.ts (riichi.md 16: the dealer
 *   stays if he won, honba +1, else the deal passes and honba goes to 0); no winner ends it like a draw (dealer
 *   stays, honba +1, as the Stage A draw of item 4).
 * - Hidden information: the attacker's waits live only in `HandModel.stageB.waits` (secret); no event carries
 *   them, nor his hand, not even when Stage B ends (`stageBView` is the public part).
 */

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Tenpai Race is the riichi family's only two-player game (variants.md V2). */
export const isTenpaiRace = (model: HandModel): boolean => model.players === 2;

/**
 * V2.1 item 5: the seat's own discard has just passed: the opponent is to draw a live tile (after a call the
 * caller discards first; after a kan the kanner draws a replacement, so neither looks like this).
 */
export const isRightAfterOwnDiscard = (model: HandModel, seat: Seat): boolean =>
  model.phase.kind === 'drawing' && !model.phase.replacement && model.phase.seat !== seat;

/** V2.1 item 5 for the seat's 13-tile hand now: its waits, or `not_tenpai` / `furiten`. */
export function stageBEntry(model: HandModel, seat: Seat): Result<TileKind[]> {
  const concealed = model.concealed[seat]!;
  const melds = model.melds[seat]!;
  return canStartStageB({
    counts: countKinds(concealed),
    meldCount: melds.length,
    held: countKinds([...concealed, ...melds.flatMap((m) => m.tiles)]),
    pond: model.ponds[seat]!.map((p) => tileKind(p.tile)),
    furiten: model.furiten[seat]!,
  });
}

/** V2.1 item 5 for a riichi discard: the entry as it stands once the tile is discarded (furiten included). */
export const riichiStageBEntry = (model: HandModel, seat: Seat, tile: Tile): Result<TileKind[]> =>
  stageBEntry(applyDiscard(model, seat, tile, true).model, seat);

/** Item 4 before item 5: this discard is the 36th, which draws the hand. */
export const isLastStageADiscard = (model: HandModel, seat: Seat): boolean =>
  isStageADraw([
    model.discardCount[0]! + (seat === 0 ? 1 : 0),
    model.discardCount[1]! + (seat === 1 ? 1 : 0),
  ]);

/** Stage B begins (V2.1 item 6): the roles are public, the waits secret. Throws when the entry is refused. */
export function enterStageB(model: HandModel, seat: Seat, byRiichi: boolean): Step {
  const entry = stageBEntry(model, seat);
  if (!entry.ok)
    throw new Error(`enterStageB: seat ${seat} may not start Stage B (${entry.code}); guard first`);
  const { attacker, defender } = stageBRoles(seat);
  const prototype = model.options.tenpaiRaceStageB === true;
  const stageB: StageBModel = { attacker, defender, byRiichi, waits: entry.value, guesses: [], shown: [] };
  return {
    model: {
      ...model,
      stageB,
      turn: prototype ? defender : attacker,
      phase: { kind: 'stageB', step: prototype ? 'guessing' : 'settling' },
    },
    emitted: [
      {
        type: 'hand.stageBRoles',
        attacker,
        defender,
        byRiichi,
        resolution: prototype ? 'prototype' : 'operator',
      },
    ],
  };
}

/** V2.1 item 5: the riichi discard (never offered for calls) and Stage B at once. */
export function declareRiichiStageB(model: HandModel, seat: Seat, tile: Tile): Step {
  const discarded = applyDiscard(model, seat, tile, true);
  const passed = passOffer(discarded.model);
  const started = enterStageB(passed.model, seat, true);
  return { model: started.model, emitted: [...discarded.emitted, ...passed.emitted, ...started.emitted] };
}

/** The public part of Stage B (seat-view.ts `StageBView`): what screens and the defender may know. */
export const stageBView = (model: HandModel): StageBView | null =>
  model.stageB === null
    ? null
    : {
        attacker: model.stageB.attacker,
        defender: model.stageB.defender,
        byRiichi: model.stageB.byRiichi,
        guesses: model.stageB.guesses,
        shown: model.stageB.shown,
      };

const stageBOf = (model: HandModel): StageBModel => {
  if (model.stageB === null) throw new Error('Stage B has not started in this hand');
  return model.stageB;
};

/** A hand end for rules/game-flow.ts `afterHand` (module comment: win with a winner, draw-like without). */
function stageBHandEnd(model: HandModel, winner: Seat | null, deltas: readonly number[]): HandEnd {
  const base = {
    riichiSticks: model.riichiSticks,
    settlement: { deltas: [...deltas], depositsAfter: model.deposits },
  };
  if (winner !== null) return { kind: 'win', winners: [winner], ...base };
  return {
    kind: 'exhaustiveDraw',
    riichiSticks: model.riichiSticks,
    tenpai: seatsOf(model.players).map((s) => s === stageBOf(model).attacker),
    settlement: {
      ...base.settlement,
      dealerStays: true,
      nextHonba: model.progress.honba + 1,
      nagashiPaid: false,
    },
  };
}

type Resolution = Extract<RiichiOutcome, { type: 'hand.stageBEnded' }>['resolution'];

function endStageB(
  model: HandModel,
  winner: Seat | null,
  resolution: Resolution,
  deltas: readonly number[],
  operator: string | null,
): Step {
  const { attacker, defender } = stageBOf(model);
  const points = model.points.map((p, s) => p + deltas[s]!);
  const end = stageBHandEnd(model, winner, deltas);
  return {
    model: { ...model, points, phase: { kind: 'over' }, end },
    emitted: [
      {
        type: 'hand.stageBEnded',
        attacker,
        defender,
        winner,
        resolution,
        scored: operator !== null,
        operator,
        deltas: [...deltas],
        points,
        deposits: model.deposits,
      },
    ],
  };
}

// ---------------------------------------------------------------- option off: the operator's settlement

/** The operator's Stage B result (`operator.stageBSettled`). */
export interface StageBSettlement {
  readonly winner: Seat | null;
  readonly deltas: readonly number[];
  readonly operator: string;
}

/** Why the operator's settlement cannot be recorded, with a specific message; null when it can. */
export function stageBSettlementProblem(
  model: HandModel,
  s: StageBSettlement,
): { code: OperatorRejectionCode; message: string } | null {
  if (model.phase.kind !== 'stageB' || model.phase.step !== 'settling')
    return {
      code: 'stage_b_not_awaiting_settlement',
      message:
        model.options.tenpaiRaceStageB === true
          ? 'the Stage B prototype is on: the machine plays Stage B, there is nothing to settle'
          : 'no Stage B is waiting for a result in this hand',
    };
  if (s.deltas.length !== model.players || (s.winner !== null && s.winner >= model.players))
    return {
      code: 'settlement_wrong_seats',
      message: `Tenpai Race has seats 0 and 1: give ${model.players} deltas (got ${s.deltas.length})${s.winner !== null && s.winner >= model.players ? ` and a winner among them (got ${s.winner})` : ''}`,
    };
  const total = sum(s.deltas);
  if (total !== 0)
    return {
      code: 'settlement_not_conserved',
      message: `the deltas sum to ${total}: what one player gains the other must lose (no sticks are on the table)`,
    };
  const overdrawn = s.deltas.findIndex((d, seat) => model.points[seat]! + d < 0);
  if (overdrawn >= 0)
    return {
      code: 'settlement_overdrawn',
      message: `seat ${overdrawn} has ${model.points[overdrawn]} points and cannot pay ${-s.deltas[overdrawn]!}`,
    };
  if (s.winner !== null && s.deltas[s.winner]! < 0)
    return {
      code: 'settlement_winner_pays',
      message: `the winner (seat ${s.winner}) cannot lose points (delta ${s.deltas[s.winner]})`,
    };
  return null;
}

/** Records the operator's result: the deltas as entered, audited by name. Throws on a refused entry. */
export function settleStageB(model: HandModel, s: StageBSettlement): Step {
  const problem = stageBSettlementProblem(model, s);
  if (problem) throw new Error(`settleStageB: ${problem.message}; guard first`);
  return endStageB(model, s.winner, 'operatorSettled', s.deltas, s.operator);
}

// ---------------------------------------------------------------- option on: the V2.2 prototype (not a rule)

/** Why the seat's guess is refused: not the defender, or not two distinct kinds; null when it stands. */
export function stageBGuessProblem(
  model: HandModel,
  seat: Seat,
  kinds: readonly [TileKind, TileKind],
): 'stage_b_not_defender' | 'stage_b_bad_guess' | null {
  if (seat !== stageBOf(model).defender) return 'stage_b_not_defender';
  // V2.1 item 7 says two tiles; the placeholder reads them as two distinct kinds (R1 is unsourced).
  return kinds[0] === kinds[1] ? 'stage_b_bad_guess' : null;
}

const outcomeOf = (model: HandModel, guess: readonly [TileKind, TileKind], drawn: TileKind | null) => {
  const round = resolveStageBRound({ guess, waits: stageBOf(model).waits, drawn }, model.options);
  if (!round.ok) throw new Error(`Stage B prototype: ${round.message}`);
  return round.value;
};

/** The guess names a winning kind of the attacker (V2.2 placeholder). */
export const guessFindsWait = (model: HandModel, kinds: readonly [TileKind, TileKind]): boolean =>
  outcomeOf(model, kinds, null) === 'defenderFound';

/** The attacker has no tile left to draw (R5, unsourced: the hand ends with no winner). */
export const stageBWallExhausted = (model: HandModel): boolean => model.live.length === 0;

/** The defender's guess: found ends the hand; a miss lets the attacker draw (or ends it when the wall is out). */
export function applyStageBGuess(model: HandModel, seat: Seat, kinds: readonly [TileKind, TileKind]): Step {
  const stageB = stageBOf(model);
  const found = guessFindsWait(model, kinds);
  const guessed: HandModel = { ...model, stageB: { ...stageB, guesses: [...stageB.guesses, kinds] } };
  const emitted: RiichiOutcome[] = [{ type: 'hand.stageBGuess', seat, kinds: [kinds[0], kinds[1]], found }];
  const zero = seatsOf(model.players).map(() => 0);
  if (found || stageBWallExhausted(model)) {
    const end = found
      ? endStageB(guessed, stageB.defender, 'defenderFound', zero, null)
      : endStageB(guessed, null, 'wallExhausted', zero, null);
    return { model: end.model, emitted: [...emitted, ...end.emitted] };
  }
  return {
    model: { ...guessed, turn: stageB.attacker, phase: { kind: 'stageB', step: 'attackerDrawing' } },
    emitted,
  };
}

/** The attacker's next tile (the front of the live wall) while Stage B waits for it; else null. */
export const stageBExpectedDraw = (model: HandModel): Tile | null =>
  model.phase.kind === 'stageB' && model.phase.step === 'attackerDrawing' ? (model.live[0] ?? null) : null;

/** The attacker's draw completes his hand (a winning kind: the placeholder asks for no yaku). */
export function stageBDrawCompletes(model: HandModel): boolean {
  const tile = stageBExpectedDraw(model);
  const guess = stageBOf(model).guesses.at(-1);
  if (tile === null || guess === undefined) return false;
  return outcomeOf(model, guess, tileKind(tile)) === 'attackerTsumo';
}

/** The attacker draws and shows a tile: a win ends the hand; otherwise it goes to his pond and the defender guesses again. */
export function showStageBDraw(model: HandModel): Step {
  const stageB = stageBOf(model);
  const tile = stageBExpectedDraw(model);
  if (tile === null) throw new Error('showStageBDraw: Stage B does not wait for the attacker’s draw');
  const seat = stageB.attacker;
  const completes = stageBDrawCompletes(model);
  const drawnModel: HandModel = {
    ...model,
    live: model.live.slice(1),
    drawCount: setAt(model.drawCount, seat, model.drawCount[seat]! + 1),
    stageB: { ...stageB, shown: [...stageB.shown, tile] },
  };
  const shown: RiichiOutcome = { type: 'hand.stageBDrawShown', seat, tile, completes };
  if (completes) {
    const won: HandModel = {
      ...drawnModel,
      concealed: setAt(model.concealed, seat, [...model.concealed[seat]!, tile]),
      drawn: setAt(model.drawn, seat, tile),
    };
    const end = endStageB(
      won,
      seat,
      'attackerTsumo',
      seatsOf(model.players).map(() => 0),
      null,
    );
    return { model: end.model, emitted: [shown, ...end.emitted] };
  }
  const pond = [...model.ponds[seat]!, { tile, riichi: false, called: false, drawnAndDiscarded: true }];
  return {
    model: {
      ...drawnModel,
      ponds: setAt(model.ponds, seat, pond),
      turn: stageB.defender,
      phase: { kind: 'stageB', step: 'guessing' },
    },
    emitted: [shown],
  };
}

/** A seat's Stage B entry as a Result for callers outside the machine (bots ask before they declare). */
export function mayStartStageBNow(model: HandModel, seat: Seat): Result<TileKind[]> {
  if (!isTenpaiRace(model)) return fail('bad_input', 'Stage B exists only in Tenpai Race');
  if (model.stageB !== null) return fail('bad_input', 'Stage B has already started');
  if (!isRightAfterOwnDiscard(model, seat)) return fail('bad_input', 'only right after one’s own discard');
  const entry = stageBEntry(model, seat);
  return entry.ok ? ok(entry.value) : entry;
}
