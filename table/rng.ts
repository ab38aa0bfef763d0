// A small seeded random generator (sfc32) so that simulations and bots replay exactly from a seed.

/** Deterministic PRNG; `next()` is uniform in [0, 1). Same seed, same sequence, on every platform. */
export interface Rng {
  next(): number;
  /** A 32-bit unsigned integer (boot ids, tokens). */
  u32(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Fisher-Yates shuffle in place; returns the array. */
  shuffle<T>(items: T[]): T[];
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), seeded through splitmix32. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const u32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  const next = (): number => u32() / 4294967296;
  for (let i = 0; i < 12; i++) u32();
  const rng: Rng = {
    next,
    u32,
    int: (n) => Math.floor(next() * n),
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const x = items[i]!;
        items[i] = items[j]!;
        items[j] = x;
      }
      return items;
    },
  };
  return rng;
}

/** Derives an independent seed for a sub-stream (game n of a run, a bot of a game). */
export function deriveSeed(seed: number, stream: number): number {
  let z = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d) >>> 0;
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/** Parses a seed given as a decimal number or any string (hashed, FNV-1a), e.g. `--seed club-night`. */
export function seedOf(text: string | number): number {
  if (typeof text === 'number') return text >>> 0;
  if (/^\d+$/.test(text)) return Number(text) >>> 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
