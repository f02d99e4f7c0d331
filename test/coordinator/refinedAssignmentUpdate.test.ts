// assignmentUpdate REFINED (Kafka 4.4.0, GroupMetadataManager.streamsGroupHeartbeat): on a Stable group, a heartbeat
// that changes nothing else still bumps the group epoch when the member's assigned tasks differ from its refined
// target (GroupMetadataManager.refineAssignment over the group's target map; AssignmentRefiner.refine is the
// identity). GroupMetadataManager.maybeUpdateStreamsTargetAssignment(refineOnly) then writes only a
// StreamsGroupTargetAssignmentMetadata record for the new epoch, keeping the last assignment's timestamp.
//
// Reaching it: a heartbeat that fails after computing a target caches an empty refinement for the epoch it would have
// reached (here a member with an endpoint while the topology cannot be configured: UNKNOWN_SERVER_ERROR); the next
// member to reach that epoch reconciles toward the stale cache, and is Stable without the tasks of its target.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0', 'in1'], copartitionGroups: [{ sourceTopics: [0, 1] }] }] };

describe('REFINED assignment update (GroupMetadataManager.streamsGroupHeartbeat, maybeUpdateStreamsTargetAssignment)', () => {
  it('a Stable member without its target tasks bumps the group epoch and then gets them', () => {
    const h = new Harness({
      topics: [
        ['in0', 1],
        ['in1', 3],
      ],
    });
    expect(h.join('C', 'pC', topology).res.memberEpoch).toBe(2);
    // the copartitioned topics differ: A's endpoint makes the heartbeat fail after it cached an empty refinement for epoch 3
    expect(h.join('A', 'pA', topology, { userEndpoint: { host: 'host-a', port: 9000 } }).error).toBe('UNKNOWN_SERVER_ERROR');
    h.broker.changeTopics({ create: [{ name: 'in1', partitions: 1 }] });
    // C rejoins: the new target (epoch 3) gives it task 0, but it reconciles toward the cached empty refinement
    const rejoin = h.join('C', 'pC', topology);
    expect(rejoin.res.memberEpoch).toBe(3);
    expect(rejoin.res.activeTasks).toEqual([]);
    expect(h.target('C')?.active).toEqual({ '0': [0] });
    expect(h.state()).toBe('Stable');

    const beat = h.beat('C', 3);
    expect(beat.error).toBe('NONE');
    expect(beat.types).toEqual(['StreamsGroupMetadata', 'StreamsGroupTargetAssignmentMetadata', 'StreamsGroupCurrentMemberAssignment']);
    expect(beat.records[1]!.value).toEqual({ assignmentEpoch: 4, assignmentTimestamp: 0 });
    expect(beat.res.memberEpoch).toBe(4);
    expect(beat.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0] }]);
    // the narration names the release: the refinement is 4.4's only
    expect(beat.out.narration.join(' ')).toContain(
      "Member C's tasks differ from its target in a Stable group. In Kafka 4.4 the group epoch is bumped to refine the assignment; in 4.1, 4.2 and 4.3 there is no assignment refinement: the epoch stays.",
    );
  });

  it('[4.3] has no refinement (refinedAssignmentBump): the same Stable member without its target tasks bumps nothing', () => {
    const h = new Harness({
      release: '4.3',
      topics: [
        ['in0', 1],
        ['in1', 3],
      ],
    });
    // 4.3 has StreamsGroupHeartbeat v0 only
    const join = (memberId: string, processId: string, extra: Record<string, unknown> = {}) =>
      h.hb({ memberId, memberEpoch: 0, rebalanceTimeoutMs: 300000, topology, processId, activeTasks: [], standbyTasks: [], warmupTasks: [], clientTags: [], ...extra }, 0);
    expect(join('C', 'pC').error).toBe('NONE');
    expect(join('A', 'pA', { userEndpoint: { host: 'host-a', port: 9000 } }).error).toBe('UNKNOWN_SERVER_ERROR');
    h.broker.changeTopics({ create: [{ name: 'in1', partitions: 1 }] });
    const rejoin = join('C', 'pC');
    expect(rejoin.res.activeTasks).toEqual([]);
    expect(h.target('C')?.active).toEqual({ '0': [0] });
    expect(h.state()).toBe('Stable');
    const beat = h.hb({ memberId: 'C', memberEpoch: rejoin.res.memberEpoch, activeTasks: null, standbyTasks: null, warmupTasks: null }, 0);
    expect(beat.error).toBe('NONE');
    expect(beat.records).toEqual([]);
    expect(beat.res.memberEpoch).toBe(rejoin.res.memberEpoch);
    expect(beat.out.narration.join(' ')).toContain(
      "Member C's tasks differ from its target in a Stable group. In Kafka 4.3 there is no assignment refinement: the epoch stays; in 4.4 the group epoch is bumped to refine the assignment.",
    );
  });

  it('a Stable member that holds its target tasks bumps nothing', () => {
    const h = new Harness({ topics: [['in0', 1]] });
    const single = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] };
    expect(h.join('C', 'pC', single).res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0] }]);
    const beat = h.beat('C', h.member('C').memberEpoch);
    expect(beat.records).toEqual([]);
    expect(beat.res.memberEpoch).toBe(2);
  });
});
