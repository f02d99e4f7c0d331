// kip1071-draft Appendix B: the simulator checklist of easily-missed rules.
import { describe, expect, it } from 'vitest';
import { draftBroker, expectReplayEqualsLive, hb, init, join, sub, types } from './helpers.ts';

const INPUT = [sub('0', ['input'])];
const BRANCH = { 'draft.branch.defects': 'true' };

function initialized() {
  const b = draftBroker({ input: 4 });
  join(b, 'a', { processId: 'p1' });
  init(b, INPUT);
  hb(b, 'a', 1);
  return b;
}

describe('kip1071-draft Appendix B', () => {
  it('every new member bumps the group epoch; other metadata changes write a record but never bump', () => {
    const b = initialized();
    const o = hb(b, 'a', 2, { processId: 'p9', clientTags: [{ key: 'k', value: 'v' }], rebalanceTimeoutMs: 1000 });
    expect(types(o)).toEqual(['StreamsGroupMemberMetadata']);
    expect(b.coordinator.groups.get('group-id')!.groupEpoch).toBe(2);
    // a TopologyId change bumps
    expect(types(hb(b, 'a', 2, { topologyId: 'other' }))).toContain('StreamsGroupMetadata');
    expectReplayEqualsLive(b);
  });

  it('response task lists: all three or none', () => {
    const b = initialized();
    expect(hb(b, 'a', 2).response).toMatchObject({ activeTasks: null, standbyTasks: null, warmupTasks: null });
    expect(join(b, 'a2', { processId: 'p2' }).response).toMatchObject({ activeTasks: [], standbyTasks: [], warmupTasks: [] });
  });

  it('null owned lists fail the previous-epoch acceptance; a subset report passes it', () => {
    const b = initialized();
    join(b, 'b', { processId: 'p2' }); // epoch 3
    hb(b, 'a', 2); // UNREVOKED at 2 / prev 2
    hb(b, 'a', 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }], standbyTasks: [], warmupTasks: [] }); // epoch 3 / prev 2
    expect(hb(b, 'a', 2).errorName).toBe('FENCED_MEMBER_EPOCH');
    expect(hb(b, 'a', 2, { activeTasks: [{ subtopologyId: '0', partitions: [0] }], standbyTasks: [], warmupTasks: [] }).errorName).toBe('NONE');
    expect(hb(b, 'a', 4).errorMessage).toMatch(/greater member epoch \(4\)/);
  });

  it('fencing does not recompute the target; the next heartbeat does', () => {
    const b = initialized();
    join(b, 'b', { processId: 'p2' });
    const leave = hb(b, 'b', -1);
    expect(types(leave)).toEqual(['StreamsGroupCurrentMemberAssignment', 'StreamsGroupTargetAssignmentMember', 'StreamsGroupMemberMetadata', 'StreamsGroupMetadata']);
    expect(leave.response).toMatchObject({ memberId: 'b', memberEpoch: -1, heartbeatIntervalMs: 0 });
    expect(b.coordinator.stateOf('group-id')).toBe('Assigning');
    expect(types(hb(b, 'a', 2))).toContain('StreamsGroupTargetAssignmentMetadata');
    expectReplayEqualsLive(b);
  });

  it('topology-initialization timeout fences the asked member; the group stays Initializing and asks again', () => {
    const b = draftBroker({ input: 4 });
    join(b, 'a', { rebalanceTimeoutMs: 1000 });
    join(b, 'b', { rebalanceTimeoutMs: 1000 });
    const fired = b.advance(1000);
    expect(fired.map((f) => f.effect)).toContain('topology initialization timeout fenced member a');
    expect(b.coordinator.groups.get('group-id')!.members.has('a')).toBe(false);
    expect(b.coordinator.stateOf('group-id')).toBe('Initializing');
    expect(hb(b, 'b', 2).response).toMatchObject({ shouldInitializeTopology: true });
    expectReplayEqualsLive(b);
  });

  it("init timer delay: branch uses the request RebalanceTimeoutMs (-1 = due at once ⚠); seed uses the member's", () => {
    for (const [config, due] of [
      [BRANCH, -1],
      [{}, 300000],
    ] as const) {
      const b = draftBroker({ input: 4 }, config);
      join(b, 'a');
      b.advance(300000); // the first timer fences a; rejoin and fail an Initialize so the timer is gone
      join(b, 'a');
      expect(init(b, [sub('0', ['missing'], { stateChangelogTopics: [{ name: 'cl', partitions: 0, replicationFactor: 0, topicConfigs: [] }] })]).errorName).not.toBe('NONE');
      const now = b.now;
      hb(b, 'a', b.coordinator.groups.get('group-id')!.members.get('a')!.memberEpoch, { topologyId: 'topology-id' });
      expect(b.coordinator.timerDeadline('topology-initialization-timeout-group-id-topology-id')).toBe(now + due);
    }
  });

  it('a static member leaving with -2 keeps its tasks and its session timer; an unknown instance id is rejected', () => {
    const b = draftBroker({ input: 4 });
    join(b, 's', { instanceId: 'i1', processId: 'p' });
    init(b, INPUT);
    hb(b, 's', 1, { instanceId: 'i1' });
    const o = hb(b, 's', -2, { instanceId: 'i1' });
    expect(types(o)).toEqual(['StreamsGroupCurrentMemberAssignment']);
    expect(b.coordinator.groups.get('group-id')!.members.get('s')!.memberEpoch).toBe(-2);
    expect(hb(b, 'x', 1, { instanceId: 'nope' }).errorName).toBe('UNKNOWN_MEMBER_ID');
    expect(join(b, 'other', { instanceId: 'i1', processId: 'p' }).errorName).toBe('NONE');
    expect(join(b, 'third', { instanceId: 'i1', processId: 'p' }).errorName).toBe('UNRELEASED_INSTANCE_ID');
    expect(hb(b, 's', 2, { instanceId: 'i1' }).errorName).toBe('FENCED_INSTANCE_ID');
  });

  it('capacity (group.consumer.max.size), unknown members and missing groups', () => {
    const b = draftBroker({ input: 4 }, { 'group.consumer.max.size': 1 });
    join(b, 'a');
    expect(join(b, '').errorMessage).toBe('The streams group has reached its maximum capacity of 1 members.');
    // capacity is checked before the member is resolved, so an unknown member id hits it first
    expect(hb(b, 'zz', 1).errorName).toBe('GROUP_MAX_SIZE_REACHED');
    expect(hb(draftBroker(), 'zz', 1).errorMessage).toBe('Streams group group-id not found.');
    expect(hb(b, 'a', 1, {}, 'nope').errorMessage).toBe('Streams group nope not found.');
    expect(hb(b, 'a', -1, {}, 'nope').errorMessage).toBe('Group nope not found.');
    expect(join(b, 'a', { topologyId: null }).errorName).toBe('NONE'); // the stored topology id is kept
  });

  it('a new member without TopologyId fails with UNKNOWN_SERVER_ERROR (⚠ NullPointerException) and writes nothing', () => {
    const b = draftBroker();
    const o = join(b, 'a', { topologyId: null });
    expect([o.errorName, o.errorMessage, o.batch]).toEqual(['UNKNOWN_SERVER_ERROR', null, null]);
  });

  it('the streams protocol must be enabled', () => {
    const b = draftBroker({}, { 'group.coordinator.rebalance.protocols': 'classic,consumer' });
    expect(join(b, 'a').errorName).toBe('UNSUPPORTED_VERSION');
    expect(init(b, INPUT).response).toMatchObject({ errorCode: 35 });
  });
});
