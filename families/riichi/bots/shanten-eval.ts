// Incremental shanten for a bot's what-if questions: load one hand, then ask the shanten with a tile added or removed.
import { honorCoverTable, ROW as COVER_ROW, suitCoverTable } from '../../../rules/cover-tables.js';
import { KIND_COUNT as KINDS, TERMINALS_AND_HONORS } from '../../../rules/tiles.js';

// Imported bindings copied to module constants: the hot loops read them many times per decision.
const ROW = COVER_ROW;
const KIND_COUNT = KINDS;

/*
 * Same numbers as rules/shanten.ts `shanten` (the tests hold them equal), answered faster for many questions
 * about one hand: the standard shape's cover is a max-plus convolution of four group rows (tomohxx's method,
 * see rules/cover-tables.ts). Loading a hand convolves, for each group, the rows of the OTHER three groups
 * once; a question that changes one kind changes one group's row only, so it costs one final combination
 * (about 15 additions) instead of three convolutions. Seven pairs and thirteen orphans are kept as counters.
 */

const POW5 = Int32Array.of(1, 5, 25, 125, 625, 3125, 15625, 78125, 390625);
/** Group (0 man, 1 pin, 2 sou, 3 honours) and position inside it of each kind. */
const GROUP = Uint8Array.from({ length: KIND_COUNT }, (_, k) => Math.min(3, Math.floor(k / 9)));
const POSITION = Uint8Array.from({ length: KIND_COUNT }, (_, k) => (k < 27 ? k % 9 : k - 27));
const IS_YAOCHU = Uint8Array.from({ length: KIND_COUNT }, (_, k) =>
  TERMINALS_AND_HONORS.includes(k) ? 1 : 0,
);
const PAIR_OF = Uint8Array.of(0, 0, 1, 1, 1);
const SINGLE_OF = Uint8Array.of(0, 1, 0, 0, 0);

/** One loaded hand. Reuse one instance: `load` overwrites it and allocates nothing. */
export class ShantenEval {
  private readonly counts = new Uint8Array(KIND_COUNT);
  private readonly rowIndex = new Int32Array(4);
  /** For each group g, at g*ROW: the best cover of the other three groups with m set blocks and p pair blocks. */
  private readonly others = new Uint8Array(4 * ROW);
  private readonly prefix = new Uint8Array(4 * ROW);
  private readonly suffix = new Uint8Array(4 * ROW);
  private readonly scratch = new Uint8Array(ROW);
  private suits: Uint8Array = suitCoverTable();
  private honors: Uint8Array = honorCoverTable();
  private sets = 4;
  private closed = true;
  private pairs = 0;
  private singles = 0;
  private yaochuKinds = 0;
  private yaochuPairs = 0;
  private base = 0;

  /** Loads concealed `counts` (34 kinds, at most 4 each) with `meldCount` declared melds (closed kans included). */
  load(counts: Uint8Array, meldCount: number): void {
    if (!Number.isInteger(meldCount) || meldCount < 0 || meldCount > 4)
      throw new Error(`meldCount must be an integer 0-4, got ${meldCount}`);
    this.sets = 4 - meldCount;
    this.closed = meldCount === 0;
    let pairs = 0;
    let singles = 0;
    let yaochuKinds = 0;
    let yaochuPairs = 0;
    const own = this.counts;
    const idx = this.rowIndex;
    idx[0] = idx[1] = idx[2] = idx[3] = 0;
    // Kinds from the top down: each group's row index is its counts read as base-5 digits, lowest kind last.
    for (let k = KIND_COUNT - 1; k >= 0; k--) {
      const n = counts[k]!;
      if (n > 4) throw new Error(`counts[${k}] = ${n}: at most four copies of a kind`);
      own[k] = n;
      const g = GROUP[k]!;
      idx[g] = idx[g]! * 5 + n;
      pairs += PAIR_OF[n]!;
      singles += SINGLE_OF[n]!;
      if (n > 0 && IS_YAOCHU[k] === 1) {
        yaochuKinds++;
        if (n >= 2) yaochuPairs++;
      }
    }
    this.pairs = pairs;
    this.singles = singles;
    this.yaochuKinds = yaochuKinds;
    this.yaochuPairs = yaochuPairs;
    // prefix[g] = groups 0..g combined, suffix[g] = groups g..3 combined; others[g] = prefix[g-1] ⊗ suffix[g+1].
    this.copyRow(this.prefix, 0, 0);
    for (let g = 1; g < 3; g++)
      this.combine(this.prefix, (g - 1) * ROW, this.tableOf(g), idx[g]! * ROW, this.prefix, g * ROW);
    this.copyRow(this.suffix, 3 * ROW, 3);
    for (let g = 2; g > 0; g--)
      this.combine(this.suffix, (g + 1) * ROW, this.tableOf(g), idx[g]! * ROW, this.suffix, g * ROW);
    for (let j = 0; j < ROW; j++) {
      this.others[j] = this.suffix[ROW + j]!;
      this.others[3 * ROW + j] = this.prefix[2 * ROW + j]!;
    }
    this.combine(this.prefix, 0, this.suffix, 2 * ROW, this.others, ROW);
    this.combine(this.prefix, ROW, this.suffix, 3 * ROW, this.others, 2 * ROW);
    this.base = this.evaluate(0, idx[0]!, -1, 0);
  }

  /** Shanten of the loaded hand: -1 complete, 0 tenpai. */
  current(): number {
    return this.base;
  }

  /** Shanten with one more copy of `kind` (the hand must hold fewer than four). */
  withTile(kind: number): number {
    const n = this.counts[kind]!;
    if (n >= 4) throw new Error(`withTile(${kind}): the hand already holds four`);
    const g = GROUP[kind]!;
    return this.evaluate(g, this.rowIndex[g]! + POW5[POSITION[kind]!]!, kind, 1);
  }

  /** Shanten with one copy of `kind` fewer (the hand must hold one). */
  withoutTile(kind: number): number {
    const n = this.counts[kind]!;
    if (n === 0) throw new Error(`withoutTile(${kind}): the hand holds none`);
    const g = GROUP[kind]!;
    return this.evaluate(g, this.rowIndex[g]! - POW5[POSITION[kind]!]!, kind, -1);
  }

  private tableOf(group: number): Uint8Array {
    return group === 3 ? this.honors : this.suits;
  }

  private copyRow(into: Uint8Array, at: number, group: number): void {
    const table = this.tableOf(group);
    const from = this.rowIndex[group]! * ROW;
    for (let j = 0; j < ROW; j++) into[at + j] = table[from + j]!;
  }

  /** out[outAt..] := max-plus convolution of rows a[aAt..] and b[bAt..] over m = 0..sets, p = 0..1. */
  private combine(
    a: Uint8Array,
    aAt: number,
    b: Uint8Array,
    bAt: number,
    out: Uint8Array,
    outAt: number,
  ): void {
    const tmp = this.scratch;
    const sets = this.sets;
    for (let m = 0; m <= sets; m++) {
      let best0 = 0;
      let best1 = 0;
      for (let i = 0; i <= m; i++) {
        const x0 = a[aAt + i * 2]!;
        const x1 = a[aAt + i * 2 + 1]!;
        const y0 = b[bAt + (m - i) * 2]!;
        const y1 = b[bAt + (m - i) * 2 + 1]!;
        if (x0 + y0 > best0) best0 = x0 + y0;
        if (x0 + y1 > best1) best1 = x0 + y1;
        if (x1 + y0 > best1) best1 = x1 + y0;
      }
      tmp[m * 2] = best0;
      tmp[m * 2 + 1] = best1;
    }
    for (let j = 0; j <= sets * 2 + 1; j++) out[outAt + j] = tmp[j]!;
  }

  /** Shanten with group `g` at table row `row`, and kind `kind` changed by `delta` (-1 = none changed). */
  private evaluate(g: number, row: number, kind: number, delta: number): number {
    const sets = this.sets;
    const table = this.tableOf(g);
    const at = row * ROW;
    const others = this.others;
    const o = g * ROW;
    let cover = 0;
    for (let a = 0; a <= sets; a++) {
      const b = at + (sets - a) * 2;
      const x0 = others[o + a * 2]! + table[b + 1]!;
      const x1 = others[o + a * 2 + 1]! + table[b]!;
      if (x0 > cover) cover = x0;
      if (x1 > cover) cover = x1;
    }
    const standard = 3 * sets + 1 - cover;
    if (!this.closed || standard === -1) return standard;
    let pairs = this.pairs;
    let singles = this.singles;
    let yaochuKinds = this.yaochuKinds;
    let yaochuPairs = this.yaochuPairs;
    if (kind >= 0) {
      const before = this.counts[kind]!;
      const after = before + delta;
      pairs += PAIR_OF[after]! - PAIR_OF[before]!;
      singles += SINGLE_OF[after]! - SINGLE_OF[before]!;
      if (IS_YAOCHU[kind] === 1) {
        yaochuKinds += (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
        yaochuPairs += (after >= 2 ? 1 : 0) - (before >= 2 ? 1 : 0);
      }
    }
    if (pairs > 7) pairs = 7;
    if (pairs + singles > 7) singles = 7 - pairs;
    const chiitoitsu = 13 - 2 * pairs - singles;
    const kokushi = 13 - yaochuKinds - (yaochuPairs > 0 ? 1 : 0);
    let best = standard;
    if (chiitoitsu < best) best = chiitoitsu;
    if (kokushi < best) best = kokushi;
    return best;
  }
}
