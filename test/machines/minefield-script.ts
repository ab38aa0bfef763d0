// Test helper: lays out a chosen Minefield deal and drives the game machine with scripted events.
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { KIND_COUNT, tileKind, tileOfText, tilesOf, type Tile, type TileKind } from '../../rules/tiles.js';
import { minefieldWaits } from '../../rules/variants/minefield.js';
import { opponentOf, type MinefieldEvent, type MinefieldInput, type MinefieldOutcome, type MinefieldSeat } from '../../families/minefield/machines/events.js';
import { minefieldGameMachine } from '../../families/minefield/machines/game.js';
import type { Deadlines } from '../../families/minefield/machines/setup.js';

export interface DealSpec {
  /** Each seat's 13-tile hand in compact notation. */
  readonly hands: readonly [string, string];
  /** Tiles each seat's stock must hold (the rest is filled with tiles neither hand waits on). */
  readonly stocks?: readonly [string, string];
  readonly indicator: string;
  readonly underIndicator: string;
}

export interface Deal {
  readonly walls: [Tile[], Tile[]];
  readonly unused: Tile[];
  readonly hands: [Tile[], Tile[]];
  readonly indicator: Tile;
  readonly underIndicator: Tile;
}

/** Builds walls of 34 (hand + 21 stock) and 68 unused tiles holding both indicators: the whole set. */
export function layOut(spec: DealSpec): Deal {
  const left = new Uint8Array(KIND_COUNT).fill(4);
  const take = (tiles: readonly Tile[]): void => {
    for (const t of tiles) {
      if (left[tileKind(t)] === 0) throw new Error(`layOut: a fifth ${t} in the spec`);
      left[tileKind(t)]!--;
    }
  };
  const hands: [Tile[], Tile[]] = [tilesOf(spec.hands[0]), tilesOf(spec.hands[1])];
  const stocks: [Tile[], Tile[]] = [spec.stocks ? tilesOf(spec.stocks[0]) : [], spec.stocks ? tilesOf(spec.stocks[1]) : []];
  const indicator = tileOfText(spec.indicator);
  const underIndicator = tileOfText(spec.underIndicator);
  take([...hands[0], ...hands[1], ...stocks[0], ...stocks[1], indicator, underIndicator]);
  // Fillers never complete either hand, so that `discardSafe` always has 17 harmless discards.
  const waits = new Set<TileKind>([...minefieldWaits(hands[0]), ...minefieldWaits(hands[1])]);
  for (const stock of stocks) {
    for (let k = 0; k < KIND_COUNT && stock.length < 21; k++) {
      if (waits.has(k)) continue;
      while (left[k]! > 0 && stock.length < 21) {
        stock.push(k as Tile);
        left[k]!--;
      }
    }
  }
  const unused: Tile[] = [indicator, underIndicator];
  for (let k = 0; k < KIND_COUNT; k++) for (let i = 0; i < left[k]!; i++) unused.push(k as Tile);
  return { walls: [[...hands[0], ...stocks[0]], [...hands[1], ...stocks[1]]], unused, hands, indicator, underIndicator };
}

export interface ScriptedGame {
  readonly actor: Actor<typeof minefieldGameMachine>;
  readonly clock: SimulatedClock;
  /** Everything in order: inputs sent and outcomes emitted. */
  readonly log: MinefieldEvent[];
  send(input: MinefieldInput): MinefieldOutcome[];
  /** Lays out a deal and sets both hands (dealer first); returns to `awaitingDiscard`. */
  deal(spec: DealSpec): Deal;
  discard(seat: MinefieldSeat, tile: string | Tile): MinefieldOutcome[];
  /** Discards a stock tile that is neither seat's wait. */
  discardSafe(seat: MinefieldSeat): MinefieldOutcome[];
  ron(seat: MinefieldSeat): MinefieldOutcome[];
  pass(seat: MinefieldSeat): MinefieldOutcome[];
  /** Safe discards in turn until the hand's last discard, then the dealer passes: a draw. */
  playToDraw(): MinefieldOutcome[];
  outcomes(type: MinefieldOutcome['type']): MinefieldOutcome[];
}

export function scriptedGame(options: { firstDealer?: MinefieldSeat; startingPoints?: number; deadlines?: Partial<Deadlines> } = {}): ScriptedGame {
  const clock = new SimulatedClock();
  const actor = createActor(minefieldGameMachine, {
    input: { firstDealer: options.firstDealer ?? 0, startingPoints: options.startingPoints, deadlines: options.deadlines },
    clock,
  });
  const log: MinefieldEvent[] = [];
  let current: MinefieldOutcome[] = [];
  actor.on('*', (event) => {
    log.push(event);
    current.push(event);
  });
  actor.start();
  const send = (input: MinefieldInput): MinefieldOutcome[] => {
    current = [];
    log.push(input);
    actor.send(input);
    return current;
  };
  const game: ScriptedGame = {
    actor,
    clock,
    log,
    send,
    deal(spec) {
      const deal = layOut(spec);
      send({ type: 'hand.wallsBuilt', walls: deal.walls, unused: deal.unused });
      send({ type: 'hand.doraFlipped', indicator: deal.indicator, underIndicator: deal.underIndicator });
      const dealer = actor.getSnapshot().context.dealer;
      for (const seat of [dealer, opponentOf(dealer)]) send({ type: 'seat.handSet', seat, tiles: deal.hands[seat], source: 'console' });
      return deal;
    },
    discard: (seat, tile) => send({ type: 'seat.discarded', seat, tile: typeof tile === 'string' ? tileOfText(tile) : tile }),
    discardSafe(seat) {
      const hand = actor.getSnapshot().context.hand;
      const tile = hand.stocks[seat].find((t) => !hand.waits[0].includes(tileKind(t)) && !hand.waits[1].includes(tileKind(t)));
      if (tile === undefined) throw new Error(`discardSafe: seat ${seat} has no harmless tile left`);
      return game.discard(seat, tile);
    },
    ron: (seat) => send({ type: 'seat.ronDeclared', seat }),
    pass: (seat) => send({ type: 'seat.passed', seat }),
    playToDraw() {
      for (;;) {
        const snapshot = actor.getSnapshot();
        const hand = snapshot.context.hand;
        if (hand.discards[0].length + hand.discards[1].length === 34) return game.pass(hand.turn);
        game.discardSafe(hand.turn);
      }
    },
    outcomes: (type) => log.filter((e): e is MinefieldOutcome => e.type === type),
  };
  return game;
}
