// Task offsets reported by a static member that comes back under its own member id (it left with epoch -2, then
// joins at epoch 0 with the same member id and instance id). Kafka 4.4.0's GroupMetadataManager.streamsGroupHeartbeat
// stores the offsets in the group (StreamsGroup.updateTaskOffsets) before the runtime replays the heartbeat's
// records; those records start with the old member's tombstones, and GroupMetadataManager.replay of the
// StreamsGroupMemberMetadata tombstone calls StreamsGroup.removeMember, which forgets the member's task offsets.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] };
const offsets = [{ subtopologyId: '0', partition: 0, offset: 311 }];

function describedOffsets(h: Harness): unknown {
  const res = h.describe().response as { groups: { members: { memberId: string; taskOffsets: unknown }[] }[] };
  return res.groups[0]!.members.find((m) => m.memberId === 'A')!.taskOffsets;
}

describe('task offsets of a static rejoin (GroupMetadataManager.replay, StreamsGroup.removeMember)', () => {
  it('a rejoin under the same member id loses the offsets it reported', () => {
    const h = new Harness({ topics: [['in0', 1]] });
    expect(h.join('A', 'pA', topology, { instanceId: 'i-a' }).error).toBe('NONE');
    expect(h.beat('A', h.member('A').memberEpoch, null, { instanceId: 'i-a', taskOffsets: offsets }).error).toBe('NONE');
    expect(describedOffsets(h)).toEqual(offsets);
    expect(h.beat('A', -2, null, { instanceId: 'i-a' }).error).toBe('NONE');
    expect(h.join('A', 'pA', topology, { instanceId: 'i-a', taskOffsets: offsets }).error).toBe('NONE');
    expect(describedOffsets(h)).toEqual([]);
  });

  it('a later heartbeat stores them again', () => {
    const h = new Harness({ topics: [['in0', 1]] });
    h.join('A', 'pA', topology, { instanceId: 'i-a' });
    h.beat('A', -2, null, { instanceId: 'i-a' });
    expect(h.join('A', 'pA', topology, { instanceId: 'i-a', taskOffsets: offsets }).error).toBe('NONE');
    expect(h.beat('A', h.member('A').memberEpoch, null, { instanceId: 'i-a', taskOffsets: offsets }).error).toBe('NONE');
    expect(describedOffsets(h)).toEqual(offsets);
  });
});
