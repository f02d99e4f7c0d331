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

/** 0x9E3779B97F4A7C15 (BaseHashTable's Fibonacci multiplier) as two unsigned 32-bit words. */
const FIBONACCI_HI = 0x9e3779b9;
const FIBONACCI_LO = 0x7f4a7c15;

/** The high 32 bits of the 64-bit product of two unsigned 32-bit words (16-bit limbs: every partial product is exact in a double). */
function mulHigh32(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const mid = ((a0 * b0) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return (a1 * b1 + Math.floor(p01 / 0x10000) + Math.floor(p10 / 0x10000) + Math.floor(mid / 0x10000)) >>> 0;
}

/**
 * BaseHashTable.findSlot: the top log2(capacity) bits of hashCode · 0x9E3779B97F4A7C15 (64-bit wrap), from the high word
 * of the product alone (capacity is at most 2^30), in 32-bit arithmetic: no BigInt on the coordinator's hot paths.
 */
export function timelineSlot(hash: number, capacity: number): number {
  const bits = 31 - Math.clz32(capacity);
  if (bits === 0) return 0;
  const lo = hash >>> 0;
  // the int hash code sign-extends to a long: its high word is all ones when negative
  const hi = hash < 0 ? 0xffffffff : 0;
  const high = (mulHigh32(lo, FIBONACCI_LO) + Math.imul(hi, FIBONACCI_LO) + Math.imul(lo, FIBONACCI_HI)) >>> 0;
  return high >>> (32 - bits);
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
