// Iteration order of Kafka's org.apache.kafka.timeline.TimelineHashMap (the coordinator's member map): a separately
// chained table of power-of-two size (BaseHashTable), slot = the top bits of a Fibonacci hash of hashCode(), each
// slot's elements in insertion order, iterated slot by slot with each slot's elements read from the last to the first.

/** BaseHashTable.MIN_CAPACITY: the size of a table created for 0 expected elements (TimelineHashMap(registry, 0)). */
export const TIMELINE_MIN_CAPACITY = 2;

/** BaseHashTable.baseAddOrReplace: before every put (of a new key or an existing one) at `sizeBefore` elements the table doubles while (size + 1) · 0.75 > capacity. */
export function timelineCapacityAfterPut(capacity: number, sizeBefore: number): number {
  let c = capacity;
  while ((sizeBefore + 1) * 0.75 > c && c < 1 << 30) c *= 2;
  return c;
}

const FIBONACCI = -7046029254386353131n;

/** BaseHashTable.findSlot: the top log2(capacity) bits of hashCode · 0x9E3779B97F4A7C15 (64-bit wrap). */
export function timelineSlot(hash: number, capacity: number): number {
  const bits = 31 - Math.clz32(capacity);
  if (bits === 0) return 0;
  return Number(BigInt.asUintN(64, BigInt(hash) * FIBONACCI) >> BigInt(64 - bits));
}

/**
 * The order a TimelineHashMap of `capacity` slots iterates `keys` (given in insertion order; a removed and re-added
 * key counts from its re-insertion): by slot, and within a slot newest first (SnapshottableHashTable's iterator takes
 * each slot's elements from the end).
 */
export function timelineHashMapOrder<K>(keys: readonly K[], hash: (k: K) => number, capacity: number): K[] {
  const slots = keys.map((k) => timelineSlot(hash(k), capacity));
  const idx = keys.map((_, i) => i);
  idx.sort((a, b) => slots[a]! - slots[b]! || b - a);
  return idx.map((i) => keys[i]!);
}
