// The riichi-family hand model: pure reducers over plain data (deal, draws, discards, kans, north, calls, passes) and its views.
import {
  afterOwnDiscard,
  afterOwnDraw,
  afterWaitPassed,
  furitenCause,
  NOT_FURITEN,
} from '../../../rules/furiten.js';
import type { GameProgress } from '../../../rules/game-flow.js';
import { isKan } from '../../../rules/hand.js';
import type { RuleOptions } from '../../../rules/options.js';
import { DEPOSIT_VALUE, type Seat } from '../../../rules/payments.js';
import { countKinds, KIND_COUNT, NORTH, isRedFive, tileKind, type Tile } from '../../../rules/tiles.js';
import type { RiichiOutcome, SetupRejectionCode } from './events.js';
import type { ClaimDecision, RiichiSeatView } from './seat-view.js';
import {
  fill,
  indicatorIndex,
  nextSeat,
  removeAll,
  removeOne,
  seatsOf,
  seatWind,
  setAt,
  doraIndicators,
  waitsOf,
  waitsAfterDiscard,
  type HandModel,
  type SeatMeld,
  meldOut,
  relativeOf,
  setSize,
  type LiableFor,
  type OfferKind,
  type RiichiState,
  type Step,
} from './hand-state.js';
import { completes, isDoubleRiichi, kuikaeKinds, openWindow, claimWindow, ronRefusal } from './legality.js';

export * from './hand-state.js';
export * from './legality.js';
export * from './settlement.js';

// ---------------------------------------------------------------- setup and deal

/** A hand waiting for the table's wall. */
export function newHand(progress: GameProgress, options: RuleOptions): HandModel {
  const players = options.players;
  // 2 players: Tenpai Race Stage A (variants.md V2.1), its rules in setup.ts guards.
  if (players !== 2 && players !== 3 && players !== 4)
    throw new Error(`riichi hands are for 2, 3 or 4 players, not ${players}`);
  return {
    options,
    players,
    progress,
    points: [...progress.points],
    deposits: progress.deposits,
    riichiSticks: [],
    live: [],
    dead: [],
    replacementsTaken: 0,
    indicatorsShown: 0,
    pendingKanDora: 0,
    concealed: fill(players, []),
    drawn: fill(players, null),
    melds: fill(players, []),
    ponds: fill(players, []),
    norths: fill(players, 0),
    riichi: fill(players, 'none'),
    riichiPending: null,
    ippatsu: fill(players, false),
    uninterrupted: true,
    drawCount: fill(players, 0),
    discardCount: fill(players, 0),
    waits: fill(players, []),
    furiten: fill(players, NOT_FURITEN),
    kanOwners: [],
    kuikae: [],
    liability: fill(players, null),
    rinshan: false,
    turn: progress.dealer,
    phase: { kind: 'dealing' },
    stageB: null,
    end: null,
  };
}

/** Why the table's wall cannot be used, or null: sizes (riichi.md 3.2), and the whole set with the preset's red fives. */
export function wallProblem(
  model: HandModel,
  live: readonly Tile[],
  dead: readonly Tile[],
): { code: SetupRejectionCode; message: string } | null {
  if (model.phase.kind !== 'dealing')
    return { code: 'already_built', message: 'this hand already has its wall' };
  const total = setSize(model.options);
  if (dead.length !== 14 || live.length !== total - 14)
    return {
      code: 'wrong_wall_size',
      message: `the wall is ${total - 14} live and 14 dead tiles, not ${live.length} and ${dead.length}`,
    };
  const all = [...live, ...dead];
  const counts = countKinds(all);
  const removed = new Set(model.options.removedKinds ?? []);
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    const want = removed.has(kind) ? 0 : 4;
    if (counts[kind] !== want)
      return {
        code: 'not_the_whole_set',
        message: `${counts[kind]} tiles of kind ${kind}, the set has ${want}`,
      };
  }
  const reds = [0, 0, 0];
  for (const t of all) if (isRedFive(t)) reds[Math.floor(tileKind(t) / 9)]!++;
  const want =
    model.options.redFives === 'none' ? [0, 0, 0] : model.options.redFives === '3' ? [1, 1, 1] : [1, 2, 1];
  if (removed.has(4)) want[0] = 0;
  if (reds.some((n, i) => n !== want[i]))
    return {
      code: 'not_the_whole_set',
      message: `red fives ${reds.join('/')} (m/p/s), the preset has ${want.join('/')}`,
    };
  return null;
}

/**
 * The deal of riichi.md 3.3 from the front of the live wall: from the dealer round the table, 4 tiles three
 * times, then 1 each, then the dealer's 14th (his first draw). The first indicator is turned.
 */
export function dealWall(model: HandModel, live: readonly Tile[], dead: readonly Tile[]): Step {
  const order = seatsOf(model.players).map((i) => ((model.progress.dealer + i) % model.players) as Seat);
  const hands: Tile[][] = fill(model.players, null).map(() => []);
  let next = 0;
  for (let round = 0; round < 3; round++)
    for (const seat of order) for (let i = 0; i < 4; i++) hands[seat]!.push(live[next++]!);
  for (const seat of order) hands[seat]!.push(live[next++]!);
  const dealer = model.progress.dealer;
  const fourteenth = live[next++]!;
  const waits = hands.map((h) => waitsOf(h, []));
  hands[dealer]!.push(fourteenth);
  const dealt: HandModel = {
    ...model,
    live: live.slice(next),
    dead: [...dead],
    indicatorsShown: 1,
    concealed: hands,
    drawn: setAt(model.drawn, dealer, fourteenth),
    drawCount: setAt(model.drawCount, dealer, 1),
    waits,
    turn: dealer,
    phase: { kind: 'turn', seat: dealer, afterCall: false },
  };
  return {
    model: dealt,
    emitted: [
      { type: 'hand.dealt', hands: hands.map((h) => [...h]) },
      { type: 'hand.doraRevealed', indicator: dead[indicatorIndex(dealt, 0)]! },
    ],
  };
}

// ---------------------------------------------------------------- drawing

/** The tile the seat on turn must take now: the live wall's next, or the next replacement. */
export function expectedDraw(model: HandModel): Tile | null {
  // Tenpai Race Stage B prototype (families/riichi/machines/tenpai-race.ts): the attacker draws from the live wall.
  if (model.phase.kind === 'stageB')
    return model.phase.step === 'attackerDrawing' ? (model.live[0] ?? null) : null;
  if (model.phase.kind !== 'drawing') return null;
  return model.phase.replacement ? (model.dead[model.replacementsTaken] ?? null) : (model.live[0] ?? null);
}

export function applyDraw(model: HandModel): Step {
  const phase = model.phase;
  if (phase.kind !== 'drawing') throw new Error(`applyDraw in phase ${phase.kind}`);
  const seat = phase.seat;
  const tile = expectedDraw(model)!;
  let { live, dead } = model;
  let replacementsTaken = model.replacementsTaken;
  if (phase.replacement) {
    // riichi.md 3.2: the dead wall stays at 14: the live wall's last tile moves onto it.
    replacementsTaken++;
    dead = [...dead, live[live.length - 1]!];
    live = live.slice(0, -1);
  } else {
    live = live.slice(1);
  }
  const next: HandModel = {
    ...model,
    live,
    dead,
    replacementsTaken,
    concealed: setAt(model.concealed, seat, [...model.concealed[seat]!, tile]),
    drawn: setAt(model.drawn, seat, tile),
    drawCount: setAt(model.drawCount, seat, model.drawCount[seat]! + 1),
    furiten: setAt(model.furiten, seat, afterOwnDraw(model.furiten[seat]!, model.options.tempFuritenEnds)),
    rinshan: phase.replacement,
    kuikae: [],
    turn: seat,
    phase: { kind: 'turn', seat, afterCall: false },
  };
  return { model: next, emitted: [] };
}

// ---------------------------------------------------------------- furiten events

/** `seat.furiten` outcomes for the seats whose furiten began or deepened between the two models (SECRET). */
function furitenChanges(
  before: HandModel,
  after: HandModel,
  tile: Tile,
  seats: readonly Seat[],
): RiichiOutcome[] {
  const out: RiichiOutcome[] = [];
  for (const seat of seats) {
    if (
      before.furiten[seat] === after.furiten[seat] &&
      before.waits[seat] === after.waits[seat] &&
      before.ponds[seat] === after.ponds[seat]
    )
      continue;
    const was = furitenCause(
      before.waits[seat]!,
      before.ponds[seat]!.map((p) => p.tile),
      before.furiten[seat]!,
    );
    const now = furitenCause(
      after.waits[seat]!,
      after.ponds[seat]!.map((p) => p.tile),
      after.furiten[seat]!,
    );
    const deeper =
      now !== undefined && (was === undefined || (now !== was && (now === 'discard' || now === 'riichi')));
    if (deeper) out.push({ type: 'seat.furiten', seat, kind: now, tile });
  }
  return out;
}

// ---------------------------------------------------------------- turn reducers

/** A kan indicator waiting for this discard is revealed (riichi.md 3.5). */
function revealPending(model: HandModel): Step {
  if (model.pendingKanDora === 0) return { model, emitted: [] };
  const emitted: RiichiOutcome[] = [];
  let indicatorsShown = model.indicatorsShown;
  for (let i = 0; i < model.pendingKanDora; i++) {
    emitted.push({
      type: 'hand.doraRevealed',
      indicator: model.dead[indicatorIndex(model, indicatorsShown)]!,
    });
    indicatorsShown++;
  }
  return { model: { ...model, indicatorsShown, pendingKanDora: 0 }, emitted };
}

export function applyDiscard(model: HandModel, seat: Seat, tile: Tile, riichi: boolean): Step {
  const emitted: RiichiOutcome[] = [];
  const drawn = model.drawn[seat];
  const concealed = removeOne(model.concealed[seat]!, tile)!;
  const declares = riichi && model.riichi[seat] === 'none';
  const riichiState: RiichiState = declares
    ? isDoubleRiichi(model, seat)
      ? 'double'
      : 'riichi'
    : model.riichi[seat]!;
  let furiten = afterOwnDiscard(model.furiten[seat]!, model.options.tempFuritenEnds);
  // riichi.md 7.4: a riichi player who does not take a winning draw is furiten for the rest of the hand.
  if (model.riichi[seat] !== 'none' && drawn !== null && completes(model, seat, drawn, true))
    furiten = afterWaitPassed(furiten, {
      kind: drawn,
      waits: model.waits[seat]!,
      inRiichi: true,
      source: 'ownDraw',
    });
  let next: HandModel = {
    ...model,
    concealed: setAt(model.concealed, seat, concealed),
    drawn: setAt(model.drawn, seat, null),
    ponds: setAt(model.ponds, seat, [
      ...model.ponds[seat]!,
      { tile, riichi: declares, called: false, drawnAndDiscarded: drawn === tile },
    ]),
    riichi: setAt(model.riichi, seat, riichiState),
    riichiPending: declares ? seat : null,
    // riichi.md 6.5: the one-shot window closes with the riichi player's discard after his next draw.
    ippatsu: setAt(model.ippatsu, seat, false),
    discardCount: setAt(model.discardCount, seat, model.discardCount[seat]! + 1),
    waits: setAt(model.waits, seat, waitsAfterDiscard(model.concealed[seat]!, model.melds[seat]!, tile)),
    furiten: setAt(model.furiten, seat, furiten),
    kuikae: [],
    rinshan: false,
  };
  emitted.push(...furitenChanges(model, next, tile, [seat]));
  if (declares) emitted.push({ type: 'seat.riichiDeclared', seat, tile, double: riichiState === 'double' });
  if (next.options.openKanDoraOnRon) {
    const revealed = revealPending(next);
    next = revealed.model;
    emitted.push(...revealed.emitted);
  }
  return { model: openWindow(next, { tile, from: seat, addedKan: false, kind: 'discard' }), emitted };
}

/** Any call breaks every one-shot and the first go-around (riichi.md 4.6, 6.5). */
const interrupted = (model: HandModel): HandModel => ({
  ...model,
  uninterrupted: false,
  ippatsu: fill(model.players, false),
});

export function declareClosedKan(model: HandModel, seat: Seat, tile: Tile): Step {
  const kind = tileKind(tile);
  const tiles = model.concealed[seat]!.filter((t) => tileKind(t) === kind);
  const pending = revealPending(model);
  let next: HandModel = interrupted({
    ...pending.model,
    concealed: setAt(
      model.concealed,
      seat,
      model.concealed[seat]!.filter((t) => tileKind(t) !== kind),
    ),
    drawn: setAt(model.drawn, seat, null),
    melds: setAt(model.melds, seat, [...model.melds[seat]!, { type: 'ankan', tiles }]),
    kanOwners: [...model.kanOwners, seat],
  });
  // riichi.md 3.5: a closed kan's indicator is turned at once.
  const emitted: RiichiOutcome[] = [
    ...pending.emitted,
    { type: 'seat.callMade', seat, meld: meldOut({ type: 'ankan', tiles }) },
  ];
  emitted.push({
    type: 'hand.doraRevealed',
    indicator: next.dead[indicatorIndex(next, next.indicatorsShown)]!,
  });
  next = { ...next, indicatorsShown: next.indicatorsShown + 1 };
  return { model: openWindow(next, { tile, from: seat, addedKan: false, kind: 'closedKan' }), emitted };
}

export function declareAddedKan(model: HandModel, seat: Seat, tile: Tile): Step {
  const pending = revealPending(model);
  return {
    model: openWindow(pending.model, { tile, from: seat, addedKan: true, kind: 'addedKan' }),
    emitted: pending.emitted,
  };
}

export function declareNorth(model: HandModel, seat: Seat): Step {
  const drawn = model.drawn[seat];
  const tile =
    drawn !== null && tileKind(drawn) === NORTH
      ? drawn
      : model.concealed[seat]!.find((t) => tileKind(t) === NORTH)!;
  return { model: openWindow(model, { tile, from: seat, addedKan: false, kind: 'north' }), emitted: [] };
}

// ---------------------------------------------------------------- claim resolution

export type Resolution =
  | { readonly kind: 'ron'; readonly winners: readonly Seat[] }
  | { readonly kind: 'tripleRon' }
  | {
      readonly kind: 'call';
      readonly seat: Seat;
      readonly decision: Exclude<ClaimDecision, { type: 'pass' | 'ron' }>;
    }
  | { readonly kind: 'none' };

/** Resolutions already computed: the machine's guards ask about the same window several times. */
const resolved = new WeakMap<HandModel, Resolution>();

/** riichi.md 4.3 and 9.4: ron first (triple ron per option), then pon or open kan, then chi. */
export function resolveClaims(model: HandModel): Resolution {
  let resolution = resolved.get(model);
  if (resolution === undefined) {
    resolution = resolveWindow(model);
    resolved.set(model, resolution);
  }
  return resolution;
}

function resolveWindow(model: HandModel): Resolution {
  const w = claimWindow(model)!;
  // The other seats in turn order after the offering seat (riichi.md 9.4 head bump, 4.3 priority ties).
  const order: Seat[] = [];
  for (let d = 1; d < model.players; d++) order.push(((w.offer.from + d) % model.players) as Seat);
  const rons = order.filter((s) => w.responses[s]?.type === 'ron');
  if (rons.length > 0) {
    if (model.players === 4 && model.options.tripleRon !== 'headBump') {
      if (rons.length === 3) return { kind: 'tripleRon' };
      if (rons.length === 2 && model.options.tripleRon === 'abortIfThirdCanWin') {
        const third = order.find((s) => !rons.includes(s))!;
        if (ronRefusal(model, third, w.offer) === null) return { kind: 'tripleRon' };
      }
    }
    return { kind: 'ron', winners: rons };
  }
  for (const type of ['pon', 'openKan', 'chi'] as const) {
    const seat = order.find((s) => w.responses[s]?.type === type);
    if (seat !== undefined)
      return {
        kind: 'call',
        seat,
        decision: w.responses[seat] as Extract<ClaimDecision, { type: typeof type }>,
      };
  }
  return { kind: 'none' };
}

/**
 * The tile on offer was not won on: temporary and riichi furiten for the seats it would have completed (7.2,
 * 7.4), the riichi stick is paid (6.2), a pending open-kan indicator is turned (3.5, `openKanDoraOnRon` off).
 */
export function passOffer(model: HandModel): Step {
  const w = claimWindow(model)!;
  const { offer } = w;
  const emitted: RiichiOutcome[] = [];
  let furiten = model.furiten;
  for (const seat of seatsOf(model.players)) {
    if (seat === offer.from) continue;
    if (offer.kind === 'closedKan' && !w.eligible.includes(seat)) continue;
    furiten = setAt(
      furiten,
      seat,
      afterWaitPassed(furiten[seat]!, {
        kind: offer.tile,
        waits: model.waits[seat]!,
        inRiichi: model.riichi[seat] !== 'none',
        source: 'offered',
      }),
    );
  }
  let next: HandModel = { ...model, furiten };
  emitted.push(...furitenChanges(model, next, offer.tile, seatsOf(model.players)));
  if (model.riichiPending !== null) {
    const seat = model.riichiPending;
    const stick = model.options.riichiDeposit ?? DEPOSIT_VALUE;
    const paid = stick > 0;
    next = {
      ...next,
      riichiPending: null,
      points: paid ? setAt(next.points, seat, next.points[seat]! - stick) : next.points,
      deposits: paid ? next.deposits + 1 : next.deposits,
      riichiSticks: paid ? [...next.riichiSticks, seat] : next.riichiSticks,
      ippatsu: setAt(next.ippatsu, seat, true),
    };
    emitted.push({ type: 'seat.riichiAccepted', seat, deposits: next.deposits, points: [...next.points] });
  }
  if (offer.kind === 'discard' && !model.options.openKanDoraOnRon) {
    const revealed = revealPending(next);
    next = revealed.model;
    emitted.push(...revealed.emitted);
  }
  return { model: next, emitted };
}

export const offerKind = (model: HandModel): OfferKind | null => claimWindow(model)?.offer.kind ?? null;

/** riichi.md 10.2.2: four players' first discards are the same wind, no call. Not in Sanma. */
export function fourWindsAbort(model: HandModel): boolean {
  if (model.players !== 4 || !model.uninterrupted || model.discardCount.some((c) => c !== 1)) return false;
  const kinds = model.ponds.map((p) => tileKind(p[0]!.tile));
  return kinds[0]! >= 27 && kinds[0]! <= 30 && kinds.every((k) => k === kinds[0]);
}
/** riichi.md 10.2.4: the fourth riichi stands. Not in Sanma. */
export const fourRiichiAbort = (model: HandModel): boolean =>
  model.players === 4 && model.riichi.every((r) => r !== 'none');
/** riichi.md 10.2.3: four kans by two or more players, after the fourth kanner's discard. */
export const fourKansAbort = (model: HandModel): boolean =>
  model.kanOwners.length === 4 && new Set(model.kanOwners).size > 1;
/** riichi.md 4.5: the last discard passed. */
export const liveWallExhausted = (model: HandModel): boolean => model.live.length === 0;

/** The added kan was not robbed: it is formed, breaks one-shots, and its indicator waits for the discard (3.5). */
export function formAddedKan(model: HandModel): Step {
  const { offer } = claimWindow(model)!;
  const seat = offer.from as Seat;
  const melds = model.melds[seat]!.map((m) =>
    m.type === 'pon' && tileKind(m.tiles[0]!) === tileKind(offer.tile)
      ? { ...m, type: 'kakan' as const, tiles: [...m.tiles, offer.tile], addedTile: offer.tile }
      : m,
  );
  const meld = melds.find((m) => m.type === 'kakan' && m.addedTile === offer.tile)!;
  const next = interrupted({
    ...model,
    concealed: setAt(model.concealed, seat, removeOne(model.concealed[seat]!, offer.tile)!),
    drawn: setAt(model.drawn, seat, null),
    melds: setAt(model.melds, seat, melds),
    kanOwners: [...model.kanOwners, seat],
    pendingKanDora: model.pendingKanDora + 1,
    phase: { kind: 'drawing', seat, replacement: true },
  });
  return { model: next, emitted: [{ type: 'seat.callMade', seat, meld: meldOut(meld) }] };
}

/** The closed kan stood (no kokushi robbed it): the replacement draw follows. */
export function afterClosedKan(model: HandModel): Step {
  const seat = claimWindow(model)!.offer.from as Seat;
  return { model: { ...model, phase: { kind: 'drawing', seat, replacement: true } }, emitted: [] };
}

/** Sanma V3.2: the North is set aside (not robbed); one-shots and the first go-around end (S4); a replacement follows. */
export function setNorthAside(model: HandModel): Step {
  const { offer } = claimWindow(model)!;
  const seat = offer.from as Seat;
  // V3.2 item 5: a riichi player who sets aside a North that would have won is furiten (riichi.md 7.4).
  const passedWin = model.riichi[seat] !== 'none' && completes(model, seat, offer.tile, true);
  const furiten = passedWin
    ? afterWaitPassed(model.furiten[seat]!, {
        kind: offer.tile,
        waits: model.waits[seat]!,
        inRiichi: true,
        source: 'ownDraw',
      })
    : model.furiten[seat]!;
  const next = interrupted({
    ...model,
    concealed: setAt(model.concealed, seat, removeOne(model.concealed[seat]!, offer.tile)!),
    drawn: setAt(model.drawn, seat, null),
    norths: setAt(model.norths, seat, model.norths[seat]! + 1),
    furiten: setAt(model.furiten, seat, furiten),
    phase: { kind: 'drawing', seat, replacement: true },
  });
  return {
    model: next,
    emitted: [
      ...furitenChanges(model, next, offer.tile, [seat]),
      { type: 'seat.northSetAside', seat, count: next.norths[seat]! },
    ],
  };
}

/** Pao triggers (riichi.md 14.8): the third dragon group or the fourth wind group claimed from a discard. */
function liabilityAfterCall(
  model: HandModel,
  seat: Seat,
  melds: readonly SeatMeld[],
  from: Seat,
): LiableFor | null {
  const kinds = melds.filter((m) => m.type !== 'chi').map((m) => tileKind(m.tiles[0]!));
  const last = kinds[kinds.length - 1]!;
  if (last >= 31 && kinds.filter((k) => k >= 31).length === 3) return { seat: from, yakuman: 'K03' };
  if (last >= 27 && last <= 30 && kinds.filter((k) => k >= 27 && k <= 30).length === 4)
    return { seat: from, yakuman: 'K05' };
  return model.liability[seat] ?? null;
}

/** Chi, pon or open kan on the discard (riichi.md 5.1-5.3). */
export function makeCall(
  model: HandModel,
  seat: Seat,
  decision: Exclude<ClaimDecision, { type: 'pass' | 'ron' }>,
): Step {
  const { offer } = claimWindow(model)!;
  const from = offer.from as Seat;
  const type = decision.type === 'openKan' ? 'minkan' : decision.type;
  const meld: SeatMeld = {
    type,
    tiles: [...decision.tiles, offer.tile],
    calledTile: offer.tile,
    from: relativeOf(model, seat, from),
    fromSeat: from,
  };
  const melds = [...model.melds[seat]!, meld];
  const pond = model.ponds[from]!;
  const kan = decision.type === 'openKan';
  const next = interrupted({
    ...model,
    concealed: setAt(model.concealed, seat, removeAll(model.concealed[seat]!, decision.tiles)!),
    melds: setAt(model.melds, seat, melds),
    ponds: setAt(model.ponds, from, [...pond.slice(0, -1), { ...pond[pond.length - 1]!, called: true }]),
    liability: setAt(model.liability, seat, liabilityAfterCall(model, seat, melds, from)),
    kanOwners: kan ? [...model.kanOwners, seat] : model.kanOwners,
    pendingKanDora: kan ? model.pendingKanDora + 1 : model.pendingKanDora,
    kuikae: kan ? [] : kuikaeKinds(offer.tile, decision.tiles, decision.type === 'chi'),
    turn: seat,
    phase: kan ? { kind: 'drawing', seat, replacement: true } : { kind: 'turn', seat, afterCall: true },
  });
  return { model: next, emitted: [{ type: 'seat.callMade', seat, meld: meldOut(meld) }] };
}

/** Nobody took the discard: the next seat draws. */
export function passTurn(model: HandModel): Step {
  const seat = nextSeat(model, claimWindow(model)!.offer.from as Seat);
  return {
    model: { ...model, turn: seat, phase: { kind: 'drawing', seat, replacement: false } },
    emitted: [],
  };
}

// ---------------------------------------------------------------- views and invariants

export function seatView(model: HandModel, seat: Seat): RiichiSeatView {
  const players = model.players;
  return {
    seat,
    players,
    options: model.options,
    roundWind: model.progress.roundWind,
    seatWinds: seatsOf(players).map((s) => seatWind(model, s)),
    dealer: model.progress.dealer,
    honba: model.progress.honba,
    deposits: model.deposits,
    points: model.points,
    concealed: model.concealed[seat]!,
    drawn: model.drawn[seat]!,
    melds: model.melds,
    ponds: model.ponds,
    norths: model.norths,
    riichi: model.riichi,
    doraIndicators: doraIndicators(model),
    liveTilesLeft: model.live.length,
    furiten:
      furitenCause(
        model.waits[seat]!,
        model.ponds[seat]!.map((p) => p.tile),
        model.furiten[seat]!,
      ) !== undefined,
  };
}

/**
 * riichi.md 15 for a hand: every tile of the set is somewhere (hands, melds, ponds not called, norths, live and
 * dead wall; an unformed added kan's tile is still in the hand), and points + sticks equal the start.
 * Returns the problem, or null.
 */
export function handInvariantProblem(model: HandModel): string | null {
  if (model.phase.kind === 'dealing') return null;
  // Replacement tiles already drawn sit at the front of `dead` and are counted where they are now.
  const tiles: Tile[] = [...model.live, ...model.dead.slice(model.replacementsTaken)];
  for (let s = 0; s < model.players; s++) {
    tiles.push(...model.concealed[s]!, ...model.melds[s]!.flatMap((m) => m.tiles));
    tiles.push(...model.ponds[s]!.filter((p) => !p.called).map((p) => p.tile));
    for (let n = 0; n < model.norths[s]!; n++) tiles.push(30 as Tile);
  }
  if (tiles.length !== setSize(model.options))
    return `${tiles.length} tiles accounted for, the set has ${setSize(model.options)}`;
  const counts = countKinds(tiles);
  const removed = new Set(model.options.removedKinds ?? []);
  for (let k = 0; k < KIND_COUNT; k++)
    if (counts[k] !== (removed.has(k) ? 0 : 4)) return `${counts[k]} tiles of kind ${k}`;
  const total = model.points.reduce((a, b) => a + b, 0) + DEPOSIT_VALUE * model.deposits;
  const start = model.progress.points.reduce((a, b) => a + b, 0) + DEPOSIT_VALUE * model.progress.deposits;
  // Mangan Mahjong burns points (V4.1): its accounting (sum + burned) is checked by families/riichi/machines/variants.test.ts.
  if (total !== start && model.options.payout !== 'manganBurn')
    return `points and sticks sum to ${total}, ${start} at the start of the hand`;
  const melds = model.melds.every((m) => m.every((x) => isKan(x) === (x.tiles.length === 4)));
  return melds ? null : 'a meld has the wrong number of tiles';
}
