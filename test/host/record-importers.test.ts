// Game-record importers through the family seam (issue 14): found by format name or by the session an import stored,
// and refused by name when no family imports the format.
import { describe, expect, it } from 'vitest';
import { recordFormats, recordImporter, sessionImporter } from '../../host/families/record-importers.js';
import { exportSessionFiles } from '../../host/reports/export.js';
import { ReplayCursor } from '../../host/replay/replay.js';
import { Host } from '../../host/session/host.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { getSession, type Session } from '../../host/storage/index.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('record-importers-');
const SAMPLE = '/work/shared/data/tenhou6/mjx-2010081709gm-00a9-0000-fe3371ad.json';

const session = (variant: string): Session => ({
  id: 7,
  variant,
  preset: 'tenhou',
  tableId: 'import:game.json',
  startedAtMs: 0,
  endedAtMs: 0,
});
const importedLog: LoggedEvent[] = [
  { seq: 1, atMs: 0, event: { type: 'record.gameImported', format: 'tenhou6', fileName: 'game.json', game: {} } },
];

describe('record importers (issue 14)', () => {
  it('finds an importer by its format name, and names the formats when there is none', () => {
    expect(recordFormats()).toEqual(['tenhou6']);
    expect(recordImporter('tenhou6')).toMatchObject({ ok: true, value: { format: 'tenhou6' } });
    expect(recordImporter('mjlog')).toEqual({
      ok: false,
      code: 'unknown_format',
      message: 'no family imports game records of format "mjlog" (formats: tenhou6)',
    });
  });

  it("finds a session's importer by its variant's family and the format its log names", () => {
    expect(sessionImporter(session('riichi'), importedLog)).toMatchObject({ ok: true, value: { format: 'tenhou6' } });
    expect(sessionImporter(session('riichi'), [])).toBeNull();
    expect(sessionImporter(session('minefield'), importedLog)).toEqual({
      ok: false,
      code: 'unknown_format',
      message: 'session 7 is an import of format "tenhou6" as minefield, and the minefield family imports no such format',
    });
    expect(sessionImporter(session('go'), importedLog)).toMatchObject({
      code: 'unknown_format',
      message: expect.stringMatching(/as go, and no family plays that variant$/),
    });
  });

  it('refuses to replay or export an import whose family does not import its format', async () => {
    const opened = Host.open({ dbPath: tempDb() });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const importer = recordImporter('tenhou6');
    if (!importer.ok) throw new Error(importer.message);
    const imported = importer.value.importFile(host.db, SAMPLE, 1_700_000_000_000);
    if (!imported.ok) throw new Error(imported.message);
    const id = imported.value.sessionId;
    expect(ReplayCursor.open(host.db, host.log, id).ok).toBe(true);
    host.db.prepare(`UPDATE sessions SET variant = 'minefield' WHERE id = ?`).run(id);
    expect(getSession(host.db, id)?.variant).toBe('minefield');
    expect(ReplayCursor.open(host.db, host.log, id)).toMatchObject({ ok: false, code: 'unknown_format' });
    expect(exportSessionFiles(host.db, host.log, id, 'csv')).toMatchObject({ ok: false, code: 'unknown_format' });
    await host.close();
  });
});
