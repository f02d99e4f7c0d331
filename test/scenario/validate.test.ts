import { describe, expect, it } from 'vitest';
import { parseScenario, type ScenarioError } from '../../src/core/scenario/parse.ts';
import { MAX_ERRORS, defaultVersion } from '../../src/core/scenario/validate.ts';

function errors(doc: unknown | string): ScenarioError[] {
  const r = parseScenario(typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  if (r.ok) throw new Error('expected the scenario to be rejected');
  return r.errors;
}

function ok(doc: unknown) {
  const r = parseScenario(JSON.stringify(doc, null, 2));
  if (!r.ok) throw new Error('unexpected errors: ' + JSON.stringify(r.errors));
  return r.scenario;
}

function onlyError(doc: unknown | string): ScenarioError {
  const es = errors(doc);
  expect(es).toHaveLength(1);
  return es[0]!;
}

const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['input'] }] };

describe('defaults', () => {
  it('fills every default for an empty document', () => {
    expect(ok({})).toEqual({ format: 1, protocol: 'ak4', variant: 'current', config: {}, groupId: 'app', topics: [], clients: {}, steps: [] });
  });

  it('fills client profile and send version', () => {
    const s = ok({
      clients: { a: {} },
      steps: [
        { send: 'StreamsGroupHeartbeat', member: 'a' },
        { send: 'StreamsGroupDescribe', data: { groupIds: ['app'] } },
      ],
    });
    expect(s.clients.a).toEqual({ profile: 'java' });
    expect(s.steps[0]).toEqual({ send: 'StreamsGroupHeartbeat', member: 'a', version: 1, data: {} });
    expect(s.steps[1]).toEqual({ send: 'StreamsGroupDescribe', version: 0, data: { groupIds: ['app'] } });
    expect(defaultVersion('kip1071-draft', 'StreamsGroupHeartbeat')).toBe(0);
  });

  it('keeps a full valid ak4 scenario', () => {
    const doc = {
      $schema: './scenario.schema.json',
      format: 1,
      title: 'Two members',
      notes: '# notes',
      protocol: 'ak4',
      variant: 'B-accumulate-signal',
      config: { 'group.streams.session.timeout.ms': 30000, 'group.streams.assignors': ['sticky'], 'offsets.retention.minutes': '5' },
      groupId: 'g',
      topics: [{ name: 'input', partitions: 4 }],
      topology,
      clients: {
        a: { profile: 'java', processId: 'p1', instanceId: null, rackId: 'r1', rebalanceTimeoutMs: 300000, clientTags: { zone: 'z1' }, userEndpoint: { host: 'h', port: 8080 } },
        b: { profile: 'partial', memberId: 'member-b', topology: { epoch: 1, subtopologies: [] } },
      },
      steps: [
        { label: 'a joins', client: 'a', do: 'join', expect: { error: 'NONE', group: { state: 'Stable', members: { a: { memberEpoch: 1, assigned: { active: { '0': [0, 1] } } }, zz: null } } } },
        {
          send: 'StreamsGroupHeartbeat',
          version: 0,
          member: 'x',
          data: {
            groupId: 'g',
            memberEpoch: 0,
            rebalanceTimeoutMs: 1000,
            topology,
            activeTasks: [],
            standbyTasks: [],
            warmupTasks: [],
            taskOffsets: [{ subtopologyId: '0', partition: 0, offset: 9007199254740991 }],
            clientTags: [{ key: 'k', value: 'v' }],
            userEndpoint: null,
            shutdownApplication: false,
          },
          expect: { response: { errorCode: 0 }, records: [{ type: 'StreamsGroupMemberMetadata', key: { groupId: 'g' }, value: null }], recordTypes: ['StreamsGroupMetadata'] },
        },
        { advance: 5000 },
        { run: { ms: 60000 } },
        { run: { until: 'stable', maxMs: 120000 } },
        { failover: true },
        { topics: { create: [{ name: 't2', partitions: 2 }], delete: ['input'], partitions: { t2: 8 } } },
        { send: 'StreamsGroupDescribe', data: { groupIds: ['g'], includeAuthorizedOperations: true } },
      ],
    };
    const s = ok(doc);
    expect(s.config).toEqual({ 'group.streams.session.timeout.ms': 30000, 'group.streams.assignors': 'sticky', 'offsets.retention.minutes': 5 });
    expect(s.steps).toHaveLength(8);
    expect(s.topology).toEqual(topology);
    expect(s.clients.b).toEqual({ profile: 'partial', memberId: 'member-b', topology: { epoch: 1, subtopologies: [] } });
    expect('$schema' in s).toBe(false);
  });

  it('accepts a draft scenario with StreamsGroupInitialize', () => {
    const s = ok({
      protocol: 'kip1071-draft',
      variant: 'coordinator-only',
      topology: [{ subtopologyId: '0', sourceTopics: ['input'] }],
      steps: [
        { send: 'StreamsGroupHeartbeat', member: 'a', data: { memberEpoch: 0, topologyId: 't', rebalanceTimeoutMs: 1000, activeTasks: [], standbyTasks: [], warmupTasks: [] } },
        { send: 'StreamsGroupInitialize', data: { groupId: 'app', topologyId: 't', topology: [{ subtopologyId: '0', sourceTopics: ['input'] }] } },
      ],
    });
    expect(s.steps[1]).toMatchObject({ send: 'StreamsGroupInitialize', version: 0 });
  });
});

describe('errors carry path and line:column', () => {
  it('points at the value of a wrongly typed field', () => {
    const text = '{\n  "steps": [\n    {"send": "StreamsGroupHeartbeat", "data": {"memberEpoch": "one"}}\n  ]\n}';
    expect(onlyError(text)).toEqual({ path: '$.steps[0].data.memberEpoch', line: 3, column: 63, message: 'memberEpoch must be an int32, got the string "one"' });
  });

  it('points at the key of an unknown field', () => {
    const text = '{\n  "title": "x",\n  "colour": "red"\n}';
    const e = onlyError(text);
    expect(e).toMatchObject({ path: '$.colour', line: 3, column: 3 });
    expect(e.message).toMatch(/Unknown field "colour" in the scenario/);
  });

  it('reports unknown configs at $.config["name"]', () => {
    const e = onlyError({ config: { 'group.streams.sesion.timeout.ms': 1 } });
    expect(e.path).toBe('$.config["group.streams.sesion.timeout.ms"]');
    expect(e.message).toMatch(/Unknown config/);
    expect([e.line, e.column]).toEqual([3, 5]);
  });

  it('reports bad config values via Config.from', () => {
    expect(onlyError({ config: { 'group.streams.num.standby.replicas': -1 } }).message).toMatch(/must be at least 0/);
    expect(onlyError({ config: { 'group.streams.heartbeat.interval.ms': 'soon' } }).message).toMatch(/must be an integer/);
  });

  it('refuses a newer format with the upgrade message and nothing else', () => {
    const e = onlyError({ format: 2, somethingNew: true });
    expect(e).toMatchObject({ path: '$.format', line: 2, column: 13 });
    expect(e.message).toBe('This scenario uses format version 2; this program knows version 1. Update the playground.');
  });

  it.each([
    [{ format: 0 }, '$.format', /at least 1/],
    [{ format: '1' }, '$.format', /whole number/],
    [{ protocol: 'ak3' }, '$.protocol', /must be one of "ak4", "kip1071-draft"/],
    [{ variant: 'Z' }, '$.variant', /must be one of "current"/],
    [{ protocol: 'kip1071-draft', variant: 'A-persist-partial' }, '$.variant', /proposal for protocol "ak4"/],
    [{ groupId: '' }, '$.groupId', /must not be empty/],
    [{ topics: [{ name: 't', partitions: 0 }] }, '$.topics[0].partitions', /from 1 to/],
    [
      {
        topics: [
          { name: 't', partitions: 1 },
          { name: 't', partitions: 2 },
        ],
      },
      '$.topics[1].name',
      /listed twice/,
    ],
    [{ topics: [{ name: 't' }] }, '$.topics[0]', /missing the required field "partitions"/],
    [{ topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopicz: [] }] } }, '$.topology.subtopologies[0].sourceTopicz', /Unknown field "sourceTopicz" in Subtopology/],
    [{ topology: [{ subtopologyId: '0' }] }, '$.topology', /must be an object/],
    [{ protocol: 'kip1071-draft', topology: { epoch: 0, subtopologies: [] } }, '$.topology', /must be an array/],
    [{ clients: { a: { profile: 'python' } } }, '$.clients.a.profile', /"java", "partial"/],
    [{ clients: { a: { nickname: 'x' } } }, '$.clients.a.nickname', /Unknown field/],
    [{ clients: { a: { userEndpoint: { host: 'h', port: 70000 } } } }, '$.clients.a.userEndpoint.port', /from 0 to 65535/],
    [{ clients: { a: { clientTags: { z: 1 } } } }, '$.clients.a.clientTags.z', /must be a string/],
    [{ steps: {} }, '$.steps', /must be an array/],
    [{ steps: [{}] }, '$.steps[0]', /exactly one action/],
    [{ steps: [{ label: 'x', sleep: 5 }] }, '$.steps[0]', /exactly one action/],
    [{ steps: [{ advance: 1, failover: true }] }, '$.steps[0]', /advance and failover/],
    [{ steps: [{ advance: 1.5 }] }, '$.steps[0].advance', /whole number/],
    [{ steps: [{ advance: -5 }] }, '$.steps[0].advance', /at least 0/],
    [{ steps: [{ advance: 1, do: 'join' }] }, '$.steps[0].do', /belongs to client steps/],
    [{ steps: [{ failover: false }] }, '$.steps[0].failover', /must be true/],
    [{ steps: [{ run: { ms: 1, until: 'stable' } }] }, '$.steps[0].run', /not both/],
    [{ steps: [{ run: { until: 'forever' } }] }, '$.steps[0].run.until', /"stable"/],
    [{ steps: [{ run: {} }] }, '$.steps[0].run', /needs "ms"/],
    [{ steps: [{ client: 'a', do: 'join' }] }, '$.steps[0].client', /No client "a" is declared/],
    [{ clients: { a: {} }, steps: [{ client: 'a', do: 'dance' }] }, '$.steps[0].do', /must be one of "join"/],
    [{ clients: { a: {} }, steps: [{ client: 'a' }] }, '$.steps[0]', /missing the required field "do"/],
    [{ steps: [{ topics: { rename: {} } }] }, '$.steps[0].topics.rename', /Unknown field/],
    [{ steps: [{ topics: { partitions: { t: 0 } } }] }, '$.steps[0].topics.partitions.t', /from 1/],
    [{ steps: [{ send: 'JoinGroup' }] }, '$.steps[0].send', /must be one of "StreamsGroupHeartbeat"/],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', version: 2 }] }, '$.steps[0].version', /versions 0–1 in protocol "ak4", got 2/],
    [{ steps: [{ send: 'StreamsGroupDescribe', version: 2 }] }, '$.steps[0].version', /has versions 0–1 in protocol "ak4", got 2/],
    [{ protocol: 'kip1071-draft', steps: [{ send: 'StreamsGroupHeartbeat', version: 1 }] }, '$.steps[0].version', /only version 0/],
    [{ steps: [{ send: 'StreamsGroupInitialize', data: {} }] }, '$.steps[0].send', /does not exist in protocol "ak4"/],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', data: { topologyId: 'x' } }] }, '$.steps[0].data.topologyId', /field of protocol "kip1071-draft", not of "ak4"/],
    [{ protocol: 'kip1071-draft', steps: [{ send: 'StreamsGroupHeartbeat', data: { topology: null } }] }, '$.steps[0].data.topology', /field of protocol "ak4"/],
    [{ protocol: 'kip1071-draft', steps: [{ send: 'StreamsGroupHeartbeat', data: { endpointInformationEpoch: 0 } }] }, '$.steps[0].data.endpointInformationEpoch', /protocol "ak4"/],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', data: { memberEpoc: 0 } }] }, '$.steps[0].data.memberEpoc', /Unknown field "memberEpoc" in StreamsGroupHeartbeat v1 \(ak4\)/],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', data: { memberId: null } }] }, '$.steps[0].data.memberId', /cannot be null/],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', data: { activeTasks: [null] } }] }, '$.steps[0].data.activeTasks[0]', /cannot be null/],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', data: { activeTasks: [{ subtopologyId: '0', partitions: [2147483648] }] } }] }, '$.steps[0].data.activeTasks[0].partitions[0]', /to 2147483647/],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', data: { taskOffsets: [{ subtopologyId: '0', partition: 0, offset: 1e17 }] } }] }, '$.steps[0].data.taskOffsets[0].offset', /2\^53-1/],
    [
      { steps: [{ send: 'StreamsGroupHeartbeat', data: { topology: { epoch: 0, subtopologies: [{ repartitionSourceTopics: [{ name: 'r', replicationFactor: 40000 }] }] } } }] },
      '$.steps[0].data.topology.subtopologies[0].repartitionSourceTopics[0].replicationFactor',
      /int16|32767/,
    ],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', data: { shutdownApplication: 'yes' } }] }, '$.steps[0].data.shutdownApplication', /true or false/],
    [{ steps: [{ send: 'StreamsGroupDescribe', data: { groupIds: 'app' } }] }, '$.steps[0].data.groupIds', /must be an array/],
    [{ steps: [{ send: 'StreamsGroupHeartbeat', data: [] }] }, '$.steps[0].data', /must be an object/],
    [{ steps: [{ advance: 0, expect: { errors: 'NONE' } }] }, '$.steps[0].expect.errors', /Unknown field "errors" in expect/],
    [{ steps: [{ advance: 0, expect: { error: 'STREAMS_GROUP_UNINITIALIZED' } }] }, '$.steps[0].expect.error', /not an error of protocol "ak4"/],
    [{ steps: [{ advance: 0, expect: { group: { epoch: 1 } } }] }, '$.steps[0].expect.group.epoch', /Unknown field/],
    [{ steps: [{ advance: 0, expect: { group: { members: { a: { epoch: 1 } } } } }] }, '$.steps[0].expect.group.members.a.epoch', /Unknown field/],
    [{ steps: [{ advance: 0, expect: { group: { members: { a: { assigned: { passive: {} } } } } } }] }, '$.steps[0].expect.group.members.a.assigned.passive', /Unknown field/],
    [{ steps: [{ advance: 0, expect: { records: [{ type: 'X', offset: 3 }] } }] }, '$.steps[0].expect.records[0].offset', /Unknown field/],
    [{ steps: [{ advance: 0, expect: { recordTypes: [1] } }] }, '$.steps[0].expect.recordTypes[0]', /must be a string/],
    [{ steps: [{ advance: 0, label: 1 }] }, '$.steps[0].label', /must be a string/],
  ])('%j -> %s', (doc, path, message) => {
    const es = errors(doc);
    const e = es.find((x) => x.path === path);
    expect(e, JSON.stringify(es)).toBeDefined();
    expect(e!.message).toMatch(message);
    expect(e!.line).toBeGreaterThan(0);
    expect(e!.column).toBeGreaterThan(0);
  });

  it('allows heartbeat v2 only with the variants that add it (KAFKA-20870 B signal, D nested)', () => {
    expect(onlyError({ steps: [{ send: 'StreamsGroupHeartbeat', version: 2 }] }).message).toMatch(/v2 exists only with variants "B-accumulate-signal" and "D-nested-report"/);
    const b = ok({ variant: 'B-accumulate-signal', steps: [{ send: 'StreamsGroupHeartbeat', version: 2, data: { memberEpoch: 3, activeTasks: [] } }, { send: 'StreamsGroupHeartbeat' }] });
    expect(b.steps.map((x) => ('version' in x ? x.version : null))).toEqual([2, 1]);
    ok({ variant: 'D-nested-report', steps: [{ send: 'StreamsGroupHeartbeat', version: 2, data: { memberEpoch: 0, ownedTasks: { activeTasks: [], standbyTasks: [], warmupTasks: [] } } }] });
    ok({ variant: 'D-nested-report', steps: [{ send: 'StreamsGroupHeartbeat', version: 1, data: { activeTasks: [] } }] });
    expect(onlyError({ variant: 'D-nested-report', steps: [{ send: 'StreamsGroupHeartbeat', version: 2, data: { activeTasks: [] } }] })).toMatchObject({
      path: '$.steps[0].data.activeTasks',
      message: expect.stringMatching(/not in StreamsGroupHeartbeat v2 of variant "D-nested-report"; send the owned tasks as "ownedTasks"/),
    });
    expect(onlyError({ steps: [{ send: 'StreamsGroupHeartbeat', data: { ownedTasks: null } }] }).message).toMatch(/only in StreamsGroupHeartbeat v2 with variant "D-nested-report"/);
    expect(onlyError({ variant: 'D-nested-report', steps: [{ send: 'StreamsGroupHeartbeat', version: 3 }] }).message).toMatch(/versions 0–2 in protocol "ak4" with variant "D-nested-report", got 3/);
  });

  it('accepts draft-only errors in draft scenarios', () => {
    ok({ protocol: 'kip1071-draft', steps: [{ advance: 0, expect: { error: 'STREAMS_GROUP_UNINITIALIZED' } }] });
  });

  it('reports several problems at once, in document order', () => {
    const es = errors({ protocol: 'x', steps: [{ advance: -1 }, { failover: 1 }], zzz: 1 });
    expect(es.map((e) => e.path)).toEqual(['$.protocol', '$.steps[0].advance', '$.steps[1].failover', '$.zzz']);
  });

  it('caps the number of reported problems', () => {
    const es = errors({ steps: Array.from({ length: 80 }, () => ({ advance: -1 })) });
    expect(es).toHaveLength(MAX_ERRORS);
    expect(es[MAX_ERRORS - 1]!.message).toMatch(/and 30 more problems not shown/);
  });

  it('reports a non-object document', () => {
    expect(onlyError('[1, 2]')).toMatchObject({ path: '$', line: 1, column: 1 });
    expect(onlyError('"x"').message).toMatch(/must be an object/);
  });

  it('reports JSON syntax errors as a single error', () => {
    expect(onlyError('{"steps": [}')).toMatchObject({ path: '$.steps[0]', line: 1, column: 12, message: 'Unexpected token } at 1:12, expected a value' });
  });
});
