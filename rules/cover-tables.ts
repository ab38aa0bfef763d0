// Per-suit best-cover tables behind shanten and the waits: built once, on first use, from a recurrence (no I/O).

/*
 * Shanten (shanten.ts) = (tiles of the nearest complete target hand that the hand lacks) - 1.
 *
 * Method. For a standard hand the shortfall is (3M + 2) - overlap, M = 4 - meldCount sets, and the best
 * overlap with a target is the most tiles one can cover by at most M disjoint "set blocks" (a set or part
 * of one: 1, 11, 111, 12, 13, 123) and at most one "pair block" (1, 11). Blocks never cross suits, so each
 * suit has a table: for a suit held as counts h1..h9 (index = sum h_k * 5^(k-1)), the best cover with m set
 * blocks and p pair blocks, m = 0..5 (five sets for 16-tile hands), p = 0..1. A hand combines its four suit rows (honours have no
 * sequences) by a max-plus convolution over m and p. The idea of exact shanten from one table row per
 * suit, combined over the split of sets between suits, is tomohxx's Shanten Number Calculator
 * (github.com/tomohxx/shanten-number-calculator; ported in Mortal's libriichi `algo/shanten.rs`), which
 * reads its tables from files; here the rows are "best cover" values from our own recurrence, built in memory.
 *
 * Table recurrence (lowest held kind i, which can only start a block): drop one copy of i, or cover it by a
 * set block starting at i (one fewer set block), or by a pair block of i (no pair block left).
 */

/** Most sets a hand needs: 4 (13-tile hands) or 5 (16-tile hands: Xiamen, Quanzhou). */
export const MAX_SETS = 5;
export const ROW = (MAX_SETS + 1) * 2; // m = 0..5 set blocks × p = 0..1 pair blocks, at row offset m * 2 + p
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];
/** Most concealed tiles a group is asked about: a 16-tile hand with its winning tile holds 17. */
const MAX_TILES = 17;

let suitTable: Uint8Array | undefined;
let honorTable: Uint8Array | undefined;

/** Builds the best-cover table of a group of `digits` kinds (sequences only when `sequences`), rows of 10. */
function buildTable(digits: number, sequences: boolean): Uint8Array {
  const size = POW5[digits]!;
  const table = new Uint8Array(size * ROW);
  const sums = new Uint8Array(size);
  for (let idx = 1; idx < size; idx++) {
    const sum = sums[(idx / 5) | 0]! + (idx % 5);
    sums[idx] = sum;
    if (sum > MAX_TILES) continue; // never asked: a hand holds at most 17 concealed tiles
    let i = 0;
    while (((idx / POW5[i]!) | 0) % 5 === 0) i++;
    const unit = POW5[i]!;
    const count = ((idx / unit) | 0) % 5;
    const next1 = sequences && i <= 7 ? ((idx / POW5[i + 1]!) | 0) % 5 : 0;
    const next2 = sequences && i <= 6 ? ((idx / POW5[i + 2]!) | 0) % 5 : 0;
    const row = idx * ROW;
    const drop1 = (idx - unit) * ROW;
    const drop2 = count >= 2 ? (idx - 2 * unit) * ROW : -1;
    const drop3 = count >= 3 ? (idx - 3 * unit) * ROW : -1;
    const run12 = next1 > 0 ? (idx - unit - POW5[i + 1]!) * ROW : -1;
    const run13 = next2 > 0 ? (idx - unit - POW5[i + 2]!) * ROW : -1;
    const run123 = next1 > 0 && next2 > 0 ? (idx - unit - POW5[i + 1]! - POW5[i + 2]!) * ROW : -1;
    for (let m = 0; m <= MAX_SETS; m++) {
      for (let p = 0; p <= 1; p++) {
        const at = m * 2 + p;
        let best = table[drop1 + at]!;
        if (m > 0) {
          const fewer = at - 2;
          best = Math.max(best, 1 + table[drop1 + fewer]!);
          if (drop2 >= 0) best = Math.max(best, 2 + table[drop2 + fewer]!);
          if (drop3 >= 0) best = Math.max(best, 3 + table[drop3 + fewer]!);
          if (run12 >= 0) best = Math.max(best, 2 + table[run12 + fewer]!);
          if (run13 >= 0) best = Math.max(best, 2 + table[run13 + fewer]!);
          if (run123 >= 0) best = Math.max(best, 3 + table[run123 + fewer]!);
        }
        if (p === 1) {
          const noPair = m * 2;
          best = Math.max(best, 1 + table[drop1 + noPair]!);
          if (drop2 >= 0) best = Math.max(best, 2 + table[drop2 + noPair]!);
        }
        table[row + at] = best;
      }
    }
  }
  return table;
}

/** The suit table (built on first use: about 23 MB, tens of milliseconds). */
export function suitCoverTable(): Uint8Array {
  return (suitTable ??= buildTable(9, true));
}

/** The honour table (7 kinds, no sequences). */
export function honorCoverTable(): Uint8Array {
  return (honorTable ??= buildTable(7, false));
}

/** Index of a suit (9 kinds from `base`) or of the honours (7 kinds from 27) in its table. */
export function coverRowIndex(counts: Uint8Array, base: number, length: number): number {
  let idx = 0;
  for (let k = base + length - 1; k >= base; k--) {
    const n = counts[k]!;
    if (n > 4) throw new Error(`counts[${k}] = ${n}: a hand holds at most four copies of a kind`);
    idx = idx * 5 + n;
  }
  return idx;
}

/**
 * Whether the group held as table row `idx` (holding `sum` tiles) is complete by itself:
 * 1 = sets only, 2 = sets and one pair, 0 = neither.
 */
export function groupCompleteness(table: Uint8Array, idx: number, sum: number): 0 | 1 | 2 {
  const rest = sum % 3;
  if (rest === 1 || sum > MAX_TILES) return 0;
  const m = (sum - rest) / 3;
  if (rest === 0) return table[idx * ROW + m * 2]! === sum ? 1 : 0;
  return table[idx * ROW + m * 2 + 1]! === sum ? 2 : 0;
}
