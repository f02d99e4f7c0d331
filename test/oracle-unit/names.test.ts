// The oracle's run-scoped names (src/core/oracle/names.ts), its ListGroups normalisation and the planning of admin
// steps (no broker needed). The request shapes are Kafka 4.4's (the generated schemas); the ListGroups order follows
// GroupMetadataManager.listGroups, which iterates a TimelineHashMap of groups.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RunNames } from '../../src/core/oracle/names.ts';
import { compareWithKafka, NORMALISATIONS, sortByGroupId, type KafkaStepResult } from '../../src/core/oracle/compare.ts';
import { planOracle } from '../../src/core/oracle/plan.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';

const names = () => new RunNames('sgp-1234');

const example = (file: string): Scenario => {
  const p = parseScenario(readFileSync(file, 'utf8'));
  if (!p.ok) throw new Error(`${file} does not parse`);
  return p.scenario;
};

describe('run-scoped names', () => {
  it('renames every group id of the admin RPCs, not only the scenario group', () => {
    const n = names();
    expect(n.outbound('DeleteGroups', { groupsNames: ['app', 'audit'] })).toEqual({ groupsNames: ['app.sgp-1234', 'audit.sgp-1234'] });
    expect(n.outbound('DescribeGroups', { groups: ['audit'], includeAuthorizedOperations: false })).toEqual({ groups: ['audit.sgp-1234'], includeAuthorizedOperations: false });
    expect(n.outbound('StreamsGroupDescribe', { groupIds: ['app', 'other'] })).toEqual({ groupIds: ['app.sgp-1234', 'other.sgp-1234'] });
    expect(n.outbound('ListGroups', { statesFilter: ['empty'], typesFilter: [] })).toEqual({ statesFilter: ['empty'], typesFilter: [] });
    expect(n.groups).toEqual(['app.sgp-1234', 'audit.sgp-1234', 'other.sgp-1234']);
  });

  it('renames group ids and topic names in offset requests, OffsetFetch v0-7 and v8+ alike', () => {
    const n = names();
    const commit = { groupId: 'audit', memberId: '', generationIdOrMemberEpoch: -1, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0 }] }] };
    expect(n.outbound('OffsetCommit', commit)).toMatchObject({ groupId: 'audit.sgp-1234', topics: [{ name: 'sgp-1234.orders' }] });
    expect(commit.groupId).toBe('audit'); // the plan's request is not changed
    expect(n.outbound('OffsetDelete', { groupId: 'app', topics: [{ name: 'orders', partitions: [{ partitionIndex: 1 }] }] })).toMatchObject({
      groupId: 'app.sgp-1234',
      topics: [{ name: 'sgp-1234.orders' }],
    });
    expect(n.outbound('OffsetFetch', { groupId: 'app', topics: [{ name: 'orders', partitionIndexes: [0] }] })).toMatchObject({ groupId: 'app.sgp-1234', topics: [{ name: 'sgp-1234.orders' }] });
    expect(
      n.outbound('OffsetFetch', {
        groups: [
          { groupId: 'a', topics: null },
          { groupId: 'b', topics: [{ name: 't', partitionIndexes: [0] }] },
        ],
        requireStable: false,
      }),
    ).toEqual({
      groups: [
        { groupId: 'a.sgp-1234', topics: null },
        { groupId: 'b.sgp-1234', topics: [{ name: 'sgp-1234.t', partitionIndexes: [0] }] },
      ],
      requireStable: false,
    });
  });

  it('renames GROUP and TOPIC resources of IncrementalAlterConfigs and leaves the empty group id alone', () => {
    const n = names();
    const req = {
      resources: [
        { resourceType: 32, resourceName: 'app', configs: [] },
        { resourceType: 2, resourceName: 'orders', configs: [] },
      ],
      validateOnly: false,
    };
    expect((n.outbound('IncrementalAlterConfigs', req).resources as { resourceName: string }[]).map((r) => r.resourceName)).toEqual(['app.sgp-1234', 'sgp-1234.orders']);
    // OffsetCommit with groupId "": Kafka answers INVALID_GROUP_ID for the empty id, which a suffix would hide
    expect(n.outbound('OffsetCommit', { groupId: '', topics: [] })).toEqual({ groupId: '', topics: [] });
  });

  it('maps names back everywhere, error messages included', () => {
    const n = names();
    expect(n.inbound({ groups: [{ groupId: 'audit.sgp-1234', errorMessage: 'Group audit.sgp-1234 is not a streams group.' }], topics: [{ name: 'sgp-1234.orders' }] })).toEqual({
      groups: [{ groupId: 'audit', errorMessage: 'Group audit is not a streams group.' }],
      topics: [{ name: 'orders' }],
    });
  });

  it("keeps only this run's groups in a ListGroups answer: not other runs', nor the oracle's probe groups", () => {
    const n = names();
    const listed = {
      errorCode: 0,
      groups: [
        { groupId: 'app.sgp-9999', groupState: 'Stable' },
        { groupId: 'audit.sgp-1234', groupState: 'Empty' },
        { groupId: 'app.sgp-1234.probe1', groupState: 'Empty' },
        { groupId: 'app.sgp-1234', groupState: 'Stable' },
        { groupId: 'unrelated', groupState: 'Empty' },
      ],
    };
    expect(n.inbound(n.keepRunGroups(listed))).toEqual({
      errorCode: 0,
      groups: [
        { groupId: 'audit', groupState: 'Empty' },
        { groupId: 'app', groupState: 'Stable' },
      ],
    });
    expect(n.isRunGroup('app.sgp-1234')).toBe(true);
    expect(n.isRunGroup('app.sgp-1234.probe1')).toBe(false);
    expect(RunNames.recordGroup({ group: 'audit.sgp-1234', topic: 't', partition: 0 })).toBe('audit.sgp-1234');
    expect(RunNames.recordGroup({ groupId: 'app.sgp-1234' })).toBe('app.sgp-1234');
  });
});

describe('the ListGroups and DeleteGroups normalisations', () => {
  it('is named, and compares groups in group-id order on both sides, so only the order Kafka gives is forgiven', () => {
    expect(NORMALISATIONS.some((n) => n.startsWith('ListGroups:'))).toBe(true);
    expect(sortByGroupId({ groups: [{ groupId: 'b' }, { groupId: 'a' }] }, 'groups')).toEqual({ groups: [{ groupId: 'a' }, { groupId: 'b' }] });
    const scenario = example('static/examples/23-admin-groups.json');
    const trace = runScenario(scenario);
    const kafka: KafkaStepResult[] = trace.steps.map((t) => ({
      index: t.index,
      label: t.label,
      kind: t.kind,
      response: structuredClone(t.response) as Record<string, unknown> | null,
      exchanges: t.exchanges.map((x) => ({ member: x.member, response: structuredClone(x.response) as Record<string, unknown> })),
      records: t.records.map((r) => ({ type: r.type, key: structuredClone(r.key), value: structuredClone(r.value) })),
    }));
    const list = kafka[3]!.response as { groups: unknown[] };
    expect(list.groups).toHaveLength(2);
    list.groups.reverse();
    expect(compareWithKafka(trace.steps, kafka).firstDivergence).toBeNull();
    // DeleteGroups results likewise (GroupCoordinatorService.updateResponseAndGetNonErrorGroupList: a HashSet's order)
    const deleted = kafka[5]!.response as { results: { groupId: string }[] };
    expect(deleted.results.map((r) => r.groupId)).toEqual(['app', 'audit']);
    deleted.results.reverse();
    expect(compareWithKafka(trace.steps, kafka).firstDivergence).toBeNull();
    expect(NORMALISATIONS.some((n) => n.startsWith('DeleteGroups results:'))).toBe(true);
    // a group the playground does not list still differs
    list.groups.push({ groupId: 'zzz', protocolType: '', groupState: 'Empty', groupType: 'classic' });
    expect(compareWithKafka(trace.steps, kafka).firstDivergence).toBe(3);
  });
});

describe('the topic-id normalisation', () => {
  it("numbers each side's topic ids, so a broker's random id agrees with the playground's derived one", () => {
    const trace = runScenario(example('static/examples/23-admin-groups.json'));
    const kafka: KafkaStepResult[] = trace.steps.map((t) => ({
      index: t.index,
      label: t.label,
      kind: t.kind,
      response: structuredClone(t.response) as Record<string, unknown> | null,
      exchanges: t.exchanges.map((x) => ({ member: x.member, response: structuredClone(x.response) as Record<string, unknown> })),
      records: t.records.map((r) => ({ type: r.type, key: structuredClone(r.key), value: structuredClone(r.value) })),
    }));
    const commit = kafka[1]!.records[0]!.value!;
    expect(commit.topicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    commit.topicId = 'fczMuDFfS8ebyAhIipJjkQ';
    const rows = compareWithKafka(trace.steps, kafka);
    expect(rows.firstDivergence).toBeNull();
    expect((rows.steps[1]!.kafka.records[0]!.value as { topicId: string }).topicId).toBe('topic #1');
    expect(NORMALISATIONS.some((n) => n.startsWith('topicId:'))).toBe(true);
  });
});

describe('planning admin steps', () => {
  it('plans example 23 (ListGroups, DeleteGroups, an admin OffsetCommit to a second group)', () => {
    const planned = planOracle(example('static/examples/23-admin-groups.json'), { canRestart: true, brokerConfigsApplied: false });
    expect(planned.ok).toBe(true);
  });

  it('divides a duration group config set by a step by the time scale, and leaves counts alone', () => {
    const planned = planOracle(example('test/oracle/scenarios/group-configs-mid-scenario.json'), { canRestart: true, brokerConfigsApplied: false });
    if (!planned.ok) throw new Error(planned.reasons.join('; '));
    const step = planned.plan.steps.find((s) => s.kind === 'request' && s.request?.api === 'IncrementalAlterConfigs');
    const configs = step?.kind === 'request' ? (step.request!.request.resources as { configs: { name: string; value: string }[] }[])[0]!.configs : [];
    expect(Object.fromEntries(configs.map((c) => [c.name, c.value]))).toEqual({
      'streams.num.standby.replicas': '1',
      'streams.heartbeat.interval.ms': String(6000 / planned.plan.timeScale),
    });
  });

  it('refuses a bound check the oracle broker (lowered minimums) would answer otherwise (GroupConfig.validate)', () => {
    const planned = planOracle(example('static/examples/24-group-configs.json'), { canRestart: true, brokerConfigsApplied: false });
    expect(planned.ok).toBe(false);
    const reasons = planned.ok ? [] : planned.reasons;
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/^step 4 .*streams\.session\.timeout\.ms 10000 is outside the scenario's bounds 45000–60000.* is within the oracle broker's 100–60000/);
  });

  it('refuses IncrementalAlterConfigs on a broker resource and a DELETE of a group config', () => {
    const scenario = example('test/oracle/scenarios/group-configs-mid-scenario.json');
    const alter = (resources: unknown[]): Scenario => ({ ...scenario, steps: [...scenario.steps.slice(0, 3), { send: 'IncrementalAlterConfigs', data: { resources } } as Scenario['steps'][number]] });
    const broker = planOracle(alter([{ resourceType: 4, resourceName: '', configs: [{ name: 'log.retention.ms', configOperation: 0, value: '1' }] }]), {
      canRestart: true,
      brokerConfigsApplied: false,
    });
    expect(broker.ok ? [] : broker.reasons.join('\n')).toMatch(/resource type 4 would change the shared broker/);
    const deleted = planOracle(alter([{ resourceType: 32, resourceName: 'app', configs: [{ name: 'streams.session.timeout.ms', configOperation: 1, value: null }] }]), {
      canRestart: true,
      brokerConfigsApplied: false,
    });
    expect(deleted.ok ? [] : deleted.reasons.join('\n')).toMatch(/operation 1 on streams\.session\.timeout\.ms reverts to the broker's value/);
  });
});
