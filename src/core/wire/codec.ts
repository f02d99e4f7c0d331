// The schema interpreter: encodes, decodes and annotates any message described by a MessageSchema, for one version.
// Nothing here knows a particular message; every layout decision comes from the schema data.
import { Reader, Writer, fromBase64, fromUtf8, toBase64, toHex, utf8, fromHex } from './bytes.ts';
import type { Annotation, FieldSpec, MessageSchema, PrimitiveType, StructSpec, UnknownTaggedField } from './types.ts';
import { UNKNOWN_TAGGED_KEY, WireError } from './types.ts';
import { inVersions } from './versions.ts';

export type TypeRef = { k: 'prim'; prim: PrimitiveType } | { k: 'struct'; struct: StructSpec } | { k: 'array'; elem: TypeRef };

const PRIMS = new Set<string>(['int8', 'int16', 'int32', 'int64', 'uint16', 'bool', 'string', 'bytes', 'uuid', 'float64']);

interface Compiled {
  common: Map<string, StructSpec>;
  types: Map<FieldSpec, TypeRef>;
}
const compiled = new WeakMap<MessageSchema, Compiled>();

function compile(schema: MessageSchema): Compiled {
  let c = compiled.get(schema);
  if (!c) {
    c = { common: new Map((schema.commonStructs ?? []).map((s) => [s.name, s])), types: new Map() };
    compiled.set(schema, c);
  }
  return c;
}

/** The field's type: a primitive, an inline struct (the field carries `fields`), a common struct, or an array of one. */
export function fieldType(schema: MessageSchema, field: FieldSpec): TypeRef {
  const c = compile(schema);
  let t = c.types.get(field);
  if (!t) {
    t = resolve(c, field, field.type);
    c.types.set(field, t);
  }
  return t;
}

function resolve(c: Compiled, field: FieldSpec, type: string): TypeRef {
  if (type.startsWith('[]')) return { k: 'array', elem: resolve(c, field, type.slice(2)) };
  if (PRIMS.has(type)) return { k: 'prim', prim: type as PrimitiveType };
  // Kafka's `records` type (a Fetch response's record batches) has the wire form of `bytes`.
  if (type === 'records') return { k: 'prim', prim: 'bytes' };
  if (field.fields) return { k: 'struct', struct: { name: type, versions: field.versions, fields: field.fields } };
  const s = c.common.get(type);
  if (!s) throw new Error(`schema error: field ${field.name} has unknown type ${type}`);
  return { k: 'struct', struct: s };
}

/** JSON key of a schema field: Kafka's camelCase form (first letter lower-cased). */
export const jsonKey = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

export interface Ctx {
  schema: MessageSchema;
  version: number;
  /** Message-level flexibility of this version (compact encodings and tagged-field sections). */
  flexible: boolean;
  /** What to do with a non-default value for an ignorable field absent from this version. */
  ignorable: 'error' | 'drop';
  /** Decode only: a tagged field absent from the bytes takes its default (default), or is left out as Kafka's JSON converters do. */
  absentTagged?: 'default' | 'omit';
  /** Decode only: an int64 beyond ±(2^53−1) is an error (default) or its decimal string. */
  int64?: 'error' | 'string';
  /** Annotation sink (decode only). */
  ann?: Annotation[];
}

const ZERO_UUID = 'AAAAAAAAAAAAAAAAAAAAAA';

// ---- defaults ----

function clone<T>(v: T): T {
  return v === null || typeof v !== 'object' ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** The field's default for this version: the schema's `default`, else the type's zero value. */
export function defaultValue(ctx: Ctx, field: FieldSpec): unknown {
  if ('default' in field) return clone(field.default);
  return zeroValue(ctx, fieldType(ctx.schema, field));
}

function zeroValue(ctx: Ctx, t: TypeRef): unknown {
  if (t.k === 'array') return [];
  if (t.k === 'struct') return defaultStruct(ctx, t.struct);
  switch (t.prim) {
    case 'bool':
      return false;
    case 'string':
    case 'bytes':
      return '';
    case 'uuid':
      return ZERO_UUID;
    default:
      return 0;
  }
}

export function defaultStruct(ctx: Ctx, s: StructSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of s.fields) if (inVersions(f.versions, ctx.version)) out[jsonKey(f.name)] = defaultValue(ctx, f);
  return out;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => deepEqual(ao[k], bo[k]));
}

const isFlexibleField = (ctx: Ctx, f: FieldSpec): boolean => (f.flexibleVersions !== undefined ? inVersions(f.flexibleVersions, ctx.version) : ctx.flexible);

// ---- encode ----

function encErr(w: Writer, path: string, msg: string): WireError {
  return new WireError(`${path || '(message)'}: ${msg}`, w.length, path);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function encodeStruct(w: Writer, ctx: Ctx, s: StructSpec, obj: unknown, path: string): void {
  if (!isPlainObject(obj)) throw encErr(w, path, `expected an object (struct ${s.name}), got ${describe(obj)}`);
  const known = new Set(s.fields.map((f) => jsonKey(f.name)));
  for (const k of Object.keys(obj)) {
    if (!known.has(k) && k !== UNKNOWN_TAGGED_KEY) throw encErr(w, join(path, k), `unknown field (struct ${s.name} of ${ctx.schema.name} has no such field)`);
  }
  const tagged: { tag: number; bytes: Uint8Array }[] = [];
  for (const f of s.fields) {
    const key = jsonKey(f.name);
    const p = join(path, key);
    const present = obj[key] !== undefined;
    const def = defaultValue(ctx, f);
    // A field outside its versions may only be given with its default value.
    if (!inVersions(f.versions, ctx.version)) {
      if (present && !deepEqual(obj[key], def)) {
        if (f.ignorable && ctx.ignorable === 'drop') continue;
        throw encErr(w, p, `not in ${ctx.schema.name} v${ctx.version} (field versions ${f.versions}); only its default ${JSON.stringify(def)} may be given`);
      }
      continue;
    }
    const val = present ? obj[key] : def;
    // Tagged fields go to the struct's tagged section, and only when not the default.
    if (inVersions(f.taggedVersions, ctx.version)) {
      if (deepEqual(val, def)) continue;
      const sub = new Writer();
      encodeValue(sub, ctx, f, fieldType(ctx.schema, f), val, p, inVersions(f.nullableVersions, ctx.version));
      tagged.push({ tag: f.tag ?? -1, bytes: sub.finish() });
      continue;
    }
    encodeValue(w, ctx, f, fieldType(ctx.schema, f), val, p, inVersions(f.nullableVersions, ctx.version));
  }
  const rawUnknown = obj[UNKNOWN_TAGGED_KEY];
  if (rawUnknown !== undefined) {
    const up = join(path, UNKNOWN_TAGGED_KEY);
    if (!Array.isArray(rawUnknown)) throw encErr(w, up, 'expected an array of {tag, data}');
    rawUnknown.forEach((u, i) => {
      if (!isPlainObject(u) || !Number.isInteger(u.tag) || (u.tag as number) < 0 || (u.tag as number) > 0x7fffffff || typeof u.data !== 'string') {
        throw encErr(w, `${up}[${i}]`, 'expected {tag: non-negative integer, data: hex string}');
      }
      let data: Uint8Array;
      try {
        data = fromHex(u.data);
      } catch (e) {
        throw encErr(w, `${up}[${i}].data`, (e as Error).message);
      }
      tagged.push({ tag: u.tag as number, bytes: data });
    });
  }
  if (!ctx.flexible) {
    if (tagged.length > 0) throw encErr(w, path, `tagged fields need a flexible version; ${ctx.schema.name} v${ctx.version} is not flexible`);
    return;
  }
  // Tagged-field section: count, then (tag, size, bytes) in ascending tag order; tags are unique.
  tagged.sort((a, b) => a.tag - b.tag);
  for (let i = 1; i < tagged.length; i++) {
    if (tagged[i]!.tag === tagged[i - 1]!.tag) throw encErr(w, path, `tag ${tagged[i]!.tag} appears twice in the tagged-field section`);
  }
  w.uvarint(tagged.length);
  for (const t of tagged) {
    w.uvarint(t.tag);
    w.uvarint(t.bytes.length);
    w.bytes(t.bytes);
  }
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  return `${typeof v} ${typeof v === 'object' ? '' : String(v)}`.trim();
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const INT_RANGES: Record<string, [number, number]> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  uint16: [0, 65535],
};

function encodeValue(w: Writer, ctx: Ctx, f: FieldSpec, t: TypeRef, val: unknown, path: string, nullable: boolean): void {
  const flex = isFlexibleField(ctx, f);
  if (val === null) {
    // Null: compact length 0 / int16 or int32 length -1 / struct marker -1; only in nullableVersions.
    // Null outside nullableVersions: Kafka's generated writer throws NullPointerException (reference types); we report it.
    if (!nullable) {
      const ref = t.k !== 'prim' || t.prim === 'string' || t.prim === 'bytes' || t.prim === 'uuid';
      const npe = ref ? '; the Kafka writer would throw NullPointerException on it' : '';
      throw encErr(w, path, `null is not allowed (field ${f.name} is not nullable in v${ctx.version}${npe})`);
    }
    if (t.k === 'struct') w.int8(-1);
    else if (t.k === 'array') flex ? w.uvarint(0) : w.int32(-1);
    else if (t.prim === 'string') flex ? w.uvarint(0) : w.int16(-1);
    else if (t.prim === 'bytes') flex ? w.uvarint(0) : w.int32(-1);
    else throw encErr(w, path, `null is not a valid ${t.prim}`);
    return;
  }
  if (t.k === 'struct') {
    // Nullable struct: int8 marker 1 (present) before its fields.
    if (nullable) w.int8(1);
    encodeStruct(w, ctx, t.struct, val, path);
    return;
  }
  if (t.k === 'array') {
    if (!Array.isArray(val)) throw encErr(w, path, `expected an array, got ${describe(val)}`);
    // Compact array: unsigned varint length+1; classic array: int32 length.
    flex ? w.uvarint(val.length + 1) : w.int32(val.length);
    val.forEach((el, i) => encodeValue(w, ctx, f, t.elem, el, `${path}[${i}]`, false));
    return;
  }
  encodePrim(w, t.prim, val, path, flex);
}

function encodePrim(w: Writer, prim: PrimitiveType, val: unknown, path: string, flex: boolean): void {
  const range = INT_RANGES[prim];
  if (range) {
    if (typeof val !== 'number' || !Number.isInteger(val)) throw encErr(w, path, `expected an integer (${prim}), got ${describe(val)}`);
    if (val < range[0] || val > range[1]) throw encErr(w, path, `${val} is outside the ${prim} range [${range[0]}, ${range[1]}]`);
    if (prim === 'int8') w.int8(val);
    else if (prim === 'int16') w.int16(val);
    else if (prim === 'uint16') w.uint16(val);
    else w.int32(val);
    return;
  }
  switch (prim) {
    case 'int64': {
      // int64 travels as a JSON number; only the exactly representable range is accepted.
      if (typeof val === 'bigint') {
        if (val < -(2n ** 63n) || val >= 2n ** 63n) throw encErr(w, path, `${val} is outside the int64 range`);
        w.int64(val);
        return;
      }
      // a value beyond ±(2^53-1) travels as its decimal string (the form the decoder's `int64: 'string'` reads, e.g. a metadataHash)
      if (typeof val === 'string' && /^-?[0-9]+$/.test(val)) {
        const v = BigInt(val);
        if (v < -(2n ** 63n) || v >= 2n ** 63n) throw encErr(w, path, `${val} is outside the int64 range`);
        w.int64(v);
        return;
      }
      if (typeof val !== 'number' || !Number.isInteger(val)) throw encErr(w, path, `expected an integer (int64), got ${describe(val)}`);
      if (!Number.isSafeInteger(val)) throw encErr(w, path, `${val} is beyond ±(2^53-1); an int64 in JSON must be a safe integer or a decimal string`);
      w.int64(BigInt(val));
      return;
    }
    case 'float64':
      if (typeof val !== 'number') throw encErr(w, path, `expected a number (float64), got ${describe(val)}`);
      w.float64(val);
      return;
    case 'bool':
      if (typeof val !== 'boolean') throw encErr(w, path, `expected a boolean, got ${describe(val)}`);
      w.int8(val ? 1 : 0);
      return;
    case 'string': {
      if (typeof val !== 'string') throw encErr(w, path, `expected a string, got ${describe(val)}`);
      // A lone UTF-16 surrogate has no UTF-8 form; TextEncoder would silently replace it.
      const lone = LONE_SURROGATE.exec(val);
      if (lone) throw encErr(w, path, `string has a lone UTF-16 surrogate at index ${lone.index}; it cannot be encoded as UTF-8`);
      const b = utf8(val);
      // At most 32767 UTF-8 bytes in either form: Kafka's generated writers refuse a longer string even where the
      // compact (uvarint) length could carry it ("field is too long to be serialized").
      if (b.length > 32767) throw encErr(w, path, `string of ${b.length} bytes exceeds the limit of 32767 bytes (Kafka refuses to serialize it)`);
      // Compact string: unsigned varint length+1; classic string: int16 length.
      if (flex) w.uvarint(b.length + 1);
      else w.int16(b.length);
      w.bytes(b);
      return;
    }
    case 'bytes': {
      const b = typeof val === 'string' ? fromBase64(val) : undefined;
      if (!b) throw encErr(w, path, `expected base64 text (bytes), got ${describe(val)}`);
      flex ? w.uvarint(b.length + 1) : w.int32(b.length);
      w.bytes(b);
      return;
    }
    case 'uuid': {
      const b = typeof val === 'string' ? fromBase64(val) : undefined;
      if (!b || b.length !== 16) throw encErr(w, path, `expected a uuid as 22 URL-safe base64 characters, got ${describe(val)}`);
      w.bytes(b);
      return;
    }
  }
}

// ---- decode (and annotate) ----

function hexByte(b: number): string {
  return '0x' + (b & 0xff).toString(16).padStart(2, '0');
}

function note(ctx: Ctx, offset: number, r: Reader, path: string, type: string, display: string, n?: string): void {
  if (!ctx.ann) return;
  const a: Annotation = { offset, length: r.pos - offset, path, type, display };
  if (n !== undefined) a.note = n;
  ctx.ann.push(a);
}

export function decodeStruct(r: Reader, ctx: Ctx, s: StructSpec, path: string): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  for (const f of s.fields) {
    if (!inVersions(f.versions, ctx.version)) continue;
    const key = jsonKey(f.name);
    // Tagged fields are absent from the fixed part; they take their default unless the tagged section has them.
    if (inVersions(f.taggedVersions, ctx.version)) {
      if (ctx.absentTagged !== 'omit') obj[key] = defaultValue(ctx, f);
      continue;
    }
    obj[key] = decodeValue(r, ctx, f, fieldType(ctx.schema, f), join(path, key), inVersions(f.nullableVersions, ctx.version));
  }
  if (!ctx.flexible) return obj;
  // Tagged-field section after every struct of a flexible version: count, then (tag, size, payload).
  const tp = join(path, '_tagged');
  const start = r.pos;
  const count = r.uvarint(tp, 'tagged-field count');
  note(ctx, start, r, tp, 'tagged-field count (uvarint)', `${count} tagged field${count === 1 ? '' : 's'}`, count === 0 ? '0x00 = none' : undefined);
  const unknown: UnknownTaggedField[] = [];
  for (let i = 0; i < count; i++) {
    const tagStart = r.pos;
    const tag = r.uvarint(tp, 'tag');
    note(ctx, tagStart, r, `${tp}[${i}].tag`, 'tag (uvarint)', String(tag));
    const sizeStart = r.pos;
    const size = r.uvarint(`${tp}[${i}]`, 'tagged-field size');
    note(ctx, sizeStart, r, `${tp}[${i}].size`, 'size (uvarint)', `${size} byte${size === 1 ? '' : 's'}`);
    r.need(size, `${tp}[${i}]`, `tagged field ${tag}`);
    const known = s.fields.find((f) => f.tag === tag && inVersions(f.taggedVersions, ctx.version));
    if (known) {
      const key = jsonKey(known.name);
      const sub = new Reader(r.bytes, r.pos, r.pos + size);
      obj[key] = decodeValue(sub, ctx, known, fieldType(ctx.schema, known), join(path, key), inVersions(known.nullableVersions, ctx.version));
      if (sub.pos !== sub.end) {
        throw new WireError(`corrupt tagged field at byte ${sub.pos} reading ${join(path, key)}: size says ${size} bytes, the value used ${sub.pos - r.pos}`, sub.pos, join(path, key));
      }
      r.pos += size;
    } else {
      // Unknown tags are skipped by size and kept as raw bytes, so a re-encode reproduces them.
      const dataStart = r.pos;
      const data = r.take(size, `${tp}[${i}]`, 'tagged-field payload');
      unknown.push({ tag, data: toHex(data, '') });
      if (size > 0)
        note(ctx, dataStart, r, `${join(path, UNKNOWN_TAGGED_KEY)}[${unknown.length - 1}]`, 'unknown tagged field', toHex(data), `tag ${tag} is not in this schema version; kept as raw bytes`);
    }
  }
  if (unknown.length > 0) obj[UNKNOWN_TAGGED_KEY] = unknown;
  return obj;
}

function decodeValue(r: Reader, ctx: Ctx, f: FieldSpec, t: TypeRef, path: string, nullable: boolean): unknown {
  const flex = isFlexibleField(ctx, f);
  const start = r.pos;
  if (t.k === 'struct') {
    if (nullable) {
      // Nullable struct marker: int8 -1 = null, 1 = present.
      const m = r.int8(path);
      if (m === -1) {
        note(ctx, start, r, path, 'int8 (nullable struct marker)', 'null', '0xff = null');
        return null;
      }
      if (m !== 1) throw new WireError(`corrupt nullable-struct marker ${hexByte(m)} at byte ${start} reading ${path} (expected 0xff = null or 0x01 = present)`, start, path);
      note(ctx, start, r, path, 'int8 (nullable struct marker)', 'present', '0x01 = present');
    }
    return decodeStruct(r, ctx, t.struct, path);
  }
  if (t.k === 'array') {
    let n: number;
    if (flex) {
      const n1 = r.uvarint(path, 'compact array length');
      n = n1 - 1;
      note(ctx, start, r, path, 'compact array length (uvarint)', n1 === 0 ? 'null' : `${n} element${n === 1 ? '' : 's'}`, n1 === 0 ? '0x00 = null' : n1 === 1 ? '0x01 = empty' : `length+1 = ${n1}`);
    } else {
      n = r.int32(path);
      if (n < -1) throw new WireError(`corrupt array length ${n} at byte ${start} reading ${path}`, start, path);
      note(ctx, start, r, path, 'int32 array length', n === -1 ? 'null' : `${n} element${n === 1 ? '' : 's'}`, n === -1 ? '0xffffffff = null' : n === 0 ? 'empty' : undefined);
    }
    if (n === -1) {
      if (!nullable) throw new WireError(`null array at byte ${start} reading ${path}, but ${f.name} is not nullable in v${ctx.version}`, start, path);
      return null;
    }
    // Every element takes at least one byte: a longer count cannot fit in what is left.
    if (n > r.remaining) throw new WireError(`truncated at byte ${r.pos} reading ${path}: ${n} elements announced, ${r.remaining} bytes left`, r.pos, path);
    const out: unknown[] = [];
    for (let i = 0; i < n; i++) out.push(decodeValue(r, ctx, f, t.elem, `${path}[${i}]`, false));
    return out;
  }
  return decodePrim(r, ctx, t.prim, path, flex, nullable, f);
}

function decodePrim(r: Reader, ctx: Ctx, prim: PrimitiveType, path: string, flex: boolean, nullable: boolean, f: FieldSpec): unknown {
  const start = r.pos;
  switch (prim) {
    case 'int8':
    case 'int16':
    case 'int32':
    case 'uint16': {
      const v = prim === 'int8' ? r.int8(path) : prim === 'int16' ? r.int16(path) : prim === 'uint16' ? r.uint16(path) : r.int32(path);
      note(ctx, start, r, path, prim, String(v));
      return v;
    }
    case 'int64': {
      const v = r.int64(path);
      if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
        // Readers of real logs (Kafka's metadata hash is a full int64) may take such values as decimal strings.
        if (ctx.int64 === 'string') {
          note(ctx, start, r, path, 'int64', String(v));
          return String(v);
        }
        throw new WireError(`int64 ${v} at byte ${start} reading ${path} is beyond ±(2^53-1) and cannot be a JSON number`, start, path);
      }
      note(ctx, start, r, path, 'int64', String(v));
      return Number(v);
    }
    case 'float64': {
      const v = r.float64(path);
      note(ctx, start, r, path, 'float64', String(v));
      return v;
    }
    case 'bool': {
      const b = r.uint8(path);
      if (b > 1) throw new WireError(`corrupt bool ${hexByte(b)} at byte ${start} reading ${path} (expected 0x00 or 0x01)`, start, path);
      note(ctx, start, r, path, 'bool', b === 1 ? 'true' : 'false');
      return b === 1;
    }
    case 'uuid': {
      const b = r.take(16, path, 'uuid');
      const s = toBase64(b, true);
      note(ctx, start, r, path, 'uuid', s);
      return s;
    }
    case 'string':
    case 'bytes': {
      let n: number;
      const what = prim === 'string' ? 'string' : 'bytes';
      if (flex) {
        const n1 = r.uvarint(path, `compact ${what} length`);
        n = n1 - 1;
        note(ctx, start, r, path, `compact ${what} length (uvarint)`, n1 === 0 ? 'null' : `${n} byte${n === 1 ? '' : 's'}`, n1 === 0 ? '0x00 = null' : n1 === 1 ? '0x01 = empty' : `length+1 = ${n1}`);
      } else {
        n = prim === 'string' ? r.int16(path) : r.int32(path);
        const lenType = prim === 'string' ? 'int16 string length' : 'int32 bytes length';
        if (n < -1) throw new WireError(`corrupt ${what} length ${n} at byte ${start} reading ${path}`, start, path);
        note(
          ctx,
          start,
          r,
          path,
          lenType,
          n === -1 ? 'null' : `${n} byte${n === 1 ? '' : 's'}`,
          n === -1 ? (prim === 'string' ? '0xffff = null' : '0xffffffff = null') : n === 0 ? 'empty' : undefined,
        );
      }
      if (n === -1) {
        if (!nullable) throw new WireError(`null ${what} at byte ${start} reading ${path}, but ${f.name} is not nullable in v${ctx.version}`, start, path);
        return null;
      }
      const dataStart = r.pos;
      const b = r.take(n, path, `${what} of ${n} bytes`);
      if (prim === 'bytes') {
        if (n > 0) note(ctx, dataStart, r, path, 'bytes', toHex(b));
        return toBase64(b);
      }
      const s = fromUtf8(b);
      if (s === undefined) throw new WireError(`invalid UTF-8 at byte ${dataStart} reading ${path}`, dataStart, path);
      if (n > 0) note(ctx, dataStart, r, path, 'utf-8 bytes', JSON.stringify(s));
      return s;
    }
  }
}
