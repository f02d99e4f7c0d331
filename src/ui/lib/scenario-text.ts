// Edits to the scenario document as text: parse, change, print back compactly.
// These are plain JSON edits (what-if, compose, topology); the core re-validates and runs the result.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Pretty-prints JSON with 2-space indent, keeping short arrays and objects on one line. */
export function formatJson(value: unknown, width = 100): string {
  return fmt(value as Json, '', width);
}

function fmt(v: Json, indent: string, width: number): string {
  const flat = JSON.stringify(v);
  if (v === null || typeof v !== 'object') return flat;
  if (flat.length + indent.length <= width && !(Array.isArray(v) ? v.some(isBig) : Object.values(v).some(isBig))) {
    return spaced(v);
  }
  const inner = indent + '  ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => inner + fmt(x, inner, width)).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(v);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${fmt(v[k]!, inner, width)}`).join(',\n')}\n${indent}}`;
}

function isBig(v: Json): boolean {
  return v !== null && typeof v === 'object' && JSON.stringify(v).length > 60;
}

/** One-line form with spaces after separators (string contents untouched). */
function spaced(v: Json): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(spaced).join(', ')}]`;
  const keys = Object.keys(v);
  if (keys.length === 0) return '{}';
  return `{ ${keys.map((k) => `${JSON.stringify(k)}: ${spaced(v[k]!)}`).join(', ')} }`;
}

export function tryParse(text: string): Record<string, Json> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Json>) : null;
  } catch {
    return null;
  }
}

function withDoc(text: string, f: (doc: Record<string, Json>) => void): string {
  const doc = tryParse(text);
  if (!doc) throw new Error('The scenario is not valid JSON; fix it in the editor first.');
  f(doc);
  return formatJson(doc) + '\n';
}

function steps(doc: Record<string, Json>): Json[] {
  if (!Array.isArray(doc.steps)) doc.steps = [];
  return doc.steps as Json[];
}

export function removeStep(text: string, index: number): string {
  return withDoc(text, (d) => void steps(d).splice(index, 1));
}

export function moveStep(text: string, from: number, to: number): string {
  return withDoc(text, (d) => {
    const s = steps(d);
    const [x] = s.splice(from, 1);
    if (x !== undefined) s.splice(Math.max(0, Math.min(to, s.length)), 0, x);
  });
}

export function appendStep(text: string, step: Json): string {
  return withDoc(text, (d) => void steps(d).push(step));
}

export function stepCount(text: string): number {
  const d = tryParse(text);
  return d && Array.isArray(d.steps) ? d.steps.length : 0;
}

export function setField(text: string, key: string, value: Json | undefined): string {
  return withDoc(text, (d) => {
    if (value === undefined) delete d[key];
    else d[key] = value;
  });
}

/**
 * Why a text cannot be a scenario document at all (not JSON, or not a JSON object), or null when it
 * may be one. Checked before a fetched or imported text replaces the user's work; the core still
 * validates whatever passes.
 */
export function notAScenario(text: string): string | null {
  const t = text.trimStart();
  if (t.startsWith('<')) return 'it is an HTML or XML page, not a scenario';
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return `it is not JSON (${e instanceof Error ? e.message : String(e)})`;
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'it is JSON but not an object with the scenario\'s fields';
  return null;
}
