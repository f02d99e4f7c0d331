// kip1071-draft §12: the 25 most instructive branch tests, translated (seed design by default; the branch's own
// behaviour with draft.branch.defects = "true" where the two differ).
import { describe, expect, it } from 'vitest';
import { StickyTaskAssignor } from '../../src/core/assignor/sticky.ts';
import type { AssignmentMemberSpec } from '../../src/core/assignor/types.ts';
import { replay } from '../../src/core/coordinator/replay.ts';
import { currentAssignmentRecord } from '../../src/core/coordinator/records.ts';
import { newDraftGroup, newDraftMember, replayDraft } from '../../src/core/editions/kip1071-draft/replay.ts';
import { draftMemberMetadataRecord, draftGroupMetadataRecord } from '../../src/core/editions/kip1071-draft/records.ts';
import { EMPTY_TUPLE, taskSet, toObject, withEpoch, type TaskSet } from '../../src/core/model/tasks.ts';
import { buildCurrentAssignment, type OwnedReport, type ProcessLookups } from '../../src/core/reconcile/index.ts';
import { CLIENT, draftBroker, expectReplayEqualsLive, hb, init, join, sub, types } from './helpers.ts';
import { KIP1071_DRAFT } from '../../src/core/editions/kip1071-draft/edition.ts';

const BRANCH = { 'draft.branch.defects': 'true' };
const INPUT = [sub('subtopology-id', ['input-topic'])];

function invalid(data: Record<string, unknown>): string | null {
  const b = draftBroker();
  const o = b.send('StreamsGroupHeartbeat', 0, data, CLIENT);
  expect(o.errorName).toBe('INVALID_REQUEST');
  return o.errorMessage;
}

describe('§12 GroupMetadataManager tests (heartbeat / initialize / describe)', () => {
  it('1 testStreamsRequestValidation', () => {
    expect(invalid({})).toBe("GroupId can't be empty.");
    expect(invalid({ groupId: '   ' })).toBe("GroupId can't be empty.");
    expect(invalid({ groupId: 'foo', memberEpoch: 0 })).toBe('RebalanceTimeoutMs must be provided in first request.');
    expect(invalid({ groupId: 'foo', memberEpoch: 0, rebalanceTimeoutMs: 5000, standbyTasks: [], warmupTasks: [] })).toBe('ActiveTasks must be empty when (re-)joining.');
    expect(invalid({ groupId: 'foo', memberEpoch: 0, rebalanceTimeoutMs: 5000, activeTasks: [], warmupTasks: [] })).toBe('StandbyTasks must be empty when (re-)joining.');
    expect(invalid({ groupId: 'foo', memberEpoch: 0, rebalanceTimeoutMs: 5000, activeTasks: [], standbyTasks: [] })).toBe('WarmupTasks must be empty when (re-)joining.');
    expect(invalid({ groupId: 'foo', memberEpoch: 1 })).toBe("MemberId can't be empty.");
    expect(invalid({ groupId: 'foo', memberId: 'm', memberEpoch: 1, instanceId: '' })).toBe("InstanceId can't be empty.");
    expect(invalid({ groupId: 'foo', memberId: 'm', memberEpoch: 1, rackId: '' })).toBe("RackId can't be empty.");
    expect(invalid({ groupId: 'foo', memberId: 'm', memberEpoch: -2 })).toBe("InstanceId can't be null.");
    expect(invalid({ groupId: 'foo', memberId: 'm', memberEpoch: -3 })).toBe('MemberEpoch is invalid.');
    // an error response carries only the error: every other field at its default
    const o = draftBroker().send('StreamsGroupHeartbeat', 0, { groupId: '' }, CLIENT);
    expect(o.response).toEqual({
      throttleTimeMs: 0,
      errorCode: 42,
      errorMessage: "GroupId can't be empty.",
      memberId: null,
      memberEpoch: 0,
      heartbeatIntervalMs: 0,
      acceptableRecoveryLag: 0,
      taskOffsetIntervalMs: 0,
      shouldInitializeTopology: false,
      groupTopologyId: null,
      status: null,
      activeTasks: null,
      standbyTasks: null,
      warmupTasks: null,
      partitionsByUserEndpoint: null,
    });
  });

  it('2 testJoiningNonExistingStreamsGroup', () => {
    const b = draftBroker();
    const o = join(b, '');
    expect(o.errorName).toBe('NONE');
    expect(o.response.memberId).not.toBe('');
    expect(o.response).toMatchObject({ memberEpoch: 1, shouldInitializeTopology: true, activeTasks: [], standbyTasks: [], warmupTasks: [] });
    const recs = o.batch!.records;
    expect(recs).toHaveLength(5);
    expect(recs[0]!.value).toEqual({
      instanceId: null,
      rackId: null,
      clientId: 'client',
      clientHost: 'localhost/127.0.0.1',
      rebalanceTimeoutMs: 300000,
      topologyId: 'topology-id',
      processId: 'process-id',
      userEndpoint: null,
      clientTags: [],
    });
    expect(recs[1]!.value).toEqual({ epoch: 1 });
    expect(recs[2]!.value).toEqual({ activeTasks: [], standbyTasks: [], warmupTasks: [] });
    expect(recs[3]!.value).toEqual({ assignmentEpoch: 1 });
    expect(b.coordinator.stateOf('group-id')).toBe('Initializing');
    expect(b.coordinator.timerDeadline('topology-initialization-timeout-group-id-topology-id')).toBe(300000);
    expectReplayEqualsLive(b);
  });

  it('3 testJoiningExistingInitializingStreamsGroup', () => {
    const b = draftBroker();
    join(b, '');
    const o = join(b, '');
    expect(o.response).toMatchObject({ memberEpoch: 2, shouldInitializeTopology: false, activeTasks: [], standbyTasks: [], warmupTasks: [] });
    expect(types(o)).toEqual([
      'StreamsGroupMemberMetadata',
      'StreamsGroupMetadata',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMetadata',
      'StreamsGroupCurrentMemberAssignment',
    ]);
    expect(o.batch!.records[2]!.key.memberId).toBe(o.response.memberId);
    expect(b.coordinator.stateOf('group-id')).toBe('Initializing');
  });

  it('4 testInitTopologyExistingInitializingStreamsGroup', () => {
    const b = draftBroker({ 'input-topic': 3 });
    const m = join(b, '').response.memberId as string;
    const o = init(b, INPUT);
    expect(o.errorName).toBe('NONE');
    expect(types(o)).toEqual(['StreamsGroupTopology', 'StreamsGroupPartitionMetadata', 'StreamsGroupMetadata', 'StreamsGroupTargetAssignmentMember', 'StreamsGroupTargetAssignmentMetadata']);
    expect(o.batch!.records[0]!.value).toEqual({ topologyId: 'topology-id', topology: INPUT });
    expect(o.batch!.records[1]!.value).toMatchObject({ topics: [{ topicName: 'input-topic', numPartitions: 3, partitionMetadata: [] }] });
    expect(o.batch!.records[2]!.value).toEqual({ epoch: 2 });
    expect(o.batch!.records[3]!.key.memberId).toBe(m);
    expect(o.batch!.records[3]!.value).toMatchObject({ activeTasks: [{ subtopologyId: 'subtopology-id', partitions: [0, 1, 2] }] });
    expect(o.batch!.records[4]!.value).toEqual({ assignmentEpoch: 2 });
    expect(b.coordinator.timerDeadline('topology-initialization-timeout-group-id-topology-id')).toBeNull();
    expect(b.coordinator.stateOf('group-id')).toBe('Reconciling');
    expectReplayEqualsLive(b);
  });

  it('5 testInitTopologyWithWrongGroupId: branch GROUP_ID_NOT_FOUND; seed creates an empty initialized group', () => {
    const branch = draftBroker({ 'input-topic': 3 }, BRANCH);
    join(branch, '');
    const o = init(branch, INPUT, 'topology-id', 'wrong-group-id');
    expect([o.errorName, o.errorMessage]).toEqual(['GROUP_ID_NOT_FOUND', 'Streams group wrong-group-id not found.']);

    const seed = draftBroker({ 'input-topic': 3 });
    const s = init(seed, INPUT, 'topology-id', 'wrong-group-id');
    expect(s.errorName).toBe('NONE');
    expect(types(s)).toEqual(['StreamsGroupTopology', 'StreamsGroupPartitionMetadata', 'StreamsGroupMetadata', 'StreamsGroupTargetAssignmentMetadata']);
    expect(seed.coordinator.stateOf('wrong-group-id')).toBe('Empty');
    expectReplayEqualsLive(seed);
  });

  it('6 testInitTopologyWithWrongTopologyId: branch ignores it; seed lets any client initialize', () => {
    const branch = draftBroker({ 'input-topic': 3 }, BRANCH);
    join(branch, '');
    const o = init(branch, INPUT, 'wrong-topology-id');
    expect(o.errorName).toBe('NONE');
    expect(o.batch).toBeNull();
    expect(branch.coordinator.timerDeadline('topology-initialization-timeout-group-id-topology-id')).toBe(300000);

    const seed = draftBroker({ 'input-topic': 3 });
    join(seed, '');
    const s = init(seed, INPUT, 'wrong-topology-id');
    expect(types(s)[0]).toBe('StreamsGroupTopology');
    expect(seed.coordinator.groups.get('group-id')!.topologyId).toBe('wrong-topology-id');
    // the other topology's pending timer is cancelled too: nobody is fenced for not initializing
    expect(seed.coordinator.timerDeadline('topology-initialization-timeout-group-id-topology-id')).toBeNull();
  });

  it('7 testInitTopologyForInitializedStreamsGroup: the second Initialize writes nothing', () => {
    for (const config of [{}, BRANCH]) {
      const b = draftBroker({ 'input-topic': 3 }, config);
      join(b, '');
      init(b, INPUT);
      const o = init(b, INPUT);
      expect([o.errorName, o.batch]).toEqual(['NONE', null]);
    }
  });

  it('8 testTopologyInitializationMissingInternalTopics: branch 129; seed checks the source topics first (131)', () => {
    const topology = [
      sub('subtopology-id', ['bar'], {
        repartitionSourceTopics: [{ name: 'repartition', partitions: 4, replicationFactor: 0, topicConfigs: [{ key: 'config-name1', value: 'config-value1' }] }],
        stateChangelogTopics: [{ name: 'changelog', partitions: 0, replicationFactor: 0, topicConfigs: [{ key: 'config-name2', value: 'config-value2' }] }],
      }),
    ];
    const branch = draftBroker({ repartition: 6 }, BRANCH);
    join(branch, '');
    const o = init(branch, topology);
    expect([o.errorName, o.errorMessage, o.batch]).toEqual(['STREAMS_INVALID_TOPOLOGY', 'Internal topics changelog do not exist.', null]);
    expect(o.response).toEqual({ throttleTimeMs: 0, errorCode: 129, errorMessage: 'Internal topics changelog do not exist.' });
    // the timer was cancelled before the check: the next heartbeat asks again
    expect(branch.coordinator.timerDeadline('topology-initialization-timeout-group-id-topology-id')).toBeNull();

    const seed = draftBroker({ repartition: 6 });
    join(seed, '');
    const s = init(seed, topology);
    expect([s.errorName, s.errorMessage]).toEqual(['STREAMS_MISSING_SOURCE_TOPICS', 'Missing source topics: bar']);
    expect(s.response).toMatchObject({ errorCode: 131 });
  });

  it('9 testStreamsGroupDescribeNoErrors / WithErrors', () => {
    const b = draftBroker();
    join(b, 'gone', {}, 'group-id-1');
    hb(b, 'gone', -1, {}, 'group-id-1');
    join(b, 'member-id', { processId: 'processId', clientTags: [{ key: 'clientTag', value: 'clientValue' }] }, 'group-id-2');
    const o = b.send('StreamsGroupDescribe', 0, { groupIds: ['group-id-1', 'group-id-2', 'groupId', ''] }, CLIENT);
    const groups = (o.response as { groups: Record<string, unknown>[] }).groups;
    expect(groups[0]).toMatchObject({ errorCode: 0, groupId: 'group-id-1', groupState: 'Initializing', groupEpoch: 2, assignmentEpoch: 1, topology: null, members: [] });
    expect(groups[1]).toMatchObject({
      groupState: 'Initializing',
      members: [
        {
          memberId: 'member-id',
          memberEpoch: 1,
          topologyId: 'topology-id',
          processId: 'processId',
          clientId: 'client',
          clientHost: 'localhost/127.0.0.1',
          clientTags: [{ key: 'clientTag', value: 'clientValue' }],
          taskOffsets: [],
          taskEndOffsets: [],
          assignment: { activeTasks: [], standbyTasks: [], warmupTasks: [] },
          targetAssignment: { activeTasks: [], standbyTasks: [], warmupTasks: [] },
        },
      ],
    });
    expect(groups[2]).toMatchObject({ groupId: 'groupId', errorCode: 69 });
    expect(groups[3]).toMatchObject({ groupId: null, errorCode: 24 });
    expect(groups[1]!.authorizedOperations).toBe(-2147483648);
    expect(o.batch).toBeNull();
  });

  it('10 describe shows the topology once initialized, and nothing of a failed operation', () => {
    // ⚠ branch: an empty SourceTopics list makes the task count lookup throw; the seed's topic check rejects it (129)
    const branch = draftBroker({ 'input-topic': 3 }, BRANCH);
    join(branch, 'm');
    expect(init(branch, [sub('x', [])]).errorName).toBe('UNKNOWN_SERVER_ERROR');
    expect(branch.coordinator.groups.get('group-id')!.topology).toBeNull();
    const b = draftBroker({ 'input-topic': 3 });
    join(b, 'm');
    const failed = init(b, [sub('x', [])]);
    expect([failed.errorName, failed.errorMessage]).toEqual(['STREAMS_INVALID_TOPOLOGY', 'No source topics found for subtopology x']);
    let d = (b.send('StreamsGroupDescribe', 0, { groupIds: ['group-id'] }, CLIENT).response as { groups: Record<string, unknown>[] }).groups[0]!;
    expect(d.topology).toBeNull();
    join(b, 'm2');
    init(b, INPUT);
    d = (b.send('StreamsGroupDescribe', 0, { groupIds: ['group-id'], includeAuthorizedOperations: true }, CLIENT).response as { groups: Record<string, unknown>[] }).groups[0]!;
    expect(d.topology).toEqual([
      { subtopologyId: 'subtopology-id', sourceTopics: ['input-topic'], repartitionSinkTopics: [], sourceTopicRegex: [], stateChangelogTopics: [], repartitionSourceTopics: [] },
    ]);
    expect(d.authorizedOperations).not.toBe(-2147483648);
  });
});

describe('§12 StreamsGroup tests', () => {
  it('11 testGroupState', () => {
    const g = newDraftGroup('g');
    expect(g.state()).toBe('INITIALIZING');
    g.putMember({ ...newDraftMember('member1'), memberEpoch: 1, processId: 'p' });
    g.groupEpoch = 1;
    expect(g.state()).toBe('INITIALIZING');
    g.topology = { epoch: 0, subtopologies: [] };
    expect(g.state()).toBe('ASSIGNING');
    g.putMember({ ...newDraftMember('member2'), memberEpoch: 1, processId: 'p' });
    g.groupEpoch = 2;
    expect(g.state()).toBe('ASSIGNING');
    g.assignmentEpoch = 2;
    expect(g.state()).toBe('RECONCILING');
    g.putMember({ ...g.members.get('member1')!, memberEpoch: 2 });
    expect(g.state()).toBe('RECONCILING');
    g.putMember({ ...g.members.get('member2')!, memberEpoch: 2, state: 'UNREVOKED_TASKS' });
    expect(g.state()).toBe('RECONCILING');
    g.putMember({ ...g.members.get('member2')!, state: 'STABLE' });
    expect(g.state()).toBe('STABLE');
    g.removeMember('member1');
    g.removeMember('member2');
    expect(g.state()).toBe('EMPTY');
  });

  it('12 expiry: INITIALIZING and EMPTY groups without members expire (seed); branch: EMPTY only, and its deletion fails on replay', () => {
    const seed = draftBroker();
    join(seed, 'm');
    hb(seed, 'm', -1);
    expect(seed.coordinator.stateOf('group-id')).toBe('Initializing');
    const fired = seed.advance(600000);
    expect(fired.find((f) => f.timer.key === 'offsets-retention-check')!.effect).toBe('retention check deleted group-id');
    expect(seed.coordinator.groups.has('group-id')).toBe(false);
    expectReplayEqualsLive(seed);

    const seedEmpty = draftBroker({ 'input-topic': 3 });
    init(seedEmpty, INPUT);
    expect(seedEmpty.coordinator.stateOf('group-id')).toBe('Empty');
    const recs = seedEmpty
      .advance(600000)
      .find((f) => f.timer.key === 'offsets-retention-check')!
      .batch!.records.map((r) => r.type);
    expect(recs.slice(-2)).toEqual(['StreamsGroupTopology', 'StreamsGroupMetadata']);
    expect(seedEmpty.coordinator.groups.has('group-id')).toBe(false);

    const branch = draftBroker({ 'input-topic': 3 }, BRANCH);
    join(branch, 'm');
    hb(branch, 'm', -1);
    expect(branch.advance(600000).find((f) => f.timer.key === 'offsets-retention-check')!.effect).toBe('retention check: nothing expired');
    const branchEmpty = draftBroker({ 'input-topic': 3 }, BRANCH);
    join(branchEmpty, 'm');
    init(branchEmpty, INPUT);
    hb(branchEmpty, 'm', -1);
    expect(branchEmpty.coordinator.stateOf('group-id')).toBe('Empty');
    const f = branchEmpty.advance(600000).find((x) => x.timer.key === 'offsets-retention-check')!;
    expect(f.effect).toBe('retention check deleted group-id failed: UNKNOWN_SERVER_ERROR');
    expect(branchEmpty.coordinator.groups.has('group-id')).toBe(true);
  });

  it('13 an active task has one owner process, even within one process (replay throws)', () => {
    const groups = new Map();
    const g = 'g';
    const m1 = { ...newDraftMember('m1'), processId: 'process', topologyId: 't' };
    replayDraft(groups, draftMemberMetadataRecord(g, m1));
    replayDraft(groups, currentAssignmentRecord(g, { ...m1, memberEpoch: 1, assignedTasks: { ...EMPTY_TUPLE, active: withEpoch(taskSet({ 'foo-sub': [1] }), 1) } }, false));
    const m2 = { ...newDraftMember('m2'), processId: 'process', topologyId: 't' };
    replayDraft(groups, draftMemberMetadataRecord(g, m2));
    expect(() => replayDraft(groups, currentAssignmentRecord(g, { ...m2, memberEpoch: 1, assignedTasks: { ...EMPTY_TUPLE, active: withEpoch(taskSet({ 'foo-sub': [1] }), 1) } }, false))).toThrow(
      /still owned by process ID process/,
    );
    // the same member may keep it, and a new process id re-keys the index
    replayDraft(groups, draftMemberMetadataRecord(g, { ...m1, memberEpoch: 1, processId: 'process1' }));
    expect(groups.get(g).activeTaskProcessId.get('foo-sub').get(1)).toBe('process1');
  });

  it('14 metadata refresh: no refresh on a topic change (⚠), but on the first heartbeat after a fail-over', () => {
    const b = draftBroker({ 'input-topic': 3 });
    join(b, 'm', { processId: 'p' });
    init(b, INPUT);
    hb(b, 'm', 1);
    b.changeTopics({ partitions: { 'input-topic': 5 } });
    const o = hb(b, 'm', 2);
    expect(o.batch).toBeNull();
    b.failover();
    const after = hb(b, 'm', 2);
    expect(types(after)).toEqual([
      'StreamsGroupPartitionMetadata',
      'StreamsGroupMetadata',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMetadata',
      'StreamsGroupCurrentMemberAssignment',
    ]);
    expect(after.response).toMatchObject({ memberEpoch: 3, activeTasks: [{ subtopologyId: 'subtopology-id', partitions: [0, 1, 2, 3, 4] }] });
    expectReplayEqualsLive(b);
  });

  it('15 replay of a member tombstone requires the current-assignment and target tombstones first', () => {
    const groups = new Map();
    replayDraft(groups, draftGroupMetadataRecord('g', 1));
    replayDraft(groups, draftMemberMetadataRecord('g', { ...newDraftMember('m'), processId: 'p', topologyId: 't' }));
    expect(() => replay(groups, { type: 'StreamsGroupMemberMetadata', key: { groupId: 'g', memberId: 'm' }, value: null }, KIP1071_DRAFT)).toThrow(
      /StreamsGroupCurrentMemberAssignmentValue tombstone/,
    );
    expect(() => replay(groups, { type: 'StreamsGroupPartitionMetadata', key: { groupId: 'nope' }, value: null }, KIP1071_DRAFT)).toThrow(/Streams group nope not found/);
  });
});

// --- CurrentAssignmentBuilder (draft flavour), kip1071-draft §4.8 ---
const ts = (o: Record<string, number[]>): TaskSet => taskSet(o);
function member(state: 'STABLE' | 'UNREVOKED_TASKS' | 'UNRELEASED_TASKS' | 'UNKNOWN', epoch: number, prev: number, assigned: Record<string, number[]>, pending: Record<string, number[]> = {}) {
  return {
    ...newDraftMember('m'),
    processId: 'process',
    state,
    memberEpoch: epoch,
    previousMemberEpoch: prev,
    assignedTasks: { ...EMPTY_TUPLE, active: withEpoch(ts(assigned), epoch) },
    tasksPendingRevocation: { ...EMPTY_TUPLE, active: ts(pending) },
  };
}
const noOwners: ProcessLookups = { activeTaskProcessId: () => undefined, standbyTaskProcessIds: () => undefined, warmupTaskProcessIds: () => undefined };
const NULLS: OwnedReport = { active: null, standby: null, warmup: null };
const owned = (a: Record<string, number[]>): OwnedReport => ({ active: ts(a), standby: new Map(), warmup: new Map() });
function reconcile(m: ReturnType<typeof member>, targetEpoch: number, target: Record<string, number[]>, report: OwnedReport, lookups: ProcessLookups = noOwners) {
  const r = buildCurrentAssignment({ member: m, targetEpoch, target: { ...EMPTY_TUPLE, active: ts(target) }, report, lookups, flavour: 'draft', reportRule: 'all-or-nothing' });
  return {
    state: r.state,
    epoch: r.memberEpoch,
    prev: r.previousMemberEpoch,
    assigned: toObject(new Map([...r.assignedTasks.active].map(([s, p]) => [s, new Set(p.keys())]))),
    pending: toObject(r.tasksPendingRevocation.active),
  };
}

describe('§12 CurrentAssignmentBuilder tests (draft flavour, active role)', () => {
  it('16 testStableToUnrevokedTasks', () => {
    expect(reconcile(member('STABLE', 10, 10, { s1: [1, 2], s2: [3, 4] }), 11, { s1: [2, 3], s2: [4, 5] }, NULLS)).toEqual({
      state: 'UNREVOKED_TASKS',
      epoch: 10,
      prev: 10,
      assigned: { s1: [2], s2: [4] },
      pending: { s1: [1], s2: [3] },
    });
  });

  it('17 testStableToUnreleasedTasksWithOwnedTasksNotHavingRevokedTasks', () => {
    const lookups = { ...noOwners, activeTaskProcessId: (s: string) => (s === 's2' ? 'process' : undefined) };
    expect(reconcile(member('STABLE', 10, 10, { s1: [1, 2], s2: [3, 4] }), 11, { s1: [1, 2], s2: [3, 5] }, owned({}), lookups)).toEqual({
      state: 'UNRELEASED_TASKS',
      epoch: 11,
      prev: 10,
      assigned: { s1: [1, 2], s2: [3] },
      pending: {},
    });
  });

  it('18 testRemainsInUnrevokedTasks', () => {
    const m = member('UNREVOKED_TASKS', 10, 10, { s1: [2, 3], s2: [5, 6] }, { s1: [1], s2: [4] });
    for (const report of [NULLS, owned({ s1: [1, 2, 3], s2: [5, 6] }), owned({ s1: [2, 3], s2: [4, 5, 6] })]) {
      expect(reconcile(m, 12, { s1: [3], s2: [6] }, report)).toMatchObject({ state: 'UNREVOKED_TASKS', epoch: 10, pending: { s1: [1], s2: [4] } });
    }
  });

  it('19 testUnrevokedTasksToUnrevokedTasks: the candidate epoch is old + 1', () => {
    const m = member('UNREVOKED_TASKS', 10, 10, { s1: [2, 3], s2: [5, 6] }, { s1: [1], s2: [4] });
    expect(reconcile(m, 12, { s1: [3], s2: [6] }, owned({ s1: [2, 3], s2: [5, 6] }))).toEqual({
      state: 'UNREVOKED_TASKS',
      epoch: 11,
      prev: 10,
      assigned: { s1: [3], s2: [6] },
      pending: { s1: [2], s2: [5] },
    });
  });

  it('20 testUnrevokedTasksToUnreleasedTasks', () => {
    const m = member('UNREVOKED_TASKS', 11, 10, { s1: [2, 3], s2: [5, 6] });
    const lookups = { ...noOwners, activeTaskProcessId: () => 'process' };
    expect(reconcile(m, 11, { s1: [2, 3, 4], s2: [5, 6, 7] }, owned({ s1: [2, 3], s2: [5, 6] }), lookups)).toEqual({
      state: 'UNRELEASED_TASKS',
      epoch: 11,
      prev: 11,
      assigned: { s1: [2, 3], s2: [5, 6] },
      pending: {},
    });
  });

  it('21 testUnreleasedTasksToUnreleasedTasks (other role on the same process; any other active owner)', () => {
    const m = member('UNRELEASED_TASKS', 11, 11, { s1: [2, 3], s2: [5, 6] });
    const standbyHere = { ...noOwners, standbyTaskProcessIds: () => new Set(['process']) };
    expect(reconcile(m, 11, { s1: [2, 3, 4], s2: [5, 6, 7] }, NULLS, standbyHere)).toMatchObject({ state: 'UNRELEASED_TASKS', epoch: 11, prev: 11, assigned: { s1: [2, 3], s2: [5, 6] } });
    const other = { ...noOwners, activeTaskProcessId: (s: string, p: number) => (s === 's1' && p === 4 ? 'anyOtherProcess' : undefined) };
    expect(reconcile(m, 11, { s1: [2, 3, 4], s2: [5, 6, 7] }, NULLS, other)).toMatchObject({ state: 'UNRELEASED_TASKS', epoch: 11, prev: 11, assigned: { s1: [2, 3], s2: [5, 6, 7] } });
  });

  it('22 testUnknownState', () => {
    const m = member('UNKNOWN', 11, 11, { s1: [3], s2: [6] }, { s1: [2], s2: [5] });
    expect(() => reconcile(m, 12, { s1: [3], s2: [6] }, NULLS)).toThrow(/unknown state/);
    expect(reconcile(m, 12, { s1: [3], s2: [6] }, owned({}))).toEqual({ state: 'STABLE', epoch: 12, prev: 11, assigned: { s1: [3], s2: [6] }, pending: {} });
  });
});

describe('§12 TargetAssignmentBuilder / assignor / topic library', () => {
  it('23 testReplaceStaticMember: the rejoining static member inherits the target; old member tombstones first', () => {
    const b = draftBroker({ 'input-topic': 6 });
    join(b, 'member-1', { instanceId: 'instance-1', processId: 'p1' });
    join(b, 'member-2', { instanceId: 'instance-2', processId: 'p2' });
    init(b, INPUT);
    hb(b, 'member-1', 2, { instanceId: 'instance-1' });
    hb(b, 'member-2', 2, { instanceId: 'instance-2' });
    const before = toObject(b.coordinator.groups.get('group-id')!.targetAssignment.get('member-2')!.active);
    expect(hb(b, 'member-2', -2, { instanceId: 'instance-2' }).response).toMatchObject({ memberId: 'member-2', memberEpoch: -2, heartbeatIntervalMs: 0 });
    const o = join(b, 'member-2-a', { instanceId: 'instance-2', processId: 'p2' });
    expect(o.errorName).toBe('NONE');
    expect(types(o)).toEqual([
      'StreamsGroupCurrentMemberAssignment',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupMemberMetadata',
      'StreamsGroupMemberMetadata',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMetadata',
      'StreamsGroupCurrentMemberAssignment',
    ]);
    expect(o.batch!.records.slice(0, 3).every((r) => r.value === null && r.key.memberId === 'member-2')).toBe(true);
    const g = b.coordinator.groups.get('group-id')!;
    expect(toObject(g.targetAssignment.get('member-2-a')!.active)).toEqual(before);
    expect(g.groupEpoch).toBe(3); // joins 1, 2, Initialize 3; the replacement (same topology id) does not bump
    expect(o.response.activeTasks).toEqual([{ subtopologyId: 'subtopology-id', partitions: before['subtopology-id'] }]);
    expectReplayEqualsLive(b);
  });

  it('24 shouldKeepActiveTaskStickinessWhenMoreClientThanActiveTasks', () => {
    const assignor = new StickyTaskAssignor({ flavour: 'draft' });
    const spec = (pid: string, prev: Record<string, number[]>): AssignmentMemberSpec => ({
      instanceId: null,
      rackId: null,
      activeTasks: ts(prev),
      standbyTasks: new Map(),
      warmupTasks: new Map(),
      processId: pid,
      clientTags: new Map(),
      taskOffsets: new Map(),
      taskEndOffsets: new Map(),
    });
    const topo = { subtopologies: () => ['s'], maxNumInputPartitions: () => 3, isStateful: () => false };
    const run = (prev: Record<string, number>) => {
      const members = new Map(['m1', 'm2', 'm3', 'm4', 'm5'].map((m, i) => [m, spec(`p${i + 1}`, prev[m] !== undefined ? { s: [prev[m]!] } : {})]));
      const out = assignor.assign({ members, assignmentConfigs: new Map() }, topo);
      return Object.fromEntries([...out.members].map(([m, a]) => [m, toObject(a.activeTasks)]));
    };
    expect(run({ m1: 0, m2: 2, m3: 1 })).toEqual({ m1: { s: [0] }, m2: { s: [2] }, m3: { s: [1] }, m4: {}, m5: {} });
    expect(run({ m2: 0, m4: 2, m5: 1 })).toEqual({ m1: {}, m2: { s: [0] }, m3: {}, m4: { s: [2] }, m5: { s: [1] } });
  });

  it('25 testConfigureTopics / testMissingTopics through Initialize (seed): the broker creates the missing internal topics', () => {
    const topology = [
      sub('subtopology1', ['source_topic1'], {
        repartitionSinkTopics: ['repartition_topic'],
        stateChangelogTopics: [{ name: 'state_changelog_topic1', partitions: 0, replicationFactor: 0, topicConfigs: [{ key: 'cleanup.policy', value: 'compact' }] }],
      }),
      sub('subtopology2', ['source_topic2'], {
        repartitionSourceTopics: [{ name: 'repartition_topic', partitions: 0, replicationFactor: 3, topicConfigs: [] }],
        stateChangelogTopics: [{ name: 'state_changelog_topic2', partitions: 0, replicationFactor: 0, topicConfigs: [] }],
        copartitionGroups: [{ sourceTopics: [0], sourceTopicRegex: [], repartitionSourceTopics: [0] }],
      }),
    ];
    const b = draftBroker({ source_topic1: 2, source_topic2: 2, state_changelog_topic2: 2 });
    join(b, 'm', { processId: 'p' });
    const o = init(b, topology);
    expect(o.errorName).toBe('NONE');
    expect(o.createdTopics).toEqual([
      { name: 'repartition_topic', partitions: 2 },
      { name: 'state_changelog_topic1', partitions: 2 },
    ]);
    expect(b.topics.get('repartition_topic')).toBe(2);
    // the repartition topic is part of the subscription although it was created by this request
    expect((o.batch!.records[1]!.value as { topics: { topicName: string }[] }).topics.map((t) => t.topicName)).toEqual(['repartition_topic', 'source_topic1', 'source_topic2']);

    // RepartitionTopics: a missing external source topic
    const missing = draftBroker({ source2: 4 });
    const m = init(missing, [
      sub('subtopology_0', ['source1', 'source2', 'repartition1', 'repartition2'], {
        repartitionSourceTopics: [
          { name: 'repartition1', partitions: 4, replicationFactor: 0, topicConfigs: [] },
          { name: 'repartition2', partitions: 2, replicationFactor: 0, topicConfigs: [] },
        ],
      }),
      sub('subtopology_1', ['repartition1']),
    ]);
    expect([m.errorName, m.errorMessage]).toEqual(['STREAMS_MISSING_SOURCE_TOPICS', 'Missing source topics: source1']);
    // an existing internal topic with another partition count is inconsistent (134)
    const bad = draftBroker({ in: 4, rep: 3 });
    const x = init(bad, [
      sub('0', ['in'], { repartitionSinkTopics: ['rep'] }),
      sub('1', ['rep'], { repartitionSourceTopics: [{ name: 'rep', partitions: 4, replicationFactor: 0, topicConfigs: [] }] }),
    ]);
    expect(x.errorName).toBe('STREAMS_INCONSISTENT_INTERNAL_TOPICS');
    expect(x.response).toMatchObject({ errorCode: 134 });
  });
});
