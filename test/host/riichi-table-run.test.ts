// Riichi-family bot games through the link: simulated firmware and seat drivers ↔ Link ↔ RiichiCore; the log replays exactly.
import { describe, expect, it } from 'vitest';
import { createMemoryPair } from '../../hardware/memory-transport.js';
import { playRiichiAtTable, type RiichiTableRunOptions } from '../../families/riichi/table-run.js';
import { RiichiCore } from '../../families/riichi/core.js';
import type { SourceEvent } from '../../host/session/log-events.js';
import { TENHOU } from '../../rules/options.js';
import { SANMA } from '../../rules/variants/sanma.js';

async function playAndReplay(options: Omit<RiichiTableRunOptions, 'hostTransport' | 'tableTransport'>) {
  const pair = createMemoryPair();
  const started = Date.now();
  const run = await playRiichiAtTable({
    ...options,
    hostTransport: pair.host,
    tableTransport: pair.table,
    timeoutMs: 120_000,
  });
  const seconds = (Date.now() - started) / 1000;
  const core = new RiichiCore({
    startAtMs: run.startAtMs,
    mode: options.mode,
    rules: options.rules,
    stageTimeoutMs: 1000,
  });
  const replayed: unknown[] = [];
  for (const record of run.log)
    if (record.source)
      replayed.push(...core.step(record.seq, record.atMs, record.event as SourceEvent).derived);
  const logged = run.log.filter((r) => !r.source).map((r) => r.event);
  return { run, replayed, logged, seconds };
}

describe('riichi family through the link (issue 7)', () => {
  it('plays a whole 4-player game over the link; the derived events replay exactly from the logged source events', async () => {
    const { run, replayed, logged, seconds } = await playAndReplay({
      mode: 'standard4',
      preset: 'tenhou',
      rules: TENHOU,
      games: 1,
      seed: 21,
    });
    expect(run.games).toHaveLength(1);
    expect(replayed).toEqual(logged);
    // tenhou hands the sticks left over to the first place (leftoverDeposits 'first'): the points sum to the start.
    expect(run.games[0]!.points.reduce((a, b) => a + b, 0)).toBe(100_000);
    console.log(
      `riichi over the link: ${run.log.length} records, ${run.games[0]!.handsPlayed} hands in ${seconds.toFixed(1)} s`,
    );
  }, 150_000);

  it('plays a whole sanma game over the link; the log replays exactly', async () => {
    const { run, replayed, logged, seconds } = await playAndReplay({
      mode: 'sanma3',
      preset: 'sanma',
      rules: SANMA,
      games: 1,
      seed: 22,
    });
    expect(run.games).toHaveLength(1);
    expect(run.games[0]!.ranking).toHaveLength(3);
    expect(replayed).toEqual(logged);
    console.log(
      `sanma over the link: ${run.log.length} records, ${run.games[0]!.handsPlayed} hands in ${seconds.toFixed(1)} s`,
    );
  }, 150_000);
});
