// Issue 12: a correction says what the game did with it; only reads the game can still take are offered.
import { describe, expect, it } from 'vitest';
import { SANMA } from '../../rules/variants/sanma.js';
import { tileKind, type Tile } from '../../rules/tiles.js';
import type { SourceEvent } from '../../host/session/log-events.js';
import { replay, runRiichiSession, type RunOptions } from './riichi-table-harness.js';
import { codeOf, logOf, openHost, temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('correction-outcome-');

describe('corrections and their true outcome (issue 12)', () => {
  it('offers an unread discard; a tile the seat does not hold is refused and the read stays open; the right one closes it', () => {
    const options: RunOptions = {
      mode: 'sanma3',
      preset: 'sanma',
      rules: SANMA,
      seed: 6,
      blind: { discards: true },
    };
    const run = runRiichiSession(options);
    const at = run.sources.findIndex((s) => s.event.type === 'table.tileDiscarded' && s.event.tile === null);
    const unread = run.sources[at]!;
    const entered = run.sources[at + 1]!.event as Extract<SourceEvent, { type: 'operator.correction' }>;
    expect(entered.type).toBe('operator.correction');
    const { core } = replay(options, run.sources.slice(0, at + 1));
    const seat = (unread.event as { seat: 0 | 1 | 2 }).seat;
    expect(core.correctableReads()).toEqual([{ seq: unread.seq, kind: 'discard', seat, tiles: [null] }]);

    // A tile the discarder does not hold: the check cannot know, the game refuses it, the read stays open.
    const held = new Set(core.gameSnapshot()!.context.hand.concealed[seat]!.map((t) => tileKind(t)));
    const wrong = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33].find((k) => !held.has(k))! as Tile;
    expect(core.checkCorrection(unread.seq, [wrong]).ok).toBe(true);
    const next = run.sources.at(-1)!.seq + 1;
    const refused = core.step(next, unread.atMs + 1, { ...entered, tiles: [wrong] }).derived;
    expect(refused.map((e) => e.type)).toContain('seat.actionRejected');
    expect(core.correctableReads().map((r) => r.seq)).toEqual([unread.seq]);

    // The tile really there: the game takes it, and the read is no longer offered.
    const taken = core.step(next + 1, unread.atMs + 2, entered).derived;
    expect(taken.map((e) => e.type)).toContain('seat.discarded');
    expect(taken.map((e) => e.type)).not.toContain('seat.actionRejected');
    expect(core.correctableReads()).toEqual([]);
    // Played now: another tile is refused before it is logged; the same tile confirms it.
    expect(codeOf(core.checkCorrection(unread.seq, [wrong]))).toBe('read_already_played');
    expect(core.checkCorrection(unread.seq, entered.tiles).ok).toBe(true);
  });

  it('on the live host, a discard the game played cannot be changed: refused before it is logged, and not offered', async () => {
    const host = openHost(tempDb(), { thinkMs: 150, motorMs: 1 });
    try {
      const started = await host.startSession({
        variant: 'riichi',
        preset: 'club',
        target: { kind: 'simulator', seed: 8 },
        seed: 8,
      });
      if (!started.ok) throw new Error(started.message);
      let outcome: string | null = 'not_correctable';
      // The discard must still belong to the hand in play when the correction arrives: take the latest one.
      for (let attempt = 0; attempt < 5 && outcome === 'not_correctable'; attempt++) {
        await host.waitFor((s) => s.eventSeq > 120 + attempt * 40, 60_000);
        const discard = logOf(host, started.value)
          .filter((r) => r.event.type === 'table.tileDiscarded')
          .at(-1)!;
        const tile = (discard.event as { tile: Tile }).tile;
        const before = host.log.lastSeq(started.value);
        const other = ((tileKind(tile) + 1) % 27) as Tile;
        outcome = codeOf(host.correctMisread(discard.seq, [other], 'sensor read 4p, it was 5m'));
        if (outcome === 'read_already_played') {
          const logged = logOf(host, started.value)
            .slice(before)
            .map((r) => r.event.type);
          expect(logged).not.toContain('operator.correction');
          expect(host.correctableReads().map((r) => r.seq)).not.toContain(discard.seq);
          // Confirming what the game took is fine: logged, nothing fed again.
          const confirmed = host.correctMisread(discard.seq, [tile], 'checked by hand: it was right');
          if (codeOf(confirmed) === 'not_correctable') outcome = 'not_correctable';
          else expect(confirmed.ok).toBe(true);
        }
      }
      expect(outcome).toBe('read_already_played');
    } finally {
      await host.close();
    }
  }, 120_000);
});
