// The riichi view's variant parts from seeded bot games: Tenpai Race's race and Stage B, Mangan's burn and tag-team places, the tournament's pending chombo and agari-yame (issues 6, 7).
import { describe, expect, it } from 'vitest';
import { RiichiViewSchema, type RiichiView, type SeatInfo } from '../../contract/ipc-contract.js';
import type { RiichiEvent } from './machines/events.js';
import { stepEvents } from './machines/simulation.js';
import { playVariantGame } from './machines/variant-simulation.js';
import { tournamentWithChombos } from '../../test/tournament-chombo-game.js';
import type { LoggedEvent } from '../../host/session/log-events.js';
import { riichiViewReducer, type RiichiFamilyVariant } from './view.js';

const seating = (tableSeats: readonly number[]): SeatInfo[] =>
  tableSeats.map((seat, i) => ({
    seat: seat as SeatInfo['seat'],
    playerId: i + 1,
    name: `P${i + 1}`,
    bot: true,
  }));

/** Each event of a game with the view folded after it (validated against the contract at every step). */
function fold(
  variant: RiichiFamilyVariant,
  events: readonly RiichiEvent[],
  seats: readonly SeatInfo[],
): { event: RiichiEvent; view: RiichiView | null }[] {
  const reduce = riichiViewReducer(variant);
  let view: RiichiView | null = null;
  return events.map((event, i) => {
    const record: LoggedEvent = { seq: i + 1, atMs: i, event: event as unknown as LoggedEvent['event'] };
    view = reduce(view, record, seats).view as RiichiView | null;
    if (view !== null) RiichiViewSchema.parse(view);
    return { event, view };
  });
}

function game(variant: 'tenpai-race' | 'mangan', seed: number, stageBPrototype = false): RiichiEvent[] {
  const events: RiichiEvent[] = [];
  playVariantGame({
    seed,
    variant,
    maxHands: 6,
    stageBPrototype,
    onStep: (step) => events.push(...stepEvents(step)),
  });
  return events;
}

describe('Tenpai Race on the riichi view (V2)', () => {
  // Two players facing each other across the table: table seats 0 and 2.
  const seats = seating([0, 2]);

  it('counts each player’s discards left of 18 and the Stage A draws, and seats the opponent West', () => {
    const steps = fold('tenpai-race', game('tenpai-race', 1), seats);
    let draws = 0;
    let sawEmptyRace = false;
    for (const { event, view } of steps) {
      if (view === null) continue;
      expect(view).toMatchObject({ variant: 'tenpai-race', players: 2 });
      const race = view.tenpaiRace!;
      expect(race.discardsLeft.map((d) => d.seat)).toEqual([0, 2]);
      view.seats.forEach((s, i) => expect(race.discardsLeft[i]!.left).toBe(18 - s.pond.length));
      if (event.type === 'hand.abortiveDraw') {
        expect(event.reason).toBe('tenpaiRaceStageA');
        draws++;
        // Both raced to the end: no discard left on either side.
        sawEmptyRace ||= race.discardsLeft.every((d) => d.left === 0);
      }
      expect(race.stageADraws).toBe(draws);
      expect(race.stage).toBe('A');
      if (event.type === 'hand.started') {
        expect(view.honba).toBe(event.honba);
        expect(view.seats.map((s) => (s.dealer ? 'east' : 'west'))).toEqual(view.seats.map((s) => s.wind));
      }
    }
    expect(draws).toBe(6);
    expect(sawEmptyRace).toBe(true);
  });

  it('shows Stage B: roles by table seat, guesses and shown draws, then the result; a new hand is Stage A again', () => {
    const steps = fold('tenpai-race', game('tenpai-race', 1, true), seats);
    const tableSeat = (riichiSeat: number): number => [0, 2][riichiSeat]!;
    let guesses = 0;
    let draws = 0;
    let ended = 0;
    for (const { event, view } of steps) {
      if (view === null) continue;
      const race = view.tenpaiRace!;
      switch (event.type) {
        case 'hand.stageBRoles':
          guesses = 0;
          draws = 0;
          expect(race).toMatchObject({
            stage: 'B',
            attacker: tableSeat(event.attacker),
            defender: tableSeat(event.defender),
            resolution: event.resolution,
          });
          break;
        case 'hand.stageBGuess':
          guesses++;
          expect(race.guesses.at(-1)).toEqual({ kinds: [...event.kinds], found: event.found });
          break;
        case 'hand.stageBDrawShown':
          draws++;
          expect(race.shownDraws.at(-1)).toBe(event.tile);
          break;
        case 'hand.stageBEnded':
          ended++;
          expect(view.phase).toBe('stageBEnded');
          expect(view.lastResult).toMatchObject({
            kind: 'stageB',
            attacker: tableSeat(event.attacker),
            winner: event.winner === null ? null : tableSeat(event.winner),
            resolution: event.resolution,
            scored: event.scored,
          });
          expect(view.seats.map((s) => s.points)).toEqual(event.points);
          break;
        case 'hand.started':
          expect(race).toMatchObject({
            stage: 'A',
            attacker: null,
            defender: null,
            guesses: [],
            shownDraws: [],
          });
          break;
        default:
      }
      if (race.stage === 'B') expect([race.guesses.length, race.shownDraws.length]).toEqual([guesses, draws]);
    }
    expect(ended).toBe(6);
  });
});

describe('Mangan Mahjong’s burn on the riichi view (V4.1)', () => {
  it('keeps each win’s burn for the win panel while the win is on show', () => {
    const steps = fold('mangan', game('mangan', 4), seating([0, 1, 2, 3]));
    let burns = 0;
    for (const { event, view } of steps) {
      if (view === null) continue;
      if (event.type === 'hand.pointsBurned') {
        burns++;
        expect(view.mangan!.lastBurn).toEqual({
          total: event.total,
          wins: event.wins.map((w) => ({
            seat: w.seat,
            manganOrMore: w.manganOrMore,
            basePoints: w.basePoints,
            burned: w.burned,
          })),
        });
        // Only wins from mangan burn anything (item 3); below it nothing moves (item 2).
        for (const w of event.wins) if (!w.manganOrMore) expect(w.burned).toBe(0);
      }
      // The burn stays with its win while that result is on show (through the next deal); the next win starts afresh.
      if (event.type === 'hand.started' && view.showingResult && view.lastResult?.kind !== 'won')
        expect(view.mangan!.lastBurn).toBeNull();
      if (event.type === 'hand.won') expect(view.mangan!.lastBurn).toBeNull();
    }
    expect(burns).toBeGreaterThan(0);
  });
});

describe('the tournament’s pending chombo and agari-yame on the riichi view (V6.2, riichi.md 17.2)', () => {
  it('badges a pending riichi chombo on its seat until the hand ends: settled → the chombo result, lapsed → gone', () => {
    const seats = seating([0, 1, 2, 3]);
    const tally = { pending: 0, settled: 0, lapsed: 0 };
    for (const seed of [1, 2, 3]) {
      let pending = new Map<number, string>();
      for (const { event, view } of fold('riichi', tournamentWithChombos(seed, 12), seats)) {
        if (view === null) continue;
        switch (event.type) {
          case 'hand.chomboPending':
            tally.pending++;
            pending.set(event.seat, event.reason);
            break;
          case 'hand.chomboLapsed':
            tally.lapsed++;
            pending.delete(event.seat);
            break;
          case 'hand.chombo':
            tally.settled++;
            pending = new Map();
            expect(view.lastResult).toMatchObject({
              kind: 'chombo',
              seat: event.seat,
              trigger: event.reason,
            });
            break;
          case 'hand.started':
            expect(pending.size).toBe(0);
            break;
          default:
        }
        // Exactly the seats the log left pending carry the badge, with the trigger and the operator's name.
        view.seats.forEach((s, i) =>
          expect(s.chomboPending).toEqual(
            pending.has(i) ? { trigger: pending.get(i), operator: 'Mika' } : undefined,
          ),
        );
      }
    }
    expect(tally.pending).toBeGreaterThan(0);
    expect(tally.settled).toBeGreaterThan(0);
    expect(tally.lapsed).toBeGreaterThan(0);
  });

  it('shows the agari-yame question from the offer until the dealer answers', () => {
    // Seed 6: the dealer wins the last hand, is asked and ends the game.
    const events: RiichiEvent[] = [];
    playVariantGame({ seed: 6, variant: 'tournament', onStep: (step) => events.push(...stepEvents(step)) });
    const steps = fold('riichi', events, seating([0, 1, 2, 3]));
    let asked: number | null = null;
    let offers = 0;
    for (const { event, view } of steps) {
      if (view === null) continue;
      if (event.type === 'game.agariYameOffered') {
        offers++;
        asked = event.seat;
        expect(view.seats[event.seat]!.dealer).toBe(true);
      }
      if (event.type === 'seat.agariYameDecided' || event.type === 'hand.started') asked = null;
      expect(view.agariYame ?? null).toEqual(asked === null ? null : { seat: asked });
    }
    expect(offers).toBe(1);
    expect(steps.at(-1)!.view!.phase).toBe('over');
  });
});

describe('Mangan tag-team’s eight players on the riichi view (V4.3)', () => {
  it('keeps the eight players’ own places and totals from tagTeam.gameDecided, each with his pair’s table seat', () => {
    const events: RiichiEvent[] = [];
    playVariantGame({
      seed: 3,
      variant: 'mangan',
      tagTeam: true,
      onStep: (s) => events.push(...stepEvents(s)),
    });
    const steps = fold('mangan', events, seating([0, 1, 2, 3]));
    const decided = events.find((e) => e.type === 'tagTeam.gameDecided');
    if (decided?.type !== 'tagTeam.gameDecided') throw new Error('the tag-team game was not decided');
    const final = steps.at(-1)!.view!;
    expect(final.phase).toBe('over');
    expect(final.tagTeam!.ranking).toEqual(
      decided.ranking.map((r) => ({ player: r.player, seat: r.player >> 1, rank: r.rank, points: r.points })),
    );
    expect(final.tagTeam!.ranking!.map((r) => r.player).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Before the end nobody has a place.
    for (const { event, view } of steps)
      if (view !== null && event.type !== 'tagTeam.gameDecided' && view.phase !== 'over')
        expect(view.tagTeam?.ranking).toBeUndefined();
  });
});
