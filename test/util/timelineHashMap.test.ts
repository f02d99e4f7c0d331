// org.apache.kafka.timeline.TimelineHashMap iteration order (BaseHashTable.findSlot, baseAddOrReplace, and
// SnapshottableHashTable's iterator), as util/timelineHashMap.ts emulates it. The slot values were printed by
// BaseHashTable.findSlot's formula in jshell (Java 17) for the same strings.
import { describe, expect, it } from 'vitest';
import { stringHashCode } from '../../src/core/util/java.ts';
import { TIMELINE_MIN_CAPACITY, timelineCapacityAfterPut, timelineHashMapOrder, timelineSlot } from '../../src/core/util/timelineHashMap.ts';

const JAVA_SLOTS: Record<string, number[]> = {
  // capacities 2, 4, 8, 16, 32, 1024
  Aa: [0, 1, 2, 4, 9, 294],
  a: [1, 3, 7, 15, 30, 972],
  b: [1, 2, 4, 9, 18, 580],
  c: [0, 0, 1, 2, 5, 189],
  xK3pQ9mZTe6Yb1u2w7vH0g: [0, 1, 2, 4, 9, 293],
  'member-1': [1, 3, 7, 14, 28, 927],
};

describe('TimelineHashMap order (the coordinator member map)', () => {
  it('BaseHashTable.findSlot: the top bits of the Fibonacci hash, as Java computes them (negative hash codes included)', () => {
    for (const [k, slots] of Object.entries(JAVA_SLOTS)) {
      expect(
        [2, 4, 8, 16, 32, 1024].map((c) => timelineSlot(stringHashCode(k), c)),
        k,
      ).toEqual(slots);
    }
  });

  it('BaseHashTable.baseAddOrReplace: 2 slots for 0 expected elements, doubled before a put while (size + 1) · 0.75 > capacity', () => {
    expect(TIMELINE_MIN_CAPACITY).toBe(2);
    expect(timelineCapacityAfterPut(2, 0)).toBe(2);
    expect(timelineCapacityAfterPut(2, 1)).toBe(2);
    // a put at 2 elements (a new key or a replacement) needs 2.25 slots
    expect(timelineCapacityAfterPut(2, 2)).toBe(4);
    expect(timelineCapacityAfterPut(4, 5)).toBe(8);
    expect(timelineCapacityAfterPut(2, 11)).toBe(16);
    // never shrinks
    expect(timelineCapacityAfterPut(16, 0)).toBe(16);
  });

  it('SnapshottableHashTable iterator: slot by slot, newest first within a slot', () => {
    // BB and Aa share a hash code (2112), so a slot at every capacity
    expect(timelineHashMapOrder(['BB', 'Aa', 'c'], stringHashCode, 4)).toEqual(['c', 'Aa', 'BB']);
    expect(timelineHashMapOrder(['Aa', 'BB', 'c'], stringHashCode, 4)).toEqual(['c', 'BB', 'Aa']);
    // a (slot 3), b (slot 2), c (slot 0) at 4 slots: insertion order does not matter across slots
    expect(timelineHashMapOrder(['a', 'b', 'c'], stringHashCode, 4)).toEqual(['c', 'b', 'a']);
    expect(timelineHashMapOrder(['c', 'a', 'b'], stringHashCode, 4)).toEqual(['c', 'b', 'a']);
  });
});

describe('BaseHashTable.findSlot in 32-bit arithmetic', () => {
  /** The formula as written in Java: (hashCode * 0x9E3779B97F4A7C15L) >>> (64 - bits), in 64-bit BigInt arithmetic. */
  const reference = (hash: number, capacity: number): number => {
    const bits = 31 - Math.clz32(capacity);
    if (bits === 0) return 0;
    return Number(BigInt.asUintN(64, BigInt(hash) * -7046029254386353131n) >> BigInt(64 - bits));
  };

  it('agrees with the 64-bit product for every capacity and hash codes across the int range', () => {
    const hashes = [0, 1, -1, 2112, 0x7fffffff, -0x80000000, 0xffff, -0x10000, 123456789, -987654321];
    // a deterministic spread of int hash codes (a linear congruential walk)
    let x = 17;
    for (let i = 0; i < 2000; i++) {
      x = (Math.imul(x, 1103515245) + 12345) | 0;
      hashes.push(x);
    }
    for (let bits = 0; bits <= 30; bits++) {
      const capacity = 2 ** bits;
      for (const h of hashes) expect(timelineSlot(h, capacity), `hash ${h}, capacity ${capacity}`).toBe(reference(h, capacity));
    }
  });
});
