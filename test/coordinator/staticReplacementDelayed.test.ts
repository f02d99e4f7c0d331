// A static member that replaces another (same instance id, the old one left with epoch -2) while the assignment
// interval delays the next target: GroupMetadataManager.maybeUpdateStreamsTargetAssignment (Kafka 4.4.0) answers the
// target map of an UpdatedMembersAndTargetAssignmentView, which finds the new member's target through the static
// member (the target it inherits), so the new member keeps the tasks it took over.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

describe('static member replacement during the assignment interval (maybeUpdateStreamsTargetAssignment)', () => {
  it('the new member reconciles toward the inherited target and keeps its tasks', () => {
    const h = new Harness({
      config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 1000 },
      topics: [['in0', 1]],
    });
    const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] };
    const a = h.join('A', 'pA', topology, { instanceId: 'i-a' });
    expect(a.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0] }]);
    expect(h.beat('A', -2, null, { instanceId: 'i-a' }).error).toBe('NONE');
    const b = h.join('B', 'pB', topology, { instanceId: 'i-a' });
    expect(b.error).toBe('NONE');
    expect(b.res.status).toEqual([{ statusCode: 5, statusDetail: 'Assignment delayed due to the configured assignment interval.' }]);
    expect(b.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0] }]);
    expect(h.group!.members.get('B')!.assignedTasks.active.get('0')?.has(0)).toBe(true);
  });
});
