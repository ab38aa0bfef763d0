// Seeded generator of random winning hands in the `score` input format (FORMAT.md), covering every yaku and yakuman.
import { formatTiles, RED_FLAG, sortTiles, tileKind, type Tile, type TileKind } from '../../rules/tiles.js';

/** One meld in the input format (FORMAT.md "Melds"). */
export interface WinMeld {
  type: 'chi' | 'pon' | 'minkan' | 'ankan' | 'kakan';
  tiles: string;
  calledTile?: string;
  addedTile?: string;
  from?: 1 | 2 | 3;
}

/** A win in the `mahjong-table score` input format (the input fields of FORMAT.md). */
export interface WinInput {
  id: string;
  closedTiles: string;
  melds: WinMeld[];
  winTile: string;
  tsumo: boolean;
  seatWind: 1 | 2 | 3 | 4;
  roundWind: 1 | 2 | 3 | 4;
  dealer: boolean;
  riichi: boolean;
  doubleRiichi: boolean;
  ippatsu: boolean;
  haitei: boolean;
  houtei: boolean;
  rinshan: boolean;
  chankan: boolean;
  tenhou: boolean;
  chiihou: boolean;
  honba: number;
  riichiSticks: number;
  doraIndicators: string[];
  uraIndicators: string[];
  redFivesEnabled: boolean;
  rules: {
    openTanyao: boolean;
    doubleYakuman: boolean;
    kazoeYakuman: boolean;
    kiriageMangan: boolean;
    yakumanStacking: boolean;
  };
  preset?: string;
}

/** tenhou's rule switches (FORMAT.md "rules", tenhou column). */
export const TENHOU_RULES = {
  openTanyao: true,
  doubleYakuman: false,
  kazoeYakuman: true,
  kiriageMangan: false,
  yakumanStacking: true,
};

/** mulberry32: a small, fast, seedable 32-bit PRNG (Tommy Ettinger's public-domain design). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const chance = (rng: Rng, p: number): boolean => rng() < p;

interface Group {
  kind: 'sequence' | 'triplet';
  first: TileKind;
}

/** Which groups and pairs a hand theme draws from. */
interface Theme {
  name: string;
  /** First kinds of allowed sequences. */
  seqStarts: readonly TileKind[];
  /** Kinds allowed as triplets / kans. */
  trips: readonly TileKind[];
  pairs: readonly TileKind[];
  /** Probability that a free group is a sequence. */
  pSeq: number;
  /** Groups forced into the hand before the free ones. */
  fixed?: (rng: Rng) => Group[];
  /** Forced pair kinds (one is picked). */
  fixedPair?: readonly TileKind[];
  /** No open melds (closed-only yaku). */
  closedOnly?: boolean;
  /** Probability that a triplet is declared as a kan. */
  pKan?: number;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);
const SUIT_BASES = [0, 9, 18];
const ALL_STARTS = SUIT_BASES.flatMap((b) => range(b, b + 7));
const ALL_KINDS = range(0, 34);
const HONORS = range(27, 34);
const WINDS = range(27, 31);
const DRAGONS = range(31, 34);
const TERMINALS = [0, 8, 9, 17, 18, 26];
const SIMPLES = SUIT_BASES.flatMap((b) => range(b + 1, b + 8));
const GREENS = [19, 20, 21, 23, 25, 32];
const suitKinds = (b: number): number[] => range(b, b + 9);
const seqOf = (first: TileKind): Group => ({ kind: 'sequence', first });
const tripOf = (first: TileKind): Group => ({ kind: 'triplet', first });

function themes(rng: Rng): Theme {
  const suit = pick(rng, SUIT_BASES);
  const plain: Theme = {
    name: 'random',
    seqStarts: ALL_STARTS,
    trips: ALL_KINDS,
    pairs: ALL_KINDS,
    pSeq: 0.65,
  };
  const table: [number, () => Theme][] = [
    [30, () => plain],
    [
      6,
      () => ({
        name: 'tanyao',
        seqStarts: SUIT_BASES.flatMap((b) => range(b + 1, b + 6)),
        trips: SIMPLES,
        pairs: SIMPLES,
        pSeq: 0.7,
      }),
    ],
    [
      5,
      () => ({
        name: 'honitsu',
        seqStarts: range(suit, suit + 7),
        trips: [...suitKinds(suit), ...HONORS],
        pairs: [...suitKinds(suit), ...HONORS],
        pSeq: 0.6,
      }),
    ],
    [
      5,
      () => ({
        name: 'chinitsu',
        seqStarts: range(suit, suit + 7),
        trips: suitKinds(suit),
        pairs: suitKinds(suit),
        pSeq: 0.7,
      }),
    ],
    [
      4,
      () => ({
        name: 'chanta',
        seqStarts: SUIT_BASES.flatMap((b) => [b, b + 6]),
        trips: [...TERMINALS, ...HONORS],
        pairs: [...TERMINALS, ...HONORS],
        pSeq: 0.6,
      }),
    ],
    [
      3,
      () => ({
        name: 'junchan',
        seqStarts: SUIT_BASES.flatMap((b) => [b, b + 6]),
        trips: TERMINALS,
        pairs: TERMINALS,
        pSeq: 0.7,
      }),
    ],
    [4, () => ({ ...plain, name: 'toitoi', pSeq: 0 })],
    [
      2,
      () => ({
        name: 'honroutou',
        seqStarts: [],
        trips: [...TERMINALS, ...HONORS],
        pairs: [...TERMINALS, ...HONORS],
        pSeq: 0,
      }),
    ],
    [1, () => ({ name: 'chinroutou', seqStarts: [], trips: TERMINALS, pairs: TERMINALS, pSeq: 0 })],
    [1, () => ({ name: 'tsuuiisou', seqStarts: [], trips: HONORS, pairs: HONORS, pSeq: 0 })],
    [1, () => ({ name: 'ryuuiisou', seqStarts: [19], trips: GREENS, pairs: GREENS, pSeq: 0.4 })],
    [3, () => ({ ...plain, name: 'ittsu', fixed: () => [seqOf(suit), seqOf(suit + 3), seqOf(suit + 6)] })],
    [
      3,
      () => ({
        ...plain,
        name: 'sanshoku',
        fixed: (r) => {
          const n = Math.floor(r() * 7);
          return SUIT_BASES.map((b) => seqOf(b + n));
        },
      }),
    ],
    [
      2,
      () => ({
        ...plain,
        name: 'sanshoku doukou',
        fixed: (r) => {
          const n = Math.floor(r() * 9);
          return SUIT_BASES.map((b) => tripOf(b + n));
        },
      }),
    ],
    [
      3,
      () => ({
        ...plain,
        name: 'iipeikou',
        closedOnly: true,
        fixed: (r) => {
          const s = pick(r, ALL_STARTS);
          return [seqOf(s), seqOf(s)];
        },
      }),
    ],
    [
      2,
      () => ({
        ...plain,
        name: 'ryanpeikou',
        closedOnly: true,
        fixed: (r) => {
          const s = pick(r, ALL_STARTS);
          const t = pick(r, ALL_STARTS);
          return [seqOf(s), seqOf(s), seqOf(t), seqOf(t)];
        },
      }),
    ],
    [5, () => ({ ...plain, name: 'yakuhai', fixed: (r) => [tripOf(pick(r, HONORS))] })],
    [
      2,
      () => ({
        ...plain,
        name: 'shousangen',
        fixed: (r) => shuffle(r, DRAGONS).slice(0, 2).map(tripOf),
        fixedPair: DRAGONS,
      }),
    ],
    [1, () => ({ ...plain, name: 'daisangen', fixed: () => DRAGONS.map(tripOf) })],
    [
      1,
      () => ({
        ...plain,
        name: 'shousuushii',
        fixed: (r) => shuffle(r, WINDS).slice(0, 3).map(tripOf),
        fixedPair: WINDS,
      }),
    ],
    [1, () => ({ ...plain, name: 'daisuushii', fixed: () => WINDS.map(tripOf) })],
    [2, () => ({ ...plain, name: 'suuankou', pSeq: 0, closedOnly: true, pKan: 0.1 })],
    [2, () => ({ ...plain, name: 'kans', pSeq: 0.15, pKan: 0.75 })],
  ];
  let total = 0;
  for (const [w] of table) total += w;
  let x = rng() * total;
  for (const [w, make] of table) {
    x -= w;
    if (x < 0) return make();
  }
  return plain;
}

function shuffle<T>(rng: Rng, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A group of the hand with how it was declared. */
interface PlacedGroup extends Group {
  meld: WinMeld['type'] | null;
}

const SHAPE_WEIGHTS = { standard: 86, chiitoitsu: 9, kokushi: 2.5, chuuren: 2.5 };

/**
 * Generates wins from a seed. Every hand is complete by construction (four groups and a pair, seven pairs,
 * thirteen orphans or nine gates), holds at most four copies of a kind (dora indicators included) and has
 * situational flags consistent with its shape (riichi only when closed, rinshan only with a kan, …).
 * A hand may still have no yaku (e.g. an open hand of plain sequences); scorers must agree on that too.
 */
export class WinGenerator {
  private readonly rng: Rng;
  private n = 0;

  constructor(
    readonly seed: number,
    private readonly redFivesRate = 0.9,
  ) {
    this.rng = mulberry32(seed);
  }

  next(): WinInput {
    for (;;) {
      const win = this.tryOne();
      if (win) return win;
    }
  }

  private tryOne(): WinInput | null {
    const rng = this.rng;
    const counts = new Uint8Array(34);
    const take = (kind: TileKind, n: number): boolean => {
      if (counts[kind]! + n > 4) return false;
      counts[kind]! += n;
      return true;
    };
    const shapeRoll = rng() * 100;
    let shape: keyof typeof SHAPE_WEIGHTS = 'standard';
    let acc = 0;
    for (const [name, w] of Object.entries(SHAPE_WEIGHTS) as [keyof typeof SHAPE_WEIGHTS, number][]) {
      acc += w;
      if (shapeRoll < acc) {
        shape = name;
        break;
      }
    }

    let concealed: TileKind[] = [];
    let placed: PlacedGroup[] = [];
    if (shape === 'standard') {
      const theme = themes(rng);
      const closedOnly = theme.closedOnly === true;
      const groups: Group[] = [...(theme.fixed ? theme.fixed(rng) : [])];
      for (const g of groups) if (!takeGroup(g)) return null;
      let guard = 0;
      while (groups.length < 4) {
        if (++guard > 50) return null;
        const seq = theme.seqStarts.length > 0 && chance(rng, theme.pSeq);
        const g = seq ? seqOf(pick(rng, theme.seqStarts)) : tripOf(pick(rng, theme.trips));
        if (takeGroup(g)) groups.push(g);
      }
      const pair = pick(rng, theme.fixedPair ?? theme.pairs);
      if (!take(pair, 2)) return null;
      const open = !closedOnly && chance(rng, 0.55);
      const pKan = theme.pKan ?? 0.08;
      placed = groups.map((g) => ({ ...g, meld: null }));
      for (const g of placed) {
        if (g.kind === 'sequence') {
          if (open && chance(rng, 0.45)) g.meld = 'chi';
        } else if (chance(rng, pKan) && take(g.first, 1)) {
          g.meld = open ? pick(rng, ['minkan', 'kakan', 'ankan'] as const) : 'ankan';
        } else if (open && chance(rng, 0.45)) {
          g.meld = 'pon';
        }
      }
      // At most four melds, and the pair always stays concealed, so the winning tile has a home.
      for (const g of placed) {
        if (g.meld === null) concealed.push(...groupKinds(g));
      }
      concealed.push(pair, pair);
    } else if (shape === 'chiitoitsu') {
      const pool = pick(rng, [
        ALL_KINDS,
        ALL_KINDS,
        SIMPLES,
        [...suitKinds(pick(rng, SUIT_BASES)), ...HONORS],
        [...TERMINALS, ...HONORS],
        HONORS,
      ]);
      if (pool.length < 7) return null;
      const kinds = shuffle(rng, pool).slice(0, 7);
      for (const k of kinds) if (!take(k, 2)) return null;
      concealed = kinds.flatMap((k) => [k, k]);
    } else if (shape === 'kokushi') {
      const orphans = [...TERMINALS, ...HONORS];
      for (const k of orphans) take(k, 1);
      const extra = pick(rng, orphans);
      take(extra, 1);
      concealed = [...orphans, extra];
    } else {
      const b = pick(rng, SUIT_BASES);
      const nine = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8].map((d) => b + d);
      for (const k of nine) take(k, 1);
      const extra = b + Math.floor(rng() * 9);
      take(extra, 1);
      concealed = [...nine, extra];
    }

    // The winning tile: any concealed tile (each equally likely).
    const winIndex = Math.floor(rng() * concealed.length);
    const winKind = concealed[winIndex]!;
    concealed.splice(winIndex, 1);
    const melds = placed.filter((g) => g.meld !== null);
    const isOpen = melds.some((g) => g.meld !== 'ankan');
    const kanCount = melds.filter(
      (g) => g.meld === 'minkan' || g.meld === 'kakan' || g.meld === 'ankan',
    ).length;

    // Winds and dealer.
    const seatWind = (1 + Math.floor(rng() * 4)) as 1 | 2 | 3 | 4;
    const roundWind = (chance(rng, 0.85) ? 1 + Math.floor(rng() * 2) : 1 + Math.floor(rng() * 4)) as
      1 | 2 | 3 | 4;
    const dealer = seatWind === 1;

    // Situation, consistent with the shape.
    const firstTurnPossible = melds.length === 0;
    let tenhou = false;
    let chiihou = false;
    let tsumo = chance(rng, 0.45);
    if (firstTurnPossible && chance(rng, 0.03)) {
      tsumo = true;
      if (dealer) tenhou = true;
      else chiihou = true;
    }
    const riichi = !isOpen && !tenhou && !chiihou && chance(rng, 0.55);
    const doubleRiichi = riichi && kanCount === 0 && chance(rng, 0.1);
    const rinshan = tsumo && !tenhou && !chiihou && kanCount > 0 && chance(rng, 0.2);
    const ippatsu = riichi && !rinshan && chance(rng, 0.2);
    const haitei = tsumo && !rinshan && !tenhou && !chiihou && chance(rng, 0.05);
    const totalWinKind = counts[winKind]!;
    const chankan = !tsumo && totalWinKind === 1 && chance(rng, 0.08);
    const houtei = !tsumo && !chankan && chance(rng, 0.05);

    // Dora indicators (one per kan more), physical tiles: at most four copies with the hand.
    const indicatorCount = 1 + kanCount;
    const doraIndicators: TileKind[] = [];
    const uraIndicators: TileKind[] = [];
    for (let i = 0; i < indicatorCount; i++) {
      const d = this.freeKind(counts);
      if (d === null) return null;
      doraIndicators.push(d);
      if (riichi) {
        const u = this.freeKind(counts);
        if (u === null) return null;
        uraIndicators.push(u);
      }
    }

    // Physical tiles, then red fives: one red per suit in a tenhou set, turned red with probability 1/2.
    const winTiles = { win: [winKind as Tile], concealed: concealed.map((k) => k as Tile) };
    const meldTiles: Tile[][] = melds.map((g) =>
      groupKinds(g)
        .concat(isKanMeld(g.meld) ? [g.first] : [])
        .map((k) => k as Tile),
    );
    const redFivesEnabled = chance(rng, this.redFivesRate);
    if (redFivesEnabled) {
      for (const b of SUIT_BASES) {
        const five = b + 4;
        const spots: { list: Tile[]; index: number }[] = [];
        const collect = (list: Tile[]) =>
          list.forEach((t, index) => tileKind(t) === five && spots.push({ list, index }));
        collect(winTiles.win);
        collect(winTiles.concealed);
        meldTiles.forEach(collect);
        if (spots.length > 0 && chance(rng, 0.5)) {
          const spot = pick(rng, spots);
          spot.list[spot.index] = (five | RED_FLAG) as Tile;
        }
      }
    }

    const meldsOut: WinMeld[] = melds.map((g, i) => {
      const tiles = sortTiles(meldTiles[i]!);
      const type = g.meld!;
      const meld: WinMeld = { type, tiles: formatTiles(tiles) };
      if (type === 'ankan') return meld;
      const called = pick(rng, tiles);
      meld.calledTile = formatTiles([called]);
      if (type === 'kakan') {
        const rest = [...tiles];
        rest.splice(rest.indexOf(called), 1);
        meld.addedTile = formatTiles([pick(rng, rest)]);
      }
      meld.from = type === 'chi' ? 3 : ((1 + Math.floor(rng() * 3)) as 1 | 2 | 3);
      return meld;
    });

    this.n++;
    return {
      id: `gen:${this.seed}:${this.n}`,
      closedTiles: formatTiles(sortTiles(winTiles.concealed)),
      melds: meldsOut,
      winTile: formatTiles(winTiles.win),
      tsumo,
      seatWind,
      roundWind,
      dealer,
      riichi,
      doubleRiichi,
      ippatsu,
      haitei,
      houtei,
      rinshan,
      chankan,
      tenhou,
      chiihou,
      honba: chance(rng, 0.7) ? 0 : 1 + Math.floor(rng() * 4),
      riichiSticks: chance(rng, 0.7) ? 0 : 1 + Math.floor(rng() * 3),
      doraIndicators: doraIndicators.map((k) => formatTiles([k as Tile])),
      uraIndicators: uraIndicators.map((k) => formatTiles([k as Tile])),
      redFivesEnabled,
      rules: { ...TENHOU_RULES },
    };

    function takeGroup(g: Group): boolean {
      const kinds = groupKinds(g);
      for (const k of kinds) counts[k]!++;
      if (kinds.some((k) => counts[k]! > 4)) {
        for (const k of kinds) counts[k]!--;
        return false;
      }
      return true;
    }
  }

  private freeKind(counts: Uint8Array): TileKind | null {
    for (let tries = 0; tries < 50; tries++) {
      const k = Math.floor(this.rng() * 34);
      if (counts[k]! < 4) {
        counts[k]!++;
        return k;
      }
    }
    return null;
  }
}

const isKanMeld = (m: WinMeld['type'] | null): boolean => m === 'minkan' || m === 'kakan' || m === 'ankan';
const groupKinds = (g: Group): TileKind[] =>
  g.kind === 'sequence' ? [g.first, g.first + 1, g.first + 2] : [g.first, g.first, g.first];

/** `count` wins from `seed` (deterministic). */
export function generateWins(count: number, seed: number): WinInput[] {
  const gen = new WinGenerator(seed);
  const out: WinInput[] = [];
  for (let i = 0; i < count; i++) out.push(gen.next());
  return out;
}
