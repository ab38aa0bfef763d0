// The riichi family's operator overrides (issue 7): the seat buttons each variant's core reads, a tournament chombo,
// a dead hand and Tenpai Race's Stage B result: their checks before they are logged, their audited lines, and how
// its machines refuse one. The host asks for them through the seam (VariantEntry.overrides).
import { isRiichiView, stageBAwaitingResult, type ChomboTriggerId } from '../../contract/ipc-contract.js';
import type { OverrideKind, VariantOverrides } from '../../host/families/family.js';
import { hostFail } from '../../host/errors.js';
import {
  handInPlay,
  seatInPlay,
  seatText,
  type ChomboDeclared,
  type ChomboRequest,
  type DeadHandDeclared,
  type DeadHandRequest,
  type StageBSettled,
  type StageBSettlementRequest,
} from '../../host/session/override-context.js';
import { presetOf } from '../../rules/options.js';
import { ok } from '../../rules/result.js';
import type { Seat, SeatButton } from '../../table/table-events.js';
import { actionRejectedSchema, operatorInputRejectedSchema } from './machines/events.js';

/**
 * The table seats of Tenpai Race's two players in machine order (its registry entry seats it here): the log keeps
 * Stage B's result in machine seats, the audited line names table seats.
 */
export const TENPAI_RACE_TABLE_SEATS: readonly Seat[] = [0, 2];

const RIICHI_BUTTONS: readonly SeatButton[] = ['riichi', 'chi', 'pon', 'kan', 'ron', 'tsumo', 'pass'];

/**
 * The seat buttons a riichi variant's core reads (core.ts): Sanma has no chii (variants.md V3.3); only Tenpai Race
 * reads `confirm`, which starts Stage B right after the player's own discard.
 */
function buttonsOf(variant: string): readonly SeatButton[] {
  if (variant === 'tenpai-race') return [...RIICHI_BUTTONS, 'confirm'];
  if (variant === 'sanma') return RIICHI_BUTTONS.filter((b) => b !== 'chi');
  return RIICHI_BUTTONS;
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

/**
 * A chombo (variants.md V6.2): only a preset with chombo payments (the tournament) settles one, at four seats.
 * The four that end the hand at once are settled at once; the two riichi triggers count only when the hand ends
 * in a draw (V6.2 item 1, [AMBIGUOUS T3]): the machine remembers them (`hand.chomboPending`), settles them at the
 * draw or lets them lapse (`hand.chomboLapsed`), and refuses one for a seat not in riichi.
 */
const CHOMBO: OverrideKind<ChomboRequest, ChomboDeclared> = {
  name: 'chombo',
  refusal: 'not_riichi_family',
  check: (context, request) => {
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
  },
  describe: (event) =>
    `operator ${event.operator} declared chombo on seat ${event.seat}: ${TRIGGER_TEXT[event.reason]}`,
  reason: (event) => TRIGGER_TEXT[event.reason],
};

/** A dead hand (variants.md V6.3): a seated player, a hand in play, not dead already. */
const DEAD_HAND: OverrideKind<DeadHandRequest, DeadHandDeclared> = {
  name: 'a dead hand',
  refusal: 'not_riichi_family',
  check: (context, request) => {
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
  },
  describe: (event) => `operator ${event.operator} declared seat ${event.seat}'s hand dead: ${event.reason}`,
  reason: (event) => event.reason,
};

/**
 * Tenpai Race's Stage B result (variants.md V2.1 item 6; scoring unsourced, V2.2 R4): refused before it is logged
 * when no Stage B waits for a result or the seats are not the two players. The points themselves (sum 0, nobody
 * below 0, the winner not paying) are the machine's to judge: its `override.rejected` reaches the operator with its
 * message (`machineRefusal` below). The log keeps the machine's input (riichi seats, deltas in riichi seat order)
 * and the operator's reason.
 */
const STAGE_B: OverrideKind<StageBSettlementRequest, StageBSettled> = {
  name: 'Stage B',
  refusal: 'not_tenpai_race',
  check: (context, request) => {
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
  },
  describe: (event) => {
    const seat = (i: number): string => seatText(TENPAI_RACE_TABLE_SEATS[i] ?? (i as Seat));
    const moved = event.deltas.map((d, i) => `${seat(i)} ${d > 0 ? `+${d}` : d}`).join(', ');
    return `operator ${event.operator} settled Stage B: ${event.winner === null ? 'no winner' : `${seat(event.winner)} won`}; ${moved}: ${event.reason}`;
  },
  reason: (event) => event.reason,
};

/** What a riichi variant's operator may enter: every variant takes chombo and dead hand, Tenpai Race its Stage B. */
export function riichiOverrides(variant: string): VariantOverrides {
  return {
    buttons: buttonsOf(variant),
    chombo: CHOMBO,
    deadHand: DEAD_HAND,
    ...(variant === 'tenpai-race' ? { stageB: STAGE_B } : {}),
    fromView: (view) =>
      isRiichiView(view)
        ? {
            deadSeats: view.seats.filter((s) => s.deadHand === true).map((s) => s.seat),
            stageBWaiting: stageBAwaitingResult(view),
          }
        : { deadSeats: [], stageBWaiting: false },
    machineRefusal: (event, after, tableSeats) => {
      // The machine's seat of the override: an entered press names a table seat, chombo and dead hand a riichi seat.
      const machineSeat =
        event.type === 'operator.buttonEntered'
          ? tableSeats.indexOf(event.seat)
          : event.type === 'operator.stageBSettled'
            ? -1
            : event.seat;
      for (const { event: record } of after) {
        // The operator's own inputs are refused as `override.rejected` (machines/tenpai-race.ts).
        const byOperator = operatorInputRejectedSchema.safeParse(record);
        if (byOperator.success) {
          if (byOperator.data.action === event.type) return byOperator.data.message;
          continue;
        }
        const bySeat = actionRejectedSchema.safeParse(record);
        if (
          bySeat.success &&
          bySeat.data.seat === machineSeat &&
          (event.type === 'operator.buttonEntered' || bySeat.data.action === event.type)
        )
          return bySeat.data.message;
      }
      return null;
    },
  };
}
