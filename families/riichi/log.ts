// The riichi family's log vocabulary (the family seam's `FamilyLog`): the schema of its sessions' records, and their
// text, public form and timeline kind.
import type { FamilyLog } from '../../host/families/family.js';
import { familyLogSchema, type FamilyLogEvent, type LogEvent } from '../../host/session/log-events.js';
import { describeRiichiEvent, riichiTimelineKind } from './describe.js';
import { publicRiichiEvent, riichiEventSchema, type RiichiEvent } from './machines/events.js';

declare module '../../host/session/log-events.js' {
  interface FamilyVocabularies {
    readonly riichi: RiichiEvent;
  }
}

/** A record of a riichi-family session's log: the shared events and the family's own. */
export type RiichiLogEvent = FamilyLogEvent<'riichi'>;
/**
 * A record of a riichi-family session as the family's own: generic code hands the family only records that
 * `RIICHI_LOG.schema` passed where they entered the log (host/families/log-vocabulary.ts).
 */
export const riichiEvent = (event: LogEvent): RiichiLogEvent => event as RiichiLogEvent;

export const RIICHI_LOG: FamilyLog<RiichiEvent> = {
  schema: familyLogSchema(riichiEventSchema.options),
  describe: describeRiichiEvent,
  redact: (event) => publicRiichiEvent(event),
  timelineKind: riichiTimelineKind,
  refusals: new Set(['seat.actionRejected', 'override.rejected']),
};
