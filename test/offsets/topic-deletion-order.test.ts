// OffsetMetadataManager.onTopicsDeleted (Kafka 4.4.0) walks its offsets-by-group TimelineHashMap: the tombstones of a
// deleted topic come group by group in that table's iteration order (by slot of the group id's hash), not in the
// order the groups were created.
import { describe, expect, it } from 'vitest';
import { deletedTopicOffsetTombstones } from '../../src/core/offsets/topicDeletion.ts';
import { Harness } from '../conformance/harness.ts';

describe('topic deletion: offset tombstones in the order of the offsets-by-group table (OffsetMetadataManager.onTopicsDeleted)', () => {
  it('the group "" comes before the group "app" whose offsets came first', () => {
    const h = new Harness({ groupId: 'app', topics: [['in0', 4]] });
    const commit = (groupId: string, partition: number) => h.adminCommit(groupId, 'in0', partition);
    expect(commit('app', 1).errorName).toBe('NONE');
    expect(commit('', 0).errorName).toBe('NONE');
    expect([...h.broker.coordinator.groups.keys()]).toEqual(['app', '']);
    const out = deletedTopicOffsetTombstones(h.broker.coordinator.groups, ['in0']);
    expect(out.records.map((r) => `${String(r.key.group)}:${String(r.key.partition)}`)).toEqual([':0', 'app:1']);
  });
  it('a group enters the table with its first offset: "g2", created before "" but committing after it, is newer in its slot and comes first', () => {
    const h = new Harness({ groupId: 'g2', topics: [['in0', 4]] });
    expect(h.join('A', 'pA', { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] }).error).toBe('NONE');
    const commit = (groupId: string, partition: number) => h.adminCommit(groupId, 'in0', partition);
    expect(commit('', 1).errorName).toBe('NONE');
    // the member leaves: g2 is empty and takes an admin commit
    expect(h.beat('A', -1).error).toBe('NONE');
    expect(commit('g2', 0).errorName).toBe('NONE');
    const out = deletedTopicOffsetTombstones(h.broker.coordinator.groups, ['in0']);
    expect(out.records.map((r) => `${String(r.key.group)}:${String(r.key.partition)}`)).toEqual(['g2:0', ':1']);
  });
});
