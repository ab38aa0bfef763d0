// Operator overrides (issue 7): a missed button press, a chombo, a dead hand — checked against the session, audited in the log, fed to the cores.
import type { ChomboTriggerId } from '../../contract/ipc-contract.js';
import type { CHOMBO_TRIGGERS as MACHINE_CHOMBO_TRIGGERS } from '../../families/riichi/machines/events.js';
import type { Seat, SeatButton } from '../../table/table-events.js';
import { presetOf } from '../../rules/options.js';
import { ok } from '../../rules/result.js';
import { hostFail, type HostResult } from '../errors.js';
import type { HostEvent, SourceEvent } from './log-events.js';

// The contract's list and the machines' are the same six triggers (both directions checked here).
type MachineTrigger = (typeof MACHINE_CHOMBO_TRIGGERS)[number];
const sameTriggers: [MachineTrigger, ChomboTriggerId] extends [ChomboTriggerId, MachineTrigger]
  ? true
  : never = true;
void sameTriggers;

export type ButtonEntered = Extract<HostEvent, { type: 'operator.buttonEntered' }>;
export type ChomboDeclared = Extract<HostEvent, { type: 'operator.chomboDeclared' }>;
export type DeadHandDeclared = Extract<HostEvent, { type: 'operator.deadHandDeclared' }>;
export type StageBSettled = Extract<HostEvent, { type: 'operator.stageBSettled' }>;
export type OperatorOverride = ButtonEntered | ChomboDeclared | DeadHandDeclared | StageBSettled;

const RIICHI_FAMILY: ReadonlySet<string> = new Set(['riichi', 'sanma', 'mangan', 'clear', 'tenpai-race']);
const RIICHI_BUTTONS: readonly SeatButton[] = ['riichi', 'chi', 'pon', 'kan', 'ron', 'tsumo', 'pass'];

/**
 * The seat buttons a variant's core acts on (families/minefield/core.ts, families/riichi/core.ts): a press of any other
 * button means nothing to the game, so entering one is refused rather than logged to no effect.
 * Minefield reads only ron and pass; Sanma has no chii (variants.md V3.3); only Tenpai Race reads `confirm`.
 */
export function buttonsInPlay(variant: string): readonly SeatButton[] {
  if (variant === 'minefield') return ['ron', 'pass'];
  // Tenpai Race starts Stage B with `confirm` right after the player's own discard (families/riichi/core.ts).
  if (variant === 'tenpai-race') return [...RIICHI_BUTTONS, 'confirm'];
  if (variant === 'sanma') return RIICHI_BUTTONS.filter((b) => b !== 'chi');
  return RIICHI_FAMILY.has(variant) ? RIICHI_BUTTONS : [];
}

/** What the checks need to know of the running session (the Host gathers it). */
export interface OverrideContext {
  readonly sessionId: number;
  readonly variant: string;
  readonly preset: string;
  /** The variant's table seats in machine order (riichi seat i sits at tableSeats[i]). */
  readonly tableSeats: readonly Seat[];
  /** Table seats with a player (host.sessionOpened). */
  readonly seated: readonly Seat[];
  /** A hand is being played (dealt and not over). */
  readonly handInPlay: boolean;
  /** Table seats whose hand is already dead in this hand (from the public view). */
  readonly deadSeats: readonly Seat[];
  /** Tenpai Race: a Stage B started and waits for the operator's result (from the public view). */
  readonly stageBWaiting?: boolean;
}

const WIND = ['East', 'South', 'West', 'North'] as const;
/**
 * The table seats of Tenpai Race's two players in machine order (host/families/registry.ts registers the same; a test
 * checks they agree): the log keeps Stage B's result in machine seats, the audited line names table seats.
 */
export const TENPAI_RACE_TABLE_SEATS: readonly Seat[] = [0, 2];
const seatText = (seat: Seat): string => `seat ${seat} (${WIND[seat]})`;

function seatInPlay(context: OverrideContext, seat: Seat): HostResult<number> {
  const index = context.tableSeats.indexOf(seat);
  if (index < 0 || !context.seated.includes(seat))
    return hostFail(
      'seat_not_in_play',
      `${seatText(seat)} is not seated in session ${context.sessionId} (${context.variant} plays seats ${context.tableSeats.join(', ')})`,
    );
  return ok(index);
}

function handInPlay(context: OverrideContext, what: string): HostResult<void> {
  return context.handInPlay
    ? ok(undefined)
    : hostFail(
        'no_hand_in_play',
        `no hand is being played in session ${context.sessionId}: ${what} applies to a hand in play`,
      );
}

/** A press the table did not sense: the seat and button must be in play, and a hand dealt. */
export function checkButtonEntry(
  context: OverrideContext,
  request: { seat: Seat; button: SeatButton; operator: string; reason: string },
): HostResult<ButtonEntered> {
  const seat = seatInPlay(context, request.seat);
  if (!seat.ok) return seat;
  const buttons = buttonsInPlay(context.variant);
  if (!buttons.includes(request.button))
    return hostFail(
      'button_not_in_play',
      `${context.variant} has no "${request.button}" button in play (it reads ${buttons.join(', ')})`,
    );
  const hand = handInPlay(context, 'a button press');
  if (!hand.ok) return hand;
  return ok({ type: 'operator.buttonEntered', ...request });
}

function riichiFamily(context: OverrideContext, what: string): HostResult<void> {
  return RIICHI_FAMILY.has(context.variant)
    ? ok(undefined)
    : hostFail(
        'not_riichi_family',
        `${what} is a riichi-family rule; session ${context.sessionId} plays ${context.variant}`,
      );
}

/**
 * A chombo (variants.md V6.2): only a preset with chombo payments (the tournament) settles one, at four seats.
 * The four that end the hand at once are settled at once; the two riichi triggers count only when the hand ends
 * in a draw (V6.2 item 1, [AMBIGUOUS T3]): the machine remembers them (`hand.chomboPending`), settles them at the
 * draw or lets them lapse (`hand.chomboLapsed`), and refuses one for a seat not in riichi.
 */
export function checkChombo(
  context: OverrideContext,
  request: { seat: Seat; trigger: ChomboTriggerId; operator: string },
): HostResult<ChomboDeclared> {
  const family = riichiFamily(context, 'chombo');
  if (!family.ok) return family;
  const rules = presetOf(context.preset);
  if (!rules.ok || rules.value.chomboPayments !== true || context.tableSeats.length !== 4)
    return hostFail(
      'chombo_not_in_preset',
      `the ${context.preset} preset pays no chombo (only the tournament preset does, variants.md V6.2)`,
    );
  const seat = seatInPlay(context, request.seat);
  if (!seat.ok) return seat;
  const hand = handInPlay(context, 'a chombo');
  if (!hand.ok) return hand;
  return ok({
    type: 'operator.chomboDeclared',
    seat: seat.value as ChomboDeclared['seat'],
    reason: request.trigger,
    operator: request.operator,
  });
}

/** A dead hand (variants.md V6.3): riichi family, a seated player, a hand in play, not dead already. */
export function checkDeadHand(
  context: OverrideContext,
  request: { seat: Seat; operator: string; reason: string },
): HostResult<DeadHandDeclared> {
  const family = riichiFamily(context, 'a dead hand');
  if (!family.ok) return family;
  const seat = seatInPlay(context, request.seat);
  if (!seat.ok) return seat;
  const hand = handInPlay(context, 'a dead hand');
  if (!hand.ok) return hand;
  if (context.deadSeats.includes(request.seat))
    return hostFail('hand_already_dead', `${seatText(request.seat)} already has a dead hand in this hand`);
  return ok({
    type: 'operator.deadHandDeclared',
    seat: seat.value as DeadHandDeclared['seat'],
    reason: request.reason,
    operator: request.operator,
  });
}

/** The operator's Stage B result as the console sends it: table seats, each seat's points moved. */
export interface StageBSettlementRequest {
  readonly winner: Seat | null;
  readonly deltas: readonly { readonly seat: Seat; readonly points: number }[];
  readonly operator: string;
  readonly reason: string;
}

/**
 * Tenpai Race's Stage B result (variants.md V2.1 item 6; scoring unsourced, V2.2 R4): refused before it is logged
 * when the session is not Tenpai Race, no Stage B waits for a result, or the seats are not the two players. The
 * points themselves (sum 0, nobody below 0, the winner not paying) are the machine's to judge: its
 * `override.rejected` reaches the operator with its message (Host.override).
 * The log keeps the machine's input (riichi seats, deltas in riichi seat order) and the operator's reason.
 */
export function checkStageBSettlement(
  context: OverrideContext,
  request: StageBSettlementRequest,
): HostResult<StageBSettled> {
  if (context.variant !== 'tenpai-race')
    return hostFail(
      'not_tenpai_race',
      `Stage B belongs to Tenpai Race; session ${context.sessionId} plays ${context.variant}`,
    );
  const hand = handInPlay(context, 'a Stage B result');
  if (!hand.ok) return hand;
  if (context.stageBWaiting !== true)
    return hostFail(
      'stage_b_not_waiting',
      `no Stage B is waiting for its result in session ${context.sessionId}: a player starts it with confirm right after his own discard`,
    );
  const deltas = context.tableSeats.map(() => null as number | null);
  for (const entry of request.deltas) {
    const index = seatInPlay(context, entry.seat);
    if (!index.ok) return index;
    if (deltas[index.value] !== null)
      return hostFail('seat_not_in_play', `${seatText(entry.seat)} is listed twice in the Stage B result`);
    deltas[index.value] = entry.points;
  }
  const missing = context.tableSeats.filter((_, i) => deltas[i] === null);
  if (missing.length > 0)
    return hostFail(
      'seat_not_in_play',
      `the Stage B result must give the points of both players: ${missing.map(seatText).join(' and ')} missing`,
    );
  let winner: number | null = null;
  if (request.winner !== null) {
    const index = seatInPlay(context, request.winner);
    if (!index.ok) return index;
    winner = index.value;
  }
  return ok({
    type: 'operator.stageBSettled',
    winner: winner as StageBSettled['winner'],
    deltas: deltas as number[],
    operator: request.operator,
    reason: request.reason,
  });
}

/**
 * What a core is stepped with for a logged source event: an entered button press reaches the cores exactly
 * as the table's `table.buttonPressed` (the log keeps the audited form); everything else as logged. The live
 * path and recovery both step through here, so a replay derives the same events.
 */
export function coreInputOf(event: SourceEvent): SourceEvent {
  if (event.type !== 'operator.buttonEntered') return event;
  return { type: 'table.buttonPressed', seat: event.seat, button: event.button };
}

const TRIGGER_TEXT: Readonly<Record<ChomboTriggerId, string>> = {
  wallRevealed: 'wall revealed',
  handRevealed: "another player's tile revealed",
  falseWinShown: 'false win shown',
  furitenRonShown: 'furiten ron shown',
  riichiNotTenpai: 'riichi while not tenpai',
  illegalKanAfterRiichi: 'illegal kan after riichi',
};

export const chomboTriggerText = (trigger: ChomboTriggerId): string => TRIGGER_TEXT[trigger];

/** The audited line of an override for the running log and the replay timeline: who, what, why. */
export function describeOverride(event: OperatorOverride): string {
  switch (event.type) {
    case 'operator.buttonEntered':
      return `operator ${event.operator} entered a missed ${event.button} press for ${seatText(event.seat)}: ${event.reason}`;
    case 'operator.chomboDeclared':
      return `operator ${event.operator} declared chombo on seat ${event.seat}: ${TRIGGER_TEXT[event.reason]}`;
    case 'operator.deadHandDeclared':
      return `operator ${event.operator} declared seat ${event.seat}'s hand dead: ${event.reason}`;
    case 'operator.stageBSettled': {
      const seat = (i: number): string => seatText(TENPAI_RACE_TABLE_SEATS[i] ?? (i as Seat));
      const moved = event.deltas.map((d, i) => `${seat(i)} ${d > 0 ? `+${d}` : d}`).join(', ');
      return `operator ${event.operator} settled Stage B: ${event.winner === null ? 'no winner' : `${seat(event.winner)} won`}; ${moved}: ${event.reason}`;
    }
  }
}
