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

/** Where the steps array and each of its items lie in the text (offsets; end exclusive). */
interface StepSpans {
  open: number;
  close: number;
  items: { start: number; end: number }[];
}

const WS = new Set([' ', '\t', '\n', '\r']);

function skipWs(t: string, i: number): number {
  while (i < t.length && WS.has(t[i]!)) i++;
  return i;
}

function skipString(t: string, i: number): number {
  for (i++; i < t.length; i++) {
    if (t[i] === '\\') i++;
    else if (t[i] === '"') return i + 1;
  }
  return i;
}

/** The end of the JSON value starting at i (the text is known to be valid JSON). */
function skipValue(t: string, i: number): number {
  const c = t[i];
  if (c === '"') return skipString(t, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (; i < t.length; i++) {
      const d = t[i];
      if (d === '"') i = skipString(t, i) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        if (--depth === 0) return i + 1;
      }
    }
    return i;
  }
  while (i < t.length && !WS.has(t[i]!) && t[i] !== ',' && t[i] !== ']' && t[i] !== '}') i++;
  return i;
}

/** The spans of the top-level "steps" array, or null (not an object, or no steps array). */
function stepSpans(text: string): StepSpans | null {
  if (!tryParse(text)) return null;
  let i = skipWs(text, 0) + 1;
  for (;;) {
    i = skipWs(text, i);
    if (text[i] !== '"') return null;
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWs(text, skipWs(text, keyEnd) + 1);
    if (key === 'steps' && text[i] === '[') {
      const open = i;
      const items: StepSpans['items'] = [];
      i = skipWs(text, i + 1);
      while (text[i] !== ']') {
        const end = skipValue(text, i);
        items.push({ start: i, end });
        i = skipWs(text, end);
        if (text[i] === ',') i = skipWs(text, i + 1);
      }
      return { open, close: i, items };
    }
    i = skipWs(text, skipValue(text, i));
    if (text[i] !== ',') return null;
    i++;
  }
}

/** The indentation of the line holding offset i. */
function lineIndent(text: string, i: number): string {
  const start = text.lastIndexOf('\n', i - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

// Step edits change only the steps they touch: the rest of the document keeps the user's formatting.

export function removeStep(text: string, index: number): string {
  const sp = stepSpans(text);
  if (!sp) return withDoc(text, (d) => void steps(d).splice(index, 1));
  const it = sp.items;
  if (index < 0 || index >= it.length) return text;
  if (it.length === 1) return text.slice(0, sp.open + 1) + text.slice(sp.close);
  const [from, to] = index < it.length - 1 ? [it[index]!.start, it[index + 1]!.start] : [it[index - 1]!.end, it[index]!.end];
  return text.slice(0, from) + text.slice(to);
}

export function moveStep(text: string, from: number, to: number): string {
  const sp = stepSpans(text);
  if (!sp) {
    return withDoc(text, (d) => {
      const s = steps(d);
      const [x] = s.splice(from, 1);
      if (x !== undefined) s.splice(Math.max(0, Math.min(to, s.length)), 0, x);
    });
  }
  const bodies = sp.items.map((x) => text.slice(x.start, x.end));
  const [moved] = bodies.splice(from, 1);
  if (moved === undefined) return text;
  bodies.splice(Math.max(0, Math.min(to, bodies.length)), 0, moved);
  // each slot keeps its separators and indentation; only the step texts change places
  let out = '';
  let at = 0;
  sp.items.forEach((x, k) => {
    out += text.slice(at, x.start) + bodies[k]!;
    at = x.end;
  });
  return out + text.slice(at);
}

export function appendStep(text: string, step: Json): string {
  const sp = stepSpans(text);
  if (!sp) return withDoc(text, (d) => void steps(d).push(step));
  const it = sp.items;
  const indent = it.length > 0 ? lineIndent(text, it[it.length - 1]!.start) : lineIndent(text, sp.open) + '  ';
  const body = formatJson(step, 100 - indent.length).replace(/\n/g, '\n' + indent);
  if (it.length === 0) return `${text.slice(0, sp.open + 1)}\n${indent}${body}\n${lineIndent(text, sp.open)}${text.slice(sp.close)}`;
  const last = it[it.length - 1]!;
  // the separator the steps already use (", " on one line, or a new line and the indentation)
  const sep = it.length > 1 ? text.slice(it[it.length - 2]!.end, it[it.length - 1]!.start) : `,\n${indent}`;
  return text.slice(0, last.end) + sep + body + text.slice(last.end);
}

/** Replaces step `index` with `step`; the other steps and the rest of the document keep their text. */
export function replaceStep(text: string, index: number, step: Json): string {
  const sp = stepSpans(text);
  if (!sp) {
    return withDoc(text, (d) => {
      const s = steps(d);
      if (index >= 0 && index < s.length) s[index] = step;
    });
  }
  const item = sp.items[index];
  if (!item) return text;
  const indent = lineIndent(text, item.start);
  return text.slice(0, item.start) + indented(step, indent) + text.slice(item.end);
}

/** Inserts `step` so that it becomes step `at` (the steps from `at` on move one down); past the end it is appended. */
export function insertStep(text: string, at: number, step: Json): string {
  const sp = stepSpans(text);
  if (!sp) return withDoc(text, (d) => void steps(d).splice(Math.max(0, at), 0, step));
  const it = sp.items;
  if (at >= it.length) return appendStep(text, step);
  const item = it[Math.max(0, at)]!;
  const indent = lineIndent(text, item.start);
  // the separator the steps already use (", " on one line, or a new line and the indentation)
  const sep = it.length > 1 ? text.slice(it[0]!.end, it[1]!.start) : `,\n${indent}`;
  return text.slice(0, item.start) + indented(step, indent) + sep + text.slice(item.start);
}

/** A value printed as it sits at `indent` (its inner lines indented to match). */
function indented(value: Json, indent: string): string {
  return formatJson(value, 100 - indent.length).replace(/\n/g, '\n' + indent);
}

/** The entries of the JSON object whose "{" is at `open` (the text is known to be valid JSON). */
function objectEntries(text: string, open: number): { close: number; entries: { key: string; start: number; valueStart: number; valueEnd: number }[] } {
  const entries: { key: string; start: number; valueStart: number; valueEnd: number }[] = [];
  let i = skipWs(text, open + 1);
  while (text[i] === '"') {
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    const valueStart = skipWs(text, skipWs(text, keyEnd) + 1);
    const valueEnd = skipValue(text, valueStart);
    entries.push({ key, start: i, valueStart, valueEnd });
    i = skipWs(text, valueEnd);
    if (text[i] === ',') i = skipWs(text, i + 1);
  }
  return { close: i, entries };
}

/**
 * Sets (or adds) entry `key` of the top-level object field `field` (e.g. one client in "clients"); the rest of the
 * document keeps its text. The field is created when missing.
 */
export function setEntry(text: string, field: string, key: string, value: Json): string {
  const doc = tryParse(text);
  if (!doc) return withDoc(text, () => undefined);
  const outer = objectEntries(text, skipWs(text, 0));
  const at = outer.entries.find((e) => e.key === field);
  if (!at || text[at.valueStart] !== '{') {
    return withDoc(text, (d) => {
      const o = d[field];
      d[field] = { ...(o && typeof o === 'object' && !Array.isArray(o) ? o : {}), [key]: value };
    });
  }
  const inner = objectEntries(text, at.valueStart);
  const hit = inner.entries.find((e) => e.key === key);
  if (hit) return text.slice(0, hit.valueStart) + indented(value, lineIndent(text, hit.start)) + text.slice(hit.valueEnd);
  const last = inner.entries.at(-1);
  if (!last) {
    const outerIndent = lineIndent(text, at.start);
    const indent = outerIndent + '  ';
    return `${text.slice(0, at.valueStart + 1)}\n${indent}${JSON.stringify(key)}: ${indented(value, indent)}\n${outerIndent}${text.slice(inner.close)}`;
  }
  const indent = lineIndent(text, last.start);
  const sep = inner.entries.length > 1 ? text.slice(inner.entries[0]!.valueEnd, inner.entries[1]!.start) : `,\n${indent}`;
  return text.slice(0, last.valueEnd) + sep + `${JSON.stringify(key)}: ${indented(value, indent)}` + text.slice(last.valueEnd);
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

/** Fields that only a scenario document has (see the scenario format's top level). */
const SCENARIO_MARKS = ['format', 'steps', 'clients', 'topology', 'topics', 'initialLog'];

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
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return "it is JSON but not an object with the scenario's fields";
  // any JSON object is not a scenario: it names at least one field only a scenario has
  const keys = Object.keys(v);
  if (!keys.some((k) => SCENARIO_MARKS.includes(k))) {
    const shown = keys.slice(0, 3).map((k) => JSON.stringify(k));
    return `it is JSON, but not a scenario: it has ${shown.length ? `${shown.join(', ')}${keys.length > 3 ? ', …' : ''} and ` : ''}none of a scenario's fields (${SCENARIO_MARKS.join(', ')})`;
  }
  return null;
}
