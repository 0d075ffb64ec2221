/**
 * Seeded randomness for the synthetic dataset. mulberry32 is tiny, fast and good enough for
 * synthetic data; what matters here is that the same seed always gives the same sequence.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform 32-bit unsigned integer. */
  uint32(): number;
  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** True with probability p. */
  chance(p: number): boolean;
}

export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  let spare: number | undefined;
  const uint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => uint32() / 4294967296;
  return {
    next,
    uint32,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => {
      if (spare !== undefined) {
        const value = spare;
        spare = undefined;
        return value;
      }
      let u = next();
      while (u === 0) u = next();
      const v = next();
      const radius = Math.sqrt(-2 * Math.log(u));
      spare = radius * Math.sin(2 * Math.PI * v);
      return radius * Math.cos(2 * Math.PI * v);
    },
    chance: (p) => next() < p,
  };
}

/** Derives an independent seed for a named sub-stream, so adding a column never shifts the others. */
export function subSeed(seed: number, stream: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < stream.length; i++) {
    h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * Draws indexes 0..n-1 with the given relative weights in O(log n) (cumulative table + binary search).
 */
export class WeightedSampler {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(weights: ArrayLike<number>) {
    if (weights.length === 0) throw new RangeError('no weights');
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i]!;
      this.cumulative[i] = sum;
    }
    this.total = sum;
  }

  get size(): number {
    return this.cumulative.length;
  }

  sample(rng: Rng): number {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Zipf-like weights: rank r (0-based) gets 1 / (r + 1 + offset)^exponent. */
export function zipfWeights(n: number, exponent: number, offset = 0): Float64Array {
  const weights = new Float64Array(n);
  for (let r = 0; r < n; r++) weights[r] = 1 / Math.pow(r + 1 + offset, exponent);
  return weights;
}
