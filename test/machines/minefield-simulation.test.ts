// Simulated bot games: invariants after every event, no secret in the public view or public events, exact replay.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { KIND_COUNT, tileKind, type Tile } from '../../rules/tiles.js';
import { checkMinefieldWin } from '../../rules/variants/minefield.js';
import { minefieldEventSchema, publicEvent, type MinefieldEvent, type MinefieldInput } from '../../families/minefield/machines/events.js';
import { minefieldGameMachine } from '../../families/minefield/machines/game.js';
import { accountedTiles, isFullSet, MAX_DISCARDS, type HandModel } from '../../families/minefield/machines/model.js';
import { publicView, seatView, type MinefieldSnapshotLike } from '../../families/minefield/machines/public-view.js';
import { playMinefieldGame, stepEvents, type MinefieldStep } from '../../families/minefield/machines/simulation.js';

const GAMES = 25;
const SECRET_KEYS = ['walls', 'unused', 'hands', 'waits', 'stocks', 'furiten', 'passedWin', 'offers', 'underIndicator', 'tiles', 'code', 'message'];

/** The same snapshot with every secret replaced by something else of the same shape. */
function scrambled(snapshot: MinefieldSnapshotLike): MinefieldSnapshotLike {
  const hand = snapshot.context.hand;
  const other = (tiles: readonly Tile[] | null) => (tiles === null ? null : tiles.map((t) => ((tileKind(t) + 17) % KIND_COUNT) as Tile));
  const secretHand: HandModel = {
    ...hand,
    walls: hand.walls && [other(hand.walls[0])!, other(hand.walls[1])!],
    unused: other(hand.unused),
    underIndicator: hand.underIndicator === null ? null : (((hand.underIndicator + 5) % KIND_COUNT) as Tile),
    hands: [other(hand.hands[0]), other(hand.hands[1])],
    waits: [[33, 1], [0]],
    stocks: [other(hand.stocks[1])!, other(hand.stocks[0])!],
    furiten: hand.furiten[0] ? [null, 'ownDiscard'] : ['declinedWin', 'belowMangan'],
    passedWin: [!hand.passedWin[0], !hand.passedWin[1]],
    offers: [{ ok: false, code: 'furiten', message: 'x' }, null],
  };
  return { value: snapshot.value, context: { ...snapshot.context, hand: secretHand } };
}

/** A plain check (vitest's expect is too slow for tens of thousands of steps); the message says what broke. */
function check(condition: boolean, what: string, step: MinefieldStep): void {
  if (!condition) throw new Error(`${what} after ${JSON.stringify(step.input)} in state ${JSON.stringify(step.snapshot.value)}`);
}

function checkInvariants(step: MinefieldStep, startingPoints: number): void {
  const { context } = step.snapshot;
  const hand = context.hand;
  // Points are conserved (stake model: only the loser's payment moves).
  check(context.points[0] + context.points[1] === 2 * startingPoints, `points ${context.points} do not sum to ${2 * startingPoints}`, step);
  if (hand.walls) {
    // 136 tiles: two walls of 34 (hand + stock + discards each) + the unused tiles and both indicators.
    const tiles = accountedTiles(hand);
    check(tiles.length === 136 && isFullSet(tiles), `${tiles.length} tiles accounted for, not the 136-tile set`, step);
  }
  for (const seat of [0, 1] as const) {
    check(hand.discards[seat].length <= MAX_DISCARDS, `seat ${seat} discarded ${hand.discards[seat].length} > 17`, step);
    if (hand.hands[seat]) check(hand.hands[seat]!.length + hand.stocks[seat].length + hand.discards[seat].length === 34, `seat ${seat}'s wall is not 34 tiles`, step);
  }
  check(Math.abs(hand.discards[0].length - hand.discards[1].length) <= 1, 'discards do not alternate', step);
}

/** The same snapshot with the opponent's secrets and the under-dora replaced. */
function scrambledFor(snapshot: MinefieldSnapshotLike, seat: 0 | 1): MinefieldSnapshotLike {
  const all = scrambled(snapshot).context.hand;
  const hand = snapshot.context.hand;
  const mix = <T,>(mine: readonly [T, T], theirs: readonly [T, T]): [T, T] => (seat === 0 ? [mine[0], theirs[1]] : [theirs[0], mine[1]]);
  const secretHand: HandModel = {
    ...hand,
    walls: hand.walls && all.walls && mix(hand.walls, all.walls),
    unused: all.unused,
    underIndicator: all.underIndicator,
    hands: mix(hand.hands, all.hands),
    waits: mix(hand.waits, all.waits),
    stocks: mix(hand.stocks, all.stocks),
    furiten: mix(hand.furiten, all.furiten),
    passedWin: mix(hand.passedWin, all.passedWin),
    offers: mix(hand.offers, all.offers),
  };
  return { value: snapshot.value, context: { ...snapshot.context, hand: secretHand } };
}

function checkHiddenInformation(step: MinefieldStep): void {
  // A seat's own view depends on nothing it may not know: not the opponent's hand, not the under-dora.
  for (const seat of [0, 1] as const) {
    const own = JSON.stringify(seatView(step.snapshot, seat));
    check(JSON.stringify(seatView(scrambledFor(step.snapshot, seat), seat)) === own, `seat ${seat}'s view depends on the opponent's secrets`, step);
    const claim = seatView(step.snapshot, seat).claim;
    check(claim === null || Object.keys(claim).every((k) => k === 'legal' || k === 'code'), `seat ${seat}'s claim shows more than legal/code`, step);
  }
  const view = JSON.stringify(publicView(step.snapshot));
  // Non-interference: the public view is the same whatever the secrets are.
  check(JSON.stringify(publicView(scrambled(step.snapshot))) === view, 'the public view depends on a secret', step);
  const withoutResult = JSON.stringify({ ...publicView(step.snapshot), lastResult: null });
  for (const key of SECRET_KEYS) check(!withoutResult.includes(`"${key}"`), `the public view has a "${key}" field`, step);
  for (const event of stepEvents(step)) {
    const open = publicEvent(event);
    if (open === null) {
      check(event.type === 'seat.furiten', `${event.type} was dropped from the public events`, step);
      continue;
    }
    // A win shows the winner's hand and the under-dora: that is the moment they become public.
    if (open.type === 'hand.won') continue;
    for (const key of SECRET_KEYS) check(!(key in open), `public ${open.type} has "${key}"`, step);
  }
}

describe('Minefield simulated games', () => {
  it(`keeps the invariants and hides every secret after every event of ${GAMES} games`, () => {
    let steps = 0;
    let hands = 0;
    let wins = 0;
    for (let seed = 1; seed <= GAMES; seed++) {
      const record = playMinefieldGame({
        seed,
        onStep: (step) => {
          steps++;
          checkInvariants(step, 50_000);
          checkHiddenInformation(step);
          for (const event of stepEvents(step)) minefieldEventSchema.parse(event);
        },
      });
      hands += record.hands;
      wins += Object.values(record.wins).reduce((a, b) => a + b, 0);
      expect(record.loser).not.toBeNull();
      expect(record.points[0] + record.points[1]).toBe(100_000);
    }
    expect(steps).toBeGreaterThan(GAMES * 40);
    expect(wins).toBeGreaterThan(0);
    expect(hands).toBeGreaterThan(wins);
  });

  it('is deterministic from its seed, and a log replays to the same outcomes', () => {
    const record = (seed: number) => {
      const log: MinefieldEvent[] = [];
      const result = playMinefieldGame({ seed, onStep: (step) => log.push(...stepEvents(step)) });
      return { log, result };
    };
    const a = record(42);
    const b = record(42);
    expect(b.log).toEqual(a.log);
    expect(b.result).toEqual(a.result);
    expect(record(43).log).not.toEqual(a.log);

    // Replay: feed the inputs of the log (validated as at a boundary) into a fresh machine.
    const inputs = a.log.filter((e): e is MinefieldInput => ['hand.wallsBuilt', 'hand.doraFlipped', 'seat.handSet', 'seat.discarded', 'seat.ronDeclared', 'seat.passed'].includes(e.type));
    const started = a.log[0]!;
    if (started.type !== 'game.started') throw new Error(`a log opens with game.started, not ${started.type}`);
    const actor = createActor(minefieldGameMachine, { input: { firstDealer: started.firstDealer }, clock: new SimulatedClock() });
    const replayed: MinefieldEvent[] = [];
    actor.on('*', (e) => replayed.push(e));
    actor.start();
    for (const input of inputs) {
      replayed.push(input);
      actor.send(minefieldEventSchema.parse(JSON.parse(JSON.stringify(input))) as MinefieldInput);
    }
    expect(replayed).toEqual(a.log);
    expect(actor.getSnapshot().context.points).toEqual(a.result.points);
  });

  it('bots build waiting hands that mostly reach mangan on some wait, never a rejected one', () => {
    let handsSet = 0;
    let manganCapable = 0;
    let handsWon = 0;
    for (let seed = 100; seed < 110; seed++) {
      playMinefieldGame({
        seed,
        onStep: (step) => {
          for (const event of step.outcomes) {
            if (event.type === 'seat.handRejected') throw new Error(`bot hand rejected: ${event.code}`);
            if (event.type === 'hand.won') handsWon++;
          }
          if (step.input?.type !== 'seat.handSet') return;
          const { context } = step.snapshot;
          const { seat, tiles } = step.input;
          handsSet++;
          const reaches = context.hand.waits[seat].some(
            (kind) =>
              checkMinefieldWin({
                hand: tiles,
                winTile: kind as Tile,
                dealer: context.dealer === seat,
                discardNumber: 3,
                ownDiscards: [],
                passedWin: false,
                doraIndicator: context.hand.doraIndicator!,
                uraIndicator: context.hand.doraIndicator!,
                ante: 1000,
              }).ok,
          );
          if (reaches) manganCapable++;
        },
      });
    }
    expect(handsSet).toBeGreaterThan(100);
    // Measured 62-66 % over many seeds; a wall does not always hold a mangan hand.
    expect(manganCapable / handsSet).toBeGreaterThan(0.5);
    expect(handsWon).toBeGreaterThan(0);
  });
});
