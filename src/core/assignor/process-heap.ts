// A java.util.PriorityQueue of process indices ordered by load (then, optionally, a tie-break load), specialised
// on typed arrays for speed. Same sift rules as util/java.ts PriorityQueue, so the poll order is identical.

import { Arena } from './arena.ts';

export class ProcessHeap {
  private readonly heap: Int32Array;
  private n = 0;

  constructor(
    capacity: number,
    private readonly load: Float64Array,
    private readonly tieBreak: Float64Array | null,
    arena: Arena = new Arena(),
  ) {
    this.heap = arena.int32(Math.max(1, capacity));
  }

  get size(): number {
    return this.n;
  }

  private compare(a: number, b: number): number {
    const la = this.load[a]!;
    const lb = this.load[b]!;
    if (la < lb) return -1;
    if (la > lb) return 1;
    const tie = this.tieBreak;
    if (tie === null) return 0;
    const ta = tie[a]!;
    const tb = tie[b]!;
    return ta < tb ? -1 : ta > tb ? 1 : 0;
  }

  offer(x: number): void {
    const es = this.heap;
    let k = this.n++;
    while (k > 0) {
      const parent = (k - 1) >>> 1;
      const e = es[parent]!;
      if (this.compare(x, e) >= 0) break;
      es[k] = e;
      k = parent;
    }
    es[k] = x;
  }

  /**
   * offer(0), offer(1), …, offer(count - 1) into an empty heap: while the keys equal the first one's, each offer stays
   * where it lands (siftUp stops at the first comparison), so that run is appended without comparing.
   */
  offerAll(count: number): void {
    const es = this.heap;
    const load = this.load;
    const tie = this.tieBreak;
    let p = 0;
    if (this.n === 0 && count > 0) {
      const l0 = load[0]!;
      const t0 = tie === null ? 0 : tie[0]!;
      while (p < count && load[p] === l0 && (tie === null || tie[p] === t0)) es[this.n++] = p++;
    }
    for (; p < count; p++) this.offer(p);
  }

  /** The least process, or -1 when empty. */
  poll(): number {
    if (this.n === 0) return -1;
    const es = this.heap;
    const result = es[0]!;
    const n = --this.n;
    const x = es[n]!;
    if (n > 0) {
      let k = 0;
      const half = n >>> 1;
      while (k < half) {
        let child = 2 * k + 1;
        let c = es[child]!;
        const right = child + 1;
        if (right < n && this.compare(c, es[right]!) > 0) c = es[(child = right)]!;
        if (this.compare(x, c) <= 0) break;
        es[k] = c;
        k = child;
      }
      es[k] = x;
    }
    return result;
  }
}
