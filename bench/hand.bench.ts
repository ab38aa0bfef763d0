// Shanten and waits throughput, ours vs @kobalab/majiang-core's Util.xiangting / Util.tingpai, on the same hands.
import { honorCoverTable, suitCoverTable } from '../rules/cover-tables.js';
import { shanten } from '../rules/shanten.js';
import { KIND_COUNT } from '../rules/tiles.js';
import { waitKinds, waits } from '../rules/waits.js';
import { Majiang, toMajiang, type MajiangShoupai } from '../test/arbitraries/majiang.js';

const HAND_COUNT = 20_000;
/** Fewer for waits: majiang-core's tingpai runs about 10,000 hands/s, and a slice runs at least one whole pass. */
const WAIT_HAND_COUNT = 4_000;
const ROUNDS = 7;
const SLICE_MS = 200;

/** Small seeded generator (mulberry32) so every run measures the same hands. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 13 or 14 tiles dealt from a shuffled 136-tile set: what a player holds during a game, mostly far from tenpai. */
function dealtHands(count: number, next: () => number): Uint8Array[] {
  const hands: Uint8Array[] = [];
  const wall = Array.from({ length: 136 }, (_, i) => i >> 2);
  for (let h = 0; h < count; h++) {
    const size = h % 2 === 0 ? 13 : 14;
    const counts = new Uint8Array(KIND_COUNT);
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(next() * (136 - i));
      [wall[i], wall[j]] = [wall[j]!, wall[i]!];
      counts[wall[i]!]!++;
    }
    hands.push(counts);
  }
  return hands;
}

/** Tenpai 13-tile hands: four random sets and a pair (four copies at most), less one random tile. */
function tenpaiHands(count: number, next: () => number): Uint8Array[] {
  const hands: Uint8Array[] = [];
  while (hands.length < count) {
    const counts = new Uint8Array(KIND_COUNT);
    let fits = true;
    for (let g = 0; g < 4 && fits; g++) {
      if (next() < 0.3) {
        const k = Math.floor(next() * KIND_COUNT);
        counts[k]! += 3;
      } else {
        const first = Math.floor(next() * 3) * 9 + Math.floor(next() * 7);
        for (let d = 0; d < 3; d++) counts[first + d]!++;
      }
    }
    counts[Math.floor(next() * KIND_COUNT)]! += 2;
    for (let k = 0; k < KIND_COUNT; k++) if (counts[k]! > 4) fits = false;
    if (!fits) continue;
    let drop = Math.floor(next() * 14);
    for (let k = 0; k < KIND_COUNT; k++) {
      if (drop < counts[k]!) {
        counts[k]!--;
        break;
      }
      drop -= counts[k]!;
    }
    hands.push(counts);
  }
  return hands;
}

/**
 * Hands per second of each contender. The machine is shared, so the contenders run in alternating slices
 * of SLICE_MS for ROUNDS rounds and each keeps its best slice: a slice slowed by other processes does not
 * count against one side only. Also returns each contender's checksum, to check both computed the same.
 */
function race(
  hands: number,
  contenders: readonly (() => number)[],
): { perSecond: number; checksum: number }[] {
  const results = contenders.map((pass) => ({ perSecond: 0, checksum: pass() })); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    contenders.forEach((pass, i) => {
      let done = 0;
      const start = performance.now();
      let elapsed = 0;
      while (elapsed < SLICE_MS) {
        results[i]!.checksum = pass();
        done += hands;
        elapsed = performance.now() - start;
      }
      results[i]!.perSecond = Math.max(results[i]!.perSecond, (done * 1000) / elapsed);
    });
  }
  return results;
}

interface Measured {
  readonly perSecond: number;
  readonly checksum: number;
}

const format = (n: number): string => Math.round(n).toLocaleString('en-US');

function report(what: string, ours: { perSecond: number }, theirs: { perSecond: number }): void {
  console.log(
    `${what.padEnd(30)} ours ${format(ours.perSecond).padStart(12)} hands/s   majiang-core ${format(theirs.perSecond).padStart(10)} hands/s   ratio ${(ours.perSecond / theirs.perSecond).toFixed(1)}x`,
  );
}

export function run(): void {
  // The tables are built on first use; in a fresh process this times that build.
  const buildStart = performance.now();
  suitCoverTable();
  honorCoverTable();
  console.log(`cover tables ready in ${(performance.now() - buildStart).toFixed(1)} ms (built on first use)`);
  const next = random(20261122);
  const dealt = dealtHands(HAND_COUNT, next);
  const dealtTheirs: MajiangShoupai[] = dealt.map((c) => toMajiang(c, 0));
  const tenpai = tenpaiHands(WAIT_HAND_COUNT, next);
  const tenpaiTheirs: MajiangShoupai[] = tenpai.map((c) => toMajiang(c, 0));
  console.log(
    `${HAND_COUNT} dealt hands (13/14 tiles) for shanten, ${WAIT_HAND_COUNT} tenpai 13-tile hands for waits; same hands for both engines`,
  );

  const [shantenOurs, shantenTheirs] = race(HAND_COUNT, [
    () => {
      let sum = 0;
      for (let i = 0; i < HAND_COUNT; i++) sum += shanten(dealt[i]!, 0);
      return sum;
    },
    () => {
      let sum = 0;
      for (let i = 0; i < HAND_COUNT; i++) sum += Majiang.Util.xiangting(dealtTheirs[i]!);
      return sum;
    },
  ]) as [Measured, Measured];
  report('shanten', shantenOurs, shantenTheirs);

  const [waitsOurs, shapesOurs, waitsTheirs] = race(WAIT_HAND_COUNT, [
    () => {
      let sum = 0;
      for (let i = 0; i < WAIT_HAND_COUNT; i++)
        for (const k of waitKinds(tenpai[i]!, 0)) sum += tenpai[i]![k]! < 4 ? k + 1 : 0;
      return sum;
    },
    () => {
      let sum = 0;
      for (let i = 0; i < WAIT_HAND_COUNT; i++) sum += waits(tenpai[i]!, 0).length;
      return sum;
    },
    () => {
      let sum = 0;
      for (let i = 0; i < WAIT_HAND_COUNT; i++) {
        for (const name of Majiang.Util.tingpai(tenpaiTheirs[i]!)!)
          sum += 'mpsz'.indexOf(name[0]!) * 9 + Number(name[1]);
      }
      return sum;
    },
  ]) as [Measured, Measured, Measured];
  report('waits (kinds)', waitsOurs, waitsTheirs);
  report('waits with shapes (extra)', shapesOurs, waitsTheirs);

  const agree =
    shantenOurs.checksum === shantenTheirs.checksum && waitsOurs.checksum === waitsTheirs.checksum;
  console.log(
    `checksums: shanten ${shantenOurs.checksum} / ${shantenTheirs.checksum}, waits ${waitsOurs.checksum} / ${waitsTheirs.checksum} (${agree ? 'agree' : 'DIFFER'})`,
  );
  console.log('goals: shanten >= 3x, waits >= 20x');
}
