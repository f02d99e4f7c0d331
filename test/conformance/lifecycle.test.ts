// ak4 §3.1 group states, §4.3 leave/fence, §4.4 static membership, §6.1 records per operation, §7 timers,
// §6.2 failover, group expiry, and the §5.4 worked assignor example through the coordinator.
import { describe, expect, it } from 'vitest';
import { Harness, NO_DELAYS, recordsOf, shape, topologyX } from './harness.ts';

const TA = 'StreamsGroupTargetAssignmentMember';

describe('ak4 §6.1 — records per operation, in order', () => {
  it('§6.1 join of a new dynamic member to a new group: MemberMetadata · Topology · GroupMetadata(2) · TargetAssignmentMember · TargetAssignmentMetadata(2) · CurrentMemberAssignment', () => {
    const h = new Harness();
    const r = h.join('A', 'pA');
    expect(shape(r.records)).toEqual([
      'StreamsGroupMemberMetadata:A',
      'StreamsGroupTopology',
      'StreamsGroupMetadata',
      `${TA}:A`,
      'StreamsGroupTargetAssignmentMetadata',
      'StreamsGroupCurrentMemberAssignment:A',
    ]);
    // §1: [4.4] a new in-memory group starts at 1, so the first persisted epoch is 2
    expect(r.records[2]!.value).toMatchObject({ epoch: 2, validatedTopologyEpoch: 0, lastAssignmentConfigs: [{ key: 'num.standby.replicas', value: '0' }] });
    expect(r.records[4]!.value).toEqual({ assignmentEpoch: 2, assignmentTimestamp: 0 });
    expect(r.records[5]!.value).toMatchObject({ memberEpoch: 2, previousMemberEpoch: 0, state: 1, activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2, 3], assignmentEpochs: [2, 2, 2, 2] }] });
    expect(r.records[1]!.value).toMatchObject({ epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] });
    expect(r.res).toMatchObject({
      memberId: 'A',
      memberEpoch: 2,
      activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2, 3] }],
      standbyTasks: [],
      warmupTasks: [],
      status: [],
      endpointInformationEpoch: 0,
    });
  });
  it('§6.1 join of a new dynamic member to an existing group: MemberMetadata · GroupMetadata · target records · CurrentMemberAssignment', () => {
    const h = new Harness();
    h.join('A', 'pA');
    const r = h.join('B', 'pB');
    expect(shape(r.records)).toEqual(['StreamsGroupMemberMetadata:B', 'StreamsGroupMetadata', `${TA}:A`, `${TA}:B`, 'StreamsGroupTargetAssignmentMetadata', 'StreamsGroupCurrentMemberAssignment:B']);
  });
  it('§6.1 regular heartbeat with nothing to change writes nothing; with reconciliation progress exactly one CurrentMemberAssignment', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    expect(h.beat('A', E).records).toEqual([]);
    h.join('B', 'pB');
    expect(shape(h.beat('A', E).records)).toEqual(['StreamsGroupCurrentMemberAssignment:A']);
  });
  it('§6.1 heartbeat whose metadata changed: MemberMetadata · GroupMetadata · target records (dynamic member: any change bumps)', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    const r = h.beat('A', E, null, { rackId: 'r1' });
    expect(shape(r.records)).toEqual(['StreamsGroupMemberMetadata:A', 'StreamsGroupMetadata', 'StreamsGroupTargetAssignmentMetadata', 'StreamsGroupCurrentMemberAssignment:A']);
    expect(r.records[0]!.value).toMatchObject({ rackId: 'r1' });
    expect(r.res.memberEpoch).toBe(E + 1);
  });
  it('§6.1 / §4.3 step 6 leave -1: CurrentMemberAssignment, TargetAssignmentMember, MemberMetadata tombstones · GroupMetadata(epoch+1); response echoes -1 with status []', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    const r = h.hb({ memberId: 'B', memberEpoch: -1 });
    expect(shape(r.records)).toEqual(['StreamsGroupCurrentMemberAssignment(tombstone):B', `${TA}(tombstone):B`, 'StreamsGroupMemberMetadata(tombstone):B', 'StreamsGroupMetadata']);
    expect(r.records[3]!.value).toMatchObject({ epoch: E + 2 });
    expect(r.res).toMatchObject({ errorCode: 0, memberId: 'B', memberEpoch: -1, status: [], activeTasks: null });
    expect(h.group!.members.has('B')).toBe(false);
  });
  it('§6.1 [4.4] the last member leaving also writes TargetAssignmentMetadata(epoch+1, 0): the EMPTY group is not ASSIGNING', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    const r = h.hb({ memberId: 'A', memberEpoch: -1 });
    expect(shape(r.records)).toEqual([
      'StreamsGroupCurrentMemberAssignment(tombstone):A',
      `${TA}(tombstone):A`,
      'StreamsGroupMemberMetadata(tombstone):A',
      'StreamsGroupMetadata',
      'StreamsGroupTargetAssignmentMetadata',
    ]);
    expect(r.records[4]!.value).toEqual({ assignmentEpoch: E + 1, assignmentTimestamp: 0 });
    expect(h.state()).toBe('Empty');
    expect(h.group!.groupEpoch).toBe(E + 1);
    expect(h.group!.assignmentEpoch).toBe(E + 1);
  });
  it('§4.3 step 4: a dynamic leave does not validate the epoch; unknown member → UNKNOWN_MEMBER_ID', () => {
    const h = new Harness();
    h.join('A', 'pA');
    h.join('B', 'pB');
    expect(h.hb({ memberId: 'B', memberEpoch: -1 }).error).toBe('NONE');
    expect(h.hb({ memberId: 'B', memberEpoch: -1 }).error).toBe('UNKNOWN_MEMBER_ID');
  });
});

describe('ak4 §4.4 step 2, §4.3 step 5 — static membership', () => {
  function staticGroup() {
    const h = new Harness();
    const E = h.join('s1', 'pS', topologyX(), { instanceId: 'i' }).res.memberEpoch as number;
    h.join('d', 'pD');
    return { h, E };
  }
  it('static join: the member carries its instance id in MemberMetadata', () => {
    const { h } = staticGroup();
    expect(h.member('s1').instanceId).toBe('i');
    expect(h.group!.staticMemberId('i')).toBe('s1');
  });
  it('§6.1 static temporary leave -2: one CurrentMemberAssignment with epoch -2, tasks kept, pending cleared, task epochs reset to 0; no bump', () => {
    const { h, E } = staticGroup();
    h.beat('s1', E); // UNREVOKED: has pending revocation
    expect(h.view('s1').state).toBe('UNREVOKED_TASKS');
    const ge = h.group!.groupEpoch;
    const r = h.hb({ memberId: 's1', instanceId: 'i', memberEpoch: -2 });
    expect(r.res).toMatchObject({ memberId: 's1', memberEpoch: -2, status: [], activeTasks: null, heartbeatIntervalMs: 0 });
    expect(shape(r.records)).toEqual(['StreamsGroupCurrentMemberAssignment:s1']);
    expect(r.records[0]!.value).toMatchObject({ memberEpoch: -2, activeTasks: [{ subtopologyId: '0', partitions: [0, 1], assignmentEpochs: [0, 0] }], activeTasksPendingRevocation: [] });
    expect(h.group!.groupEpoch).toBe(ge);
    expect(h.view('s1')).toMatchObject({ memberEpoch: -2, active: { '0': [0, 1] }, pendingActive: {} });
  });
  it('-2 keeps the session timer running (not rescheduled): the member is fenced if it does not come back', () => {
    const { h } = staticGroup();
    const d = h.sessionDeadline('s1');
    h.advance(1000);
    h.hb({ memberId: 's1', instanceId: 'i', memberEpoch: -2 });
    expect(h.sessionDeadline('s1')).toBe(d);
    h.beat('d', h.member('d').memberEpoch); // keep d alive
    const fired = h.advance(45000);
    expect(shape(recordsOf(fired)).slice(0, 3)).toEqual(['StreamsGroupCurrentMemberAssignment(tombstone):s1', `${TA}(tombstone):s1`, 'StreamsGroupMemberMetadata(tombstone):s1']);
  });
  it('§6.1 static replacement join: old CA, TA, MM tombstones · new MM · new TA (copied) · new CA (epoch 0) · then reconciliation; no bump when metadata is the same', () => {
    const { h } = staticGroup();
    const ge = h.group!.groupEpoch;
    const oldTarget = h.target('s1');
    h.hb({ memberId: 's1', instanceId: 'i', memberEpoch: -2 });
    const r = h.join('s2', 'pS', topologyX(), { instanceId: 'i' });
    expect(r.error).toBe('NONE');
    expect(shape(r.records)).toEqual([
      'StreamsGroupCurrentMemberAssignment(tombstone):s1',
      `${TA}(tombstone):s1`,
      'StreamsGroupMemberMetadata(tombstone):s1',
      'StreamsGroupMemberMetadata:s2',
      `${TA}:s2`,
      'StreamsGroupCurrentMemberAssignment:s2',
      'StreamsGroupCurrentMemberAssignment:s2',
    ]);
    expect(r.records[5]!.value).toMatchObject({ memberEpoch: 0, previousMemberEpoch: 0 });
    expect(r.records[6]!.value).toMatchObject({ memberEpoch: ge, previousMemberEpoch: 0, state: 1 });
    expect(h.target('s2')).toEqual(oldTarget);
    expect(h.group!.groupEpoch).toBe(ge);
    expect(h.group!.members.has('s1')).toBe(false);
    expect(r.res).toMatchObject({ memberId: 's2', memberEpoch: ge, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
  });
  it('static replacement with a different process id also writes the updated MemberMetadata and bumps (GroupMetadata after the copy)', () => {
    const { h } = staticGroup();
    const ge = h.group!.groupEpoch;
    h.hb({ memberId: 's1', instanceId: 'i', memberEpoch: -2 });
    const r = h.join('s2', 'pNew', topologyX(), { instanceId: 'i' });
    expect(shape(r.records).slice(0, 8)).toEqual([
      'StreamsGroupCurrentMemberAssignment(tombstone):s1',
      `${TA}(tombstone):s1`,
      'StreamsGroupMemberMetadata(tombstone):s1',
      'StreamsGroupMemberMetadata:s2',
      `${TA}:s2`,
      'StreamsGroupCurrentMemberAssignment:s2',
      'StreamsGroupMemberMetadata:s2',
      'StreamsGroupMetadata',
    ]);
    expect(r.records[3]!.value).toMatchObject({ processId: 'pS' });
    expect(r.records[6]!.value).toMatchObject({ processId: 'pNew' });
    expect(r.records[7]!.value).toMatchObject({ epoch: ge + 1 });
  });
  it('UNRELEASED_INSTANCE_ID (111): a static join while the holder is not at -2', () => {
    const { h } = staticGroup();
    const r = h.join('s2', 'pS', topologyX(), { instanceId: 'i' });
    expect(r.error).toBe('UNRELEASED_INSTANCE_ID');
    expect(r.res.errorCode).toBe(111);
    expect(r.records).toEqual([]);
  });
  it('FENCED_INSTANCE_ID (82): a static heartbeat or leave whose instance id is bound to another member id', () => {
    const { h, E } = staticGroup();
    const r = h.hb({ memberId: 'other', instanceId: 'i', memberEpoch: E });
    expect(r.error).toBe('FENCED_INSTANCE_ID');
    expect(r.res.errorCode).toBe(82);
    expect(h.hb({ memberId: 'other', instanceId: 'i', memberEpoch: -1 }).error).toBe('FENCED_INSTANCE_ID');
    expect(h.hb({ memberId: 'other', instanceId: 'i', memberEpoch: -2 }).error).toBe('FENCED_INSTANCE_ID');
  });
  it('unknown instance id → UNKNOWN_MEMBER_ID "Instance id x is unknown." (heartbeat and leave)', () => {
    const { h, E } = staticGroup();
    const r = h.hb({ memberId: 's1', instanceId: 'x', memberEpoch: E });
    expect(r.error).toBe('UNKNOWN_MEMBER_ID');
    expect(r.message).toBe('Instance id x is unknown.');
    expect(h.hb({ memberId: 's1', instanceId: 'x', memberEpoch: -2 }).message).toBe('Instance id x is unknown.');
  });
  it('GroupMetadataManager.hasStreamsMemberMetadataChanged: a static member heartbeating without its instance id bumps on any metadata change; with it, only on an epoch-relevant one', () => {
    const { h } = staticGroup();
    const E = h.member('s1').memberEpoch;
    // with the instance id, a new rebalance timeout is written but is not epoch-relevant (hasEpochRelevantMemberConfigChanged)
    const withId = h.hb({ memberId: 's1', instanceId: 'i', memberEpoch: E, rebalanceTimeoutMs: 60000 });
    expect(shape(withId.records)[0]).toBe('StreamsGroupMemberMetadata:s1');
    expect(shape(withId.records)).not.toContain('StreamsGroupMetadata');
    // without it (the request's instance id is null), the same kind of change bumps the group epoch
    const ge = h.group!.groupEpoch;
    const withoutId = h.hb({ memberId: 's1', memberEpoch: h.member('s1').memberEpoch, rebalanceTimeoutMs: 90000 });
    expect(withoutId.error).toBe('NONE');
    expect(shape(withoutId.records).slice(0, 2)).toEqual(['StreamsGroupMemberMetadata:s1', 'StreamsGroupMetadata']);
    expect(withoutId.records[0]!.value).toMatchObject({ instanceId: 'i', rebalanceTimeoutMs: 90000 });
    expect(h.group!.groupEpoch).toBe(ge + 1);
    // and so does a new client id
    const ge2 = h.group!.groupEpoch;
    h.hb({ memberId: 's1', memberEpoch: h.member('s1').memberEpoch }, 1, 'another-client');
    expect(h.group!.groupEpoch).toBe(ge2 + 1);
    // nothing changed: no record, no bump
    const ge3 = h.group!.groupEpoch;
    expect(shape(h.hb({ memberId: 's1', memberEpoch: h.member('s1').memberEpoch }, 1, 'another-client').records)).not.toContain('StreamsGroupMemberMetadata:s1');
    expect(h.group!.groupEpoch).toBe(ge3);
  });
  it('static leave -1 fences like a dynamic leave', () => {
    const { h } = staticGroup();
    const r = h.hb({ memberId: 's1', instanceId: 'i', memberEpoch: -1 });
    expect(shape(r.records)).toEqual(['StreamsGroupCurrentMemberAssignment(tombstone):s1', `${TA}(tombstone):s1`, 'StreamsGroupMemberMetadata(tombstone):s1', 'StreamsGroupMetadata']);
    expect(h.group!.staticMemberId('i')).toBeUndefined();
  });
});

describe('ak4 §7 — timers', () => {
  it('session timeout: a member without a successful heartbeat for 45 s is fenced (3 tombstones + GroupMetadata), at exactly the deadline', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.advance(44999);
    h.beat('A', E);
    const fired = h.advance(1);
    expect(fired.map((f) => f.timer.key)).toEqual(['session-timeout-g-B']);
    expect(fired[0]!.timer.deadline).toBe(45000);
    expect(shape(recordsOf(fired))).toEqual(['StreamsGroupCurrentMemberAssignment(tombstone):B', `${TA}(tombstone):B`, 'StreamsGroupMemberMetadata(tombstone):B', 'StreamsGroupMetadata']);
    expect(h.group!.members.has('A')).toBe(true);
  });
  it('rebalance timeout fences a member still at the epoch captured when scheduled', () => {
    const h = new Harness({ config: { ...NO_DELAYS, 'group.streams.session.timeout.ms': 600000 } });
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E); // UNREVOKED, timer 300 s
    const fired = h.advance(300000);
    expect(fired.map((f) => f.timer.key)).toEqual(['rebalance-timeout-g-A']);
    expect(shape(recordsOf(fired))).toEqual(['StreamsGroupCurrentMemberAssignment(tombstone):A', `${TA}(tombstone):A`, 'StreamsGroupMemberMetadata(tombstone):A', 'StreamsGroupMetadata']);
  });
  it('rebalance timeout does nothing once the member moved on (epoch changed)', () => {
    const h = new Harness({ config: { ...NO_DELAYS, 'group.streams.session.timeout.ms': 600000 } });
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E);
    // the member completes; the timer is cancelled. Reinstate a stale timer at the old epoch to check the epoch guard.
    h.beat('A', E, { active: { '0': [0, 1] } });
    h.broker.coordinator.timers.schedule({ kind: 'rebalance-timeout', groupId: 'g', memberId: 'A', memberEpoch: E }, h.broker.now + 10);
    const fired = h.advance(10);
    expect(fired[0]!.effect).toBe('nothing (member moved on)');
    expect(fired[0]!.batch).toBeNull();
    expect(h.group!.members.has('A')).toBe(true);
  });
  it('[4.4] a new group starts from TargetAssignmentMetadata.INITIAL: during the delay the assignment epoch is 1 in the group, in StreamsGroupDescribe and after a failover (StreamsGroup constructor, 4.4.0)', () => {
    const h = new Harness({ config: {} });
    expect(h.join('A', 'pA').res.memberEpoch).toBe(1);
    expect(h.group).toMatchObject({ groupEpoch: 2, assignmentEpoch: 1 });
    const d = h.describe().response as { groups: { groupEpoch: number; assignmentEpoch: number; members: { memberEpoch: number }[] }[] };
    expect(d.groups[0]).toMatchObject({ groupEpoch: 2, assignmentEpoch: 1, members: [{ memberEpoch: 1 }] });
    h.failover();
    expect(h.group).toMatchObject({ groupEpoch: 2, assignmentEpoch: 1 });
    // the member (epoch 1) is not ahead of the group's target epoch
    expect(h.member('A').memberEpoch).toBeLessThanOrEqual(h.group!.assignmentEpoch);
  });
  it('[4.4] initial rebalance delay: the first join gets ASSIGNMENT_DELAYED, an empty assignment at the assignment epoch (1); group Assigning', () => {
    const h = new Harness({ config: {} });
    const r = h.join('A', 'pA');
    expect(r.res).toMatchObject({ memberEpoch: 1, activeTasks: [], status: [{ statusCode: 5, statusDetail: 'Assignment delayed due to the configured initial rebalance delay.' }] });
    expect(shape(r.records)).toEqual(['StreamsGroupMemberMetadata:A', 'StreamsGroupTopology', 'StreamsGroupMetadata', 'StreamsGroupCurrentMemberAssignment:A']);
    expect(h.state()).toBe('Assigning');
    expect(h.broker.coordinator.timerDeadline('initial-rebalance-timeout-g')).toBe(3000);
    // a second member inside the delay is also delayed
    const b = h.join('B', 'pB');
    expect(b.res.status).toEqual([{ statusCode: 5, statusDetail: 'Assignment delayed due to the configured initial rebalance delay.' }]);
  });
  it('[4.4] initial delay timer firing computes the target when the group has a configured topology (target records · TargetAssignmentMetadata)', () => {
    const h = new Harness({ config: {} });
    h.join('A', 'pA');
    h.advance(1000);
    h.beat('A', 1); // caches the configured topology on the persisted group
    const fired = h.advance(2000);
    expect(fired[0]!.timer.key).toBe('initial-rebalance-timeout-g');
    expect(shape(recordsOf(fired))).toEqual([`${TA}:A`, 'StreamsGroupTargetAssignmentMetadata']);
    expect(recordsOf(fired)[1]!.value).toEqual({ assignmentEpoch: 2, assignmentTimestamp: 3000 });
    const r = h.beat('A', 1);
    expect(r.res).toMatchObject({ memberEpoch: 2, status: [], activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2, 3] }] });
  });
  it('[4.4] assignment interval: a new target within 1000 ms of the last computation is delayed (ASSIGNMENT_DELAYED, interval detail)', () => {
    const h = new Harness({ config: { 'group.streams.initial.rebalance.delay.ms': 0 } });
    h.advance(5000);
    h.join('A', 'pA');
    const b = h.join('B', 'pB');
    expect(b.res.status).toEqual([{ statusCode: 5, statusDetail: 'Assignment delayed due to the configured assignment interval.' }]);
    expect(shape(b.records)).toEqual(['StreamsGroupMemberMetadata:B', 'StreamsGroupMetadata', 'StreamsGroupCurrentMemberAssignment:B']);
    expect(h.state()).toBe('Assigning');
    h.advance(1000);
    const a = h.beat('A', 2);
    expect(a.res.status).toEqual([]);
    expect(shape(a.records)).toEqual([`${TA}:A`, `${TA}:B`, 'StreamsGroupTargetAssignmentMetadata', 'StreamsGroupCurrentMemberAssignment:A']);
  });
  it("[4.4] an assignment at the playground's time 0 is a real one: the interval waits after it (a broker's clock is never 0; Kafka's 0 means never assigned)", () => {
    const h = new Harness({ config: { 'group.streams.initial.rebalance.delay.ms': 0 } });
    const a = h.join('A', 'pA');
    expect(a.records.find((r) => r.type === 'StreamsGroupTargetAssignmentMetadata')!.value).toEqual({ assignmentEpoch: 2, assignmentTimestamp: 0 });
    // GroupMetadataManager.canComputeNextTargetAssignment would compute at once for a timestamp of 0; a broker's first
    // assignment has a wall-clock timestamp, so B's join within 1000 ms of it is delayed
    const b = h.join('B', 'pB');
    expect(b.res.status).toEqual([{ statusCode: 5, statusDetail: 'Assignment delayed due to the configured assignment interval.' }]);
    expect(b.out.narration.join(' ')).toContain("the playground's clock starts at 0");
    // a coordinator loading the log reads the same: the timestamp 0 of a group with members is an assignment
    h.failover();
    h.advance(999);
    expect(h.beat('A', 2).res.status).toEqual([{ statusCode: 5, statusDetail: 'Assignment delayed due to the configured assignment interval.' }]);
    h.advance(1);
    expect(shape(h.beat('A', 2).records)).toContain('StreamsGroupTargetAssignmentMetadata');
  });
  it('[4.4] the last member leaving writes timestamp 0 (never assigned): the next join computes at once', () => {
    const h = new Harness({ config: { 'group.streams.initial.rebalance.delay.ms': 0 } });
    h.advance(5000);
    h.join('A', 'pA');
    h.advance(100);
    const leave = h.hb({ memberId: 'A', memberEpoch: -1 });
    expect(leave.records.find((r) => r.type === 'StreamsGroupTargetAssignmentMetadata')!.value).toEqual({ assignmentEpoch: 3, assignmentTimestamp: 0 });
    h.advance(100);
    const b = h.join('B', 'pB');
    expect(b.res.status).toEqual([]);
    expect(shape(b.records)).toContain('StreamsGroupTargetAssignmentMetadata');
    // and after a failover the same
    h.hb({ memberId: 'B', memberEpoch: -1 });
    h.failover();
    h.advance(100);
    expect(h.join('C', 'pC').res.status).toEqual([]);
  });
});

describe('ak4 §3.1 — group state derivation', () => {
  it('Empty → (no topology validated) NotReady → Assigning → Reconciling → Stable, and Dead once deleted', () => {
    const h = new Harness({ topics: [['app-0-changelog', 4]] });
    expect(h.state()).toBe('Dead');
    const E = h.join('A', 'pA').res.memberEpoch as number;
    expect(h.state()).toBe('NotReady'); // source topic missing: validated epoch -1
    h.broker.changeTopics({ create: [{ name: 'in0', partitions: 4 }] });
    h.beat('A', E);
    expect(h.state()).toBe('Stable');
    h.join('B', 'pB');
    expect(h.state()).toBe('Reconciling');
    h.hb({ memberId: 'B', memberEpoch: -1 });
    expect(h.state()).toBe('Assigning'); // group epoch bumped by the fence, target not recomputed
    h.hb({ memberId: 'A', memberEpoch: -1 });
    expect(h.state()).toBe('Empty');
  });
});

describe('ak4 §7 — group expiry (offsets retention check)', () => {
  it('an EMPTY group is deleted at the next sweep: TargetAssignmentMetadata, GroupMetadata, Topology tombstones in order', () => {
    const h = new Harness();
    h.join('A', 'pA');
    h.hb({ memberId: 'A', memberEpoch: -1 });
    const fired = h.advance(600000);
    const sweep = fired.find((f) => f.timer.key === 'offsets-retention-check')!;
    expect(shape(sweep.batch!.records)).toEqual(['StreamsGroupTargetAssignmentMetadata(tombstone)', 'StreamsGroupMetadata(tombstone)', 'StreamsGroupTopology(tombstone)']);
    expect(h.group).toBeUndefined();
    expect(h.state()).toBe('Dead');
  });
  it('a non-empty group is kept', () => {
    const h = new Harness({ config: { ...NO_DELAYS, 'group.streams.session.timeout.ms': 10000000 } });
    h.join('A', 'pA');
    const fired = h.advance(600000);
    expect(fired.find((f) => f.timer.key === 'offsets-retention-check')!.batch).toBeNull();
    expect(h.state()).toBe('Stable');
  });
});

describe('ak4 §6.2 — failover: replay rebuilds the group; timers and soft state re-derived on load', () => {
  it('the reloaded group equals the live one; session timers restart from now; a revoking member gets a rebalance timer', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E); // A UNREVOKED
    h.advance(10000);
    const before = { a: h.view('A'), b: h.view('B'), state: h.state(), ge: h.group!.groupEpoch, ae: h.group!.assignmentEpoch, targetA: h.target('A') };
    h.failover();
    expect({ a: h.view('A'), b: h.view('B'), state: h.state(), ge: h.group!.groupEpoch, ae: h.group!.assignmentEpoch, targetA: h.target('A') }).toEqual(before);
    expect(h.sessionDeadline('A')).toBe(10000 + 45000);
    expect(h.sessionDeadline('B')).toBe(10000 + 45000);
    expect(h.rebalanceDeadline('A')).toBe(10000 + 300000);
    expect(h.rebalanceDeadline('B')).toBeNull();
    expect(h.group!.configuredTopology).toBeNull(); // soft state gone, recomputed on the next heartbeat
    const r = h.beat('A', E, { active: { '0': [0, 1] } });
    expect(r.res.memberEpoch).toBe(E + 1);
    expect(r.records.length).toBe(1); // no epoch bump: the recomputed hash equals the stored one
  });
  it('endpoint information epoch restarts at 0 after failover', () => {
    const h = new Harness();
    const E = h.join('A', 'pA', topologyX(), { userEndpoint: { host: 'h', port: 1 } }).res.memberEpoch as number;
    h.beat('A', E, null, { userEndpoint: { host: 'h2', port: 2 } });
    expect(h.group!.endpointInformationEpoch).toBeGreaterThan(0);
    h.failover();
    expect(h.group!.endpointInformationEpoch).toBe(0);
  });
});

describe('ak4 §5.4 — the worked assignor example through the coordinator', () => {
  it('A1, A2 on p1 and B1 on p2; 3 stateful tasks, one standby: A1 {0_0; standby 0_1}, A2 {0_2}, B1 {0_1; standby 0_0, 0_2}', () => {
    const h = new Harness({
      config: { 'group.streams.initial.rebalance.delay.ms': 3000, 'group.streams.assignment.interval.ms': 0, 'group.streams.num.standby.replicas': 1 },
      topics: [
        ['in0', 3],
        ['app-0-changelog', 3],
      ],
    });
    h.join('A1', 'p1');
    h.join('A2', 'p1');
    h.join('B1', 'p2');
    h.beat('A1', 1); // caches the configured topology; still inside the delay
    const fired = h.advance(3000);
    expect(recordsOf(fired).map((r) => r.type)).toContain('StreamsGroupTargetAssignmentMetadata');
    expect(h.target('A1')).toEqual({ active: { '0': [0] }, standby: { '0': [1] }, warmup: {} });
    expect(h.target('A2')).toEqual({ active: { '0': [2] }, standby: {}, warmup: {} });
    expect(h.target('B1')).toEqual({ active: { '0': [1] }, standby: { '0': [0, 2] }, warmup: {} });
  });
});
