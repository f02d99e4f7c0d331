// The release schemas (src/core/releases/wire.ts, what the Hex view encodes a 4.1, 4.2 or 4.3 run with) byte for byte
// against each release's own kafka-clients (4.1.2, 4.2.2, 4.3.2; CodecRunner built against that release's jars,
// oracle/harness/maven.ts): for the RPCs whose versions differ between releases (StreamsGroupHeartbeat,
// StreamsGroupDescribe, DeleteGroups), every version the release has, with property-generated messages, messages at
// the size limits and the examples' own messages run as that release (renamed to the release's field names). Each side
// decodes the other's bytes to the same JSON, which checks the release's field names too; and a version the release
// lacks is refused by both. The normalisations are codec.oracle.test.ts's (Kafka's JsonConverter needs every
// non-tagged field; tagged fields at their default are left out of its JSON).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, fromHex, toHex, type MessageKind, type MessageSchema } from '../../src/core/wire/index.ts';
import { versionList } from '../../src/core/wire/versions.ts';
import { releaseSchema, toReleaseJson } from '../../src/core/releases/wire.ts';
import { RELEASE_PATCH, type KafkaRelease } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { fitForRelease } from '../../src/core/oracle/generate/release.ts';
import { generatedMessages, limitMessages } from './codecMessages.ts';
import { oracleClasspath, runJsonLines } from './javaOracle.ts';
import { fillDefaults, firstDiff, isObj } from './jsonDiff.ts';

const root = join(import.meta.dirname, '../..');
const GENERATED_PER_VERSION = Number(process.env.SGP_CODEC_MESSAGES ?? 40);
const KINDS: readonly MessageKind[] = [
  'StreamsGroupHeartbeatRequest',
  'StreamsGroupHeartbeatResponse',
  'StreamsGroupDescribeRequest',
  'StreamsGroupDescribeResponse',
  'DeleteGroupsRequest',
  'DeleteGroupsResponse',
];

interface Case {
  schema: MessageSchema;
  version: number;
  json: Record<string, unknown>;
  label: string;
}

/** The streams-group messages of every example run as `release` (4.4's names in the trace, renamed to the release's). */
function exampleMessages(release: KafkaRelease): Case[] {
  const out: Case[] = [];
  const dir = join(root, 'static/examples');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json')) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    if (doc.protocol === 'kip1071-draft') continue;
    const parsed = parseScenario(JSON.stringify(fitForRelease(doc, release, { configs: 'same' })));
    if (!parsed.ok) continue;
    const trace = runScenario(parsed.scenario);
    const add = (api: string, version: number, request: unknown, response: unknown, label: string) => {
      for (const [kind, json] of [
        [`${api}Request`, request],
        [`${api}Response`, response],
      ] as const) {
        if (!KINDS.includes(kind as MessageKind) || !isObj(json)) continue;
        const schema = releaseSchema(kind as MessageKind, release);
        out.push({ schema, version, json: toReleaseJson(kind as MessageKind, release, json) as Record<string, unknown>, label });
      }
    };
    for (const step of trace.steps) {
      if (step.api && step.version !== null) add(step.api, step.version, step.request, step.response, `${file} step ${step.index}`);
      step.exchanges.forEach((e, i) => add(e.api ?? 'StreamsGroupHeartbeat', e.version ?? 0, e.request, e.response, `${file} step ${step.index} exchange ${i}`));
    }
  }
  return out;
}

/** The schema's defaults, for a message we refuse (Kafka's converter needs every field). */
function defaultsOf(c: Case): Record<string, unknown> {
  return decodeMessage(c.schema, c.version, encodeMessage(c.schema, c.version, {})).json;
}

interface JavaOut {
  id: string;
  hex?: string;
  json?: Record<string, unknown>;
  consumed?: number;
  error?: string;
}

for (const release of ['4.1', '4.2', '4.3'] as const) {
  const patch = RELEASE_PATCH[release];
  describe(`release schemas of Kafka ${release} against kafka-clients ${patch}`, () => {
    const cases: Case[] = [];
    for (const kind of KINDS) {
      const schema = releaseSchema(kind, release);
      for (const version of versionList(schema.validVersions)) {
        generatedMessages(schema, version, GENERATED_PER_VERSION, 4100 + version).forEach((json, i) => cases.push({ schema, version, json, label: `generated #${i}` }));
        for (const l of limitMessages(schema, version)) cases.push({ schema, version, json: l.json, label: `limit ${l.label}` });
      }
    }
    const examples = exampleMessages(release);
    cases.push(...examples);

    it('examples run as the release give streams-group messages of v0 only', () => {
      expect(examples.filter((c) => c.schema.name.startsWith('StreamsGroupHeartbeat')).length).toBeGreaterThan(50);
      expect(examples.filter((c) => c.version !== 0 && c.schema.name.startsWith('StreamsGroup'))).toEqual([]);
    });

    it('every message is byte-identical both ways, with the same JSON (field names included)', () => {
      const ours = cases.map((c): { bytes: Uint8Array; full: Record<string, unknown> } | { error: string } => {
        try {
          const bytes = encodeMessage(c.schema, c.version, c.json, { ignorable: 'drop' });
          return { bytes, full: decodeMessage(c.schema, c.version, bytes).json };
        } catch (e) {
          return { error: (e as Error).message };
        }
      });
      const inputs: object[] = [];
      cases.forEach((c, i) => {
        const o = ours[i]!;
        // a message we refuse (a string over 32767 bytes) goes to Kafka as it is: its writer must refuse it too
        inputs.push({ id: `e${i}`, op: 'encode', message: c.schema.name, version: c.version, json: 'full' in o ? fillDefaults(c.json, o.full) : fillDefaults(c.json, defaultsOf(c)) });
        if ('bytes' in o) inputs.push({ id: `d${i}`, op: 'decode', message: c.schema.name, version: c.version, hex: toHex(o.bytes, '') });
      });
      const results = new Map(runJsonLines<object, JavaOut>(oracleClasspath(patch), 'dev.sgp.oracle.CodecRunner', inputs).map((r) => [r.id, r]));
      const mismatches: string[] = [];
      cases.forEach((c, i) => {
        const o = ours[i]!;
        const miss = (what: string) => mismatches.push(`${c.schema.name} v${c.version} ${c.label}: ${what}`);
        const k = results.get(`e${i}`)!;
        if ('error' in o) return k.error ? undefined : miss(`we refuse (${o.error}) what Kafka writes`);
        if (k.error) return miss(`Kafka refuses (${k.error})`);
        if (toHex(o.bytes, '') !== k.hex) return miss(`bytes differ: ours ${toHex(o.bytes, '').slice(0, 80)}, Kafka ${k.hex!.slice(0, 80)}`);
        const kd = results.get(`d${i}`)!;
        if (kd.error || kd.consumed !== o.bytes.length) return miss(`Kafka cannot read our bytes: ${kd.error ?? `${kd.consumed} of ${o.bytes.length}`}`);
        const d = firstDiff(decodeMessage(c.schema, c.version, fromHex(k.hex!), { absentTagged: 'omit' }).json, kd.json);
        if (d) miss(`decoded JSON differs at ${d}`);
      });
      console.log(`release ${release}: ${cases.length} messages (${examples.length} from the examples) against kafka-clients ${patch}, ${mismatches.length} mismatches`);
      expect(mismatches.slice(0, 10)).toEqual([]);
    });

    it("the release's classes declare exactly the versions of its schemas", () => {
      const inputs = KINDS.map((kind) => ({ id: kind, op: 'versions', message: kind }));
      const out = runJsonLines<object, JavaOut & { lowest?: number; highest?: number }>(oracleClasspath(patch), 'dev.sgp.oracle.CodecRunner', inputs);
      expect(Object.fromEntries(out.map((o) => [o.id, o.error ?? `${o.lowest}-${o.highest}`]))).toEqual(
        Object.fromEntries(KINDS.map((kind) => [kind, ((l) => `${l[0]}-${l.at(-1)}`)(versionList(releaseSchema(kind, release).validVersions))])),
      );
      expect(() => encodeMessage(releaseSchema('StreamsGroupHeartbeatRequest', release), 1, {})).toThrow(/has versions 0; v1 is not one of them/);
    });
  });
}
