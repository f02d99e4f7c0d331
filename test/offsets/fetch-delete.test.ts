// OffsetFetch (v8-9) and OffsetDelete (issue 11 item 12): OffsetMetadataManager.fetchOffsets / fetchAllOffsets /
// deleteOffsets and StreamsGroup.validateOffsetFetch of the published 4.4.0 group coordinator.
import { describe, expect, it } from 'vitest';
import { broker, CLIENT, commit, G, join, leave } from './helpers.ts';

const fetch = (b: ReturnType<typeof broker>, group: Record<string, unknown>, version = 9) => b.send('OffsetFetch', version, { groups: [{ groupId: G, ...group }] }, CLIENT);
const del = (b: ReturnType<typeof broker>, topics: Record<string, number[]>) =>
  b.send('OffsetDelete', 0, { groupId: G, topics: Object.entries(topics).map(([name, ps]) => ({ name, partitions: ps.map((partitionIndex) => ({ partitionIndex })) })) }, CLIENT);

describe('OffsetFetch', () => {
  it('named partitions: the committed offset, or -1; all topics when topics is null', () => {
    const b = broker();
    join(b, 'a');
    commit(b, 'a', 2, { orders: [0] });
    expect(fetch(b, { topics: [{ name: 'orders', partitionIndexes: [0, 1] }] }).response).toEqual({
      throttleTimeMs: 0,
      groups: [
        {
          groupId: G,
          errorCode: 0,
          topics: [
            {
              name: 'orders',
              partitions: [
                { partitionIndex: 0, committedOffset: 42, committedLeaderEpoch: -1, metadata: '', errorCode: 0 },
                { partitionIndex: 1, committedOffset: -1, committedLeaderEpoch: -1, metadata: '', errorCode: 0 },
              ],
            },
          ],
        },
      ],
    });
    expect((fetch(b, { topics: null }).response as { groups: { topics: { name: string }[] }[] }).groups[0]!.topics.map((t) => t.name)).toEqual(['orders']);
  });

  it('a member fetch (v9): the member must exist and its epoch match (UNKNOWN_MEMBER_ID, STALE_MEMBER_EPOCH)', () => {
    const b = broker();
    join(b, 'a');
    expect(fetch(b, { memberId: 'a', memberEpoch: 2, topics: null }).errorName).toBe('NONE');
    expect(fetch(b, { memberId: 'zz', memberEpoch: 2, topics: null }).response).toMatchObject({ groups: [{ errorCode: 25, topics: [] }] });
    expect(fetch(b, { memberId: 'a', memberEpoch: 1, topics: null }).errorName).toBe('STALE_MEMBER_EPOCH');
    // an unknown group has no offsets; versions before 8 are not served
    expect(b.send('OffsetFetch', 9, { groups: [{ groupId: 'nope', topics: null }] }, CLIENT).response).toMatchObject({ groups: [{ groupId: 'nope', errorCode: 0, topics: [] }] });
    expect(fetch(b, { topics: null }, 7).errorName).toBe('UNSUPPORTED_VERSION');
  });
});

describe('OffsetDelete', () => {
  it('a topic the group reads: GROUP_SUBSCRIBED_TO_TOPIC; once the group is Empty: offset tombstones', () => {
    const b = broker();
    join(b, 'a');
    commit(b, 'a', 2, { orders: [0, 1] });
    const busy = del(b, { orders: [0] });
    expect(busy.response).toMatchObject({ errorCode: 0, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, errorCode: 86 }] }] });
    expect(busy.batch).toBeNull();
    leave(b, 'a');
    const r = del(b, { orders: [0, 5] });
    expect(r.response).toMatchObject({
      errorCode: 0,
      topics: [
        {
          name: 'orders',
          partitions: [
            { partitionIndex: 0, errorCode: 0 },
            { partitionIndex: 5, errorCode: 0 },
          ],
        },
      ],
    });
    expect(r.batch!.records.map((x) => [x.type, x.key, x.value])).toEqual([['OffsetCommit', { group: G, topic: 'orders', partition: 0 }, null]]);
    expect(b.send('OffsetDelete', 0, { groupId: 'nope', topics: [] }, CLIENT).response).toMatchObject({ errorCode: 69 });
  });
});
