// Rare riichi hands played whole through a PTY table (issue 13): a stacked first hand (TableModel.stacked) sets up a rinshan win, a robbed kan and the four-kan abort, and the production host side (RiichiCore over the Link) plays each against the simulated firmware and its seat bots; each log replays to byte-identical derived events.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SerialTransport } from '../../hardware/serial-transport.js';
import type { StackedWall } from '../../hardware/simulator/table-model.js';
import { playRiichiAtTable, type RiichiTableRun } from '../../families/riichi/table-run.js';
import type { SourceEvent } from '../../host/session/log-events.js';
import { RiichiCore } from '../../families/riichi/core.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { TENHOU } from '../../rules/options.js';
import { formatTile, tilesOf, type Tile } from '../../rules/tiles.js';
import { PtyPair } from '../hardware/harness.js';
import { runCli, runSimulate } from '../simulate-cli.js';

const socat = spawnSync('socat', ['-V']).status === 0;
const pairs: PtyPair[] = [];
afterEach(async () => {
  for (const pair of pairs.splice(0)) await pair.dispose();
});

/**
 * The live wall that deals `hands` (by seat from the dealer, 13 each) as a riichi table deals (riichi.md 3.3:
 * four tiles at a time three times round, then one each, the dealer's first draw next), then gives `draws`.
 */
function dealtWall(hands: readonly (readonly Tile[])[], draws: readonly Tile[] = []): (Tile | null)[] {
  const live: (Tile | null)[] = new Array<Tile | null>(52).fill(null);
  hands.forEach((hand, seat) =>
    hand.forEach((tile, k) => {
      live[k < 12 ? 16 * Math.floor(k / 4) + 4 * seat + (k % 4) : 48 + seat] = tile;
    }),
  );
  return [...live, ...draws];
}

/** One hand of four bots at a simulated table on one end of a socat PTY pair, the host on the other. */
async function playStacked(stackedWall: StackedWall): Promise<RiichiTableRun> {
  const pty = new PtyPair();
  pairs.push(pty);
  await pty.start();
  return playRiichiAtTable({
    mode: 'standard4',
    preset: 'tenhou',
    rules: TENHOU,
    games: 1,
    handsPerGame: 1,
    seed: 3,
    stackedWall,
    hostTransport: new SerialTransport({ path: pty.b, reconnectMinMs: 50, reconnectMaxMs: 400 }),
    tableTransport: new SerialTransport({ path: pty.a, reconnectMinMs: 50, reconnectMaxMs: 400 }),
    timeoutMs: 50_000,
  });
}

/** The derived events a fresh core gives for the run's source events, and those the run logged, as JSON text. */
function replayed(run: RiichiTableRun): { replayed: string; logged: string } {
  const core = new RiichiCore(run.core);
  const derived: RiichiEvent[] = [];
  for (const record of run.log)
    if (record.source)
      derived.push(...core.step(record.seq, record.atMs, record.event as SourceEvent).derived);
  return {
    replayed: derived.map((e) => JSON.stringify(e)).join('\n'),
    logged: run.log
      .filter((r) => !r.source)
      .map((r) => JSON.stringify(r.event))
      .join('\n'),
  };
}

const derivedOf = (run: RiichiTableRun): RiichiEvent[] =>
  run.log.filter((r) => !r.source).map((r) => r.event as RiichiEvent);

describe.runIf(socat)('rare riichi hands through the PTY table (issue 13)', () => {
  it('rinshan kaihou: the dealer kans four 1m, the replacement tile from the dead wall completes the hand', async () => {
    // The dealer's 13 and first draw: 1111m 234p 567p 789s + 5s, tenpai on 5s after the kan; the replacement is 5s.
    const run = await playStacked({
      dice: [3, 4],
      live: dealtWall([tilesOf('1111m234p567p789s')], tilesOf('5s')),
      replacements: tilesOf('5s'),
    });
    const derived = derivedOf(run);
    const kan = derived.find((e) => e.type === 'seat.callMade' && e.meld.type === 'ankan');
    expect(kan, 'a closed kan').toBeDefined();
    const sources = run.log.filter((r) => r.source).map((r) => r.event as SourceEvent);
    expect(sources.some((e) => e.type === 'table.replacementDrawn' && e.reason === 'kan')).toBe(true);
    const won = derived.find((e) => e.type === 'hand.won');
    expect(won?.type).toBe('hand.won');
    if (won?.type !== 'hand.won') return;
    expect(won.wins).toHaveLength(1);
    expect(won.wins[0]!.from).toBeNull();
    expect(won.wins[0]!.yaku.map((y) => y.name)).toContain('rinshan kaihou');
    const { replayed: again, logged } = replayed(run);
    expect(again).toBe(logged);
  }, 60_000);

  it('chankan: the dealer adds the fourth 4p to his pon, and the seat waiting on 4p-7p robs it', async () => {
    // Hands by deal order. The seat after the dealer discards 4p into a double riichi (shanpon 1s/9s); the dealer
    // pons it into a 3m wait, all simples. The seat before the dealer draws into a 4p-7p wait; the dealer draws the
    // last 4p and adds it to his pon: that seat robs the kan.
    const run = await playStacked({
      dice: [3, 4],
      live: dealtWall(
        [
          tilesOf('44p234s678s567m3m9p'),
          tilesOf('123m456m789m11s9s4p'),
          tilesOf('159m123p257s2346z'),
          tilesOf('234m678m234s56p8p1z'),
        ],
        // The dealer's first draw, seat 1's two draws, seat 2's, seat 3's, the dealer's 4p.
        tilesOf('1z9s7z7z8p4p'),
      ),
    });
    const derived = derivedOf(run);
    const started = derived.find((e) => e.type === 'hand.started');
    const dealer = started?.type === 'hand.started' ? started.dealer : -1;
    const pon = derived.find((e) => e.type === 'seat.callMade' && e.meld.type === 'pon');
    expect(pon).toMatchObject({ seat: dealer, meld: { calledTile: tilesOf('4p')[0] } });
    expect(derived.find((e) => e.type === 'seat.addedKanDeclared')).toMatchObject({
      seat: dealer,
      tile: tilesOf('4p')[0],
    });
    const won = derived.find((e) => e.type === 'hand.won');
    if (won?.type !== 'hand.won') throw new Error(`no win: ${derived.map((e) => e.type).join(', ')}`);
    expect(won.wins).toHaveLength(1);
    expect(won.wins[0]!.yaku.map((y) => y.name)).toContain('chankan');
    expect(won.wins[0]).toMatchObject({ seat: (dealer + 3) % 4, from: dealer, tile: tilesOf('4p')[0] });
    // Robbed: the added kan never formed, so no replacement was drawn.
    expect(derived.some((e) => e.type === 'seat.callMade' && e.meld.type === 'kakan')).toBe(false);
    const { replayed: again, logged } = replayed(run);
    expect(again).toBe(logged);
  }, 60_000);

  it('four kans by two players: the hand is drawn after the fourth kanner discards (riichi.md 10.2.3)', async () => {
    // The dealer kans 1m and 9p on his first turn; the next seat kans 1s and 8m on its own; four replacement draws
    // from the dead wall, all harmless honours; its discard is not claimed, and the hand ends in an abortive draw.
    const run = await playStacked({
      dice: [5, 2],
      live: dealtWall(
        [
          tilesOf('1111m9999p234s67s'),
          tilesOf('1111s8888m123p46p'),
          tilesOf('234567m234567p9m'),
          tilesOf('234567m234789s9m'),
        ],
        tilesOf('1z7z'),
      ),
      replacements: tilesOf('2z3z6z4z'),
    });
    const derived = derivedOf(run);
    const started = derived.find((e) => e.type === 'hand.started');
    const dealer = started?.type === 'hand.started' ? started.dealer : -1;
    const kans = derived.flatMap((e) =>
      e.type === 'seat.callMade' && e.meld.type === 'ankan' ? [e.seat] : [],
    );
    expect(kans).toEqual([dealer, dealer, (dealer + 1) % 4, (dealer + 1) % 4]);
    const sources = run.log.filter((r) => r.source).map((r) => r.event as SourceEvent);
    expect(sources.filter((e) => e.type === 'table.replacementDrawn' && e.reason === 'kan')).toHaveLength(4);
    const end = derived.find(
      (e) => e.type === 'hand.won' || e.type === 'hand.exhaustiveDraw' || e.type === 'hand.abortiveDraw',
    );
    expect(end).toMatchObject({ type: 'hand.abortiveDraw', reason: 'fourKans' });
    // The abort comes after the fourth kanner's discard, which nobody claimed.
    const lastDiscard = derived.findLast((e) => e.type === 'seat.discarded');
    expect(lastDiscard).toMatchObject({ seat: (dealer + 1) % 4 });
    expect(derived.indexOf(lastDiscard!)).toBeLessThan(derived.indexOf(end!));
    const { replayed: again, logged } = replayed(run);
    expect(again).toBe(logged);
  }, 60_000);

  it('`simulate --variant riichi --port --stack FILE` plays the stacked rinshan hand through the PTY; a bad file is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stack-'));
    try {
      const file = join(dir, 'rinshan.json');
      const live = dealtWall([tilesOf('1111m234p567p789s')], tilesOf('5s')).map((t) =>
        t === null ? null : formatTile(t),
      );
      writeFileSync(file, JSON.stringify({ dice: [3, 4], live, replacements: ['5s'] }));
      const { log } = runSimulate<unknown>(
        [
          '--variant',
          'riichi',
          '--preset',
          'tenhou',
          '--seed',
          '3',
          '--games',
          '1',
          '--max-hands',
          '1',
          '--stack',
          file,
        ],
        { withPort: true, timeoutMs: 55_000 },
      );
      const won = log.find((r) => !r.source && r.event.type === 'hand.won');
      expect(JSON.stringify(won?.event)).toContain('"rinshan kaihou"');
      writeFileSync(file, JSON.stringify({ dice: [3, 9], live: ['1x'] }));
      const refused = runCli([
        'simulate',
        '--variant',
        'riichi',
        '--port',
        join(dir, 'host'),
        '--stack',
        file,
      ]);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/--stack .*rinshan\.json: dice\.1: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
