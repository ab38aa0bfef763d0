// What a seat may do in a riichi-family hand (riichi.md 4-9): scoring a win through rules/, turn legality, claim legality, the claim window.
import { isComplete } from '../../../rules/waits.js';
import { furitenCause } from '../../../rules/furiten.js';
import { decompose } from '../../../rules/decompose.js';
import { DEPOSIT_VALUE, type Seat } from '../../../rules/payments.js';
import { type Result } from '../../../rules/result.js';
import { scoreHand, type ScoredHand, type WinContext } from '../../../rules/score.js';
import {
  countKinds,
  isTerminalOrHonor,
  NORTH,
  numberOf,
  tileKind,
  type Tile,
  type TileKind,
} from '../../../rules/tiles.js';
import { scoreSanmaWin } from '../../../rules/variants/sanma.js';
import type { ClaimDecision, LegalClaims, LegalTurnActions } from './seat-view.js';
import {
  distinct,
  fill,
  isClosedHand,
  kanCount,
  nextSeat,
  removeAll,
  removeOne,
  sameTiles,
  seatsOf,
  seatWind,
  setAt,
  doraIndicators,
  uraIndicators,
  waitsOf,
  waitsAfterDiscard,
  type ClaimWindow,
  type HandModel,
  type Offer,
  type SeatMeld,
} from './hand-state.js';

// ---------------------------------------------------------------- scoring

export type WinHow = 'tsumo' | 'ron' | 'chankan' | 'robNorth';

/** The win context of riichi.md 11.6 for the seat winning on `winTile`. */
function winContext(model: HandModel, seat: Seat, winTile: Tile, how: WinHow): WinContext {
  const tsumo = how === 'tsumo';
  const closedTiles = tsumo ? removeOne(model.concealed[seat]!, winTile)! : [...model.concealed[seat]!];
  const dealer = seat === model.progress.dealer;
  const riichi = model.riichi[seat] !== 'none';
  const firstTurn = model.uninterrupted && model.discardCount[seat] === 0;
  const ura = riichi ? uraIndicators(model) : [];
  return {
    closedTiles,
    melds: model.melds[seat]!,
    winTile,
    tsumo,
    seatWind: seatWind(model, seat),
    roundWind: model.progress.roundWind,
    dealer,
    riichi,
    doubleRiichi: model.riichi[seat] === 'double',
    ippatsu: model.ippatsu[seat]!,
    haitei: tsumo && model.live.length === 0 && !model.rinshan,
    houtei: how === 'ron' && model.live.length === 0,
    rinshan: tsumo && model.rinshan,
    chankan: how === 'chankan',
    tenhou: tsumo && dealer && firstTurn && model.drawCount[seat] === 1,
    chiihou: tsumo && !dealer && firstTurn && model.drawCount[seat] === 1,
    renhou: !tsumo && !dealer && firstTurn && model.drawCount[seat] === 0 && model.options.renhou !== 'off',
    dealerStreak: dealer ? model.progress.dealerWinStreak + 1 : 0,
    doraIndicators: doraIndicators(model),
    uraIndicators: ura,
  };
}

/** Scores the seat's win with rules/ (Sanma through its own scorer, for north dora and its dora order). */
export function scoreFor(model: HandModel, seat: Seat, winTile: Tile, how: WinHow): Result<ScoredHand> {
  const context = winContext(model, seat, winTile, how);
  if (model.players === 3)
    return scoreSanmaWin({ ...context, northCount: model.norths[seat]! }, model.options);
  return scoreHand(context, model.options);
}

/** The concealed tiles plus the winning tile form a complete hand (riichi.md 8). */
export function completes(model: HandModel, seat: Seat, winTile: Tile, tsumo: boolean): boolean {
  const tiles = tsumo ? model.concealed[seat]! : [...model.concealed[seat]!, winTile];
  return isComplete(countKinds(tiles), model.melds[seat]!.length);
}

// ---------------------------------------------------------------- legality: own turn

export const turnOf = (model: HandModel, seat: Seat): { afterCall: boolean } | null =>
  model.phase.kind === 'turn' && model.phase.seat === seat ? { afterCall: model.phase.afterCall } : null;

/** The seat drew this turn (no chi/pon before it): tsumo, kans, north, riichi and nine terminals need it. */
export const drewThisTurn = (model: HandModel, seat: Seat): boolean =>
  turnOf(model, seat)?.afterCall === false && model.drawn[seat] !== null;

/** riichi.md 9.1: the drawn tile completes the hand. */
export const tsumoCompletes = (model: HandModel, seat: Seat): boolean =>
  drewThisTurn(model, seat) && completes(model, seat, model.drawn[seat]!, true);
/** riichi.md 9.2: the completed hand has a yaku. */
export const tsumoHasYaku = (model: HandModel, seat: Seat): boolean =>
  scoreFor(model, seat, model.drawn[seat]!, 'tsumo').ok;

/** riichi.md 5.5: a discard of these kinds is forbidden right after the seat's chi or pon. */
export const kuikaeForbids = (model: HandModel, seat: Seat, tile: Tile): boolean =>
  turnOf(model, seat)?.afterCall === true && model.kuikae.includes(tileKind(tile));

/** riichi.md 6.3: after riichi every drawn tile that does not win is discarded. */
export const riichiLocksDiscard = (model: HandModel, seat: Seat, tile: Tile): boolean =>
  model.riichi[seat] !== 'none' && model.drawn[seat] !== tile;

/** riichi.md 6.1: closed, tenpai after the discard, enough points and live tiles, not declared yet. */
export function meetsRiichiConditions(model: HandModel, seat: Seat, tile: Tile): boolean {
  const { options } = model;
  if (!drewThisTurn(model, seat) || model.riichi[seat] !== 'none' || !isClosedHand(model, seat)) return false;
  if (model.points[seat]! < Math.max(options.riichiMinPoints, options.riichiDeposit ?? DEPOSIT_VALUE))
    return false;
  if (model.live.length < options.riichiMinLiveTiles) return false;
  const concealed = model.concealed[seat]!;
  return concealed.includes(tile) && waitsAfterDiscard(concealed, model.melds[seat]!, tile).length > 0;
}

/** Double riichi (riichi.md 6.4): on the seat's first discard, no call made yet. */
export const isDoubleRiichi = (model: HandModel, seat: Seat): boolean =>
  model.options.doubleRiichiAllowed !== false && model.uninterrupted && model.discardCount[seat] === 0;

/** riichi.md 5.4: at most four kans (fifthKan), a live tile left, the kan limit per option. */
export function kanRoom(model: HandModel, seat: Seat): 'ok' | 'abort' | 'no' {
  if (model.live.length === 0) return 'no';
  const kans = kanCount(model);
  if (kans < 4) return 'ok';
  const oneOwner = model.kanOwners.every((s) => s === model.kanOwners[0]);
  return model.options.fifthKan === 'abort' && oneOwner && model.kanOwners[0] !== seat ? 'abort' : 'no';
}
/** riichi.md 5.4 (`fifthKan: 'abort'`): another player's kan after one player made all four ends the hand. */
export const fifthKanAborts = (model: HandModel, seat: Seat): boolean => kanRoom(model, seat) === 'abort';

/** riichi.md 6.3: a closed kan in riichi keeps the waits and uses a triplet present in every reading. */
function riichiKanKeepsWaits(model: HandModel, seat: Seat, kind: TileKind): boolean {
  const drawn = model.drawn[seat]!;
  if (tileKind(drawn) !== kind) return false;
  const before = removeOne(model.concealed[seat]!, drawn)!;
  const melds = model.melds[seat]!;
  const waits = waitsOf(before, melds);
  const rest = before.filter((t) => tileKind(t) !== kind);
  const kan: SeatMeld = { type: 'ankan', tiles: model.concealed[seat]!.filter((t) => tileKind(t) === kind) };
  const after = waitsOf(rest, [...melds, kan]);
  if (after.length !== waits.length || after.some((w, i) => w !== waits[i])) return false;
  const counts = countKinds(before);
  for (const w of waits) {
    counts[w]!++;
    const readings = decompose(counts, melds.length);
    counts[w]!--;
    if (
      !readings.every(
        (r) => r.shape === 'standard' && r.groups.some((g) => g.kind === 'triplet' && g.first === kind),
      )
    )
      return false;
  }
  return true;
}

/** Closed kans the seat may declare now (one tile per kind). */
export function closedKanTiles(model: HandModel, seat: Seat): Tile[] {
  if (!drewThisTurn(model, seat) || kanRoom(model, seat) === 'no') return [];
  const counts = countKinds(model.concealed[seat]!);
  const out: Tile[] = [];
  for (const tile of distinct(model.concealed[seat]!)) {
    const kind = tileKind(tile);
    if (counts[kind] !== 4 || out.some((t) => tileKind(t) === kind)) continue;
    if (model.riichi[seat] !== 'none' && !riichiKanKeepsWaits(model, seat, kind)) continue;
    out.push(tile);
  }
  return out;
}

/** Added kans the seat may declare now: a held tile of one of its pons (never in riichi, riichi.md 6.3). */
export function addedKanTiles(model: HandModel, seat: Seat): Tile[] {
  if (!drewThisTurn(model, seat) || kanRoom(model, seat) === 'no' || model.riichi[seat] !== 'none') return [];
  const pons = model.melds[seat]!.filter((m) => m.type === 'pon').map((m) => tileKind(m.tiles[0]!));
  return distinct(model.concealed[seat]!).filter((t) => pons.includes(tileKind(t)));
}

/** Sanma V3.2: a held North after a draw, a live tile left; in riichi only the North just drawn. */
export function mayExtractNorth(model: HandModel, seat: Seat): boolean {
  if (model.options.northDora !== true || !drewThisTurn(model, seat) || model.live.length === 0) return false;
  if (model.riichi[seat] !== 'none') return tileKind(model.drawn[seat]!) === NORTH;
  return model.concealed[seat]!.some((t) => tileKind(t) === NORTH);
}

/** riichi.md 10.2.1: the first draw, no call yet, at least 9 distinct terminal-or-honor kinds among the 14. */
export function mayDeclareNineTerminals(model: HandModel, seat: Seat): boolean {
  if (
    !drewThisTurn(model, seat) ||
    !model.uninterrupted ||
    model.drawCount[seat] !== 1 ||
    model.discardCount[seat] !== 0
  )
    return false;
  return new Set(model.concealed[seat]!.map(tileKind).filter(isTerminalOrHonor)).size >= 9;
}

export function legalTurnActions(model: HandModel, seat: Seat): LegalTurnActions {
  const turn = turnOf(model, seat);
  if (turn === null)
    return {
      tsumo: false,
      discards: [],
      riichiDiscards: [],
      closedKans: [],
      addedKans: [],
      north: false,
      nineTerminals: false,
    };
  const hand = model.concealed[seat]!;
  const discards =
    model.riichi[seat] !== 'none' && model.drawn[seat] !== null
      ? [model.drawn[seat]!]
      : distinct(hand).filter((t) => !kuikaeForbids(model, seat, t));
  const riichiAllowed = drewThisTurn(model, seat) && model.riichi[seat] === 'none';
  return {
    tsumo: tsumoCompletes(model, seat) && tsumoHasYaku(model, seat),
    discards,
    riichiDiscards: riichiAllowed ? discards.filter((t) => meetsRiichiConditions(model, seat, t)) : [],
    closedKans: closedKanTiles(model, seat),
    addedKans: addedKanTiles(model, seat),
    north: mayExtractNorth(model, seat),
    nineTerminals: mayDeclareNineTerminals(model, seat),
  };
}

// ---------------------------------------------------------------- legality: claims

/** Why the seat may not ron the tile on offer, or null when it may (riichi.md 9.2, 7, 4.4). */
export function ronRefusal(
  model: HandModel,
  seat: Seat,
  offer: Offer,
): 'not_a_win' | 'furiten' | 'no_yaku' | null {
  if (offer.from === seat) return 'not_a_win';
  if (offer.kind === 'closedKan') {
    // riichi.md 4.4: only Thirteen Orphans robs a closed kan, and only with the option.
    if (!model.options.kokushiRobsClosedKan || !completes(model, seat, offer.tile, false)) return 'not_a_win';
    if (decompose(countKinds([...model.concealed[seat]!, offer.tile]), 0).every((r) => r.shape !== 'kokushi'))
      return 'not_a_win';
  } else if (!model.waits[seat]!.includes(tileKind(offer.tile)) || !completes(model, seat, offer.tile, false))
    return 'not_a_win';
  if (
    furitenCause(
      model.waits[seat]!,
      model.ponds[seat]!.map((p) => p.tile),
      model.furiten[seat]!,
    ) !== undefined
  )
    return 'furiten';
  if (!scoreFor(model, seat, offer.tile, howOf(offer)).ok) return 'no_yaku';
  return null;
}
export const howOf = (offer: Offer): WinHow =>
  offer.kind === 'discard' ? 'ron' : offer.kind === 'north' ? 'robNorth' : 'chankan';

/** Kinds kuikae forbids after calling `called` with `used` (riichi.md 5.5). */
export function kuikaeKinds(called: Tile, used: readonly Tile[], chi: boolean): TileKind[] {
  const c = tileKind(called);
  if (!chi) return [c];
  const [a, b] = used.map(tileKind).sort((x, y) => x - y) as [TileKind, TileKind];
  const out = [c];
  if (b - a === 1) {
    if (c < a && numberOf(b) < 9) out.push(b + 1);
    if (c > b && numberOf(a) > 1) out.push(a - 1);
  }
  return out;
}

/** Distinct ways (by exact tile, red fives apart) to pick `n` tiles of `kind` from the hand. */
function picks(hand: readonly Tile[], kind: TileKind, n: number): Tile[][] {
  // Most seats hold too few of the kind: answer without building the combinations (every discard asks each seat).
  let held = 0;
  for (const t of hand) if (tileKind(t) === kind) held++;
  if (held < n) return [];
  if (n === 1) {
    // One tile: each distinct tile of the kind (a red five apart from the plain ones), ascending.
    const one: Tile[][] = [];
    for (const t of hand)
      if (tileKind(t) === kind && !one.some((p) => p[0] === t)) one.push([t]);
    return one.sort((a, b) => a[0]! - b[0]!);
  }
  const of = hand.filter((t) => tileKind(t) === kind).sort((a, b) => a - b);
  const out = new Map<string, Tile[]>();
  const go = (start: number, chosen: Tile[]) => {
    if (chosen.length === n) {
      out.set(chosen.join(','), chosen);
      return;
    }
    for (let i = start; i < of.length; i++) go(i + 1, [...chosen, of[i]!]);
  };
  go(0, []);
  return [...out.values()];
}

/** A call leaves the caller something to discard (riichi.md 5.5: not offered otherwise). */
function leavesDiscard(
  hand: readonly Tile[],
  used: readonly Tile[],
  forbidden: readonly TileKind[],
): boolean {
  return (removeAll(hand, used) ?? []).some((t) => !forbidden.includes(tileKind(t)));
}

/**
 * Legal claims already listed for a model and offer, per seat. A claim window asks the same question when it
 * opens (who is eligible), when the table asks each seat, and when the seat answers; the answers only change
 * `responses`, which the legal claims do not read, so `respond` and `passOutstanding` hand the memo on.
 */
interface ClaimsMemo {
  readonly offer: Offer;
  readonly bySeat: (LegalClaims | undefined)[];
}
const claimsMemo = new WeakMap<HandModel, ClaimsMemo>();

/** The next model differs from `model` only in its claim window's responses: the same legal claims hold. */
const handOnClaims = (model: HandModel, next: HandModel): HandModel => {
  const memo = claimsMemo.get(model);
  if (memo !== undefined) claimsMemo.set(next, memo);
  return next;
};

/** Where the claimed tile sits in a chi: the offsets of the two tiles from the hand. */
const CHI_SHAPES = [
  [-2, -1],
  [-1, 1],
  [1, 2],
] as const;

export function legalClaims(model: HandModel, seat: Seat, offer: Offer): LegalClaims {
  let memo = claimsMemo.get(model);
  if (memo === undefined || memo.offer !== offer) {
    memo = { offer, bySeat: [] };
    claimsMemo.set(model, memo);
  }
  return (memo.bySeat[seat] ??= listClaims(model, seat, offer));
}

function listClaims(model: HandModel, seat: Seat, offer: Offer): LegalClaims {
  const none: LegalClaims = { ron: false, pon: [], openKan: [], chi: [] };
  if (seat === offer.from) return none;
  const ron = ronRefusal(model, seat, offer) === null;
  // riichi.md 4.3: calls only on a discard, never on the last one (houtei), never in riichi.
  const calls = model.options.calls ?? 'all';
  if (
    offer.kind !== 'discard' ||
    model.live.length === 0 ||
    calls === 'none' ||
    model.riichi[seat] !== 'none'
  )
    return { ...none, ron };
  const hand = model.concealed[seat]!;
  const kind = tileKind(offer.tile);
  const pon = picks(hand, kind, 2).filter((used) =>
    leavesDiscard(hand, used, kuikaeKinds(offer.tile, used, false)),
  );
  const openKan = kanRoom(model, seat) !== 'no' ? picks(hand, kind, 3) : [];
  const chi: Tile[][] = [];
  if (calls === 'all' && kind < 27 && seat === nextSeat(model, offer.from)) {
    const n = numberOf(kind);
    for (const [da, db] of CHI_SHAPES) {
      if (n + da < 1 || n + db > 9) continue;
      for (const a of picks(hand, kind + da, 1))
        for (const b of picks(hand, kind + db, 1)) {
          const used = [a[0]!, b[0]!];
          if (leavesDiscard(hand, used, kuikaeKinds(offer.tile, used, true))) chi.push(used);
        }
    }
  }
  return { ron, pon, openKan, chi };
}

/** Whether the decision is one of the legal claims (tiles compared as multisets). */
export function isLegalClaim(model: HandModel, seat: Seat, decision: ClaimDecision): boolean {
  const window = model.phase.kind === 'claiming' ? model.phase.window : null;
  if (window === null || !window.eligible.includes(seat) || window.responses[seat] !== null) return false;
  // A pass needs no list of calls (most answers are passes).
  if (decision.type === 'pass') return true;
  const legal = legalClaims(model, seat, window.offer);
  switch (decision.type) {
    case 'ron':
      return legal.ron;
    case 'pon':
      return legal.pon.some((t) => sameTiles(t, decision.tiles));
    case 'openKan':
      return legal.openKan.some((t) => sameTiles(t, decision.tiles));
    case 'chi':
      return legal.chi.some((t) => sameTiles(t, decision.tiles));
  }
}

const hasAnyClaim = (c: LegalClaims): boolean =>
  c.ron || c.pon.length > 0 || c.openKan.length > 0 || c.chi.length > 0;

export function openWindow(model: HandModel, offer: Offer): HandModel {
  const eligible = seatsOf(model.players).filter(
    (s) => s !== offer.from && hasAnyClaim(legalClaims(model, s, offer)),
  );
  return handOnClaims(model, {
    ...model,
    phase: { kind: 'claiming', window: { offer, eligible, responses: fill(model.players, null) } },
  });
}

export const claimWindow = (model: HandModel): ClaimWindow | null =>
  model.phase.kind === 'claiming' ? model.phase.window : null;
export const allResponded = (model: HandModel): boolean => {
  const w = claimWindow(model);
  return w !== null && w.eligible.every((s) => w.responses[s] !== null);
};

export function respond(model: HandModel, seat: Seat, decision: ClaimDecision): HandModel {
  const w = claimWindow(model)!;
  return handOnClaims(model, {
    ...model,
    phase: { kind: 'claiming', window: { ...w, responses: setAt(w.responses, seat, decision) } },
  });
}

/** The deadline passed: whoever has not answered passes. */
export function passOutstanding(model: HandModel): HandModel {
  const w = claimWindow(model)!;
  return handOnClaims(model, {
    ...model,
    phase: {
      kind: 'claiming',
      window: {
        ...w,
        responses: w.responses.map((r, s) =>
          r === null && w.eligible.includes(s as Seat) ? { type: 'pass' } : r,
        ),
      },
    },
  });
}
