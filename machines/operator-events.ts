// The operator's audited entries that feed a family's machines (issue 7): the override kinds the family seam knows
// (host/families/family.ts `VariantOverrides`). They are shared log events (`operator.*`), logged as source events
// whatever the family; a family whose machines take one imports its schema from here.
import { z } from 'zod';
import { CHOMBO_TRIGGERS } from '../rules/variants/chombo-triggers.js';

/** A machine seat (0..players-1 from the first dealer's seat in turn order), as a family's machines count them. */
const machineSeatSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export { CHOMBO_TRIGGERS };
/** The operator enters a chombo the table cannot sense (V6.2): audited, settled by rules/variants/tournament.ts. */
export const operatorChomboDeclaredSchema = z.object({
  type: z.literal('operator.chomboDeclared'),
  seat: machineSeatSchema,
  reason: z.enum(CHOMBO_TRIGGERS),
  /** Who entered it (operator name or console id), for the audit trail. */
  operator: z.string().min(1),
});
/** The operator declares a seat's hand dead (V6.3): it may only draw and discard for the rest of the hand. */
export const operatorDeadHandDeclaredSchema = z.object({
  type: z.literal('operator.deadHandDeclared'),
  seat: machineSeatSchema,
  reason: z.string().min(1),
  operator: z.string().min(1),
});
/**
 * Tenpai Race Stage B with `tenpaiRaceStageB` off: the operator records how the players resolved Stage B by
 * the club's paper rules (the procedure and scoring are unsourced, V2.2 R1-R6). `winner` null: nobody won
 * (e.g. the wall ran out). `deltas` per seat; they must sum to 0 and leave nobody below 0.
 */
export const operatorStageBSettledSchema = z.object({
  type: z.literal('operator.stageBSettled'),
  winner: machineSeatSchema.nullable(),
  deltas: z.array(z.number().int()),
  operator: z.string().min(1),
});
