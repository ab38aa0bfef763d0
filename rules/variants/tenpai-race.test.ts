// Tenpai Race Stage A flow (V2.1): no wins, calls, the 18-discard draw and its honba, Stage B entry and roles; Stage B stays off.
import { describe, expect, it } from 'vitest';
import { NOT_FURITEN } from '../furiten.js';
import { afterHand, startGame } from '../game-flow.js';
import { makeRules } from '../options.js';
import { unwrap } from '../result.js';
import { countKinds, parseTile, tileKind, tilesOf } from '../tiles.js';
import {
  afterStageADraw,
  canStartStageB,
  recordStageADiscard,
  resolveStageBRound,
  STAGE_A_DRAW,
  stageAAllows,
  startStageB,
  startTenpaiRaceHand,
  TENPAI_RACE,
  TENPAI_RACE_DISCARDS_PER_PLAYER,
  tenpaiRaceSeatWind,
  type TenpaiRaceHand,
} from './tenpai-race.js';

const entryOf = (text: string, pond: string[] = []) => {
  const counts = countKinds(tilesOf(text));
  return canStartStageB({
    counts,
    meldCount: 0,
    held: counts,
    pond: pond.map((t) => tileKind(unwrap(parseTile(t)))),
    furiten: NOT_FURITEN,
  });
};

describe('Tenpai Race Stage A (V2.1)', () => {
  it('no win of any kind; chii, pon, open kan and kans from the hand are allowed', () => {
    expect(stageAAllows('ron')).toBe(false);
    expect(stageAAllows('tsumo')).toBe(false);
    for (const action of [
      'chi',
      'pon',
      'openKan',
      'closedKan',
      'addedKan',
      'riichi',
      'draw',
      'discard',
    ] as const)
      expect(stageAAllows(action)).toBe(true);
  });

  it('18 discards each end the hand in a draw: no payments, the dealer stays, one honba (items 4)', () => {
    let hand: TenpaiRaceHand = startTenpaiRaceHand();
    let drawn = false;
    for (let i = 0; i < TENPAI_RACE_DISCARDS_PER_PLAYER; i++) {
      for (const seat of [0, 1] as const) {
        const r = unwrap(recordStageADiscard(hand, seat));
        hand = r.hand;
        drawn = r.draw;
        if (i < TENPAI_RACE_DISCARDS_PER_PLAYER - 1 || seat === 0) expect(drawn).toBe(false);
      }
    }
    expect(drawn).toBe(true);
    expect(hand.discards).toEqual([18, 18]);
    // The game flow and the direct rule agree.
    const p = startGame(TENPAI_RACE, 1);
    const s = unwrap(afterHand(p, STAGE_A_DRAW, TENPAI_RACE));
    expect(s.kind === 'next' && s.progress).toMatchObject({ dealer: 1, honba: 1, points: [10000, 10000] });
    expect(afterStageADraw(1, 0)).toEqual({ dealer: 1, honba: 1 });
  });

  it('a player ahead by calls does not draw the hand alone', () => {
    let hand = startTenpaiRaceHand();
    for (let i = 0; i < 20; i++) hand = unwrap(recordStageADiscard(hand, 0)).hand;
    expect(unwrap(recordStageADiscard(hand, 1)).draw).toBe(false);
    const bad = recordStageADiscard(hand, 2);
    expect(bad.ok ? 'ok' : bad.code).toBe('bad_input');
  });

  it("Stage B starts after a tenpai, not furiten player's discard; he attacks, the opponent defends (items 5-6)", () => {
    const hand = unwrap(recordStageADiscard(startTenpaiRaceHand(), 1)).hand;
    const started = unwrap(startStageB(hand, 1, entryOf('123456789m1122p'), false));
    expect(started).toMatchObject({
      stage: 'B',
      roles: { attacker: 1, defender: 0 },
      byRiichi: false,
      waits: [9, 10],
    });
    // After Stage B has started no Stage A discard and no second start.
    const again = startStageB(started, 0, entryOf('123456789m1122p'), true);
    expect(again.ok ? 'ok' : again.code).toBe('bad_input');
    const discard = recordStageADiscard(started, 0);
    expect(discard.ok ? 'ok' : discard.code).toBe('bad_input');
    // Furiten and noten players may not start it.
    const furiten = startStageB(hand, 0, entryOf('123456789m1122p', ['2p']), true);
    expect(furiten.ok ? 'ok' : furiten.code).toBe('furiten');
    const noten = startStageB(hand, 0, entryOf('1357m2468p1357s1z'), false);
    expect(noten.ok ? 'ok' : noten.code).toBe('not_tenpai');
  });

  it('seating until sourced: dealer East, opponent West', () => {
    expect([tenpaiRaceSeatWind(0, 0), tenpaiRaceSeatWind(1, 0), tenpaiRaceSeatWind(0, 1)]).toEqual([1, 3, 3]);
  });

  it('Stage B resolution stays off by default (V2.2) and only runs behind the option', () => {
    const round = { guess: [3, 9] as [number, number], waits: [9, 10], drawn: null };
    const off = resolveStageBRound(round, TENPAI_RACE);
    expect(off.ok ? 'ok' : off.code).toBe('rule_disabled');
    expect(unwrap(resolveStageBRound(round, makeRules(TENPAI_RACE, { tenpaiRaceStageB: true })))).toBe(
      'defenderFound',
    );
  });
});
