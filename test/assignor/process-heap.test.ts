import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProcessHeap } from '../../src/core/assignor/process-heap.ts';
import { PriorityQueue } from '../../src/core/util/java.ts';

/** A ProcessHeap and a java PriorityQueue over the same keys: the load, then the tie-break load (if any). */
function heapAndQueue(n: number, load: Float64Array, tie: Float64Array | null) {
  const cmp = (a: number, b: number) => {
    const d = load[a]! - load[b]!;
    if (d !== 0 || tie === null) return Math.sign(d);
    return Math.sign(tie[a]! - tie[b]!);
  };
  return { heap: new ProcessHeap(n, load, tie), pq: new PriorityQueue<number>(cmp) };
}

describe('ProcessHeap', () => {
  it('polls in exactly the order of java PriorityQueue with the same comparator (ties included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 })), { maxLength: 200 }),
        (n, withTie, ops) => {
          const load = new Float64Array(n);
          const tie = new Float64Array(n);
          const { heap, pq } = heapAndQueue(n, load, withTie ? tie : null);
          for (let p = 0; p < n; p++) {
            heap.offer(p);
            pq.offer(p);
          }
          // poll, change the polled process's loads, offer it back — as the assignor does
          for (const [, dl, dt] of ops) {
            const a = heap.poll();
            const b = pq.poll()!;
            expect(a).toBe(b);
            load[a] = load[a]! + dl / 2;
            tie[a] = tie[a]! + dt;
            heap.offer(a);
            pq.offer(b);
          }
          while (pq.size > 0) expect(heap.poll()).toBe(pq.poll());
          expect(heap.poll()).toBe(-1);
        },
      ),
    );
  });

  it('offerAll(n) leaves the heap as offers of 0 … n-1 one by one would: equal keys appended, the rest sifted (a JVM PriorityQueue polls the same order)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        // few distinct keys: runs of equal loads (as every process has at the start of a pass) and ties
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 60 }),
        (withTie, keys) => {
          const n = keys.length;
          const load = Float64Array.from(keys, ([l]) => l / 2);
          const tie = Float64Array.from(keys, ([, t]) => t);
          const { heap, pq } = heapAndQueue(n, load, withTie ? tie : null);
          heap.offerAll(n);
          for (let p = 0; p < n; p++) pq.offer(p);
          expect(heap.size).toBe(n);
          while (pq.size > 0) expect(heap.poll()).toBe(pq.poll());
          expect(heap.poll()).toBe(-1);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
