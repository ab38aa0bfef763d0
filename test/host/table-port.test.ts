// Issue 12: a session on a path that is not a serial device is refused with a clear error, before anything is logged.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, openHost, temporaryDatabases } from './host-harness.js';
import { listSessions } from '../../host/storage/index.js';
import { serialPortProblem } from '../../host/session/table-connection.js';
import { listSerialPorts } from '../../host/session/serial-ports.js';

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

describe('listing the ports without udev (issue 12)', () => {
  const udevMissing = () => Promise.reject(new Error('spawn udevadm ENOENT'));

  it("on Linux reads the kernel's lists: by-id names with maker and serial number, then the other adapters; no error", async () => {
    const root = path.dirname(tempDb());
    mkdirSync(path.join(root, 'dev/serial/by-id'), { recursive: true });
    symlinkSync('../../ttyUSB0', path.join(root, 'dev/serial/by-id/usb-Table_Co_Shuffler_A1B2C3-if00-port0'));
    for (const tty of ['ttyUSB0', 'ttyACM1', 'ttyS0', 'tty0', 'ptmx'])
      mkdirSync(path.join(root, 'sys/class/tty', tty), { recursive: true });
    const listing = await listSerialPorts(udevMissing, 'linux', root);
    expect(listing).toEqual({
      ports: [
        {
          path: '/dev/ttyUSB0',
          manufacturer: 'Table Co Shuffler',
          vendorId: null,
          productId: null,
          serialNumber: 'A1B2C3',
        },
        { path: '/dev/ttyACM1', manufacturer: null, vendorId: null, productId: null, serialNumber: null },
      ],
      note: null,
    });
    // A machine with no adapter at all: an empty list, still no error.
    expect(await listSerialPorts(udevMissing, 'linux', path.join(root, 'nothing'))).toEqual({
      ports: [],
      note: null,
    });
  });

  it('elsewhere says plainly that listing is unavailable and what to do', async () => {
    const listing = await listSerialPorts(udevMissing, 'darwin');
    expect(listing.ports).toEqual([]);
    expect(listing.note).toMatch(/cannot list its serial ports .*type the table's port instead/);
  });
});
