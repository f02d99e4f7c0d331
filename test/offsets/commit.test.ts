// OffsetCommit on streams groups: the validation matrix (StreamsGroup.validateOffsetCommit [4.4], the draft's
// exact-epoch rule), the broker layers, and the records one accepted commit writes.
import { describe, expect, it } from 'vitest';
import { errorCode } from '../../src/core/protocol/errors.ts';
import { RECORD_API_KEYS } from '../../src/core/log/records.ts';
import { topicIdOf } from '../../src/core/util/uuid.ts';
import { decodeCoordinatorRecord, encodeCoordinatorRecord, kafkaValueVersion } from '../../src/core/wire/coordinatorRecords.ts';
import { broker, CLIENT, codes, commit, G, hb, join, leave, memberEpoch, types } from './helpers.ts';

const E = (name: Parameters<typeof errorCode>[1]) => errorCode('ak4', name);

/** a (epoch 3) holds task 0 of both subtopologies since epoch 2; b (epoch 3) holds task 1 since epoch 3. */
function twoMembers() {
  const b = broker();
  join(b, 'a');
  join(b, 'b');
  hb(b, 'a');
  hb(b, 'b');
  hb(b, 'a');
  hb(b, 'b');
  expect([memberEpoch(b, 'a'), memberEpoch(b, 'b')]).toEqual([3, 3]);
  return b;
}

describe('OffsetCommit validation for a streams group', () => {
  it('a member at its current epoch commits any partition; one record per partition, one batch, stamped with the commit time', () => {
    const b = twoMembers();
    b.advance(1234);
    const out = commit(b, 'a', 3, { orders: [0, 1], 'app-rep': [0] });
    expect(out.errorName).toBe('NONE');
    expect(codes(out)).toEqual({ 'orders-0': 0, 'orders-1': 0, 'app-rep-0': 0 });
    expect(types(out)).toEqual(['OffsetCommit', 'OffsetCommit', 'OffsetCommit']);
    expect(out.batch!.records[0]).toEqual({
      type: 'OffsetCommit',
      key: { group: G, topic: 'orders', partition: 0 },
      value: { offset: 42, leaderEpoch: -1, metadata: '', commitTimestamp: 1234, topicId: topicIdOf('orders') },
    });
    expect(b.coordinator.groups.get(G)!.offsets.get('app-rep', 0)).toEqual({ committedOffset: 42, leaderEpoch: -1, metadata: '', commitTimestamp: 1234, expireTimestamp: null });
  });

  it('a newer epoch than the member has is STALE_MEMBER_EPOCH (113) for every partition; nothing is written', () => {
    const b = twoMembers();
    const out = commit(b, 'a', 4, { orders: [0] });
    expect(E('STALE_MEMBER_EPOCH')).toBe(113);
    expect(codes(out)).toEqual({ 'orders-0': 113 });
    expect(out.batch).toBeNull();
  });

  it('[4.4] an older epoch commits the partitions of tasks assigned at or before that epoch', () => {
    const b = twoMembers();
    // a was granted task 0 at epoch 2
    const ok = commit(b, 'a', 2, { orders: [0], 'app-rep': [0] });
    expect(ok.errorName).toBe('NONE');
    expect(types(ok)).toEqual(['OffsetCommit', 'OffsetCommit']);
  });

  it('[4.4] an older epoch is stale for a task granted after it, a task the member does not hold, or a topic outside the topology', () => {
    const b = twoMembers();
    // b was granted task 1 at epoch 3
    expect(codes(commit(b, 'b', 2, { orders: [1] }))).toEqual({ 'orders-1': 113 });
    // a does not hold task 1
    expect(codes(commit(b, 'a', 2, { orders: [1] }))).toEqual({ 'orders-1': 113 });
    // "other" is no source or repartition source topic
    expect(commit(b, 'a', 2, { other: [0] }).errorMessage).toBe('Topic other is not in the topology.');
  });

  it('one refused partition refuses the whole commit', () => {
    const b = twoMembers();
    const out = commit(b, 'a', 2, { orders: [0, 1] });
    expect(codes(out)).toEqual({ 'orders-0': 113, 'orders-1': 113 });
    expect(out.batch).toBeNull();
    expect(b.coordinator.groups.get(G)!.offsets.size).toBe(0);
  });

  it('a task pending revocation commits at the current epoch; an older epoch is refused (the simulator keeps no epoch for it)', () => {
    const b = broker();
    join(b, 'a');
    join(b, 'b');
    hb(b, 'a');
    const a = b.coordinator.groups.get(G)!.members.get('a')!;
    expect(a.state).toBe('UNREVOKED_TASKS');
    expect([...a.tasksPendingRevocation.active.get('0')!]).toEqual([1]);
    expect(commit(b, 'a', 2, { orders: [1] }).errorName).toBe('NONE');
    expect(commit(b, 'a', 1, { orders: [1] }).errorName).toBe('STALE_MEMBER_EPOCH');
  });

  it('an unknown member id is UNKNOWN_MEMBER_ID; so is epoch -1 while the group has members', () => {
    const b = twoMembers();
    expect(codes(commit(b, 'zz', 3, { orders: [0] }))).toEqual({ 'orders-0': E('UNKNOWN_MEMBER_ID') });
    expect(commit(b, '', -1, { orders: [0] }).errorName).toBe('UNKNOWN_MEMBER_ID');
  });

  it('epoch -1 commits for a group without members (admin commit)', () => {
    const b = broker();
    join(b, 'a');
    leave(b, 'a');
    expect(b.coordinator.stateOf(G)).toBe('Empty');
    const out = commit(b, '', -1, { orders: [0, 1] });
    expect(out.errorName).toBe('NONE');
    expect(b.coordinator.groups.get(G)!.offsets.size).toBe(2);
  });

  it('a streams member must use v9: an older version is UNSUPPORTED_VERSION', () => {
    const b = twoMembers();
    expect(commit(b, 'a', 3, { orders: [0] }, 8).errorName).toBe('UNSUPPORTED_VERSION');
  });

  it('an unknown group: GROUP_ID_NOT_FOUND (v9), ILLEGAL_GENERATION (older) for a non-negative epoch', () => {
    const b = broker();
    expect(commit(b, 'a', 1, { orders: [0] }).errorName).toBe('GROUP_ID_NOT_FOUND');
    expect(commit(b, 'a', 1, { orders: [0] }, 8).errorName).toBe('ILLEGAL_GENERATION');
    expect(b.coordinator.log.endOffset).toBe(0);
  });

  it('v0 and v1 are not served (removed in Kafka 4.0, KIP-896)', () => {
    const b = twoMembers();
    for (const v of [0, 1]) expect(commit(b, 'a', 3, { orders: [0] }, v).errorName).toBe('UNSUPPORTED_VERSION');
  });

  it('KafkaApis answers partitions the cluster lacks with UNKNOWN_TOPIC_OR_PARTITION; the others are committed', () => {
    const b = twoMembers();
    const out = commit(b, 'a', 3, { orders: [0, 7], nope: [0] });
    expect(codes(out)).toEqual({ 'orders-0': 0, 'orders-7': 3, 'nope-0': 3 });
    expect(types(out)).toEqual(['OffsetCommit']);
  });

  it('metadata over offset.metadata.max.bytes fails only its partition (OFFSET_METADATA_TOO_LARGE)', () => {
    const b = twoMembers();
    const out = b.send(
      'OffsetCommit',
      9,
      {
        groupId: G,
        memberId: 'a',
        generationIdOrMemberEpoch: 3,
        topics: [
          {
            name: 'orders',
            partitions: [
              { partitionIndex: 0, committedOffset: 1, committedMetadata: 'x'.repeat(4097) },
              { partitionIndex: 1, committedOffset: 1 },
            ],
          },
        ],
      },
      CLIENT,
    );
    expect(codes(out)).toEqual({ 'orders-0': 12, 'orders-1': 0 });
    expect(out.batch!.records.map((r) => r.key.partition)).toEqual([1]);
  });

  it('an empty group id goes to the coordinator: GroupCoordinatorService.commitOffsets refuses only a null one (INVALID_GROUP_ID)', () => {
    const b = twoMembers();
    const send = (version: number, epoch: number, groupId = '') =>
      b.send(
        'OffsetCommit',
        version,
        {
          groupId,
          memberId: epoch < 0 ? '' : 'a',
          generationIdOrMemberEpoch: epoch,
          topics: [{ ...(version >= 10 ? { topicId: topicIdOf('orders') } : { name: 'orders' }), partitions: [{ partitionIndex: 0, committedOffset: 1 }] }],
        },
        CLIENT,
      );
    // a member's commit to the unknown group "": GROUP_ID_NOT_FOUND (v9+) as for any unknown group
    expect(send(9, 3).errorName).toBe('GROUP_ID_NOT_FOUND');
    // a manual commit (generation -1), v9 and v10 (Kafka 4.4.0 answers error 0): a simple classic group "" holds it
    const v10 = send(10, -1);
    expect(v10.errorName).toBe('NONE');
    expect(v10.batch!.records.map((r) => [r.type, r.key.group])).toEqual([['OffsetCommit', '']]);
    expect(send(9, -1, ' ').errorName).toBe('NONE');
    expect(b.coordinator.groups.get('')?.classic).toBe(true);
    expect(b.coordinator.groups.get(' ')?.classic).toBe(true);
  });

  it('OffsetDelete with an empty group id: INVALID_GROUP_ID from GroupCoordinatorService.deleteOffsets (isGroupIdNotEmpty), nothing written', () => {
    const b = twoMembers();
    const r = b.send('OffsetDelete', 0, { groupId: '', topics: [{ name: 'orders', partitions: [{ partitionIndex: 0 }] }] }, CLIENT);
    expect(r.errorName).toBe('INVALID_GROUP_ID');
    expect(r.response).toEqual({ errorCode: 24, throttleTimeMs: 0, topics: [] });
    expect(r.batch).toBeNull();
  });

  it("the record carries the committed topic's id (KafkaApis.handleOffsetCommitRequest, OffsetAndMetadata.fromRequest, newOffsetCommitRecord), value v4", () => {
    // KafkaApis gives a by-name request (v9) each topic's id from the metadata cache; the coordinator writes it in
    // OffsetCommitValue v4 (tagged field 0). Kafka 4.4.0 writes it for an admin commit too (example 23 on the oracle).
    const b = twoMembers();
    const out = commit(b, 'a', 3, { orders: [0], 'app-rep': [0] });
    const ids = out.batch!.records.map((r) => (r.value as { topicId: string }).topicId);
    expect(ids).toEqual([topicIdOf('orders'), topicIdOf('app-rep')]);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const r = out.batch!.records[0]!;
    expect(kafkaValueVersion('OffsetCommit', r.value!)).toBe(4);
    const wire = encodeCoordinatorRecord(r.type, r.key, r.value);
    expect(decodeCoordinatorRecord(wire.key, wire.value).value).toMatchObject({ topicId: ids[0] });
  });

  it('a commit with an explicit retention (v2-4 RetentionTimeMs) is value v1, which has no topic id', () => {
    const b = twoMembers();
    const out = b.send(
      'OffsetCommit',
      4,
      { groupId: 'admin', memberId: '', generationIdOrMemberEpoch: -1, retentionTimeMs: 60000, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] },
      CLIENT,
    );
    expect(out.errorName).toBe('NONE');
    const value = out.batch!.records[0]!.value!;
    expect(value.expireTimestamp).toBeTypeOf('number');
    expect(value).not.toHaveProperty('topicId');
    // GroupCoordinatorRecordHelpers.newOffsetCommitRecord writes it as OffsetCommitValue v1, which has no LeaderEpoch
    expect(value).not.toHaveProperty('leaderEpoch');
    expect(kafkaValueVersion('OffsetCommit', value)).toBe(1);
    const wire = encodeCoordinatorRecord('OffsetCommit', out.batch!.records[0]!.key, value);
    expect(decodeCoordinatorRecord(wire.key, wire.value)).toMatchObject({ valueVersion: 1, value });
    // the replayed offset has no epoch (OffsetAndMetadata.fromRecord: v1's LeaderEpoch is its default, -1)
    const fetched = b.send('OffsetFetch', 9, { groups: [{ groupId: 'admin', topics: null }] }, CLIENT).response as { groups: { topics: { partitions: { committedLeaderEpoch: number }[] }[] }[] };
    expect(fetched.groups[0]!.topics[0]!.partitions[0]!.committedLeaderEpoch).toBe(-1);
  });

  it('OffsetCommit is coordinator record type 1 with key {group, topic, partition}', () => {
    expect(RECORD_API_KEYS.OffsetCommit).toBe(1);
  });

  it('a commit does not refresh the member session (streams groups)', () => {
    const b = twoMembers();
    const key = 'session-timeout-app-a';
    const before = b.coordinator.timerDeadline(key);
    b.advance(1000);
    commit(b, 'a', 3, { orders: [0] });
    expect(b.coordinator.timerDeadline(key)).toBe(before);
  });
});

describe('OffsetCommit on a kip1071-draft group (§9.7: exact epoch)', () => {
  it('the epoch must equal the member epoch', () => {
    const b = broker({}, 'kip1071-draft');
    const j = b.send(
      'StreamsGroupHeartbeat',
      0,
      { groupId: G, memberId: '', memberEpoch: 0, rebalanceTimeoutMs: 300000, topologyId: 't', processId: 'p', activeTasks: [], standbyTasks: [], warmupTasks: [] },
      CLIENT,
    );
    const id = j.memberId!;
    const epoch = j.memberEpoch!;
    expect(commit(b, id, epoch, { orders: [0] }).errorName).toBe('NONE');
    expect(commit(b, id, epoch + 1, { orders: [0] }).errorName).toBe('STALE_MEMBER_EPOCH');
    expect(commit(b, id, epoch - 1, { orders: [0] }).errorName).toBe('STALE_MEMBER_EPOCH');
    expect(commit(b, id, epoch - 1, { orders: [0] }, 8).errorName).toBe('UNSUPPORTED_VERSION');
  });
});

describe('OffsetCommit v10: topics by topic id (KafkaApis.handleOffsetCommitRequest, OffsetCommitResponse.Builder)', () => {
  const ZERO = 'AAAAAAAAAAAAAAAAAAAAAA';
  const NOWHERE = 'AAAAAAAAAAAAAAAAAAAAAQ';
  const part = (partitionIndex: number) => ({ partitionIndex, committedOffset: 5, committedLeaderEpoch: -1, committedMetadata: null });
  const v10 = (b: ReturnType<typeof broker>, memberId: string, epoch: number, topics: { topicId: string; partitions: number[] }[]) =>
    b.send(
      'OffsetCommit',
      10,
      { groupId: G, generationIdOrMemberEpoch: epoch, memberId, groupInstanceId: null, topics: topics.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map(part) })) },
      CLIENT,
    );

  it("resolves each id to the cluster's topic (the id the records carry); unknown and zero ids get UNKNOWN_TOPIC_ID (100), in the request's order", () => {
    const b = twoMembers();
    const orders = topicIdOf('orders');
    const out = v10(b, 'a', 3, [
      { topicId: NOWHERE, partitions: [0] },
      { topicId: orders, partitions: [0, 7] },
      { topicId: ZERO, partitions: [1] },
    ]);
    expect(E('UNKNOWN_TOPIC_ID')).toBe(100);
    // Kafka 4.4.0 answers this request the same way (recorded on a real broker): the builder holds the broker's errors
    // in request order, and the coordinator's partitions join their topic's entry (Builder.merge)
    expect(out.response).toEqual({
      throttleTimeMs: 0,
      topics: [
        { topicId: NOWHERE, partitions: [{ partitionIndex: 0, errorCode: 100 }] },
        {
          topicId: orders,
          partitions: [
            { partitionIndex: 7, errorCode: 3 },
            { partitionIndex: 0, errorCode: 0 },
          ],
        },
        { topicId: ZERO, partitions: [{ partitionIndex: 1, errorCode: 100 }] },
      ],
    });
    expect(out.errorName).toBe('UNKNOWN_TOPIC_ID');
    // the request is written in v10's form: TopicId, no Name
    expect((out.request.topics as unknown[])[1]).toEqual({ topicId: orders, partitions: [part(0), part(7)] });
    expect(out.batch!.records).toEqual([
      { type: 'OffsetCommit', key: { group: G, topic: 'orders', partition: 0 }, value: { offset: 5, leaderEpoch: -1, metadata: '', commitTimestamp: 0, topicId: orders } },
    ]);
    // the narration names the ids the cluster has, so a scenario author can find a topic's id
    expect(out.narration.join(' ')).toContain(`UNKNOWN_TOPIC_ID for topic id ${NOWHERE}, ${ZERO}`);
    expect(out.narration.join(' ')).toContain(`orders = ${orders}`);
  });

  it("the coordinator's verdict covers the resolved topics only: a stale epoch is 113 beside the unknown id's 100", () => {
    const b = twoMembers();
    const out = v10(b, 'a', 9, [
      { topicId: NOWHERE, partitions: [0] },
      { topicId: topicIdOf('orders'), partitions: [0] },
    ]);
    expect(codesById(out)).toEqual([
      [NOWHERE, 0, 100],
      [topicIdOf('orders'), 0, 113],
    ]);
    expect(out.batch).toBeNull();
  });

  it('only unknown ids: nothing reaches the coordinator, and a group that does not exist is not created', () => {
    const b = broker();
    const out = v10(b, '', -1, [{ topicId: NOWHERE, partitions: [0] }]);
    expect(codesById(out)).toEqual([[NOWHERE, 0, 100]]);
    expect(b.coordinator.groups.has(G)).toBe(false);
  });

  it('a v10 commit is read back by name, and by id through OffsetFetch v10', () => {
    const b = broker();
    expect(v10(b, '', -1, [{ topicId: topicIdOf('other'), partitions: [0] }]).errorName).toBe('NONE');
    expect(b.coordinator.groups.get(G)!.offsets.get('other', 0)?.committedOffset).toBe(5);
    const fetched = b.send('OffsetFetch', 10, { groups: [{ groupId: G, memberId: null, memberEpoch: -1, topics: null }], requireStable: false }, CLIENT);
    expect(fetched.response).toEqual({
      throttleTimeMs: 0,
      groups: [{ groupId: G, topics: [{ topicId: topicIdOf('other'), partitions: [{ partitionIndex: 0, committedOffset: 5, committedLeaderEpoch: -1, metadata: '', errorCode: 0 }] }], errorCode: 0 }],
    });
  });
});

function codesById(out: { response: Record<string, unknown> }): [string, number, number][] {
  return (out.response.topics as { topicId: string; partitions: { partitionIndex: number; errorCode: number }[] }[]).flatMap((t) =>
    t.partitions.map((p): [string, number, number] => [t.topicId, p.partitionIndex, p.errorCode]),
  );
}
