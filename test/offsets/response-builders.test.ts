// The broker's answer to OffsetCommit and OffsetDelete as Kafka 4.4.0 builds it: KafkaApis' own per-topic answers and
// the coordinator's, put together by OffsetCommitResponse.Builder / OffsetDeleteResponse.Builder (merge takes the
// coordinator's answer as it is when KafkaApis answered nothing itself); each field only in its versions.
import { describe, expect, it } from 'vitest';
import { topicIdOf } from '../../src/core/util/uuid.ts';
import { broker, CLIENT, G, join } from './helpers.ts';

type Topics = { name: string; partitions: { partitionIndex: number; errorCode: number }[] }[];
const shape = (topics: unknown) => (topics as Topics).map((t) => [t.name, t.partitions.map((p) => `${p.partitionIndex}:${p.errorCode}`)]);
const part = (partitionIndex: number) => ({ partitionIndex, committedOffset: 7 });
/** An admin-style commit (no member: epoch -1) of group `admin`, as the tests below send it. */
const adminCommit = (b: ReturnType<typeof broker>, version: number, topics: unknown[], groupId = 'admin') =>
  b.send('OffsetCommit', version, { groupId, generationIdOrMemberEpoch: -1, topics }, CLIENT);

describe('OffsetCommitResponse.Builder.merge', () => {
  it('a topic the request names twice is answered twice when KafkaApis answered nothing itself', () => {
    const b = broker();
    const r = adminCommit(b, 8, [
      { name: 'orders', partitions: [part(1)] },
      { name: 'orders', partitions: [part(0)] },
    ]);
    expect(shape(r.response.topics)).toEqual([
      ['orders', ['1:0']],
      ['orders', ['0:0']],
    ]);
    expect(r.batch!.records).toHaveLength(2);
  });

  it("with an answer of KafkaApis' own, each coordinator topic joins the first entry of its name", () => {
    const b = broker();
    // orders has 2 partitions: partition 5 is KafkaApis' UNKNOWN_TOPIC_OR_PARTITION (3); the two named twice merge
    const r = adminCommit(b, 8, [
      { name: 'orders', partitions: [part(5), part(1)] },
      { name: 'ghost', partitions: [part(0)] },
      { name: 'orders', partitions: [part(0)] },
      { name: 'ghost', partitions: [part(1)] },
    ]);
    expect(shape(r.response.topics)).toEqual([
      ['orders', ['5:3', '1:0', '0:0']],
      ['ghost', ['0:3', '1:3']],
    ]);
  });

  it('v10 keys the entries by topic id (TopicIdBuilder): one entry per unknown id', () => {
    const b = broker();
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAQ';
    const r = adminCommit(b, 10, [
      { topicId: unknown, partitions: [part(0)] },
      { topicId: unknown, partitions: [part(1)] },
    ]);
    expect(r.response.topics).toEqual([
      {
        topicId: unknown,
        partitions: [
          { partitionIndex: 0, errorCode: 100 },
          { partitionIndex: 1, errorCode: 100 },
        ],
      },
    ]);
  });

  it('GroupCoordinatorService.commitOffsets refuses only a null group id: an empty one commits to the simple group ""', () => {
    const b = broker();
    const r = adminCommit(b, 9, [{ name: 'orders', partitions: [part(0)] }], '');
    expect(shape(r.response.topics)).toEqual([['orders', ['0:0']]]);
    expect(r.batch!.records.map((x) => x.key.group)).toEqual(['']);
  });
});

describe('OffsetDeleteResponse.Builder.merge', () => {
  it('a topic the request names twice is answered twice when KafkaApis answered nothing itself; else merged into the first', () => {
    const b = broker();
    join(b, 'a');
    const del = (topics: { name: string; partitions: number[] }[]) =>
      b.send('OffsetDelete', 0, { groupId: G, topics: topics.map((t) => ({ name: t.name, partitions: t.partitions.map((partitionIndex) => ({ partitionIndex })) })) }, CLIENT);
    // orders is subscribed: GROUP_SUBSCRIBED_TO_TOPIC (86)
    expect(
      shape(
        del([
          { name: 'orders', partitions: [1] },
          { name: 'orders', partitions: [0] },
        ]).response.topics,
      ),
    ).toEqual([
      ['orders', ['1:86']],
      ['orders', ['0:86']],
    ]);
    expect(
      shape(
        del([
          { name: 'orders', partitions: [1, 9] },
          { name: 'orders', partitions: [0] },
        ]).response.topics,
      ),
    ).toEqual([['orders', ['9:3', '1:86', '0:86']]]);
  });
});

describe('only the fields of the request version', () => {
  it('OffsetCommitResponse: ThrottleTimeMs from v3', () => {
    const b = broker();
    const commit = (v: number) => adminCommit(b, v, [{ name: 'orders', partitions: [part(0)] }]).response;
    expect(commit(2)).not.toHaveProperty('throttleTimeMs');
    expect(commit(3)).toHaveProperty('throttleTimeMs', 0);
  });

  it('ListGroupsResponse: ThrottleTimeMs from v1', () => {
    const b = broker();
    expect(b.send('ListGroups', 0, {}, CLIENT).response).not.toHaveProperty('throttleTimeMs');
    expect(b.send('ListGroups', 1, {}, CLIENT).response).toHaveProperty('throttleTimeMs', 0);
  });

  it('DescribeGroups while the coordinator loads: DescribeGroupsRequest.getErrorDescribedGroupList in the version form', () => {
    const b = broker();
    b.failover(5000);
    expect(b.send('DescribeGroups', 0, { groups: ['app'] }, CLIENT).response).toEqual({
      groups: [{ errorCode: 14, groupId: 'app', groupState: '', protocolType: '', protocolData: '', members: [] }],
    });
    expect(b.send('DescribeGroups', 6, { groups: ['app'], includeAuthorizedOperations: true }, CLIENT).response).toMatchObject({
      throttleTimeMs: 0,
      groups: [{ errorCode: 14, errorMessage: null, authorizedOperations: -2147483648 }],
    });
  });

  it('StreamsGroupDescribe v1: a group with an error keeps topologyDescriptionStatus NOT_REQUESTED (0); the error answers have the v1 fields', () => {
    const b = broker();
    join(b, 'a');
    const groups = (o: { response: Record<string, unknown> }) => o.response.groups as Record<string, unknown>[];
    const r = b.send('StreamsGroupDescribe', 1, { groupIds: [G, 'nosuch'], includeTopologyDescription: true }, CLIENT);
    expect(groups(r).map((g) => [g.groupId, g.errorCode, g.topologyDescriptionStatus])).toEqual([
      [G, 0, 1],
      ['nosuch', 69, 0],
    ]);
    b.failover(5000);
    expect(groups(b.send('StreamsGroupDescribe', 1, { groupIds: [G], includeTopologyDescription: true }, CLIENT))[0]).toMatchObject({
      errorCode: 14,
      topologyDescription: null,
      topologyDescriptionStatus: 0,
      assignorName: null,
    });
  });
});

describe('OffsetCommit while the coordinator loads', () => {
  it('KafkaApis answers an unknown topic id (UNKNOWN_TOPIC_ID) before the loading coordinator refuses the rest (COORDINATOR_LOAD_IN_PROGRESS)', () => {
    const b = broker();
    b.failover(5000);
    const r = adminCommit(b, 10, [
      { topicId: 'AAAAAAAAAAAAAAAAAAAAAQ', partitions: [part(0)] },
      { topicId: topicIdOf('orders'), partitions: [part(0)] },
    ]);
    expect((r.response.topics as { partitions: { errorCode: number }[] }[]).map((t) => t.partitions[0]!.errorCode)).toEqual([100, 14]);
    expect(r.batch).toBeNull();
  });
});

describe("while the coordinator loads, the service's own answers come first", () => {
  it('OffsetDelete: an empty group id is INVALID_GROUP_ID (GroupCoordinatorService.deleteOffsets), else COORDINATOR_LOAD_IN_PROGRESS', () => {
    const b = broker();
    b.failover(5000);
    const del = (groupId: string) => b.send('OffsetDelete', 0, { groupId, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0 }] }] }, CLIENT).response;
    expect(del('')).toEqual({ errorCode: 24, throttleTimeMs: 0, topics: [] });
    expect(del(G)).toEqual({ errorCode: 14, throttleTimeMs: 0, topics: [] });
  });

  it('DeleteGroups: each distinct id once (updateResponseAndGetNonErrorGroupList), COORDINATOR_LOAD_IN_PROGRESS', () => {
    const b = broker();
    b.failover(5000);
    expect(b.send('DeleteGroups', 1, { groupsNames: [G, 'x', G] }, CLIENT).response.results).toEqual([
      { groupId: G, errorCode: 14 },
      { groupId: 'x', errorCode: 14 },
    ]);
  });

  it('StreamsGroupDescribe: an empty id is INVALID_GROUP_ID ahead of the groups the runtime refuses (GroupCoordinatorService.streamsGroupDescribe)', () => {
    const b = broker();
    b.failover(5000);
    const groups = b.send('StreamsGroupDescribe', 0, { groupIds: [G, ''] }, CLIENT).response.groups as { groupId: string; errorCode: number }[];
    expect(groups.map((g) => [g.groupId, g.errorCode])).toEqual([
      ['', 24],
      [G, 14],
    ]);
  });
});
