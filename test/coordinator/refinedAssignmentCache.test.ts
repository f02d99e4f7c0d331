// The refined assignment a streams group caches per assignment epoch (Kafka 4.4.0 StreamsGroup.refinedAssignment,
// GroupMetadataManager.refinedAssignmentForEpoch and maybeCacheRefinedAssignment): with warm-ups on, the target map a
// heartbeat computed is cached as a snapshot; a later heartbeat at the same assignment epoch reads the snapshot, even
// for a member whose target record was deleted when it left.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { Harness } from '../conformance/harness.ts';

function run(warmups: number | undefined) {
  const doc = JSON.parse(readFileSync('test/oracle/shard/scenarios/refined-assignment-after-rejoin.json', 'utf8')) as { config: Record<string, unknown> };
  if (warmups !== undefined) doc.config['group.streams.num.warmup.replicas'] = warmups;
  const p = parseScenario(JSON.stringify(doc));
  if (!p.ok) throw new Error('the scenario does not parse');
  const rejoin = runScenario(p.scenario).steps[4]!;
  return rejoin.response as { memberEpoch: number; activeTasks: { subtopologyId: string; partitions: number[] }[] };
}

describe('the cached refined assignment', () => {
  it("a member that left and rejoins within the assignment interval gets its old target from epoch 3's snapshot", () => {
    const r = run(undefined);
    expect(r.memberEpoch).toBe(3);
    expect(r.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0, 2, 4] }]);
  });

  it('without warm-ups nothing is cached: the rejoining member has no target until the next assignment', () => {
    const r = run(0);
    expect(r.activeTasks).toEqual([]);
  });
});

describe('a refined assignment cached from the target map itself (the assignment interval delayed the target)', () => {
  it('StreamsGroup.setRefinedAssignment keeps a copy: the target record a leave deletes stays in the cache', () => {
    const h = new Harness({ config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 1000 }, topics: [['in0', 4]] });
    const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] };
    expect(h.join('A', 'pA', topology).res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0, 1, 2, 3] }]);
    // B joins within the interval: the target stays at its epoch, and that map is cached for it
    expect(h.join('B', 'pB', topology).res.status).toEqual([{ statusCode: 5, statusDetail: 'Assignment delayed due to the configured assignment interval.' }]);
    expect(h.beat('A', -1).error).toBe('NONE');
    expect(h.group!.targetAssignment.has('A')).toBe(false);
    // A comes back, still within the interval: its target is read from the cached copy
    const again = h.join('A', 'pA', topology);
    expect(again.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0, 1, 2, 3] }]);
  });
});

describe('StreamsGroup.relabelRefinedAssignment before the static member checks (GroupMetadataManager.streamsGroupHeartbeat)', () => {
  it('a static join refused with UNRELEASED_INSTANCE_ID still moved the holder’s cached target to the new member id', () => {
    const h = new Harness({ topics: [['in0', 1]] });
    const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] };
    const b = h.join('B', 'pB', topology, { instanceId: 'i-b' });
    expect(b.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0] }]);
    // A's join computes the target of the next epoch (B keeps task 0), cached with warm-ups on
    expect(h.join('A', 'pA', topology).res.activeTasks).toEqual([]);
    expect(h.join('D', 'pD', topology, { instanceId: 'i-b' }).error).toBe('UNRELEASED_INSTANCE_ID');
    // B reads its target from the cache, where it is now D's: B must give task 0 up
    const next = h.beat('B', b.res.memberEpoch as number, null, { instanceId: 'i-b' });
    expect(next.error).toBe('NONE');
    expect(next.res.memberEpoch).toBe(b.res.memberEpoch);
    expect(next.res.activeTasks).toEqual([]);
    expect(h.member('B').state).toBe('UNREVOKED_TASKS');
  });
});
