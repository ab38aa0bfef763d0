// Mangan's mjai export when the first dealer is not seat 0: seats are renumbered from him, and the variant's own
// `hand.pointsBurned` (whose `wins` list only the winner and what burned) is renumbered without failing.
import { describe, expect, it } from 'vitest';
import { variantEntry } from '../../host/families/registry.js';
import { SIMULATE_RUNS, runSimulate, sessionOfLog } from '../golden/simulate-runs.js';

interface LoggedWin {
  readonly seat: number;
  readonly from: number | null;
  readonly payments: number[];
}

describe('Mangan mjai export', () => {
  it('a game whose first dealer is seat 1 exports, every hora turned to count from him', async () => {
    const run = SIMULATE_RUNS.find((r) => r.name === 'mangan-seed2')!;
    const { log } = await runSimulate(run.args);
    const events = log
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { type: string; firstDealer?: number; wins?: LoggedWin[] });
    const shift = events.find((e) => e.type === 'game.started')!.firstDealer!;
    expect(shift).not.toBe(0);
    expect(events.some((e) => e.type === 'hand.pointsBurned')).toBe(true);

    const { session, records } = sessionOfLog(run, log);
    const mjai = variantEntry('mangan')!.exports.mjai(session, records);
    if (!mjai.ok) throw new Error(mjai.message);
    const horas = mjai.value
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { type: string; actor?: number; target?: number; deltas?: number[] })
      .filter((line) => line.type === 'hora');
    const turn = (seat: number): number => (seat - shift + 4) % 4;
    const wins = events.filter((e) => e.type === 'hand.won').flatMap((e) => e.wins!);
    expect(horas.length).toBe(wins.length);
    expect(wins.length).toBeGreaterThan(0);
    horas.forEach((hora, i) => {
      const win = wins[i]!;
      expect(hora.actor).toBe(turn(win.seat));
      expect(hora.target).toBe(turn(win.from ?? win.seat));
      expect(hora.deltas).toEqual([0, 1, 2, 3].map((k) => win.payments[(k + shift) % 4]));
    });
  });
});
