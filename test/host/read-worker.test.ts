// The read worker (issue 12): the same answers as the host's own connection, and the reads kept on the host's thread when the worker cannot open the database.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHeavyReadHandlers } from '../../host/server/heavy-read-handlers.js';
import { ReadWorker } from '../../host/server/read-worker.js';
import { yieldToEventLoop } from '../../host/server/request-limits.js';
import { writeMinefieldSession } from './fixtures/write-session.js';
import { openHost, temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('read-worker-');

describe('the read worker (issue 12)', () => {
  it('answers every heavy read as the host connection does', async () => {
    const host = openHost(tempDb(), { thinkMs: 0, motorMs: 1 });
    try {
      const { sessionId } = writeMinefieldSession(host.db, 12, 5);
      const here = createHeavyReadHandlers(host.db, host.log, yieldToEventLoop);
      const there = host.heavyReads;
      const calls = [
        ['replay.listSessions', {}],
        ['replay.listHands', { sessionId }],
        ['replay.open', { sessionId, seq: 200 }],
        ['replay.events', { sessionId, fromSeq: 1, limit: 5000 }],
        ['replay.timeline', { sessionId, fromSeq: 1, toSeq: 400 }],
        ['standings.list', {}],
        ['standings.report', {}],
        ['export.session', { sessionId, format: 'mjai' }],
        ['export.session', { sessionId, format: 'csv' }],
        ['replay.events', { sessionId: 999, fromSeq: 1, limit: 10 }],
      ] as const;
      for (const [channel, payload] of calls) {
        const call = (handlers: typeof here) =>
          (handlers[channel] as (p: unknown) => Promise<unknown>)(payload);
        // JSON on both sides: the worker's replies cross as JSON text.
        expect(JSON.parse(JSON.stringify(await call(there))), channel).toEqual(
          JSON.parse(JSON.stringify(await call(here))),
        );
      }
      expect(await there['replay.events']({ sessionId: 999, fromSeq: 1, limit: 10 })).toMatchObject({
        ok: false,
        code: 'unknown_session',
      });
    } finally {
      await host.close();
    }
  });

  it('a worker that cannot open the database leaves the reads on the host thread, and says so once', async () => {
    const host = openHost(tempDb(), { thinkMs: 0, motorMs: 1 });
    const said: string[] = [];
    const reads = new ReadWorker(
      path.join(path.dirname(tempDb()), 'missing', 'none.sqlite'),
      { db: host.db, log: host.log },
      (line) => said.push(line),
    );
    try {
      const { sessionId } = writeMinefieldSession(host.db, 3, 5);
      const first = await reads.handlers['replay.listSessions']({});
      expect(first.ok ? first.value.sessions.map((s) => s.id) : first).toEqual([sessionId]);
      const events = await reads.handlers['replay.events']({ sessionId, fromSeq: 1, limit: 20 });
      expect(events.ok && events.value.events).toHaveLength(20);
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(
        /^the read thread (cannot open the database|did not start) \(.*\); heavy reads run on the host's thread$/,
      );
    } finally {
      await reads.close();
      await host.close();
    }
  });
});
