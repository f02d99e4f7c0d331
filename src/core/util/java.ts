// Emulation of the java.util behaviour that decides tie-breaking in Kafka's assignors:
// String.hashCode, HashMap iteration order and PriorityQueue heap order.

/** Java `String.hashCode()`: s[0]·31^(n-1) + … + s[n-1] over UTF-16 code units, 32-bit wrap. */
export function stringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** Bounds the memory of {@link cachedStringHashCode}; past it the memo starts over. */
const MAX_CACHED_HASHES = 1 << 16;
const hashCodes = new Map<string, number>();

/**
 * `String.hashCode()` as Java serves it: a String computes its hash once and keeps it (String.hash), so a Java
 * assignor rehashing the same member and process ids pays nothing; here a bounded memo per string value does that.
 * For ids hashed on every assignment (process ids: UUIDs of 36 characters, ~80 ns to hash, ~12 ns to look up).
 */
export function cachedStringHashCode(s: string): number {
  let h = hashCodes.get(s);
  if (h === undefined) {
    h = stringHashCode(s);
    if (hashCodes.size >= MAX_CACHED_HASHES) hashCodes.clear();
    hashCodes.set(s, h);
  }
  return h;
}

/** HashMap.hash: the high half folded into the low half. */
export function spreadHash(h: number): number {
  return (h ^ (h >>> 16)) | 0;
}

const MAXIMUM_CAPACITY = 1 << 30;
const TREEIFY_THRESHOLD = 8;
const MIN_TREEIFY_CAPACITY = 64;

/** HashMap.tableSizeFor: the power of two ≥ `cap` (1 for cap ≤ 1). */
export function tableSizeFor(cap: number): number {
  if (cap <= 1) return 1;
  let n = 1;
  while (n < cap && n < MAXIMUM_CAPACITY) n *= 2;
  return n;
}

/** Threshold after a resize from `oldCap` to `newCap` (HashMap.resize, load factor 0.75). */
function nextThreshold(oldCap: number, oldThr: number, newCap: number): number {
  if (oldCap >= 16) return oldThr * 2;
  return Math.floor(newCap * 0.75);
}

/**
 * Final table size and bucket of each key after `new HashMap<>(initialCapacity)` and `put` of `keys` in order.
 * Emulates resizes on size > threshold and the resize that treeifyBin does instead of treeifying while the table
 * is smaller than 64. Duplicate keys (by `===`) are ignored after their first put, as a re-put keeps the entry.
 */
function simulate<K>(keys: readonly K[], hash: (k: K) => number, initialCapacity: number) {
  let cap = tableSizeFor(initialCapacity);
  let thr = Math.floor(cap * 0.75);
  const unique: K[] = [];
  const spread: number[] = [];
  const seen = new Set<K>();
  let bucketSizes = new Int32Array(cap);
  const resize = () => {
    const newCap = cap * 2;
    thr = nextThreshold(cap, thr, newCap);
    cap = newCap;
    bucketSizes = new Int32Array(cap);
    for (const h of spread) bucketSizes[h & (cap - 1)]!++;
  };
  for (const k of keys) {
    if (seen.has(k)) continue;
    seen.add(k);
    const h = spreadHash(hash(k));
    const b = h & (cap - 1);
    const binCount = bucketSizes[b]!;
    unique.push(k);
    spread.push(h);
    bucketSizes[b] = binCount + 1;
    // putVal: a 9th node in one bin calls treeifyBin, which resizes while the table is below 64
    if (binCount >= TREEIFY_THRESHOLD && cap < MIN_TREEIFY_CAPACITY) resize();
    if (unique.length > thr && cap < MAXIMUM_CAPACITY) resize();
  }
  return { cap, unique, spread };
}

/** Table size a HashMap ends with after inserting `keys` (see {@link hashMapOrder}). */
export function hashMapCapacity<K>(keys: readonly K[], hash: (k: K) => number, initialCapacity = 16): number {
  return simulate(keys, hash, initialCapacity).cap;
}

/**
 * Iteration order of a `java.util.HashMap` created with `initialCapacity` (the no-arg constructor is 16) after
 * putting `keys` in the given order: by bucket index `(h ^ (h >>> 16)) & (n - 1)`, then insertion order within a
 * bucket. Java's resize splits each bin into a "lo" and a "hi" list keeping relative order, and new entries go to
 * the tail of their bin, so insertion order within a bucket survives any number of resizes.
 * Not emulated: treeified bins (≥ 9 colliding keys in a table of ≥ 64), whose iteration order may differ.
 */
export function hashMapOrder<K>(keys: readonly K[], hash: (k: K) => number, initialCapacity = 16): K[] {
  const { cap, unique, spread } = simulate(keys, hash, initialCapacity);
  const mask = cap - 1;
  if (cap > 4 * unique.length + 64) {
    // sparse table: a comparison sort beats counting over the empty buckets
    const idx = unique.map((_, i) => i);
    idx.sort((a, b) => (spread[a]! & mask) - (spread[b]! & mask) || a - b);
    return idx.map((i) => unique[i]!);
  }
  // stable counting sort by bucket index
  const starts = new Int32Array(cap + 1);
  for (const h of spread) starts[(h & mask) + 1]!++;
  for (let b = 0; b < cap; b++) starts[b + 1]! += starts[b]!;
  const out = new Array<K>(unique.length);
  for (let i = 0; i < unique.length; i++) out[starts[spread[i]! & mask]!++] = unique[i]!;
  return out;
}

/**
 * Iteration order of a `java.util.HashMap` created with `initialCapacity` after one `computeIfAbsent` call per element
 * of `keys` (repeats included: StickyTaskAssignor's process map, one call per member). Unlike `put`, computeIfAbsent
 * checks `size > threshold` (and resizes) at the start of every call, even one that finds its key, and never after; it links a new node at the *head* of its bin, so
 * within a bucket the keys iterate newest first (resizes keep the relative order); and it treeifies, i.e. resizes while
 * the table is below 64, once a bin it adds to already holds 7 nodes. Not emulated: treeified bins (table ≥ 64).
 */
export function hashMapOrderByComputeIfAbsent<K>(keys: readonly K[], hash: (k: K) => number, initialCapacity = 16): K[] {
  let cap = 0;
  let thr = tableSizeFor(initialCapacity);
  const unique: K[] = [];
  const spread: number[] = [];
  const seen = new Set<K>();
  let bucketSizes = new Int32Array(0);
  const resize = () => {
    const newCap = cap === 0 ? thr : cap * 2;
    thr = cap === 0 ? Math.floor(newCap * 0.75) : nextThreshold(cap, thr, newCap);
    cap = newCap;
    bucketSizes = new Int32Array(cap);
    for (const h of spread) bucketSizes[h & (cap - 1)]!++;
  };
  for (const k of keys) {
    // computeIfAbsent: the resize check comes first, in every call (also one that finds its key present)
    if (unique.length > thr || cap === 0) resize();
    if (seen.has(k)) continue;
    seen.add(k);
    const h = spreadHash(hash(k));
    const b = h & (cap - 1);
    const binCount = bucketSizes[b]!;
    unique.push(k);
    spread.push(h);
    bucketSizes[b] = binCount + 1;
    // computeIfAbsent: binCount >= TREEIFY_THRESHOLD - 1 calls treeifyBin, which resizes while the table is below 64
    if (binCount >= TREEIFY_THRESHOLD - 1 && cap < MIN_TREEIFY_CAPACITY) resize();
  }
  const mask = cap - 1;
  const idx = unique.map((_, i) => i);
  // by bucket, newest first within a bucket
  idx.sort((a, b) => (spread[a]! & mask) - (spread[b]! & mask) || b - a);
  return idx.map((i) => unique[i]!);
}

export type Comparator<T> = (a: T, b: T) => number;

/**
 * `java.util.PriorityQueue` with a comparator: an array binary heap with Java's exact sift rules, so elements that
 * compare equal are ordered exactly as the JVM orders them. `addAll` offers one element after the other.
 */
export class PriorityQueue<T> {
  private heap: T[] = [];
  constructor(private readonly comparator: Comparator<T>) {}

  get size(): number {
    return this.heap.length;
  }

  isEmpty(): boolean {
    return this.heap.length === 0;
  }

  peek(): T | undefined {
    return this.heap[0];
  }

  /** PriorityQueue.offer: append, then siftUp (stops on compare(x, parent) >= 0). */
  offer(x: T): void {
    const es = this.heap;
    let k = es.length;
    es.push(x);
    const cmp = this.comparator;
    while (k > 0) {
      const parent = (k - 1) >>> 1;
      const e = es[parent]!;
      if (cmp(x, e) >= 0) break;
      es[k] = e;
      k = parent;
    }
    es[k] = x;
  }

  add(x: T): void {
    this.offer(x);
  }

  /** AbstractQueue.addAll: successive add. */
  addAll(xs: Iterable<T>): void {
    for (const x of xs) this.offer(x);
  }

  /** PriorityQueue.poll: take the root, move the last element to the root and siftDown. */
  poll(): T | undefined {
    const es = this.heap;
    if (es.length === 0) return undefined;
    const result = es[0]!;
    const x = es.pop()!;
    const n = es.length;
    if (n > 0) {
      const cmp = this.comparator;
      let k = 0;
      const half = n >>> 1;
      while (k < half) {
        let child = 2 * k + 1;
        let c = es[child]!;
        const right = child + 1;
        if (right < n && cmp(c, es[right]!) > 0) c = es[(child = right)]!;
        if (cmp(x, c) <= 0) break;
        es[k] = c;
        k = child;
      }
      es[k] = x;
    }
    return result;
  }

  clear(): void {
    this.heap.length = 0;
  }

  /** The backing array in heap order (what Java's iterator and toArray return). */
  toArray(): T[] {
    return this.heap.slice();
  }
}
