// Scenario tests of the game structure (riichi.md 16, 17, 10; variants.md V3.6, V4.1): settlements come from rules/payments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterHand,
  agariYameOffered,
  finalStandings,
  handName,
  rankingOf,
  seatWindOf,
  startGame,
  type AbortiveDrawReason,
  type GameProgress,
  type GameStep,
  type HandEnd,
} from './game-flow.js';
import { CLUB, makeRules, TENHOU, type RuleOptions } from './options.js';
import { settleChombo, settleExhaustiveDraw, settleRons, settleWin, type Seat } from './payments.js';
import { unwrap } from './result.js';
import { SANMA } from './variants/sanma.js';
import { TOURNAMENT } from './variants/tournament.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** riichi.md 15: points plus deposits are constant (checked after every hand below). */
function checkConserved(p: GameProgress, options: RuleOptions): void {
  expect(sum(p.points) + 1000 * p.deposits).toBe(options.startingPoints * options.players);
}

function step(p: GameProgress, end: HandEnd, options: RuleOptions): GameStep {
  const s = unwrap(afterHand(p, end, options));
  checkConserved(s.progress, options);
  return s;
}

function nextOf(s: GameStep): GameProgress {
  if (s.kind !== 'next') throw new Error(`expected the game to go on, it ended: ${s.reason}`);
  return s.progress;
}

/** A ron or tsumo (loser null) of `basePoints`, settled by rules/payments with this hand's sticks. */
function win(
  p: GameProgress,
  winner: Seat,
  loser: Seat | null,
  basePoints: number,
  extra: { riichiSticks?: Seat[]; agariYame?: boolean; options?: RuleOptions } = {},
): HandEnd {
  const riichiSticks = extra.riichiSticks ?? [];
  const settlement = unwrap(
    settleWin({
      players: p.players,
      dealer: p.dealer,
      winner,
      loser,
      basePoints,
      honba: p.honba,
      riichiSticks: p.deposits + riichiSticks.length,
      honbaValue: (extra.options ?? CLUB).honbaValue,
    }),
  );
  return {
    kind: 'win',
    winners: [winner],
    settlement,
    riichiSticks,
    ...(extra.agariYame === undefined ? {} : { agariYame: extra.agariYame }),
  };
}

function draw(
  p: GameProgress,
  tenpai: boolean[],
  options: RuleOptions,
  extra: { riichiSticks?: Seat[]; nagashi?: Seat[] } = {},
): HandEnd {
  const riichiSticks = extra.riichiSticks ?? [];
  const settlement = unwrap(
    settleExhaustiveDraw({
      players: p.players,
      dealer: p.dealer,
      tenpai,
      nagashi: extra.nagashi ?? [],
      nagashiMangan: options.nagashiMangan,
      notenPaymentTotal: options.notenPaymentTotal,
      honba: p.honba,
      riichiSticks: p.deposits + riichiSticks.length,
      honbaValue: options.honbaValue,
    }),
  );
  return { kind: 'exhaustiveDraw', tenpai, settlement, riichiSticks };
}

const abort = (reason: AbortiveDrawReason, riichiSticks: Seat[] = []): HandEnd => ({
  kind: 'abortiveDraw',
  reason,
  riichiSticks,
});

/** A progress in the middle of the game (plain data, as the machine keeps it). */
function at(options: RuleOptions, change: Partial<GameProgress>): GameProgress {
  return { ...startGame(options, 0), ...change };
}

describe('start and seat winds (riichi.md 0.4, 2)', () => {
  it('East 1: first dealer, starting points, nothing on the table', () => {
    const p = startGame(CLUB, 2);
    expect(p).toMatchObject({
      roundWind: 1,
      handNumber: 1,
      dealer: 2,
      firstDealer: 2,
      honba: 0,
      deposits: 0,
    });
    expect(p.points).toEqual([25000, 25000, 25000, 25000]);
    expect([0, 1, 2, 3].map((s) => seatWindOf(p, s as Seat))).toEqual([3, 4, 1, 2]);
    expect(handName(p)).toBe('East 1');
    expect(() => startGame(CLUB, 4 as Seat)).toThrow(/not a seat/);
    expect(startGame(SANMA, 0).points).toEqual([35000, 35000, 35000]);
  });
});

describe('dealer rotation and honba (riichi.md 16, 10)', () => {
  it('the dealer repeats on his win, honba +1; a non-dealer win passes the deal and clears the honba', () => {
    let p = startGame(CLUB, 0);
    p = nextOf(step(p, win(p, 0, 2, 1000), CLUB));
    expect(p).toMatchObject({ dealer: 0, honba: 1, handNumber: 1, dealerWinStreak: 1 });
    expect(p.points).toEqual([31000, 25000, 19000, 25000]);
    p = nextOf(step(p, win(p, 0, null, 1000), CLUB));
    expect(p).toMatchObject({ dealer: 0, honba: 2, dealerWinStreak: 2 });
    p = nextOf(step(p, win(p, 3, 1, 1000), CLUB));
    expect(p).toMatchObject({ dealer: 1, honba: 0, handNumber: 2, dealerWinStreak: 0, handsPlayed: 3 });
    expect(handName(p)).toBe('East 2');
  });

  it('honba and deposits: the winner takes 300 per counter on a ron and every stick on the table', () => {
    // East 2, 2 honba, 1 stick carried over; seat 3 declares riichi this hand and seat 2 rons seat 3's 3900.
    let p = at(CLUB, {
      dealer: 1,
      handNumber: 2,
      honba: 2,
      deposits: 1,
      points: [25000, 24000, 25000, 25000],
    });
    const s = step(p, win(p, 2, 3, 960, { riichiSticks: [3] }), CLUB);
    p = nextOf(s);
    // 3900 + 600 honba + 2 sticks to seat 2; seat 3 pays 4500 and his stick.
    expect(p.points).toEqual([25000, 24000, 25000 + 3900 + 600 + 2000, 25000 - 4500 - 1000]);
    expect(p).toMatchObject({ deposits: 0, honba: 0, dealer: 2 });
  });

  it('exhaustive draw: the dealer keeps the deal when tenpai, passes when noten; honba +1 and sticks stay', () => {
    let p = startGame(CLUB, 0);
    p = nextOf(step(p, draw(p, [true, false, true, false], CLUB, { riichiSticks: [2] }), CLUB));
    expect(p).toMatchObject({ dealer: 0, honba: 1, deposits: 1, handNumber: 1 });
    expect(p.points).toEqual([26500, 23500, 25500, 23500]);
    p = nextOf(step(p, draw(p, [false, true, false, false], CLUB), CLUB));
    expect(p).toMatchObject({ dealer: 1, honba: 2, deposits: 1, handNumber: 2 });
    // The honba carried by the draws is paid on the next win, then cleared.
    p = nextOf(step(p, win(p, 3, null, 1000), CLUB));
    expect(p).toMatchObject({ dealer: 2, honba: 0, deposits: 0 });
  });

  it.each<AbortiveDrawReason>(['nineTerminals', 'fourWinds', 'fourKans', 'tripleRon', 'fifthKan'])(
    'abortive draw (%s): the dealer stays, honba +1, no payments',
    (reason) => {
      const p0 = at(CLUB, {
        dealer: 1,
        handNumber: 2,
        honba: 1,
        deposits: 2,
        points: [25000, 24000, 24000, 25000],
      });
      const p = nextOf(step(p0, abort(reason), CLUB));
      expect(p).toMatchObject({ dealer: 1, handNumber: 2, honba: 2, deposits: 2, points: p0.points });
    },
  );

  it('four riichi: the fourth stick is paid and every stick stays on the table (10.2 item 4)', () => {
    let p = at(CLUB, { deposits: 3, points: [24000, 24000, 24000, 25000] });
    p = nextOf(step(p, abort('fourRiichi', [3]), CLUB));
    expect(p).toMatchObject({ deposits: 4, honba: 1, dealer: 0, points: [24000, 24000, 24000, 24000] });
  });

  it('triple ron aborts through settleRons and counts as an abortive draw', () => {
    const p = startGame(TENHOU, 0);
    const s = unwrap(
      settleRons({
        players: 4,
        dealer: 0,
        discarder: 0,
        winners: [1, 2, 3].map((seat) => ({ seat: seat as Seat, basePoints: 1000 })),
        honba: 0,
        riichiSticks: 0,
        multipleRon: TENHOU.multipleRon,
        doubleRonHonba: TENHOU.doubleRonHonba,
        tripleRon: TENHOU.tripleRon,
      }),
    );
    expect(s.aborted).toBe(true);
    expect(nextOf(step(p, abort('tripleRon'), TENHOU))).toMatchObject({ dealer: 0, honba: 1 });
  });

  it('double ron with the dealer among the winners: the dealer repeats', () => {
    const p = at(TENHOU, { honba: 1, deposits: 1, points: [25000, 25000, 25000, 24000] });
    const settlement = unwrap(
      settleRons({
        players: 4,
        dealer: 0,
        discarder: 1,
        winners: [
          { seat: 0, basePoints: 1000 },
          { seat: 2, basePoints: 1000 },
        ],
        honba: 1,
        riichiSticks: 1,
        multipleRon: 'double',
        doubleRonHonba: 'nearest',
        tripleRon: TENHOU.tripleRon,
      }),
    );
    const q = nextOf(step(p, { kind: 'win', winners: settlement.paidWinners, settlement }, TENHOU));
    expect(q).toMatchObject({ dealer: 0, honba: 2, deposits: 0, dealerWinStreak: 1 });
  });

  it('nagashi mangan: drawType keeps the sticks, winType takes them (10.1 item 4)', () => {
    const p = at(CLUB, {
      dealer: 1,
      handNumber: 2,
      deposits: 1,
      honba: 1,
      points: [25000, 25000, 24000, 25000],
    });
    const asWin = nextOf(step(p, draw(p, [false, true, false, false], CLUB, { nagashi: [3] }), CLUB));
    expect(asWin).toMatchObject({ dealer: 2, honba: 0, deposits: 0 });
    const asDraw = nextOf(step(p, draw(p, [false, true, false, false], TENHOU, { nagashi: [3] }), TENHOU));
    expect(asDraw).toMatchObject({ dealer: 1, honba: 2, deposits: 1 });
  });

  it("chombo (V6.2): the dealer stays, honba unchanged, this hand's sticks go back", () => {
    const p = at(CLUB, {
      dealer: 2,
      handNumber: 3,
      honba: 1,
      deposits: 1,
      points: [25000, 25000, 25000, 24000],
    });
    const settlement = unwrap(
      settleChombo({ players: 4, dealer: 2, offender: 0, riichiThisHand: [1], riichiSticks: 2 }),
    );
    const q = nextOf(step(p, { kind: 'chombo', offender: 0, settlement, riichiSticks: [1] }, CLUB));
    expect(q).toMatchObject({ dealer: 2, honba: 1, deposits: 1, handNumber: 3 });
    expect(q.points).toEqual([17000, 27000, 29000, 26000]);
  });

  it('rejects hand ends that do not fit the game', () => {
    const p = startGame(CLUB, 0);
    const good = win(p, 1, 2, 1000);
    if (good.kind !== 'win') throw new Error('unreachable');
    const bad = (end: HandEnd, options: RuleOptions = CLUB) => {
      const r = afterHand(p, end, options);
      return r.ok ? 'ok' : r.code;
    };
    expect(bad(good)).toBe('ok');
    expect(bad({ ...good, winners: [] })).toBe('bad_input');
    expect(bad({ ...good, settlement: { ...good.settlement, deltas: [0, 0, 0] } })).toBe('bad_input');
    // A stick that appears from nowhere breaks riichi.md 15.
    expect(bad({ ...good, settlement: { deltas: [0, 1000, -1000, 1000], depositsAfter: 0 } })).toBe(
      'bad_input',
    );
    expect(bad({ ...good, riichiSticks: [1, 1] })).toBe('bad_input');
    expect(bad(good, SANMA)).toBe('bad_input');
    expect(bad({ ...good, agariYame: true })).toBe('bad_input');
  });
});

describe('bust (riichi.md 17.1)', () => {
  it('below 0 ends the game at once; exactly 0 plays on', () => {
    const p = at(CLUB, { points: [25000, 8000, 25000, 42000] });
    const bust = step(p, win(p, 0, 1, 1500), CLUB); // dealer 3 han 60 fu-ish: 9000 from seat 1
    expect(bust).toMatchObject({ kind: 'over', reason: 'bust' });
    const zero = at(CLUB, { points: [25000, 12000, 25000, 38000] });
    const q = nextOf(step(zero, win(zero, 0, 1, 2000), CLUB)); // dealer mangan 12000
    expect(q.points[1]).toBe(0);
  });

  it('a bust in East 1 ends even a dealer repeat; leftover sticks go to first place', () => {
    const p = at(CLUB, { deposits: 1, points: [30000, 900, 25000, 43100] });
    const s = step(p, draw(p, [true, false, false, false], CLUB), CLUB);
    expect(s.kind).toBe('over');
    if (s.kind !== 'over') return;
    expect(s.reason).toBe('bust');
    expect(s.finalStandings.ranking.map((r) => [r.seat, r.points])).toEqual([
      [3, 43100],
      [0, 33000],
      [2, 24000],
      [1, -100],
    ]);
    expect(s.progress.points[3]).toBe(42100);
    expect(s.finalStandings.depositsLeft).toBe(0);
  });
});

describe('end after South 4 and the West extension (riichi.md 17.2, 17.3)', () => {
  // South 4: dealer is seat 3 when seat 0 dealt East 1.
  const south4 = (options: RuleOptions, points: number[], change: Partial<GameProgress> = {}) =>
    at(options, { roundWind: 2, handNumber: 4, dealer: 3, points, handsPlayed: 8, ...change });

  it('East 4 passes to South 1 with the original East dealing', () => {
    const p = at(CLUB, { handNumber: 4, dealer: 3 });
    const q = nextOf(step(p, win(p, 1, 2, 1000), CLUB));
    expect(q).toMatchObject({ roundWind: 2, handNumber: 1, dealer: 0, extension: false });
    expect(handName(q)).toBe('South 1');
  });

  it('South 4 passes with someone at 30,000: the game ends', () => {
    const p = south4(CLUB, [31000, 25000, 24000, 20000]);
    const s = step(p, win(p, 1, 2, 1000), CLUB);
    expect(s).toMatchObject({ kind: 'over', reason: 'lastHand' });
  });

  it('South 4 passes with nobody at 30,000: West 1 with the original East as dealer', () => {
    const p = south4(CLUB, [28000, 26000, 24000, 22000]);
    const q = nextOf(step(p, win(p, 1, 2, 500), CLUB));
    expect(q).toMatchObject({ roundWind: 3, handNumber: 1, dealer: 0, extension: true, honba: 0 });
    expect(handName(q)).toBe('West 1');
  });

  it('a dealer repeat in South 4 goes on even with someone at 30,000 (no agari-yame: not first)', () => {
    const p = south4(CLUB, [36000, 25000, 20000, 19000]);
    const end = win(p, 3, 2, 1000);
    expect(agariYameOffered(p, end, CLUB)).toBe(false);
    const q = nextOf(step(p, end, CLUB));
    expect(q).toMatchObject({ roundWind: 2, handNumber: 4, dealer: 3, honba: 1 });
  });

  it('an exhaustive draw with the dealer noten in South 4 ends the game when someone has 30,000', () => {
    const p = south4(CLUB, [32000, 25000, 23000, 20000]);
    expect(step(p, draw(p, [true, false, false, false], CLUB), CLUB)).toMatchObject({
      kind: 'over',
      reason: 'lastHand',
    });
  });

  it('abortive draws never end the game in South 4 or West ([AMBIGUOUS A12])', () => {
    const p = south4(CLUB, [32000, 25000, 23000, 20000]);
    expect(nextOf(step(p, abort('nineTerminals'), CLUB))).toMatchObject({
      handNumber: 4,
      dealer: 3,
      honba: 1,
    });
    const w = south4(TENHOU, [29000, 25000, 26000, 20000], { roundWind: 3, extension: true });
    expect(nextOf(step(w, abort('fourKans'), TENHOU))).toMatchObject({
      roundWind: 3,
      handNumber: 4,
      honba: 1,
    });
  });

  describe('seed/club West round', () => {
    const west = (handNumber: number, points: number[]) =>
      at(CLUB, { roundWind: 3, handNumber, dealer: (handNumber - 1) as Seat, extension: true, points });

    it('any hand that leaves someone at 30,000 ends it, a dealer repeat included', () => {
      const p = west(2, [27000, 26000, 24000, 23000]);
      const s = step(p, win(p, 1, 2, 1000), CLUB); // dealer 1 rons 6000 → 32000
      expect(s).toMatchObject({ kind: 'over', reason: 'extensionTarget' });
      if (s.kind === 'over') expect(s.finalStandings.ranking[0]).toEqual({ seat: 1, rank: 1, points: 32000 });
    });

    it('below 30,000 the West round goes on, dealer repeats in West 4 included', () => {
      let p = west(1, [27000, 26000, 24000, 23000]);
      p = nextOf(step(p, win(p, 2, 3, 500), CLUB));
      expect(p).toMatchObject({ handNumber: 2, dealer: 1, roundWind: 3 });
      p = west(4, [28000, 26000, 24000, 22000]);
      p = nextOf(step(p, win(p, 3, null, 400), CLUB)); // dealer tsumo 800 all → 24400, 27200, 25200, 23200
      expect(p).toMatchObject({ handNumber: 4, dealer: 3, honba: 1 });
    });

    it('the dealer passing after West 4 ends the game whatever the scores (no North round)', () => {
      const p = west(4, [28000, 26000, 24000, 22000]);
      const s = step(p, draw(p, [false, false, false, false], CLUB), CLUB);
      expect(s).toMatchObject({ kind: 'over', reason: 'extensionEnd' });
    });

    it('a tonpuu extends into South with the same rules', () => {
      const tonpuu = makeRules(CLUB, { gameLength: 'tonpuu' });
      const e4 = at(tonpuu, { handNumber: 4, dealer: 3, points: [28000, 26000, 24000, 22000] });
      const q = nextOf(step(e4, win(e4, 1, 2, 500), tonpuu));
      expect(q).toMatchObject({ roundWind: 2, handNumber: 1, dealer: 0, extension: true });
      const ended = at(tonpuu, { handNumber: 4, dealer: 3, points: [31000, 25000, 24000, 20000] });
      expect(step(ended, win(ended, 1, 2, 500), tonpuu)).toMatchObject({ kind: 'over', reason: 'lastHand' });
      // In the South extension a hand leaving someone at 30,000 ends it.
      const s = step(q, win(q, 1, 2, 1000), tonpuu);
      expect(s).toMatchObject({ kind: 'over', reason: 'extensionTarget' });
    });
  });

  describe('tenhou West round (17.3)', () => {
    const west = (handNumber: number, points: number[]) =>
      at(TENHOU, { roundWind: 3, handNumber, dealer: (handNumber - 1) as Seat, extension: true, points });

    it('a dealer repeat without first place goes on even past 30,000', () => {
      const p = west(2, [31000, 26000, 23000, 20000]);
      const q = nextOf(step(p, draw(p, [false, true, false, false], TENHOU), TENHOU));
      expect(q).toMatchObject({ dealer: 1, honba: 1, handNumber: 2 });
    });

    it('a dealer repeat with first place and 30,000 ends it (automatic agari-yame)', () => {
      const p = west(2, [27000, 29000, 23000, 21000]);
      const s = step(p, win(p, 1, 3, 500, { options: TENHOU }), TENHOU);
      expect(s).toMatchObject({ kind: 'over', reason: 'agariYame' });
    });

    it('the dealer passing with someone at 30,000 ends it; West 4 passing ends it anyway', () => {
      const p = west(2, [31000, 26000, 23000, 20000]);
      expect(step(p, draw(p, [true, false, false, false], TENHOU), TENHOU)).toMatchObject({
        kind: 'over',
        reason: 'extensionTarget',
      });
      const w4 = west(4, [28000, 26000, 24000, 22000]);
      expect(step(w4, win(w4, 0, 1, 400, { options: TENHOU }), TENHOU)).toMatchObject({
        kind: 'over',
        reason: 'extensionEnd',
      });
    });
  });
});

describe('agari-yame (riichi.md 17.2 item 3, 17.3)', () => {
  const south4 = (options: RuleOptions, points: number[]) =>
    at(options, { roundWind: 2, handNumber: 4, dealer: 3, points });

  it('optional: offered to a first-placed dealer at 30,000 after his win; he chooses', () => {
    const p = south4(CLUB, [26000, 25000, 20000, 29000]);
    const end = win(p, 3, 2, 1000); // dealer ron 5800 → 34800, first
    expect(agariYameOffered(p, end, CLUB)).toBe(true);
    if (end.kind !== 'win') throw new Error('unreachable');
    expect(step(p, { ...end, agariYame: true }, CLUB)).toMatchObject({ kind: 'over', reason: 'agariYame' });
    const q = nextOf(step(p, { ...end, agariYame: false }, CLUB));
    expect(q).toMatchObject({ handNumber: 4, dealer: 3, honba: 1 });
    // The repeat of South 4 offers it again.
    const again = win(q, 3, 0, 500);
    expect(agariYameOffered(q, again, CLUB)).toBe(true);
  });

  it('optional: not offered before South 4, below 30,000, when not first, or after a tenpai draw', () => {
    const s3 = at(CLUB, { roundWind: 2, handNumber: 3, dealer: 2, points: [20000, 20000, 40000, 20000] });
    expect(agariYameOffered(s3, win(s3, 2, 1, 1000), CLUB)).toBe(false);
    const low = south4(CLUB, [24000, 24000, 24000, 28000]);
    expect(agariYameOffered(low, win(low, 3, 0, 240), CLUB)).toBe(false); // 1500 → 29500
    const tie = south4(CLUB, [32500, 25000, 16000, 26500]);
    // Dealer 3 reaches 32500 by a 6000 ron, tied with seat 0: the original East wins the tie (17.5).
    expect(agariYameOffered(tie, win(tie, 3, 2, 1000), CLUB)).toBe(false);
    const drawn = south4(CLUB, [24000, 24000, 20000, 32000]);
    expect(agariYameOffered(drawn, draw(drawn, [false, false, false, true], CLUB), CLUB)).toBe(false);
    expect(nextOf(step(drawn, draw(drawn, [false, false, false, true], CLUB), CLUB))).toMatchObject({
      handNumber: 4,
      honba: 1,
    });
  });

  it('auto (tenhou): a first-placed dealer at 30,000 ends on a win or a tenpai draw, without asking', () => {
    const p = south4(TENHOU, [24000, 24000, 20000, 32000]);
    const drawEnd = draw(p, [false, false, false, true], TENHOU);
    expect(agariYameOffered(p, drawEnd, TENHOU)).toBe(false);
    expect(step(p, drawEnd, TENHOU)).toMatchObject({ kind: 'over', reason: 'agariYame' });
    expect(step(p, win(p, 3, 0, 500, { options: TENHOU }), TENHOU)).toMatchObject({
      kind: 'over',
      reason: 'agariYame',
    });
    const notFirst = south4(TENHOU, [34000, 24000, 20000, 22000]);
    expect(nextOf(step(notFirst, win(notFirst, 3, 2, 1000, { options: TENHOU }), TENHOU))).toMatchObject({
      handNumber: 4,
      honba: 1,
    });
  });

  it('off: a first-placed dealer at 30,000 repeats South 4', () => {
    const off = makeRules(CLUB, { agariYame: 'off' });
    const p = south4(off, [26000, 25000, 20000, 29000]);
    const end = win(p, 3, 2, 1000);
    expect(agariYameOffered(p, end, off)).toBe(false);
    expect(nextOf(step(p, end, off))).toMatchObject({ handNumber: 4, dealer: 3, honba: 1 });
  });
});

describe('Sanma game length (V3.6)', () => {
  it('three hands per round, South 3 is the last hand, no West round', () => {
    let p = startGame(SANMA, 0);
    p = nextOf(step(p, win(p, 1, 2, 1000), SANMA));
    p = nextOf(step(p, win(p, 0, 2, 1000), SANMA));
    expect(handName(p)).toBe('East 3');
    p = nextOf(step(p, win(p, 0, 1, 1000), SANMA));
    expect(p).toMatchObject({ roundWind: 2, handNumber: 1, dealer: 0 });
    const s3 = { ...p, handNumber: 3, dealer: 2 as Seat };
    // Dealer repeat in South 3 goes on; the dealer passing ends the game.
    const repeat = nextOf(step(s3, draw(s3, [false, false, true], SANMA), SANMA));
    expect(repeat).toMatchObject({ handNumber: 3, dealer: 2, honba: 1 });
    const s = step(repeat, draw(repeat, [true, false, false], SANMA), SANMA);
    expect(s).toMatchObject({ kind: 'over', reason: 'lastHand' });
    if (s.kind === 'over') expect(s.finalStandings.ranking).toHaveLength(3);
  });

  it('agari-yame is offered in South 3 ([AMBIGUOUS S8])', () => {
    const p = at(SANMA, { roundWind: 2, handNumber: 3, dealer: 2, points: [33000, 34000, 38000] });
    expect(agariYameOffered(p, win(p, 2, 0, 1000), SANMA)).toBe(true);
  });
});

describe('cycling rounds (Mangan V4.1 item 4, Clear V5.1 item 3)', () => {
  const cycling = makeRules(CLUB, { cycleRounds: true });
  it('South 4 goes back to East 1 whatever the scores; no agari-yame', () => {
    const p = at(cycling, { roundWind: 2, handNumber: 4, dealer: 3, points: [40000, 25000, 20000, 15000] });
    expect(agariYameOffered(p, win(p, 3, 0, 2000), cycling)).toBe(false);
    const q = nextOf(step(p, win(p, 0, 1, 1000), cycling));
    expect(q).toMatchObject({ roundWind: 1, handNumber: 1, dealer: 0, cycle: 1, extension: false });
    const r = nextOf(step({ ...q, handNumber: 4, dealer: 3 }, win(q, 1, 2, 400), cycling));
    expect(r).toMatchObject({ roundWind: 2, handNumber: 1, cycle: 1 });
  });
});

describe('leftover deposits and ranking (riichi.md 17.4, 17.5)', () => {
  it('first: the sticks go to first place; stay: they stay on the table', () => {
    expect(finalStandings([30000, 22000, 30000, 16000], 2, 0, 'first')).toEqual({
      ranking: [
        { seat: 0, rank: 1, points: 32000 },
        { seat: 2, rank: 2, points: 30000 },
        { seat: 1, rank: 3, points: 22000 },
        { seat: 3, rank: 4, points: 16000 },
      ],
      depositsLeft: 0,
    });
    const stay = finalStandings([30000, 22000, 30000, 16000], 2, 0, 'stay');
    expect(stay.ranking[0]).toEqual({ seat: 0, rank: 1, points: 30000 });
    expect(stay.depositsLeft).toBe(2);
  });

  it('the option reaches the end of a game', () => {
    const stay = makeRules(CLUB, { leftoverDeposits: 'stay' });
    const p = at(stay, {
      roundWind: 2,
      handNumber: 4,
      dealer: 3,
      deposits: 1,
      points: [31000, 25000, 24000, 19000],
    });
    const s = step(p, draw(p, [true, false, false, false], stay), stay);
    if (s.kind !== 'over') throw new Error('expected the end');
    expect(s.finalStandings.depositsLeft).toBe(1);
    expect(s.finalStandings.ranking[0]).toEqual({ seat: 0, rank: 1, points: 34000 });
  });

  it('ties go to the earlier original seat, counted from the first dealer', () => {
    expect(rankingOf([25000, 25000, 25000, 25000], 0)).toEqual([0, 1, 2, 3]);
    expect(rankingOf([25000, 25000, 25000, 25000], 2)).toEqual([2, 3, 0, 1]);
    expect(rankingOf([20000, 30000, 20000, 30000], 3)).toEqual([3, 1, 0, 2]);
    const s = finalStandings([20000, 30000, 20000, 30000], 1, 3, 'first');
    expect(s.ranking.map((r) => r.seat)).toEqual([3, 1, 0, 2]);
    expect(s.ranking[0]!.points).toBe(31000);
  });
});

describe('invariants over random games (riichi.md 15, 16, 17)', () => {
  // Each preset with the ways its seeded random games are seen to end (West 4 passing is covered above).
  const presets: [string, RuleOptions, string[]][] = [
    ['club', CLUB, ['agariYame', 'bust', 'extensionTarget', 'lastHand']],
    ['tenhou', TENHOU, ['agariYame', 'bust', 'extensionTarget', 'lastHand']],
    ['tournament', TOURNAMENT, ['agariYame', 'bust', 'extensionTarget', 'lastHand']],
    ['sanma', SANMA, ['agariYame', 'bust', 'lastHand']],
    [
      'club tonpuu',
      makeRules(CLUB, { gameLength: 'tonpuu' }),
      ['agariYame', 'bust', 'extensionEnd', 'extensionTarget', 'lastHand'],
    ],
    [
      'tenhou tonpuu',
      makeRules(TENHOU, { gameLength: 'tonpuu' }),
      ['agariYame', 'bust', 'extensionEnd', 'extensionTarget', 'lastHand'],
    ],
    ['cycling', makeRules(CLUB, { cycleRounds: true }), ['bust']],
  ];
  const choice = fc.record({
    kind: fc.integer({ min: 0, max: 9 }),
    a: fc.nat(),
    b: fc.nat(),
    // Mostly cheap hands (so that games reach the West round), now and then a mangan or more.
    base: fc.oneof(
      { arbitrary: fc.integer({ min: 2, max: 8 }), weight: 9 },
      { arbitrary: fc.integer({ min: 20, max: 80 }), weight: 1 },
    ),
    sticks: fc.nat(15),
    yame: fc.boolean(),
  });
  type Choice = typeof choice extends fc.Arbitrary<infer T> ? T : never;

  /** A legal hand end for this progress from the random choice (sticks only from seats that can pay). */
  function handEndOf(p: GameProgress, c: Choice, options: RuleOptions): HandEnd {
    const n = p.players;
    const seats = Array.from({ length: n }, (_, s) => s as Seat);
    const riichiSticks = seats.filter((s) => (c.sticks >> s) & 1 && p.points[s]! >= 1000);
    if (c.kind <= 4) {
      const winner = (c.a % n) as Seat;
      const loser = c.kind <= 2 ? (((winner + 1 + (c.b % (n - 1))) % n) as Seat) : null;
      const end = win(p, winner, loser, c.base * 100, { riichiSticks, options });
      if (end.kind === 'win' && c.yame && agariYameOffered(p, end, options))
        return { ...end, agariYame: true };
      return end;
    }
    if (c.kind <= 7)
      return draw(
        p,
        seats.map((s) => ((c.b >> s) & 1) === 1),
        options,
        { riichiSticks },
      );
    const reasons: AbortiveDrawReason[] = ['nineTerminals', 'fourKans', 'fifthKan'];
    return abort(reasons[c.a % reasons.length]!, riichiSticks);
  }

  it.each(presets)('%s', (_name, options, endings) => {
    const last = options.gameLength === 'tonpuu' ? 1 : 2;
    const reasons = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: options.players - 1 }),
        fc.array(choice, { minLength: 30, maxLength: 120 }),
        (first, choices) => {
          let p = startGame(options, first as Seat);
          const positionOf = (x: GameProgress) => (x.cycle * 4 + x.roundWind) * 8 + x.handNumber;
          let position = positionOf(p);
          for (const c of choices) {
            const s = unwrap(afterHand(p, handEndOf(p, c, options), options));
            checkConserved(s.progress, options);
            if (s.kind === 'over') {
              reasons.add(s.reason);
              const { ranking, depositsLeft } = s.finalStandings;
              expect(sum(ranking.map((r) => r.points)) + 1000 * depositsLeft).toBe(
                options.players * options.startingPoints,
              );
              for (let i = 1; i < ranking.length; i++)
                expect(ranking[i - 1]!.points).toBeGreaterThanOrEqual(ranking[i]!.points);
              if (s.reason === 'bust')
                expect(s.progress.points.some((x) => x < options.bustBelow)).toBe(true);
              else expect(s.progress.points.every((x) => x >= options.bustBelow)).toBe(true);
              if (s.reason === 'extensionEnd') expect([p.extension, p.handNumber]).toEqual([true, p.players]);
              if (s.reason === 'lastHand') expect([p.roundWind, p.handNumber]).toEqual([last, p.players]);
              if (options.cycleRounds) expect(s.reason).toBe('bust');
              return;
            }
            const q = s.progress;
            // The dealer of hand k of a round is the k-th seat from the original East (West 1 = original East).
            expect(q.dealer).toBe((q.firstDealer + q.handNumber - 1) % q.players);
            expect(q.handNumber).toBeGreaterThanOrEqual(1);
            expect(q.handNumber).toBeLessThanOrEqual(q.players);
            expect(q.extension).toBe(!options.cycleRounds && q.roundWind > last);
            expect(q.roundWind).toBeLessThanOrEqual(q.players === 3 || options.cycleRounds ? last : last + 1);
            if (q.dealer !== p.dealer) expect(q.dealerWinStreak).toBe(0);
            // Play only moves forward: (cycle, round, hand) never goes back; a repeat keeps it.
            const next = positionOf(q);
            expect(next).toBeGreaterThanOrEqual(position);
            expect(next === position || q.dealer !== p.dealer).toBe(true);
            position = next;
            expect(q.handsPlayed).toBe(p.handsPlayed + 1);
            p = q;
          }
        },
      ),
      { numRuns: 150, seed: 7 },
    );
    // The random games reach the ways this preset ends (seeded, so this is deterministic).
    expect([...reasons].sort()).toEqual(endings);
  });
});
