// A tiny JSON Schema (draft-07) validator for the subset static/scenario.schema.json uses. Test-only.
// Unknown keywords make it throw, so the schema cannot silently outgrow what the tests check.

type Schema = Record<string, unknown> | boolean;

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'markdownDescription', 'default', 'definitions']);
const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  'dependencies',
]);

export function validate(root: Schema, value: unknown): string[] {
  const errors: string[] = [];
  check(root, root, value, '$', errors);
  return errors;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function resolve(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  let cur: unknown = root;
  for (const part of ref.slice(2).split('/')) cur = (cur as Record<string, unknown>)[part];
  if (cur === undefined) throw new Error(`dangling $ref ${ref}`);
  return cur as Schema;
}

function check(root: Schema, schema: Schema, v: unknown, path: string, errors: string[]): void {
  if (schema === true) return;
  if (schema === false) {
    errors.push(`${path}: not allowed`);
    return;
  }
  for (const k of Object.keys(schema)) if (!KEYWORDS.has(k) && !ANNOTATIONS.has(k)) throw new Error(`mini-schema does not support keyword "${k}"`);
  const s = schema as Record<string, any>;
  const sub = (sch: Schema, val: unknown, p: string) => {
    const e: string[] = [];
    check(root, sch, val, p, e);
    return e;
  };

  if (s.$ref) check(root, resolve(root, s.$ref), v, path, errors);
  if (s.type !== undefined) {
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    const t = typeOf(v);
    if (!types.some((x) => x === t || (x === 'number' && t === 'integer'))) {
      errors.push(`${path}: expected ${types.join('|')}, got ${t}`);
      return;
    }
  }
  if (s.enum && !s.enum.some((e: unknown) => deepEqual(e, v))) errors.push(`${path}: not one of ${JSON.stringify(s.enum)}`);
  if ('const' in s && !deepEqual(s.const, v)) errors.push(`${path}: must be ${JSON.stringify(s.const)}`);
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) errors.push(`${path}: below ${s.minimum}`);
    if (s.maximum !== undefined && v > s.maximum) errors.push(`${path}: above ${s.maximum}`);
  }
  if (typeof v === 'string' && s.minLength !== undefined && v.length < s.minLength) errors.push(`${path}: shorter than ${s.minLength}`);
  if (Array.isArray(v) && s.items) v.forEach((item, i) => check(root, s.items, item, `${path}[${i}]`, errors));
  if (typeOf(v) === 'object') {
    const o = v as Record<string, unknown>;
    for (const r of s.required ?? []) if (!(r in o)) errors.push(`${path}: missing ${r}`);
    for (const [k, val] of Object.entries(o)) {
      if (s.properties && k in s.properties) check(root, s.properties[k], val, `${path}.${k}`, errors);
      else if (s.additionalProperties !== undefined) check(root, s.additionalProperties, val, `${path}.${k}`, errors);
    }
    for (const [k, deps] of Object.entries((s.dependencies ?? {}) as Record<string, string[]>)) {
      if (k in o) for (const d of deps) if (!(d in o)) errors.push(`${path}: ${k} needs ${d}`);
    }
  }
  for (const a of s.allOf ?? []) check(root, a, v, path, errors);
  if (s.anyOf && !s.anyOf.some((a: Schema) => sub(a, v, path).length === 0)) errors.push(`${path}: matches none of anyOf`);
  if (s.oneOf) {
    const n = s.oneOf.filter((a: Schema) => sub(a, v, path).length === 0).length;
    if (n !== 1) errors.push(`${path}: matches ${n} of oneOf (needs exactly 1)`);
  }
  if (s.not && sub(s.not, v, path).length === 0) errors.push(`${path}: matches "not"`);
  if (s.if !== undefined) {
    const branch = sub(s.if, v, path).length === 0 ? s.then : s.else;
    if (branch !== undefined) check(root, branch, v, path, errors);
  }
}
