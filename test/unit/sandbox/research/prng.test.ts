import { describe, expect, it } from 'vitest';
import { mulberry32, subSeed, WeightedSampler, zipfWeights } from '../../../../sandbox/research/prng.js';

describe('mulberry32', () => {
  it('repeats its sequence for a seed and differs across seeds', () => {
    const a = mulberry32(5);
    const b = mulberry32(5);
    const c = mulberry32(6);
    const seqA = Array.from({ length: 20 }, () => a.uint32());
    expect(Array.from({ length: 20 }, () => b.uint32())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.uint32())).not.toEqual(seqA);
    expect(subSeed(5, 'videos')).not.toBe(subSeed(5, 'times'));
  });

  it('draws uniform numbers, integers in range and standard normals', () => {
    const rng = mulberry32(1);
    let sum = 0;
    let sumSq = 0;
    const n = 50_000;
    // Gathered, then asserted once: 150,000 expect() calls took most of the unit tier's time.
    let lowest = Infinity;
    let highest = -Infinity;
    const ints = new Set<number>();
    for (let i = 0; i < n; i++) {
      const u = rng.next();
      lowest = Math.min(lowest, u);
      highest = Math.max(highest, u);
      ints.add(rng.int(3, 5));
      const z = rng.normal();
      sum += z;
      sumSq += z * z;
    }
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(highest).toBeLessThan(1);
    expect([...ints].sort()).toEqual([3, 4, 5]);
    expect(Math.abs(sum / n)).toBeLessThan(0.03);
    expect(Math.abs(sumSq / n - 1)).toBeLessThan(0.03);
  });
});

describe('WeightedSampler', () => {
  it('draws each index in proportion to its weight', () => {
    const weights = [5, 0, 1, 3, 1];
    const sampler = new WeightedSampler(weights);
    const rng = mulberry32(9);
    const counts = [0, 0, 0, 0, 0];
    const n = 200_000;
    for (let i = 0; i < n; i++) counts[sampler.sample(rng)]! += 1;
    expect(counts[1]).toBe(0);
    weights.forEach((w, i) => expect(Math.abs(counts[i]! / n - w / 10)).toBeLessThan(0.01));
  });

  it('follows a Zipf curve: rank 1 about twice rank 2', () => {
    const sampler = new WeightedSampler(zipfWeights(1000, 1));
    const rng = mulberry32(10);
    const counts = new Array<number>(1000).fill(0);
    for (let i = 0; i < 300_000; i++) counts[sampler.sample(rng)]! += 1;
    expect(counts[0]! / counts[1]!).toBeGreaterThan(1.8);
    expect(counts[0]! / counts[1]!).toBeLessThan(2.2);
    expect(counts[0]!).toBeGreaterThan(counts[999]! * 300);
  });

  it('refuses no weights or all-zero weights', () => {
    expect(() => new WeightedSampler([])).toThrow(RangeError);
    expect(() => new WeightedSampler([0, 0])).toThrow(RangeError);
  });
});
