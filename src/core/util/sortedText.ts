// A sorted set of strings whose joined text costs O(size / CHUNK) to produce after each change: the items sit in
// sorted chunks, each chunk keeps its own joined text, and the whole text is the chunks' texts concatenated (the
// engine concatenates without copying until the text is read).

const CHUNK = 128;

export class SortedText {
  private readonly chunks: { items: string[]; text: string | null }[] = [];
  private count = 0;

  constructor(private readonly separator: string) {}

  get size(): number {
    return this.count;
  }

  /** The chunk that holds `x`, or would (the first whose last item is not below it; else the last). */
  private chunkFor(x: string): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const items = this.chunks[mid]!.items;
      if (items[items.length - 1]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(x: string): void {
    if (this.chunks.length === 0) this.chunks.push({ items: [], text: null });
    const c = this.chunkFor(x);
    const chunk = this.chunks[c]!;
    const at = lowerBound(chunk.items, x);
    if (chunk.items[at] === x) return;
    chunk.items.splice(at, 0, x);
    chunk.text = null;
    this.count++;
    if (chunk.items.length > 2 * CHUNK) this.chunks.splice(c + 1, 0, { items: chunk.items.splice(CHUNK), text: null });
  }

  delete(x: string): void {
    if (this.chunks.length === 0) return;
    const c = this.chunkFor(x);
    const chunk = this.chunks[c]!;
    const at = lowerBound(chunk.items, x);
    if (chunk.items[at] !== x) return;
    chunk.items.splice(at, 1);
    chunk.text = null;
    this.count--;
    if (chunk.items.length === 0) this.chunks.splice(c, 1);
  }

  /** The items in order, joined by the separator. */
  text(): string {
    let out = '';
    for (let i = 0; i < this.chunks.length; i++) {
      const chunk = this.chunks[i]!;
      chunk.text ??= chunk.items.join(this.separator);
      out = i === 0 ? chunk.text : out + this.separator + chunk.text;
    }
    return out;
  }
}

/** The first index of sorted `xs` whose item is not below `x`. */
export function lowerBound(xs: readonly string[], x: string): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
