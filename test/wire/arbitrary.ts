// fast-check arbitraries for valid messages, generated from the schemas themselves.
import fc from 'fast-check';
import { toBase64 } from '../../src/core/wire/bytes.ts';
import { fieldType, jsonKey } from '../../src/core/wire/codec.ts';
import type { FieldSpec, MessageSchema, StructSpec } from '../../src/core/wire/index.ts';
import { inVersions } from '../../src/core/wire/versions.ts';

type Arb = fc.Arbitrary<unknown>;
type TypeRef = ReturnType<typeof fieldType>;

function arbType(schema: MessageSchema, version: number, t: TypeRef, depth: number): Arb {
  if (t.k === 'array') return fc.array(arbType(schema, version, t.elem, depth + 1), { maxLength: depth > 2 ? 2 : 3 });
  if (t.k === 'struct') return arbStruct(schema, version, t.struct, depth + 1);
  switch (t.prim) {
    case 'int8':
      return fc.integer({ min: -128, max: 127 });
    case 'int16':
      return fc.integer({ min: -32768, max: 32767 });
    case 'int32':
      return fc.oneof(fc.integer({ min: -2147483648, max: 2147483647 }), fc.constantFrom(0, -1, 127, 128, 2147483647, -2147483648));
    case 'uint16':
      return fc.integer({ min: 0, max: 65535 });
    case 'int64':
      return fc.oneof(fc.maxSafeInteger(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
    case 'float64':
      return fc.double({ noNaN: true });
    case 'bool':
      return fc.boolean();
    case 'string':
      return fc.oneof(fc.string({ maxLength: 6 }), fc.string({ unit: 'grapheme', maxLength: 4 }), fc.constant('x'.repeat(130)));
    case 'bytes':
      return fc.uint8Array({ maxLength: 6 }).map((b) => toBase64(b));
    case 'uuid':
      return fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => toBase64(b, true));
  }
}

function arbField(schema: MessageSchema, version: number, f: FieldSpec, depth: number): Arb {
  const base = arbType(schema, version, fieldType(schema, f), depth);
  return inVersions(f.nullableVersions, version) ? fc.option(base, { nil: null, freq: 3 }) : base;
}

function arbStruct(schema: MessageSchema, version: number, s: StructSpec, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, Arb> = {};
  for (const f of s.fields) if (inVersions(f.versions, version)) model[jsonKey(f.name)] = arbField(schema, version, f, depth);
  return fc.record(model);
}

/** Unknown tagged fields (ascending unique tags, as a decode returns them). */
const arbUnknownTags = fc
  .uniqueArray(fc.integer({ min: 0, max: 100000 }), { maxLength: 3 })
  .chain((tags) => fc.tuple(...tags.sort((a, b) => a - b).map((tag) => fc.uint8Array({ maxLength: 4 }).map((b) => ({ tag, data: [...b].map((x) => x.toString(16).padStart(2, '0')).join('') })))));

/** A random valid message of this schema and version, in Kafka's JSON form with every field present. */
export function arbMessage(schema: MessageSchema, version: number, withUnknownTags: boolean): fc.Arbitrary<Record<string, unknown>> {
  const root = arbStruct(schema, version, { name: schema.name, versions: schema.validVersions, fields: schema.fields }, 0);
  if (!withUnknownTags) return root;
  return fc.tuple(root, arbUnknownTags).map(([m, u]) => (u.length > 0 ? { ...m, _unknownTaggedFields: u } : m));
}
