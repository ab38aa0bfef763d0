// A riichi-family seat brain: discards by shanten and tile acceptance, riichi and wins when legal, value calls, folds against riichi.
import { isOpenMeld, meldKind, type Meld } from '../../../rules/hand.js';
import {
  doraFromIndicator,
  KIND_COUNT as KINDS,
  KIND_MASK,
  NORTH as NORTH_KIND,
  RED_FLAG,
  TERMINALS_AND_HONORS,
  windKind,
  type Tile,
  type TileKind,
} from '../../../rules/tiles.js';
import { sanmaDoraFromIndicator } from '../../../rules/variants/sanma.js';
import { createRng, type Rng } from '../../../table/rng.js';
import type {
  ClaimDecision,
  ClaimOffer,
  LegalClaims,
  LegalTurnActions,
  RiichiBot,
  RiichiSeatView,
  TurnDecision,
} from '../machines/seat-view.js';
import { ShantenEval } from './shanten-eval.js';

// Imported bindings copied to module constants: the hot paths read them many times per decision.
const KIND_COUNT = KINDS;
const NORTH = NORTH_KIND;
const MASK = KIND_MASK;
const RED = RED_FLAG;
const tileKind = (tile: Tile): TileKind => tile & MASK;

export interface RiichiBotOptions {
  readonly seed: number;
  /** Against another seat's riichi, fold when the hand is this many tiles or more from tenpai (default 2). */
  readonly foldShanten?: number;
  /** Shown in logs; default `riichi-bot`. */
  readonly name?: string;
}

/*
 * How it plays (every decision is one of the legal actions it was given; legality, yaku and furiten are the
 * machine's business):
 * - Wins (tsumo, ron) whenever they are offered; sets Norths aside whenever it may (Sanma: each is a dora).
 * - Discards the tile that leaves the lowest shanten, then the most tile acceptance (ukeire: unseen copies of
 *   the kinds that would lower it), then keeps dora, red fives and value pairs, throws lone honours first.
 * - An open hand needs a yaku of its own, so it follows a plan fixed by its melds: value honours (any tiles),
 *   All Simples (only 2-8 count) or a flush (one suit and honours count). Tiles outside the plan are not
 *   counted for shanten and are thrown first. It calls only when the call lowers the shanten within a plan:
 *   a pon of a value honour, or chi/pon that keep All Simples (with `openTanyao`) or a flush, within two of
 *   tenpai.
 * - Prefers a tenpai that is not furiten (no wait among its own discards); declares riichi with a closed
 *   tenpai that is not furiten and has live winning tiles. In riichi it discards the drawn tile.
 * - Declares a closed or added kan when it costs no shanten (in riichi: whenever the machine offers one).
 * - Nine terminals: declares it unless ten or more terminal/honour kinds make thirteen orphans worth a try.
 * - Against another seat's riichi, far from tenpai (`foldShanten`), it folds: discards by safety against the
 *   riichi seats (their own discards, tiles passed after their riichi, suji, honours by copies seen), and
 *   makes no calls. Nearer, it pushes but prefers the safer of equally good tiles.
 */
export function createRiichiBot(options: RiichiBotOptions): RiichiBot {
  const rng = createRng(options.seed);
  const foldShanten = options.foldShanten ?? 2;
  return {
    name: options.name ?? 'riichi-bot',
    onTurn: (view, legal) => chooseTurn(view, legal, rng, foldShanten),
    onClaim: (view, offer, legal) => chooseClaim(view, offer, legal, foldShanten),
  };
}

// ---- what the seat can see (module scratch: one decision at a time, nothing kept between calls) ----

/** Own concealed tiles by kind. */
const COUNTS = new Uint8Array(KIND_COUNT);
/** Copies the seat cannot see anywhere (0 for kinds the set lacks, e.g. 2m-8m in Sanma). */
const UNSEEN = new Uint8Array(KIND_COUNT);
const SEEN = new Uint8Array(KIND_COUNT);
/** Dora value of each kind (one per indicator naming it). */
const DORA = new Uint8Array(KIND_COUNT);
/** Han a triplet of the kind is worth to this seat (dragons, seat wind, round wind). */
const VALUE = new Uint8Array(KIND_COUNT);
/** Danger of discarding each kind against the riichi seats (0 = cannot deal in). */
const DANGER = new Float64Array(KIND_COUNT);
const MASKED = new Uint8Array(KIND_COUNT);
/** Kinds in the seat's own pond (a wait among them is furiten, riichi.md 7.1). */
const OWN_POND = new Uint8Array(KIND_COUNT);
const EVAL = new ShantenEval();

function readView(view: RiichiSeatView): void {
  COUNTS.fill(0);
  SEEN.fill(0);
  DORA.fill(0);
  VALUE.fill(0);
  for (const tile of view.concealed) COUNTS[tileKind(tile)]!++;
  SEEN.set(COUNTS);
  OWN_POND.fill(0);
  for (const p of view.ponds[view.seat]!) OWN_POND[tileKind(p.tile)] = 1;
  for (let s = 0; s < view.players; s++) {
    for (const meld of view.melds[s]!) for (const tile of meld.tiles) SEEN[tileKind(tile)]!++;
    // A called discard sits in the caller's meld, counted there.
    for (const p of view.ponds[s]!) if (!p.called) SEEN[tileKind(p.tile)]!++;
    SEEN[NORTH]! += view.norths[s] ?? 0;
  }
  const sanma = view.options.northDora === true;
  for (const indicator of view.doraIndicators) {
    SEEN[tileKind(indicator)]!++;
    DORA[sanma ? sanmaDoraFromIndicator(tileKind(indicator)) : doraFromIndicator(tileKind(indicator))]!++;
  }
  for (let k = 0; k < KIND_COUNT; k++) UNSEEN[k] = SEEN[k]! >= 4 ? 0 : 4 - SEEN[k]!;
  for (const k of view.options.removedKinds ?? []) UNSEEN[k] = 0;
  VALUE[31] = VALUE[32] = VALUE[33] = 1;
  VALUE[windKind(view.roundWind)]!++;
  VALUE[windKind(view.seatWinds[view.seat]!)]!++;
}

// ---- plans for an open hand ----

const PLAN_ALL = 0;
const PLAN_TANYAO = 1;
/** PLAN_FLUSH + suit (0 man, 1 pin, 2 sou). */
const PLAN_FLUSH = 2;
const PLAN_COUNT = 5;
/** Which kinds count towards each plan, PLAN_COUNT rows of 34. */
const PLAN_MASK = new Uint8Array(PLAN_COUNT * KIND_COUNT);
for (let k = 0; k < KIND_COUNT; k++) {
  PLAN_MASK[PLAN_ALL * KIND_COUNT + k] = 1;
  PLAN_MASK[PLAN_TANYAO * KIND_COUNT + k] = k < 27 && k % 9 !== 0 && k % 9 !== 8 ? 1 : 0;
  for (let suit = 0; suit < 3; suit++)
    PLAN_MASK[(PLAN_FLUSH + suit) * KIND_COUNT + k] = k >= 27 || Math.floor(k / 9) === suit ? 1 : 0;
}

// Meld summary bits: suits used (man 1, pin 2, sou 4, honours 8), a terminal or honour, a value triplet.
const NON_SIMPLE = 16;
const VALUE_TRIPLET = 32;

function meldBits(low: TileKind, sequence: boolean): number {
  const high = sequence ? low + 2 : low;
  let bits = low >= 27 ? 8 : 1 << Math.floor(low / 9);
  if (low >= 27 || low % 9 === 0 || high % 9 === 8) bits |= NON_SIMPLE;
  if (!sequence && VALUE[low]! > 0) bits |= VALUE_TRIPLET;
  return bits;
}

function meldsBits(melds: readonly Meld[]): number {
  let bits = 0;
  for (const meld of melds) bits |= meldBits(meldKind(meld), meld.type === 'chi');
  return bits;
}

/** Plans (bit per plan) that give an open hand with these melds and concealed `counts` a yaku. */
function openPlans(bits: number, counts: Uint8Array, openTanyao: boolean): number {
  if ((bits & VALUE_TRIPLET) !== 0) return 1 << PLAN_ALL;
  for (let k = 27; k < KIND_COUNT; k++) if (VALUE[k]! > 0 && counts[k]! >= 3) return 1 << PLAN_ALL;
  let plans = 0;
  if (openTanyao && (bits & NON_SIMPLE) === 0) plans |= 1 << PLAN_TANYAO;
  const suits = bits & 7;
  for (let suit = 0; suit < 3; suit++)
    if (suits === 0 || suits === 1 << suit) plans |= 1 << (PLAN_FLUSH + suit);
  return plans;
}

/** Loads `counts` restricted to `plan` into EVAL (via MASKED). */
function loadPlan(counts: Uint8Array, plan: number, meldCount: number): void {
  const at = plan * KIND_COUNT;
  for (let k = 0; k < KIND_COUNT; k++) MASKED[k] = counts[k]! * PLAN_MASK[at + k]!;
  EVAL.load(MASKED, meldCount);
}

/** The plan among `plans` with the lowest shanten for `counts` (ties: the earlier plan), or -1 for none. */
function bestPlan(plans: number, counts: Uint8Array, meldCount: number): { plan: number; shanten: number } {
  let plan = -1;
  let shanten = Infinity;
  for (let p = 0; p < PLAN_COUNT; p++) {
    if ((plans & (1 << p)) === 0) continue;
    loadPlan(counts, p, meldCount);
    const s = EVAL.current();
    if (s < shanten) {
      shanten = s;
      plan = p;
    }
  }
  return { plan, shanten };
}

// ---- safety against riichi ----

const GENBUTSU = new Uint8Array(KIND_COUNT);
const PASSED = new Uint8Array(KIND_COUNT);

/** Fills DANGER for every kind against every other seat in riichi; false when nobody else is in riichi. */
function readThreats(view: RiichiSeatView): boolean {
  DANGER.fill(0);
  let threat = false;
  for (let r = 0; r < view.players; r++) {
    if (r === view.seat || view.riichi[r] === 'none') continue;
    threat = true;
    GENBUTSU.fill(0);
    PASSED.fill(0);
    const pond = view.ponds[r]!;
    let riichiAt = -1;
    for (let i = 0; i < pond.length; i++) {
      GENBUTSU[tileKind(pond[i]!.tile)] = 1;
      if (pond[i]!.riichi) riichiAt = i;
    }
    // Tiles others let go after the declaration that he did not ron: riichi furiten makes them safe. Ponds
    // carry no global order, so "after" is read from pond positions two or more turns past his riichi tile.
    if (riichiAt >= 0) {
      for (let s = 0; s < view.players; s++) {
        if (s === r) continue;
        const other = view.ponds[s]!;
        for (let i = riichiAt + 2; i < other.length; i++) PASSED[tileKind(other[i]!.tile)] = 1;
      }
    }
    for (let k = 0; k < KIND_COUNT; k++) {
      const d = kindDanger(k);
      if (d > DANGER[k]!) DANGER[k] = d;
    }
  }
  return threat;
}

/** Danger of one kind against the riichi seat read into GENBUTSU / PASSED. */
function kindDanger(k: TileKind): number {
  if (GENBUTSU[k] === 1) return 0;
  if (PASSED[k] === 1) return 1;
  const dora = DORA[k]! > 0 ? 1 : 0;
  if (k >= 27) {
    // Honours wait only as a single or a pair: the fewer copies he can hold, the safer.
    const unseen = UNSEEN[k]!;
    return (unseen === 0 ? 0 : unseen === 1 ? 1.5 : unseen === 2 ? 3 : 4.5) + dora;
  }
  const n = k % 9;
  // Suji: with 4 in his pond, 1 and 7 cannot be his two-sided wait (he would be furiten on 1-4 / 4-7).
  const lowSafe = n < 3 || GENBUTSU[k - 3] === 1;
  const highSafe = n > 5 || GENBUTSU[k + 3] === 1;
  let risk = n === 0 || n === 8 ? 5 : n === 1 || n === 7 ? 7 : n === 2 || n === 6 ? 8 : 10;
  if (lowSafe && highSafe) risk = n === 0 || n === 8 ? 2.5 : 4;
  else if ((n >= 3 && lowSafe) || (n <= 5 && highSafe)) risk *= 0.6;
  return risk + dora;
}

// ---- own turn ----

/** Per-candidate figures, by kind (only the candidates' entries are read). */
const SHANTEN = new Int8Array(KIND_COUNT);
const ACCEPT = new Int16Array(KIND_COUNT);
/** The candidate leaves a tenpai that waits on a kind in the seat's pond (or on the discard itself). */
const FURITEN = new Uint8Array(KIND_COUNT);
const CANDIDATE = new Uint8Array(KIND_COUNT);
const CANDIDATES = new Uint8Array(KIND_COUNT);

function chooseTurn(
  view: RiichiSeatView,
  legal: LegalTurnActions,
  rng: Rng,
  foldShanten: number,
): TurnDecision {
  if (legal.tsumo) return { type: 'tsumo' };
  if (legal.north) return { type: 'north' };
  const inRiichi = view.riichi[view.seat] !== 'none';
  if (legal.discards.length === 0) return fallbackTurn(legal);
  if (inRiichi) {
    if (legal.closedKans.length > 0) return { type: 'closedKan', tile: legal.closedKans[0]! };
    // The hand is locked: the drawn tile goes (the machine lists what may go).
    const drawn = view.drawn;
    for (const tile of legal.discards) if (tile === drawn) return { type: 'discard', tile, riichi: false };
    return { type: 'discard', tile: legal.discards[0]!, riichi: false };
  }

  readView(view);
  const melds = view.melds[view.seat]!;
  const meldCount = melds.length;
  let open = false;
  for (const meld of melds) if (isOpenMeld(meld)) open = true;
  if (legal.nineTerminals && kokushiShanten() >= 4) return { type: 'nineTerminals' };

  let plan = PLAN_ALL;
  if (open) {
    const best = bestPlan(openPlans(meldsBits(melds), COUNTS, view.options.openTanyao), COUNTS, meldCount);
    if (best.plan >= 0) plan = best.plan;
  }
  const mask = plan * KIND_COUNT;
  loadPlan(COUNTS, plan, meldCount);
  const threat = readThreats(view);

  // Candidates: the distinct kinds the seat may discard, and the shanten each leaves.
  CANDIDATE.fill(0);
  let n = 0;
  let minShanten = 99;
  let offPlanHeld = false;
  for (const tile of legal.discards) {
    const k = tileKind(tile);
    if (CANDIDATE[k] === 1) continue;
    CANDIDATE[k] = 1;
    CANDIDATES[n++] = k;
    const inPlan = PLAN_MASK[mask + k] === 1;
    if (!inPlan) offPlanHeld = true;
    const s = inPlan ? EVAL.withoutTile(k) : EVAL.current();
    SHANTEN[k] = s;
    if (s < minShanten) minShanten = s;
  }

  const fold = threat && (minShanten >= foldShanten || (minShanten >= 1 && view.liveTilesLeft <= 12));

  if (!fold && (!threat || minShanten <= 0)) {
    const kan = chooseKan(legal, plan, meldCount, minShanten);
    if (kan !== null) return kan;
  }

  // Tile acceptance of the candidates that keep the lowest shanten. All off-plan discards share one figure;
  // so, nearly, do lone tiles of one class (no neighbour within two): the first one's figure stands for the
  // rest, which costs a few unseen copies of precision and halves the work on a ragged early hand.
  let offPlanAccept = -1;
  let loneYaochuAccept = -1;
  let loneSimpleAccept = -1;
  for (let i = 0; i < n; i++) {
    const k = CANDIDATES[i]!;
    ACCEPT[k] = 0;
    FURITEN[k] = 0;
    if (SHANTEN[k] !== minShanten || fold) continue;
    if (minShanten === 0) {
      // Tenpai: each discard leaves its own waits, and furiten depends on them; nothing is shared.
      ACCEPT[k] = acceptance(PLAN_MASK[mask + k] === 1 ? k : -1, plan, meldCount, 0);
      FURITEN[k] = furitenAfter(k, PLAN_MASK[mask + k] === 1 ? k : -1, plan, meldCount);
    } else if (PLAN_MASK[mask + k] === 0) {
      if (offPlanAccept < 0) offPlanAccept = acceptance(-1, plan, meldCount, minShanten);
      ACCEPT[k] = offPlanAccept;
    } else if (MASKED[k] === 1 && isLoneBeside(k) && IS_YAOCHU[k] === 1) {
      if (loneYaochuAccept < 0) loneYaochuAccept = acceptance(k, plan, meldCount, minShanten);
      ACCEPT[k] = loneYaochuAccept;
    } else if (MASKED[k] === 1 && isLoneBeside(k)) {
      if (loneSimpleAccept < 0) loneSimpleAccept = acceptance(k, plan, meldCount, minShanten);
      ACCEPT[k] = loneSimpleAccept;
    } else {
      ACCEPT[k] = acceptance(k, plan, meldCount, minShanten);
    }
  }

  let bestKind = CANDIDATES[0]!;
  let bestScore = Infinity;
  const dangerWeight = minShanten <= 0 ? 2 : 6;
  for (let i = 0; i < n; i++) {
    const k = CANDIDATES[i]!;
    const noise = rng.next() * 0.5;
    let score: number;
    if (fold) {
      score = DANGER[k]! * 1000 + SHANTEN[k]! * 10 + noise;
    } else {
      // A furiten tenpai wins only by tsumo: worth less than a live one, more than one step back.
      score =
        SHANTEN[k]! * 1000 +
        FURITEN[k]! * 500 -
        ACCEPT[k]! * 3 +
        keepValue(k, PLAN_MASK[mask + k] === 1, offPlanHeld, legal.discards) +
        noise;
      if (threat) score += DANGER[k]! * dangerWeight;
    }
    if (score < bestScore) {
      bestScore = score;
      bestKind = k;
    }
  }

  const riichi =
    !open &&
    !fold &&
    SHANTEN[bestKind] === 0 &&
    FURITEN[bestKind] === 0 &&
    ACCEPT[bestKind]! > 0 &&
    pickTile(legal.riichiDiscards, bestKind) !== null;
  const tile = riichi ? pickTile(legal.riichiDiscards, bestKind)! : pickTile(legal.discards, bestKind)!;
  return { type: 'discard', tile, riichi };
}

/** Unseen copies of the kinds that lower the shanten once `discard` (-1 = an off-plan tile) is gone. */
function acceptance(discard: TileKind, plan: number, meldCount: number, shanten: number): number {
  const mask = plan * KIND_COUNT;
  if (discard >= 0) MASKED[discard]!--;
  EVAL.load(MASKED, meldCount);
  let accept = 0;
  // A kind with no held tile within two of it in its suit (an honour not held) can only add a lone tile,
  // which changes the shanten the same way for every such kind of its class (terminal/honour or not:
  // thirteen orphans tells them apart). One question per class answers for all of them.
  let loneYaochu = 0;
  let loneSimple = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    const unseen = UNSEEN[k]!;
    if (unseen === 0 || PLAN_MASK[mask + k] === 0 || MASKED[k]! >= 4) continue;
    if (isLone(k)) {
      if (IS_YAOCHU[k] === 1) {
        if (loneYaochu === 0) loneYaochu = EVAL.withTile(k) < shanten ? 1 : -1;
        if (loneYaochu === 1) accept += unseen;
      } else {
        if (loneSimple === 0) loneSimple = EVAL.withTile(k) < shanten ? 1 : -1;
        if (loneSimple === 1) accept += unseen;
      }
      continue;
    }
    if (EVAL.withTile(k) < shanten) accept += unseen;
  }
  if (discard >= 0) MASKED[discard]!++;
  return accept;
}

/**
 * Whether the tenpai left by discarding `kind` (`removed` = its kind in MASKED, -1 when off-plan) waits on a
 * kind in the seat's pond or on the discard itself (it joins the pond): furiten, riichi.md 7.1.
 */
function furitenAfter(kind: TileKind, removed: TileKind, plan: number, meldCount: number): 0 | 1 {
  const mask = plan * KIND_COUNT;
  if (removed >= 0) MASKED[removed]!--;
  EVAL.load(MASKED, meldCount);
  let furiten: 0 | 1 = 0;
  for (let k = 0; k < KIND_COUNT && furiten === 0; k++) {
    if ((OWN_POND[k] === 0 && k !== kind) || PLAN_MASK[mask + k] === 0 || MASKED[k]! >= 4) continue;
    if (EVAL.withTile(k) < 0) furiten = 1;
  }
  if (removed >= 0) MASKED[removed]!++;
  return furiten;
}

const IS_YAOCHU = new Uint8Array(KIND_COUNT);
for (const k of TERMINALS_AND_HONORS) IS_YAOCHU[k] = 1;

/** No tile of MASKED within two of `k` in its suit (for an honour: none of `k` itself). */
function isLone(k: TileKind): boolean {
  return MASKED[k] === 0 && isLoneBeside(k);
}

/** No tile of MASKED within two of `k` in its suit, `k` itself not counted (honours: always). */
function isLoneBeside(k: TileKind): boolean {
  if (k >= 27) return true;
  const n = k % 9;
  for (let d = -2; d <= 2; d++) if (d !== 0 && n + d >= 0 && n + d <= 8 && MASKED[k + d] !== 0) return false;
  return true;
}

/** What keeping the kind is worth beyond shanten and acceptance (higher = keep). */
function keepValue(k: TileKind, inPlan: boolean, offPlanHeld: boolean, discards: readonly Tile[]): number {
  if (!inPlan) return -15;
  let value = DORA[k]! * 6;
  if (offPlanHeld) value += 2;
  // A red five only goes when no plain copy can go instead.
  if (k < 27 && k % 9 === 4 && pickTile(discards, k) !== null && (pickTile(discards, k)! & RED) !== 0)
    value += 6;
  if (k >= 27) value += VALUE[k]! > 0 ? (COUNTS[k]! >= 2 ? 8 : 0) : COUNTS[k]! >= 2 ? 1 : -2;
  else if (k % 9 === 0 || k % 9 === 8) value -= 1;
  return value;
}

/** A tile of `kind` among `tiles`, a plain one before a red five; null when there is none. */
function pickTile(tiles: readonly Tile[], kind: TileKind): Tile | null {
  let found: Tile | null = null;
  for (const tile of tiles) {
    if (tileKind(tile) !== kind) continue;
    if ((tile & RED) === 0) return tile;
    found = tile;
  }
  return found;
}

/** A closed or added kan that costs no shanten in the current plan, or null. */
function chooseKan(
  legal: LegalTurnActions,
  plan: number,
  meldCount: number,
  shanten: number,
): TurnDecision | null {
  const mask = plan * KIND_COUNT;
  for (const tile of legal.closedKans) {
    const k = tileKind(tile);
    if (COUNTS[k]! < 4) continue;
    const saved = MASKED[k]!;
    MASKED[k] = 0;
    EVAL.load(MASKED, meldCount + 1);
    const after = EVAL.current();
    MASKED[k] = saved;
    if (PLAN_MASK[mask + k] === 0 || after <= shanten) return { type: 'closedKan', tile };
  }
  for (const tile of legal.addedKans) {
    const k = tileKind(tile);
    if (PLAN_MASK[mask + k] === 0 || MASKED[k] === 0) return { type: 'addedKan', tile };
    MASKED[k]!--;
    EVAL.load(MASKED, meldCount);
    const after = EVAL.current();
    MASKED[k]!++;
    if (after <= shanten) return { type: 'addedKan', tile };
  }
  EVAL.load(MASKED, meldCount);
  return null;
}

const YAOCHU = Uint8Array.from(TERMINALS_AND_HONORS);

/** Thirteen orphans shanten of the concealed tiles in COUNTS (13 - kinds - a pair). */
function kokushiShanten(): number {
  let kinds = 0;
  let pair = 0;
  for (const k of YAOCHU) {
    if (COUNTS[k]! > 0) kinds++;
    if (COUNTS[k]! >= 2) pair = 1;
  }
  return 13 - kinds - pair;
}

/** Nothing to discard: some other legal action (the machine always offers one). */
function fallbackTurn(legal: LegalTurnActions): TurnDecision {
  if (legal.closedKans.length > 0) return { type: 'closedKan', tile: legal.closedKans[0]! };
  if (legal.addedKans.length > 0) return { type: 'addedKan', tile: legal.addedKans[0]! };
  if (legal.nineTerminals) return { type: 'nineTerminals' };
  throw new Error(
    'riichi-bot: the legal turn actions offer nothing (no tsumo, discard, kan, north or nine terminals)',
  );
}

// ---- claims on another seat's discard ----

const AFTER = new Uint8Array(KIND_COUNT);

function chooseClaim(
  view: RiichiSeatView,
  offer: ClaimOffer,
  legal: LegalClaims,
  foldShanten: number,
): ClaimDecision {
  if (legal.ron) return { type: 'ron' };
  if (view.riichi[view.seat] !== 'none') return { type: 'pass' };
  if (legal.pon.length === 0 && legal.chi.length === 0 && legal.openKan.length === 0) return { type: 'pass' };

  readView(view);
  const melds = view.melds[view.seat]!;
  const meldCount = melds.length;
  if (meldCount >= 4) return { type: 'pass' };
  let open = false;
  for (const meld of melds) if (isOpenMeld(meld)) open = true;
  const bits = meldsBits(melds);
  const openTanyao = view.options.openTanyao;
  let now: number;
  if (open) {
    const best = bestPlan(openPlans(bits, COUNTS, openTanyao), COUNTS, meldCount);
    now = best.plan >= 0 ? best.shanten : bestPlan(1 << PLAN_ALL, COUNTS, meldCount).shanten;
  } else {
    now = bestPlan(1 << PLAN_ALL, COUNTS, meldCount).shanten;
  }
  const threat = readThreats(view);
  if (threat && now >= foldShanten) return { type: 'pass' };

  const offered = tileKind(offer.tile);
  let choice: ClaimDecision = { type: 'pass' };
  let chosen = now;
  const consider = (type: 'pon' | 'chi', tiles: readonly Tile[]): void => {
    AFTER.set(COUNTS);
    let low = offered;
    for (const tile of tiles) {
      const k = tileKind(tile);
      AFTER[k]!--;
      if (k < low) low = k;
    }
    const newBits = bits | meldBits(low, type === 'chi');
    const valueCall = type === 'pon' && VALUE[offered]! > 0;
    const { plan, shanten } = bestPlan(openPlans(newBits, AFTER, openTanyao), AFTER, meldCount + 1);
    if (plan < 0) return;
    // A closed hand opens only for a value honour or a plan close to tenpai; against riichi only into tenpai.
    if (!open && !valueCall && shanten > 2) return;
    if (threat && shanten > 0) return;
    // A value honour's pon is also taken at equal shanten while the hand is far off: the yaku is worth the pair.
    if (shanten < chosen || (valueCall && choice.type === 'pass' && shanten === now && now >= 2)) {
      chosen = shanten;
      choice = type === 'pon' ? { type: 'pon', tiles } : { type: 'chi', tiles };
    }
  };
  for (const tiles of legal.pon) consider('pon', tiles);
  for (const tiles of legal.chi) consider('chi', tiles);
  if (choice.type === 'pass' && open && !threat) {
    // An open kan in an open hand: a free dora chance if it costs no shanten and keeps a plan.
    for (const tiles of legal.openKan) {
      AFTER.set(COUNTS);
      for (const tile of tiles) AFTER[tileKind(tile)]!--;
      const { plan, shanten } = bestPlan(
        openPlans(bits | meldBits(offered, false), AFTER, openTanyao),
        AFTER,
        meldCount + 1,
      );
      if (plan >= 0 && shanten <= now) return { type: 'openKan', tiles };
    }
  }
  return choice;
}
