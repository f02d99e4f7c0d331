// A binary min-heap over a "comes before" order.

export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(x: T): void {
    const h = this.items;
    let i = h.length;
    h.push(x);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(x, h[parent]!)) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = x;
  }

  pop(): T | undefined {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (h.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const c = r < h.length && this.before(h[r]!, h[l]!) ? r : l;
      if (!this.before(h[c]!, last)) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
    return top;
  }
}
