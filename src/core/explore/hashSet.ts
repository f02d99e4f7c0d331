// The explorer's set of visited state hashes: open addressing over a Float64Array. A Set<number> boxes every
// 53-bit hash as a heap number; here a hash costs 8 bytes and no allocation.

/** A set of non-negative safe integers (state hashes are 53-bit), with `add` telling whether the value was new. */
export class HashSet53 {
  private table: Float64Array;
  private mask: number;
  private count = 0;
  /** 0 marks an empty slot, so the value 0 is kept aside. */
  private hasZero = false;

  constructor(capacity = 1 << 16) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.table = new Float64Array(n);
    this.mask = n - 1;
  }

  get size(): number {
    return this.count;
  }

  has(x: number): boolean {
    if (x === 0) return this.hasZero;
    const t = this.table;
    for (let i = slotOf(x) & this.mask; ; i = (i + 1) & this.mask) {
      const v = t[i]!;
      if (v === x) return true;
      if (v === 0) return false;
    }
  }

  /** Adds x; true when it was not in the set. */
  add(x: number): boolean {
    if (x === 0) {
      if (this.hasZero) return false;
      this.hasZero = true;
      this.count++;
      return true;
    }
    const t = this.table;
    let i = slotOf(x) & this.mask;
    for (; ; i = (i + 1) & this.mask) {
      const v = t[i]!;
      if (v === x) return false;
      if (v === 0) break;
    }
    t[i] = x;
    this.count++;
    // at most half full: probe sequences stay short
    if (this.count * 2 > this.mask) this.grow();
    return true;
  }

  private grow(): void {
    const old = this.table;
    const t = new Float64Array(old.length * 2);
    const mask = t.length - 1;
    for (let j = 0; j < old.length; j++) {
      const v = old[j]!;
      if (v === 0) continue;
      let i = slotOf(v) & mask;
      while (t[i] !== 0) i = (i + 1) & mask;
      t[i] = v;
    }
    this.table = t;
    this.mask = mask;
  }
}

/** A slot index from both halves of the value (the low 32 bits alone would do for a good hash; mixing is cheap). */
function slotOf(x: number): number {
  const h = Math.imul((x | 0) ^ ((x / 4294967296) | 0), 0x9e3779b1);
  return (h ^ (h >>> 16)) >>> 0;
}
