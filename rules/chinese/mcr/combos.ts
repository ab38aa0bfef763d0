// The fans between sets under MCR's account-once and non-identical principles (mcr.md §9, §9.1), and the kong and concealed-pung families.
import { CHOW, KONG, RANK, SUIT, type McrContext } from './context.js';

/*
 * Fans formed by 2, 3 or 4 sets (chow and suited-pung relations) are candidate INSTANCES over the sets they
 * use. A chosen collection is legal when (mcr.md §9.1, our recommended reading of the principles):
 *   - account-once / non-separation: adding the instances one at a time, the sets of each instance lie in
 *     pairwise different groups of a union-find at the moment it is added (no cycle: a "hyper-forest");
 *   - non-identical: no set is in two instances of the same fan.
 * The reading scores the legal collection of most points (freedom of choice, §9 item 4). With four sets at
 * most there are at most 11 instances; the search below tries them best first and prunes by the points left.
 * Example (mcr.md §9.2): [123m] [789m] [123s] 789s — Two Terminal Chows ×2 and Mixed Double Chow ×2 form a
 * 4-cycle; three of them score.
 */

interface Instance {
  id: number;
  points: number;
  /** Bit i = set i. */
  sets: number;
}

/** Points of the relation fans, by id. */
const POINTS: Readonly<Record<number, number>> = {
  13: 64,
  14: 48,
  15: 48,
  16: 32,
  23: 24,
  24: 24,
  28: 16,
  29: 16,
  30: 16,
  32: 16,
  39: 8,
  41: 8,
  42: 8,
  50: 6,
  65: 2,
  69: 1,
  70: 1,
  71: 1,
  72: 1,
};

const instances: Instance[] = Array.from({ length: 16 }, () => ({ id: 0, points: 0, sets: 0 }));
let instanceCount = 0;

function add(id: number, sets: number): void {
  const slot = instances[instanceCount++]!;
  slot.id = id;
  slot.points = POINTS[id]!;
  slot.sets = sets;
}

/** The fan two chows form (69, 70, 71, 72), or 0. */
function twoChows(a: number, b: number): number {
  if (a === b) return 69;
  if (SUIT[a] !== SUIT[b]) return RANK[a] === RANK[b] ? 70 : 0;
  const gap = Math.abs(a - b);
  if (gap === 3) return 71;
  if (gap === 6) return 72;
  return 0;
}

/** The fan three chows form (23, 28, 30, 39, 41, 50), or 0. Kinds sorted ascending. */
function threeChows(a: number, b: number, c: number): number {
  const sa = SUIT[a]!;
  const sb = SUIT[b]!;
  const sc = SUIT[c]!;
  if (sa === sb && sb === sc) {
    if (a === b && b === c) return 23;
    if (b - a === 3 && c - b === 3 && RANK[a] === 1) return 28;
    if ((b - a === 1 && c - b === 1) || (b - a === 2 && c - b === 2)) return 30;
    return 0;
  }
  if (sa === sb || sb === sc || sa === sc) return 0;
  const ra = RANK[a]!;
  const rb = RANK[b]!;
  const rc = RANK[c]!;
  if (ra === rb && rb === rc) return 41;
  const low = Math.min(ra, rb, rc);
  const high = Math.max(ra, rb, rc);
  const sum = ra + rb + rc;
  if (low === 1 && high === 7 && sum === 12) return 39; // 123, 456, 789 in three suits
  if (high - low === 2 && sum === 3 * low + 3) return 50; // starts r, r+1, r+2 in three suits
  return 0;
}

/** The fan four chows form (14, 16), or 0. Kinds sorted ascending. */
function fourChows(a: number, b: number, c: number, d: number): number {
  if (SUIT[a] !== SUIT[d]) return 0;
  if (a === d) return 14;
  const step = b - a;
  if ((step === 1 || step === 2) && c - b === step && d - c === step) return 16;
  return 0;
}

/** Pure Terminal Chows (13) or Three-Suited Terminal Chows (29) of four chows and the pair, or 0. */
function terminalChows(chows: Uint8Array, n: number, pair: number): number {
  if (pair < 0 || pair >= 27 || RANK[pair] !== 5) return 0;
  const pairSuit = SUIT[pair]!;
  let low = 0; // per suit: bit s for a 123, bit 4+s for a 789
  let lowCount = 0;
  let highCount = 0;
  let sameSuit = true;
  for (let i = 0; i < n; i++) {
    const k = chows[i]!;
    const r = RANK[k]!;
    const s = SUIT[k]!;
    if (s !== pairSuit) sameSuit = false;
    if (r === 1) {
      lowCount++;
      low |= 1 << s;
    } else if (r === 7) {
      highCount++;
      low |= 1 << (4 + s);
    } else return 0;
  }
  if (lowCount !== 2 || highCount !== 2) return 0;
  if (sameSuit) return 13;
  const others = 7 & ~(1 << pairSuit);
  return low === (others | (others << 4)) ? 29 : 0;
}

/** The fan three suited pungs form (24, 32, 42), or 0. Kinds sorted ascending. */
function threePungs(a: number, b: number, c: number): number {
  const sa = SUIT[a]!;
  const sb = SUIT[b]!;
  const sc = SUIT[c]!;
  if (sa === sb && sb === sc) return b - a === 1 && c - b === 1 ? 24 : 0;
  if (sa === sb || sb === sc || sa === sc) return 0;
  const ra = RANK[a]!;
  const rb = RANK[b]!;
  const rc = RANK[c]!;
  if (ra === rb && rb === rc) return 32;
  const low = Math.min(ra, rb, rc);
  return Math.max(ra, rb, rc) - low === 2 && ra + rb + rc === 3 * low + 3 ? 42 : 0;
}

// The reading's chows and suited pungs: their set indexes and kinds, sorted by kind (nc / np of them).
const chowSet = new Uint8Array(4);
const chowKind = new Uint8Array(4);
const pungSet = new Uint8Array(4);
const pungKind = new Uint8Array(4);
let nc = 0;
let np = 0;

/** Lists the candidate instances of the reading in ctx. */
function collect(ctx: McrContext): void {
  instanceCount = 0;
  nc = np = 0;
  for (let s = 0; s < ctx.setCount; s++) {
    const k = ctx.setFirst[s]!;
    if (ctx.setType[s] === CHOW) {
      chowSet[nc] = s;
      chowKind[nc++] = k;
    } else if (k < 27) {
      pungSet[np] = s;
      pungKind[np++] = k;
    }
  }
  sortTogether(chowKind, chowSet, nc);
  sortTogether(pungKind, pungSet, np);
  if (nc === 4) {
    const k = chowKind;
    const all = (1 << chowSet[0]!) | (1 << chowSet[1]!) | (1 << chowSet[2]!) | (1 << chowSet[3]!);
    const terminal = terminalChows(k, nc, ctx.pair);
    if (terminal) add(terminal, all);
    const four = fourChows(k[0]!, k[1]!, k[2]!, k[3]!);
    if (four) add(four, all);
  }
  for (let i = 0; i < nc; i++)
    for (let j = i + 1; j < nc; j++) {
      for (let l = j + 1; l < nc; l++) {
        const id = threeChows(chowKind[i]!, chowKind[j]!, chowKind[l]!);
        if (id) add(id, (1 << chowSet[i]!) | (1 << chowSet[j]!) | (1 << chowSet[l]!));
      }
      const id = twoChows(chowKind[i]!, chowKind[j]!);
      if (id) add(id, (1 << chowSet[i]!) | (1 << chowSet[j]!));
    }
  if (np === 4) {
    const k = pungKind;
    if (SUIT[k[0]!] === SUIT[k[3]!] && k[1]! - k[0]! === 1 && k[2]! - k[1]! === 1 && k[3]! - k[2]! === 1)
      add(15, (1 << pungSet[0]!) | (1 << pungSet[1]!) | (1 << pungSet[2]!) | (1 << pungSet[3]!));
  }
  for (let i = 0; i < np; i++)
    for (let j = i + 1; j < np; j++) {
      for (let l = j + 1; l < np; l++) {
        const id = threePungs(pungKind[i]!, pungKind[j]!, pungKind[l]!);
        if (id) add(id, (1 << pungSet[i]!) | (1 << pungSet[j]!) | (1 << pungSet[l]!));
      }
      if (SUIT[pungKind[i]!] !== SUIT[pungKind[j]!] && RANK[pungKind[i]!] === RANK[pungKind[j]!])
        add(65, (1 << pungSet[i]!) | (1 << pungSet[j]!));
    }
}

/** Sorts the first n `keys` ascending and applies the same order to `values` (at most four entries). */
function sortTogether(keys: Uint8Array, values: Uint8Array, n: number): void {
  for (let i = 1; i < n; i++)
    for (let j = i; j > 0 && keys[j - 1]! > keys[j]!; j--) {
      const key = keys[j - 1]!;
      keys[j - 1] = keys[j]!;
      keys[j] = key;
      const value = values[j - 1]!;
      values[j - 1] = values[j]!;
      values[j] = value;
    }
}

// Search state: the union-find groups as a bit mask per set (a copy per depth to undo), the sets each fan
// already used, the choice.
const group = new Uint8Array(4);
const saved = new Uint8Array(4 * 17);
const usedByFan = new Uint8Array(83);
const chosen = new Uint8Array(16);
const bestChoice = new Uint8Array(16);
let bestPoints = 0;

function search(i: number, points: number, rest: number): void {
  if (points > bestPoints) {
    bestPoints = points;
    bestChoice.set(chosen);
  }
  if (i === instanceCount || points + rest <= bestPoints) return;
  const inst = instances[i]!;
  const restAfter = rest - inst.points;
  // Take it when legal: its sets in pairwise different groups, none already in an instance of this fan.
  let legal = (usedByFan[inst.id]! & inst.sets) === 0;
  let merged = 0;
  for (let s = 0; s < 4 && legal; s++) {
    if (!(inst.sets & (1 << s))) continue;
    if (merged & group[s]!) legal = false;
    merged |= group[s]!;
  }
  if (legal) {
    for (let s = 0; s < 4; s++) saved[4 * i + s] = group[s]!;
    for (let s = 0; s < 4; s++) if (merged & (1 << s)) group[s] = merged;
    usedByFan[inst.id]! |= inst.sets;
    chosen[i] = 1;
    search(i + 1, points + inst.points, restAfter);
    chosen[i] = 0;
    usedByFan[inst.id]! &= ~inst.sets;
    for (let s = 0; s < 4; s++) group[s] = saved[4 * i + s]!;
  }
  search(i + 1, points, restAfter);
}

/** Fills ctx.combos with the best legal collection of the reading's set-relation fans. */
export function countCombos(ctx: McrContext): void {
  const combos = ctx.combos;
  combos.fill(0);
  collect(ctx);
  if (instanceCount === 0) return;
  // Best first, so the bound prunes early (the pool's first instanceCount objects, permuted in place).
  for (let i = 1; i < instanceCount; i++)
    for (let j = i; j > 0 && instances[j - 1]!.points < instances[j]!.points; j--) {
      const swap = instances[j - 1]!;
      instances[j - 1] = instances[j]!;
      instances[j] = swap;
    }
  let total = 0;
  for (let i = 0; i < instanceCount; i++) total += instances[i]!.points;
  for (let s = 0; s < 4; s++) group[s] = 1 << s;
  usedByFan.fill(0);
  chosen.fill(0);
  bestChoice.fill(0);
  bestPoints = 0;
  search(0, 0, total);
  for (let i = 0; i < instanceCount; i++) if (bestChoice[i]) combos[instances[i]!.id]!++;
}

/**
 * The kong family and the concealed-pung family (mcr.md note K): at most one fan of each.
 * Kongs: 1 melded → Melded Kong; 1 concealed → Concealed Kong; 2 melded → Two Melded Kongs; one of each →
 * Concealed Kong and Melded Kong (5; or Melded Kong + Concealed Kong under mixedKongPair 3); 2 concealed →
 * Two Concealed Kongs; 3 → Three Kongs; 4 → Four Kongs. Concealed pungs (concealed kongs among them):
 * 2 → Two, 3 → Three, 4 → Four Concealed Pungs (Two Concealed Kongs excludes Two Concealed Pungs).
 */
export function countFamilies(ctx: McrContext): void {
  const families = ctx.families;
  families.fill(0);
  let melded = 0;
  let concealedKongs = 0;
  let concealedPungs = 0;
  for (let s = 0; s < ctx.setCount; s++) {
    if (ctx.setType[s] === CHOW) continue;
    if (ctx.setType[s] === KONG) {
      if (ctx.setConcealed[s]) concealedKongs++;
      else melded++;
    }
    if (ctx.setConcealed[s]) concealedPungs++;
  }
  const kongs = melded + concealedKongs;
  if (kongs === 4) families[5] = 1;
  else if (kongs === 3) families[17] = 1;
  else if (kongs === 2) {
    if (concealedKongs === 0) families[57] = 1;
    else if (concealedKongs === 2) families[53] = 1;
    else if (ctx.mixedKongPair === 5) families[82] = 1;
    else families[74] = families[67] = 1;
  } else if (kongs === 1) families[concealedKongs ? 67 : 74] = 1;
  if (concealedPungs === 2) families[66] = 1;
  else if (concealedPungs === 3) families[33] = 1;
  else if (concealedPungs === 4) families[12] = 1;
}
