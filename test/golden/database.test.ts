// Behaviour lock (issue 14): a database written by real host sessions of an older version opens, reads, replays and exports as it did then.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';
import { isSourceEvent, type LogEvent } from '../../host/session/log-events.js';
import { validateLogEvent } from '../../host/families/log-vocabulary.js';
import {
  createEventLog,
  listSessions,
  openDatabase,
  openSessions,
  type OpenedDatabase,
} from '../../host/storage/index.js';
import { databaseArtifacts, rederived, storedLog } from './database-reads.js';
import { checkGolden, DATABASE_FIXTURE, differences, FIXTURES } from './golden-files.js';

const EXPECTED = path.join(FIXTURES, 'host-database.json.gz');

describe('the golden database of an older version (issue 14)', () => {
  let dir: string;
  /** A fresh copy of the fixture: opening may migrate it, and resuming writes to it. */
  const copy = (name: string): string => {
    const file = path.join(dir, name);
    writeFileSync(file, gunzipSync(readFileSync(DATABASE_FIXTURE)));
    return file;
  };
  let opened: OpenedDatabase;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'golden-database-'));
    const result = openDatabase({ path: copy('read.sqlite') });
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    opened = result.value;
  });
  afterAll(() => {
    opened?.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads its sessions, records, games, replays, exports and standings as the goldens', async () => {
    const log = createEventLog<LogEvent>(opened.db, validateLogEvent);
    expect(checkGolden(EXPECTED, await databaseArtifacts(opened.db, log)).join('\n')).toBe('');
  });

  it('replays every played session: its source events through fresh machines give its logged derived events, byte for byte', () => {
    const log = createEventLog<LogEvent>(opened.db, validateLogEvent);
    const played = listSessions(opened.db).filter((s) => !s.tableId.startsWith('import:'));
    expect(played.map((s) => s.variant)).toEqual(
      expect.arrayContaining(['minefield', 'riichi', 'sanma', 'mangan', 'clear', 'tenpai-race']),
    );
    for (const session of played) {
      const records = storedLog(log, session.id);
      const logged = records.filter((r) => !isSourceEvent(r.event)).map((r) => JSON.stringify(r.event));
      const name = `session ${session.id} (${session.variant}/${session.preset})`;
      expect(
        differences(name, { derived: logged.join('\n') }, { derived: rederived(records).join('\n') }).join(
          '\n',
        ),
      ).toBe('');
    }
  });

  it('resumes the session it left open, through the host', async () => {
    const dbPath = copy('resume.sqlite');
    const host = Host.open({ dbPath, pace: { thinkMs: 0, motorMs: 1 } });
    if (!host.ok) throw new Error(host.message);
    try {
      const open = openSessions(host.value.db).map((s) => s.id);
      expect(open).toHaveLength(1);
      // `log_diverged` here: the machines no longer derive what the old version logged.
      expect(await host.value.resumeOpenSession()).toEqual({ ok: true, value: open[0] });
    } finally {
      await host.value.close();
    }
  });
});
