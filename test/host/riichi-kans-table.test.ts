// Kans and Sanma's north played through the table (issue 7): replacement draws from the dead wall and kan dora flips, in lock step, over the link with a cable cut mid-kan, and through a PTY.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runSimulate } from '../simulate-cli.js';
import { FrameReader } from '../../hardware/codec.js';
import { createMemoryPair } from '../../hardware/memory-transport.js';
import { decodeMessage } from '../../hardware/messages.js';
import { TransportEvents, type Transport, type TransportEvent } from '../../hardware/transport.js';
import { playRiichiAtTable } from '../../families/riichi/table-run.js';
import type { SourceEvent } from '../../host/session/log-events.js';
import { RiichiCore } from '../../families/riichi/core.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { TENHOU } from '../../rules/options.js';
import type { Tile } from '../../rules/tiles.js';
import { SANMA } from '../../rules/variants/sanma.js';
import { replay, runRiichiSession, type RunResult } from './riichi-table-harness.js';

type Logged = { readonly source: boolean; readonly event: SourceEvent | RiichiEvent };

const KAN_MELDS = new Set(['minkan', 'ankan', 'kakan']);

/** What a logged game shows about kans: how many, the replacement draws after them, and both views of the indicators. */
function kanFacts(log: readonly Logged[]) {
  let kans = 0;
  let norths = 0;
  let replacements = 0;
  /** The seat whose next draw must be a replacement (after its kan or north stood). */
  let owed: number | null = null;
  const tableIndicators: Tile[] = [];
  const handIndicators: Tile[] = [];
  for (const { source, event } of log) {
    if (source) {
      if (event.type === 'table.doraFlipped' && event.indicator !== null)
        tableIndicators.push(event.indicator);
      continue;
    }
    switch (event.type) {
      case 'seat.callMade':
        if (KAN_MELDS.has(event.meld.type)) {
          kans++;
          owed = event.seat;
        }
        break;
      case 'seat.northSetAside':
        norths++;
        owed = event.seat;
        break;
      case 'seat.drew':
        if (owed !== null && event.seat === owed) replacements++;
        owed = null;
        break;
      case 'hand.doraRevealed':
        handIndicators.push(event.indicator);
        break;
      case 'hand.started':
        owed = null;
        break;
      default:
    }
  }
  return { kans, norths, replacements, tableIndicators, handIndicators };
}

/** A lock-step run's log in order: each source event, then what it caused. */
const merged = (run: RunResult): Logged[] =>
  [
    ...run.sources.map((s) => ({ seq: s.seq, source: true, event: s.event as SourceEvent | RiichiEvent })),
    ...run.derived.map((d) => ({ seq: d.cause + 0.5, source: false, event: d.event })),
  ].sort((a, b) => a.seq - b.seq);

describe('kans and north through the table (issue 7)', () => {
  it('4-player, table and host in lock step: kans, their replacement draws and every kan dora flipped on the table', () => {
    const options = { mode: 'standard4', preset: 'tenhou', rules: TENHOU, seed: 3 } as const;
    const run = runRiichiSession(options);
    expect(run.problems).toEqual([]);
    expect(run.refusedActions).toBe(0);
    const facts = kanFacts(merged(run));
    expect(facts.kans).toBeGreaterThanOrEqual(2);
    // Every kan drew its replacement (or the hand ended on it: a robbed kan, a fourth-kan abort).
    expect(facts.replacements).toBeGreaterThanOrEqual(facts.kans - 1);
    // The machine revealed more indicators than hands (kan dora); the table turned the same tiles in the same order.
    const hands = run.derived.filter((d) => d.event.type === 'hand.started').length;
    expect(facts.handIndicators.length).toBeGreaterThan(hands);
    expect(facts.tableIndicators).toEqual(facts.handIndicators);
    // The log replays to the same derived events.
    expect(replay(options, run.sources).derived).toEqual(run.derived.map((d) => d.event));
  });

  it('Sanma in lock step: norths set aside, replacement draws, kan dora on the table from S5 on (variants.md V3.1.5, V3.2)', () => {
    const options = { mode: 'sanma3', preset: 'sanma', rules: SANMA, seed: 1 } as const;
    const run = runRiichiSession(options);
    expect(run.problems).toEqual([]);
    const facts = kanFacts(merged(run));
    expect(facts.norths).toBeGreaterThan(5);
    expect(facts.kans).toBeGreaterThanOrEqual(1);
    expect(facts.replacements).toBeGreaterThanOrEqual(facts.norths + facts.kans - 2);
    expect(facts.tableIndicators).toEqual(facts.handIndicators);
    expect(replay(options, run.sources).derived).toEqual(run.derived.map((d) => d.event));
  });

  it('the table reboots as a kan dora flip reaches it: the host reads the snapshot, asks again, and the table shows the same indicators', () => {
    const options = {
      mode: 'standard4',
      preset: 'tenhou',
      rules: TENHOU,
      seed: 3,
      rebootAtFirstKanFlip: true,
    } as const;
    const run = runRiichiSession(options);
    expect(run.problems).toEqual([]);
    const types = run.sources.map((s) => s.event.type);
    const rebooted = types.indexOf('link.rebooted');
    expect(rebooted).toBeGreaterThan(0);
    // The resync snapshot shows no kan dora (the flip was lost); the next flip the host asks for is the lost one.
    const state = run.sources.slice(rebooted).find((s) => s.event.type === 'table.state')!.event;
    expect(state.type === 'table.state' && state.snapshot.kanDora).toBeUndefined();
    const facts = kanFacts(merged(run));
    expect(facts.tableIndicators).toEqual(facts.handIndicators);
    expect(replay(options, run.sources).derived).toEqual(run.derived.map((d) => d.event));
  });

  it('a kan dora flip jams: the fault latches, the operator clears it, the host asks again and the hand goes on', () => {
    const options = {
      mode: 'standard4',
      preset: 'tenhou',
      rules: TENHOU,
      seed: 3,
      jamFirstKanFlip: true,
    } as const;
    const run = runRiichiSession(options);
    expect(run.problems).toEqual([]);
    const events = run.sources.map((s) => s.event);
    const jam = events.findIndex((e) => e.type === 'table.fault' && e.fault.stage === 'dora');
    expect(jam).toBeGreaterThan(0);
    const cleared = events.findIndex((e, i) => i > jam && e.type === 'table.faultCleared');
    expect(cleared).toBeGreaterThan(jam);
    expect(events.slice(cleared).some((e) => e.type === 'table.doraFlipped')).toBe(true);
    const facts = kanFacts(merged(run));
    expect(facts.tableIndicators).toEqual(facts.handIndicators);
    expect(run.derived.some((d) => d.event.type === 'game.ended')).toBe(true);
    expect(replay(options, run.sources).derived).toEqual(run.derived.map((d) => d.event));
  });

  it('a table before revision 1.2 refuses the kan dora flip: the host asks once per hand and the game goes on', () => {
    const options = { mode: 'standard4', preset: 'tenhou', rules: TENHOU, seed: 3, noKanDora: true } as const;
    const run = runRiichiSession(options);
    expect(run.problems).toEqual([]);
    const facts = kanFacts(merged(run));
    const hands = run.derived.filter((d) => d.event.type === 'hand.started').length;
    // The machine still reveals the kan dora; the table shows only each hand's first indicator.
    expect(facts.handIndicators.length).toBeGreaterThan(hands);
    expect(facts.tableIndicators).toHaveLength(hands);
    // One refusal in each hand with a kan dora, never a retry loop.
    const refusalsByHand = new Map<number, number>();
    let hand = 0;
    for (const { source, event } of merged(run)) {
      if (!source && event.type === 'hand.started') hand++;
      if (source && event.type === 'table.commandRejected')
        refusalsByHand.set(hand, (refusalsByHand.get(hand) ?? 0) + 1);
    }
    expect(refusalsByHand.size).toBeGreaterThan(0);
    expect([...refusalsByHand.values()].every((n) => n === 1)).toBe(true);
    expect(run.derived.some((d) => d.event.type === 'game.ended')).toBe(true);
  });

  /** One riichi game over an in-process cable cut once (CableCut), and the derived events its log replays to. */
  async function playWithCableCut(at: 'kanDora' | 'replacement') {
    const pair = createMemoryPair();
    const cable = new CableCut(pair.table, 2500, at);
    const started = Date.now();
    const run = await playRiichiAtTable({
      mode: 'standard4',
      preset: 'tenhou',
      rules: TENHOU,
      games: 1,
      seed: 1,
      hostTransport: pair.host,
      tableTransport: cable,
      timeoutMs: 50_000,
    });
    const seconds = (Date.now() - started) / 1000;
    const core = new RiichiCore({ startAtMs: run.startAtMs, mode: 'standard4', rules: TENHOU, stageTimeoutMs: 1000 });
    const replayed: RiichiEvent[] = [];
    for (const record of run.log)
      if (record.source) replayed.push(...core.step(record.seq, record.atMs, record.event as SourceEvent).derived);
    return { cable, run, seconds, replayed, logged: run.log.filter((r) => !r.source).map((r) => r.event) };
  }

  it('over the link: the cable comes out just after a kan dora is turned; the link resyncs (STATE with the kan dora) and the game ends the same on replay', async () => {
    const { cable, run, seconds, replayed, logged } = await playWithCableCut('kanDora');
    expect(cable.cuts).toBe(1);
    expect(run.games).toHaveLength(1);
    const sources = run.log.filter((r) => r.source).map((r) => r.event as SourceEvent);
    expect(sources.some((e) => e.type === 'link.lost')).toBe(true);
    const states = sources.filter((e) => e.type === 'table.state');
    expect(states.some((e) => e.type === 'table.state' && (e.snapshot.kanDora?.length ?? 0) > 0)).toBe(true);
    const facts = kanFacts(run.log);
    expect(facts.kans).toBeGreaterThanOrEqual(1);
    expect(facts.tableIndicators).toEqual(facts.handIndicators);
    expect(replayed).toEqual(logged);
    console.log(
      `kans over the link with a cable cut: ${run.log.length} records, ${facts.kans} kans in ${seconds.toFixed(1)} s`,
    );
  }, 60_000);

  it('over the link: the cable comes out as a replacement draw crosses it (issue 13); the draw arrives once, in order, and the game ends the same on replay', async () => {
    const { cable, run, replayed, logged } = await playWithCableCut('replacement');
    expect(cable.cuts).toBe(1);
    expect(run.games).toHaveLength(1);
    const sources = run.log.filter((r) => r.source).map((r) => r.event as SourceEvent);
    const first = sources.findIndex((e) => e.type === 'table.replacementDrawn');
    expect(first).toBeGreaterThan(0);
    // The draw was lost on the line with the cable: the link went down, came back, and the table resent it, once.
    const lost = sources.findIndex((e) => e.type === 'link.lost');
    expect(lost).toBeGreaterThan(0);
    expect(lost).toBeLessThan(first);
    expect(sources.slice(lost, first).some((e) => e.type === 'link.up')).toBe(true);
    const facts = kanFacts(run.log);
    const replacements = sources.filter((e) => e.type === 'table.replacementDrawn').length;
    expect(replacements).toBe(facts.replacements);
    expect(facts.replacements).toBeGreaterThanOrEqual(facts.kans - 1);
    expect(facts.tableIndicators).toEqual(facts.handIndicators);
    expect(replayed).toEqual(logged);
  }, 60_000);

  const socat = spawnSync('socat', ['-V']).status === 0;

  it.runIf(socat)(
    '`simulate --variant riichi --port`: bots kan through the PTY table, with the cable pulled every 2 s',
    () => {
      const { log, summary, seconds } = simulateThroughPty([
        '--variant',
        'riichi',
        '--preset',
        'tenhou',
        '--seed',
        '1',
        '--faults',
        'unplug-every=2s,unplug-for=1200ms',
      ]);
      expect(summary).toMatchObject({ games: 1, unfinished: 0 });
      expect(summary.calls.minkan + summary.calls.ankan + summary.calls.kakan).toBeGreaterThan(0);
      const facts = kanFacts(log);
      expect(facts.kans).toBe(summary.calls.minkan + summary.calls.ankan + summary.calls.kakan);
      expect(facts.replacements).toBeGreaterThanOrEqual(facts.kans - 1);
      expect(facts.tableIndicators).toEqual(facts.handIndicators);
      expect(log.some((r) => r.source && r.event.type === 'link.lost')).toBe(true);
      // Protocol 2 (issue 13): each replacement crossed the PTY as REPLACEMENT_DRAWN, reason kan, from the dead wall.
      const drawn = log.filter((r) => r.source && r.event.type === 'table.replacementDrawn').map((r) => r.event);
      expect(drawn).toHaveLength(facts.replacements);
      expect(drawn.every((e) => e.type === 'table.replacementDrawn' && e.reason === 'kan' && e.source === 'deadWall')).toBe(true);
      expect(summary.points[0]!.reduce((a, b) => a + b, 0)).toBe(100_000);
      console.log(`riichi kans through the PTY with unplugs: ${facts.kans} kans in ${seconds.toFixed(1)} s`);
    },
    60_000,
  );

  it.runIf(socat)(
    '`simulate --variant sanma --port`: norths set aside and replaced through the PTY table',
    () => {
      const { log, summary, seconds } = simulateThroughPty(['--variant', 'sanma', '--seed', '3']);
      expect(summary).toMatchObject({ games: 1, unfinished: 0 });
      const facts = kanFacts(log);
      expect(facts.norths).toBe(summary.calls.north);
      expect(facts.norths).toBeGreaterThan(5);
      // Protocol 2 (issue 13): each North's replacement crossed the PTY as REPLACEMENT_DRAWN, reason north.
      const norths = log.filter((r) => r.source && r.event.type === 'table.replacementDrawn' && r.event.reason === 'north');
      expect(norths.length).toBeGreaterThanOrEqual(facts.norths - 2);
      expect(facts.replacements).toBeGreaterThanOrEqual(facts.norths + facts.kans - 2);
      expect(facts.tableIndicators).toEqual(facts.handIndicators);
      expect(summary.points[0]!.reduce((a, b) => a + b, 0)).toBe(105_000);
      console.log(
        `sanma norths through the PTY: ${facts.norths} norths, ${facts.kans} kans in ${seconds.toFixed(1)} s`,
      );
    },
    60_000,
  );
});

interface PtySummary {
  readonly games: number;
  readonly unfinished: number;
  readonly points: number[][];
  readonly calls: { minkan: number; ankan: number; kakan: number; north: number };
}

/** `mahjong-table simulate ... --games 1 --port` (socat makes the PTY pair): its summary and JSONL log. */
const simulateThroughPty = (args: readonly string[]) =>
  runSimulate<PtySummary, Logged>([...args, '--games', '1'], { withPort: true, timeoutMs: 55_000 });

/**
 * The table end of the cable, pulled out once for `forMs` right after the table reports the first kan dora of a
 * game (the second DORA_FLIPPED of a hand), or (`at: 'replacement'`) its first replacement draw (issue 13): nothing
 * passes either way meanwhile, as with a real unplugged cable.
 */
class CableCut implements Transport {
  private readonly events = new TransportEvents();
  private readonly frames = new FrameReader();
  private flipsThisHand = 0;
  private cutUntil = 0;
  cuts = 0;

  constructor(
    private readonly inner: Transport,
    private readonly forMs: number,
    private readonly at: 'kanDora' | 'replacement' = 'kanDora',
  ) {
    inner.subscribe((event: TransportEvent) => {
      if (event.type === 'data' && this.isCut()) return;
      this.events.emit(event);
    });
  }

  get isOpen(): boolean {
    return this.inner.isOpen;
  }

  open(): Promise<void> {
    return this.inner.open();
  }

  write(bytes: Uint8Array): void {
    if (this.isCut()) return;
    if (this.at === 'replacement') return this.writeUntilReplacement(bytes);
    this.inner.write(bytes);
    for (const result of this.frames.push(bytes)) {
      if (result.kind !== 'frame') continue;
      const message = decodeMessage(result.packet.type, result.packet.payload);
      if (!message.ok || message.value.kind !== 'event') continue;
      const type = message.value.event.type;
      if (type === 'table.shuffled') this.flipsThisHand = 0;
      if (type !== 'table.doraFlipped') continue;
      this.flipsThisHand++;
      if (this.flipsThisHand === 2 && this.cuts === 0) {
        this.cuts++;
        this.cutUntil = Date.now() + this.forMs;
      }
    }
  }

  /** The cable comes out as the first replacement draw is written: that frame (and what follows) is lost on the line. */
  private writeUntilReplacement(bytes: Uint8Array): void {
    for (const result of this.frames.push(bytes)) {
      if (result.kind !== 'frame' || this.cuts > 0) continue;
      const message = decodeMessage(result.packet.type, result.packet.payload);
      if (message.ok && message.value.kind === 'event' && message.value.event.type === 'table.replacementDrawn') {
        this.cuts++;
        this.cutUntil = Date.now() + this.forMs;
        return;
      }
    }
    this.inner.write(bytes);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  private isCut(): boolean {
    return Date.now() < this.cutUntil;
  }
}
