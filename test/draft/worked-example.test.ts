// kip1071-draft §4.13: the worked end-to-end example, step by step, with replay = live after every step.
import { describe, expect, it } from 'vitest';
import { draftBroker, expectReplayEqualsLive, hb, init, join, sub, types } from './helpers.ts';

describe('kip1071-draft §4.13 worked example', () => {
  it('runs steps 1-7 with the spec records, responses, states and timers', () => {
    const b = draftBroker({ input: 3 });
    const g = () => b.coordinator.groups.get('group-id')!;

    // 1. A joins with an empty member id
    const s1 = join(b, '', { processId: 'p1' });
    expect(s1.errorName).toBe('NONE');
    const A = s1.response.memberId as string;
    expect(A).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(types(s1)).toEqual([
      'StreamsGroupMemberMetadata',
      'StreamsGroupMetadata',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMetadata',
      'StreamsGroupCurrentMemberAssignment',
    ]);
    expect(s1.response).toMatchObject({ memberEpoch: 1, heartbeatIntervalMs: 5000, shouldInitializeTopology: true, activeTasks: [], standbyTasks: [], warmupTasks: [] });
    expect(b.coordinator.timerDeadline(`session-timeout-group-id-${A}`)).toBe(45000);
    expect(b.coordinator.timerDeadline('topology-initialization-timeout-group-id-topology-id')).toBe(300000);
    expect(g().state()).toBe('INITIALIZING');
    expect([g().groupEpoch, g().assignmentEpoch]).toEqual([1, 1]);
    expectReplayEqualsLive(b);

    // 2. Initialize
    const s2 = init(b, [sub('0', ['input'])]);
    expect(s2.errorName).toBe('NONE');
    expect(types(s2)).toEqual(['StreamsGroupTopology', 'StreamsGroupPartitionMetadata', 'StreamsGroupMetadata', 'StreamsGroupTargetAssignmentMember', 'StreamsGroupTargetAssignmentMetadata']);
    expect(s2.batch!.records[3]!.value).toEqual({ activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2] }], standbyTasks: [], warmupTasks: [] });
    expect(b.coordinator.timerDeadline('topology-initialization-timeout-group-id-topology-id')).toBeNull();
    expect(g().state()).toBe('RECONCILING');
    expectReplayEqualsLive(b);

    // 3. A heartbeats with epoch 1, lists null
    const s3 = hb(b, A, 1);
    expect(types(s3)).toEqual(['StreamsGroupCurrentMemberAssignment']);
    expect(s3.batch!.records[0]!.value).toMatchObject({ memberEpoch: 2, previousMemberEpoch: 1, state: 1 });
    expect(s3.response).toMatchObject({ memberEpoch: 2, shouldInitializeTopology: false, activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2] }], standbyTasks: [], warmupTasks: [] });
    expect(g().state()).toBe('STABLE');
    expectReplayEqualsLive(b);

    // 4. B joins
    const s4 = join(b, '', { processId: 'p2' });
    const B = s4.response.memberId as string;
    expect(B).not.toBe(A);
    expect(types(s4)).toEqual([
      'StreamsGroupMemberMetadata',
      'StreamsGroupMetadata',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMetadata',
      'StreamsGroupCurrentMemberAssignment',
    ]);
    expect(g().targetAssignment.get(A)!.active).toEqual(new Map([['0', new Set([0, 1])]]));
    expect(g().targetAssignment.get(B)!.active).toEqual(new Map([['0', new Set([2])]]));
    expect(s4.response).toMatchObject({ memberEpoch: 3, activeTasks: [], standbyTasks: [], warmupTasks: [] });
    expect(g().members.get(B)!.state).toBe('UNRELEASED_TASKS');
    expect(g().state()).toBe('RECONCILING');
    expectReplayEqualsLive(b);

    // 5. A heartbeats, lists null: UNREVOKED_TASKS, rebalance timer armed
    const s5 = hb(b, A, 2);
    expect(s5.batch!.records[0]!.value).toMatchObject({
      memberEpoch: 2,
      previousMemberEpoch: 2,
      state: 2,
      activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }],
      activeTasksPendingRevocation: [{ subtopologyId: '0', partitions: [2] }],
    });
    expect(s5.response).toMatchObject({ memberEpoch: 2, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
    expect(b.coordinator.timerDeadline(`rebalance-timeout-group-id-${A}`)).toBe(300000);
    expectReplayEqualsLive(b);

    // 6. A acknowledges the revocation
    const s6 = hb(b, A, 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }], standbyTasks: [], warmupTasks: [] });
    expect(s6.batch!.records[0]!.value).toMatchObject({ memberEpoch: 3, previousMemberEpoch: 2, state: 1 });
    expect(s6.response).toMatchObject({ memberEpoch: 3, activeTasks: null, standbyTasks: null, warmupTasks: null });
    expect(b.coordinator.timerDeadline(`rebalance-timeout-group-id-${A}`)).toBeNull();
    expectReplayEqualsLive(b);

    // 7. B gets 0_2
    const s7 = hb(b, B, 3);
    expect(s7.batch!.records[0]!.value).toMatchObject({ memberEpoch: 3, previousMemberEpoch: 3, state: 1, activeTasks: [{ subtopologyId: '0', partitions: [2] }] });
    expect(s7.response).toMatchObject({ memberEpoch: 3, activeTasks: [{ subtopologyId: '0', partitions: [2] }] });
    expect(g().state()).toBe('STABLE');
    expectReplayEqualsLive(b);
  });

  it('step 5 variant: A already dropped 0_2 and goes straight to epoch 3', () => {
    const b = draftBroker({ input: 3 });
    const A = join(b, '', { processId: 'p1' }).response.memberId as string;
    init(b, [sub('0', ['input'])]);
    hb(b, A, 1);
    join(b, '', { processId: 'p2' });
    const s5 = hb(b, A, 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }], standbyTasks: [], warmupTasks: [] });
    expect(s5.batch!.records[0]!.value).toMatchObject({ memberEpoch: 3, state: 1 });
  });
});
