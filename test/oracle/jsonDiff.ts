// What the two codec oracle suites (codec.oracle.test.ts on 4.4.0, codec-releases.oracle.test.ts on 4.1–4.3) share:
// filling a JSON form's left-out keys for Kafka's converter, and the first difference of two JSON values.

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `json` with every key it leaves out taken from `full` (our decode of our bytes): Kafka's converter needs them all. */
export function fillDefaults(json: unknown, full: unknown): unknown {
  if (Array.isArray(json) && Array.isArray(full)) return json.map((j, i) => fillDefaults(j, full[i]));
  if (!isObj(json) || !isObj(full)) return json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(full)) out[k] = k in json ? fillDefaults(json[k], v) : v;
  for (const [k, v] of Object.entries(json)) if (!(k in out)) out[k] = v;
  return out;
}

/** The first difference of two JSON values (object key order does not count) as "path: ours …, Kafka …", or null. */
export function firstDiff(a: unknown, b: unknown, path = ''): string | null {
  if (a === b) return null;
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDiff(a[k], b[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return null;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDiff(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const show = (x: unknown) => (x === undefined ? '(absent)' : JSON.stringify(x).slice(0, 120));
  return `${path || '(root)'}: ours ${show(a)}, Kafka ${show(b)}`;
}
