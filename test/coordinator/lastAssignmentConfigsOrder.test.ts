// GroupMetadataManager.streamsGroupFenceMember writes StreamsGroupMetadata with the group's stored
// LastAssignmentConfigs (StreamsGroup.lastAssignmentConfigs), as replay(StreamsGroupMetadataKey, …) stored them: in
// Kafka 4.2.2 the entries of StreamsGroup's TimelineHashMap in its iteration order (filled through Collectors.toMap's
// HashMap), from 4.3.2 a TreeMap copy, sorted by key. Checked against the shard engine (4.2.2 and 4.4.0 jars).
import { describe, expect, it } from 'vitest';
import type { KafkaRelease } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

type KeyValue = { key: string; value: string };

/** Member b of a group whose metadata stored `configs`, then b leaves: the configs the fencing writes back. */
function writtenBack(kafka: KafkaRelease, configs: KeyValue[]): KeyValue[] {
  const key = { groupId: 'app' };
  const member = { groupId: 'app', memberId: 'b' };
  const doc = {
    format: 1,
    protocol: 'ak4',
    kafka,
    groupId: 'app',
    topics: [{ name: 'in0', partitions: 2 }],
    topology: { epoch: 1, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] },
    clients: { b: { profile: 'java' } },
    initialLog: [
      {
        type: 'StreamsGroupMemberMetadata',
        key: member,
        value: { instanceId: null, rackId: null, clientId: 'b', clientHost: '/127.0.0.1', rebalanceTimeoutMs: 300000, topologyEpoch: 1, processId: 'p1', userEndpoint: null, clientTags: [] },
      },
      { type: 'StreamsGroupMetadata', key, value: { epoch: 2, metadataHash: '0', validatedTopologyEpoch: -1, lastAssignmentConfigs: configs } },
      {
        type: 'StreamsGroupCurrentMemberAssignment',
        key: member,
        value: {
          memberEpoch: 2,
          previousMemberEpoch: 0,
          state: 0,
          activeTasks: [],
          standbyTasks: [],
          warmupTasks: [],
          activeTasksPendingRevocation: [],
          standbyTasksPendingRevocation: [],
          warmupTasksPendingRevocation: [],
        },
      },
      { type: 'StreamsGroupTargetAssignmentMember', key: member, value: { activeTasks: [], standbyTasks: [], warmupTasks: [] } },
      { type: 'StreamsGroupTargetAssignmentMetadata', key, value: { assignmentEpoch: 2 } },
    ],
    steps: [{ client: 'b', do: 'leave' }],
  };
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) throw new Error(`${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
  const step = runScenario(parsed.scenario).steps[0]!;
  const meta = step.records.find((r) => r.type === 'StreamsGroupMetadata');
  if (!meta) throw new Error(`no StreamsGroupMetadata written: ${step.errorName}`);
  return (meta.value as { lastAssignmentConfigs: KeyValue[] }).lastAssignmentConfigs;
}

const keys = (c: KeyValue[]) => c.map((kv) => kv.key);
const TWO = [
  { key: 'num.standby.replicas', value: '0' },
  { key: 'rack.aware.assignment.tags', value: 'zone' },
];
const THREE = [...TWO, { key: 'acceptable.recovery.lag', value: '7' }];

describe('GroupMetadataManager.streamsGroupFenceMember: the stored LastAssignmentConfigs it writes back', () => {
  it('4.2: in the order of StreamsGroup.lastAssignmentConfigs, a TimelineHashMap (2 slots for two keys, 4 for three)', () => {
    expect(keys(writtenBack('4.2', TWO))).toEqual(['rack.aware.assignment.tags', 'num.standby.replicas']);
    expect(keys(writtenBack('4.2', THREE))).toEqual(['acceptable.recovery.lag', 'rack.aware.assignment.tags', 'num.standby.replicas']);
    expect(writtenBack('4.2', THREE).find((kv) => kv.key === 'acceptable.recovery.lag')!.value).toBe('7');
  });

  it('4.3 and 4.4: sorted by key (StreamsGroup.lastAssignmentConfigs returns a TreeMap copy)', () => {
    for (const k of ['4.3', '4.4'] as const) {
      expect(keys(writtenBack(k, TWO)), k).toEqual(['num.standby.replicas', 'rack.aware.assignment.tags']);
      expect(keys(writtenBack(k, THREE)), k).toEqual(['acceptable.recovery.lag', 'num.standby.replicas', 'rack.aware.assignment.tags']);
    }
  });
});
