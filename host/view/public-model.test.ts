// The public model's game over (issue 12): places, final points, the tournament's final score and the points chart, kept until the next game's play.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../session/log-events.js';
import { applyPublic, initialPublicModel, toPublicState } from './public-model.js';
import type { PublicModel } from './model.js';

const SEATS = [0, 1, 2, 3].map((seat) => ({ seat, playerId: seat + 1, name: `P${seat + 1}`, bot: false }));

function fold(events: readonly unknown[]): PublicModel[] {
  let model = initialPublicModel(1);
  const out: PublicModel[] = [];
  events.forEach((event, i) => {
    model = applyPublic(model, { seq: i + 1, atMs: 1000 + i, event } as LoggedEvent);
    out.push(model);
  });
  return out;
}

const opened = (preset: string, autopilot = false) => ({
  type: 'host.sessionOpened',
  variant: 'riichi',
  preset,
  target: { kind: 'simulator', seed: 1 },
  seed: 1,
  seats: SEATS,
  autopilot,
});
const handStarted = (handNumber: number, points: number[]) => ({
  type: 'hand.started',
  roundWind: 1,
  handNumber,
  dealer: (handNumber - 1) % 4,
  honba: 0,
  deposits: 0,
  points,
});

/** A two-hand game (V6.5's second example at its end: 45,500 / 25,500 / 15,500 / 13,500), then the next game. */
const game = (preset: string) => [
  opened(preset),
  { type: 'host.gameRequested', game: 1, firstDealer: 0 },
  { type: 'game.started', players: 4, firstDealer: 0, points: [25000, 25000, 25000, 25000] },
  handStarted(1, [25000, 25000, 25000, 25000]),
  handStarted(2, [37000, 21000, 21000, 21000]),
  {
    type: 'game.ended',
    points: [45500, 13500, 25500, 15500],
    ranking: [0, 2, 3, 1],
    leftoverDeposits: 0,
    handsPlayed: 2,
  },
  { type: 'host.gameHeld', game: 2 },
  { type: 'operator.nextGame' },
  { type: 'host.gameRequested', game: 2, firstDealer: 1 },
  { type: 'game.started', players: 4, firstDealer: 1, points: [25000, 25000, 25000, 25000] },
  handStarted(1, [25000, 25000, 25000, 25000]),
  { type: 'seat.discarded', seat: 1, tile: 0, riichi: false },
];

describe('the game over in the public state (issue 12)', () => {
  it('gives places, final points, the tournament result (V6.5 uma and oka) and the points at each hand', () => {
    const states = fold(game('tournament'));
    const over = toPublicState(states[5]!, 1);
    expect(over.view?.phase).toBe('over');
    expect(over.gameOver).toEqual({
      game: 1,
      places: [
        { seat: 0, place: 1, points: 45500, score: 54 },
        { seat: 2, place: 2, points: 25500, score: 6 },
        { seat: 3, place: 3, points: 15500, score: -24 },
        { seat: 1, place: 4, points: 13500, score: -36 },
      ],
      chart: {
        seats: [0, 1, 2, 3],
        points: [
          [25000, 37000, 45500],
          [25000, 21000, 13500],
          [25000, 21000, 25500],
          [25000, 21000, 15500],
        ],
      },
    });
    // The chart is the model's: it never reaches a screen outside the game over.
    expect(Object.keys(toPublicState(states[4]!, 1))).not.toContain('game');
  });

  it('has no final score outside the tournament preset', () => {
    const over = toPublicState(fold(game('tenhou'))[5]!, 1);
    expect(over.gameOver?.places.map((p) => p.score)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('marks the hold for the operator, and keeps the result until the next game is played', () => {
    const states = fold(game('tenhou')).map((m) => toPublicState(m, 1));
    expect(states[5]!.session?.awaitingNextGame).toBeUndefined();
    expect(states[6]!.session?.awaitingNextGame).toBe(true);
    expect(states[6]!.gameOver?.game).toBe(1);
    // The next game is requested and dealt: the result is still up (an autopilot deals at once) ...
    expect(states[8]!.session?.awaitingNextGame).toBeUndefined();
    expect(states[10]!.gameOver?.game).toBe(1);
    expect(states[10]!.view?.phase).toBe('dealing');
    // ... until its first discard.
    expect(states[11]!.gameOver).toBeNull();
  });
});

describe('the game over of Minefield (issue 12)', () => {
  it('puts the loser last, with the points at each hand', () => {
    const states = fold([
      {
        type: 'host.sessionOpened',
        variant: 'minefield',
        preset: 'minefield',
        target: { kind: 'simulator', seed: 1 },
        seed: 1,
        seats: [SEATS[0], SEATS[2]],
        autopilot: true,
      },
      { type: 'host.gameRequested', game: 1, firstDealer: 0 },
      { type: 'game.started', firstDealer: 0, points: [50000, 50000] },
      { type: 'hand.started', hand: 1, dealer: 0, ante: 1000, points: [50000, 50000] },
      { type: 'hand.started', hand: 2, dealer: 1, ante: 1000, points: [2000, 98000] },
      { type: 'game.ended', loser: 0, reason: 'cannot_afford_ante', points: [2000, 98000], handsPlayed: 1 },
    ]);
    expect(toPublicState(states.at(-1)!, 1).gameOver).toEqual({
      game: 1,
      places: [
        { seat: 2, place: 1, points: 98000 },
        { seat: 0, place: 2, points: 2000 },
      ],
      chart: {
        seats: [0, 2],
        points: [
          [50000, 2000, 2000],
          [50000, 98000, 98000],
        ],
      },
    });
  });
});
