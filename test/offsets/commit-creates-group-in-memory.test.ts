// An admin OffsetCommit (generation -1) to an unknown group whose every partition fails (metadata too large) writes
// nothing, but GroupMetadataManager.getOrMaybeCreateClassicGroup (Kafka 4.4.0) already put the simple classic group in
// the group map: it stays in memory, and reads at the committed offset (GroupMetadataManager.listGroups) see it once a
// later write appends records.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

const ADMIN = { clientId: 'admin', clientHost: '/127.0.0.1' };

describe('a commit that writes nothing still creates its simple classic group (getOrMaybeCreateClassicGroup)', () => {
  it('listed only after the next write', () => {
    const h = new Harness();
    const big = 'm'.repeat(5000);
    const c = h.broker.send(
      'OffsetCommit',
      9,
      {
        groupId: 'nosuch',
        memberId: '',
        generationIdOrMemberEpoch: -1,
        groupInstanceId: null,
        topics: [{ name: 'in0', partitions: [{ partitionIndex: 0, committedOffset: 5, committedLeaderEpoch: -1, committedMetadata: big }] }],
      },
      ADMIN,
    );
    expect(c.batch).toBeNull();
    expect(h.broker.coordinator.groups.has('nosuch')).toBe(true);
    const list = () => (h.broker.send('ListGroups', 5, { statesFilter: [], typesFilter: [] }, ADMIN).response as { groups: { groupId: string }[] }).groups.map((g) => g.groupId);
    expect(list()).toEqual([]);
    expect(h.join('A', 'pA').error).toBe('NONE');
    expect(list().sort()).toEqual(['g', 'nosuch']);
  });
});
