// Mangan tag-team through the game machine (variants.md V4.3): swaps every ten discards across hands, seated-only losses, a player out, the game's end.
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { startGame } from '../../../rules/game-flow.js';
import type { Seat } from '../../../rules/payments.js';
import { tileOfText as t } from '../../../rules/tiles.js';
import { MANGAN_MAHJONG, partnerOf, type TagTeamPlayer } from '../../../rules/variants/mangan.js';
import { createRng } from '../../../table/rng.js';
import type { RiichiInput, RiichiOutcome } from './events.js';
import { riichiGameMachine } from './game.js';
import type { HandModel } from './model.js';
import { drawInputFor } from './table-inputs.js';
import { layWall, shuffledWall, type Wall } from './wall.js';

const of = <T extends RiichiOutcome['type']>(out: readonly RiichiOutcome[], type: T) =>
  out.filter((o): o is Extract<RiichiOutcome, { type: T }> => o.type === type);

function tagTeamGame() {
  const actor = createActor(riichiGameMachine, {
    input: { options: MANGAN_MAHJONG, progress: startGame(MANGAN_MAHJONG, 0), tagTeam: true },
    clock: new SimulatedClock(),
  });
  const out: RiichiOutcome[] = [];
  actor.on('*', (e) => out.push(e as RiichiOutcome));
  actor.start();
  const send = (input: RiichiInput): RiichiOutcome[] => {
    const before = out.length;
    actor.send(input);
    return out.slice(before);
  };
  const context = () => actor.getSnapshot().context;
  return { actor, out, send, context };
}

type Game = ReturnType<typeof tagTeamGame>;

/** Per seat, a discard that was not won on (the ones V4.3 item 2 counts), and what followed it. */
interface CountedDiscard {
  readonly seat: Seat;
  readonly after: readonly RiichiOutcome[];
}

/**
 * Plays the hand in progress to its end: each seat discards what it drew, every claim is passed, nobody
 * wins. Returns the discards in order, each with the outcomes it caused (a `seat.substituted` among them).
 */
function playOutHand(g: Game, stopAt: (h: HandModel) => boolean = () => false): CountedDiscard[] {
  const discards: CountedDiscard[] = [];
  const hands = of(g.out, 'hand.started').length;
  for (let guard = 0; guard < 1000; guard++) {
    if (g.actor.getSnapshot().status !== 'active' || of(g.out, 'hand.started').length > hands)
      return discards;
    const h = g.context().hand;
    if (stopAt(h)) return discards;
    if (h.phase.kind === 'drawing') g.send(drawInputFor(h)!);
    else if (h.phase.kind === 'turn') {
      const seat = h.turn;
      const tile = h.drawn[seat] ?? h.concealed[seat]!.at(-1)!;
      const after = g.send({ type: 'seat.discarded', seat, tile, riichi: false });
      // Passes of a claimable discard come after; they are part of the same discard.
      for (let w = g.context().hand; w.phase.kind === 'claiming'; w = g.context().hand) {
        const open = w.phase.window.eligible.find(
          (s) => w.phase.kind === 'claiming' && w.phase.window.responses[s] === null,
        );
        if (open === undefined) break;
        after.push(...g.send({ type: 'seat.passed', seat: open }));
      }
      discards.push({ seat, after });
    } else throw new Error(`unexpected phase ${h.phase.kind}`);
  }
  throw new Error('the hand did not end');
}

describe('Mangan tag-team substitution every ten discards (variants.md V4.3 item 2, G5)', () => {
  it('each seat swaps at its tenth discard since the seated player sat down; the count carries over into the next hand', () => {
    const g = tagTeamGame();
    const rng = createRng(20261122);
    const counts = [0, 0, 0, 0];
    const swaps: { seat: Seat; count: number; left: number; joined: number; hand: number }[] = [];
    for (let hand = 1; hand <= 3; hand++) {
      g.send({ type: 'hand.wallBuilt', ...(shuffledWall(MANGAN_MAHJONG, rng) as Wall) });
      for (const d of playOutHand(g)) {
        counts[d.seat] = counts[d.seat]! + 1;
        for (const s of of(d.after, 'seat.substituted'))
          swaps.push({ seat: s.seat, count: counts[s.seat]!, left: s.left, joined: s.joined, hand });
      }
    }
    // Every swap is at a multiple of ten of that seat's discards (no win: every discard counts), none missed.
    for (const seat of [0, 1, 2, 3] as const) {
      const at = swaps.filter((s) => s.seat === seat);
      expect(at.map((s) => s.count)).toEqual(
        Array.from({ length: Math.floor(counts[seat]! / 10) }, (_, i) => 10 * (i + 1)),
      );
      // The pair alternates: 2s → 2s+1 → 2s ...; every swap is why tenDiscards.
      at.forEach((s, i) => {
        expect(s.left).toBe(2 * seat + (i % 2));
        expect(s.joined).toBe(partnerOf(s.left as TagTeamPlayer));
      });
    }
    // A hand has fewer than 20 discards per seat, so some seat's second swap fell in a later hand than its first:
    // the partner's count went on across the hand boundary instead of restarting.
    const carried = [0, 1, 2, 3].some((seat) => {
      const at = swaps.filter((s) => s.seat === seat);
      return at.length >= 2 && at[1]!.hand > at[0]!.hand;
    });
    expect(carried).toBe(true);
    expect(of(g.out, 'seat.substituted').every((s) => s.why === 'tenDiscards')).toBe(true);
    // Nobody won: nobody lost a point, in or out of the seat (V4.1 G1: no tenpai payments either).
    expect(g.context().tagTeam!.points).toEqual(new Array(8).fill(25000));
    const { seated, discards } = g.context().tagTeam!;
    seated.forEach((p, seat) => {
      expect(p === 2 * seat || p === 2 * seat + 1).toBe(true);
      expect(discards[seat]).toBe(counts[seat]! % 10);
    });
  });
});

/**
 * Hand 1, seat 0 deals: seat 1 holds the thirteen-sided Thirteen Orphans and rons the dealer's first discard (1m).
 * Seats 2 and 3 cannot claim it. Indicator 7z.
 */
const KOKUSHI = '19m19p19s1234567z';
const HAND_1 = ['12468m2468p2468s3z', KOKUSHI, '357m357p357s2356z', '3579m3579p3579s4z'];

function yakumanOnTheDealer(g: Game): RiichiOutcome[] {
  g.send({
    type: 'hand.wallBuilt',
    ...layWall({ options: MANGAN_MAHJONG, dealer: 0, hands: HAND_1, indicators: '7z' }),
  });
  g.send({ type: 'seat.discarded', seat: 0, tile: t('1m'), riichi: false });
  return g.send({ type: 'seat.ronDeclared', seat: 1 });
}

describe('Mangan tag-team: only the seated lose; a player at 0 or below plays on (variants.md V4.3 items 3-4, G6)', () => {
  it('a win right after a swap costs the player who sat down, not the one who left (item 3: seated at the moment of the win)', () => {
    const g = tagTeamGame();
    // Seat 0 deals simples and discards what he draws; seat 1 holds the thirteen-sided Thirteen Orphans. The
    // 36 draws before seat 1's tenth are simples; his tenth (the 37th) is 1m, just after seat 0's tenth discard.
    const simples = ['m', 'p', 's'].flatMap((suit) => [2, 3, 4, 5, 6, 7, 8].map((n) => `${n}${suit}`));
    const draws = [...simples, ...simples].slice(0, 36).join('') + '1m';
    g.send({
      type: 'hand.wallBuilt',
      ...layWall({
        options: MANGAN_MAHJONG,
        dealer: 0,
        hands: ['234567m234567p2s', KOKUSHI],
        draws,
        indicators: '7z',
      }),
    });
    const one = t('1m');
    const discards = playOutHand(g, (h) => h.phase.kind === 'turn' && h.turn === 1 && h.drawn[1] === one);
    expect(discards.filter((d) => d.seat === 0).length).toBe(10);
    expect(discards.flatMap((d) => of(d.after, 'seat.substituted'))).toEqual([
      { type: 'seat.substituted', seat: 0, left: 0, joined: 1, why: 'tenDiscards' },
    ]);
    const out = g.send({ type: 'seat.tsumoDeclared', seat: 1 });
    const won = of(out, 'hand.won')[0]!;
    expect(won.deltas[1]).toBe(0);
    expect(won.deltas[0]!).toBeLessThan(won.deltas[2]!);
    const tag = g.context().tagTeam!;
    // Seated now: players 1, 2, 4, 6. Player 0 dealt ten discards of this hand but was off the table at the win.
    expect(tag.points).toEqual([
      25000,
      25000 + won.deltas[0]!,
      25000,
      25000,
      25000 + won.deltas[2]!,
      25000,
      25000 + won.deltas[3]!,
      25000,
    ]);
  });

  it('G6 (issue 12): the seated dealer pays the yakuman and stays at the table below 0; his seat still swaps every ten discards', () => {
    const g = tagTeamGame();
    const out = yakumanOnTheDealer(g);
    const won = of(out, 'hand.won')[0]!;
    expect(won.wins[0]!.yaku.some((y) => y.yakuman !== undefined)).toBe(true);
    // V4.1 item 3: the discarder pays, the winner receives nothing.
    expect(won.deltas[1]).toBe(0);
    expect(won.deltas[2]).toBe(0);
    expect(won.deltas[3]).toBe(0);
    const paid = -won.deltas[0]!;
    expect(paid).toBeGreaterThanOrEqual(32000);
    // Nobody leaves for reaching 0 (G6): no substitution, and the game goes on.
    expect(of(out, 'seat.substituted')).toEqual([]);
    const tag = g.context().tagTeam!;
    // Player 0 paid it all; player 1, off the table at the time, lost nothing (item 3).
    expect(tag.points).toEqual([25000 - paid, 25000, 25000, 25000, 25000, 25000, 25000, 25000]);
    expect(tag.reachedZero).toEqual([true, false, false, false, false, false, false, false]);
    expect(tag.seated).toEqual([0, 2, 4, 6]);
    // The next hand plays with the seated players' points, player 0's below 0; seat 1 deals (a non-dealer won).
    expect(of(out, 'hand.started')[0]).toMatchObject({
      dealer: 1,
      points: [25000 - paid, 25000, 25000, 25000],
    });
    expect(of(out, 'game.ended')).toEqual([]);

    // Hand 2 played out: every seat swaps at its tenth discard, seat 0 (the player below 0) too.
    g.send({ type: 'hand.wallBuilt', ...(shuffledWall(MANGAN_MAHJONG, createRng(7)) as Wall) });
    const discards = playOutHand(g);
    const swaps = discards.flatMap((d) => of(d.after, 'seat.substituted'));
    expect(discards.filter((d) => d.seat === 0).length).toBeGreaterThanOrEqual(10);
    expect(swaps.map((s) => s.seat).sort()).toEqual([0, 1, 2, 3]);
    expect(swaps.find((s) => s.seat === 0)).toMatchObject({ left: 0, joined: 1, why: 'tenDiscards' });
  });

  it('G6 (issue 12): the same player below 0 pays again and sinks further; one player at 0 does not end the game', () => {
    const g = tagTeamGame();
    const first = -of(yakumanOnTheDealer(g), 'hand.won')[0]!.deltas[0]!;
    // Hand 2, seat 1 deals (Thirteen Orphans again, 14th tile 5m); seats 2, 3 and 0 draw 2p, 3p and 1m, and
    // discard what they drew; seat 1 rons seat 0's 1m. Nobody else can claim a tile on the way.
    const hands = ['2468m2468p2468s3z', KOKUSHI + '5m', '357m357p357s2356z', '3579m3579p3579s4z'];
    g.send({
      type: 'hand.wallBuilt',
      ...layWall({ options: MANGAN_MAHJONG, dealer: 1, hands, draws: '2p3p1m', indicators: '7z' }),
    });
    const turn = (seat: Seat, tile: string) => {
      const h = g.context().hand;
      if (h.phase.kind === 'drawing') g.send(drawInputFor(h)!);
      g.send({ type: 'seat.discarded', seat, tile: t(tile), riichi: false });
      for (let w = g.context().hand; w.phase.kind === 'claiming'; w = g.context().hand) {
        const open = w.phase.window.eligible.find(
          (s) => s !== 1 && w.phase.kind === 'claiming' && w.phase.window.responses[s] === null,
        );
        if (open === undefined) break;
        g.send({ type: 'seat.passed', seat: open });
      }
    };
    turn(1, '5m');
    turn(2, '2p');
    turn(3, '3p');
    turn(0, '1m');
    const out = g.send({ type: 'seat.ronDeclared', seat: 1 });
    const won = of(out, 'hand.won')[0]!;
    const second = -won.deltas[0]!;
    expect(second).toBeGreaterThanOrEqual(32000);
    const tag = g.context().tagTeam!;
    // Still player 0 at seat 0: he paid the second yakuman too.
    expect(tag.seated).toEqual([0, 2, 4, 6]);
    expect(tag.points[0]).toBe(25000 - first - second);
    expect(tag.reachedZero.filter(Boolean)).toHaveLength(1);
    expect(of(out, 'seat.substituted')).toEqual([]);
    expect(of(out, 'tagTeam.gameDecided')).toEqual([]);
    expect(of(out, 'game.ended')).toEqual([]);
    expect(of(out, 'hand.started')).toHaveLength(1);
    expect(g.actor.getSnapshot().status).toBe('active');
  });
});
