// Issue 5/6: one commit per ingested event, and nothing leaves the host (table command, screen state) before it is committed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';

const dir = mkdtempSync(path.join(tmpdir(), 'durable-first-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the host logs before it acts (issue 5, the latency fix of issue 6)', () => {
  it('sends each table command and publishes each state only after the events behind it are committed', async () => {
    const file = path.join(dir, 'db.sqlite');
    const opened = Host.open({ dbPath: file, pace: { thinkMs: 5, motorMs: 2 }, maxGames: 1 });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    // A second connection sees only committed rows (WAL readers never see an open transaction).
    const reader = new Database(file, { readonly: true });
    const committed = reader.prepare('SELECT coalesce(max(seq), 0) FROM events WHERE session_id = ?').pluck();
    const problems: string[] = [];
    let published = 0;
    let sent = 0;
    host.onPublicState((state) => {
      if (state.session === null) return;
      published++;
      const seen = committed.get(state.session.id) as number;
      if (seen < state.eventSeq)
        problems.push(`state of event ${state.eventSeq} shown with ${seen} committed`);
    });
    const started = await host.startSession({
      variant: 'minefield',
      target: { kind: 'simulator', seed: 8 },
      seed: 8,
    });
    if (!started.ok) throw new Error(started.message);
    const link = host.connection!.link;
    const send = link.send.bind(link);
    link.send = (command) => {
      sent++;
      const seen = committed.get(started.value) as number;
      const logged = host.log.lastSeq(started.value);
      if (seen !== logged) problems.push(`${command.type} sent with ${seen} of ${logged} events committed`);
      return send(command);
    };
    await host.waitFor((s) => s.view !== null && s.view.handNumber >= 3, 60_000);
    await host.endSession();
    reader.close();
    await host.close();
    expect(problems.slice(0, 5)).toEqual([]);
    expect(sent).toBeGreaterThan(20);
    expect(published).toBeGreaterThan(30);
  }, 90_000);
});
