// Messages for the byte-exact codec test: the examples' own requests and responses, property-generated messages of
// any schema (nulls, empty lists, tagged fields, unicode), and messages at the size limits.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { toBase64 } from '../../src/core/wire/bytes.ts';
import { fieldType, jsonKey, type Ctx } from '../../src/core/wire/codec.ts';
import { defaultMessage } from '../../src/core/wire/index.ts';
import type { FieldSpec, MessageSchema, StructSpec } from '../../src/core/wire/types.ts';
import { inVersions } from '../../src/core/wire/versions.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { TraceRecord } from '../../src/core/scenario/types.ts';

export interface TraceMessage {
  /** 'StreamsGroupHeartbeat', 'OffsetCommit', … */
  api: string;
  version: number;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  source: string;
}

export interface ExampleTraces {
  messages: TraceMessage[];
  records: (TraceRecord & { source: string })[];
}

/** Every ak4 example run by the simulator: its requests and responses (steps and `run` exchanges) and its records. */
export function exampleTraces(root: string): ExampleTraces {
  const dir = join(root, 'static/examples');
  const out: ExampleTraces = { messages: [], records: [] };
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .sort()) {
    const parsed = parseScenario(readFileSync(join(dir, file), 'utf8'));
    if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.errors)}`);
    const trace = runScenario(parsed.scenario);
    if (trace.protocol !== 'ak4') continue;
    // `run` exchanges do not carry the heartbeat version: the one the trace's heartbeat steps used (v1 when none)
    let heartbeatVersion = 1;
    for (const step of trace.steps) {
      for (const r of step.records) out.records.push({ ...r, source: `${file} step ${step.index}` });
      if (step.api && step.version !== null && step.request && step.response) {
        if (step.api === 'StreamsGroupHeartbeat') heartbeatVersion = step.version;
        out.messages.push({
          api: step.api,
          version: step.version,
          request: step.request as Record<string, unknown>,
          response: step.response as Record<string, unknown>,
          source: `${file} step ${step.index}`,
        });
      }
      step.exchanges.forEach((e, i) => {
        out.messages.push({
          api: e.api ?? 'StreamsGroupHeartbeat',
          version: e.version ?? heartbeatVersion,
          request: e.request as Record<string, unknown>,
          response: e.response as Record<string, unknown>,
          source: `${file} step ${step.index} exchange ${i}`,
        });
      });
    }
  }
  return out;
}

// ---- property-generated messages ----

const ctxOf = (schema: MessageSchema, version: number): Ctx => ({ schema, version, flexible: inVersions(schema.flexibleVersions, version), ignorable: 'error' });

const INT: Record<string, [number, number]> = { int8: [-128, 127], int16: [-32768, 32767], int32: [-2147483648, 2147483647], uint16: [0, 65535] };

type Arb = fc.Arbitrary<unknown>;

function primArb(prim: string): Arb {
  const range = INT[prim];
  if (range) return fc.oneof(fc.constantFrom(range[0], range[1], 0, -1), fc.integer({ min: range[0], max: range[1] })).filter((n) => n >= range[0] && n <= range[1]);
  switch (prim) {
    case 'int64':
      return fc.oneof(fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER), fc.maxSafeInteger());
    case 'bool':
      return fc.boolean();
    case 'float64':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'string':
      // any Unicode scalar value (astral planes included), and the empty string
      return fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ maxLength: 6 }), fc.constant(''));
    case 'bytes':
      return fc.uint8Array({ maxLength: 24 }).map((b) => toBase64(b));
    case 'uuid':
      return fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => toBase64(b, true));
    default:
      throw new Error(`no arbitrary for ${prim}`);
  }
}

function valueArb(ctx: Ctx, f: FieldSpec, t: ReturnType<typeof fieldType>, depth: number): Arb {
  if (t.k === 'prim') return primArb(t.prim);
  if (t.k === 'struct') return structArb(ctx, t.struct, depth + 1);
  return fc.array(valueArb(ctx, f, t.elem, depth + 1), { maxLength: depth > 3 ? 1 : 3 });
}

function fieldArb(ctx: Ctx, f: FieldSpec, depth: number): Arb {
  const t = fieldType(ctx.schema, f);
  // a `records` field (FetchResponse) holds record batches, which Kafka's JsonConverter re-frames: random bytes in
  // it are not a message either side could send, so it is generated empty (or null)
  let arb = f.type === 'records' ? fc.constant('') : valueArb(ctx, f, t, depth);
  if (inVersions(f.nullableVersions, ctx.version)) arb = fc.oneof(fc.constant(null), arb);
  return arb;
}

function structArb(ctx: Ctx, s: StructSpec, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = s.fields.filter((f) => inVersions(f.versions, ctx.version));
  const model: Record<string, Arb> = {};
  for (const f of fields) model[jsonKey(f.name)] = fieldArb(ctx, f, depth);
  // tagged fields are left out (their default) about half the time
  const tagged = fields.filter((f) => inVersions(f.taggedVersions, ctx.version)).map((f) => jsonKey(f.name));
  const required = Object.keys(model).filter((k) => !tagged.includes(k));
  return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

/** `count` seeded random messages of a schema version. */
export function generatedMessages(schema: MessageSchema, version: number, count: number, seed: number): Record<string, unknown>[] {
  const ctx = ctxOf(schema, version);
  return fc.sample(structArb(ctx, { name: schema.name, versions: schema.validVersions, fields: schema.fields }, 0), { numRuns: count, seed });
}

/**
 * Messages at the size limits: each top-level string field at 32767 UTF-8 bytes (the most Kafka writes) and at
 * 32768 (both sides must refuse), made of multi-byte characters; each top-level array with 5000 elements.
 */
export function limitMessages(schema: MessageSchema, version: number): { label: string; json: Record<string, unknown> }[] {
  const ctx = ctxOf(schema, version);
  const base = defaultMessage(schema, version);
  const out: { label: string; json: Record<string, unknown> }[] = [];
  for (const f of schema.fields) {
    if (!inVersions(f.versions, version) || inVersions(f.taggedVersions, version)) continue;
    const key = jsonKey(f.name);
    const t = fieldType(schema, f);
    if (t.k === 'prim' && t.prim === 'string') {
      // 'ü' is 2 UTF-8 bytes, '𝄞' 4
      out.push({ label: `${key}: 32767 bytes`, json: { ...base, [key]: 'ü'.repeat(16381) + '𝄞' + 'x' } });
      out.push({ label: `${key}: 32768 bytes`, json: { ...base, [key]: 'ü'.repeat(16382) + '𝄞' } });
    }
    if (t.k === 'array') {
      // distinct elements: Kafka keeps keyed arrays (e.g. ApiVersions' ApiKeys) in hash collections that crawl on duplicates
      const el = (i: number): unknown =>
        t.elem.k === 'prim' ? (t.elem.prim === 'string' ? `a${i}` : t.elem.prim === 'bool' ? i % 2 === 0 : i) : t.elem.k === 'struct' ? distinctStruct(ctx, t.elem.struct, i) : [];
      out.push({ label: `${key}: 5000 elements`, json: { ...base, [key]: Array.from({ length: 5000 }, (_, i) => el(i)) } });
    }
  }
  return out;
}

/** The struct at its defaults, with its int and string fields set from `i`. */
function distinctStruct(ctx: Ctx, s: StructSpec, i: number): Record<string, unknown> {
  const out = defaultMessage({ ...ctx.schema, fields: s.fields, commonStructs: ctx.schema.commonStructs }, ctx.version);
  for (const f of s.fields) {
    if (!inVersions(f.versions, ctx.version) || inVersions(f.taggedVersions, ctx.version)) continue;
    const t = fieldType(ctx.schema, f);
    if (t.k !== 'prim') continue;
    const range = INT[t.prim];
    if (range) out[jsonKey(f.name)] = Math.max(range[0], Math.min(range[1], i));
    else if (t.prim === 'string') out[jsonKey(f.name)] = `k${i}`;
  }
  return out;
}
