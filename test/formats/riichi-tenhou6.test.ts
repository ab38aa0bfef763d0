// Simulated four-player games exported to tenhou.net/6 JSON read back through our importer to the same hands and results.
import { describe, expect, it } from 'vitest';
import { CLUB, TENHOU } from '../../rules/options.js';
import { playRiichiGame, stepEvents } from '../../families/riichi/machines/simulation.js';
import type { RiichiEvent } from '../../families/riichi/machines/events.js';
import { riichiGameRecord } from '../../families/riichi/formats/riichi-record.js';
import { exportTenhou6Text } from '../../families/riichi/formats/tenhou6-export.js';
import { parseTenhou6 } from '../../families/riichi/formats/tenhou6.js';
import { checkGame } from '../../families/riichi/formats/score-check.js';
import { SANMA } from '../../rules/variants/sanma.js';

const GAMES = 12;

function playedLog(seed: number, options = TENHOU): RiichiEvent[] {
  const events: RiichiEvent[] = [];
  playRiichiGame({ seed, options, onStep: (step) => events.push(...stepEvents(step)) });
  return events;
}

describe('tenhou.net/6 export of simulated riichi games', () => {
  it(`${GAMES} tenhou-preset games: export, import, same rounds, every win and draw rescored to the recorded points`, () => {
    let rounds = 0;
    let wins = 0;
    for (let seed = 1; seed <= GAMES; seed++) {
      const events = playedLog(seed);
      const record = riichiGameRecord(events, {
        players: ['A', 'B', 'C', 'D'],
        title: ['club', `seed ${seed}`],
        options: TENHOU,
      });
      if (!record.ok) throw new Error(`seed ${seed}: ${record.message}`);
      const text = exportTenhou6Text(record.value);
      if (!text.ok) throw new Error(`seed ${seed}: ${text.message}`);
      const back = parseTenhou6(text.value);
      if (!back.ok) throw new Error(`seed ${seed}: ${back.message}`);
      expect(back.value.rounds.length).toBe(record.value.rounds.length);
      expect(back.value.rounds.map((r) => r.result)).toEqual(record.value.rounds.map((r) => r.result));
      expect(back.value.rounds.map((r) => r.deals)).toEqual(record.value.rounds.map((r) => r.deals));
      const handsStarted = events.filter((e) => e.type === 'hand.started').length;
      expect(back.value.rounds.length).toBe(handsStarted);
      const check = checkGame(back.value);
      const differing = check.wins
        .filter((w) => w.differences.length > 0)
        .map((w) => `${w.where}: ${w.differences.join('; ')}`);
      expect(differing, `seed ${seed}`).toEqual([]);
      expect(check.paymentDifferences, `seed ${seed}`).toEqual([]);
      expect(check.drawDifferences, `seed ${seed}`).toEqual([]);
      rounds += back.value.rounds.length;
      wins += check.wins.length;
    }
    expect(rounds).toBeGreaterThan(GAMES * 4);
    expect(wins).toBeGreaterThan(GAMES);
  });

  it('club-preset games export too (no red fives in the rules header when the preset has none)', () => {
    const events = playedLog(77, CLUB);
    const record = riichiGameRecord(events, {
      players: ['A', 'B', 'C', 'D'],
      title: ['club'],
      options: CLUB,
    });
    if (!record.ok) throw new Error(record.message);
    const text = exportTenhou6Text(record.value);
    if (!text.ok) throw new Error(text.message);
    expect(parseTenhou6(text.value).ok).toBe(true);
  });

  it('a Sanma game is refused with a clear message (tenhou.net/6 three-player logs are not modelled)', () => {
    const record = riichiGameRecord(playedLog(5, SANMA), {
      players: ['A', 'B', 'C'],
      title: [],
      options: SANMA,
    });
    expect(record.ok).toBe(false);
    if (!record.ok) {
      expect(record.code).toBe('unsupported_rules');
      expect(record.message).toMatch(/four-player/);
    }
  });
});
