// Kafka version ranges: "3" (exactly), "1-4" (inclusive), "2+" (open), "none" (never).

export interface VersionRange {
  lo: number;
  hi: number;
}

const cache = new Map<string, VersionRange | null>();

export function parseVersions(spec: string): VersionRange | null {
  const hit = cache.get(spec);
  if (hit !== undefined) return hit;
  let r: VersionRange | null;
  const s = spec.trim();
  if (s === 'none' || s === '') r = null;
  else if (/^\d+\+$/.test(s)) r = { lo: Number(s.slice(0, -1)), hi: Infinity };
  else if (/^\d+-\d+$/.test(s)) {
    const [a, b] = s.split('-');
    r = { lo: Number(a), hi: Number(b) };
  } else if (/^\d+$/.test(s)) r = { lo: Number(s), hi: Number(s) };
  else throw new Error(`bad version range ${JSON.stringify(spec)}`);
  cache.set(spec, r);
  return r;
}

export function inVersions(spec: string | undefined, v: number): boolean {
  if (spec === undefined) return false;
  const r = parseVersions(spec);
  return r !== null && v >= r.lo && v <= r.hi;
}

/** Every version of a closed range (validVersions is always closed). */
export function versionList(spec: string): number[] {
  const r = parseVersions(spec);
  if (r === null || !Number.isFinite(r.hi)) return [];
  const out: number[] = [];
  for (let v = r.lo; v <= r.hi; v++) out.push(v);
  return out;
}
