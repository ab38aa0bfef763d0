// Issue 12: a session on a path that is not a serial device is refused with a clear error, before anything is logged.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, openHost, temporaryDatabases } from './host-harness.js';
import { listSessions } from '../../host/storage/index.js';
import { serialPortProblem } from '../../host/table-connection.js';

const tempDb = temporaryDatabases('table-port-');

describe('the table port (issue 12)', () => {
  it('refuses a plain file, a folder and a missing path, says what to do, and stores no session', async () => {
    const dbPath = tempDb();
    const text = path.join(path.dirname(dbPath), 'notes.txt');
    writeFileSync(text, 'not a table\n');
    const host = openHost(dbPath, { thinkMs: 0, motorMs: 1 });
    try {
      const start = (portPath: string) =>
        host.startSession({
          variant: 'minefield',
          target: { kind: 'serial', path: portPath },
          autopilot: false,
        });
      const file = await start(text);
      expect(codeOf(file)).toBe('not_a_serial_device');
      expect(file.ok ? '' : file.message).toMatch(
        /is not a serial device \(it is a plain file\): pick the table's port/,
      );
      expect(codeOf(await start(path.dirname(dbPath)))).toBe('not_a_serial_device');
      const missing = await start(path.join(path.dirname(dbPath), 'ttyUSB9'));
      expect(codeOf(missing)).toBe('no_such_port');
      expect(listSessions(host.db)).toEqual([]);
      expect(host.publicState().session).toBeNull();
    } finally {
      await host.close();
    }
  });

  it('lets a character device through (a pseudo-terminal or an adapter), and Windows port names to the driver', () => {
    expect(serialPortProblem('/dev/null')).toBeNull();
    expect(serialPortProblem('COM3', 'win32')).toBeNull();
  });
});
