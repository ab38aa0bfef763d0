// Loading the desktop host: every way it can fail leaves a console that says why (host_unavailable), never a dead app.
import { describe, expect, it } from 'vitest';
import {
  DESKTOP_HOST_MODULE,
  loadDesktopHost,
  unavailableHost,
  type HostApi,
} from '../../contract/host-api.js';
import { INVOKE_CONTRACT, type HostChannel } from '../../contract/ipc-contract.js';

const options = { userDataDir: '/tmp/mahjong-user-data' };
const hostChannels = Object.entries(INVOKE_CONTRACT)
  .filter(([, spec]) => spec.owner === 'host')
  .map(([channel]) => channel as HostChannel);

async function expectUnavailable(host: HostApi, reason: RegExp): Promise<void> {
  expect(Object.keys(host.handlers).sort()).toEqual([...hostChannels].sort());
  for (const channel of hostChannels) {
    const reply = await (host.handlers[channel] as (payload: unknown) => Promise<unknown>)({});
    expect(reply, channel).toMatchObject({
      ok: false,
      code: 'host_unavailable',
      message: expect.stringMatching(reason),
    });
  }
}

describe('loadDesktopHost', () => {
  it('imports the host module named in the shell and starts it with the userData folder', async () => {
    const started: unknown[] = [];
    const real = unavailableHost('a stand-in the factory returns');
    const imported: string[] = [];
    const host = await loadDesktopHost(
      async (specifier) => {
        imported.push(specifier);
        return { createDesktopHost: async (o: unknown) => (started.push(o), real) };
      },
      options,
      () => {
        throw new Error('nothing to report');
      },
    );
    expect(imported).toEqual([DESKTOP_HOST_MODULE]);
    expect(started).toEqual([options]);
    expect(host).toBe(real);
  });

  it('reports and falls back when the module is missing, has no factory, or the host fails to start', async () => {
    const cases: [(specifier: string) => Promise<unknown>, RegExp][] = [
      [
        () => Promise.reject(new Error("Cannot find module '/app/dist/host/desktop.js'")),
        /could not be loaded: Cannot find module/,
      ],
      [async () => ({ createHost: () => null }), /does not export createDesktopHost/],
      [
        async () => ({ createDesktopHost: async () => Promise.reject(new Error('database is locked')) }),
        /did not start: database is locked/,
      ],
    ];
    for (const [importModule, reason] of cases) {
      const reports: string[] = [];
      const host = await loadDesktopHost(importModule, options, (m) => reports.push(m));
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatch(reason);
      await expectUnavailable(host, reason);
      expect(host.onPublicState(() => {})).toBeTypeOf('function');
      await expect(host.close()).resolves.toBeUndefined();
    }
  });
});
