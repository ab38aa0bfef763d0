// Each record of a session log validated once, where it enters, by the schema of the family it is logged under (the
// events table's `family` column, or the writer's own): no guessing from its fields.
import type { FamilyLogEvent, LogEvent, LogFamily } from '../session/log-events.js';
import type { FamilyLog } from './family.js';
import { FAMILIES } from './registry.js';

/** The log vocabulary of a family id (undefined for a family this program does not know). */
export const familyLog = (family: string): FamilyLog | undefined => FAMILIES.find((f) => f.id === family)?.log;

type Outcome<E> =
  | { readonly success: true; readonly data: E }
  | { readonly success: false; readonly error: { readonly message: string } };

/**
 * Checks one record against the log schema of `family`. The shared events (table, link, host, operator, record)
 * validate in every family; a family this program does not know refuses every record. With a family known to the
 * compiler the record is typed by its vocabulary; with one read at run time (storage's `EventValidator`), as a
 * `LogEvent`.
 */
export function validateLogEvent<F extends LogFamily>(value: unknown, family: F): Outcome<FamilyLogEvent<F>>;
export function validateLogEvent(value: unknown, family: string): Outcome<LogEvent>;
export function validateLogEvent(value: unknown, family: string): Outcome<LogEvent> {
  const type = (value as { type?: unknown } | null)?.type;
  const log = familyLog(family);
  if (log === undefined)
    return { success: false, error: { message: `no log vocabulary for family "${family}" (${String(type)})` } };
  const parsed = log.schema.safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    error: { message: `not a ${family} session record (${String(type)}): ${parsed.error.message}` },
  };
}
