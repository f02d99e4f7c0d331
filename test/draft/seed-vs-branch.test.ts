// kip1071-draft: where the seed design (default) and the kip1071 branch (`draft.branch.defects`) disagree,
// found by replaying Kafka's tests (issue 11 items 3, 4 and 5).
import { describe, expect, it } from 'vitest';
import { draftBroker, expectReplayEqualsLive, hb, init, join, sub, types } from './helpers.ts';

const BRANCH = { 'draft.branch.defects': 'true' };

/** kip1071-draft §4.13 steps 1-5: A must release 0_2 to B and is UNREVOKED_TASKS at epoch 2. */
function revoking(config: Record<string, string> = {}) {
  const b = draftBroker({ input: 3 }, config);
  const A = join(b, '', { processId: 'p1' }).response.memberId as string;
  init(b, [sub('0', ['input'])]);
  hb(b, A, 1);
  const B = join(b, '', { processId: 'p2' }).response.memberId as string;
  hb(b, A, 2);
  expect(b.coordinator.groups.get('group-id')!.members.get(A)!.state).toBe('UNREVOKED_TASKS');
  return { b, A, B };
}

describe('item 5: a heartbeat that omits unchanged owned-task lists', () => {
  // seed 000 line 5: "Any other information that has not changed since the last heartbeat can be omitted"
  it('default (seed): an active-only report completes the revocation when the omitted roles have nothing pending', () => {
    const { b, A } = revoking();
    const r = hb(b, A, 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
    expect(types(r)).toEqual(['StreamsGroupCurrentMemberAssignment']);
    expect(r.batch!.records[0]!.value).toMatchObject({ memberEpoch: 3, previousMemberEpoch: 2, state: 1 });
    expect(r.response).toMatchObject({ errorCode: 0, memberEpoch: 3 });
    expect(b.coordinator.timerDeadline(`rebalance-timeout-group-id-${A}`)).toBeNull();
    expectReplayEqualsLive(b);
  });

  it('default (seed): an active-only report that still lists the revoked task does not complete it', () => {
    const { b, A } = revoking();
    const r = hb(b, A, 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2] }] });
    expect(types(r)).toEqual([]);
    expect(r.response).toMatchObject({ errorCode: 0, memberEpoch: 2 });
  });

  it('default (seed): omitting the list of the role with pending tasks does not complete it', () => {
    const { b, A } = revoking();
    const r = hb(b, A, 2, { standbyTasks: [], warmupTasks: [] });
    expect(types(r)).toEqual([]);
    expect(r.response).toMatchObject({ memberEpoch: 2 });
  });

  it('branch defects (kip1071-draft §11 item 10): a null list always counts as owning, so the active-only report changes nothing', () => {
    const { b, A } = revoking(BRANCH);
    const r = hb(b, A, 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
    expect(types(r)).toEqual([]);
    expect(r.response).toMatchObject({ errorCode: 0, memberEpoch: 2 });
    expect(b.coordinator.groups.get('group-id')!.members.get(A)!.state).toBe('UNREVOKED_TASKS');
  });
});

describe('item 3: a static member rejoining under the same member id (kip1071-draft §4.5.2)', () => {
  /** Static member S (instance i1) owns all three tasks of `input`, leaves with -2 and rejoins with its old member id. */
  function rejoin(config: Record<string, string> = {}) {
    const b = draftBroker({ input: 3 }, config);
    join(b, 'S', { instanceId: 'i1', processId: 'p1' });
    init(b, [sub('0', ['input'])]);
    hb(b, 'S', 1, { instanceId: 'i1' });
    expect(hb(b, 'S', 2, { instanceId: 'i1', memberEpoch: -2 }).response).toMatchObject({ errorCode: 0, memberEpoch: -2 });
    const before = b.coordinator.log.endOffset;
    const r = join(b, 'S', { instanceId: 'i1', processId: 'p1' });
    return { b, r, written: b.coordinator.log.endOffset - before };
  }

  it('default: the target record written after the replacement tombstones; Describe shows the kept target', () => {
    const { b, r } = rejoin();
    expect(r.errorName).toBe('NONE');
    const t = types(r);
    expect(t.slice(0, 4)).toEqual(['StreamsGroupCurrentMemberAssignment', 'StreamsGroupTargetAssignmentMember', 'StreamsGroupMemberMetadata', 'StreamsGroupMemberMetadata']);
    // the tombstone of S's target comes before a new TargetAssignmentMember(S) in the same batch
    const recs = r.batch!.records;
    const tomb = recs.findIndex((x) => x.type === 'StreamsGroupTargetAssignmentMember' && x.value === null);
    const again = recs.findIndex((x, i) => i > tomb && x.type === 'StreamsGroupTargetAssignmentMember' && x.value !== null);
    expect(again).toBeGreaterThan(tomb);
    expect(recs[again]!.value).toMatchObject({ activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2] }] });
    expect(b.coordinator.groups.get('group-id')!.targetAssignment.get('S')!.active).toEqual(new Map([['0', new Set([0, 1, 2])]]));
    const d = b.send('StreamsGroupDescribe', 0, { groupIds: ['group-id'] }, { clientId: 'admin', clientHost: '/127.0.0.1' }).response as {
      groups: { members: { memberId: string; targetAssignment: unknown }[] }[];
    };
    expect(d.groups[0]!.members.find((m) => m.memberId === 'S')!.targetAssignment).toMatchObject({ activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2] }] });
    expectReplayEqualsLive(b);
  });

  it('branch defects: the builder drops the member it has just added → UNKNOWN_SERVER_ERROR, no records', () => {
    const { b, r, written } = rejoin(BRANCH);
    expect(r.errorName).toBe('UNKNOWN_SERVER_ERROR');
    expect(r.response).toMatchObject({ errorCode: -1, errorMessage: null });
    expect(written).toBe(0);
    expect(b.coordinator.groups.get('group-id')!.members.get('S')!.memberEpoch).toBe(-2);
  });
});

describe('item 4: source-topic regular expressions (seed 000: STREAMS_MISSING_SOURCE_TOPICS "also returned if the source topic regular expression matched no topics")', () => {
  const topics = { 'orders-eu': 2, 'orders-us': 2, other: 1 };
  const subscribed = (b: ReturnType<typeof draftBroker>) => [...b.coordinator.groups.get('group-id')!.draft!.partitionMetadata.keys()];

  it('default: a matching regex subscribes the matched topics, and the tasks follow them', () => {
    const b = draftBroker(topics);
    join(b, 'A', { processId: 'p1' });
    const r = init(b, [sub('0', [], { sourceTopicRegex: ['orders-.*'] })]);
    expect(r.errorName).toBe('NONE');
    expect(types(r)).toContain('StreamsGroupPartitionMetadata');
    expect(subscribed(b)).toEqual(['orders-eu', 'orders-us']);
    // §7.2: the task count is the partition count of the first source topic (here the first matched one)
    expect(hb(b, 'A', 1).response).toMatchObject({ memberEpoch: 2, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
    expectReplayEqualsLive(b);
  });

  it('default: a regex that matches no topic → STREAMS_MISSING_SOURCE_TOPICS (131), nothing written', () => {
    const b = draftBroker(topics);
    join(b, 'A', { processId: 'p1' });
    const r = init(b, [sub('0', ['other'], { sourceTopicRegex: ['payments-.*'] })]);
    expect(r.errorName).toBe('STREAMS_MISSING_SOURCE_TOPICS');
    expect(r.response).toMatchObject({ errorCode: 131 });
    expect(types(r)).toEqual([]);
  });

  it('default: the regex matches whole names only, never Kafka-internal topics', () => {
    const b = draftBroker({ ...topics, __consumer_offsets: 50 });
    join(b, 'A', { processId: 'p1' });
    expect(init(b, [sub('0', [], { sourceTopicRegex: ['orders'] })]).errorName).toBe('STREAMS_MISSING_SOURCE_TOPICS');
    expect(init(b, [sub('0', [], { sourceTopicRegex: ['.*'] })]).errorName).toBe('NONE');
    expect(subscribed(b)).toEqual(['orders-eu', 'orders-us', 'other']);
  });

  it('default: a topic created later that the regex matches is subscribed on the next epoch bump', () => {
    const b = draftBroker(topics);
    join(b, 'A', { processId: 'p1' });
    init(b, [sub('0', [], { sourceTopicRegex: ['orders-.*'] })]);
    hb(b, 'A', 1);
    b.changeTopics({ create: [{ name: 'orders-ap', partitions: 2 }] });
    join(b, 'B', { processId: 'p2' });
    expect(subscribed(b)).toEqual(['orders-ap', 'orders-eu', 'orders-us']);
  });

  it('branch defects (kip1071-draft §11 item 20): the regex is stored but ignored for the subscription', () => {
    const b = draftBroker(topics, BRANCH);
    join(b, 'A', { processId: 'p1' });
    hb(b, 'A', 1);
    const r = init(b, [sub('0', ['other'], { sourceTopicRegex: ['orders-.*'] })]);
    expect(r.errorName).toBe('NONE');
    expect(subscribed(b)).toEqual(['other']);
  });
});
