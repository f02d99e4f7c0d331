// A join that converts an empty classic group (made by a simple consumer's OffsetCommit) answers the new streams
// group's endpoint information epoch: GroupMetadataManager.streamsGroupHeartbeat (Kafka 4.4.0) sets it when
// groups.containsKey(groupId), and the classic group is still in the map (its tombstone is replayed after the write).
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

describe('endpointInformationEpoch of a join that converts a classic group', () => {
  it('is answered (1: the joining member brings an endpoint), as for a join into an existing streams group', () => {
    const h = new Harness({
      topics: [
        ['in0', 2],
        ['app-0-changelog', 2],
      ],
    });
    const commit = h.broker.send(
      'OffsetCommit',
      9,
      {
        groupId: 'g',
        memberId: '',
        generationIdOrMemberEpoch: -1,
        groupInstanceId: null,
        topics: [{ name: 'in0', partitions: [{ partitionIndex: 0, committedOffset: 5, committedLeaderEpoch: -1, committedMetadata: '' }] }],
      },
      { clientId: 'admin', clientHost: '/127.0.0.1' },
    );
    expect(commit.errorName).toBe('NONE');
    expect(h.broker.coordinator.groups.get('g')?.classic).toBeTruthy();
    const r = h.join('A', 'pA', undefined, { userEndpoint: { host: 'h', port: 1 } });
    expect(r.error).toBe('NONE');
    expect(r.records[0]!.type).toBe('GroupMetadata');
    expect(r.res.endpointInformationEpoch).toBe(1);
  });

  it('a join that creates the group answers 0 (the group id is not in the map yet)', () => {
    const h = new Harness();
    expect(h.join('A', 'pA', undefined, { userEndpoint: { host: 'h', port: 1 } }).res.endpointInformationEpoch).toBe(0);
  });
});
