// Issue 5 operator commands: pause and resume, fault clearing guards, audited misread corrections in the log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';
import type { Tile } from '../../rules/tiles.js';

const dir = mkdtempSync(path.join(tmpdir(), 'host-operator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('operator commands (issue 5)', () => {
  it('pauses between hands, resumes, refuses stale fault clears, and logs a correction with its note', async () => {
    const opened = Host.open({ dbPath: path.join(dir, 'op.sqlite'), pace: { thinkMs: 2, motorMs: 1 } });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const started = await host.startSession({
      variant: 'minefield',
      target: { kind: 'simulator', seed: 4 },
      seed: 4,
      autopilot: false,
    });
    if (!started.ok) throw new Error(started.message);
    await host.waitFor(
      (s) =>
        s.view?.variant === 'minefield' &&
        s.view.phase === 'awaitingDiscard' &&
        s.view.discards[0].length + s.view.discards[1].length >= 3,
      30_000,
    );

    // A correction names a sensed discard of the hand in play; a wrong tile count or an unknown event is refused.
    const read = host.log.read(started.value);
    if (!read.ok) throw new Error(read.message);
    const discard = read.value.filter((r) => r.event.type === 'table.tileDiscarded').at(-1)!;
    expect(host.correctMisread(1, [0 as Tile], 'nothing sensed there').ok).toBe(false);
    const tooMany = host.correctMisread(discard.seq, [0 as Tile, 1 as Tile], 'two tiles');
    expect(tooMany.ok ? null : tooMany.code).toBe('bad_correction');
    const corrected = host.correctMisread(
      discard.seq,
      [(discard.event as { tile: Tile }).tile],
      'sensor 3 read it twice; checked by hand',
    );
    if (!corrected.ok) throw new Error(corrected.message);
    const after = host.log.read(started.value, corrected.value, 1);
    expect(after.ok && after.value[0]!.event).toEqual({
      type: 'operator.correction',
      eventSeq: discard.seq,
      tiles: [(discard.event as { tile: number }).tile],
      note: 'sensor 3 read it twice; checked by hand',
    });

    expect(host.clearFault('jam').ok ? null : (host.clearFault('jam') as { code: string }).code).toBe(
      'no_fault',
    );

    const paused = host.pause();
    expect(paused.ok).toBe(true);
    expect(host.pause().ok).toBe(false);
    const handAtPause = (host.publicState().view as { handNumber: number }).handNumber;
    // The hand in play finishes; the machine opens the next one, but the table is not asked to prepare it.
    await host.waitFor((s) => (s.view as { handNumber: number }).handNumber > handAtPause, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(host.publicState().view?.phase).toBe('walling');
    expect(host.publicState().session?.status).toBe('paused');
    expect(host.resume().ok).toBe(true);
    await host.waitFor((s) => s.view?.phase === 'awaitingDiscard', 30_000);
    const ended = await host.endSession();
    expect(ended.ok).toBe(true);
    expect(host.publicState().session?.status).toBe('ended');
    await host.close();
  }, 90_000);
});
