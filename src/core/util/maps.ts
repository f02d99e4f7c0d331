// Copies of maps and sets in insertion order, without the entry arrays `new Map(map)` makes on the way (Node 20's V8
// walks the argument's iterator): forEach with a shared callback allocates nothing but the copy, and runs faster.

export function copyMap<K, V>(m: ReadonlyMap<K, V>): Map<K, V> {
  const out = new Map<K, V>();
  m.forEach(putEntry, out);
  return out;
}

function putEntry(this: Map<unknown, unknown>, v: unknown, k: unknown): void {
  this.set(k, v);
}

export function copySet<T>(s: ReadonlySet<T>): Set<T> {
  const out = new Set<T>();
  s.forEach(addValue, out);
  return out;
}

function addValue(this: Set<unknown>, v: unknown): void {
  this.add(v);
}
