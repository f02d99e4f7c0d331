// The shape of a coordinator record's key and value against Kafka 4.4.0's record schemas (issue 22 item 2): every
// field a record gives has the schema's type — a list where the schema has an array, no null where the field is not
// nullable, an integer in range. Kafka's generated deserializer (e.g. StreamsGroupTopologyValue.read) would refuse
// such a record when the coordinator loads the partition (CoordinatorLoaderImpl fails the load); the playground refuses
// it when the scenario is read, with the field's JSON path, instead of replaying a half-formed group. Every field
// that is not tagged must be present, as the record's generated JsonConverter requires (tagged ones take their default).
// Fields the schema does not declare are left alone. Each edition gives its record schemas (Edition.recordSchemas):
// ak4 writes Kafka 4.4.0's records; the draft's differ (kip1071-draft/recordSchemas.ts).
import { fieldType, type TypeRef } from '../wire/codec.ts';
import { maxOf } from '../util/arrays.ts';
import { KAFKA_RECORDS } from '../wire/schemas/kafka-4.4.generated.ts';
import { kafkaValueVersion } from '../wire/coordinatorRecords.ts';
import type { FieldSpec, MessageSchema, StructSpec } from '../wire/types.ts';

const INT_RANGES: Record<string, readonly [number, number]> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-2147483648, 2147483647],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** A field whose value does not fit the schema: its path (from the record's key or value) and what is wrong. */
export interface ShapeProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * The key and value schema of a record type; `valueSchemaOf`, for a type with several value versions, the schema of
 * the version a given value is written in.
 */
export interface RecordSchema {
  readonly key: MessageSchema;
  readonly value: MessageSchema;
  readonly valueSchemaOf?: (value: Readonly<Record<string, unknown>>) => MessageSchema;
}

/** The record schemas of each record type an edition writes. */
export type RecordSchemas = ReadonlyMap<string, RecordSchema>;

/**
 * Kafka 4.4.0's coordinator records: each type's key and newest value (every streams-group value has one version);
 * an OffsetCommit value is checked against the version Kafka writes it in (v1 with an expireTimestamp, which has no
 * LeaderEpoch; else v4: GroupCoordinatorRecordHelpers.offsetCommitValueVersion).
 */
export const KAFKA_RECORD_SCHEMAS: RecordSchemas = new Map<string, RecordSchema>(
  Object.values(KAFKA_RECORDS).map((s) => {
    const newest = s.values[maxOf(Object.keys(s.values), Number, 0)] as MessageSchema;
    const valueSchemaOf = (value: Readonly<Record<string, unknown>>): MessageSchema => s.values[kafkaValueVersion(s.type, value)] ?? newest;
    return [s.type, { key: s.key, value: newest, ...(Object.keys(s.values).length > 1 ? { valueSchemaOf } : {}) }] as const;
  }),
);

/** The first field of the record's key or value whose value does not fit its schema; null when all fit (or the type has none). */
export function recordShapeProblem(schemas: RecordSchemas, type: string, key: unknown, value: unknown): ShapeProblem | null {
  const spec = schemas.get(type);
  if (!spec) return null;
  const inKey = structProblem(spec.key, spec.key.fields, key, 'key');
  if (inKey !== null || value === null) return inKey;
  const schema = spec.valueSchemaOf && typeof value === 'object' && !Array.isArray(value) ? spec.valueSchemaOf(value as Record<string, unknown>) : spec.value;
  return structProblem(schema, schema.fields, value, 'value');
}

function structProblem(schema: MessageSchema, fields: readonly FieldSpec[] | StructSpec['fields'], obj: unknown, path: string): ShapeProblem | null {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return { path, message: `expected an object, got ${describe(obj)}` };
  const record = obj as Record<string, unknown>;
  for (const f of fields) {
    const key = f.name.charAt(0).toLowerCase() + f.name.slice(1);
    if (!Object.prototype.hasOwnProperty.call(record, key) || record[key] === undefined) {
      // every field that is not tagged is mandatory (the record's generated JsonConverter: "which is mandatory")
      if (f.taggedVersions === undefined) return { path: `${path}.${key}`, message: `the field is missing (${f.name} is mandatory)` };
      continue;
    }
    const p = valueProblem(schema, f, fieldType(schema, f), record[key], `${path}.${key}`, f.nullableVersions !== undefined);
    if (p !== null) return p;
  }
  return null;
}

function valueProblem(schema: MessageSchema, f: FieldSpec, t: TypeRef, v: unknown, path: string, nullable: boolean): ShapeProblem | null {
  if (v === null) return nullable ? null : { path, message: `null is not allowed (${f.name} is not nullable)` };
  if (t.k === 'struct') return structProblem(schema, t.struct.fields, v, path);
  if (t.k === 'array') {
    if (!Array.isArray(v)) return { path, message: `expected a list (${f.type}), got ${describe(v)}` };
    for (let i = 0; i < v.length; i++) {
      const p = valueProblem(schema, f, t.elem, v[i], `${path}[${i}]`, false);
      if (p !== null) return p;
    }
    return null;
  }
  const range = INT_RANGES[t.prim];
  if (range) {
    // int64 values may travel as decimal strings (kafka-dump-log prints them so)
    if (t.prim === 'int64' && typeof v === 'string' && /^-?\d{1,19}$/.test(v)) return null;
    if (typeof v !== 'number' || !Number.isInteger(v)) return { path, message: `expected an integer (${t.prim}), got ${describe(v)}` };
    if (v < range[0] || v > range[1]) return { path, message: `${v} is outside the ${t.prim} range [${range[0]}, ${range[1]}]` };
    return null;
  }
  if (t.prim === 'bool') return typeof v === 'boolean' ? null : { path, message: `expected true or false, got ${describe(v)}` };
  if (t.prim === 'float64') return typeof v === 'number' ? null : { path, message: `expected a number, got ${describe(v)}` };
  // string, uuid, bytes (hex or base64 text)
  return typeof v === 'string' ? null : { path, message: `expected a string (${t.prim}), got ${describe(v)}` };
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}
