// Array helpers that take arrays of any length: spreading an array into a call's arguments
// (`push(...xs)`, `Math.max(...xs)`) overflows the stack past about 100,000 elements.

/** Appends every item to `target`, in order. */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const x of items) target.push(x);
}

/** The largest of `init` and every `f(item)`. */
export function maxOf<T>(items: Iterable<T>, f: (item: T) => number, init: number): number {
  let m = init;
  for (const x of items) {
    const v = f(x);
    if (v > m) m = v;
  }
  return m;
}
