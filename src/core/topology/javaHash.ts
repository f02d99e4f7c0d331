// Deterministic stand-in for the iteration order of Java's HashMap/HashSet over String keys.
// Kafka builds several maps/sets with Collectors.toMap/toSet; their iteration order decides which
// error fires first and which names a status detail shows. We reproduce that order exactly for maps
// that are only added to (and possibly removed from), ignoring bucket treeification (≥ 8 collisions).

/** java.lang.String.hashCode over UTF-16 code units, as a signed 32-bit int. */
export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** Table capacity a default-constructed HashMap reaches after holding `maxSize` entries. */
export function javaHashMapCapacity(maxSize: number): number {
  let capacity = 16;
  while (maxSize > capacity * 0.75) capacity *= 2;
  return capacity;
}

function bucketOf(key: string, capacity: number): number {
  const h = javaStringHashCode(key);
  return ((h ^ (h >>> 16)) & (capacity - 1)) >>> 0;
}

/**
 * Iteration order of a default HashMap/HashSet into which `insertions` were put in this order
 * (duplicates keep their first position), then `removed` keys were removed.
 */
export function javaHashOrder(insertions: Iterable<string>, removed: ReadonlySet<string> = new Set()): string[] {
  const distinct: string[] = [];
  const seen = new Set<string>();
  for (const k of insertions) {
    if (!seen.has(k)) {
      seen.add(k);
      distinct.push(k);
    }
  }
  const capacity = javaHashMapCapacity(distinct.length);
  const indexed = distinct.map((key, seq) => ({ key, seq, bucket: bucketOf(key, capacity) }));
  indexed.sort((a, b) => a.bucket - b.bucket || a.seq - b.seq);
  return indexed.map((e) => e.key).filter((k) => !removed.has(k));
}

/** Java's TreeMap<String,Integer>.toString(): "{a=1, b=2}" in String.compareTo order. */
export function javaSortedMapString(entries: ReadonlyMap<string, number>): string {
  const keys = [...entries.keys()].sort();
  return '{' + keys.map((k) => `${k}=${entries.get(k)}`).join(', ') + '}';
}

/** Java's Collection.toString(): "[a, b]". */
export function javaListString(items: readonly string[]): string {
  return '[' + items.join(', ') + ']';
}
