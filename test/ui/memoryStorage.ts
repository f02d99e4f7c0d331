// An in-memory Web Storage for the UI library tests, with an optional quota in characters (keys and values), past
// which setItem fails as browsers do: a DOMException named QuotaExceededError.
export class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    const used = [...this.m].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
    if (used + k.length + v.length > this.quota) throw new DOMException(`Setting the value of '${k}' exceeded the quota.`, 'QuotaExceededError');
    this.m.set(k, v);
  }
}
