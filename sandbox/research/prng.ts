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
  return new Mulberry32(seed);
}

class Mulberry32 implements Rng {
  private state: number;
  private spare: number | undefined;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  uint32(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  next(): number {
    return this.uint32() / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  normal(): number {
    if (this.spare !== undefined) {
      const value = this.spare;
      this.spare = undefined;
      return value;
    }
    let u = this.next();
    while (u === 0) u = this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
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
 * Draws indexes 0..n-1 with the given relative weights in O(1): Walker/Vose alias table, one
 * uniform number per draw (its integer part picks a column, its fraction the coin).
 */
export class WeightedSampler {
  private readonly probability: Float64Array;
  private readonly alias: Uint32Array;

  constructor(weights: ArrayLike<number>) {
    const n = weights.length;
    if (n === 0) throw new RangeError('no weights');
    let total = 0;
    for (let i = 0; i < n; i++) total += weights[i]!;
    if (!(total > 0)) throw new RangeError('weights must sum to a positive number');
    this.probability = new Float64Array(n);
    this.alias = new Uint32Array(n);
    const scaled = new Float64Array(n);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < n; i++) {
      scaled[i] = (weights[i]! * n) / total;
      (scaled[i]! < 1 ? small : large).push(i);
    }
    while (small.length > 0 && large.length > 0) {
      const s = small.pop()!;
      const l = large[large.length - 1]!;
      this.probability[s] = scaled[s]!;
      this.alias[s] = l;
      scaled[l] = scaled[l]! + scaled[s]! - 1;
      if (scaled[l]! < 1) {
        large.pop();
        small.push(l);
      }
    }
    for (const i of large) this.probability[i] = 1;
    for (const i of small) this.probability[i] = 1; // rounding leftovers
  }

  get size(): number {
    return this.probability.length;
  }

  sample(rng: Rng): number {
    const x = rng.next() * this.probability.length;
    const column = Math.floor(x);
    return x - column < this.probability[column]! ? column : this.alias[column]!;
  }
}

/** Zipf-like weights: rank r (0-based) gets 1 / (r + 1 + offset)^exponent. */
export function zipfWeights(n: number, exponent: number, offset = 0): Float64Array {
  const weights = new Float64Array(n);
  for (let r = 0; r < n; r++) weights[r] = 1 / Math.pow(r + 1 + offset, exponent);
  return weights;
}
