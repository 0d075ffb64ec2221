/**
 * Small typed-array helpers shared by the dataset and its indexes: a growable column for building
 * variable-length lists (CSR: one offsets array + one values array), and sorted-array searches.
 */

export type UintArray = Uint8Array | Uint16Array | Uint32Array;

/** An append-only Uint32/Uint16 column that doubles its buffer; `finish()` returns an exact-size copy. */
export class GrowableColumn<T extends Uint16Array | Uint32Array> {
  private buffer: T;
  private used = 0;

  constructor(private readonly make: (length: number) => T, initial = 1024) {
    this.buffer = make(Math.max(16, initial));
  }

  get length(): number {
    return this.used;
  }

  push(value: number): void {
    if (this.used === this.buffer.length) {
      const bigger = this.make(this.buffer.length * 2);
      bigger.set(this.buffer);
      this.buffer = bigger;
    }
    this.buffer[this.used++] = value;
  }

  finish(): T {
    const exact = this.make(this.used);
    exact.set(this.buffer.subarray(0, this.used));
    return exact;
  }
}

/** First index i in [from, to) with array[i] >= value (array sorted ascending). */
export function lowerBound(array: ArrayLike<number>, value: number, from = 0, to = array.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (array[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index i in [from, to) with array[i] > value (array sorted ascending). */
export function upperBound(array: ArrayLike<number>, value: number, from = 0, to = array.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (array[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
