// __consumer_offsets records in Kafka's own form: every record the playground writes in the ak4 examples, encoded with
// the record schemas generated from Kafka 4.4.0 (src/core/wire/coordinatorRecords.ts), is decoded by Kafka's own group
// coordinator record serde into exactly the playground's JSON (type, key, value version, every value field); Kafka
// writes the same bytes from the playground's JSON; and what `kafka-dump-log --offsets-decoder` prints for the record
// reads back through the project's dump-log import (src/core/interop/dumpLog.ts, a scenario's initialLog) as the
// same record. Kafka's side is oracle/.../CodecRunner.java.
//
// Normalisation, explicit: Kafka's JsonConverters leave a tagged field at its default out, so a tagged value field the
// playground writes at Kafka's default is dropped before comparing (the playground always writes every field).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDumpLog } from '../../src/core/interop/dumpLog.ts';
import { RECORD_API_KEYS, type RecordType } from '../../src/core/log/records.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { encodeCoordinatorRecord, kafkaValueVersion } from '../../src/core/wire/coordinatorRecords.ts';
import { toHex } from '../../src/core/wire/index.ts';
import { KAFKA_RECORDS } from '../../src/core/wire/schemas/kafka-4.4.generated.ts';
import type { FieldSpec } from '../../src/core/wire/types.ts';
import { exampleTraces } from './codecMessages.ts';
import { longForJava, oracleClasspath, runJsonLines } from './javaOracle.ts';

const root = join(import.meta.dirname, '../..');

interface Rec {
  type: string;
  key: Record<string, unknown>;
  value: Record<string, unknown> | null;
  source: string;
}

/** Kafka's CoordinatorRecordType enum name of a record type (StreamsGroupMetadata → STREAMS_GROUP_METADATA). */
const enumName = (type: string): string => type.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/** The value without the tagged fields that sit at Kafka's default (Kafka's JSON form leaves them out). */
function withoutTaggedDefaults(type: string, version: number, value: Record<string, unknown>): Record<string, unknown> {
  const spec = Object.values(KAFKA_RECORDS).find((s) => s.type === type)!;
  const fields = spec.values[version]!.fields as FieldSpec[];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const f = fields.find((x) => x.name.charAt(0).toLowerCase() + x.name.slice(1) === k);
    if (f?.taggedVersions !== undefined && JSON.stringify(v) === JSON.stringify(f.default ?? null)) continue;
    out[k] = v;
  }
  return out;
}

/** The value with its int64 fields marked for Kafka's JsonConverter (a long beyond 2^53 goes as a bare number). */
function longsForJava(type: string, version: number | null, value: Record<string, unknown> | null): Record<string, unknown> | null {
  if (value === null || version === null) return value;
  const spec = Object.values(KAFKA_RECORDS).find((s) => s.type === type)!;
  const fields = spec.values[version]!.fields as FieldSpec[];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const f = fields.find((x) => x.name.charAt(0).toLowerCase() + x.name.slice(1) === k);
    out[k] = f?.type === 'int64' && (typeof v === 'string' || typeof v === 'number') ? longForJava(v) : v;
  }
  return out;
}

interface Outcome {
  type: string;
  checked: number;
  mismatches: string[];
}

let outcomes: Map<string, Outcome>;
let notInKafka: Map<string, number>;
let records: Rec[];
let dumpText: Map<string, string[]>;

beforeAll(() => {
  records = exampleTraces(root).records.map((r) => ({ type: r.type, key: r.key, value: r.value, source: r.source }));
  notInKafka = new Map();
  const cases: { rec: Rec; enc?: ReturnType<typeof encodeCoordinatorRecord>; error?: string }[] = [];
  for (const rec of records) {
    if (!Object.values(KAFKA_RECORDS).some((s) => s.type === rec.type)) {
      notInKafka.set(rec.type, (notInKafka.get(rec.type) ?? 0) + 1);
      continue;
    }
    try {
      cases.push({ rec, enc: encodeCoordinatorRecord(rec.type, rec.key, rec.value) });
    } catch (e) {
      cases.push({ rec, error: (e as Error).message });
    }
  }
  const inputs: object[] = [];
  cases.forEach((c, i) => {
    if (!c.enc) return;
    const hex = { key: toHex(c.enc.key, ''), value: c.enc.value ? toHex(c.enc.value, '') : null };
    inputs.push({ id: `d${i}`, op: 'decodeRecord', ...hex });
    inputs.push({ id: `p${i}`, op: 'dumpLog', ...hex });
    inputs.push({
      id: `e${i}`,
      op: 'encodeRecord',
      typeId: RECORD_API_KEYS[c.rec.type as RecordType],
      key: c.rec.key,
      valueVersion: c.enc.valueVersion,
      value: longsForJava(c.rec.type, c.enc.valueVersion, c.rec.value),
    });
  });
  const out = new Map<string, Record<string, unknown>>();
  for (const r of runJsonLines<object, Record<string, unknown>>(oracleClasspath(), 'dev.sgp.oracle.CodecRunner', inputs)) out.set(r.id as string, r);

  outcomes = new Map();
  dumpText = new Map();
  cases.forEach((c, i) => {
    const o = outcomes.get(c.rec.type) ?? { type: c.rec.type, checked: 0, mismatches: [] };
    outcomes.set(c.rec.type, o);
    o.checked++;
    const miss = (m: string) => o.mismatches.push(`${c.rec.source}: ${m}`);
    if (c.error || !c.enc) return miss(`we cannot encode it: ${c.error}`);
    const d = out.get(`d${i}`)!;
    if (d.error) return miss(`Kafka's serde cannot read our bytes: ${String(d.error)}`);
    if (d.type !== enumName(c.rec.type) || d.typeId !== RECORD_API_KEYS[c.rec.type as RecordType]) miss(`type: ours ${c.rec.type}, Kafka ${String(d.type)} (${String(d.typeId)})`);
    if (JSON.stringify(d.key) !== JSON.stringify(c.rec.key)) miss(`key: ours ${JSON.stringify(c.rec.key)}, Kafka ${JSON.stringify(d.key)}`);
    if (c.rec.value === null) {
      if (d.value !== null) miss(`tombstone read by Kafka as ${JSON.stringify(d.value)}`);
    } else {
      const version = c.enc.valueVersion!;
      if (d.valueVersion !== version) miss(`value version: ours ${version}, Kafka ${String(d.valueVersion)}`);
      const expected = withoutTaggedDefaults(c.rec.type, version, c.rec.value);
      if (JSON.stringify(d.value) !== JSON.stringify(expected)) miss(`value: ours ${JSON.stringify(expected)}, Kafka ${JSON.stringify(d.value)}`);
    }
    const e = out.get(`e${i}`)!;
    if (e.error) miss(`Kafka cannot build the record from the playground's JSON: ${String(e.error)}`);
    else if (e.key !== toHex(c.enc.key, '') || e.value !== (c.enc.value ? toHex(c.enc.value, '') : null))
      miss(`bytes: ours ${toHex(c.enc.key, '')}/${c.enc.value ? toHex(c.enc.value, '') : 'null'}, Kafka ${String(e.key)}/${String(e.value)}`);
    const p = out.get(`p${i}`)!;
    if (p.error) return miss(`kafka-dump-log's decoder failed: ${String(p.error)}`);
    const file = c.rec.source.split(' ')[0]!;
    dumpText.set(file, [...(dumpText.get(file) ?? []), String(p.text)]);
    const parsed = parseDumpLog(String(p.text), 'ak4');
    if (!parsed.ok) return miss(`our dump-log import refuses Kafka's line: ${parsed.message}`);
    const back = parsed.records[0]!;
    const expectedValue = c.rec.value === null ? null : withoutTaggedDefaults(c.rec.type, c.enc.valueVersion!, c.rec.value);
    if (back.type !== c.rec.type || JSON.stringify(back.key) !== JSON.stringify(c.rec.key) || JSON.stringify(back.value) !== JSON.stringify(expectedValue)) {
      miss(`dump-log line reads back as ${JSON.stringify(back)}`);
    }
  });
  const rows = [...outcomes.values()].map((o) => `${o.type.padEnd(40)} ${String(o.checked).padStart(5)} checked, ${o.mismatches.length} mismatches`);
  console.log(`records against Kafka 4.4.0's record serde (${cases.length} records):\n${rows.join('\n')}\nnot in Kafka 4.4.0: ${JSON.stringify(Object.fromEntries(notInKafka))}`);
  for (const o of outcomes.values()) for (const m of o.mismatches.slice(0, 5)) console.log(`  ${o.type}: ${m}`);
}, 15 * 60_000);

describe("the playground's records against Kafka 4.4.0's coordinator record serde", () => {
  it('every streams-group record type and OffsetCommit is checked', () => {
    for (const type of [
      'StreamsGroupMetadata',
      'StreamsGroupMemberMetadata',
      'StreamsGroupTopology',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMetadata',
      'StreamsGroupCurrentMemberAssignment',
      'OffsetCommit',
    ]) {
      expect(outcomes.get(type)?.checked ?? 0, type).toBeGreaterThan(0);
    }
  });

  it('Kafka decodes each record to the playground JSON, writes the same bytes, and kafka-dump-log reads back the same', () => {
    const all = [...outcomes.values()].flatMap((o) => o.mismatches.map((m) => `${o.type}: ${m}`));
    expect(all).toEqual([]);
  });

  it('the ak4 playground writes no record type that Kafka 4.4.0 lacks', () => {
    // (StreamsGroupPartitionMetadata, type 18, is gone from Kafka 4.4.0's generated records; only the draft writes it)
    expect(Object.fromEntries(notInKafka)).toEqual({});
  });

  it('OffsetCommit values are v4 (v1 only with an expire timestamp), as Kafka 4.4.0 writes them', () => {
    expect(kafkaValueVersion('OffsetCommit', { offset: 1, leaderEpoch: -1, metadata: '', commitTimestamp: 0 })).toBe(4);
    expect(kafkaValueVersion('OffsetCommit', { offset: 1, metadata: '', commitTimestamp: 0, expireTimestamp: 5 })).toBe(1);
  });

  it("an example's whole log pasted as kafka-dump-log output loads as the same state as its records", () => {
    const file = '02-scale-out-revocation.json';
    const scenario = JSON.parse(readFileSync(join(root, 'static/examples', file), 'utf8')) as Record<string, unknown>;
    const recs = records.filter((r) => r.source.startsWith(`${file} `) && Object.values(KAFKA_RECORDS).some((s) => s.type === r.type));
    const text = dumpText.get(file)!;
    expect(text.length).toBe(recs.length);
    const load = (initialLog: unknown) => {
      const parsed = parseScenario(JSON.stringify({ ...scenario, initialLog, steps: [] }));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return runScenario(parsed.scenario).initial;
    };
    const fromJson = load(recs.map((r) => ({ type: r.type, key: r.key, value: r.value })));
    const fromDump = load(text.join('\n'));
    expect(fromDump?.group).toEqual(fromJson?.group);
    expect(fromDump?.records.length).toBe(recs.length);
  });
});
