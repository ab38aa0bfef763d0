// Riichi host on the built-in simulator (issue 7): after a table reboot the dealer and riichi lamps of the hand in play are lit again.
import { describe, expect, it } from 'vitest';
import { riichiViewOf, type RiichiView } from '../../contract/ipc-contract.js';
import { Host } from '../../host/session/host.js';
import { temporaryDatabases } from './host-harness.js';

const tempDb = temporaryDatabases('riichi-reboot-lamps-');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('after a table reboot the riichi host lights the lamps again (issue 7)', () => {
  it('the dealer lamp and the riichi lamps come back in the same hand; the bots play on', async () => {
    // Bots think for 60 ms: the lamps are looked at while the hand stands still enough.
    const opened = Host.open({ dbPath: tempDb(), pace: { thinkMs: 60, motorMs: 1 } });
    if (!opened.ok) throw new Error(opened.message);
    const host = opened.value;
    const started = await host.startSession({
      variant: 'riichi',
      preset: 'tenhou',
      target: { kind: 'simulator', seed: 5 },
      seed: 5,
    });
    if (!started.ok) throw new Error(started.message);
    const firmware = host.connection!.firmware!;
    // A hand in play with a riichi up, so the riichi lamp has something to come back to.
    const inRiichi = await host.waitFor((s) => {
      const v = riichiViewOf(s);
      return v !== null && v.phase === 'playing' && v.seats.some((seat) => seat.riichi !== 'none');
    }, 90_000);
    const round = (v: RiichiView) => `${v.roundWind} ${v.handNumber} ${v.honba}`;
    const hand = round(riichiViewOf(inRiichi)!);

    // A real table's lamps go dark when its firmware reboots (the simulator keeps them: darkened here).
    firmware.reboot();
    for (const lamp of firmware.model.lamps)
      Object.assign(lamp, { turn: false, dealer: false, riichi: false });

    const lampsMatchTheHand = (): boolean => {
      const view = riichiViewOf(host.publicState());
      if (view === null || view.phase !== 'playing' || round(view) !== hand) return false;
      return view.seats.every((seat) => {
        const lamp = firmware.model.lamps[seat.seat]!;
        return lamp.dealer === seat.dealer && lamp.riichi === (seat.riichi !== 'none');
      });
    };
    await host.waitFor((s) => s.log.some((l) => l.type === 'link.rebooted'), 10_000);
    let matched = false;
    for (const end = Date.now() + 10_000; Date.now() < end && !matched; await sleep(5))
      matched = lampsMatchTheHand();
    expect(matched, 'the dealer and riichi lamps lit again within the hand').toBe(true);
    // The game goes on after the reboot.
    const seq = host.publicState().eventSeq;
    await host.waitFor((s) => s.eventSeq > seq + 20, 30_000);
    expect(host.fault).toBeNull();
    await host.endSession();
    await host.close();
  }, 150_000);
});
