// Issue 12: a port that passes the serial-device check but fails to open, vanishes, or has no table on it: the console says what failed and what to do, and the host keeps trying.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SerialTransport } from '../../hardware/serial-transport.js';
import { TableFirmware } from '../../hardware/simulator/firmware.js';
import type { PublicState } from '../../contract/ipc-contract.js';
import { PtyPair, sleep } from '../hardware/harness.js';
import { logOf, openHost, temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('table-unreachable-');
const hasSocat = spawnSync('socat', ['-V']).status === 0;

const unreachableOf = (state: PublicState) => state.table.unreachable ?? null;

describe('a table port that does not bring the link up (issue 12)', () => {
  it('a character device that errors on open (/dev/null): the console shows why, once, and the session waits', async () => {
    const host = openHost(tempDb(), { thinkMs: 0, motorMs: 1 });
    try {
      const started = await host.startSession({
        variant: 'minefield',
        target: { kind: 'serial', path: '/dev/null' },
        autopilot: false,
      });
      expect(started.ok).toBe(true);
      const state = await host.waitFor((s) => unreachableOf(s) !== null, 10_000);
      const unreachable = unreachableOf(state)!;
      expect(unreachable.code).toBe('cannot_open');
      expect(unreachable.port).toBe('/dev/null');
      expect(unreachable.message).toMatch(
        /^\/dev\/null cannot be opened \(Inappropriate ioctl for device.*\): check that the table is switched on .* The host keeps trying\.$/,
      );
      expect(state.table.link?.state).toBe('connecting');
      expect(state.log.some((l) => l.type === 'link.unreachable' && l.text.startsWith('link not up: /dev/null'))).toBe(true);
      // The transport keeps trying (backoff); the same failure is said once, not at every try.
      await sleep(1500);
      const said = logOf(host, started.ok ? started.value : 0).filter((r) => r.event.type === 'link.unreachable');
      expect(said).toHaveLength(1);
      expect((await host.endSession()).ok).toBe(true);
    } finally {
      await host.close();
    }
  });

  it.runIf(hasSocat)(
    'a PTY with no table: "no table answered on PATH", then the PTY removed under the host, then a table plugged in: up',
    async () => {
      const pty = new PtyPair();
      await pty.start();
      const host = openHost(tempDb(), { thinkMs: 0, motorMs: 1 });
      let firmware: TableFirmware | null = null;
      try {
        const started = await host.startSession({
          variant: 'minefield',
          target: { kind: 'serial', path: pty.b },
          autopilot: false,
        });
        expect(started.ok).toBe(true);
        // Nothing on the other end: the HELLOs go unanswered for the link's bound (5 s).
        const silent = await host.waitFor((s) => unreachableOf(s)?.code === 'no_answer', 20_000);
        expect(unreachableOf(silent)!.message).toBe(
          `no table answered on ${pty.b} for 5 s: is it the table's port, and is the table switched on? The host keeps trying.`,
        );
        // The PTY goes away under the host (the adapter unplugged): the port cannot be opened again.
        await pty.kill();
        const gone = await host.waitFor((s) => unreachableOf(s)?.code === 'cannot_open', 20_000);
        expect(unreachableOf(gone)!.port).toBe(pty.b);
        expect(unreachableOf(gone)!.message).toMatch(
          new RegExp(`^${pty.b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be opened \\(.*no such file or directory.*\\)`, 'i'),
        );
        // It comes back with a table on it: the host was still trying; the link comes up and the message goes.
        await pty.start();
        firmware = new TableFirmware(new SerialTransport({ path: pty.a }), { seed: 3, motorMs: 5, idleReportMs: 0 });
        await firmware.start();
        const up = await host.waitFor((s) => s.table.link?.state === 'up', 30_000);
        expect(unreachableOf(up)).toBeNull();
        await host.waitFor((s) => s.table.phase === 'modeSet', 20_000);
        const reasons = logOf(host, started.ok ? started.value : 0)
          .filter((r) => r.event.type === 'link.unreachable')
          .map((r) => (r.event.type === 'link.unreachable' ? r.event.reason : null));
        expect(reasons).toEqual(['noAnswer', 'cannotOpen']);
        expect((await host.endSession()).ok).toBe(true);
      } finally {
        await host.close();
        await firmware?.stop();
        await pty.dispose();
      }
    },
    90_000,
  );
});
