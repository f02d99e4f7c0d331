// Generates src/core/wire/schemas/kafka-4.4.generated.ts from the message classes of the published Kafka 4.4.0 jars:
// the admin RPCs `sgp oracle` speaks (one schema per version), the group RPCs scenarios send (every version, merged
// into one schema per message for the codec registry) and the __consumer_offsets record keys and values. It runs the oracle module's
// SchemaDump (field order, wire types, nullability, tags and defaults, as Kafka's generated classes declare them)
// and writes them in the codec's schema model, one schema per version.
//   npx tsx oracle/scripts/gen-schemas.ts            write the file
//   npx tsx oracle/scripts/gen-schemas.ts --check    exit 1 when the committed file differs (npm run test:oracle)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oracleClasspath } from '../harness/maven.ts';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, '../../src/core/wire/schemas/kafka-4.4.generated.ts');

/** [class, apiKey, versions]: the RPC versions `sgp oracle` uses (all supported by Kafka 4.x brokers). */
const MESSAGES: [string, number, number[]][] = [
  ['ApiVersionsRequestData', 18, [3]],
  ['ApiVersionsResponseData', 18, [3]],
  ['FindCoordinatorRequestData', 10, [4]],
  ['FindCoordinatorResponseData', 10, [4]],
  ['MetadataRequestData', 3, [12]],
  ['MetadataResponseData', 3, [12]],
  ['CreateTopicsRequestData', 19, [7]],
  ['CreateTopicsResponseData', 19, [7]],
  ['CreatePartitionsRequestData', 37, [3]],
  ['CreatePartitionsResponseData', 37, [3]],
  ['DeleteTopicsRequestData', 20, [6]],
  ['DeleteTopicsResponseData', 20, [6]],
  ['IncrementalAlterConfigsRequestData', 44, [1]],
  ['IncrementalAlterConfigsResponseData', 44, [1]],
  ['FetchRequestData', 1, [12]],
  ['FetchResponseData', 1, [12]],
  ['ListOffsetsRequestData', 2, [7]],
  ['ListOffsetsResponseData', 2, [7]],
  ['OffsetCommitRequestData', 8, [9]],
  ['OffsetCommitResponseData', 8, [9]],
];

/** [name, apiKey]: the group RPCs scenarios send (OffsetCommit and the admin ones), every version Kafka 4.4.0 has,
 * merged into one schema per message (field versions as ranges), as the codec registry serves them. */
const GROUP_RPCS: [string, number][] = [
  ['OffsetCommit', 8],
  ['OffsetFetch', 9],
  ['OffsetDelete', 47],
  ['ListGroups', 16],
  ['DescribeGroups', 15],
  ['DeleteGroups', 42],
  ['IncrementalAlterConfigs', 44],
];

/** The record types the playground writes to __consumer_offsets, by Kafka's CoordinatorRecordType id. */
const RECORDS: [string, number][] = [
  ['OffsetCommit', 1],
  ['GroupMetadata', 2],
  ['StreamsGroupMetadata', 17],
  ['StreamsGroupMemberMetadata', 19],
  ['StreamsGroupTargetAssignmentMetadata', 20],
  ['StreamsGroupTargetAssignmentMember', 21],
  ['StreamsGroupCurrentMemberAssignment', 22],
  ['StreamsGroupTopology', 23],
];

type DumpType = string | { struct: DumpField[]; nullable: boolean } | { array: DumpType; nullable: boolean; wire: string };
interface DumpField {
  name: string;
  tag?: number;
  type?: DumpType;
  tagged?: DumpField[];
}
interface Dump {
  class: string;
  version: number;
  schema: DumpField[];
  defaults: Record<string, unknown> | null;
  taggedDefaults: Record<string, unknown>;
  /** Nested struct classes default-constructed, in Kafka's JSON form (their non-tagged fields). */
  structDefaults?: Record<string, unknown>[];
}

/**
 * Defaults inside nested structs: the struct's fields take the defaults of the nested classes whose JSON has exactly
 * the struct's (non-tagged) field names, where all such classes agree (e.g. FetchResponse's EpochEndOffset: -1s).
 */
function applyStructDefaults(fields: Spec[], structs: Record<string, unknown>[]): void {
  for (const f of fields) {
    if (!f.fields) continue;
    applyStructDefaults(f.fields, structs);
    const names = f.fields
      .filter((x) => x.taggedVersions === undefined)
      .map((x) => camel(snakeOf(x.name)))
      .sort()
      .join(',');
    const matches = structs.filter((d) => Object.keys(d).sort().join(',') === names);
    if (matches.length === 0) continue;
    for (const nf of f.fields) {
      const key = camel(snakeOf(nf.name));
      const values = new Set(matches.map((m) => JSON.stringify(m[key])));
      const v = matches[0]![key];
      if (values.size === 1 && v !== null && typeof v !== 'object' && nf.default === undefined) nf.default = v;
    }
  }
}
const snakeOf = (pascalName: string): string => pascalName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const PRIM: Record<string, [string, boolean]> = {
  INT8: ['int8', false],
  INT16: ['int16', false],
  INT32: ['int32', false],
  INT64: ['int64', false],
  UINT16: ['uint16', false],
  BOOLEAN: ['bool', false],
  FLOAT64: ['float64', false],
  UUID: ['uuid', false],
  STRING: ['string', false],
  COMPACT_STRING: ['string', false],
  NULLABLE_STRING: ['string', true],
  COMPACT_NULLABLE_STRING: ['string', true],
  BYTES: ['bytes', false],
  COMPACT_BYTES: ['bytes', false],
  NULLABLE_BYTES: ['bytes', true],
  COMPACT_NULLABLE_BYTES: ['bytes', true],
  RECORDS: ['records', true],
  COMPACT_RECORDS: ['records', false],
  COMPACT_NULLABLE_RECORDS: ['records', true],
  NULLABLE_RECORDS: ['records', true],
};

const pascal = (snake: string): string =>
  snake
    .split('_')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
const camel = (snake: string): string => {
  const p = pascal(snake);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

interface Spec {
  name: string;
  type: string;
  versions: string;
  nullableVersions?: string;
  taggedVersions?: string;
  tag?: number;
  default?: unknown;
  fields?: Spec[];
}

/** A tagged field's default as Kafka declares it; a struct default stays the struct of defaults (the codec's own). */
function usableDefault(defaults: Record<string, unknown>, key: string, fallback: unknown): unknown {
  if (!(key in defaults)) return fallback;
  const d = defaults[key];
  return d === '(struct)' || d === '(non-empty)' ? fallback : d;
}

function convert(fields: DumpField[], v: string, structName: string, defaults: Record<string, unknown> | null, tagDefaults: Record<string, unknown>): Spec[] {
  const out: Spec[] = [];
  for (const f of fields) {
    if (f.tagged) {
      for (const t of f.tagged)
        out.push(
          ...convert([{ ...t, tag: undefined }], v, structName, null, tagDefaults).map((s) => ({ ...s, taggedVersions: v, tag: t.tag, default: usableDefault(tagDefaults, camel(t.name), s.default) })),
        );
      continue;
    }
    const spec = field(f.name, f.type!, v, structName);
    const key = camel(f.name);
    if (defaults && key in defaults && typeof defaults[key] !== 'object') spec.default = defaults[key];
    out.push(spec);
  }
  return out;
}

function field(snake: string, t: DumpType, v: string, parent: string): Spec {
  const name = pascal(snake);
  if (typeof t === 'string') {
    const p = PRIM[t];
    if (!p) throw new Error(`unknown wire type ${t} in ${parent}.${snake}`);
    return p[1] ? { name, type: p[0], versions: v, nullableVersions: v, default: null } : { name, type: p[0], versions: v };
  }
  if ('struct' in t) {
    const s: Spec = { name, type: name, versions: v, fields: convert(t.struct, v, name, null, {}) };
    if (t.nullable) Object.assign(s, { nullableVersions: v, default: null });
    return s;
  }
  const elem = t.array;
  let s: Spec;
  if (typeof elem === 'string') s = { name, type: `[]${PRIM[elem]![0]}`, versions: v };
  else if ('struct' in elem) {
    const structType = `${name}Entry`;
    s = { name, type: `[]${structType}`, versions: v, fields: convert(elem.struct, v, structType, null, {}) };
  } else throw new Error(`nested arrays are not used by these messages (${parent}.${snake})`);
  if (t.nullable) Object.assign(s, { nullableVersions: v, default: null });
  return s;
}

/**
 * List and null defaults, which `convert` leaves to nullability: a field Kafka's default-constructed message writes
 * as `[]` takes the zero value (the empty list), one it writes as null (where the version allows null) takes null.
 * Top-level fields read the message's defaults; nested ones the nested class whose JSON has exactly their names.
 */
function applyListDefaults(fields: Spec[], defaults: Record<string, unknown> | null, structs: Record<string, unknown>[], v: string): void {
  const apply = (f: Spec, d: unknown): void => {
    if (Array.isArray(d) && d.length === 0) delete f.default;
    else if (d === null && f.nullableVersions === v) f.default = null;
  };
  for (const f of fields) {
    if (f.taggedVersions !== undefined) continue;
    const key = camel(snakeOf(f.name));
    if (defaults && key in defaults) apply(f, defaults[key]);
    if (!f.fields) continue;
    applyListDefaults(f.fields, null, structs, v);
    const names = f.fields
      .filter((x) => x.taggedVersions === undefined)
      .map((x) => camel(snakeOf(x.name)))
      .sort()
      .join(',');
    const matches = structs.filter((d) => Object.keys(d).sort().join(',') === names);
    for (const nf of f.fields) {
      if (nf.taggedVersions !== undefined || matches.length === 0) continue;
      const k = camel(snakeOf(nf.name));
      const values = new Set(matches.map((m) => JSON.stringify(m[k])));
      if (values.size === 1) apply(nf, matches[0]![k]);
    }
  }
}

/** A set of versions as a Kafka range ("3", "2-4", "8+" when it reaches the newest version); it must be contiguous. */
function range(versions: number[], newest: number, what: string): string {
  const vs = [...versions].sort((a, b) => a - b);
  const lo = vs[0]!;
  const hi = vs.at(-1)!;
  if (hi - lo + 1 !== vs.length) throw new Error(`${what}: versions ${vs.join(',')} are not contiguous`);
  if (lo === hi) return String(lo);
  return hi === newest ? `${lo}+` : `${lo}-${hi}`;
}

interface Merging {
  spec: Spec;
  versions: number[];
  nullable: number[];
  tagged: number[];
  defaults: Map<number, unknown>;
  children: [number, Spec[]][];
}

/**
 * One field list from the per-version ones: a field keeps its name, type, tag and default across the versions it is
 * in, and the fields of every version appear in that version's order (each is checked; a conflict is an error).
 */
function mergeFields(perVersion: [number, Spec[]][], newest: number, where: string): Spec[] {
  const merged: Merging[] = [];
  for (const [v, fields] of perVersion) {
    let prev = -1;
    for (const f of fields) {
      let i = merged.findIndex((m) => m.spec.name === f.name);
      if (i < 0) {
        i = f.taggedVersions !== undefined ? merged.length : prev + 1;
        const { versions: _v, nullableVersions: _n, taggedVersions: _t, default: _d, fields: _f, ...rest } = f;
        merged.splice(i, 0, { spec: rest, versions: [], nullable: [], tagged: [], defaults: new Map(), children: [] });
      }
      const m = merged[i]!;
      if (m.spec.type !== f.type || m.spec.tag !== f.tag) throw new Error(`${where}.${f.name}: v${v} is ${f.type} (tag ${f.tag}), earlier ${m.spec.type} (tag ${m.spec.tag})`);
      if (f.taggedVersions === undefined) {
        if (i < prev) throw new Error(`${where}.${f.name}: field order of v${v} differs from the other versions`);
        prev = i;
      }
      m.versions.push(v);
      if (f.nullableVersions !== undefined) m.nullable.push(v);
      if (f.taggedVersions !== undefined) m.tagged.push(v);
      m.defaults.set(v, f.default);
      if (f.fields) m.children.push([v, f.fields]);
    }
  }
  return merged.map((m) => {
    const name = `${where}.${m.spec.name}`;
    const out: Spec = { name: m.spec.name, type: m.spec.type, versions: range(m.versions, newest, name) };
    if (m.nullable.length) out.nullableVersions = range(m.nullable, newest, `${name} nullable`);
    if (m.tagged.length) {
      if (m.tagged.length !== m.versions.length) throw new Error(`${name}: tagged in some of its versions only`);
      out.taggedVersions = out.versions;
      out.tag = m.spec.tag;
    }
    const defaults = new Set([...m.defaults.values()].map((d) => JSON.stringify(d)));
    // a null default only where every version allows null (Kafka's generator requires it): else the zero value
    if (defaults.size > 1 && !(defaults.size === 2 && defaults.has(undefined as unknown as string) && defaults.has('null') && m.nullable.length < m.versions.length)) {
      throw new Error(`${name}: the default differs between versions (${[...defaults].join(' / ')})`);
    }
    const d = m.defaults.values().next().value;
    if (defaults.size === 1 && d !== undefined) out.default = d;
    if (m.children.length) out.fields = mergeFields(m.children, newest, name);
    return out;
  });
}

/** One schema for every version Kafka 4.4.0 has of a message (apart from SchemaDump's: versions as ranges). */
function mergedSchema(cls: string, apiKey: number, dumps: Dump[]): Record<string, unknown> {
  const name = cls.replace(/Data$/, '');
  const versions = dumps.map((d) => d.version).sort((a, b) => a - b);
  if (versions.length === 0) throw new Error(`${cls}: no versions in Kafka 4.4.0`);
  const newest = versions.at(-1)!;
  const perVersion: [number, Spec[]][] = versions.map((v) => {
    const d = dumps.find((x) => x.version === v)!;
    const fields = convert(d.schema, String(v), name, d.defaults, d.taggedDefaults);
    applyStructDefaults(fields, d.structDefaults ?? []);
    applyListDefaults(fields, d.defaults, d.structDefaults ?? [], String(v));
    return [v, fields];
  });
  const flexibleVersions = dumps.filter((d) => flexible(d.schema)).map((d) => d.version);
  return {
    name,
    apiKey,
    type: name.endsWith('Request') ? 'request' : 'response',
    edition: 'common',
    validVersions: versions[0] === newest ? String(newest) : `${versions[0]}-${newest}`,
    flexibleVersions: flexibleVersions.length ? range(flexibleVersions, newest, `${name} flexible`) : 'none',
    fields: mergeFields(perVersion, newest, name),
  };
}

const flexible = (schema: DumpField[]): boolean => schema.some((f) => f.tagged !== undefined);

function dump(classes: string[]): Dump[] {
  const out = execFileSync('java', ['-cp', oracleClasspath(), 'dev.sgp.oracle.SchemaDump', ...classes], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Dump);
}

const MSG_PKG = 'org.apache.kafka.common.message.';
const REC_PKG = 'org.apache.kafka.coordinator.group.generated.';

function generate(): string {
  const msgs = dump(MESSAGES.map(([c]) => MSG_PKG + c));
  const groupClasses = GROUP_RPCS.flatMap(([n]) => [`${n}RequestData`, `${n}ResponseData`]);
  const groups = dump(groupClasses.map((c) => MSG_PKG + c));
  const recs = dump(RECORDS.flatMap(([n]) => [`${REC_PKG}${n}Key`, `${REC_PKG}${n}Value`]));
  const lines: string[] = [];
  lines.push('// GENERATED by oracle/scripts/gen-schemas.ts from the message classes of Apache Kafka 4.4.0 (kafka-clients,');
  lines.push('// kafka-group-coordinator): field order, wire types, nullability, tags and defaults as the jars declare them.');
  lines.push('// Do not edit; regenerate. `npm run test:oracle` fails when this file and the jars disagree.');
  lines.push("import type { MessageSchema } from '../types.ts';");
  lines.push('');
  lines.push('/** RPC schemas by `Name@version` (e.g. `FetchRequest@12`): only the versions `sgp oracle` speaks. */');
  lines.push('export const KAFKA_RPC: Record<string, MessageSchema> = {');
  for (const [cls, apiKey, versions] of MESSAGES) {
    for (const v of versions) {
      const d = msgs.find((m) => m.class === cls && m.version === v);
      if (!d) throw new Error(`${cls} has no version ${v} in Kafka 4.4.0`);
      const name = cls.replace(/Data$/, '');
      const schema = {
        name,
        apiKey,
        type: name.endsWith('Request') ? 'request' : 'response',
        edition: 'common',
        validVersions: String(v),
        flexibleVersions: flexible(d.schema) ? String(v) : 'none',
        fields: convert(d.schema, String(v), name, d.defaults, d.taggedDefaults),
      };
      applyStructDefaults(schema.fields, d.structDefaults ?? []);
      lines.push(`  ${JSON.stringify(`${name}@${v}`)}: ${JSON.stringify(schema)},`);
    }
  }
  lines.push('};');
  lines.push('');
  lines.push('/** The group RPCs scenarios send, by message name: every version Kafka 4.4.0 has, in one schema each. */');
  lines.push('export const KAFKA_GROUP_RPC: Record<string, MessageSchema> = {');
  for (const [n, apiKey] of GROUP_RPCS) {
    for (const cls of [`${n}RequestData`, `${n}ResponseData`]) {
      const schema = mergedSchema(
        cls,
        apiKey,
        groups.filter((g) => g.class === cls),
      );
      lines.push(`  ${JSON.stringify(schema.name)}: ${JSON.stringify(schema)},`);
    }
  }
  lines.push('};');
  lines.push('');
  lines.push('/** __consumer_offsets record keys and values: the key starts with the record type id, the value with its version. */');
  lines.push('export const KAFKA_RECORDS: Record<number, { type: string; key: MessageSchema; values: Record<number, MessageSchema> }> = {');
  for (const [type, id] of RECORDS) {
    const keyDump = recs.find((r) => r.class === `${type}Key`);
    if (!keyDump) throw new Error(`no ${type}Key`);
    const key = {
      name: `${type}Key`,
      apiKey: -1,
      type: 'header',
      edition: 'common',
      validVersions: '0',
      flexibleVersions: flexible(keyDump.schema) ? '0' : 'none',
      fields: convert(keyDump.schema, '0', `${type}Key`, keyDump.defaults, keyDump.taggedDefaults),
    };
    const values: Record<number, unknown> = {};
    for (const d of recs.filter((r) => r.class === `${type}Value`)) {
      const v = String(d.version);
      values[d.version] = {
        name: `${type}Value`,
        apiKey: -1,
        type: 'header',
        edition: 'common',
        validVersions: v,
        flexibleVersions: flexible(d.schema) ? v : 'none',
        fields: convert(d.schema, v, `${type}Value`, d.defaults, d.taggedDefaults),
      };
    }
    lines.push(`  ${id}: ${JSON.stringify({ type, key, values })},`);
  }
  lines.push('} as Record<number, { type: string; key: MessageSchema; values: Record<number, MessageSchema> }>;');
  lines.push('');
  return lines.join('\n');
}

const text = generate();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    /* missing: differs */
  }
  if (current !== text) {
    console.error(`${OUT} differs from what Kafka 4.4.0's jars declare: run npx tsx oracle/scripts/gen-schemas.ts`);
    process.exit(1);
  }
  console.log('kafka-4.4.generated.ts matches the Kafka 4.4.0 jars');
} else {
  writeFileSync(OUT, text);
  console.log(`wrote ${OUT}`);
}
