// Operator overrides (issue 7): a missed button press, a chombo, a dead hand, a Stage B result — checked against the
// session, audited in the log, fed to the cores. A missed press is every variant's; the others are the overrides a
// variant takes (VariantEntry.overrides, in its family's folder), refused for a variant that takes none.
import { ok } from '../../rules/result.js';
import type { SeatButton } from '../../table/table-events.js';
import { hostFail, type HostError, type HostResult } from '../errors.js';
import type { VariantOverrides } from '../families/family.js';
import { FAMILIES, variantEntry } from '../families/registry.js';
import type { SourceEvent } from './log-events.js';
import {
  handInPlay,
  seatInPlay,
  seatText,
  type ButtonEntered,
  type ButtonRequest,
  type ChomboDeclared,
  type ChomboRequest,
  type DeadHandDeclared,
  type DeadHandRequest,
  type OperatorOverride,
  type OverrideContext,
  type StageBSettled,
  type StageBSettlementRequest,
} from './override-context.js';

export type {
  ButtonEntered,
  ChomboDeclared,
  DeadHandDeclared,
  OperatorOverride,
  OverrideContext,
  StageBSettled,
  StageBSettlementRequest,
} from './override-context.js';

/** The seat buttons a variant's core acts on (none for a variant this host does not know). */
export const buttonsInPlay = (variant: string): readonly SeatButton[] =>
  variantEntry(variant)?.overrides.buttons ?? [];

/** A press the table did not sense: the seat and button must be in play, and a hand dealt. */
export function checkButtonEntry(
  context: OverrideContext,
  request: ButtonRequest,
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

type OverrideKindId = 'chombo' | 'deadHand' | 'stageB';

/** The variants that take an override kind, in the registry's order. */
const takersOf = (kind: OverrideKindId) =>
  FAMILIES.flatMap((family) => family.variants).filter((variant) => variant.overrides[kind] !== undefined);

/**
 * The refusal of an override kind for a variant that takes none: the takers' code, and who takes it — a whole
 * family ("chombo is a riichi-family rule") or some of its variants ("Stage B belongs to Tenpai Race").
 */
function notTaken(kind: OverrideKindId, context: OverrideContext): HostError {
  const takers = takersOf(kind);
  const declared = takers[0]?.overrides[kind];
  const families = FAMILIES.filter((family) => family.variants.every((v) => takers.includes(v)));
  const whose =
    families.length > 0 && families.reduce((n, family) => n + family.variants.length, 0) === takers.length
      ? `is a ${families.map((family) => family.id).join(' or ')}-family rule`
      : `belongs to ${takers.map((variant) => variant.name).join(' or ')}`;
  return hostFail(
    declared?.refusal ?? 'override_refused',
    `${declared?.name ?? kind} ${whose}; session ${context.sessionId} plays ${context.variant}`,
  );
}

/** The session's variant's own part for an override kind, if it takes it. */
const ownOf = <K extends OverrideKindId>(kind: K, context: OverrideContext): VariantOverrides[K] =>
  variantEntry(context.variant)?.overrides[kind];

/** A chombo (variants.md V6.2), checked by the variant's family (families/riichi/overrides.ts). */
export function checkChombo(context: OverrideContext, request: ChomboRequest): HostResult<ChomboDeclared> {
  const own = ownOf('chombo', context);
  return own === undefined ? notTaken('chombo', context) : own.check(context, request);
}

/** A dead hand (variants.md V6.3), checked by the variant's family. */
export function checkDeadHand(
  context: OverrideContext,
  request: DeadHandRequest,
): HostResult<DeadHandDeclared> {
  const own = ownOf('deadHand', context);
  return own === undefined ? notTaken('deadHand', context) : own.check(context, request);
}

/** Tenpai Race's Stage B result (variants.md V2.1 item 6), checked by the variant that takes it. */
export function checkStageBSettlement(
  context: OverrideContext,
  request: StageBSettlementRequest,
): HostResult<StageBSettled> {
  const own = ownOf('stageB', context);
  return own === undefined ? notTaken('stageB', context) : own.check(context, request);
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

/** Why a chombo or a dead hand was entered, in words, as the kind's takers say it (the replay's step line). */
export function overrideReason(event: ChomboDeclared | DeadHandDeclared): string {
  return event.type === 'operator.chomboDeclared'
    ? (takersOf('chombo')[0]?.overrides.chombo?.reason(event) ?? event.reason)
    : (takersOf('deadHand')[0]?.overrides.deadHand?.reason(event) ?? event.reason);
}

/** The audited line of an override for the running log and the replay timeline: who, what, why. */
export function describeOverride(event: OperatorOverride): string {
  const generic = `operator ${event.operator} entered ${event.type}`;
  switch (event.type) {
    case 'operator.buttonEntered':
      return `operator ${event.operator} entered a missed ${event.button} press for ${seatText(event.seat)}: ${event.reason}`;
    // The logged event names no variant: any taker's text is the kind's.
    case 'operator.chomboDeclared':
      return takersOf('chombo')[0]?.overrides.chombo?.describe(event) ?? generic;
    case 'operator.deadHandDeclared':
      return takersOf('deadHand')[0]?.overrides.deadHand?.describe(event) ?? generic;
    case 'operator.stageBSettled':
      return takersOf('stageB')[0]?.overrides.stageB?.describe(event) ?? generic;
  }
}
