// The riichi bot on hand-made seat views: wins when it may, riichi, value calls, folding, legality, determinism.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Meld, Wind } from '../../../rules/hand.js';
import { TENHOU, type RuleOptions } from '../../../rules/options.js';
import type { Seat } from '../../../rules/payments.js';
import { formatTiles, KIND_COUNT, tileKind, tileOfText, tilesOf, type Tile } from '../../../rules/tiles.js';
import { SANMA, SANMA_REMOVED_KINDS } from '../../../rules/variants/sanma.js';
import { TENPAI_RACE } from '../../../rules/variants/tenpai-race.js';
import type {
  ClaimDecision,
  ClaimOffer,
  LegalClaims,
  LegalTurnActions,
  PondTile,
  RiichiSeatView,
  TurnDecision,
} from '../machines/seat-view.js';
import { createRiichiBot } from './riichi-bot.js';

const pond = (text: string, riichiAt = -1): PondTile[] =>
  tilesOf(text).map((tile, i) => ({ tile, riichi: i === riichiAt, called: false, drawnAndDiscarded: false }));

/** A four-player view for seat 0 (dealer, East 1) with nothing on the table but the given tiles. */
function view(over: Partial<RiichiSeatView> & { concealed: readonly Tile[] }): RiichiSeatView {
  const players = over.players ?? 4;
  return {
    seat: 0,
    players,
    options: TENHOU,
    roundWind: 1,
    seatWinds: ([1, 2, 3, 4] as Wind[]).slice(0, players),
    dealer: 0,
    honba: 0,
    deposits: 0,
    points: Array(players).fill(25000),
    drawn: null,
    melds: Array.from({ length: players }, () => []),
    ponds: Array.from({ length: players }, () => []),
    norths: Array(players).fill(0),
    riichi: Array(players).fill('none'),
    doraIndicators: [tileOfText('1z')],
    liveTilesLeft: 60,
    furiten: false,
    ...over,
  };
}

/** Turn actions: discard any held tile, nothing else unless given. */
const turn = (concealed: readonly Tile[], over: Partial<LegalTurnActions> = {}): LegalTurnActions => ({
  tsumo: false,
  discards: concealed,
  riichiDiscards: [],
  closedKans: [],
  addedKans: [],
  north: false,
  nineTerminals: false,
  ...over,
});
const NO_CLAIMS: LegalClaims = { ron: false, pon: [], openKan: [], chi: [] };
const offer = (tile: string, from: Seat = 3): ClaimOffer => ({
  tile: tileOfText(tile),
  from,
  addedKan: false,
});

const discarded = (decision: TurnDecision): string => {
  if (decision.type !== 'discard') throw new Error(`expected a discard, got ${decision.type}`);
  return `${formatTiles([decision.tile])}${decision.riichi ? ' riichi' : ''}`;
};

describe('riichi bot: wins and riichi', () => {
  it('takes tsumo and ron when they are legal', () => {
    const bot = createRiichiBot({ seed: 1 });
    const hand = tilesOf('123m456p789s1122z');
    expect(bot.onTurn(view({ concealed: [...hand, tileOfText('1z')] }), turn(hand, { tsumo: true }))).toEqual(
      { type: 'tsumo' },
    );
    const v = view({ concealed: hand });
    expect(bot.onClaim(v, offer('2z'), { ...NO_CLAIMS, ron: true, pon: [tilesOf('22z')] })).toEqual({
      type: 'ron',
    });
  });

  it('discards the useless tile and declares riichi with a closed tenpai', () => {
    const bot = createRiichiBot({ seed: 2 });
    const hand = tilesOf('12345m456p789s116z');
    const decision = bot.onTurn(view({ concealed: hand }), turn(hand, { riichiDiscards: tilesOf('6z1m4m') }));
    expect(discarded(decision)).toBe('6z riichi');
    // The same hand without the right to riichi (too few points, say): the same discard, no declaration.
    expect(discarded(bot.onTurn(view({ concealed: hand }), turn(hand)))).toBe('6z');
  });

  it('keeps the better wait: two-sided over a closed wait', () => {
    const bot = createRiichiBot({ seed: 3 });
    // 13m or 23m: keeping 23m (waits 1m 4m) accepts 8 tiles, 13m (waits 2m) only 4.
    const hand = tilesOf('123m456p789s1123m');
    expect(discarded(bot.onTurn(view({ concealed: hand }), turn(hand)))).toBe('1m');
  });

  it('prefers the tenpai that is not furiten, and declares riichi on it', () => {
    const bot = createRiichiBot({ seed: 15 });
    // Dropping 1z waits on 2m-5m-8m, dropping 3m on 4m-7m, dropping 7m on 3m-6m; the pond decides which are furiten.
    const hand = tilesOf('34567m456p789s111z');
    const legal = turn(hand, { riichiDiscards: hand });
    const withPond = (text: string) => view({ concealed: hand, ponds: [pond(text), [], [], []] });
    expect(discarded(bot.onTurn(withPond('9p'), legal))).toBe('1z riichi');
    expect(discarded(bot.onTurn(withPond('5m4m'), legal))).toBe('7m riichi');
    expect(discarded(bot.onTurn(withPond('5m6m'), legal))).toBe('3m riichi');
    // All three furiten: a single wait that is not (drop 4m: 3m; drop 6m: 7m) beats them.
    expect(discarded(bot.onTurn(withPond('2m4m6m'), legal))).toMatch(/^(4m|6m) riichi$/);
    // With 3m and 7m gone too, every tenpai is furiten: it still keeps one, without riichi.
    expect(discarded(bot.onTurn(withPond('2m3m4m6m7m'), legal))).toMatch(/^(1z|3m|4m|6m|7m)$/);
  });

  it('in riichi discards the drawn tile and declares a closed kan offered to it', () => {
    const bot = createRiichiBot({ seed: 4 });
    const hand = tilesOf('123m456p789s11z33p5z');
    const drawn = hand[hand.length - 1]!;
    const riichi: RiichiSeatView['riichi'] = ['riichi', 'none', 'none', 'none'];
    expect(bot.onTurn(view({ concealed: hand, drawn, riichi }), turn(hand, { discards: [drawn] }))).toEqual({
      type: 'discard',
      tile: drawn,
      riichi: false,
    });
    const kanHand = tilesOf('123m456p789s3335p');
    expect(
      bot.onTurn(
        view({ concealed: [...kanHand, tileOfText('3p')], riichi }),
        turn([tileOfText('3p')], { closedKans: tilesOf('3p') }),
      ),
    ).toEqual({
      type: 'closedKan',
      tile: tileOfText('3p'),
    });
  });
});

describe('riichi bot: calls', () => {
  it('pons a value honour that helps the hand', () => {
    const bot = createRiichiBot({ seed: 5 });
    const hand = tilesOf('239m1456p78s4z77z');
    const decision = bot.onClaim(view({ concealed: hand }), offer('7z'), {
      ...NO_CLAIMS,
      pon: [tilesOf('77z')],
    });
    expect(decision).toEqual({ type: 'pon', tiles: tilesOf('77z') });
  });

  it('does not open a hand that would have no yaku', () => {
    const bot = createRiichiBot({ seed: 6 });
    // Chi 1-2-3m would leave terminals and three suits: no All Simples, no flush, no value honour.
    const hand = tilesOf('23m456p789s19p1s44z');
    const decision = bot.onClaim(
      view({ concealed: hand, seat: 1, seatWinds: [4, 1, 2, 3] }),
      offer('1m', 0),
      { ...NO_CLAIMS, chi: [tilesOf('23m')] },
    );
    expect(decision).toEqual({ type: 'pass' });
  });

  it('chis into All Simples when it brings the hand close to tenpai (open tanyao)', () => {
    const bot = createRiichiBot({ seed: 7 });
    const hand = tilesOf('34m456p678s2255s68p');
    const claims: LegalClaims = { ...NO_CLAIMS, chi: [tilesOf('34m')] };
    expect(bot.onClaim(view({ concealed: hand }), offer('5m'), claims)).toEqual({
      type: 'chi',
      tiles: tilesOf('34m'),
    });
    // Without open tanyao that chi gives no yaku.
    expect(
      bot.onClaim(view({ concealed: hand, options: { ...TENHOU, openTanyao: false } }), offer('5m'), claims),
    ).toEqual({ type: 'pass' });
  });

  it('an open All Simples hand throws terminals and honours first', () => {
    const bot = createRiichiBot({ seed: 8 });
    const chi: Meld = { type: 'chi', tiles: tilesOf('345m'), calledTile: tileOfText('5m'), from: 3 };
    const hand = tilesOf('456p678s2255s68p9s');
    const melds = [[chi], [], [], []];
    expect(discarded(bot.onTurn(view({ concealed: hand, melds }), turn(hand)))).toBe('9s');
  });
});

describe('riichi bot: defence', () => {
  it('folds against a riichi when far from tenpai: discards a tile the riichi seat threw', () => {
    const bot = createRiichiBot({ seed: 9 });
    const hand = tilesOf('2367m3479p4568s15z');
    const ponds = [[], pond('9m1p3p1s', 3), [], []];
    const riichi: RiichiSeatView['riichi'] = ['none', 'riichi', 'none', 'none'];
    expect(discarded(bot.onTurn(view({ concealed: hand, ponds, riichi }), turn(hand)))).toBe('3p');
    // With nobody in riichi it discards an honour instead (lone winds first).
    expect(discarded(bot.onTurn(view({ concealed: hand, ponds }), turn(hand)))).toMatch(/z$/);
  });

  it('when folding with no genbutsu prefers suji and seen honours to live middle tiles', () => {
    const bot = createRiichiBot({ seed: 10 });
    // 5p/8p are live; 7s is suji of the 4s in his pond; 3z is seen three times.
    const hand = tilesOf('58p7s3z');
    const full = [...hand, ...tilesOf('1m5m9m2p3s5s6s1z2z5z')];
    const ponds = [[], pond('4s9p', 0), pond('3z3z'), pond('3z')];
    const riichi: RiichiSeatView['riichi'] = ['none', 'riichi', 'none', 'none'];
    const decision = bot.onTurn(view({ concealed: full, ponds, riichi }), turn(hand));
    expect(['3z', '7s']).toContain(discarded(decision));
  });

  it('makes no calls against a riichi when far from tenpai', () => {
    const bot = createRiichiBot({ seed: 11 });
    const hand = tilesOf('147m258p369s1277z');
    const riichi: RiichiSeatView['riichi'] = ['none', 'riichi', 'none', 'none'];
    expect(
      bot.onClaim(view({ concealed: hand, riichi }), offer('7z', 1), { ...NO_CLAIMS, pon: [tilesOf('77z')] }),
    ).toEqual({ type: 'pass' });
  });
});

describe('riichi bot: variants', () => {
  it('Sanma: sets a North aside whenever it may', () => {
    const bot = createRiichiBot({ seed: 12 });
    const hand = tilesOf('19m123p456s789s4z11z');
    const v = view({ concealed: hand, players: 3, options: SANMA });
    expect(bot.onTurn(v, turn(hand, { north: true }))).toEqual({ type: 'north' });
  });

  it('declares nine terminals with a poor hand, and plays on towards thirteen orphans with ten kinds', () => {
    const bot = createRiichiBot({ seed: 13 });
    const poor = tilesOf('19m19p1s1234z2345p');
    expect(bot.onTurn(view({ concealed: poor }), turn(poor, { nineTerminals: true }))).toEqual({
      type: 'nineTerminals',
    });
    const rich = tilesOf('19m19p19s12345z23p');
    expect(bot.onTurn(view({ concealed: rich }), turn(rich, { nineTerminals: true })).type).toBe('discard');
  });
});

// ---- property: only legal actions, on random views ----

interface Setting {
  readonly options: RuleOptions;
  readonly players: 2 | 3 | 4;
}
const SETTINGS: readonly Setting[] = [
  { options: TENHOU, players: 4 },
  { options: SANMA, players: 3 },
  { options: TENPAI_RACE, players: 2 },
];

/** A set for the setting: 136 tiles (with red fives for tenhou), or Sanma's 108. */
function tileSet(setting: Setting): Tile[] {
  const removed = new Set(setting.options.removedKinds ?? []);
  const set: Tile[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    if (removed.has(k)) continue;
    for (let c = 0; c < 4; c++)
      set.push(
        (k % 9 === 4 && k < 27 && c === 0 && setting.options.redFives !== 'none' ? k | 0x40 : k) as Tile,
      );
  }
  return set;
}

/** Deals a random but consistent view from a shuffled set, and random legal actions drawn from the hand. */
function randomSituation(
  setting: Setting,
  shuffle: readonly number[],
  flags: readonly boolean[],
  seat: Seat,
) {
  const deck = tileSet(setting);
  let next = 0;
  /** The next n tiles, picked from what is left of the set by the shuffle numbers. */
  const take = (n: number): Tile[] => {
    const out: Tile[] = [];
    while (out.length < n)
      out.push(deck.splice(next < shuffle.length ? shuffle[next++]! % deck.length : 0, 1)[0]!);
    return out;
  };
  const players = setting.players;
  const melds: Meld[][] = Array.from({ length: players }, () => []);
  // Sometimes the seat has a pon of whatever it holds three of.
  let concealed = take(14);
  if (flags[0]) {
    const counts = new Map<number, Tile[]>();
    for (const t of concealed) counts.set(tileKind(t), [...(counts.get(tileKind(t)) ?? []), t]);
    const triple = [...counts.values()].find((ts) => ts.length >= 3);
    if (triple) {
      melds[seat] = [{ type: 'pon', tiles: triple.slice(0, 3), calledTile: triple[0], from: 2 }];
      concealed = concealed.filter((t) => !triple.slice(0, 3).includes(t));
      concealed.push(...take(2));
      concealed = concealed.slice(0, 11);
    }
  }
  const ponds: PondTile[][] = Array.from({ length: players }, (_, s) =>
    take(s === seat ? 3 : 6).map((tile, i) => ({
      tile,
      riichi: i === 2 && s !== seat && flags[1] === true,
      called: false,
      drawnAndDiscarded: i % 2 === 0,
    })),
  );
  const riichi = ponds.map((p, s) =>
    s === seat ? (flags[2] ? 'riichi' : 'none') : p.some((t) => t.riichi) ? 'riichi' : 'none',
  );
  const norths = Array(players).fill(0);
  const v = view({
    seat,
    players,
    options: setting.options,
    seatWinds: ([1, 2, 3, 4] as Wind[]).slice(0, players),
    concealed,
    drawn: concealed[concealed.length - 1]!,
    melds,
    ponds,
    norths,
    riichi,
    doraIndicators: take(1),
    liveTilesLeft: flags[3] ? 5 : 40,
  });
  const heldKinds = new Map<number, number>();
  for (const t of concealed) heldKinds.set(tileKind(t), (heldKinds.get(tileKind(t)) ?? 0) + 1);
  const discards = flags[2]
    ? [concealed[concealed.length - 1]!]
    : concealed.filter((_, i) => flags[4 + (i % 6)] !== false || i === 0);
  const legalTurn: LegalTurnActions = {
    tsumo: flags[10] === true,
    discards,
    riichiDiscards: flags[11] && melds[seat]!.length === 0 ? discards.filter((_, i) => i % 2 === 0) : [],
    closedKans: concealed.filter(
      (t, i) =>
        heldKinds.get(tileKind(t)) === 4 && concealed.findIndex((u) => tileKind(u) === tileKind(t)) === i,
    ),
    addedKans:
      melds[seat]!.length > 0 && flags[12]
        ? concealed.filter((t) => tileKind(t) === tileKind(melds[seat]![0]!.tiles[0]!))
        : [],
    north:
      setting.options.northDora === true && concealed.some((t) => tileKind(t) === 30) && flags[13] === true,
    nineTerminals: flags[14] === true,
  };
  const offered = concealed[0]!;
  const same = concealed.filter((t) => tileKind(t) === tileKind(offered) && t !== offered);
  const hand13 = concealed.slice(0, concealed.length - 1);
  const legalClaims: LegalClaims = {
    ron: flags[15] === true,
    pon: same.length >= 2 ? [same.slice(0, 2)] : [],
    openKan: same.length >= 3 ? [same.slice(0, 3)] : [],
    chi:
      setting.options.calls === 'noChii' || tileKind(offered) >= 27 || tileKind(offered) % 9 > 6
        ? []
        : (() => {
            const a = hand13.find((t) => tileKind(t) === tileKind(offered) + 1);
            const b = hand13.find((t) => tileKind(t) === tileKind(offered) + 2);
            return a !== undefined && b !== undefined ? [[a, b]] : [];
          })(),
  };
  const claimView = { ...v, concealed: hand13, drawn: null };
  return {
    view: v,
    legalTurn,
    claimView,
    offer: { tile: offered, from: ((seat + 1) % players) as Seat, addedKan: false },
    legalClaims,
  };
}

function isLegalTurn(decision: TurnDecision, legal: LegalTurnActions): boolean {
  switch (decision.type) {
    case 'tsumo':
      return legal.tsumo;
    case 'discard':
      return (
        legal.discards.includes(decision.tile) &&
        (!decision.riichi || legal.riichiDiscards.includes(decision.tile))
      );
    case 'closedKan':
      return legal.closedKans.includes(decision.tile);
    case 'addedKan':
      return legal.addedKans.includes(decision.tile);
    case 'north':
      return legal.north;
    case 'nineTerminals':
      return legal.nineTerminals;
  }
}

function isLegalClaim(decision: ClaimDecision, legal: LegalClaims): boolean {
  switch (decision.type) {
    case 'pass':
      return true;
    case 'ron':
      return legal.ron;
    case 'pon':
      return legal.pon.includes(decision.tiles);
    case 'chi':
      return legal.chi.includes(decision.tiles);
    case 'openKan':
      return legal.openKan.includes(decision.tiles);
  }
}

const situationArb = fc.record({
  setting: fc.constantFrom(...SETTINGS),
  shuffle: fc.array(fc.nat({ max: 135 }), { minLength: 40, maxLength: 80 }),
  flags: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
  seat: fc.nat({ max: 3 }),
  seed: fc.nat(),
});

describe('riichi bot: legality and determinism', () => {
  it('returns only legal actions on random views (4 players, Sanma, 2 players)', () => {
    fc.assert(
      fc.property(situationArb, ({ setting, shuffle, flags, seat, seed }) => {
        const s = randomSituation(setting, shuffle, flags, (seat % setting.players) as Seat);
        const bot = createRiichiBot({ seed });
        const t = bot.onTurn(s.view, s.legalTurn);
        expect(isLegalTurn(t, s.legalTurn), JSON.stringify(t)).toBe(true);
        const c = bot.onClaim(s.claimView, s.offer, s.legalClaims);
        expect(isLegalClaim(c, s.legalClaims), JSON.stringify(c)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never discards a removed Sanma kind and never claims without options', () => {
    const bot = createRiichiBot({ seed: 14 });
    const hand = tilesOf('19m1199p123s4566z7z');
    const v = view({ concealed: hand, players: 3, options: SANMA });
    const decision = bot.onTurn(v, turn(hand));
    expect(decision.type).toBe('discard');
    expect(SANMA_REMOVED_KINDS).not.toContain(tileKind((decision as { tile: Tile }).tile));
    expect(bot.onClaim(v, offer('1p'), NO_CLAIMS)).toEqual({ type: 'pass' });
  });

  it('is deterministic for a seed: the same views give the same decisions', () => {
    const runs = (seed: number): string[] => {
      const bot = createRiichiBot({ seed });
      const out: string[] = [];
      fc.sample(situationArb, { seed: 99, numRuns: 200 }).forEach(({ setting, shuffle, flags, seat }) => {
        const s = randomSituation(setting, shuffle, flags, (seat % setting.players) as Seat);
        out.push(
          JSON.stringify(bot.onTurn(s.view, s.legalTurn)),
          JSON.stringify(bot.onClaim(s.claimView, s.offer, s.legalClaims)),
        );
      });
      return out;
    };
    expect(runs(42)).toEqual(runs(42));
  });
});
