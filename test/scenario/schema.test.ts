import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_DEFS } from '../../src/core/config.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { VARIANTS } from '../../src/core/scenario/types.ts';
import { editionNames } from '../../src/core/editions/index.ts';
import { CLIENT_ACTIONS, CLIENT_PROFILES, RPC_NAMES, requestFieldTable, requestFields } from '../../src/core/scenario/validate.ts';
import { validate } from './mini-schema.ts';
import { buildSchema } from './schema-gen.ts';

const root = join(import.meta.dirname, '..', '..');
const schema = JSON.parse(readFileSync(join(root, 'static', 'scenario.schema.json'), 'utf8')) as Record<string, any>;
const defs = schema.definitions as Record<string, any>;

const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['input'] }] };

const VALID: [string, unknown][] = [
  ['empty', {}],
  [
    'ak4, every kind of step',
    {
      $schema: './scenario.schema.json',
      format: 1,
      title: 't',
      notes: 'n',
      protocol: 'ak4',
      variant: 'C-reject-partial',
      config: { 'group.streams.session.timeout.ms': 30000, 'group.streams.assignors': 'sticky' },
      groupId: 'g',
      topics: [{ name: 'input', partitions: 4 }],
      topology,
      clients: { a: { profile: 'partial', processId: 'p1', instanceId: null, clientTags: { z: '1' }, userEndpoint: { host: 'h', port: 1 } } },
      steps: [
        {
          label: 'join',
          client: 'a',
          do: 'join',
          expect: { error: 'NONE', group: { state: 'Stable', members: { a: { memberEpoch: 1, assigned: { active: { '0': [0] } }, target: null }, b: null } } },
        },
        { send: 'StreamsGroupHeartbeat', version: 0, member: 'x', data: { memberEpoch: 0, topology, activeTasks: [], standbyTasks: [], warmupTasks: [], userEndpoint: null } },
        { send: 'StreamsGroupDescribe', data: { groupIds: ['g'] }, expect: { response: { groups: [] }, records: [], recordTypes: [] } },
        { advance: 0 },
        { run: { ms: 100 } },
        { run: { until: 'stable', maxMs: 1000 } },
        { failover: true },
        { topics: { create: [{ name: 'x', partitions: 1 }], delete: ['input'], partitions: { x: 3 } } },
      ],
    },
  ],
  [
    'draft',
    {
      protocol: 'kip1071-draft',
      variant: 'coordinator-only',
      topology: [{ subtopologyId: '0', sourceTopics: ['input'] }],
      steps: [
        { send: 'StreamsGroupHeartbeat', version: 0, data: { memberEpoch: 0, topologyId: 't' } },
        { send: 'StreamsGroupInitialize', data: { topologyId: 't', topology: [{ subtopologyId: '0', sourceTopics: ['input'] }] } },
        { advance: 1, expect: { records: [{ type: 'StreamsGroupTopology', key: {}, value: null }] } },
      ],
    },
  ],
  [
    'OffsetFetch in both forms (v1-7 one group at the top level, v8+ a list of groups)',
    {
      steps: [
        { send: 'OffsetFetch', version: 1, data: { groupId: 'g', topics: [{ name: 'input', partitionIndexes: [0] }] } },
        { send: 'OffsetFetch', version: 5 },
        { send: 'OffsetFetch', version: 7, data: { topics: null, requireStable: true } },
        { send: 'OffsetFetch', data: { groups: [{ groupId: 'g', memberId: null, memberEpoch: -1, topics: null }] } },
      ],
    },
  ],
];

const INVALID: [string, unknown][] = [
  ['unknown top-level field', { colour: 'red' }],
  ['bad protocol', { protocol: 'ak3' }],
  ['unknown config', { config: { 'no.such.config': 1 } }],
  ['config below its minimum', { config: { 'group.streams.session.timeout.ms': 0 } }],
  ['topic without partitions', { topics: [{ name: 't' }] }],
  ['client profile', { clients: { a: { profile: 'python' } } }],
  ['step without action', { steps: [{ label: 'x' }] }],
  ['step with two actions', { steps: [{ advance: 1, failover: true }] }],
  ['negative advance', { steps: [{ advance: -1 }] }],
  ['failover false', { steps: [{ failover: false }] }],
  ['run with ms and until', { steps: [{ run: { ms: 1, until: 'stable' } }] }],
  ['client step without do', { clients: { a: {} }, steps: [{ client: 'a' }] }],
  ['data on a non-send step', { steps: [{ advance: 1, data: {} }] }],
  ['initialize on ak4', { steps: [{ send: 'StreamsGroupInitialize' }] }],
  ['heartbeat v2 on ak4', { steps: [{ send: 'StreamsGroupHeartbeat', version: 2 }] }],
  ['nested owned tasks before v2', { variant: 'D-nested-report', steps: [{ send: 'StreamsGroupHeartbeat', version: 1, data: { ownedTasks: null } }] }],
  ['draft field on ak4', { steps: [{ send: 'StreamsGroupHeartbeat', data: { topologyId: 'x' } }] }],
  ['ak4 field on draft', { protocol: 'kip1071-draft', steps: [{ send: 'StreamsGroupHeartbeat', data: { topology: null } }] }],
  ['OffsetFetch v5 with the v8+ groups', { steps: [{ send: 'OffsetFetch', version: 5, data: { groups: [] } }] }],
  ['OffsetFetch v9 with the v1-7 top-level group', { steps: [{ send: 'OffsetFetch', data: { groupId: 'g' } }] }],
  ['int32 out of range', { steps: [{ send: 'StreamsGroupHeartbeat', data: { memberEpoch: 2147483648 } }] }],
  ['null non-nullable', { steps: [{ send: 'StreamsGroupHeartbeat', data: { memberId: null } }] }],
  ['unknown expect key', { steps: [{ advance: 1, expect: { errors: 'NONE' } }] }],
  ['unknown member field in expect', { steps: [{ advance: 1, expect: { group: { members: { a: { epoch: 1 } } } } }] }],
  ['ak4-only variant on draft', { protocol: 'kip1071-draft', variant: 'B-accumulate' }],
  ['ak4 topology on draft', { protocol: 'kip1071-draft', topology }],
];

describe('static/scenario.schema.json', () => {
  it('is up to date with the validator (regenerate: npx tsx test/scenario/schema-gen.ts)', () => {
    expect(schema).toEqual(buildSchema());
  });

  it('is draft-07 and describes every property in our own words', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const missing: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}[${i}]`));
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.properties && typeof o.properties === 'object') {
        for (const [k, p] of Object.entries(o.properties as Record<string, Record<string, unknown>>)) {
          const isRefinement = path.includes('.then') || path.includes('.else') || path.includes('.if');
          if (!isRefinement && typeof p.description !== 'string') missing.push(`${path}.properties.${k}`);
        }
      }
      for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });

  it('lists the same enums as the program', () => {
    expect(schema.properties.protocol.enum).toEqual(editionNames());
    expect(schema.properties.variant.enum).toEqual([...VARIANTS]);
    expect(defs.client.properties.profile.enum).toEqual([...CLIENT_PROFILES]);
    expect(defs.stepCommon.properties.do.enum).toEqual([...CLIENT_ACTIONS]);
    expect(defs.stepCommon.properties.send.enum).toEqual([...RPC_NAMES]);
    expect(Object.keys(schema.properties.config.properties)).toEqual(CONFIG_DEFS.map((d) => d.name));
  });

  it('has the same request fields as the validator', () => {
    const fields = (d: string) => Object.keys(defs[d].properties);
    expect(fields('ak4HeartbeatData')).toEqual(Object.keys(requestFieldTable('ak4').StreamsGroupHeartbeat![1]!));
    expect(fields('draftHeartbeatData')).toEqual(Object.keys(requestFieldTable('kip1071-draft').StreamsGroupHeartbeat![0]!));
    expect(fields('draftInitializeData')).toEqual(Object.keys(requestFieldTable('kip1071-draft').StreamsGroupInitialize![0]!));
    expect(fields('describeData')).toEqual(Object.keys(requestFieldTable('ak4').StreamsGroupDescribe![0]!));
    expect(fields('offsetFetchData')).toEqual(Object.keys(requestFieldTable('ak4').OffsetFetch![9]!));
    expect(fields('offsetFetchSingleGroupData')).toEqual(Object.keys(requestFieldTable('ak4').OffsetFetch![7]!));
    expect(fields('ak4NestedHeartbeatData')).toEqual(Object.keys(requestFields('ak4', 'D-nested-report', 'StreamsGroupHeartbeat')![2]!));
  });

  it.each(VALID)('accepts the valid scenario "%s" (and so does the validator)', (_name, doc) => {
    expect(validate(schema, doc)).toEqual([]);
    expect(parseScenario(JSON.stringify(doc)).ok).toBe(true);
  });

  it.each(INVALID)('rejects "%s" (and so does the validator)', (_name, doc) => {
    expect(validate(schema, doc)).not.toEqual([]);
    expect(parseScenario(JSON.stringify(doc)).ok).toBe(false);
  });

  const examplesDir = join(root, 'static', 'examples');
  const examples = existsSync(examplesDir)
    ? readdirSync(examplesDir)
        .filter((f) => f.endsWith('.json') && f !== 'index.json')
        .sort()
    : [];

  it('finds the example scenarios (index.json is the course list, not a scenario)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(12);
  });

  it.each(examples.map((f) => [f]))('accepts static/examples/%s (schema and validator)', (file) => {
    const text = readFileSync(join(examplesDir, file), 'utf8');
    expect(validate(schema, JSON.parse(text))).toEqual([]);
    const r = parseScenario(text);
    expect(r.ok ? [] : r.errors).toEqual([]);
  });
});
