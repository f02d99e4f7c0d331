// The assignment at the end of the initial rebalance delay reads the group's stored assignment configs (Kafka 4.4.0):
// GroupMetadataManager.computeDelayedTargetAssignment passes StreamsGroup.lastAssignmentConfigs (what the last
// StreamsGroupMetadata record stored) to maybeUpdateStreamsTargetAssignment, so a group config changed during the
// delay (streams.num.standby.replicas) is not used until a heartbeat notices it and bumps the epoch.
import { describe, expect, it } from 'vitest';
import { Harness, recordsOf } from '../conformance/harness.ts';

const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] }] };

describe('initial rebalance delay with a group config changed meanwhile (computeDelayedTargetAssignment)', () => {
  it('assigns with the stored configs: no standby tasks', () => {
    const h = new Harness({
      config: { 'group.streams.initial.rebalance.delay.ms': 3000, 'group.streams.assignment.interval.ms': 0 },
      topics: [
        ['in0', 3],
        ['app-0-changelog', 3],
      ],
    });
    expect(h.join('A', 'pA', topology).error).toBe('NONE');
    expect(h.join('B', 'pB', topology).error).toBe('NONE');
    const altered = h.broker.send(
      'IncrementalAlterConfigs',
      0,
      { resources: [{ resourceType: 32, resourceName: 'g', configs: [{ name: 'streams.num.standby.replicas', configOperation: 0, value: '1' }] }], validateOnly: false },
      { clientId: 'admin', clientHost: '/127.0.0.1' },
    );
    expect((altered.response as { responses: { errorCode: number }[] }).responses[0]!.errorCode).toBe(0);
    const fired = h.advance(3000);
    const targets = recordsOf(fired).filter((r) => r.type === 'StreamsGroupTargetAssignmentMember');
    expect(targets).toHaveLength(2);
    for (const t of targets) expect((t.value as { standbyTasks: unknown[] }).standbyTasks).toEqual([]);
    // the next heartbeat sees the changed configs: a new epoch, now with standby tasks
    const beat = h.beat('A', h.member('A').memberEpoch);
    expect(beat.types).toContain('StreamsGroupMetadata');
    expect(h.target('A')!.standby).not.toEqual({});
  });
});
