// The game-record importers of every family (`GameFamily.importers`), found by format name (the CLI) or by the
// session an import stored (the replay viewer, the exports).
import { ok } from '../../rules/result.js';
import { hostFail, type HostResult } from '../errors.js';
import type { LoggedEvent } from '../session/log-events.js';
import type { Session } from '../storage/index.js';
import type { RecordImporter } from './record-importer.js';
import { FAMILIES, familyOfVariant } from './registry.js';

/** Every format a family imports, in the families' order. */
export const recordFormats = (): string[] =>
  FAMILIES.flatMap((family) => (family.importers ?? []).map((importer) => importer.format));

/** The importer of `format` (`tenhou6`). */
export function recordImporter(format: string): HostResult<RecordImporter> {
  const importer = FAMILIES.flatMap((family) => family.importers ?? []).find((i) => i.format === format);
  if (importer !== undefined) return ok(importer);
  const known = recordFormats();
  return hostFail(
    'unknown_format',
    `no family imports game records of format "${format}" (formats: ${known.length > 0 ? known.join(', ') : 'none'})`,
  );
}

/**
 * The importer that stored a session: its variant's family's importer of the format its first record names. Null
 * when the session is no import (its log does not open with `record.gameImported`).
 */
export function sessionImporter(session: Session, stored: readonly LoggedEvent[]): HostResult<RecordImporter> | null {
  const first = stored[0]?.event;
  if (first?.type !== 'record.gameImported') return null;
  const family = familyOfVariant(session.variant);
  const importer = family?.importers?.find((i) => i.format === first.format);
  if (importer !== undefined) return ok(importer);
  return hostFail(
    'unknown_format',
    `session ${session.id} is an import of format "${first.format}" as ${session.variant}, and ${family === undefined ? 'no family plays that variant' : `the ${family.id} family imports no such format`}`,
  );
}
