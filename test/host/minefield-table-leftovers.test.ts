// Minefield host on the built-in simulator (issue 4): a stage command the table refuses is shown and cleared by the operator; a table reboot re-lights the lamps.
import { describe, expect, it } from 'vitest';
import { Host } from '../../host/session/host.js';
import { isSourceEvent } from '../../host/session/log-events.js';
import { MINEFIELD_TABLE_SEATS } from '../../families/minefield/view.js';
import type { PublicState } from '../../contract/ipc-contract.js';
import { minefieldCoreOf, replayDerived, temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('minefield-leftovers-');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const discardCount = (s: PublicState): number =>
  s.view?.variant === 'minefield' ? s.view.discards[0].length + s.view.discards[1].length : 0;

async function openHost(pace: { thinkMs: number; motorMs: number }, seed: number, autopilot: boolean) {
  const opened = Host.open({ dbPath: tempDb(), pace });
  if (!opened.ok) throw new Error(opened.message);
  const host = opened.value;
  const started = await host.startSession({
    variant: 'minefield',
    target: { kind: 'simulator', seed },
    seed,
    autopilot,
  });
  if (!started.ok) throw new Error(started.message);
  return { host, sessionId: started.value, firmware: host.connection!.firmware! };
}

/** Polls `check` until it holds (the simulator runs on timers of its own). */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(5)) if (check()) return;
  throw new Error(`timed out waiting for ${what}`);
}

describe('a stage command the table refuses waits for the operator (table-session.ts commandRefused)', () => {
  it('is shown in the public state and the log, cleared with its code, and the hand is prepared again', async () => {
    const { host, sessionId, firmware } = await openHost({ thinkMs: 2, motorMs: 1 }, 21, false);
    await host.waitFor((s) => s.view?.phase === 'awaitingDiscard' && discardCount(s) >= 2, 30_000);
    // Between hands the table forgets its mode (as after a technician's reset): the next shuffle is refused.
    expect(host.pause().ok).toBe(true);
    const hand = (host.publicState().view as { handNumber: number }).handNumber;
    await host.waitFor((s) => (s.view as { handNumber: number }).handNumber > hand, 60_000);
    firmware.model.mode = null;
    expect(host.resume().ok).toBe(true);
    const refused = await host.waitFor((s) => s.table.refusal != null, 10_000);
    expect(refused.table.refusal).toEqual({ command: 'shuffle', code: 'badState' });
    expect(refused.table.fault).toBeNull();
    expect(host.variantCore!.refusal).toEqual({ command: 'shuffle', code: 'badState' });
    expect(refused.log.at(-1)?.text).toBe(
      'table refused shuffle: badState; the operator must look at the table and clear it',
    );
    // Nothing happens by itself meanwhile (no retry loop): the table was asked once.
    const shuffles = firmware.model.shuffles;
    await sleep(300);
    expect(firmware.model.shuffles).toBe(shuffles);
    expect(host.publicState().table.refusal).toEqual({ command: 'shuffle', code: 'badState' });

    // A stale or wrong code is refused; the right one clears it. The table still has no mode: refused again.
    const wrong = host.clearFault('jam');
    expect(wrong.ok ? null : wrong.code).toBe('stale_fault');
    expect(host.clearFault('badState').ok).toBe(true);
    await host.waitFor((s) => s.log.filter((l) => l.type === 'table.commandRejected').length >= 2, 10_000);
    expect(host.publicState().table.refusal).toEqual({ command: 'shuffle', code: 'badState' });

    // The technician sets the mode back; cleared once more, the hand is prepared and played.
    firmware.model.mode = 'minefield2';
    expect(host.clearFault('badState').ok).toBe(true);
    const playing = await host.waitFor(
      (s) => s.view?.phase === 'awaitingDiscard' && (s.view as { handNumber: number }).handNumber > hand,
      30_000,
    );
    expect(playing.table.refusal ?? null).toBeNull();
    expect(host.variantCore!.refusal).toBeNull();
    const noneLatched = host.clearFault('badState');
    expect(noneLatched.ok ? null : noneLatched.code).toBe('no_fault');

    const read = host.log.read(sessionId);
    if (!read.ok) throw new Error(read.message);
    const cleared = read.value.filter((r) => r.event.type === 'operator.refusalCleared').map((r) => r.event);
    expect(cleared).toEqual([
      { type: 'operator.refusalCleared', command: 'shuffle', code: 'badState' },
      { type: 'operator.refusalCleared', command: 'shuffle', code: 'badState' },
    ]);
    expect(host.fault).toBeNull();
    await host.endSession();
    // The log replays to the same derived events (the refusal and its clears are source events).
    const logged = read.value.filter((r) => !isSourceEvent(r.event)).map((r) => r.event);
    expect(replayDerived('minefield', 'minefield', read.value)).toEqual(logged);
    await host.close();
  }, 120_000);
});

describe('after a table reboot the host lights the lamps again (issue 4)', () => {
  it('the dealer lamp and the turn lamp of the seat on turn come back; the bots, who read them, play on', async () => {
    // Bots think for 150 ms: the lamps are looked at while nobody moves.
    const { host, sessionId, firmware } = await openHost({ thinkMs: 150, motorMs: 1 }, 5, true);
    await host.waitFor((s) => s.view?.phase === 'awaitingDiscard' && discardCount(s) >= 3, 60_000);
    const before = discardCount(host.publicState());
    // A real table's lamps go dark when its firmware reboots (the simulator keeps them: darkened here).
    firmware.reboot();
    for (const lamp of firmware.model.lamps)
      Object.assign(lamp, { turn: false, dealer: false, riichi: false });

    const lampsMatchTheGame = (): boolean => {
      const game = minefieldCoreOf(host)?.gameSnapshot();
      if (!game || game.status !== 'active') return false;
      const { dealer, hand } = game.context;
      return ([0, 1] as const).every((player) => {
        const lamp = firmware.model.lamps[MINEFIELD_TABLE_SEATS[player]]!;
        return lamp.dealer === (player === dealer) && lamp.turn === (player === hand.turn);
      });
    };
    await host.waitFor((s) => s.log.some((l) => l.type === 'link.rebooted'), 10_000);
    await until(lampsMatchTheGame, 10_000, 'the dealer and turn lamps after the reboot');
    // The game goes on: the bots read who deals from the dealer lamp.
    await host.waitFor((s) => discardCount(s) >= before + 2 || s.view?.phase !== 'awaitingDiscard', 30_000);
    expect(host.fault).toBeNull();
    const read = host.log.read(sessionId);
    if (!read.ok) throw new Error(read.message);
    expect(read.value.some((r) => r.event.type === 'link.rebooted')).toBe(true);
    await host.endSession();
    await host.close();
  }, 120_000);
});
