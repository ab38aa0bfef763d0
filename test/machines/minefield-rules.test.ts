// Each Minefield rule of seed 000 / variants.md V1 as its own scripted test through the game machine.
import { describe, expect, it } from 'vitest';
import { tileOfText, tilesOf } from '../../rules/tiles.js';
import type { MinefieldOutcome } from '../../families/minefield/machines/events.js';
import { phaseOf } from '../../families/minefield/machines/public-view.js';
import { layOut, scriptedGame, type ScriptedGame } from './minefield-script.js';

// Seat 0 deals first (East), seat 1 is West. Background dealer hand: four concealed triplets waiting on East
// alone (a double yakuman if anyone ever threw East; the tests never do unless they mean to).
const DEALER_BG = '111p444p111s999s1z';
// V1.7 row 1/2: Riichi + Pinfu + All Simples, waits 2s 5s 8s.
const PINFU = '234m56788p34567s';

const won = (events: MinefieldOutcome[]) => events.find((e) => e.type === 'hand.won') as Extract<MinefieldOutcome, { type: 'hand.won' }> | undefined;
const refusal = (events: MinefieldOutcome[]) => events.find((e) => e.type === 'win.refused') as Extract<MinefieldOutcome, { type: 'win.refused' }> | undefined;
const phase = (game: ScriptedGame) => phaseOf(game.actor.getSnapshot().value);
const yakuIds = (events: MinefieldOutcome[]) => won(events)!.yaku.map((y) => y.id);
/**
 * Two safe discards each: the dealer's next discard is his third, outside the non-dealer's One-Shot window (M1:
 * that window holds the dealer's second discard), so a win on it scores no One-Shot.
 */
const pastOneShot = (game: ScriptedGame): void => {
  for (let i = 0; i < 2; i++) {
    game.discardSafe(0);
    game.discardSafe(1);
  }
};

describe('Minefield hand (variants.md V1.2-V1.4)', () => {
  it('the first discard of each player declares riichi; a win on the opponent first discard scores riichi and one-shot', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '1m', underIndicator: '1z' });
    expect(phase(game)).toBe('awaitingDiscard');
    const first = game.discard(0, '5s');
    expect(first).toContainEqual({ type: 'seat.riichiDeclared', seat: 0, tile: tileOfText('5s') });
    const result = game.ron(1);
    expect(yakuIds(result)).toEqual(expect.arrayContaining(['Y01', 'Y03']));
    expect(won(result)).toMatchObject({ seat: 1, from: 0, han: 5, limit: 'mangan', payment: 1000, points: [49_000, 51_000] });
  });

  it('the non-dealer declares riichi with his first discard too', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    game.discardSafe(0);
    expect(game.discardSafe(1).filter((e) => e.type === 'seat.riichiDeclared')).toEqual([expect.objectContaining({ seat: 1 })]);
    expect(game.discardSafe(0).some((e) => e.type === 'seat.riichiDeclared')).toBe(false);
  });

  /** The non-dealer (PINFU) rons 5s, the dealer's second discard: inside his One-Shot window (M1). */
  const ronOnDealerSecondDiscard = (indicator: string) => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator, underIndicator: '2z' });
    game.discardSafe(0);
    game.discardSafe(1);
    game.discard(0, '5s');
    return game.ron(1);
  };

  it("M1 (ruled by the seed, issue 12): the non-dealer's One-Shot window holds the dealer's second discard", () => {
    const result = ronOnDealerSecondDiscard('1m');
    expect(yakuIds(result)).toContain('Y03');
    expect(won(result)).toMatchObject({ han: 5, fu: 30, limit: 'mangan' });
  });

  it('M1: without dora, Riichi + One-Shot + Pinfu + All Simples on the dealer second discard is 4 han 30 fu, a mangan', () => {
    const result = ronOnDealerSecondDiscard('1z');
    expect(refusal(result)).toBeUndefined();
    expect(yakuIds(result)).toEqual(expect.arrayContaining(['Y01', 'Y03', 'Y05', 'Y06']));
    expect(won(result)).toMatchObject({ seat: 1, han: 4, hanWithoutUra: 4, fu: 30, limit: 'mangan', payment: 1000 });
  });

  it('M1: no One-Shot once the window closed: the dealer on the non-dealer second discard, the non-dealer on the dealer third', () => {
    const dealerWins = scriptedGame();
    dealerWins.deal({ hands: [PINFU, DEALER_BG], stocks: ['', '5s'], indicator: '1m', underIndicator: '1z' });
    dealerWins.discardSafe(0);
    dealerWins.discardSafe(1);
    dealerWins.discardSafe(0);
    dealerWins.discard(1, '5s');
    const byDealer = dealerWins.ron(0);
    expect(yakuIds(byDealer)).not.toContain('Y03');
    expect(won(byDealer)).toMatchObject({ seat: 0, han: 4, fu: 30, limit: 'mangan' });

    const late = scriptedGame();
    late.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '1m', underIndicator: '1z' });
    for (let i = 0; i < 2; i++) {
      late.discardSafe(0);
      late.discardSafe(1);
    }
    late.discard(0, '5s');
    const third = late.ron(1);
    expect(yakuIds(third)).not.toContain('Y03');
    expect(won(third)).toMatchObject({ seat: 1, han: 4, fu: 30, limit: 'mangan' });
  });

  it('furiten by own discard: throwing one of your waits forbids every later win this hand', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', '8s'], indicator: '1m', underIndicator: '1z' });
    game.discardSafe(0);
    expect(game.discard(1, '8s')).toContainEqual({ type: 'seat.furiten', seat: 1, cause: 'ownDiscard', tile: tileOfText('8s') });
    game.discard(0, '5s');
    const result = game.ron(1);
    expect(refusal(result)).toMatchObject({ seat: 1, code: 'furiten' });
    expect(won(result)).toBeUndefined();
    expect(phase(game)).toBe('awaitingDiscard');
    game.discardSafe(1); // the hand goes on
    expect(game.actor.getSnapshot().context.hand.discards[1]).toHaveLength(2);
  });

  it('furiten by passing a win: discarding instead of claiming a legal win', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s2s', ''], indicator: '1m', underIndicator: '1z' });
    game.discard(0, '5s');
    expect(game.discardSafe(1)).toContainEqual({ type: 'seat.furiten', seat: 1, cause: 'declinedWin', tile: tileOfText('5s') });
    game.discard(0, '2s');
    expect(refusal(game.ron(1))).toMatchObject({ code: 'furiten' });
  });

  it('below-mangan completion: refused, and the player is furiten from that tile on', () => {
    const game = scriptedGame();
    // No dora: Riichi + Pinfu + All Simples = 3 han 30 fu (V1.7 row 1).
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s2s', ''], indicator: '1z', underIndicator: '2z' });
    pastOneShot(game);
    expect(game.discard(0, '5s')).toContainEqual({ type: 'seat.furiten', seat: 1, cause: 'belowMangan', tile: tileOfText('5s') });
    expect(refusal(game.ron(1))).toMatchObject({ seat: 1, code: 'below_mangan' });
    expect(phase(game)).toBe('awaitingDiscard');
    game.discardSafe(1);
    game.discard(0, '2s');
    expect(refusal(game.ron(1))).toMatchObject({ code: 'furiten' });
  });

  it('under-dora never count towards the floor: 3 han + 2 under-dora is still refused', () => {
    const game = scriptedGame();
    // Under-dora indicator 7p: two 8p in the hand would add 2 han, but only after the floor.
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '1z', underIndicator: '7p' });
    pastOneShot(game);
    game.discard(0, '5s');
    expect(refusal(game.ron(1))).toMatchObject({ code: 'below_mangan' });
  });

  it('under-dora do raise the tier once the floor is met: 5 han + 1 under-dora is a haneman', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '7p', underIndicator: '1m' });
    pastOneShot(game);
    game.discard(0, '5s');
    expect(won(game.ron(1))).toMatchObject({ han: 6, hanWithoutUra: 5, limit: 'haneman', multiplier: 1.5, payment: 1500, underIndicator: tileOfText('1m') });
  });

  it("the dealer wins on the non-dealer's 17th discard with Last Tile Discard", () => {
    const game = scriptedGame();
    game.deal({ hands: [PINFU, DEALER_BG], stocks: ['', '5s'], indicator: '1m', underIndicator: '1z' });
    for (let i = 0; i < 16; i++) {
      game.discardSafe(0);
      game.discardSafe(1);
    }
    game.discardSafe(0);
    game.discard(1, '5s');
    expect(phase(game)).toBe('lastClaim');
    const result = game.ron(0);
    expect(yakuIds(result)).toContain('Y12');
    expect(won(result)).toMatchObject({ seat: 0, from: 1, limit: 'mangan' });
  });

  it('after the 34th discard a pass, or the claim deadline, ends the hand in a draw with nothing shown', () => {
    const game = scriptedGame({ deadlines: { lastClaimMs: 5_000 } });
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    const drawn = game.playToDraw();
    expect(drawn).toEqual([{ type: 'hand.drawn', nextAnte: 2000 }, expect.objectContaining({ type: 'hand.started', hand: 2 })]);
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    for (let i = 0; i < 34; i++) game.discardSafe(game.actor.getSnapshot().context.hand.turn);
    expect(phase(game)).toBe('lastClaim');
    expect(game.discard(0, game.actor.getSnapshot().context.hand.stocks[0][0]!)).toContainEqual(expect.objectContaining({ type: 'seat.discardRejected', code: 'no_discards_left' }));
    game.clock.increment(5_000);
    expect(game.outcomes('hand.drawn')).toHaveLength(2);
    expect(game.outcomes('hand.started').at(-1)).toMatchObject({ hand: 3, ante: 4000 });
  });
});

describe('Minefield game (variants.md V1.5, V1.6)', () => {
  it('the ante doubles across consecutive draws and returns to 1000 after a win paid at the doubled ante', () => {
    const game = scriptedGame();
    for (let i = 0; i < 3; i++) {
      game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
      game.playToDraw();
    }
    expect(game.outcomes('hand.drawn').map((e) => (e as { nextAnte: number }).nextAnte)).toEqual([2000, 4000, 8000]);
    expect(game.outcomes('hand.started').map((e) => (e as { ante: number }).ante)).toEqual([1000, 2000, 4000, 8000]);
    expect(game.outcomes('hand.started').every((e) => (e as { dealer: number }).dealer === 0)).toBe(true);
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '1m', underIndicator: '1z' });
    game.discardSafe(0);
    game.discardSafe(1);
    game.discard(0, '5s');
    expect(won(game.ron(1))).toMatchObject({ payment: 8000, points: [42_000, 58_000] });
    expect(game.outcomes('hand.started').at(-1)).toMatchObject({ ante: 1000, dealer: 1 });
  });

  const multipliers: { name: string; hand: string; win: string; indicator: string; under: string; limit: string; multiplier: number }[] = [
    { name: 'mangan', hand: PINFU, win: '5s', indicator: '1m', under: '1z', limit: 'mangan', multiplier: 1 },
    { name: 'haneman', hand: PINFU, win: '5s', indicator: '7p', under: '1m', limit: 'haneman', multiplier: 1.5 },
    { name: 'baiman', hand: '123456789m2355m', win: '4m', indicator: '1z', under: '1z', limit: 'baiman', multiplier: 2 },
    { name: 'sanbaiman', hand: '123456789m2355m', win: '1m', indicator: '1z', under: '2z', limit: 'sanbaiman', multiplier: 3 },
    { name: 'counted yakuman', hand: '123456789m2355m', win: '1m', indicator: '1z', under: '4m', limit: 'kazoe yakuman', multiplier: 4 },
    { name: 'yakuman', hand: '555666777z234m9p', win: '9p', indicator: '2z', under: '2z', limit: 'yakuman', multiplier: 4 },
  ];
  for (const c of multipliers) {
    it(`pays ante × ${c.multiplier} for a ${c.name}`, () => {
      const game = scriptedGame();
      game.deal({ hands: [DEALER_BG, c.hand], stocks: [c.win, ''], indicator: c.indicator, underIndicator: c.under });
      pastOneShot(game);
      game.discard(0, c.win);
      expect(won(game.ron(1))).toMatchObject({ limit: c.limit, multiplier: c.multiplier, payment: 1000 * c.multiplier });
    });
  }

  it('pays ante × 8 for a double yakuman (four concealed triplets on a single wait), and the dealer stays', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['', '1z'], indicator: '2z', underIndicator: '2z' });
    game.discardSafe(0);
    game.discard(1, '1z');
    expect(won(game.ron(0))).toMatchObject({ seat: 0, limit: 'yakuman', yakuman: 2, multiplier: 8, payment: 8000, points: [58_000, 42_000] });
    expect(game.outcomes('hand.started').at(-1)).toMatchObject({ dealer: 0, ante: 1000 });
  });

  it('dealer rotation: a non-dealer win passes the deal, a dealer win and a draw keep it', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    game.playToDraw();
    expect(game.outcomes('hand.started').at(-1)).toMatchObject({ dealer: 0 });
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '1m', underIndicator: '1z' });
    game.discard(0, '5s');
    game.ron(1);
    expect(game.outcomes('hand.started').at(-1)).toMatchObject({ dealer: 1 });
    // Seat 1 now deals: its hand is set first and it discards first.
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['', '1z'], indicator: '2z', underIndicator: '2z' });
    expect(game.actor.getSnapshot().context.hand.turn).toBe(1);
    game.discard(1, '1z');
    game.ron(0);
    expect(game.outcomes('hand.started').at(-1)).toMatchObject({ dealer: 0 });
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['1s', '1z'], indicator: '2z', underIndicator: '2z' });
    game.discardSafe(0);
    game.discard(1, '1z');
    game.ron(0);
    expect(game.outcomes('hand.started').at(-1)).toMatchObject({ dealer: 0 });
  });

  it('the game ends when a player cannot afford the ante at the start of a hand', () => {
    const game = scriptedGame({ startingPoints: 3000 });
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '1m', underIndicator: '1z' });
    game.discardSafe(0);
    game.discardSafe(1);
    game.discard(0, '5s');
    game.ron(1); // [2000, 4000], seat 1 deals, ante 1000
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    game.playToDraw(); // ante 2000: both can pay
    expect(phase(game)).toBe('walling');
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    game.playToDraw(); // ante 4000: seat 0 has 2000
    expect(game.outcomes('game.ended')).toEqual([{ type: 'game.ended', loser: 0, reason: 'cannot_afford_ante', points: [2000, 4000], handsPlayed: 3 }]);
    expect(game.actor.getSnapshot().status).toBe('done');
  });

  it('the game ends when a payment leaves a player at 0 points or fewer', () => {
    const game = scriptedGame({ startingPoints: 1000 });
    game.deal({ hands: [DEALER_BG, PINFU], stocks: ['5s', ''], indicator: '1m', underIndicator: '1z' });
    game.discardSafe(0);
    game.discardSafe(1);
    game.discard(0, '5s');
    const result = game.ron(1);
    expect(result.at(-1)).toEqual({ type: 'game.ended', loser: 0, reason: 'out_of_points', points: [0, 2000], handsPlayed: 1 });
  });
});

describe('Minefield refusals and deadlines', () => {
  it('refuses a win with no discard, on your own discard, or on a tile that does not complete the hand', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    expect(refusal(game.ron(1))).toMatchObject({ code: 'no_discard' });
    game.discardSafe(0);
    expect(refusal(game.ron(0))).toMatchObject({ code: 'not_your_turn' });
    expect(refusal(game.ron(1))).toMatchObject({ code: 'not_a_win' });
    expect(phase(game)).toBe('awaitingDiscard');
  });

  it('rejects hands that are not tenpai, not from the wall, or set twice; an accepted hand stays secret', () => {
    const game = scriptedGame();
    const deal = layOut({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    game.send({ type: 'hand.wallsBuilt', walls: deal.walls, unused: deal.unused });
    expect(game.send({ type: 'hand.doraFlipped', indicator: deal.indicator, underIndicator: deal.underIndicator })).toEqual([]);
    // Four pairs and five singles from seat 0's wall: no wait at all.
    expect(game.send({ type: 'seat.handSet', seat: 0, tiles: tilesOf('1356m1144p1199s1z'), source: 'sensor' })).toEqual([
      expect.objectContaining({ type: 'seat.handRejected', seat: 0, code: 'not_tenpai' }),
    ]);
    expect(game.send({ type: 'seat.handSet', seat: 0, tiles: deal.hands[1], source: 'sensor' })).toEqual([expect.objectContaining({ code: 'not_from_wall' })]);
    expect(game.send({ type: 'seat.handSet', seat: 0, tiles: deal.hands[0].slice(0, 12), source: 'console' })).toEqual([expect.objectContaining({ code: 'bad_hand_size' })]);
    expect(game.send({ type: 'seat.handSet', seat: 0, tiles: deal.hands[0], source: 'sensor' })).toEqual([{ type: 'seat.handAccepted', seat: 0 }]);
    expect(game.send({ type: 'seat.handSet', seat: 0, tiles: deal.hands[0], source: 'sensor' })).toEqual([expect.objectContaining({ code: 'already_set' })]);
    expect(phase(game)).toBe('settingHands');
  });

  it('rejects discards out of turn or from the hand', () => {
    const game = scriptedGame();
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    expect(game.discard(1, game.actor.getSnapshot().context.hand.stocks[1][0]!)).toEqual([expect.objectContaining({ type: 'seat.discardRejected', code: 'not_your_turn' })]);
    expect(game.discard(0, '1z')).toEqual([expect.objectContaining({ type: 'seat.discardRejected', code: 'not_in_stock' })]);
    expect(game.actor.getSnapshot().context.hand.discards[0]).toHaveLength(0);
  });

  it('walls that are not the whole set, and indicators not from the unused tiles, are rejected', () => {
    const game = scriptedGame();
    const snapshotBefore = game.actor.getSnapshot();
    const tile = tileOfText('1m');
    expect(game.send({ type: 'hand.wallsBuilt', walls: [Array(34).fill(tile), Array(34).fill(tile)], unused: Array(68).fill(tile) })).toEqual([
      expect.objectContaining({ type: 'hand.setupRejected', code: 'not_the_whole_set' }),
    ]);
    expect(game.actor.getSnapshot().value).toEqual(snapshotBefore.value);
    const deal = layOut({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    game.send({ type: 'hand.wallsBuilt', walls: deal.walls, unused: deal.unused });
    // The walls hold all four 1p (three in seat 0's hand, one in seat 1's stock): none can be an indicator.
    expect(game.send({ type: 'hand.doraFlipped', indicator: tileOfText('1p'), underIndicator: deal.underIndicator })).toEqual([
      expect.objectContaining({ type: 'hand.setupRejected', code: 'indicators_not_unused' }),
    ]);
    expect(phase(game)).toBe('flippingDora');
  });

  it('deadlines are after delays: an overdue seat is buzzed, repeatedly, while nothing else changes', () => {
    const game = scriptedGame({ deadlines: { handSettingMs: 1000, discardMs: 2000 } });
    game.deal({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    game.clock.increment(1999);
    expect(game.outcomes('seat.overdue')).toEqual([]);
    game.clock.increment(1);
    expect(game.outcomes('seat.overdue')).toEqual([{ type: 'seat.overdue', seat: 0, stage: 'discarding' }]);
    game.discardSafe(0); // the timer restarts for seat 1
    game.clock.increment(2000);
    expect(game.outcomes('seat.overdue').at(-1)).toEqual({ type: 'seat.overdue', seat: 1, stage: 'discarding' });

    const slow = scriptedGame({ deadlines: { handSettingMs: 1000 } });
    slow.clock.increment(10_000); // no deadline while the table builds the walls
    expect(slow.outcomes('seat.overdue')).toEqual([]);
    const deal = layOut({ hands: [DEALER_BG, PINFU], indicator: '1m', underIndicator: '1z' });
    slow.send({ type: 'hand.wallsBuilt', walls: deal.walls, unused: deal.unused });
    slow.send({ type: 'hand.doraFlipped', indicator: deal.indicator, underIndicator: deal.underIndicator });
    slow.send({ type: 'seat.handSet', seat: 0, tiles: deal.hands[0], source: 'sensor' });
    slow.clock.increment(1000);
    slow.clock.increment(1000);
    expect(slow.outcomes('seat.overdue')).toEqual([
      { type: 'seat.overdue', seat: 1, stage: 'settingHand' },
      { type: 'seat.overdue', seat: 1, stage: 'settingHand' },
    ]);
  });
});
